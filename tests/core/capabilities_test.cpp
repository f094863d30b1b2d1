// capabilities_test.cpp — the capability table per stack (core/stack/capabilities.h): every stack and feature
// has a row with its source; resolve refuses what a stack does not run and warns of what an extension runs,
// naming the key and the stack; the search never returns a layout its stack cannot run (a sweep of every
// stack x method x layout kind).
#include <catch2/catch.hpp>
#include <string>

#include "capabilities.h"
#include "i18n_core.h"
#include "memory.h"
#include "pipeline.h"
#include "planner.h"
#include "report.h"
#include "resolve.h"
#include "search.h"
#include "search_config.h"
#include "stack.h"
#include "test_links.h"

// This file's names, apart from the other test files' (cmake/test_executable.cmake: a unity build).
namespace capabilities_test {

using namespace tp;
using tp::testing::FromLink;

namespace {

const ConfigIssue* IssueOn(const std::vector<ConfigIssue>& issues, const std::string& key, bool notice) {
  for (const ConfigIssue& i : issues)
    if (i.key == key && i.notice == notice) return &i;
  return nullptr;
}

std::vector<ConfigIssue> Resolve(const std::string& link) {
  std::vector<ConfigIssue> issues;
  ResolveJob(FromLink(link), issues);
  return issues;
}

// The Job a link resolves to (its issues are the tests' above, by Resolve).
Job ResolvedJob(const std::string& link) {
  std::vector<ConfigIssue> issues;
  return ResolveJob(FromLink(link), issues);
}

CapabilityAsk AskOf(const Job& job, const Layout& l) {
  CapabilityAsk a;
  a.method = PlannedMethod(job.work);
  a.fp8 = job.work.prec == Precision::Fp8;
  a.tp = l.tp, a.pp = l.pp, a.vp = l.vp, a.cp = l.cp, a.ep = l.ep, a.zero = l.zero;
  a.sp = l.sp, a.offload = l.offload, a.recompute = l.recompute;
  a.offload_act = job.work.offload_checkpoints;
  a.rl_framework = job.rl.FrameworkAsked(), a.rl_dpo = job.rl.Dpo();
  return a;
}

// The sweeps' step: the link resolved and searched (top 5), each layout of the top and of the Pareto front handed
// to `hit` with the job; false when resolve refuses the link (an error naming a key), nothing searched.
template <class Hit>
bool SearchEachHit(const std::string& link, Hit&& hit) {
  Config cfg = FromLink(link);
  std::vector<ConfigIssue> issues;
  const Job job = ResolveJob(cfg, issues);
  if (HasErrors(issues)) return false;
  SearchOptions opt;
  opt.top = 5;
  const SearchResult r = SearchLayouts(SearchSpaceOf(cfg, opt), opt);
  for (const auto* list : {&r.top, &r.pareto})
    for (const SearchHit& h : *list) hit(job, h.plan.layout);
  return true;
}

constexpr AskKeys kLayoutKeys =
    kAskTp | kAskPp | kAskVp | kAskCp | kAskEp | kAskZero | kAskSp | kAskOffload | kAskRecompute;

}  // namespace

TEST_CASE("every stack has a row with a source for every feature", "[capabilities]") {
  for (const StackProfile& s : Stacks())
    for (int f = 0; f < int(Feature::kCount); ++f) {
      INFO(s.id << " " << FeatureId(Feature(f)));
      if (RlFrameworkFeature(Feature(f))) continue;  // the RL frameworks' rows answer it (next test)
      bool found = false;
      for (const CapabilityRow& r : CapabilityTable()) {
        if (r.stack != s.kind || r.feature != Feature(f)) continue;
        found = true;
        CHECK(std::string(r.source).size() > 10);
        CHECK((r.support == Support::Extension) == (std::string(r.via).size() > 0));
        // what the extension comes from reads in Chinese too (the notice's words, resolve.cpp)
        // (names alone need none)
        const std::string via = r.via;
        if (!via.empty() && via != "Megatron-DeepSpeed" && via != "PEFT" && via != "PEFT + bitsandbytes") {
          INFO(via);
          CHECK(HasTranslation(via));
        }
        if (r.support == Support::Absent || r.support == Support::Unverified) CHECK_FALSE(r.auto_ok);
      }
      CHECK(found);
    }
  // The stacks' own profiles agree: a selective mode where the table has one.
  for (const StackProfile& s : Stacks()) {
    INFO(s.id);
    const CapabilityAnswer sel = Capability(s, s.year, Feature::RecomputeSelective);
    CHECK((sel.support != Support::Absent) == (s.selective != SelectiveKind::None));
  }
}

TEST_CASE("capabilities by release: a feature that arrived later is absent before", "[capabilities]") {
  const StackProfile& ds = *FindStack("deepspeed");
  CHECK(Capability(ds, 2024, Feature::Tp).support == Support::Extension);
  CHECK(std::string(Capability(ds, 2024, Feature::Tp).via) == "Megatron-DeepSpeed");
  CHECK(Capability(ds, 2025, Feature::Tp).support == Support::Native);
  const StackProfile& mg = *FindStack("megatron");
  CHECK(Capability(mg, 2024, Feature::Zero3).support == Support::Absent);
  CHECK(Capability(mg, 2024, Feature::Zero3).not_yet);
  CHECK(Capability(mg, 2025, Feature::Zero3).support == Support::Native);
  CHECK(Capability(mg, 2025, Feature::MethodQlora).support == Support::Absent);
  CHECK(Capability(*FindStack("hf"), 2026, Feature::Pp).support == Support::Absent);
}

TEST_CASE("resolve refuses what the stack does not run and warns of extensions", "[capabilities]") {
  {  // Unsloth ran on one GPU until its 2025 releases (DDP through accelerate or torchrun).
    const auto issues = Resolve("#v=1&model=llama3.1-8b&method=qlora&stack=unsloth&stack_year=2024&gpu=rtx4090&gpus=8");
    REQUIRE(HasErrors(issues));
    bool named = false;
    for (const ConfigIssue& i : issues)
      if (!i.notice && (i.key == "gpus" || i.key == "dp") && i.message.find("Unsloth") != std::string::npos &&
          i.message.find("Multi-GPU is not yet supported") != std::string::npos)
        named = true;
    CHECK(named);
    CHECK_FALSE(HasErrors(Resolve("#v=1&model=llama3.1-8b&method=qlora&stack=unsloth&gpu=rtx4090&gpus=8")));
    CHECK_FALSE(
        HasErrors(Resolve("#v=1&model=llama3.1-8b&method=qlora&stack=unsloth&stack_year=2024&gpu=rtx4090&gpus=1")));
  }
  {
    const auto issues = Resolve("#v=1&model=llama3.1-8b&method=qlora&stack=megatron&gpu=rtx4090&gpus=1");
    const ConfigIssue* e = IssueOn(issues, "method", false);
    REQUIRE(e);
    CHECK(e->message.find("Megatron-LM") != std::string::npos);
    CHECK(e->message.find("NeMo 1.x") != std::string::npos);
  }
  {
    const auto issues = Resolve("#v=1&model=llama3.1-8b&method=lora&stack=megatron&gpu=h100&gpus=8");
    CHECK_FALSE(HasErrors(issues));
    const ConfigIssue* n = IssueOn(issues, "method", true);
    REQUIRE(n);
    CHECK(n->message.find("NeMo / Megatron-Bridge") != std::string::npos);
  }
  {
    const auto issues = Resolve("#v=1&model=llama3.1-8b&stack=deepspeed&stack_year=2024&tp=4&gpus=8");
    CHECK_FALSE(HasErrors(issues));
    const ConfigIssue* n = IssueOn(issues, "tp", true);
    REQUIRE(n);
    CHECK(n->message.find("Megatron-DeepSpeed") != std::string::npos);
  }
  {  // AutoTP (DeepSpeed 0.16.4+) is native with ZeRO 0-2; with ZeRO-3 not validated
    CHECK(Resolve("#v=1&model=llama3.1-8b&stack=deepspeed&tp=4&gpus=8").empty());
    CHECK(IssueOn(Resolve("#v=1&model=llama3.1-8b&stack=deepspeed&tp=4&zero=3&gpus=8"), "tp", true));
  }
  CHECK(IssueOn(Resolve("#v=1&model=llama3.1-8b&stack=hf&pp=2&gpus=8"), "pp", false));
  CHECK(IssueOn(Resolve("#v=1&model=llama3.1-8b&stack=deepspeed&vp=2&pp=2&gpus=8"), "vp", false));
  CHECK(IssueOn(Resolve("#v=1&model=llama3.1-8b&stack=unsloth&tp=2&gpus=2&method=lora"), "tp", false));
  CHECK(IssueOn(Resolve("#v=1&model=llama3.1-8b&stack=torchtune&method=lora&tp=2&gpus=2"), "tp", false));
  {  // tensor parallelism over bitsandbytes' 4-bit base: not found in AutoTP's or tp_plan's code, warned and never
     // searched
    for (const char* stack : {"hf", "deepspeed"})
      for (const char* method : {"qlora", "qdora"}) {
        const std::string base =
            std::string("#v=1&model=llama3.1-70b&gpu=rtx4090&gpus=8&stack=") + stack + "&method=" + method;
        const auto issues = Resolve(base + "&tp=4");
        CHECK_FALSE(HasErrors(issues));
        bool named = false;  // beside the stack's own notice on tp (Transformers' tp comes through Accelerate)
        for (const ConfigIssue& i : issues)
          named |= i.notice && i.key == "tp" && i.message.find("bitsandbytes") != std::string::npos;
        CHECK(named);
        CHECK(SearchEachHit(base, [](const Job&, const Layout& l) { CHECK(l.tp == 1); }));
      }
    // LoRA on a 16-bit base keeps the stack's tensor parallelism
    const auto lora = Resolve("#v=1&model=llama3.1-70b&gpu=rtx4090&gpus=8&stack=hf&method=lora&tp=4");
    for (const ConfigIssue& i : lora) CHECK(i.message.find("bitsandbytes") == std::string::npos);
  }
  CHECK(IssueOn(Resolve("#v=1&model=llama3.1-8b&stack=fsdp&zero=1&gpus=8"), "zero", false));
  CHECK(IssueOn(Resolve("#v=1&model=llama3.1-8b&stack=fsdp&zero=2&offload=cpu&gpus=8"), "offload", false));
  CHECK(IssueOn(Resolve("#v=1&model=llama3.1-8b&stack=megatron&offload=nvme&zero=3&gpus=8"), "offload", false));
  CHECK(IssueOn(Resolve("#v=1&model=llama3.1-8b&stack=deepspeed&prec=fp8&gpus=8"), "prec", false));
  {
    const auto issues = Resolve("#v=1&model=llama3.1-8b&stack=hf&zero=3&offload=cpu&gpus=8");
    CHECK_FALSE(HasErrors(issues));
    const ConfigIssue* n = IssueOn(issues, "zero", true);
    REQUIRE(n);
    CHECK(n->message.find("DeepSpeed or FSDP") != std::string::npos);
  }
  {  // a release before the feature
    const auto issues = Resolve("#v=1&model=llama3.1-8b&stack=megatron&stack_year=2024&zero=3&gpus=8");
    const ConfigIssue* e = IssueOn(issues, "zero", false);  // a pointer into `issues`: kept alive
    REQUIRE(e);
    CHECK(e->message.find("2025") != std::string::npos);
  }
}

TEST_CASE("Megatron-Core's expert all-to-all overlap is planned only where Megatron-Core runs it", "[moe]") {
  // transformer_config.py's asserts: expert parallelism, no full recomputation, and with a pipeline the interleaved
  // schedule; no other stack has the setting (capabilities.cpp). Each refusal names the key that breaks it.
  const std::string overlap =
      "model=deepseek-v3&gpu=h800&gpus=512&tp=1&pp=8&vp=1&cp=1&ep=64&mbs=1&gbs=1024&zero=1&recompute=selective&"
      "offload=none&sp=0&stack=megatron&moe_imbalance=1&tokens=1e10&ep_dedup=1&moe_a2a_overlap=1";
  const auto plan_issues = [](const std::string& link) { return MakePlan(FromLink(link)).issues; };
  CHECK(IssueOn(plan_issues(overlap), "vp", false));  // pp=8 in 1F1B
  CHECK(IssueOn(plan_issues(overlap + "&vp=2&recompute=full"), "recompute", false));
  CHECK(IssueOn(plan_issues(overlap + "&vp=2&ep=1"), "ep", false));
  CHECK_FALSE(HasErrors(plan_issues(overlap + "&vp=2")));
  CHECK_FALSE(HasErrors(plan_issues(overlap + "&pp=1&vp=1&gpus=64&ep=64")));
  for (const char* stack : {"fsdp", "deepspeed"}) {
    const ConfigIssue* e = IssueOn(Resolve(overlap + "&vp=2&stack=" + stack), "moe_a2a_overlap", false);
    REQUIRE(e);
    CHECK(e->message.find(FindStack(stack)->name) != std::string::npos);
  }
  // Left to the search, the layouts keep to the same rules: interleaved stages whenever there is a pipeline.
  Config cfg = FromLink("model=qwen3-30b-a3b&gpu=h100&gpus=16&seq=4096&gbs=512&stack=megatron&moe_a2a_overlap=1");
  SearchOptions opt;
  opt.top = 50;
  const SearchResult r = SearchLayouts(cfg, opt);
  REQUIRE(!r.top.empty());
  for (const SearchHit& h : r.top) {
    const Layout& l = h.plan.layout;
    INFO("pp=" << l.pp << " vp=" << l.vp << " ep=" << l.ep << " recompute=" << int(l.recompute));
    CHECK(l.ep > 1);
    CHECK(l.recompute != Recompute::Full);
    if (l.pp > 1) CHECK(ScheduleOf(l) == PipeSchedule::Interleaved);
  }
}

TEST_CASE("a stack's own settings (grad_fp32, optim_bf16, recompute_mla_up, fp8_params, tp_overlap) by the table",
          "[capabilities]") {
  // The link a user types, parsed and resolved: each key is refused where the stack's release lacks it (naming the
  // key and the stack), noted where an extension provides it, and taken where the stack has it.
  struct Key {
    const char* link;
    const char* key;
    Feature feature;
  };
  const Key keys[] = {{"&grad_fp32=0", "grad_fp32", Feature::GradFp32},
                      {"&grad_fp32=1", "grad_fp32", Feature::GradFp32},
                      {"&optim_bf16=1", "optim_bf16", Feature::OptimBf16},
                      {"&model=deepseek-v3&recompute_mla_up=1", "recompute_mla_up", Feature::RecomputeMlaUp},
                      {"&model=qwen3-30b-a3b&recompute_moe_act=1", "recompute_moe_act", Feature::RecomputeMoeAct},
                      {"&prec=fp8&fp8_params=1", "fp8_params", Feature::Fp8Gather},
                      {"&tp_overlap=1", "tp_overlap", Feature::TpOverlap}};
  int refused = 0, taken = 0;
  for (const StackProfile& s : Stacks())
    for (const char* year : {"", "&stack_year=2025"})
      for (const Key& k : keys) {
        const std::string link = std::string("#v=1&gpu=h100&gpus=8&stack=") + s.id + year + k.link;
        INFO(link);
        const auto issues = Resolve(link);
        const Job job = ResolvedJob(link);
        const CapabilityAnswer a = Capability(s, job.stack_year, k.feature);
        const ConfigIssue* error = IssueOn(issues, k.key, false);
        if (a.support == Support::Absent) {
          REQUIRE(error);
          CHECK(error->message.find(std::string(k.link).substr(std::string(k.link).rfind('&') + 1)) == 0);
          CHECK(error->message.find(s.name) != std::string::npos);
          ++refused;
        } else {
          CHECK_FALSE(error);
          ++taken;
        }
        if (a.support == Support::Extension) {  // among the key's notices, one naming the extension
          bool named = false;
          for (const ConfigIssue& i : issues)
            named = named || (i.notice && i.key == k.key && i.message.find(a.via) != std::string::npos);
          CHECK(named);
        }
      }
  CHECK(refused > 20);
  CHECK(taken >= 8);
  // What the table says, read from the frameworks' code (capabilities.cpp): Megatron-Core runs all four; DeepSpeed,
  // Transformers, torchtune and Unsloth none of the dtypes or the MLA recomputation; torchtitan's full bf16 training
  // arrived in 2025.
  for (const Key& k : keys) {
    INFO(k.link);
    CHECK_FALSE(HasErrors(Resolve(std::string("#v=1&gpu=h100&gpus=8&stack=megatron") + k.link)));
    if (k.feature != Feature::Fp8Gather && k.feature != Feature::TpOverlap)
      for (const char* other : {"deepspeed", "hf", "torchtune", "unsloth"})
        CHECK(IssueOn(Resolve(std::string("#v=1&gpu=h100&gpus=8&stack=") + other + k.link), k.key, false));
  }
  CHECK(IssueOn(Resolve("#v=1&gpu=h100&gpus=8&stack=deepspeed&prec=fp8&fp8_params=1"), "fp8_params", false));
  CHECK(IssueOn(Resolve("#v=1&gpu=h100&gpus=8&stack=fsdp&stack_year=2024&optim_bf16=1"), "optim_bf16", false));
  CHECK_FALSE(HasErrors(Resolve("#v=1&gpu=h100&gpus=8&stack=fsdp&stack_year=2025&optim_bf16=1")));
  // Tensor-parallel overlap: Megatron-Core's userbuffers and torchtitan's async TP; refused on DeepSpeed, Transformers,
  // torchtune and Unsloth, and without sequence parallelism anywhere (Megatron-LM asserts it).
  for (const char* other : {"deepspeed", "hf", "torchtune", "unsloth"})
    CHECK(IssueOn(Resolve(std::string("#v=1&gpu=h100&gpus=8&stack=") + other + "&tp_overlap=1"), "tp_overlap", false));
  CHECK_FALSE(HasErrors(Resolve("#v=1&gpu=h100&gpus=8&stack=fsdp&stack_year=2025&tp_overlap=1")));
  CHECK(IssueOn(Resolve("#v=1&gpu=h100&gpus=8&stack=megatron&tp=4&sp=0&tp_overlap=1"), "tp_overlap", false));
  // The off values of the on/off settings ask nothing: every stack runs without them.
  for (const StackProfile& s : Stacks())
    CHECK_FALSE(HasErrors(Resolve(std::string("#v=1&gpu=h100&gpus=8&stack=") + s.id +
                                  "&optim_bf16=0&recompute_mla_up=0&fp8_params=0&tp_overlap=0")));
}

TEST_CASE("torchtitan's full bf16 training (optim_bf16=1): bf16 weights, gradients and states, no fp32 copy",
          "[capabilities]") {
  // FSDP over 8 GPUs (zero=3): the fp32 sharded parameters, gradients and AdamW moments (4 + 4 + 8 B per parameter,
  // sharded) become bf16 (2 + 2 + 4 B); left on auto, the plan is the mixed-precision one, as before.
  const std::string link = "#v=1&gpu=h100&gpus=8&model=llama3.1-8b&stack=fsdp&stack_year=2025";
  Layout lay;
  lay.dp = 8, lay.zero = 3, lay.recompute = Recompute::Full;
  const MemoryBreakdown mixed = EstimateMemory(ResolvedJob(link), lay);
  const MemoryBreakdown off = EstimateMemory(ResolvedJob(link + "&optim_bf16=0"), lay);
  const MemoryBreakdown bf16 = EstimateMemory(ResolvedJob(link + "&optim_bf16=1"), lay);
  CHECK(off.total == mixed.total);
  CHECK(bf16.weights == Approx(mixed.weights / 2));
  CHECK(bf16.gradients == Approx(mixed.gradients / 2));
  CHECK(bf16.optimizer == Approx(mixed.optimizer / 2));
  CHECK(bf16.activations == Approx(mixed.activations));
}

TEST_CASE("DoRA where the stack offers it, refused where it does not", "[capabilities]") {
  // PEFT's use_dora (2024-02) under the Trainer, torchtune's DoRALinear (v0.3.0), Megatron-Bridge's DoRA (2025-07).
  CHECK_FALSE(HasErrors(Resolve("#v=1&model=llama3.1-8b&method=dora&stack=hf&gpu=a100-80g&gpus=1")));
  CHECK_FALSE(HasErrors(Resolve("#v=1&model=llama3.1-8b&method=qdora&stack=torchtune&gpu=a100-80g&gpus=1")));
  {
    const auto issues = Resolve("#v=1&model=llama3.1-8b&method=dora&stack=megatron&stack_year=2024&gpu=h100&gpus=8");
    const ConfigIssue* e = IssueOn(issues, "method", false);
    REQUIRE(e);
    CHECK(e->message.find("2025") != std::string::npos);
  }
  CHECK(IssueOn(Resolve("#v=1&model=llama3.1-8b&method=qdora&stack=megatron&gpu=h100&gpus=8"), "method", false));
  CHECK(
      IssueOn(Resolve("#v=1&model=llama3.1-8b&method=dora&stack=hf&stack_year=2023&gpu=h100&gpus=1"), "method", false));
  {  // Unsloth runs DoRA layers through PEFT, off its fused kernels: said, not refused.
    const auto issues = Resolve("#v=1&model=llama3.1-8b&method=dora&stack=unsloth&gpu=rtx4090&gpus=1");
    CHECK_FALSE(HasErrors(issues));
    const ConfigIssue* n = IssueOn(issues, "method", true);
    REQUIRE(n);
    CHECK(n->message.find("fused LoRA kernels skip them") != std::string::npos);
  }
  // The workload is its LoRA / QLoRA with the DoRA flag; the plan names the method as given.
  const Job job = ResolvedJob("#v=1&model=llama3.1-8b&method=qdora&stack=hf&gpu=a100-80g&gpus=1");
  CHECK(job.work.method == Method::Qlora);
  CHECK(job.work.dora);
  CHECK(PlannedMethod(job.work) == Method::Qdora);
}

TEST_CASE("FP8 recipes by stack, release and GPU", "[capabilities]") {
  {  // No FP8 tensor cores: refused naming prec and Transformer Engine's own check.
    const auto issues = Resolve("#v=1&model=llama3.1-8b&stack=megatron&prec=fp8&gpu=a100-80g&gpus=8");
    const ConfigIssue* e = IssueOn(issues, "prec", false);
    REQUIRE(e);
    CHECK(e->message.find("Megatron-LM") != std::string::npos);
    CHECK(e->message.find("8.9 or higher") != std::string::npos);
  }
  // MXFP8 is Blackwell's (compute capability 10.x), block scaling needs 9.0 and Megatron-Core 0.13.
  CHECK(IssueOn(Resolve("#v=1&model=llama3.1-8b&stack=megatron&prec=fp8&fp8_recipe=mxfp8&gpu=h100&gpus=8"),
                "fp8_recipe", false));
  CHECK(IssueOn(Resolve("#v=1&model=llama3.1-8b&stack=megatron&prec=fp8&fp8_recipe=mxfp8&gpu=rtx5090&gpus=1"),
                "fp8_recipe", false));
  CHECK(IssueOn(Resolve("#v=1&model=llama3.1-8b&stack=megatron&prec=fp8&fp8_recipe=block&gpu=rtx4090&gpus=1"),
                "fp8_recipe", false));
  CHECK(IssueOn(Resolve("#v=1&model=llama3.1-8b&stack=megatron&stack_year=2024&prec=fp8&fp8_recipe=block&gpu=h100"
                        "&gpus=8"),
                "fp8_recipe", false));
  CHECK_FALSE(HasErrors(Resolve("#v=1&model=llama3.1-8b&stack=megatron&prec=fp8&fp8_recipe=block&gpu=h100&gpus=8")));
  CHECK(IssueOn(Resolve("#v=1&model=llama3.1-8b&stack=fsdp&prec=fp8&fp8_recipe=block&gpu=h100&gpus=8"), "fp8_recipe",
                false));
  // On auto the recipe is one the stack's release runs on the GPU: MXFP8 on a B200 from Megatron-Core 0.12, per
  // tensor before; torchtitan's 2026 FP8 is row-wise only, which the plan says it models per tensor.
  auto recipe = [](const std::string& link) { return ResolvedJob(link).work.fp8_recipe; };
  CHECK(recipe("#v=1&model=llama3.1-8b&stack=megatron&prec=fp8&gpu=b200&gpus=8") == Fp8Recipe::Mx);
  CHECK(recipe("#v=1&model=llama3.1-8b&stack=megatron&stack_year=2024&prec=fp8&gpu=b200&gpus=8") == Fp8Recipe::Tensor);
  CHECK(recipe("#v=1&model=llama3.1-8b&stack=hf&stack_year=2024&prec=fp8&gpu=b200&gpus=8") == Fp8Recipe::Tensor);
  const auto rowwise = Resolve("#v=1&model=llama3.1-8b&stack=fsdp&stack_year=2026&prec=fp8&gpu=h100&gpus=8");
  CHECK_FALSE(HasErrors(rowwise));
  CHECK(IssueOn(rowwise, "fp8_recipe", true));
}

TEST_CASE("FP16 by stack: torchtune refuses it, asked or planned for a GPU without BF16", "[capabilities]") {
  // torchtune's recipes raise on fp16 ('full fp16 training is not supported with this recipe'); on a T4 or V100 the
  // default bf16 is planned as fp16, so the refusal names the GPU as well as prec.
  {
    const auto issues = Resolve("#v=1&model=llama3.2-1b&method=lora&stack=torchtune&gpu=t4&gpus=1");
    const ConfigIssue* e = IssueOn(issues, "prec", false);
    REQUIRE(e);
    CHECK(e->message.find("prec=fp16 + gpu=t4") != std::string::npos);
    CHECK(e->message.find("torchtune") != std::string::npos);
  }
  {
    const ConfigIssue* e = IssueOn(
        Resolve("#v=1&model=llama3.2-1b&method=lora&stack=torchtune&prec=fp16&gpu=a100-80g&gpus=1"), "prec", false);
    REQUIRE(e);
    CHECK(e->message.find("gpu=") == std::string::npos);  // asked as fp16: the GPU has nothing to do with it
  }
  // The stacks that train in fp16 plan it on the T4 without an error; torchtune keeps bf16 where the GPU has it.
  for (const char* stack : {"hf", "unsloth", "deepspeed", "megatron"})
    CHECK_FALSE(HasErrors(Resolve(std::string("#v=1&model=llama3.2-1b&method=lora&gpu=t4&gpus=1&stack=") + stack)));
  CHECK_FALSE(HasErrors(Resolve("#v=1&model=llama3.2-1b&method=lora&stack=torchtune&gpu=a10&gpus=1")));
  // The stack on auto runs what the T4 needs.
  const auto auto_stack = Resolve("#v=1&model=llama3.2-1b&method=qlora&gpu=t4&gpus=1");
  CHECK_FALSE(HasErrors(auto_stack));
  CHECK(IssueOn(auto_stack, "prec", true));
}

TEST_CASE("AMD GPUs by stack and release", "[capabilities]") {
  // Unsloth's ROCm path arrived in 2025 (device_type.py is_hip); 4-bit on ROCm hangs on bitsandbytes' release.
  CHECK(IssueOn(Resolve("#v=1&model=llama3.1-8b&method=lora&stack=unsloth&stack_year=2024&gpu=mi300x&gpus=1"), "gpu",
                false));
  const auto qlora = Resolve("#v=1&model=llama3.1-8b&method=qlora&stack=unsloth&gpu=mi300x&gpus=1");
  CHECK_FALSE(HasErrors(qlora));
  CHECK(IssueOn(qlora, "method", true));
  CHECK(IssueOn(Resolve("#v=1&model=llama3.1-8b&stack=megatron&gpu=mi300x&gpus=8"), "gpu", true));
  CHECK_FALSE(
      IssueOn(Resolve("#v=1&model=llama3.1-8b&method=qlora&stack=torchtune&gpu=mi300x&gpus=1"), "method", true));
  CHECK(IssueOn(Resolve("#v=1&model=llama3.1-8b&stack=megatron&prec=fp8&gpu=mi250x&gpus=8"), "prec", false));
}

TEST_CASE("context-parallel variants by stack: the default is the stack's, others refused", "[capabilities]") {
  auto comm = [](const std::string& link) { return ResolvedJob(link).work.cp_comm; };
  CHECK(comm("#v=1&model=llama3.1-8b&stack=megatron&gpu=h100&gpus=8") == CpComm::P2p);
  CHECK(comm("#v=1&model=llama3.1-8b&stack=deepspeed&gpu=h100&gpus=8") == CpComm::A2a);
  CHECK(comm("#v=1&model=llama3.1-8b&stack=fsdp&gpu=h100&gpus=8") == CpComm::AllGather);
  CHECK(IssueOn(Resolve("#v=1&model=llama3.1-8b&stack=deepspeed&cp=2&cp_comm=p2p&gpu=h100&gpus=8"), "cp_comm", false));
  CHECK(IssueOn(Resolve("#v=1&model=llama3.1-8b&stack=megatron&stack_year=2024&cp=2&cp_comm=a2a&gpu=h100&gpus=8"),
                "cp_comm", false));
  CHECK_FALSE(HasErrors(Resolve("#v=1&model=llama3.1-8b&stack=megatron&cp=2&cp_comm=a2a&gpu=h100&gpus=8")));
}

TEST_CASE("the stack on auto is the one people use for the goal and method, and is said", "[capabilities]") {
  // A fine-tune of any method is the Transformers Trainer's (LLaMA-Factory's full fine-tuning example launches it
  // with DeepSpeed ZeRO-3), pre-training Megatron-Core's, post-training FSDP's (verl's actor).
  auto stack_of = [](const std::string& link) { return std::string(ResolvedJob(link).stack->id); };
  CHECK(stack_of("#v=1&model=llama3-8b&gpu=rtx4090&gpus=8&goal=finetune&method=full") == "hf");  // was megatron
  CHECK(stack_of("#v=1&model=llama3-8b&gpu=rtx4090&gpus=1&method=qlora") == "hf");
  CHECK(stack_of("#v=1&model=llama3-8b&gpu=h100&gpus=64&goal=pretrain") == "megatron");
  CHECK(stack_of("#v=1&model=qwen2.5-7b&gpu=h100&gpus=16&goal=grpo") == "fsdp");
  // A mixture of experts is post-trained on Megatron-Core (verl's Megatron workers, NeMo RL's megatron_cfg), which has
  // the expert parallelism verl's FSDP workers lack: DeepSeek-V3's GRPO on 256 H100 fits there and not on FSDP.
  CHECK(stack_of("#v=1&model=deepseek-v3&gpu=h100&gpus=256&goal=grpo") == "megatron");
  CHECK(stack_of("#v=1&model=qwen3-30b-a3b&gpu=h100&gpus=16&goal=grpo&rl_framework=nemo-rl") == "megatron");
  CHECK(stack_of("#v=1&model=qwen3-30b-a3b&gpu=h100&gpus=16&goal=ppo&rl_framework=openrlhf") == "fsdp");
  CHECK(stack_of("#v=1&model=qwen3-30b-a3b&gpu=h100&gpus=16&goal=grpo&stack=fsdp") == "fsdp");
  // ... only where the framework that then runs it is verl or NeMo RL: DPO on auto is TRL's (verl has no DPO
  // trainer), which has no Megatron backend; NeMo RL's DPO, asked for, is.
  {
    const Job dpo = ResolvedJob("#v=1&model=qwen3-235b-a22b&gpu=h100&gpus=64&goal=dpo");
    CHECK(std::string(dpo.stack->id) == "fsdp");
    CHECK(dpo.rl.framework == RlFramework::Trl);
    CHECK(stack_of("#v=1&model=qwen3-30b-a3b&gpu=h100&gpus=16&goal=dpo&rl_framework=nemo-rl") == "megatron");
  }
  {
    const PlanOutput v3 = MakePlan(FromLink("#v=1&model=deepseek-v3&gpu=h100&gpus=256&goal=grpo"));
    REQUIRE(v3.ok);
    CHECK(v3.plan.memory.fits);
    CHECK(v3.plan.layout.ep > 1);
    // Its 1.3 TB of 16-bit weights are generated from at tensor parallelism across nodes, as verl's and NeMo RL's
    // DeepSeek-V3 recipes do (TP 32): a node's half of eight 80 GB cards does not hold them.
    CHECK(v3.job.rl.rollout_tp == 32);
  }
  CHECK(stack_of("#v=1&model=llama3-8b&gpu=h100&gpus=8&goal=finetune&method=full&stack=megatron") == "megatron");
  // The plan's JSON names the stack it used, and marks it as chosen for auto.
  const PlanOutput out = MakePlan(FromLink("#v=1&model=llama3-8b&gpu=rtx4090&gpus=8&goal=finetune&method=full"));
  REQUIRE(out.ok);
  const std::string json = PlanToJson(out);
  CHECK(json.find("\"stack\": \"hf\"") != std::string::npos);
  // A release without a default the stack has later: Unsloth's offloaded checkpoints arrived in 2024.
  CHECK(ResolvedJob("#v=1&model=llama3-8b&gpu=rtx4090&gpus=1&method=qlora&stack=unsloth").work.offload_checkpoints);
  CHECK_FALSE(ResolvedJob("#v=1&model=llama3-8b&gpu=rtx4090&gpus=1&method=qlora&stack=unsloth&stack_year=2023")
                  .work.offload_checkpoints);
}

TEST_CASE("the stack on auto runs the keys the user gave: the first stack that runs them all, and says so",
          "[capabilities]") {
  auto stack_of = [](const std::string& link) { return std::string(ResolvedJob(link).stack->id); };
  // Pre-training with ZeRO-Infinity's NVMe offload or ZeRO-3 with its parameters on the CPU: DeepSpeed's, not
  // Megatron-Core's (no NVMe path; no ZeRO-3-style parameter offload): auto had refused the first and planned the
  // second with a warning under Megatron.
  const std::string base = "#v=1&model=llama2-13b&gpu=rtx4090&gpus=8&goal=pretrain";
  CHECK(stack_of(base + "&zero=3&offload=nvme") == "deepspeed");
  CHECK(stack_of(base + "&zero=3&offload=cpu") == "deepspeed");
  const std::vector<ConfigIssue> said = Resolve(base + "&zero=3&offload=nvme");
  CHECK_FALSE(HasErrors(said));
  const ConfigIssue* notice = IssueOn(said, "stack", true);
  REQUIRE(notice != nullptr);
  CHECK(notice->message.find("DeepSpeed") != std::string::npos);
  // Of the stacks that run them all, the one that runs them itself: QLoRA with offloaded checkpoints on one card is
  // torchtune's or Unsloth's own (the Trainer's offloaded checkpoints are unverified; DeepSpeed runs QLoRA only
  // through PEFT and bitsandbytes), the table's order taking torchtune.
  CHECK(stack_of("#v=1&model=llama3-8b&gpu=rtx4090&gpus=1&method=qlora&offload_act=1") == "torchtune");
  // Keys the usual stack runs keep it; keys no stack runs keep it too, and the capability check names the key.
  CHECK(stack_of(base + "&zero=1&tp=2") == "megatron");
  CHECK(IssueOn(Resolve(base + "&zero=1&tp=2"), "stack", true) == nullptr);
  // DeepSpeed-style NVMe offload with DeepSeek-V3's FP8 block scaling (Megatron-Core's alone): no stack runs both.
  const std::string neither =
      "#v=1&model=llama3-8b&gpu=h100&gpus=8&goal=pretrain&prec=fp8&fp8_recipe=block&zero=3"
      "&offload=nvme";
  CHECK(stack_of(neither) == "megatron");
  CHECK(IssueOn(Resolve(neither), "offload", false) != nullptr);
  // A stack the user names is never changed: Megatron refuses NVMe offload, naming the key.
  CHECK(IssueOn(Resolve(base + "&zero=3&offload=nvme&stack=megatron"), "offload", false) != nullptr);
}

TEST_CASE("the search chooses only what the stack runs", "[capabilities][search]") {
  // Issue #29's cases: DeepSpeed before AutoTP never picks tensor parallelism for a full fine-tune of an 8B on
  // 8 RTX 4090; the Transformers Trainer never pipelines a pre-training run.
  {
    PlanOutput out =
        MakePlan(FromLink("#v=1&model=llama3.1-8b&goal=finetune&method=full&stack=deepspeed&"
                          "stack_year=2024&gpu=rtx4090&gpus=8"));
    REQUIRE(out.ok);
    CHECK(out.plan.layout.tp == 1);
    CHECK(out.plan.layout.vp == 1);
  }
  {
    PlanOutput out = MakePlan(FromLink("#v=1&model=llama3.1-8b&stack=hf&gpu=h100&gpus=16"));
    REQUIRE(out.ok);
    CHECK(out.plan.layout.pp == 1);
    CHECK(out.plan.layout.recompute != Recompute::Selective);
  }
  // The sweep: every stack (at its current release and at 2023's) x method x goal x layout kind (all auto, or one
  // layout key fixed: tensor, pipeline, context parallelism, ZeRO-3, CPU offload, full recomputation, offloaded
  // checkpoints, FP8), every plan the search ranks (its list and its time/cost front) is one the stack runs with
  // what the search chose, the user's own keys aside (resolve refuses or notes those).
  const char* setups[] = {
      "#v=1&model=llama3.2-1b&gpu=rtx4090&gpus=1",
      "#v=1&model=llama3.1-8b&gpu=rtx4090&gpus=8&goal=finetune",
      "#v=1&model=llama2-13b&gpu=rtx4090&gpus=8&goal=pretrain",
      "#v=1&model=llama3.1-8b&gpu=h100&gpus=16",
      "#v=1&model=mixtral-8x7b&gpu=h100&gpus=16",
  };
  struct Kind {
    const char* keys;
    AskKeys fixed;  // the AskKey bits the kind gives
  };
  const Kind kinds[] = {{"", 0},
                        {"&tp=2", kAskTp},
                        {"&pp=2", kAskPp},
                        {"&cp=2", kAskCp},
                        {"&zero=3", kAskZero},
                        {"&offload=cpu", kAskOffload},
                        {"&recompute=full", kAskRecompute},
                        {"&offload_act=1", kAskOffloadAct},
                        {"&prec=fp8", 0},
                        {"&cp=2&cp_comm=a2a", kAskCp},
                        {"&prec=fp8&fp8_recipe=block", 0},
                        {"&grad_fp32=0&optim_bf16=1", 0}};  // a stack's own settings: the search never sets them
  int searched = 0, refused = 0;
  for (const StackProfile& s : Stacks())
    for (const char* year : {"", "&stack_year=2023"})
      for (const char* method : {"full", "lora", "qlora", "dora"})
        for (const char* setup : setups)
          for (const Kind& kind : kinds) {
            const std::string link = std::string(setup) + "&stack=" + s.id + year + "&method=" + method + kind.keys;
            const AskKeys auto_keys = AskKeys((kLayoutKeys | kAskOffloadAct) & ~kind.fixed);
            const bool planned = SearchEachHit(link, [&](const Job& job, const Layout& l) {
              INFO(link << " -> tp " << l.tp << " pp " << l.pp << " vp " << l.vp << " cp " << l.cp << " ep " << l.ep
                        << " zero " << l.zero << " offload " << int(l.offload) << " recompute " << int(l.recompute)
                        << " sp " << l.sp);
              CHECK(SearchMayChoose(*job.stack, job.stack_year, AskOf(job, l), auto_keys));
            });
            ++(planned ? searched : refused);  // refused by resolve, naming the key: nothing to search
          }
  CHECK(searched > 400);
  CHECK(refused > 100);  // the sweep reaches what stacks do not run, too
}

TEST_CASE("an RL framework's policy training: the search never uses what it does not run, resolve refuses it",
          "[capabilities][rl]") {
  // Issue #32: OpenRLHF trains with DeepSpeed's ZeRO engine and AutoTP, never its pipeline engine; verl's FSDP
  // backend has no tensor, pipeline nor expert parallelism (its Megatron backend has them all: stack=megatron).
  // Every row names its source; a framework's rows of one feature come oldest first (RlCapability reads them so).
  const std::vector<RlCapabilityRow>& rows = RlCapabilityTable();
  for (size_t i = 0; i < rows.size(); ++i) {
    INFO(kRlFrameworkNames[int(rows[i].framework)] << " " << FeatureId(rows[i].feature));
    CHECK(std::string(rows[i].source).size() > 40);
    for (size_t j = 0; j < i; ++j)
      if (rows[j].framework == rows[i].framework && rows[j].feature == rows[i].feature)
        CHECK(rows[j].since <= rows[i].since);
  }
  {
    const auto issues = Resolve(
        "#v=1&model=llama2-70b&goal=ppo&gpus=32&gpu=a100-80g&stack=deepspeed&pp=8&"
        "rl_framework=openrlhf");
    const ConfigIssue* e = IssueOn(issues, "pp", false);
    REQUIRE(e);
    CHECK(e->message.find("OpenRLHF") != std::string::npos);
    CHECK(e->message.find("rl_framework=openrlhf") != std::string::npos);
    CHECK(FormatIssue(*e, Lang::Zh).find("OpenRLHF（rl_framework=openrlhf）的策略训练不支持 pp=8") !=
          std::string::npos);
    // The stack alone runs it: the same pipeline without an RL framework is DeepSpeed's own.
    CHECK_FALSE(HasErrors(Resolve("#v=1&model=llama2-70b&gpus=32&gpu=a100-80g&stack=deepspeed&pp=8")));
  }
  {  // OpenRLHF's AutoTP arrived in 2025 (v0.7.4): before, a refusal that says when it arrived.
    const auto issues = Resolve(
        "#v=1&model=llama2-7b&goal=grpo&gpus=8&gpu=h100&stack=deepspeed&stack_year=2024&"
        "rl_framework=openrlhf&tp=2");
    const ConfigIssue* e = IssueOn(issues, "tp", false);
    REQUIRE(e);
    CHECK(e->message.find("OpenRLHF in 2025") != std::string::npos);
    CHECK_FALSE(
        HasErrors(Resolve("#v=1&model=llama2-7b&goal=grpo&gpus=8&gpu=h100&stack=deepspeed&"
                          "rl_framework=openrlhf&tp=2")));
  }
  {  // verl: tensor parallelism on its Megatron backend only.
    CHECK(IssueOn(Resolve("#v=1&model=llama3.1-8b&goal=grpo&gpus=16&gpu=h100&stack=fsdp&rl_framework=verl&tp=2"), "tp",
                  false));
    CHECK_FALSE(HasErrors(
        Resolve("#v=1&model=llama3.1-8b&goal=grpo&gpus=16&gpu=h100&stack=megatron&rl_framework=verl&tp=2&pp=2")));
  }
  {  // Selective recomputation: refused by every framework's training but verl's Megatron backend, by name.
    for (const char* fw : {"verl", "openrlhf", "trl", "nemo-rl"}) {
      INFO(fw);
      const auto issues = Resolve(std::string("#v=1&model=llama3.1-8b&goal=grpo&gpus=8&gpu=h100&stack=fsdp&") +
                                  "recompute=selective&rl_framework=" + fw);
      const ConfigIssue* e = IssueOn(issues, "recompute", false);
      REQUIRE(e);
      CHECK(e->message.find(std::string("rl_framework=") + fw) != std::string::npos);
    }
    CHECK_FALSE(HasErrors(Resolve(
        "#v=1&model=llama3.1-8b&goal=grpo&gpus=16&gpu=h100&stack=megatron&rl_framework=verl&recompute=selective")));
    CHECK(IssueOn(Resolve("#v=1&model=llama3.1-8b&goal=grpo&gpus=16&gpu=h100&stack=fsdp&rl_framework=verl&zero=1"),
                  "zero", false));
  }
  {  // verl's Megatron backend: Megatron-Core's DDP with or without the distributed optimizer, never Megatron-FSDP;
     // its FSDP backend runs ZeRO-2 and -3. A MoE's stack on auto (Megatron) gives way to FSDP where zero=2 is given.
    for (const char* zero : {"2", "3"}) {
      INFO(zero);
      const ConfigIssue* e = IssueOn(
          Resolve(std::string("#v=1&model=qwen3-30b-a3b&goal=grpo&gpus=16&gpu=h100&stack=megatron&rl_framework=verl&"
                              "zero=") +
                  zero),
          "zero", false);
      REQUIRE(e);
      CHECK(e->message.find("megatron_utils.py") != std::string::npos);
      CHECK_FALSE(HasErrors(Resolve(
          std::string("#v=1&model=qwen3-30b-a3b&goal=grpo&gpus=16&gpu=h100&stack=fsdp&rl_framework=verl&zero=") +
          zero)));
    }
    CHECK_FALSE(HasErrors(
        Resolve("#v=1&model=qwen3-30b-a3b&goal=grpo&gpus=16&gpu=h100&stack=megatron&rl_framework=verl&zero=1")));
    const Job job = ResolvedJob("#v=1&model=qwen3-30b-a3b&goal=grpo&gpus=16&gpu=h100&zero=2");
    CHECK(std::string(job.stack->id) == "fsdp");
    CHECK(job.rl.framework == RlFramework::Verl);
    CHECK(std::string(ResolvedJob("#v=1&model=qwen3-30b-a3b&goal=grpo&gpus=16&gpu=h100").stack->id) == "megatron");
  }
  {  // TRL's GRPOTrainer refuses context parallelism; its DPO trainer has no such check.
    CHECK(IssueOn(Resolve("#v=1&model=llama3.1-8b&goal=grpo&gpus=8&gpu=h100&stack=hf&rl_framework=trl&cp=2"), "cp",
                  false));
    CHECK_FALSE(IssueOn(Resolve("#v=1&model=llama3.1-8b&goal=dpo&gpus=8&gpu=h100&stack=hf&rl_framework=trl&cp=2"), "cp",
                        false));
  }
  {  // Micro-batches as token budgets: TRL and DeepSpeed-Chat count them in sequences; verl, NeMo RL and OpenRLHF
     // size them in tokens. Refused by the key and the framework; on auto the framework is one that has them.
    const auto issues = Resolve("#v=1&model=qwen2.5-7b&goal=grpo&gpus=8&gpu=h100&rl_framework=trl&rl_mb_tokens=16384");
    const ConfigIssue* e = IssueOn(issues, "rl_mb_tokens", false);
    REQUIRE(e);
    CHECK(e->message.find("rl_framework=trl") != std::string::npos);
    CHECK(IssueOn(Resolve("#v=1&model=qwen2.5-7b&goal=dpo&gpus=8&gpu=h100&rl_framework=trl&rl_logprob_mb_tokens=8192"),
                  "rl_logprob_mb_tokens", false));
    for (const char* fw : {"verl", "openrlhf", "nemo-rl"}) {
      INFO(fw);
      CHECK_FALSE(HasErrors(Resolve(std::string("#v=1&model=qwen2.5-7b&goal=grpo&gpus=8&gpu=h100&rl_mb_tokens=16384&") +
                                    "rl_framework=" + fw)));
    }
    // DPO on auto is TRL's; with a budget, the first framework that runs DPO and has budgets.
    const PlanOutput dpo = MakePlan(FromLink("#v=1&model=qwen2.5-7b&goal=dpo&gpus=8&gpu=h100&rl_mb_tokens=16384"));
    REQUIRE(dpo.ok);
    CHECK(dpo.job.rl.framework != RlFramework::Trl);
    CHECK(dpo.job.rl.framework != RlFramework::DeepspeedChat);
    CHECK(MakePlan(FromLink("#v=1&model=qwen2.5-7b&goal=dpo&gpus=8&gpu=h100")).job.rl.framework == RlFramework::Trl);
  }
  // The sweep: every RL framework x stack x layout kind; every plan the search ranks passes the framework's rows
  // (and the stack's) for what the search chose, and the features a framework lacks never appear on auto.
  struct Kind {
    const char* keys;
    AskKeys fixed;
  };
  const Kind kinds[] = {{"", 0}, {"&tp=2", kAskTp}, {"&pp=2", kAskPp}, {"&cp=2", kAskCp}, {"&zero=3", kAskZero}};
  int searched = 0, refused = 0;
  for (const char* fw : kRlFrameworkNames)
    for (const char* stack : {"deepspeed", "fsdp", "megatron"})
      for (const char* model : {"llama2-70b&gpus=32", "mixtral-8x7b&gpus=16"})
        for (const Kind& kind : kinds) {
          const std::string link = std::string("#v=1&goal=grpo&gpu=a100-80g&rl_prompts=64&model=") + model +
                                   "&stack=" + stack + "&rl_framework=" + fw + kind.keys;
          const AskKeys auto_keys = AskKeys(kLayoutKeys & ~kind.fixed);
          const bool planned = SearchEachHit(link, [&](const Job& job, const Layout& l) {
            const RlFramework f = job.rl.framework;
            const StackKind k = job.stack->kind;
            INFO(link << " -> tp " << l.tp << " pp " << l.pp << " cp " << l.cp << " ep " << l.ep << " zero " << l.zero);
            CHECK(SearchMayChoose(*job.stack, job.stack_year, AskOf(job, l), auto_keys));
            const std::pair<Feature, bool> used[] = {{Feature::Tp, l.tp > 1 && !(kind.fixed & kAskTp)},
                                                     {Feature::Pp, l.pp > 1 && !(kind.fixed & kAskPp)},
                                                     {Feature::Cp, l.cp > 1 && !(kind.fixed & kAskCp)},
                                                     {Feature::Ep, l.ep > 1},
                                                     {Feature::RecomputeSelective, l.recompute == Recompute::Selective},
                                                     {Feature::Zero1, l.zero == 1 && !(kind.fixed & kAskZero)}};
            for (const auto& [feature, on] : used)
              if (on) CHECK(RlCapability(f, k, job.stack_year, feature, job.rl.Dpo()).auto_ok);
            if (f == RlFramework::Openrlhf || f == RlFramework::DeepspeedChat || f == RlFramework::Trl)
              CHECK(l.pp == 1);
            if ((f == RlFramework::Verl || f == RlFramework::NemoRl) && k != StackKind::Megatron) CHECK(l.pp == 1);
            if (f == RlFramework::Verl && k != StackKind::Megatron) CHECK(l.tp == 1);
            // Every framework checkpoints whole layers or none (a bool); only verl's Megatron backend has Megatron's
            // selective recomputation. verl's FSDP actor shards as ZeRO-3 or ZeRO-2, never the optimizer alone.
            if (!(f == RlFramework::Verl && k == StackKind::Megatron)) CHECK(l.recompute != Recompute::Selective);
            if (f == RlFramework::Verl && k != StackKind::Megatron && !(kind.fixed & kAskZero)) CHECK(l.zero != 1);
          });
          ++(planned ? searched : refused);  // explicit pp=2 (and others) where the framework lacks it: refused
        }
  CHECK(searched > 40);
  CHECK(refused > 10);  // explicit pp=2 (and others) where the framework lacks it
}

// What each RL framework trains and generates with (RlOfferTable): every goal x framework x engine x method, each on
// auto too, resolves only to a combination the table offers, and with the framework and engine on auto it always
// resolves (auto chooses inside the table).
TEST_CASE("rl offers: no goal, framework and engine outside the table, and auto always finds one",
          "[capabilities][rl]") {
  int resolved = 0, refused = 0;
  for (const char* goal : {"grpo", "ppo", "dpo"})
    for (const char* fw : {"auto", "verl", "openrlhf", "nemo-rl", "trl", "deepspeed-chat"})
      for (const char* engine : {"auto", "vllm", "sglang", "hf"})
        for (const char* method : {"full", "lora", "qlora"}) {
          const std::string link = std::string("#v=1&model=llama3.1-8b&gpu=h100&gpus=8&stack_year=2026&goal=") + goal +
                                   "&rl_framework=" + fw + "&rl_engine=" + engine + "&method=" + method;
          INFO(link);
          Config c;
          std::vector<ConfigIssue> issues;
          ApplyLink(c, link, issues);
          REQUIRE(issues.empty());
          const Job job = ResolveJob(c, issues);
          if (HasErrors(issues)) {
            ++refused;
            // Both on auto, the planner must find a framework and engine that run the goal and the method.
            CHECK_FALSE((std::string(fw) == "auto" && std::string(engine) == "auto"));
            continue;
          }
          ++resolved;
          const RlAlgo algo = job.rl.algo;
          CHECK(RlOffer(job.rl.framework, algo));
          if (algo != RlAlgo::Dpo) CHECK(RlOffer(job.rl.framework, algo, job.rl.engine));
        }
  CHECK(resolved > 60);
  CHECK(refused > 60);
}

}  // namespace capabilities_test
