// dora_test.cpp — what DoRA adds to a LoRA step (core/estimate/dora.h: the rescaling's saved operands, the
// weight-norm temporaries, PEFT's base GEMM run again before v0.14 or with dropout).
#include <catch2/catch.hpp>
#include <string>

#include "planner.h"
#include "test_links.h"

// This file's names, apart from the other test files' (cmake/test_executable.cmake: a unity build).
namespace dora_test {

using namespace tp;
using tp::testing::PlanLink;

namespace {

// Llama 3.1 8B on one A100 80GB, the whole model adapted, no recomputation: every layer's saves stay.
const std::string kLlama =
    "#v=1&model=llama3.1-8b&gpu=a100-80g&gpus=1&seq=2048&mbs=1&gbs=8&recompute=none&lora_targets=all&lora_r=16";

}  // namespace

TEST_CASE("DoRA keeps the rescaling's operands: 4 bytes per output element per token under PEFT", "[dora]") {
  const PlanOutput lora = PlanLink(kLlama + "&method=lora&stack=hf");
  const PlanOutput dora = PlanLink(kLlama + "&method=dora&stack=hf");
  // PEFT's DoraLinearLayer.forward keeps the base output (bf16) and the adapter output (bf16 under autocast) for the
  // magnitude's gradient: the output widths of q, k, v, o, gate, up and down, 4096 + 1024 + 1024 + 4096 + 14336 +
  // 14336 + 4096 = 43,008 per layer, 32 layers, 2,048 tokens.
  const double outputs = 4096 + 1024 + 1024 + 4096 + 14336 + 14336 + 4096;
  const double expected = 4.0 * outputs * 32 * 2048;
  CHECK(dora.plan.memory.activations - lora.plan.memory.activations == Approx(expected).epsilon(0.01));
  // The weight norm's largest temporary: PEFT's fp32 identity for down_proj's 14,336 inputs and its bf16 copy,
  // 6 B x 14,336^2 (1.23 GB), beside the other allocator temporaries.
  CHECK(dora.plan.memory.other - lora.plan.memory.other >= 6.0 * 14336.0 * 14336.0);
  CHECK(dora.plan.step.seconds > lora.plan.step.seconds);
  // torchtune's DoRALinear keeps the same two operands in bf16; Megatron-Bridge's keeps their sum (2 B).
  const PlanOutput tt_lora = PlanLink(kLlama + "&method=lora&stack=torchtune");
  const PlanOutput tt_dora = PlanLink(kLlama + "&method=dora&stack=torchtune");
  CHECK(tt_dora.plan.memory.activations - tt_lora.plan.memory.activations == Approx(expected).epsilon(0.01));
}

TEST_CASE("PEFT's DoRA before v0.14 runs the base GEMM again, and with lora_dropout it still does", "[dora]") {
  // 338aeff3 (PEFT v0.14.0, 2024-12) reuses the base output when lora_dropout is 0. The stack's fitted efficiency
  // differs by release year, so each release's DoRA step is compared with its own LoRA step.
  auto dora_share = [](const std::string& extra) {
    const PlanOutput lora = PlanLink(kLlama + "&method=lora&stack=hf" + extra);
    const PlanOutput dora = PlanLink(kLlama + "&method=dora&stack=hf" + extra);
    return dora.plan.step.seconds / lora.plan.step.seconds;
  };
  CHECK(dora_share("&stack_year=2024") > dora_share("&stack_year=2025") + 0.05);
  CHECK(dora_share("&stack_year=2025&lora_dropout=0.05") > dora_share("&stack_year=2025") + 0.05);
  // QDoRA through PEFT before v0.14 keeps the dequantised weight F.linear needs for its input gradient: a 16-bit
  // copy of every adapted matrix, layer by layer.
  const PlanOutput q24 = PlanLink(kLlama + "&method=qdora&stack=hf&stack_year=2024");
  const PlanOutput q25 = PlanLink(kLlama + "&method=qdora&stack=hf&stack_year=2025");
  const double adapted = 4096.0 * (4096 + 1024 + 1024 + 4096) + 3 * 4096.0 * 14336;  // k x n summed
  CHECK(q24.plan.memory.activations - q25.plan.memory.activations == Approx(2.0 * adapted * 32).epsilon(0.01));
}

}  // namespace dora_test
