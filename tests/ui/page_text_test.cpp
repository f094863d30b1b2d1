// page_text_test.cpp — issues #28, #29 and #33 headless: the plan view shows each headline figure with its band
// ("18.5 GiB (10.4–36.0)") through the figure's own formatter, a tight plan says "Tight: may run out of memory"
// (in Chinese too), the "why?" panel of a banded figure says where its band comes from, the Framework box on auto
// names the stack the plan uses, and the page's text for the DOM (platform::PublishPageText) holds the verdict, the
// figures and the command line's own text report, published when the plan, view or language changes, not per frame.
#include <catch2/catch.hpp>

#include <string>

#include "app.h"
#include "band_text.h"
#include "bands.h"
#include "explain.h"
#include "format.h"
#include "harness.h"
#include "views.h"
#include "widgets.h"

// This file's names, apart from the other test files' (cmake/test_executable.cmake: a unity build).
namespace page_text_test {

using namespace tp;
using namespace tp::ui;

using testing::ClickWidget;
using testing::DrawnText;
using testing::Frame;
using testing::PressKey;
using testing::RunUntilIdle;
using testing::Start;
using testing::TypeInto;

namespace {

// A QLoRA fine-tune of an 8B on one RTX 4090: it fits, but the memory band's upper end passes the 24 GiB.
const char* const kTight = "#v=1&model=llama3-8b&gpu=rtx4090&gpus=1&method=qlora&view=plan";

// The band of `total` as core computes it, written by core's formatters (not the page's code).
std::string MemoryBandText(const PlanOutput& o) {
  const PlanBands b = BandsOf(o.job, o.plan);
  return BandText(MemoryText(o.plan.memory.total), MemoryText(b.memory_total.lo), MemoryText(b.memory_total.hi));
}

}  // namespace

TEST_CASE("a tight plan: the verdict in amber words, every headline figure with its band, in both languages",
          "[web][page][bands]") {
  static AppState app;
  Start(app, kTight);
  RunUntilIdle(app);
  const PlanOutput& o = app.main.out;
  REQUIRE(o.ok);
  REQUIRE(o.plan.memory.tight);
  const std::string drawn = DrawnText(app);
  INFO(drawn);
  CHECK(drawn.find("Tight: may run out of memory") != std::string::npos);
  CHECK(drawn.find("✔ Fits") == std::string::npos);
  const std::string mem = MemoryBandText(o);
  CHECK(mem.find("GiB (") != std::string::npos);
  CHECK(drawn.find(mem) != std::string::npos);
  const PlanBands b = BandsOf(o.job, o.plan);
  CHECK(drawn.find(FmtBanded(FmtDuration, o.plan.step.seconds, b.step_seconds.lo, b.step_seconds.hi)) !=
        std::string::npos);
  CHECK(drawn.find(FmtBanded(FmtRate, o.plan.throughput.tokens_per_s_per_gpu, b.tokens_per_s_per_gpu.lo,
                             b.tokens_per_s_per_gpu.hi)) != std::string::npos);
  CHECK(drawn.find(FmtBanded(FmtUsd, o.plan.run.cost_usd, b.cost_usd.lo, b.cost_usd.hi)) != std::string::npos);
  CHECK(drawn.find(FmtBanded(FmtCount, o.plan.run.gpu_hours, b.gpu_hours.lo, b.gpu_hours.hi)) != std::string::npos);
  // The verdict's colour is the amber one, not the green of a plain fit (VerdictText's hue, as drawn).
  CHECK(VerdictText(o).hue == Hue::Warn);
  // Chinese: the same figures, the verdict in Chinese.
  ClickWidget(app, "lang_zh");
  RunUntilIdle(app);
  const std::string zh = DrawnText(app);
  INFO(zh);
  CHECK(zh.find("偏紧：可能显存不足") != std::string::npos);
  CHECK(zh.find(mem) != std::string::npos);
}

TEST_CASE("the band's ends share the value's unit once: 15.5 GiB (14.1–17.2), 46 min (40 min–1.1 h)", "[web][bands]") {
  CHECK(BandText("15.5 GiB", "14.1 GiB", "17.2 GiB") == "15.5 GiB (14.1\u201317.2)");
  CHECK(BandText("46 min", "40 min", "1.1 h") == "46 min (40 min\u20131.1 h)");
  CHECK(BandText("$4.10 M", "$3.50 M", "$4.80 M") == "$4.10 M ($3.50\u2013$4.80)");
  CHECK(BandText("1,802", "1,571", "2,012") == "1,802 (1,571\u20132,012)");
  CHECK(FmtBanded(FmtMem, 1.0 * (1 << 30), 0, 0) == "1.00 GiB");  // no band: the value alone
}

TEST_CASE("the why? panel of a banded figure says where its band comes from", "[web][bands][explain]") {
  static AppState app;
  Start(app, kTight);
  RunUntilIdle(app);
  REQUIRE(ClickWidget(app, "why_memory_total_bytes"));
  Frame(app);
  INFO(app.explain.band);
  CHECK(app.explain.band.find("band: ") == 0);
  CHECK(app.explain.band.find("published runs of method=qlora") != std::string::npos);
  // The line `trainplan explain` prints under the same figure.
  const Explanation ex = ExplainPlan(app.main.out);
  const ExplainNode* node = ex.Find("memory_total_bytes");
  REQUIRE(node);
  CHECK(app.explain.band == ExplainBandText(*node, Lang::En));
  // A figure without a band (MFU) says nothing of one.
  app.explain.open = "mfu";
  Frame(app);
  CHECK(app.explain.band.empty());
}

TEST_CASE("the Framework box on auto names the stack the plan uses", "[web][page][stack]") {
  static AppState app;
  Start(app, kTight);
  RunUntilIdle(app);
  REQUIRE(app.cfg.stack.empty());
  const std::string drawn = DrawnText(app);
  INFO(drawn);
  CHECK(drawn.find("auto (Hugging Face") != std::string::npos);
  CHECK(drawn.find("auto (Megatron") == std::string::npos);
  // Pre-training a 70B on 64 H100s on auto is Megatron's.
  LoadLink(app, "#v=1&model=llama2-70b&gpu=h100&gpus=64&view=plan");
  RunUntilIdle(app);
  CHECK(DrawnText(app).find("auto (Megatron") != std::string::npos);
  // NVMe offload asked with the framework on auto: DeepSpeed's ZeRO-Infinity, named in the box (core's
  // StackForKeys), and the plan is made where Megatron's would be refused.
  LoadLink(app, "#v=1&model=llama2-13b&gpu=rtx4090&gpus=8&goal=pretrain&zero=3&offload=nvme&view=plan");
  RunUntilIdle(app);
  REQUIRE(app.main.out.ok);
  CHECK(std::string(app.main.out.job.stack->id) == "deepspeed");
  CHECK(DrawnText(app).find("auto (DeepSpeed") != std::string::npos);
}

TEST_CASE("the page's text: the verdict, the figures and the command line's report, published on change only",
          "[web][page][text]") {
  static AppState app;
  Start(app, kTight);
  RunUntilIdle(app);
  const platform::NullPlatform& n = platform::Null();
  REQUIRE(n.page_texts >= 1);
  const PlanOutput& o = app.main.out;
  CHECK(n.page_lang == "en");
  CHECK(n.page_verdict.find("Tight: may run out of memory") == 0);
  CHECK(n.page_verdict.find(MemoryBandText(o)) != std::string::npos);
  // The view's table is the text report of `trainplan plan --link <the page's link>`, word for word.
  const std::string cli = testing::Cli({"plan", "--link", CurrentLink(app)});
  CHECK(n.page_body.find(cli) != std::string::npos);
  // Frames without a change publish nothing.
  const int published = n.page_texts;
  for (int i = 0; i < 60; ++i) Frame(app);
  CHECK(n.page_texts == published);
  // An edit typed into a field: published again once its plan has landed, a few times at most.
  TypeInto(app, "seq", "512");
  PressKey(app, ImGuiKey_Enter);
  RunUntilIdle(app);
  REQUIRE(app.main.out.config.seq == 512);
  CHECK(n.page_texts > published);
  CHECK(n.page_texts <= published + 3);
  CHECK(n.page_body.find("seq=512") != std::string::npos);
  CHECK(n.page_verdict.find(MemoryBandText(app.main.out)) != std::string::npos);
  // Chinese: the verdict and the report in Chinese.
  ClickWidget(app, "lang_zh");
  RunUntilIdle(app);
  CHECK(n.page_lang == "zh");
  CHECK(n.page_verdict.find("偏紧") == 0);
  // The compare view: its verdict line and the columns' table.
  LoadLink(app, "#v=1&view=compare");
  RunUntilIdle(app);
  CHECK(n.page_verdict == CompareVerdict(app));
  CHECK(!n.page_verdict.empty());
  CHECK(n.page_body.find("scenario 1") != std::string::npos);
}

TEST_CASE("the search view's text is its table once the search is done, as the command line writes it",
          "[web][page][text]") {
  static AppState app;
  Start(app, "#v=1&model=llama3-8b&gpu=h100&gpus=8&search_gpus=1&view=search");
  const platform::NullPlatform& n = platform::Null();
  for (int frames = 0; !app.bg.search_complete && frames < 20000; ++frames) {
    Frame(app);
    if (!app.bg.search_complete) CHECK(n.page_texts == 0);  // nothing half-searched is published
  }
  REQUIRE(app.bg.search_complete);
  Frame(app);
  const Background& bg = app.bg;
  const std::string table = FormatSearch(app.main.out, bg.search.RankedBy(bg.search_options.objective), Format::Text,
                                         bg.search_options.objective);
  CHECK(!table.empty());
  CHECK(n.page_body.find(table) != std::string::npos);
  CHECK(n.page_verdict == VerdictText(app.main.out).word + " · " + VerdictText(app.main.out).memory + " · " +
                              VerdictText(app.main.out).days + " · " + VerdictText(app.main.out).cost);
}

}  // namespace page_text_test

