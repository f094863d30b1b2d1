// memory_harness_test.cpp — the planner's per-layer activation term for the Transformers stack's code paths held to
// what autograd saves: tests/data/memory_harness.json, written by scripts/memory_harness.py, which builds Llama-style
// layers op by op as Transformers, PEFT and bitsandbytes run them (SDPA and eager attention; full training, LoRA on
// q and v or on every matrix, QLoRA with and without prepare_model_for_kbit_training; lora_dropout 0 and 0.1;
// recompute none and full; bf16 and fp32) and counts the bytes saved_tensors_hooks sees, parameters excluded.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "catalog.h"
#include "json.h"
#include "memory.h"
#include "stack.h"
#include "test_data.h"

// This file's names, apart from the other test files' (cmake/test_executable.cmake: a unity build).
namespace memory_harness_test {

using namespace tp;
using tp::testing::ReadTestData;

namespace {

// One layer's activations as EstimateMemory counts them: two layers less one (vocabulary 0: no head, no loss).
double PlannerLayerBytes(const JsonValue& row) {
  static GpuSpec gpu;
  gpu.mem_bytes = 1e15;
  Job job;
  job.stack = FindStack("hf");
  job.hw.gpu = &gpu;
  job.model.hidden = int(row.NumberOr("hidden", 0));
  job.model.heads = int(row.NumberOr("heads", 0));
  job.model.kv_heads = int(row.NumberOr("kv_heads", 0));
  job.model.head_dim = int(row.NumberOr("head_dim", 0));
  job.model.ffn = int(row.NumberOr("ffn", 0));
  job.model.vocab = 0;
  job.model.mlp = MlpKind::Swiglu;
  const std::string method = row.StringOr("method", "full");
  Workload& w = job.work;
  w.modeling = ModelCode::Transformers;
  w.seq = int(row.NumberOr("seq", 0));
  w.prec = row.StringOr("dtype", "bf16") == "fp32" ? Precision::Fp32 : Precision::Bf16;
  w.flash = row.StringOr("attention", "sdpa") == "sdpa";
  w.method = method == "full" ? Method::Full : method.rfind("qlora", 0) == 0 ? Method::Qlora : Method::Lora;
  w.lora_r = int(row.NumberOr("r", 0));
  w.lora_targets = method == "lora_qv" ? 0b100 : 0b11;
  w.lora_dropout = row.NumberOr("lora_dropout", 0);
  w.kbit_prep = method == "qlora_all_kbitprep";
  Layout lay;
  lay.mbs = int(row.NumberOr("batch", 1));
  lay.recompute = row.StringOr("recompute", "none") == "full" ? Recompute::Full : Recompute::None;
  job.model.layers = 2;
  RefreshFacts(job);
  const double two = EstimateMemory(job, lay).activations;
  job.model.layers = 1;
  RefreshFacts(job);
  return two - EstimateMemory(job, lay).activations;
}

}  // namespace

TEST_CASE("one layer's activations match what autograd saves in Transformers' code, within 3 %", "[memory][harness]") {
  const JsonParseResult parsed = ParseJson(ReadTestData("memory_harness.json"));
  REQUIRE(parsed.ok);
  const JsonValue* layers = parsed.value.Find("layers");
  REQUIRE(layers);
  REQUIRE(layers->IsArray());
  int checked = 0;
  double worst = 0;
  for (const JsonValue& row : layers->array) {
    // sdpa_repeat (a mask passed to SDPA, or torch < 2.5: GQA through repeat_kv) has no key in the planner.
    if (row.StringOr("attention", "") == "sdpa_repeat") continue;
    const double harness = row.NumberOr("saved_bytes_per_layer", 0);
    REQUIRE(harness > 0);
    const double planner = PlannerLayerBytes(row);
    const double err = planner / harness - 1;
    worst = std::max(worst, std::fabs(err));
    INFO(row.StringOr("dtype", "") << " " << row.StringOr("attention", "") << " " << row.StringOr("method", "")
                                   << " dropout " << row.NumberOr("lora_dropout", 0) << " recompute "
                                   << row.StringOr("recompute", "") << " h " << row.NumberOr("hidden", 0) << " kv "
                                   << row.NumberOr("kv_heads", 0) << " s " << row.NumberOr("seq", 0) << " b "
                                   << row.NumberOr("batch", 0) << ": planner " << planner << ", autograd " << harness);
    CHECK(std::fabs(err) <= 0.03);
    ++checked;
  }
  // 1,584 layer points, less the 48 of sdpa_repeat.
  CHECK(checked == 1536);
  INFO("worst " << worst);
  CHECK(worst <= 0.03);
}

}  // namespace memory_harness_test
