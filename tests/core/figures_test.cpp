// figures_test.cpp — the figure table (core/report/figures.h) is the one place a figure is named: each row's
// JSON path holds its value in the plan's JSON, each explained figure is the explanation's node of the same
// id with the same value, unit and words, the text report's rows are its words in both languages, ids and
// paths are unique.
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "explain.h"
#include "figures.h"
#include "json.h"
#include "planner.h"
#include "report.h"
#include "test_links.h"

// This file's names, apart from the other test files' (cmake/test_executable.cmake: a unity build).
namespace figures_test {

using namespace tp;
using tp::testing::FromLink;

namespace {

const char* const kLinks[] = {
    "#v=1&model=llama2-70b&gpu=h100&gpus=64",
    "#v=1&model=llama3-8b&method=qlora&gpu=rtx4090&gpus=1",
    "#v=1&model=mixtral-8x7b&gpus=16&gpu=h100",
    "#v=1&model=gpt2-1.5b&gpus=4&gpu=a100-40g&offload=cpu&zero=3",
    "#v=1&model=llama2-70b&gpu=h100&gpus=256&ckpt_s=30",
};

bool HasCjk(const std::string& s) {
  for (unsigned char c : s)
    if (c >= 0xE3) return true;
  return false;
}

}  // namespace

TEST_CASE("one row per figure, in the JSON's order, with unique ids and paths and words in both languages",
          "[figures]") {
  std::set<std::string> ids, paths;
  for (size_t i = 0; i < Figures().size(); ++i) {
    const FigureInfo& f = Figures()[i];
    INFO(f.id);
    CHECK(size_t(f.figure) == i);
    CHECK(ids.insert(f.id).second);
    CHECK(paths.insert(f.json).second);
    CHECK(f.Section() + "." + f.Key() == f.json);
    CHECK(HasCjk(f.label.zh));
    CHECK(!HasCjk(f.label.en));
    if (*f.row.en) CHECK(HasCjk(f.row.zh));
    CHECK((*f.legend.en != 0) == (*f.hint.en != 0));  // a part of a bar has its hover text
    if (*f.legend.en) CHECK(HasCjk(f.legend.zh));
    // The headline figures carry a band (issue #28, bands.h), the others none.
    static const std::set<std::string> kBanded = {"memory_total_bytes",
                                                  "memory_allocated_bytes",
                                                  "memory_reserved_bytes",
                                                  "max_seq",
                                                  "step_seconds",
                                                  "tokens_per_s_per_gpu",
                                                  "days",
                                                  "gpu_hours",
                                                  "cost_usd"};
    CHECK((f.band != nullptr) == (kBanded.count(f.id) == 1));
    CHECK(FindFigure(f.id) == &f);
  }
  CHECK(Figures().size() == size_t(Figure::Count));
  // The ids the interface names (interface.md: explain's top-level nodes, the bands of issue #28).
  for (const char* id : {"days", "memory_total_bytes", "step_seconds", "tokens_per_s_per_gpu", "gpu_hours", "max_seq",
                         "cost_usd", "mfu", "memory_usable_bytes"})
    CHECK(FindFigure(id) != nullptr);
  CHECK(std::string(FigureOf(Figure::MemoryTotal).json) == "memory.total_bytes");
  CHECK(std::string(FigureId(Figure::StepSeconds)) == "step_seconds");
}

TEST_CASE("each figure's JSON path holds its value, and the explanation's node of its id is the same number",
          "[figures]") {
  for (const char* link : kLinks) {
    INFO(link);
    const PlanOutput out = MakePlan(FromLink(link));
    REQUIRE(out.ok);
    const JsonParseResult json = ParseJson(PlanToJson(out));
    REQUIRE(json.ok);
    const Explanation ex = ExplainPlan(out);
    const FigureSource src(out);
    for (const FigureInfo& f : Figures()) {
      INFO(f.id);
      const JsonValue* section = json.value.Find(f.Section());
      REQUIRE(section);
      const JsonValue* v = section->Find(f.Key());
      REQUIRE(v);
      const double value = f.value(src);
      if (f.Flag())
        CHECK(v->boolean == (value != 0));
      else
        CHECK(v->number == value);
      const ExplainNode* node = ex.Find(f.id);
      CHECK((node != nullptr || !f.explained));
      if (!node || !node->key.empty()) continue;  // a key of the same name is the user's, not this figure
      CHECK(node->value == value);
      CHECK(node->unit == f.unit);
      CHECK(node->label == f.label.en);
      CHECK(node->label_zh == f.label.zh);
    }
  }
}

TEST_CASE("the text report's rows are the figure table's words, in English and Chinese", "[figures]") {
  Config cfg = FromLink("#v=1&model=llama2-70b&gpu=h100&gpus=64");
  const PlanOutput en = MakePlan(cfg);
  cfg.lang = "zh";
  const PlanOutput zh = MakePlan(cfg);
  const std::string text_en = PlanToText(en), text_zh = PlanToText(zh);
  for (Figure f : {Figure::Weights, Figure::MemoryTotal, Figure::MemoryUsable, Figure::StepSeconds, Figure::Mfu,
                   Figure::Days, Figure::CkptInterval, Figure::CostUsd, Figure::TcoTotal}) {
    INFO(FigureId(f));
    CHECK(text_en.find("\n  " + std::string(FigureOf(f).RowLabel(Lang::En)) + "  ") != std::string::npos);
    CHECK(text_zh.find("\n  " + std::string(FigureOf(f).RowLabel(Lang::Zh)) + "  ") != std::string::npos);
  }
  CHECK(std::string(FigureOf(Figure::MemoryTotal).RowLabel(Lang::En)) == "total");
  CHECK(std::string(FigureOf(Figure::Weights).RowLabel(Lang::Zh)) == "权重");
}

}  // namespace figures_test