namespace page_text_test {
TEST_CASE("the scaling chart marks counts that do not fit, and leaves out counts no layout runs on", "[web][page]") {
  using namespace tp;
  using namespace tp::ui;
  using testing::FindRect, testing::RunUntilIdle, testing::Start;
  static AppState app;
  // Three pipeline stages: 24 GPUs plan, the chart's powers of two have no layout (not a memory shortfall).
  Start(app, "#v=1&model=llama3.1-8b&gpu=h100&gpus=24&pp=3&tp=1&cp=1&view=plan");
  RunUntilIdle(app);
  REQUIRE(app.main.out.ok);
  bool unplanned = false;
  for (const PlanTask& point : app.bg.scaling) unplanned |= point.Done() && !point.out.ok;
  REQUIRE(unplanned);
  CHECK(FindRect(app, "scaling_legend_no_fit") == nullptr);  // was "does not fit in GPU memory"
  // Llama 3.1 405B on RTX 4090s: the small counts do not fit, and the legend says so.
  LoadLink(app, "#v=1&model=llama3.1-405b&gpu=rtx4090&gpus=8&view=plan");
  RunUntilIdle(app);
  CHECK(FindRect(app, "scaling_legend_no_fit") != nullptr);
}

TEST_CASE("a post-training plan heads its step time as the policy's optimizer step, beside its RL step",
          "[web][page][text][rl]") {
  using namespace tp;
  using namespace tp::ui;
  using testing::ClickWidget, testing::DrawnText, testing::RunUntilIdle, testing::Start;
  static AppState app;
  Start(app, "#v=1&model=qwen2.5-7b&gpu=h100&gpus=8&view=plan");
  RunUntilIdle(app);
  std::string drawn = DrawnText(app);
  CHECK(drawn.find("Step time ") != std::string::npos);
  CHECK(drawn.find("Policy optimizer step") == std::string::npos);
  // The user picks GRPO: one RL step holds rl_updates optimizer steps of the policy, and the page says which is which.
  REQUIRE(ClickWidget(app, "goal_grpo"));
  RunUntilIdle(app);
  REQUIRE(app.main.out.plan.rl.active);
  drawn = DrawnText(app);
  INFO(drawn);
  CHECK(drawn.find("Step time ") == std::string::npos);
  CHECK(drawn.find("Policy optimizer step ") != std::string::npos);
  CHECK(drawn.find("RL step ") != std::string::npos);
  CHECK(platform::Null().page_body.find("Policy optimizer step ") != std::string::npos);
  ClickWidget(app, "lang_zh");
  RunUntilIdle(app);
  CHECK(DrawnText(app).find("策略每个优化器步 ") != std::string::npos);
  ClickWidget(app, "lang_en");
  RunUntilIdle(app);
}

TEST_CASE("a plan its GPUs hold but the host or the KV cache does not: the verdict says which, with its figures",
          "[web][page][text]") {
  using namespace tp;
  using namespace tp::ui;
  using testing::ClickWidget, testing::DrawnText, testing::PressKey, testing::RunUntilIdle, testing::Start,
      testing::TypeInto;
  static AppState app;
  // Llama 3 70B with ZeRO-3 offloaded to 16 GB of host memory per GPU: the GPUs hold 10 GiB, the host not its states.
  Start(app, "#v=1&model=llama3-70b&gpu=h100&gpus=8&zero=3&offload=cpu&host_gb_per_gpu=16&view=plan");
  RunUntilIdle(app);
  const PlanOutput& o = app.main.out;
  REQUIRE(o.ok);
  REQUIRE_FALSE(o.plan.memory.fits);
  CHECK(o.plan.memory.total < o.plan.memory.usable);
  CHECK(o.plan.memory.short_of == kShortHost);
  CHECK_FALSE(o.plan.memory.may_fit);  // the band is about the GPU's memory, which holds it
  std::string drawn = DrawnText(app);
  INFO(drawn);
  CHECK(drawn.find("✘ Does not fit: host memory") != std::string::npos);
  const std::string host = ShortOfDetail(o.plan, o.job, Lang::En);
  CHECK(host.find("host ") == 0);
  CHECK(host.find(MemoryText(o.plan.memory.host_bytes)) != std::string::npos);
  CHECK(drawn.find(host) != std::string::npos);
  const platform::NullPlatform& n = platform::Null();
  CHECK(n.page_verdict.find("✘ Does not fit: host memory") == 0);
  CHECK(n.page_verdict.find(host) != std::string::npos);
  // The command line's report says the same.
  CHECK(testing::Cli({"plan", "--link", CurrentLink(app)}).find("does not fit: host memory · ") != std::string::npos);
  // A user opens the Assumptions and gives the nodes 2 TB of host memory a GPU: it fits, and the line is gone.
  testing::ScrollIntoView(app, "section_Assumptions");
  REQUIRE(ClickWidget(app, "section_Assumptions"));
  TypeInto(app, "host_gb_per_gpu", "2000");
  PressKey(app, ImGuiKey_Enter);
  RunUntilIdle(app);
  REQUIRE(app.main.out.plan.memory.fits);
  CHECK(app.main.out.plan.memory.short_of == 0);
  drawn = DrawnText(app);
  CHECK(drawn.find("host memory") == std::string::npos);
  // GRPO with responses of a million tokens: one sequence outgrows the rollout engine's KV cache, in both languages.
  LoadLink(app, "#v=1&goal=grpo&rl_response_len=1000000&rl_max_response_len=1000000&view=plan");
  RunUntilIdle(app);
  const PlanOutput& g = app.main.out;
  REQUIRE(g.ok);
  CHECK(g.plan.memory.short_of == kShortKv);
  CHECK_FALSE(g.plan.memory.may_fit);
  drawn = DrawnText(app);
  CHECK(drawn.find("✘ Does not fit: one sequence outgrows the KV cache") != std::string::npos);
  CHECK(drawn.find("1,000,512 needed") != std::string::npos);
  ClickWidget(app, "lang_zh");
  RunUntilIdle(app);
  drawn = DrawnText(app);
  CHECK(drawn.find("✘ 放不下：一条序列超出 KV 缓存") != std::string::npos);
  CHECK(drawn.find("需要 1,000,512 个") != std::string::npos);
  CHECK(n.page_verdict.find("✘ 放不下：一条序列超出 KV 缓存") == 0);
  ClickWidget(app, "lang_en");
  RunUntilIdle(app);
  // Qwen3-8B's GRPO on 7 RTX 4090: vLLM's half of a 24 GB card is less than its 16-bit weights, so there is no KV cache
  // at all; the verdict says so with the fraction, never as a negative cache or token count.
  LoadLink(app, "#v=1&model=qwen3-8b&gpu=rtx4090&gpus=7&goal=grpo&view=plan");
  RunUntilIdle(app);
  REQUIRE(app.main.out.ok);
  CHECK(app.main.out.plan.memory.short_of == kShortKv);
  drawn = DrawnText(app);
  INFO(drawn);
  CHECK(drawn.find("rl_kv_frac=0.5 gives the engine 12.0 GiB per GPU") != std::string::npos);
  CHECK(drawn.find("less than its weights and activations") != std::string::npos);
  CHECK(drawn.find("(-") == std::string::npos);
  CHECK(drawn.find(" -2") == std::string::npos);
  // What would make it fit names the engine's fraction (each remedy planned), and no warning blames the host.
  CHECK(drawn.find("(rl_kv_frac=0.7)") != std::string::npos);
  CHECK(drawn.find("host memory that offload needs") == std::string::npos);
  CHECK(drawn.find("does not fit in the rollout engine's KV cache") != std::string::npos);
  // The user scrolls back up to the engine's fraction and raises it: the cache has room and the plan fits.
  testing::Settle(app);
  TypeInto(app, "rl_kv_frac", "0.8");
  PressKey(app, ImGuiKey_Enter);
  RunUntilIdle(app);
  CHECK(app.cfg.rl_kv_frac == 0.8);
  CHECK(app.main.out.plan.memory.fits);
  CHECK(DrawnText(app).find("less than its weights and activations") == std::string::npos);
}
TEST_CASE("a plan no sequence fits says what outgrows the card, in both languages, and the advice names Unsloth",
          "[web][page]") {
  // Qwen3-30B-A3B QLoRA on one RTX 4090 under Transformers v5: the 16-bit routed experts alone outgrow 24 GB.
  static AppState app;
  for (const char* lang : {"en", "zh"}) {
    app = AppState{};
    Start(app, std::string("#v=1&model=qwen3-30b-a3b&method=qlora&gpu=rtx4090&gpus=1&view=plan&lang=") + lang);
    RunUntilIdle(app);
    const PlanOutput& o = app.main.out;
    REQUIRE(o.ok);
    REQUIRE(o.plan.memory.max_seq == 0);
    REQUIRE(o.plan.memory.seq_fixed > o.plan.memory.usable);
    const std::string drawn = DrawnText(app);
    INFO(drawn);
    const bool zh = std::string(lang) == "zh";
    // Words and figures: the fixed part and the usable memory, as the page's memory figures are written.
    CHECK(drawn.find(zh ? "任何序列都放不下" : "No sequence fits at micro-batch 1") != std::string::npos);
    CHECK(drawn.find(FmtMem(o.plan.memory.seq_fixed)) != std::string::npos);
    CHECK(drawn.find("the longest that would is 0") == std::string::npos);
    CHECK(drawn.find("stack=unsloth") != std::string::npos);
  }
}

}  // namespace page_text_test
