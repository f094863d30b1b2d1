// launch_models.h — what each framework calls a model: its Hugging Face id (from each preset's source in
// assets/models.json), torchtune's builder and tokenizer, torchtitan's model and flavor, and the projection
// names LoRA targets.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "arch.h"
#include "config.h"

namespace tp::launch {

// The Hugging Face id of cfg's model: the `name` key, else the preset's id; "" when neither is known.
std::string ModelId(const Config& cfg);
// The preset cfg plans: its `model`, or the preset `name` stands for (an imported config.json's).
std::string PresetOf(const Config& cfg);

// torchtune v0.6.1: "torchtune.models.llama3_1.lora_llama3_1_8b" for the method; "" when none exists.
std::string TorchtuneBuilder(const Config& cfg, Method method);
std::string TorchtuneTokenizer(const Config& cfg);
const char* TorchtuneModelType(const Config& cfg);  // the checkpointer's model_type ("LLAMA3")
// The preset of a builder's name ("lora_llama3_1_8b" -> "llama3.1-8b"); "" when it is none of ours.
std::string PresetOfTorchtuneBuilder(std::string_view component);

// torchtitan v0.2.2: model.name and model.flavor; name null when it has none.
struct TitanModel {
  const char* name = nullptr;
  const char* flavor = nullptr;
};
TitanModel TorchtitanModel(const Config& cfg);
std::string PresetOfTorchtitan(std::string_view name, std::string_view flavor);
// torchtitan's parallelism.pipeline_parallel_schedule for a planned schedule: torch.distributed.pipelining's names
// (get_schedule_class, read case-insensitively): 1F1B, Interleaved1F1B, ZBVZeroBubble, DualPipeV; null for the
// planner's ZB-H1, ZB-H2 and DualPipe, which it has no single-chunk or two-copy form of. PipeSchedule as an int.
const char* TorchtitanSchedule(int schedule);
// The planned schedule of such a name (any case), -1 for a name the planner has no schedule for (GPipe, LoopedBFS,
// InterleavedZeroBubble, ...).
int ScheduleOfTorchtitan(std::string_view name);

// LoRA targets (the lora_targets key: qv, attn, all, dense) as the model's projection names (Hugging Face modules),
// `model` the planned architecture (the job's: "dense" names its dense layers' and shared experts' MLPs). Phi-3 and
// Phi-4 fuse q, k and v into qkv_proj; `rewritten` is set when "qv" had to become it.
std::vector<std::string> HfTargetModules(const Config& cfg, const ModelArch& model, const std::string& targets,
                                         bool* rewritten = nullptr);
// The routed experts' weights as PEFT's LoraConfig.target_parameters names them (PEFT v0.17+, a suffix of the
// parameter's name): Transformers v5 keeps every mixture of experts' routed experts as two 3-D parameters per layer,
// gate_up_proj and down_proj (nn.Parameter, not nn.Linear), which target_modules (all-linear, or gate_proj and the
// like) never reach; Axolotl's lora_target_parameters passes them to PEFT. Empty for a model without routed experts.
// Sources: peft src/peft/tuners/lora/config.py target_parameters @5d602fd ("in many mixture of expert (MoE) layers in
// HF Transformers, instead of using nn.Linear, an nn.Parameter is used"); axolotl
// examples/expert_parallel/qwen3_30ba3b_ep_lora_4gpu.yaml @HEAD ("Target routed experts (3D nn.Parameter tensors,
// not nn.Linear — use lora_target_parameters)": mlp.experts.gate_up_proj, mlp.experts.down_proj).
std::vector<std::string> HfExpertParameters(const ModelArch& model);
// Module names back to the key's value: "all" when an MLP projection (or all-linear) is among them, "attn"
// when k or o is, "qv" for q and v; "" when none is a projection TrainPlan knows.
std::string TargetsOfModules(const std::vector<std::string>& modules);

}  // namespace tp::launch
