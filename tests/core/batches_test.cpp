// batches_test.cpp — an auto global batch is the stack's recipe batch in tokens (core/stack/batches.h),
// converted to sequences at the plan's length; the search never grows it beyond the recipe's (issue #29).
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

#include "batches.h"
#include "enums.h"
#include "format.h"
#include "planner.h"
#include "stack.h"
#include "test_data.h"
#include "test_links.h"

// This file's names, apart from the other test files' (cmake/test_executable.cmake: a unity build).
namespace batches_test {

using namespace tp;

namespace {
PlanOutput PlanOf(const std::string& link) {
  PlanOutput o = MakePlan(testing::FromLink(link));
  REQUIRE(o.ok);
  return o;
}
double TokensPerStep(const PlanOutput& o) { return double(o.plan.global_batch) * o.job.work.seq; }
// A plan's best settings ("recompute=full logit_bytes=0.192 mbs=1") as link pairs to append to a link.
std::string AsPairs(const std::string& settings) {
  std::string pairs;
  for (char c : settings) pairs += c == ' ' ? '&' : c;
  return settings.empty() ? "" : "&" + pairs;
}
// Best settings without one key's pair ("recompute=full logit_bytes=0.192 mbs=1" less logit_bytes).
std::string WithoutKey(const std::string& settings, const std::string& key) {
  std::string out;
  size_t from = 0;
  while (from <= settings.size()) {
    const size_t to = std::min(settings.find(' ', from), settings.size());
    const std::string pair = settings.substr(from, to - from);
    if (!pair.empty() && pair.rfind(key + "=", 0) != 0) out += (out.empty() ? "" : " ") + pair;
    from = to + 1;
  }
  return out;
}
bool Said(const PlanOutput& o, const std::string& words) {
  for (const ConfigIssue& is : o.issues)
    if (is.key == "gbs" && is.notice && is.message.find(words) != std::string::npos) return true;
  return false;
}
}  // namespace

TEST_CASE("recipe batches: tokens per step by stack, goal and size, each with its source", "[batches]") {
  const StackProfile& megatron = *FindStack("megatron");
  CHECK(RecipeBatchFor(megatron, false, 1.2e9).tokens == 1048576);
  CHECK(RecipeBatchFor(megatron, false, 7e9).tokens == 2097152);
  CHECK(RecipeBatchFor(megatron, false, 70e9).tokens == 4194304);
  CHECK(RecipeBatchFor(megatron, false, 405e9).tokens == 16777216);  // Llama 3 405B's 16M (Dubey et al. 2024)
  CHECK(RecipeBatchFor(megatron, true, 8e9).tokens == 32768);        // Megatron-Bridge SFT / PEFT: 8 x 4096
  CHECK_FALSE(RecipeBatchFor(megatron, true, 8e9).per_replica);
  CHECK(RecipeBatchFor(*FindStack("hf"), true, 8e9).per_replica);  // per_device_train_batch_size x accumulation
  CHECK(RecipeBatchFor(*FindStack("unsloth"), true, 8e9).tokens == 16384);
  for (const StackProfile& s : Stacks())
    for (bool ft : {false, true})
      for (double p : {1e9, 8e9, 70e9, 700e9}) {
        const RecipeBatch& r = RecipeBatchFor(s, ft, p);
        CHECK(r.tokens > 0);
        CHECK(std::string(r.source).find('@') != std::string::npos);  // a repository path at a commit, or a paper
      }
  CHECK(SequencesOf(2097152, 4096) == 512);
  CHECK(SequencesOf(2097152, 131072) == 16);
  CHECK(SequencesOf(16384, 32768) == 1);  // at least one sequence
}

// A mixture of experts under 200B is sized by its active parameters (ResolveBatch): the notice says so, or "2B-20B
// parameters" reads against a 30.5B model; a dense model's notice is the recipe's words alone.
TEST_CASE("an auto batch's notice names a MoE's active parameters where they chose the recipe", "[batches]") {
  auto notice = [](const char* link) {
    const PlanOutput out = MakePlan(testing::FromLink(link));
    REQUIRE(out.ok);
    for (const ConfigIssue& i : out.issues)
      if (i.key == "gbs" && i.notice) return i.message;
    return std::string();
  };
  const std::string moe = notice("#v=1&model=qwen3-30b-a3b&gpu=h100&gpus=16");
  INFO(moe);
  CHECK(moe.find("2B-20B parameters") != std::string::npos);
  CHECK(moe.find("by the model's 3.35 B active parameters") != std::string::npos);
  CHECK(notice("#v=1&model=llama3.1-8b&gpu=h100&gpus=16").find("active parameters") == std::string::npos);
}

TEST_CASE("an auto batch is tokens, not sequences: 128K context steps 16 sequences of an 8B, not 1,024", "[batches]") {
  const PlanOutput at4k = PlanOf("#v=1&model=llama3-8b&gpu=h100&gpus=64");
  const PlanOutput at128k = PlanOf("#v=1&model=llama3-8b&gpu=h100&gpus=64&seq=128k");
  CHECK(TokensPerStep(at4k) == 2097152);
  CHECK(TokensPerStep(at128k) <= 2097152);  // was 1,024 x 131,072 = 134 M tokens per step
  CHECK(at128k.plan.global_batch <= 16);
  CHECK(Said(at4k, "2,097,152 tokens per step"));
  CHECK(Said(at4k, "published recipes"));
}

TEST_CASE("the search never grows an auto batch beyond the recipe's: Llama 3.1 405B on 16,384 H100 at 16 M tokens",
          "[batches]") {
  // Before: the search chose dp = 16,384 and grew the batch to one sequence per replica, 67 M tokens per step.
  const PlanOutput o = PlanOf("#v=1&model=llama3.1-405b&gpu=h100&gpus=16384&seq=8192");
  CHECK(TokensPerStep(o) <= 16777216);
  CHECK(o.plan.global_batch % (o.plan.layout.dp * o.plan.layout.mbs) == 0);
  // A layout the user fixes whose one step holds more is planned, and the notice says why the batch is larger.
  const PlanOutput wide = PlanOf("#v=1&model=llama2-7b&gpus=1024&tp=1&pp=1&cp=1&ep=1&vp=1&mbs=1");
  CHECK(wide.plan.global_batch == 1024);
  CHECK(Said(wide, "cannot run fewer"));
  // A batch the user gives is theirs.
  CHECK(PlanOf("#v=1&model=llama2-7b&gpus=64&gbs=2048").plan.global_batch == 2048);
  // The cap is judged on the layouts the stack runs: torchtune (no tensor or pipeline parallelism) on 640 GPUs holds
  // more than its recipe's 16 sequences on every layout it can run. Before, layouts it cannot run (TP 4 x PP 32) kept
  // the cap, which then left nothing to search, and the plan was refused on a key the user never gave (zero).
  for (const char* gpus : {"640", "1024"}) {
    INFO(gpus);
    const PlanOutput many = PlanOf(
        std::string("#v=1&model=llama3.1-8b&goal=finetune&stack=torchtune&method=lora&gpu=rtx3090&gpus=") + gpus);
    CHECK(many.plan.layout.tp == 1);
    CHECK(many.plan.layout.pp == 1);
    CHECK(many.plan.global_batch > 16);
    CHECK(Said(many, "cannot run fewer"));
  }
}

TEST_CASE("fine-tuning batches follow each stack's recipes", "[batches]") {
  // The Trainer's recipes count per GPU: 16,384 tokens = 8 sequences of 2,048 on one RTX 4090 (LLaMA-Factory,
  // Unsloth: 2 x 4 x 2,048), 4 of 4,096.
  CHECK(PlanOf("#v=1&model=llama3-8b&gpu=rtx4090&gpus=1&method=qlora").plan.global_batch == 8);
  CHECK(PlanOf("#v=1&model=llama3-8b&gpu=rtx4090&gpus=1&method=qlora&seq=4096").plan.global_batch == 4);
  const PlanOutput dp4 = PlanOf("#v=1&model=llama3-8b&gpu=a100-80g&gpus=4&method=lora&tp=1&pp=1&cp=1");
  CHECK(dp4.plan.global_batch == 32);
  CHECK(Said(dp4, "per data-parallel rank"));
  // Megatron-Bridge and torchtune state a global batch: 32,768 tokens, 16 sequences of 2,048, on any cluster.
  CHECK(PlanOf("#v=1&model=llama3-8b&gpu=h100&gpus=8&method=full&goal=finetune&stack=megatron").plan.global_batch ==
        16);
  CHECK(PlanOf("#v=1&model=llama3-8b&gpu=h100&gpus=8&method=lora&stack=torchtune").plan.global_batch == 16);
}

TEST_CASE("a published large layout without vp runs interleaved at its published speed: Llama 3.1 405B TP8 PP16",
          "[batches]") {
  // Dubey et al. 2024 Table 4: 16,384 H100, TP 8, CP 1, PP 16, DP 128, 16M tokens per batch at 8K, 38-43 % MFU
  // (400 TFLOP/s per GPU). The recipe batch (2,048 sequences, 16 micro-batches per pipeline) lets the search
  // choose the interleaved schedule; the old auto batch (1,024, 8 micro-batches) left only 1F1B at 26 % MFU.
  const PlanOutput o = PlanOf(
      "#v=1&model=llama3.1-405b&gpu=h100&gpus=16384&seq=8192&tp=8&pp=16&cp=1&recompute=none&stack=fsdp&stack_year="
      "2024&modeling=megatron");
  CHECK(o.plan.global_batch == 2048);
  CHECK(o.plan.layout.vp > 1);
  CHECK(o.plan.throughput.mfu > 0.34);
  CHECK(o.plan.throughput.mfu < 0.50);
  // The same layout on the default stack (Megatron-Core), as a user who names no stack plans it: 16 micro-batches
  // on 16 stages, so the interleaved schedule runs every forward first and holds 16 micro-batches, not Narayanan et
  // al.'s 16 x (1 + 15 / (16 v)) (more than the step has). Before: no interleaving fitted, 1F1B at 26 % MFU.
  const PlanOutput m = PlanOf("#v=1&model=llama3.1-405b&gpu=h100&gpus=16384&seq=8192&tp=8&pp=16&cp=1&recompute=none");
  CHECK(std::string(m.job.stack->id) == "megatron");
  CHECK(m.plan.layout.vp > 1);
  CHECK(m.plan.memory.fits);
  CHECK(m.plan.throughput.mfu == Approx(400.0 / 989).epsilon(0.15));  // Table 4: 400 TFLOP/s per GPU
}

TEST_CASE("the most this card can do: the longest sequence with the best settings the stack allows", "[max_seq]") {
  // Unsloth QLoRA of an 8B on one RTX 4090 (issue #29): the current settings reach a few thousand tokens, full
  // recomputation at micro-batch 1 (and the stack's offloads) 16K and more.
  const PlanOutput o =
      PlanOf("#v=1&model=llama3-8b&gpu=rtx4090&gpus=1&method=qlora&stack=unsloth&mbs=2&recompute=none");
  const BestSeq& b = o.best_seq;
  CHECK(b.max_seq >= o.plan.memory.max_seq);
  CHECK(b.max_seq >= 16384);
  CHECK(b.settings.find("recompute=full") != std::string::npos);
  CHECK(b.settings.find("mbs=1") != std::string::npos);
  // The settings are keys: planned with them, the longest sequence fits, and one token more does not.
  const std::string fixed = "#v=1&model=llama3-8b&gpu=rtx4090&gpus=1&method=qlora&stack=unsloth&tp=1&pp=1&cp=1&mbs=2" +
                            std::string("&recompute=none&offload=") + Name(b.layout.offload) + AsPairs(b.settings);
  CHECK(PlanOf(fixed + "&seq=" + std::to_string(b.max_seq)).plan.memory.fits);
  CHECK_FALSE(PlanOf(fixed + "&seq=" + std::to_string(b.max_seq + 1)).plan.memory.fits);
  // A plan already at its best settings says so with no settings.
  const PlanOutput best =
      PlanOf("#v=1&model=llama3-8b&gpu=rtx4090&gpus=1&method=qlora&stack=unsloth&tp=1&pp=1&cp=1&mbs=1&" +
             std::string("recompute=full&offload=") + Name(b.layout.offload) +
             (b.offload_act ? "&offload_act=1" : "&offload_act=0"));
  CHECK(best.best_seq.settings.empty());
  CHECK(best.best_seq.max_seq == Approx(best.plan.memory.max_seq).epsilon(0.02));
}

TEST_CASE("the most this card can do: the largest micro-batch with the best settings the stack allows", "[max_seq]") {
  // A full fine-tune of an 8B on 8 RTX 4090 with DeepSpeed, its layout fixed without recomputation or offload: one
  // sequence of 2,048 at most; with full recomputation and ZeRO-Offload (what DeepSpeed runs) several.
  const std::string base =
      "#v=1&model=llama3-8b&gpu=rtx4090&gpus=8&goal=finetune&method=full&stack=deepspeed&tp=1&pp=1&"
      "cp=1&zero=3&mbs=1&seq=2048";
  const PlanOutput o = PlanOf(base + "&recompute=none&offload=none");
  const BestSeq& b = o.best_seq;
  CHECK(b.max_micro_batch > o.plan.memory.max_micro_batch);
  CHECK(b.mbs_settings.find("recompute=full") != std::string::npos);
  CHECK(b.mbs_settings.find("mbs=") == std::string::npos);  // the micro-batch is the answer, not a setting
  // Planned with those settings (the keys as given), its largest micro-batch is the answer.
  const PlanOutput at = PlanOf(base + "&recompute=none&offload=none" + AsPairs(b.mbs_settings));
  CHECK(at.plan.memory.max_micro_batch == b.max_micro_batch);
  CHECK(at.best_seq.mbs_settings.empty());
}

TEST_CASE("the most this card can do: a fused linear cross-entropy where the stack runs one", "[max_seq]") {
  // Transformers' Trainer runs Liger Kernel's fused linear cross-entropy (use_liger_kernel): the logits chunk by
  // chunk, never whole. Llama 3's 128K vocabulary makes the loss most of a long sequence's memory (12 B per logit
  // in the Trainer's own loss): QLoRA of an 8B on one RTX 4090 reaches twice the sequence with it.
  const std::string hf = "#v=1&model=llama3-8b&gpu=rtx4090&gpus=1&method=qlora&stack=hf&tp=1&pp=1&cp=1&seq=2048";
  const PlanOutput o = PlanOf(hf);
  const BestSeq& b = o.best_seq;
  INFO(b.settings);
  // 3 x 2 B x hidden / vocab: 0.1916 B per logit, printed at three digits rounded up.
  CHECK(b.settings.find("logit_bytes=0.192") != std::string::npos);
  CHECK(b.mbs_settings.find("logit_bytes=0.192") != std::string::npos);
  // The same settings without the fused loss reach less than half as far; with it, planned as the keys say, the
  // answer fits and one token more does not.
  const PlanOutput plain = PlanOf(hf + AsPairs(WithoutKey(b.settings, "logit_bytes")) + "&mbs=1");
  CHECK(b.max_seq > 2 * plain.plan.memory.max_seq);
  CHECK(PlanOf(hf + AsPairs(b.settings) + "&seq=" + std::to_string(b.max_seq)).plan.memory.fits);
  CHECK_FALSE(PlanOf(hf + AsPairs(b.settings) + "&seq=" + std::to_string(b.max_seq + 1)).plan.memory.fits);
  // A smaller loss the user gives is kept; a stack whose own loss is already fused (Unsloth) or has none beyond it
  // (Megatron-Core's vocabulary-parallel cross-entropy takes the whole logits) offers none.
  CHECK(PlanOf(hf + "&logit_bytes=0.05").best_seq.settings.find("logit_bytes") == std::string::npos);
  CHECK(PlanOf("#v=1&model=llama3-8b&gpu=rtx4090&gpus=1&method=qlora&stack=unsloth")
            .best_seq.settings.find("logit_bytes") == std::string::npos);
  CHECK(
      PlanOf("#v=1&model=llama3-8b&gpu=h100&gpus=8&method=lora&stack=megatron").best_seq.settings.find("logit_bytes") ==
      std::string::npos);
  // torchtune's LinearCrossEntropyLoss (2025-04): its chunks' fp32 log-softmax kept, 5.25 B per logit against the
  // 6.5 of CEWithChunkedOutputLoss; not in a 2024 release.
  const std::string tune = "#v=1&model=llama3-8b&gpu=rtx4090&gpus=1&method=lora&stack=torchtune";
  CHECK(PlanOf(tune + "&stack_year=2025").best_seq.settings.find("logit_bytes=5.25") != std::string::npos);
  CHECK(PlanOf(tune + "&stack_year=2024").best_seq.settings.find("logit_bytes") == std::string::npos);
}

// docs/memory.md quotes "the most this card can do" for two QLoRA runs of an 8B on one RTX 4090: its figures are the
// planner's, so the prose cannot fall behind the model (its Unsloth figures once did).
TEST_CASE("the longest sequences docs/memory.md quotes are the planner's", "[max_seq][docs]") {
  const std::string doc = testing::ReadTestData("../../docs/memory.md");
  auto quoted = [&](int tokens) {
    INFO(tokens);
    CHECK(doc.find(Thousands(tokens)) != std::string::npos);
  };
  const std::string qlora = "#v=1&model=llama3-8b&gpu=rtx4090&gpus=1&method=qlora";
  const PlanOutput unsloth = PlanOf(qlora + "&stack=unsloth");
  quoted(int(unsloth.plan.memory.max_seq));
  quoted(unsloth.best_seq.max_seq);
  const PlanOutput hf = PlanOf(qlora + "&stack=hf");
  quoted(hf.best_seq.max_seq);
  // The Trainer's own loss at the same settings and micro-batch 1.
  quoted(int(PlanOf(qlora + "&stack=hf" + AsPairs(WithoutKey(hf.best_seq.settings, "logit_bytes")) + "&mbs=1")
                 .plan.memory.max_seq));
}

}  // namespace batches_test
