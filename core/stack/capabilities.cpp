// capabilities.cpp — the capability table (capabilities.h): per stack and release, each feature native, an
// extension (named), not verified or absent, with its source. The rows are the research of issue #29
// (per stack: the framework's repository read at the commit named, `git log -S` for the year a feature
// arrived); a year before a feature's first row answers absent ("not yet"). Where the research found a
// feature only in documents, or could not read the code (DeepSpeed after 2025-02, Transformers itself), the
// row says Unverified: resolve warns, the search does not choose it.
#include "capabilities.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <string>

#include "text.h"

namespace tp {

// clang-format off (a data table: stack, feature, since, support, via, auto_ok, source)
const std::vector<CapabilityRow>& CapabilityTable() {
  using K = StackKind;
  using F = Feature;
  using S = Support;
  // The fused linear cross-entropy the Transformers Trainer patches in (the fused loss rows of the stacks that run
  // Transformers models: hf, and DeepSpeed and FSDP under the Trainer).
  static constexpr const char* kLigerFusedLoss =
      "huggingface/transformers src/transformers/training_args.py@fd798335c275520af034c678b35e8167820c7c80:"
      " 'use_liger_kernel (`bool`, *optional*, defaults to `False`): Whether enable"
      " [Liger](https://github.com/linkedin/Liger-Kernel) Kernel for LLM model training. It can effectively"
      " increase multi-GPU training throughput by ~20% and reduces memory usage by ~60%, works out of the box"
      " with flash attention, PyTorch FSDP, and Microsoft DeepSpeed'; linkedin/Liger-Kernel"
      " src/liger_kernel/ops/fused_linear_cross_entropy.py@00eba634c2e9b5f05badbfb67e9b0a4caba301a2: 'Bound"
      " transient logits to C x BT x H' (chunks of next_power_of_2(BT / ceil(V / H)) rows, the logits gradient"
      " written in place, grad_input = torch.zeros_like(_input)); Transformers models only (the Trainer patches"
      " them); first Liger release 2024 (INFERRED: the flag names liger-kernel, published 2024-08)";
  static const std::vector<CapabilityRow> rows = {
      {K::Megatron, F::MethodFull, 2020, S::Native, "", true,
       "NVIDIA/Megatron-LM megatron/training/arguments.py@d98e8a64ddf34856e74b24714e3bedb2f5a39553:"
       " pretraining/fine-tuning of all weights is the only mode of Megatron-Core itself"},
      {K::Megatron, F::MethodLora, 2023, S::Extension, "NeMo / Megatron-Bridge PEFT", true,
       "NVIDIA/NeMo nemo/collections/nlp/modules/common/megatron/adapters/parallel_adapters.py@8cfedd720"
       "3462cb251a914e700e5605444277561: LoraKQVAdapter (first commit 4b2a8569, 2023-04-26); NeMo 2.0:"
       " NVIDIA/NeMo nemo/collections/llm/peft/lora.py@8cfedd7203462cb251a914e700e5605444277561: class"
       " LoRA (first commit a140dcf0, 2024-07-04); NVIDIA-NeMo/Megatron-Bridge"
       " src/megatron/bridge/peft/lora.py@067f987df03b8355b03192d88d70f1709fedf51a: class LoRA(PEFT,"
       " ModuleMatcher) (first commit 5b90f8bd, 2025-06-12)"},
      {K::Megatron, F::MethodQlora, 0, S::Absent, "", false,
       "QLoRA (NF4) only in NeMo 1.x's nlp collection, not in Megatron-Core, NeMo 2 llm.peft nor"
       " Megatron-Bridge peft (grep 'nf4|qlora' empty): NVIDIA/NeMo"
       " nemo/collections/nlp/modules/common/megatron/adapters/qlora.py@8cfedd7203462cb251a914e700e56054"
       "44277561: class NF4Weight(nn.Parameter) (first commit a496abfc, 2024-05-01)"},
      {K::Megatron, F::Tp, 2020, S::Native, "", true,
       "NVIDIA/Megatron-LM megatron/core/model_parallel_config.py@d98e8a64ddf34856e74b24714e3bedb2f5a395"
       "53: tensor_model_parallel_size: int = 1"},
      {K::Megatron, F::Sp, 2022, S::Native, "", true,
       "NVIDIA/Megatron-LM megatron/core/model_parallel_config.py@d98e8a64ddf34856e74b24714e3bedb2f5a395"
       "53: sequence_parallel: bool = False (first commit c0f10643, 2022-03-02; Korthikanti et al. 2022)"},
      {K::Megatron, F::Pp, 2021, S::Native, "", true,
       "NVIDIA/Megatron-LM megatron/core/pipeline_parallel/schedules.py@d98e8a64ddf34856e74b24714e3bedb2"
       "f5a39553: def forward_backward_pipelining_without_interleaving"},
      {K::Megatron, F::Interleaved, 2021, S::Native, "", true,
       "NVIDIA/Megatron-LM megatron/core/pipeline_parallel/schedules.py@d98e8a64ddf34856e74b24714e3bedb2"
       "f5a39553: def forward_backward_pipelining_with_interleaving"
       " (virtual_pipeline_model_parallel_size first commit dd889062, 2021-02-09; first tag v2.5)"},
      {K::Megatron, F::Cp, 2023, S::Native, "", true,
       "NVIDIA/Megatron-LM megatron/core/model_parallel_config.py@d98e8a64ddf34856e74b24714e3bedb2f5a395"
       "53: context_parallel_size: int = 1 (first commit 80590f98, 2023-08-09; first tag core_v0.4.0)"},
      {K::Megatron, F::Ep, 2023, S::Native, "", true,
       "NVIDIA/Megatron-LM megatron/core/model_parallel_config.py@d98e8a64ddf34856e74b24714e3bedb2f5a395"
       "53: expert_model_parallel_size: int = 1 (first commit e8c22152, 2023-10-06; first tag"
       " core_v0.4.0)"},
      {K::Megatron, F::Dp, 2020, S::Native, "", true,
       "NVIDIA/Megatron-LM: data-parallel size = world size / (tp x pp x cp), gradients all-reduced by its"
       " DistributedDataParallel (megatron/core/distributed/distributed_data_parallel.py; Narayanan et al."
       " 2021, PTD-P: data x tensor x pipeline)"},
      {K::Megatron, F::Zero1, 2022, S::Native, "", true,
       "NVIDIA/Megatron-LM megatron/training/arguments.py@d98e8a64ddf34856e74b24714e3bedb2f5a39553:"
       " --use-distributed-optimizer (first commit 329fe582, 2022-02-10): distributed optimizer ="
       " ZeRO-1 (optimizer states + fp32 master sharded over dp)"},
      {K::Megatron, F::Zero2, 2025, S::Native, "", true,
       "NVIDIA/Megatron-LM megatron/training/arguments.py@d98e8a64ddf34856e74b24714e3bedb2f5a39553:"
       " --data-parallel-sharding-strategy choices=['no_shard','optim','optim_grads','optim_grads_params"
       "'] (Megatron-FSDP: optim_grads = ZeRO-2; --use-custom-fsdp first tag core_v0.12.0, renamed"
       " --use-megatron-fsdp in core_v0.14.0)"},
      {K::Megatron, F::Zero3, 2025, S::Native, "", true,
       "Megatron-FSDP optim_grads_params (default of --data-parallel-sharding-strategy), core_v0.12.0+;"
       " also --use-torch-fsdp2 (first tag core_r0.10.0, 2025-02) which 'is not supported with pipeline"
       " parallelism' / 'with expert parallelism' (arguments.py)"},
      {K::Megatron, F::Hsdp, 2025, S::Native, "", false,
       "NVIDIA/Megatron-LM "
       "megatron/core/distributed/distributed_data_parallel_config.py@001199898c4badd01eaf0785c212d8ed"
       "7ce83042: num_distributed_optimizer_instances 'Sets the factor by which the DP domain is sharded to have the"
       " partial DistOpt enabled' (dp_shard = dp / instances; Megatron-FSDP's HSDP takes the same key,"
       " outer_dp_sharding_strategy 'no_shard'); first release year INFERRED (Megatron-Core 0.10-0.11)"},
      {K::Megatron, F::OffloadOptimizerCpu, 2025, S::Native, "", true,
       "NVIDIA/Megatron-LM megatron/training/arguments.py@d98e8a64ddf34856e74b24714e3bedb2f5a39553:"
       " --optimizer-cpu-offload 'Offload optimizer state to CPU'; --optimizer-offload-fraction;"
       " HybridDeviceOptimizer (megatron/core/optimizer/cpu_offloading/hybrid_optimizer.py) (first"
       " commit dfa77a76 2024-11-06; first tag core_v0.12.0, 2025-05); requires"
       " --use-precision-aware-optimizer"},
      {K::Megatron, F::OffloadParamsCpu, 2024, S::Unverified, "", false,
       "TE layer-wise CPU offload of weights, not a ZeRO-3-style offload of parameter shards:"
       " NVIDIA/Megatron-LM megatron/core/model_parallel_config.py@d98e8a64ddf34856e74b24714e3bedb2f5a39"
       "553: cpu_offloading_weights: bool = False 'If True, offloads the weights to CPU' (TE layer-wise"
       " CPU offload, cpu_offloading first tag core_v0.5.0)"},
      {K::Megatron, F::OffloadNvme, 0, S::Absent, "", false,
       "no NVMe path in megatron/ (git grep -i nvme: only an MSC cache note)"},
      {K::Megatron, F::OffloadActivations, 2024, S::Native, "", true,
       "NVIDIA/Megatron-LM megatron/core/model_parallel_config.py@d98e8a64ddf34856e74b24714e3bedb2f5a395"
       "53: cpu_offloading: 'all the activations are offloaded to the CPU asynchronously';"
       " cpu_offloading_num_layers (first tag core_v0.5.0, 2024-02); fine-grained module-level:"
       " NVIDIA/Megatron-LM megatron/core/transformer/transformer_config.py@d98e8a64ddf34856e74b24714e3b"
       "edb2f5a39553: fine_grained_activation_offloading / offload_modules (first tag core_v0.16.0,"
       " 2026-02)"},
      {K::Megatron, F::FusedLoss, 0, S::Absent, "", false,
       "NVIDIA/Megatron-LM"
       " megatron/core/tensor_parallel/cross_entropy.py@d98e8a64ddf34856e74b24714e3bedb2f5a39553:"
       " vocab_parallel_cross_entropy takes the output layer's whole logits; git grep -i"
       " linear_cross_entropy in megatron/: none"},
      {K::Megatron, F::RecomputeSelective, 2022, S::Native, "", true,
       "NVIDIA/Megatron-LM megatron/core/transformer/transformer_config.py@d98e8a64ddf34856e74b24714e3be"
       "db2f5a39553: recompute_granularity 'selective' ... default is \"core_attn\" (first commit"
       " bbab79f8, 2022-05-16); --recompute-modules (core_attn, moe_act, layernorm, mla_up_proj, mlp,"
       " moe, shared_experts) since core_v0.12.0 (2025)"},
      {K::Megatron, F::RecomputeFull, 2020, S::Native, "", true,
       "NVIDIA/Megatron-LM megatron/core/transformer/transformer_config.py@d98e8a64ddf34856e74b24714e3be"
       "db2f5a39553: 'full' will checkpoint the entire transformer layer; recompute_method"
       " uniform|block (checkpoint-activations in v1.0)"},
      {K::Megatron, F::Fp16, 2020, S::Native, "", true,
       "NVIDIA/Megatron-LM megatron/training/arguments.py@d98e8a64dd: 'if args.fp16: assert not args.bf16;"
       " args.params_dtype = torch.half' (fp16 weights, fp32 main weights and gradients in the optimizer, dynamic"
       " loss scaling; --fp16 since v1.0)"},
      {K::Megatron, F::Fp8, 2023, S::Native, "", true,
       "NVIDIA/Megatron-LM megatron/core/transformer/transformer_config.py@d98e8a64ddf34856e74b24714e3be"
       "db2f5a39553: fp8_recipe ... (2) 'delayed' uses delayed scaling recipe (fp8_hybrid/fp8_recipe"
       " first tag 23.04; --fp8-format core_v0.4.0)"},
      {K::DeepSpeed, F::MethodFull, 2020, S::Native, "", true,
       "microsoft/DeepSpeed deepspeed/runtime/engine.py@38327e07f6cd39b63418f60cedd1651b0be3e7c3:"
       " DeepSpeedEngine"},
      {K::DeepSpeed, F::MethodLora, 2023, S::Extension, "PEFT", true,
       "PEFT LoRA on Hugging Face models under DeepSpeed (huggingface/peft"
       " docs/source/accelerate/deepspeed.md)"},
      {K::DeepSpeed, F::MethodLora, 2024, S::Native, "", true,
       "microsoft/DeepSpeed deepspeed/linear/config.py@38327e07f6cd39b63418f60cedd1651b0be3e7c3:"
       " 'Configuration settings for LoRAOptimizedLinear' (lora_r=64, base_weight_sharding, offload)"
       " first tag v0.14.2 (2024-04); usual route is PEFT on HF models"},
      {K::DeepSpeed, F::MethodQlora, 2024, S::Extension, "PEFT + bitsandbytes", true,
       "microsoft/DeepSpeed deepspeed/linear/config.py@38327e07f6cd39b63418f60cedd1651b0be3e7c3:"
       " QuantizationConfig q_bits=8 ... 'inside the kernels the quantization is done to fp8'; NF4"
       " QLoRA only via PEFT+bitsandbytes under ZeRO-3 (peft docs/source/accelerate/deepspeed.md,"
       " 2024-03)"},
      {K::DeepSpeed, F::Tp, 2021, S::Extension, "Megatron-DeepSpeed", false,
       "Before 2025 TP for training came only from Megatron-DeepSpeed (mpu): microsoft/DeepSpeed"
       " deepspeed/runtime/engine.py@38327e07f6cd39b63418f60cedd1651b0be3e7c3: if self.autotp_size() >"
       " 1: self._configure_tensor_parallel_states(model); assert zero stage <= 2 'Currently, the"
       " compatibility between 'autotp' and 'zero_stage = 3' has not been validated' (autotp_size first"
       " tag v0.16.4, 2025-02-20). Before 2025 TP for training came only from Megatron-DeepSpeed (mpu)."
       " Tutorial https://www.deepspeed.ai/tutorials/autotp-training: 'ZeRO Optimization ... (Stage 0,"
       " 1, or 2)'"},
      {K::DeepSpeed, F::Tp, 2025, S::Native, "", true,
       "microsoft/DeepSpeed deepspeed/runtime/engine.py@38327e07f6cd39b63418f60cedd1651b0be3e7c3: if"
       " self.autotp_size() > 1: self._configure_tensor_parallel_states(model); assert zero stage <= 2"
       " 'Currently, the compatibility between 'autotp' and 'zero_stage = 3' has not been validated'"
       " (autotp_size first tag v0.16.4, 2025-02-20). Before 2025 TP for training came only from"
       " Megatron-DeepSpeed (mpu). Tutorial https://www.deepspeed.ai/tutorials/autotp-training: 'ZeRO"
       " Optimization ... (Stage 0, 1, or 2)'"},
      {K::DeepSpeed, F::Sp, 2023, S::Extension, "Megatron-DeepSpeed", false,
       "Megatron-style SP only via Megatron-DeepSpeed; DeepSpeed's own 'sequence parallel' is Ulysses"
       " (see cp)"},
      {K::DeepSpeed, F::Pp, 2020, S::Native, "", true,
       "microsoft/DeepSpeed deepspeed/runtime/pipe/engine.py@38327e07f6cd39b63418f60cedd1651b0be3e7c3:"
       " class PipelineEngine ... 'ZeRO-2 and ZeRO-3 are incompatible with pipeline parallelism'"
       " (PipelineModule first tag v0.3.0, 2020-09)"},
      {K::DeepSpeed, F::Interleaved, 0, S::Absent, "", false,
       "no interleaved/virtual-stage schedule in deepspeed/runtime/pipe/schedule.py (TrainSchedule,"
       " InferenceSchedule, DataParallelSchedule only)"},
      {K::DeepSpeed, F::Cp, 2023, S::Native, "", true,
       "microsoft/DeepSpeed deepspeed/sequence/layer.py@38327e07f6cd39b63418f60cedd1651b0be3e7c3: class"
       " DistributedAttention (DeepSpeed-Ulysses all-to-all) first tag v0.10.2 (2023-08-31);"
       " sequence_parallel_size config v0.11.2"},
      {K::DeepSpeed, F::Ep, 2021, S::Native, "", true,
       "microsoft/DeepSpeed deepspeed/moe/layer.py@38327e07f6cd39b63418f60cedd1651b0be3e7c3: class"
       " MoE(nn.Module) with ep_size first tag v0.5.0 (2021-08)"},
      {K::DeepSpeed, F::Dp, 2020, S::Native, "", true,
       "microsoft/DeepSpeed deepspeed/runtime/engine.py: DeepSpeedEngine all-reduces (or ZeRO reduce-scatters)"
       " the gradients of its data-parallel group (v0.1.0, 2020-05)"},
      {K::DeepSpeed, F::Zero1, 2020, S::Native, "", true,
       "zero_optimization (v0.1.0, 2020-05-18): stage 1 optimizer-state partitioning"},
      {K::DeepSpeed, F::Zero2, 2020, S::Native, "", true,
       "microsoft/DeepSpeed deepspeed/runtime/zero/stage2.py@v0.3.0: stage2.py present in v0.3.0 tree;"
       " 'ZeRO stage 2' text since v0.2.0 (2020-06)"},
      {K::DeepSpeed, F::Zero3, 2021, S::Native, "", true,
       "microsoft/DeepSpeed deepspeed/runtime/zero/stage3.py@35fd7ccd862adcb93febd546cb5b9fa7cb883d8f:"
       " stage3.py first appears in v0.3.12 (2021-03-12)"},
      {K::DeepSpeed, F::Hsdp, 2023, S::Native, "", false,
       "microsoft/DeepSpeed deepspeed/runtime/zero/mics.py@c4abb4056dec02e126cd4dcaf31a44c64fb20eda: MiCS_Init(Init),"
       " ZeRO-3's parameters partitioned within zero_optimization.mics_shard_size ranks and replicated across the"
       " groups (DeepSpeed v0.9.0, 2023-04): ZeRO-3 only"},
      {K::DeepSpeed, F::OffloadOptimizerCpu, 2021, S::Native, "", true,
       "microsoft/DeepSpeed deepspeed/runtime/zero/offload_config.py@38327e07f6cd39b63418f60cedd1651b0be"
       "3e7c3: DeepSpeedZeroOffloadOptimizerConfig 'Supported options are `cpu` and `nvme`. Optimizer"
       " computation is offload to CPU regardless of device option.'; ratio (Twin-Flow partial offload,"
       " ZeRO-Offload++ 2023-11) offload_optimizer first tag v0.3.12; cpu_offload (ZeRO-Offload, stage"
       " 2) since v0.3.0 2020 with DeepSpeedCPUAdam"},
      {K::DeepSpeed, F::OffloadParamsCpu, 2021, S::Native, "", true,
       "microsoft/DeepSpeed deepspeed/runtime/zero/offload_config.py@38327e07f6cd39b63418f60cedd1651b0be"
       "3e7c3: DeepSpeedZeroOffloadParamConfig 'Device memory to offload model parameters. Supported"
       " options are `cpu` and `nvme`.' (stage 3 only; first tag v0.3.12)"},
      {K::DeepSpeed, F::OffloadNvme, 2021, S::Native, "", true,
       "same config, device 'nvme' (first tag v0.3.15, 2021-04; ZeRO-Infinity), stage 3; parameters:"
       " device 'nvme', v0.3.15"},
      {K::DeepSpeed, F::OffloadActivations, 2020, S::Native, "", true,
       "microsoft/DeepSpeed deepspeed/runtime/activation_checkpointing/config.py@38327e07f6cd39b63418f60"
       "cedd1651b0be3e7c3: \"cpu_checkpointing\": [true|false] (with partition_activations) (first tag"
       " v0.2.0, 2020-06); checkpointed layer inputs to CPU"},
      {K::DeepSpeed, F::FusedLoss, 2024, S::Extension, "Liger Kernel (the Transformers Trainer's use_liger_kernel)",
       true, kLigerFusedLoss},
      {K::DeepSpeed, F::RecomputeSelective, 2021, S::Extension, "Megatron-DeepSpeed", false,
       "no selective (attention-core) mode in deepspeed.checkpointing; the model decides what to wrap;"
       " Megatron-DeepSpeed carries Megatron's --recompute-granularity selective"},
      {K::DeepSpeed, F::RecomputeFull, 2020, S::Native, "", true,
       "deepspeed.checkpointing.checkpoint (per wrapped layer) with partition_activations /"
       " cpu_checkpointing / contiguous_memory_optimization (v0.2.0)"},
      {K::DeepSpeed, F::Fp16, 2020, S::Native, "", true,
       "deepspeedai/DeepSpeed deepspeed/runtime/constants.py@edaa72212: FP16 = \"fp16\" (the config's fp16 section:"
       " FP16_Optimizer with dynamic loss scaling, ZeRO 0-3 alike)"},
      {K::DeepSpeed, F::Fp8, 0, S::Absent, "", false,
       "no FP8 training recipe in deepspeed/runtime at v0.16.4 (git grep -i fp8 deepspeed/runtime:"
       " nothing; fp8 only in inference kernels and deepspeed.linear quantisation)"},
      {K::Fsdp, F::MethodFull, 2022, S::Native, "", true,
       "torch FSDP (torch 1.12, 2022); torchtitan's only mode until 2026"},
      {K::Fsdp, F::MethodLora, 2024, S::Extension, "PEFT (llm-foundry)", true,
       "mosaicml/llm-foundry llmfoundry@8c8dd48f72168c5d51e2f7b151595892a8fba43d: peft_config (PEFT"
       " LoRA on HF models) first tag v0.5.0 (2024-02); torchtitan: pytorch/torchtitan"
       " torchtitan/components/lora.py@b5bcd76c66d0acb1a08b176d9639425bc55e0b2a: '[LoRA] Add LoRA"
       " converter' (first commit 74181b1e, 2026-05-08)"},
      {K::Fsdp, F::MethodLora, 2026, S::Native, "", true,
       "mosaicml/llm-foundry llmfoundry@8c8dd48f72168c5d51e2f7b151595892a8fba43d: peft_config (PEFT"
       " LoRA on HF models) first tag v0.5.0 (2024-02); torchtitan: pytorch/torchtitan"
       " torchtitan/components/lora.py@b5bcd76c66d0acb1a08b176d9639425bc55e0b2a: '[LoRA] Add LoRA"
       " converter' (first commit 74181b1e, 2026-05-08)"},
      {K::Fsdp, F::MethodQlora, 0, S::Absent, "", false,
       "no NF4/QLoRA in torchtitan (grep nf4|qlora empty) nor llm-foundry (load_in_4bit not found)"},
      // The memory cases fsdpqlora-* (tests/data/memory_runs.json) are runs of this extension.
      {K::Fsdp, F::MethodQlora, 2024, S::Extension, "Answer.AI's fsdp_qlora (FSDP over bitsandbytes 4-bit)", false,
       "github.com/AnswerDotAI/fsdp_qlora train.py (2024-03): FSDP of a bitsandbytes NF4 model, made possible by "
       "bitsandbytes 0.43's bnb_4bit_quant_storage; Answer.AI, 'You can now train a 70b language model at home' "
       "(2024-03-06). Neither torchtitan nor llm-foundry has NF4."},
      {K::Fsdp, F::Tp, 2022, S::Native, "", true,
       "Zhang et al. 2022, OPT (arXiv 2205.01068) section 2.4: 'Fully Sharded Data Parallel with Megatron-LM Tensor "
       "Parallelism' (metaseq); Meta's 2022 stacks (metaseq, the LLaMA codebase), which this stack covers: Touvron et "
       "al. 2023, LLaMA (arXiv 2302.13971) section 2.4: "
       "'we reduce the amount of activations that are recomputed during the backward pass with checkpointing ... we "
       "save the activations that are expensive to compute, such as the outputs of linear layers' and 'by using model "
       "and sequence parallelism, as described by Korthikanti et al. (2022)'"},
      {K::Fsdp, F::Tp, 2024, S::Native, "", true,
       "pytorch/torchtitan torchtitan/config/job_config.py@29624e37fa6dd319fd671b009338651b5c665da2:"
       " tensor_parallel_degree: int = 1 (2024-03); async TP (enable_async_tensor_parallel, 2024-06);"
       " llm-foundry tp_config first tag v0.13.0 (2024-10)"},
      {K::Fsdp, F::Sp, 2022, S::Native, "", true,
       "Meta's 2022 stacks (metaseq, the LLaMA codebase), which this stack covers: Touvron et al. 2023, LLaMA (arXiv "
       "2302.13971) section 2.4: "
       "'we reduce the amount of activations that are recomputed during the backward pass with checkpointing ... we "
       "save the activations that are expensive to compute, such as the outputs of linear layers' and 'by using model "
       "and sequence parallelism, as described by Korthikanti et al. (2022)'"},
      {K::Fsdp, F::Sp, 2024, S::Native, "", true,
       "torchtitan TP plan shards norms/dropout along sequence (Megatron-style SP) as part of"
       " tensor_parallel_degree"},
      {K::Fsdp, F::Pp, 2024, S::Native, "", true,
       "pytorch/torchtitan torchtitan/config/job_config.py@29624e37fa6dd319fd671b009338651b5c665da2:"
       " pipeline_parallel_schedule: str = \"1F1B\" (pipeline_parallel_degree first commit bc9ea0d3,"
       " 2024-02-22); torch.distributed.pipelining"},
      {K::Fsdp, F::Interleaved, 2024, S::Native, "", true,
       "pytorch/torchtitan torchtitan/config/job_config.py@29624e37fa6dd319fd671b009338651b5c665da2:"
       " pipeline_parallel_schedule Interleaved1F1B, LoopedBFS (first commit 04661a6c, 2024-06-21)"},
      {K::Fsdp, F::Cp, 2024, S::Native, "", true,
       "pytorch/torchtitan torchtitan/config/job_config.py@29624e37fa6dd319fd671b009338651b5c665da2:"
       " context_parallel_degree; context_parallel_rotate_method: Literal[\"allgather\",\"alltoall\"]"
       " (first commit b19456a9, 2024-10-22)"},
      {K::Fsdp, F::Ep, 2025, S::Native, "", true,
       "pytorch/torchtitan torchtitan/config/configs.py@b5bcd76c66d0acb1a08b176d9639425bc55e0b2a:"
       " expert_parallel_degree: int = 1 ... EP borrows ranks from FSDP and TP (first commit d0ed9b42,"
       " 2025-05-30)"},
      {K::Fsdp, F::Dp, 2022, S::Native, "", true,
       "torch.distributed.fsdp FullyShardedDataParallel (PyTorch 1.11, 2022-03); torchtitan"
       " data_parallel_shard_degree / data_parallel_replicate_degree"},
      {K::Fsdp, F::Zero1, 0, S::Absent, "", false,
       "no optimizer-only sharding in FSDP (FSDP shards params+grads+optimizer together)"},
      {K::Fsdp, F::Zero2, 2022, S::Native, "", true,
       "mosaicml/llm-foundry llmfoundry@8c8dd48f72168c5d51e2f7b151595892a8fba43d: sharding_strategy"
       " SHARD_GRAD_OP; FSDP2: pytorch/torchtitan"
       " torchtitan/config/job_config.py@29624e37fa6dd319fd671b009338651b5c665da2:"
       " fsdp_reshard_after_forward: Literal[\"default\",\"always\",\"never\"] ('never' keeps gathered"
       " params through backward = ZeRO-2-like)"},
      {K::Fsdp, F::Zero3, 2022, S::Native, "", true,
       "FULL_SHARD (FSDP1, torch 1.12) / fully_shard (FSDP2, torchtitan first commit db48478d"
       " 2024-04-10); HSDP via data_parallel_replicate_degree (2024-09)"},
      {K::Fsdp, F::Hsdp, 2023, S::Native, "", false,
       "pytorch/torchtitan torchtitan/config/configs.py@b5bcd76c66d0acb1a08b176d9639425bc55e0b2a:"
       " data_parallel_replicate_degree 'If data_parallel_shard_degree is also greater than 1, the parallelism method"
       " used is HSDP (Hybrid Sharded Data Parallelism)' (rank order pp, dp_replicate, dp_shard, cp, tp:"
       " parallel_dims.py); FSDP1 ShardingStrategy.HYBRID_SHARD and _HYBRID_SHARD_ZERO2 (PyTorch 2.0, 2023-03)"},
      {K::Fsdp, F::OffloadOptimizerCpu, 2024, S::Native, "", true,
       "pytorch/torchtitan torchtitan/config/job_config.py@29624e37fa6dd319fd671b009338651b5c665da2:"
       " enable_cpu_offload 'Whether to apply CPU offloading of parameters, gradients, and optimizer"
       " states in FSDP' (first commit 193ce981, 2024-10-28); optimizer step runs on CPU (torch AdamW,"
       " not DeepSpeedCPUAdam)"},
      {K::Fsdp, F::OffloadParamsCpu, 2022, S::Native, "", true,
       "FSDP1 CPUOffload(offload_params=True) (llm-foundry/accelerate); FSDP2 CPUOffloadPolicy via"
       " enable_cpu_offload"},
      {K::Fsdp, F::OffloadNvme, 0, S::Absent, "", false,
       "no NVMe offload found in torchtitan or llm-foundry (FSDP offloads to CPU only)"},
      {K::Fsdp, F::OffloadActivations, 2023, S::Extension, "Composer (llm-foundry)", false,
       "pytorch/torchtitan torchtitan/experiments/graph_trainer/cpu_offload.py@b5bcd76c66d0acb1a08b176d9"
       "639425bc55e0b2a: 'CPU offload pass for activation offloading in graph_trainer' (README:"
       " 'Activation Offloading | construction'); llm-foundry activation_cpu_offload (Composer FSDP"
       " flag, v0.1.0 2023)"},
      {K::Fsdp, F::FusedLoss, 2024, S::Extension, "Liger Kernel (the Transformers Trainer's use_liger_kernel)", true,
       kLigerFusedLoss},
      {K::Fsdp, F::RecomputeSelective, 2022, S::Native, "", true,
       "Meta's 2022 stacks (metaseq, the LLaMA codebase), which this stack covers: Touvron et al. 2023, LLaMA (arXiv "
       "2302.13971) section 2.4: "
       "'we reduce the amount of activations that are recomputed during the backward pass with checkpointing ... we "
       "save the activations that are expensive to compute, such as the outputs of linear layers' and 'by using model "
       "and sequence parallelism, as described by Korthikanti et al. (2022)'"},
      {K::Fsdp, F::RecomputeSelective, 2024, S::Native, "", true,
       "pytorch/torchtitan torchtitan/config/job_config.py@29624e37fa6dd319fd671b009338651b5c665da2:"
       " mode: Literal[\"selective\",\"full\",\"memory_budget\",\"none\"] = \"selective\";"
       " selective_ac_option: str = \"2\" (op-level SAC or every-2nd-layer; selective_ac_option first"
       " commit 00560676, 2024-03-13); memory_budget mode 2025-10"},
      {K::Fsdp, F::RecomputeFull, 2022, S::Native, "", true,
       "FSDP1 activation checkpointing (llm-foundry fsdp_config activation_checkpointing, 2023);"
       " torchtitan pytorch/torchtitan torchtitan/config/job_config.py@29624e37fa6dd319fd671b009338651b5"
       "c665da2: mode: Literal[\"selective\",\"full\",\"memory_budget\",\"none\"]"},
      {K::Fsdp, F::Fp16, 2022, S::Native, "", true,
       "PyTorch FSDP MixedPrecision(param_dtype=torch.float16) with torch.distributed.fsdp.sharded_grad_scaler."
       "ShardedGradScaler (torch 1.12, R); not in torchtitan: pytorch/torchtitan torchtitan/config/configs.py@"
       "b5bcd76c6: mixed_precision_param: Literal[\"bfloat16\", \"float32\"]"},
      {K::Fsdp, F::Fp8, 2024, S::Native, "", true,
       "pytorch/torchtitan torchtitan/config/job_config.py@29624e37fa6dd319fd671b009338651b5c665da2:"
       " recipe_name: Literal[\"tensorwise\",\"rowwise\",\"rowwise_with_gw_hp\"] (enable_float8_linear"
       " 2024-07-17); at HEAD float8.md lists only 'rowwise' (default), 'rowwise_with_gw_hp'"},
      {K::Hf, F::MethodFull, 2020, S::Native, "", true, "Trainer full fine-tuning"},
      {K::Hf, F::MethodLora, 2023, S::Native, "", true,
       "huggingface/peft src/peft/tuners/lora/model.py@5d602fdbff04c33c1c4de55cda9d4ae1d7cb7e40: class"
       " LoraModel first tag v0.1.0 (2023-02-10)"},
      {K::Hf, F::MethodQlora, 2023, S::Native, "", true,
       "PEFT + bitsandbytes, which this stack covers: huggingface/peft"
       " src/peft/tuners/lora/bnb.py@5d602fdbff04c33c1c4de55cda9d4ae1d7cb7e40: Linear4bit;"
       " prepare_model_for_kbit_training first tag v0.4.0 (2023-07-17) (QLoRA paper May 2023 used PEFT"
       " main); FSDP/ZeRO-3 + QLoRA: huggingface/peft"
       " docs/source/accelerate/fsdp.md@5d602fdbff04c33c1c4de55cda9d4ae1d7cb7e40: 'Use PEFT QLoRA and"
       " FSDP for finetuning large models on multiple GPUs ... 70B llama model on 2X24GB GPUs' needs"
       " bitsandbytes>=0.43.3, accelerate>=1.0.1, transformers>4.44.2, trl>0.11.4, peft>0.13.0 (docs"
       " commit 345ce75c, 2024-03-12; bnb_4bit_quant_storage peft v0.10.0)"},
      {K::Hf, F::Tp, 2025, S::Extension, "Transformers tp_plan / DeepSpeed AutoTP through Accelerate", true,
       "huggingface/accelerate src/accelerate/parallelism_config.py@16cb6eb80dd9aa8b4df1a63ef57863e455d5"
       "3b83: tp_size ... 'composing DDP + TP is currently not supported'; TorchTensorParallelPlugin"
       " first tag v1.4.0 (2025-02-17); DeepSpeed AutoTP via HF requires deepspeed>=0.16.4,"
       " transformers>=4.50.1, accelerate>=1.6.0 (DeepSpeed blogs/huggingface-tp, PR #7206)"},
      {K::Hf, F::Sp, 0, S::Absent, "", false, "no Megatron-style SP in Trainer"},
      {K::Hf, F::Pp, 0, S::Absent, "", false,
       "huggingface/accelerate src/accelerate/inference.py@16cb6eb80dd9aa8b4df1a63ef57863e455d53b83:"
       " prepare_pippy 'Wraps `model` for pipeline parallel inference' - no pipeline training in Trainer"},
      {K::Hf, F::Interleaved, 0, S::Absent, "", false, "no pipeline training in Trainer (see pp)"},
      {K::Hf, F::Cp, 2025, S::Extension, "torch context parallelism under FSDP2 / DeepSpeed Ulysses through Accelerate",
       true,
       "huggingface/accelerate src/accelerate/parallelism_config.py@16cb6eb80dd9aa8b4df1a63ef57863e455d5"
       "3b83: cp_size ... cp_backend 'torch' (FSDP2); sp_size ... sp_backend 'deepspeed' (ALST/Ulysses)"
       " (ParallelismConfig/cp_size first tag v1.10.0 2025-08-07; sp_size v1.12.0 2025-11-21)"},
      {K::Hf, F::Ep, 0, S::Unverified, "", false,
       "expert parallelism in Transformers unconfirmed (transformers not fetched); not in accelerate"
       " ParallelismConfig"},
      {K::Hf, F::Dp, 2020, S::Native, "", true,
       "huggingface/transformers Trainer: DistributedDataParallel when launched with torchrun or accelerate"
       " (TrainingArguments parallel_mode ParallelMode.DISTRIBUTED)"},
      {K::Hf, F::Zero1, 2021, S::Extension, "DeepSpeed through Accelerate", true,
       "DeepSpeedPlugin (accelerate first tag v0.4.0, 2021-08); ZeRO-1 via DeepSpeed config"},
      {K::Hf, F::Zero2, 2021, S::Extension, "DeepSpeed or FSDP through Accelerate", true,
       "DeepSpeed ZeRO-2; FSDP SHARD_GRAD_OP via FullyShardedDataParallelPlugin (v0.7.0, 2022-04)"},
      {K::Hf, F::Zero3, 2021, S::Extension, "DeepSpeed or FSDP through Accelerate", true,
       "DeepSpeed ZeRO-3 / FSDP FULL_SHARD; FSDP2 via fsdp_version (accelerate v1.6.0, 2025-04)"},
      {K::Hf, F::Hsdp, 2023, S::Unverified, "", false,
       "Accelerate's FullyShardedDataParallelPlugin sharding_strategy HYBRID_SHARD (FSDP1: shards within a node,"
       " replicates across nodes, unless a device mesh is passed): documented, not read in code here"},
      {K::Hf, F::OffloadOptimizerCpu, 2021, S::Extension,
       "DeepSpeed ZeRO-Offload or FSDP cpu_offload through Accelerate", true,
       "DeepSpeed offload_optimizer cpu (ZeRO-Offload, DeepSpeedCPUAdam); FSDP cpu_offload"
       " (params+grads+optimizer, accelerate v0.7.0); accelerate DeepSpeedPlugin optimizer_cpu_offload"},
      {K::Hf, F::OffloadParamsCpu, 2021, S::Extension,
       "DeepSpeed ZeRO-3 offload_param or FSDP offload_params through Accelerate", true,
       "huggingface/peft docs/source/accelerate/fsdp.md@5d602fdbff04c33c1c4de55cda9d4ae1d7cb7e40:"
       " QLoRA+FSDP needs fsdp_offload_params=true (cpu offloading); DeepSpeed ZeRO-3 offload_param cpu"},
      {K::Hf, F::OffloadNvme, 2021, S::Extension, "DeepSpeed ZeRO-Infinity through Accelerate", true,
       "DeepSpeed offload_optimizer nvme through the DS config; DeepSpeed ZeRO-3 offload_param nvme"},
      {K::Hf, F::OffloadActivations, 0, S::Unverified, "", false,
       "no Trainer flag (DeepSpeed cpu_checkpointing only with deepspeed.checkpointing, not HF"
       " gradient_checkpointing) - unconfirmed"},
      {K::Hf, F::FusedLoss, 2024, S::Extension, "Liger Kernel (use_liger_kernel)", true, kLigerFusedLoss},
      {K::Hf, F::RecomputeSelective, 0, S::Absent, "", false, "gradient_checkpointing is per decoder layer only"},
      {K::Hf, F::RecomputeFull, 2021, S::Native, "", true,
       "TrainingArguments.gradient_checkpointing (per layer); accelerate FSDP activation_checkpointing"
       " (v0.23.0, 2023-09)"},
      {K::Hf, F::Fp16, 2020, S::Native, "", true,
       "TrainingArguments fp16=True: torch autocast with GradScaler, which needs fp32 trainable weights (PyTorch"
       " torch/amp/grad_scaler.py _unscale_grads_: 'if (not allow_fp16) and param.grad.dtype == torch.float16:"
       " raise ValueError(\"Attempting to unscale FP16 gradients.\")'); huggingface/trl trl/trainer/sft_config.py@"
       "f2cd57710: '`bf16`: Defaults to `True` if `fp16` is not set'"},
      {K::Hf, F::Fp8, 2023, S::Extension, "Transformer Engine / torchao through Accelerate", true,
       "accelerate FP8RecipeKwargs (first tag v0.17.0, 2023-03) with Transformer Engine DelayedScaling;"
       " TERecipeKwargs v1.4.0; AORecipeKwargs (torchao float8, accelerate v1.4.0 2025-02)"},
      {K::Torchtune, F::MethodFull, 2024, S::Native, "", true,
       "full_finetune_single_device / full_finetune_distributed, v0.1.0 (2024-04-15)"},
      {K::Torchtune, F::MethodLora, 2024, S::Native, "", true,
       "lora_finetune_single_device / lora_finetune_distributed, v0.1.0"},
      {K::Torchtune, F::MethodQlora, 2024, S::Native, "", true,
       "QLoRA via torchao to_nf4 (v0.1.0); 405B QLoRA on 8 A100 (README table)"},
      {K::Torchtune, F::Tp, 2025, S::Native, "", true,
       "pytorch/torchtune recipes/full_finetune_distributed.py@bd2a0fc7c31430972728494fa01aaeeb0ebf1ba1:"
       " self.tp_degree = cfg.get(\"tensor_parallel_dim\", 1) first tag v0.6.0 (2025-03-18); LoRA"
       " distributed: 'Tensor parallelism is not supported in this recipe'"},
      {K::Torchtune, F::Sp, 0, S::Unverified, "", false, "TP plan only; no separate SP flag found"},
      {K::Torchtune, F::Pp, 0, S::Absent, "", false, "no pipeline parallelism in recipes (grep 'pipeline' empty)"},
      {K::Torchtune, F::Interleaved, 0, S::Absent, "", false, "no pipeline parallelism in recipes"},
      {K::Torchtune, F::Cp, 2025, S::Native, "", true,
       "pytorch/torchtune recipes/lora_finetune_distributed.py@bd2a0fc7c31430972728494fa01aaeeb0ebf1ba1:"
       " self.cp_degree = cfg.get(\"context_parallel_dim\", 1); context_parallel_rotate_method ..."
       " \"allgather\" (first commit d7362a7f, 2025-04-17, after v0.6.1: main only)"},
      {K::Torchtune, F::Ep, 0, S::Absent, "", false, "no expert parallelism found in torchtune's recipes"},
      {K::Torchtune, F::Dp, 2024, S::Native, "", true,
       "pytorch/torchtune recipes/full_finetune_distributed.py, lora_finetune_distributed.py: FSDP2 over every"
       " GPU tune run --nproc_per_node starts (v0.1.0, 2024-04)"},
      {K::Torchtune, F::Zero1, 0, S::Absent, "", false, "no optimizer-only sharding"},
      {K::Torchtune, F::Zero2, 0, S::Unverified, "", false,
       "FSDP2 reshard_after_forward=False possible (fsdp_reshard_after_forward), unconfirmed as ZeRO-2"
       " equivalent"},
      {K::Torchtune, F::Zero3, 2024, S::Native, "", true,
       "FSDP2 fully_shard, first tag v0.2.0 (2024-07-16); HSDP data_parallel_replicate_dim 2025-03-31"
       " (main only)"},
      {K::Torchtune, F::Hsdp, 2025, S::Unverified, "", false,
       "torchtune's data_parallel_replicate_dim (HSDP, 2025-03-31, main only: in no tagged release read)"},
      {K::Torchtune, F::OffloadOptimizerCpu, 2024, S::Native, "", true,
       "pytorch/torchtune recipes/full_finetune_distributed.py@bd2a0fc7c31430972728494fa01aaeeb0ebf1ba1:"
       " 'CPU offload of parameters, gradients, and optimizer states is supported via fsdp_cpu_offload'"
       " first tag v0.2.0 (with zero=3); with a lower stage torchao's CPUOffloadOptimizer:"
       " pytorch/torchtune docs/source/tutorials/memory_optimizations.rst@bd2a0fc7c31430972728494fa01aae"
       "eb0ebf1ba1: CPUOffloadOptimizer from torchao ... set the optimizer key ..."
       " torchao.prototype.low_bit_optim.CPUOffloadOptimizer (2024-08-07, offload_gradients option)"},
      {K::Torchtune, F::OffloadParamsCpu, 2024, S::Native, "", true,
       "pytorch/torchtune recipes/full_finetune_distributed.py@bd2a0fc7c31430972728494fa01aaeeb0ebf1ba1:"
       " 'CPU offload of parameters, gradients, and optimizer states is supported via fsdp_cpu_offload'"
       " first tag v0.2.0"},
      {K::Torchtune, F::OffloadNvme, 0, S::Absent, "", false, "no NVMe offload found in torchtune's recipes"},
      {K::Torchtune, F::OffloadActivations, 2024, S::Native, "", true,
       "enable_activation_offloading, first tag v0.3.1 (2024-10-02); 'RuntimeError: If"
       " enable_activation_offloading is True and enable_activation_checkpointing is False'"},
      {K::Torchtune, F::FusedLoss, 2025, S::Native, "", true,
       "pytorch/torchtune"
       " torchtune/modules/loss/cross_entropy_loss.py@bd2a0fc7c31430972728494fa01aaeeb0ebf1ba1: class"
       " LinearCrossEntropyLoss, 'Memory efficient Cross-entropy loss that incrementally computes loss for"
       " chunks of tokens ... Combines the linear projection with the cross-entropy calculation' (first"
       " commit 9c06c8bda, 2025-04-30, #2531; 162 of the recipe configs name it at that commit)"},
      {K::Torchtune, F::RecomputeSelective, 0, S::Absent, "", false,
       "torchtune's \"selective\" is layer-frequency (full checkpointing of every k-th layer), not a"
       " selective mode within a layer: pytorch/torchtune"
       " recipes/full_finetune_distributed.py@bd2a0fc7c31430972728494fa01aaeeb0ebf1ba1: 'ac_mode and"
       " ac_option together control selective AC' (apply_selective_activation_checkpointing: every k-th"
       " layer) (v0.2.0)"},
      {K::Torchtune, F::RecomputeFull, 2024, S::Native, "", true, "enable_activation_checkpointing (v0.1.0)"},
      {K::Torchtune, F::Fp16, 0, S::Absent, "", false,
       "pytorch/torchtune recipes/full_finetune_single_device.py@bd2a0fc7c31430972728494fa01aaeeb0ebf1ba1: 'full fp16"
       " training is not supported with this recipe. Please use bf16 or fp32 instead.'; lora_finetune_single_device.py:"
       " 'fp16 precision is not supported in this recipe. Please use fp32 or bf16.' (on a GPU without BF16, fp32)"},
      {K::Torchtune, F::Fp8, 2025, S::Native, "", true,
       "pytorch/torchtune recipes/full_finetune_distributed.py@bd2a0fc7c31430972728494fa01aaeeb0ebf1ba1:"
       " self._enable_fp8_training = cfg.get(\"enable_fp8_training\", False); self._fp8_recipe_name"
       " ...; is_fp8_tensorwise_scaling (first commit 01ec0248, 2025-02-12; recipe names 2025-04-17;"
       " not in v0.6.1 tree)"},
      {K::Unsloth, F::MethodFull, 2025, S::Native, "", true,
       "unslothai/unsloth unsloth/models/loader.py@015bdef0d94a241bcd94eec7a405b1700632180d:"
       " full_finetuning = False (first commit a585536a, 2025-03-09)"},
      {K::Unsloth, F::MethodLora, 2023, S::Native, "", true,
       "FastLanguageModel.get_peft_model (Unsloth's fused LoRA kernels), 2023-12"},
      {K::Unsloth, F::MethodQlora, 2023, S::Native, "", true,
       "unslothai/unsloth unsloth/models/loader.py@015bdef0d94a241bcd94eec7a405b1700632180d:"
       " load_in_4bit = True,  # 4bit QLoRA (first commit c3d6def6, 2023-11-30)"},
      {K::Unsloth, F::Tp, 0, S::Absent, "", false, "no training TP (README TP mention is GGUF inference only)"},
      {K::Unsloth, F::Sp, 0, S::Absent, "", false, "no sequence parallelism"},
      {K::Unsloth, F::Pp, 0, S::Absent, "", false, "no pipeline parallelism"},
      {K::Unsloth, F::Interleaved, 0, S::Absent, "", false, "no pipeline parallelism"},
      {K::Unsloth, F::Cp, 0, S::Absent, "", false, "no context parallelism"},
      {K::Unsloth, F::Ep, 0, S::Absent, "", false, "no expert parallelism"},
      {K::Unsloth, F::Dp, 2023, S::Absent, "", false,
       "single GPU: unslothai/unsloth unsloth/_gpu_init.py: '# Multi-GPU is not yet supported (beta available on"
       " request).'"},
      {K::Unsloth, F::Dp, 2025, S::Native, "", true,
       "DDP through accelerate or torchrun: unslothai/unsloth unsloth/models/llama.py@015bdef0d94a241bcd94eec7a40"
       "5b1700632180d: 'Unsloth is running with multi GPUs - the effective batch size is multiplied by' (first"
       " commit 6485cbb4, 2025-03-01); docs basics/multi-gpu-training-with-unsloth.md"},
      {K::Unsloth, F::Zero1, 0, S::Unverified, "", false,
       "multi-GPU is DDP via accelerate/torchrun (official guide); DeepSpeed/FSDP through libraries"
       " unconfirmed: unslothai/unsloth unsloth/models/llama.py@015bdef0d94a241bcd94eec7a405b1700632180d"
       ": 'Unsloth is running with multi GPUs - the effective batch size is multiplied by' (first"
       " commit 6485cbb4, 2025-03-01); docs https://unsloth.ai/docs/basics/multi-gpu-training-with-unslo"
       "th.md: 'Unsloth currently supports multi-GPU setups through libraries like Accelerate and"
       " DeepSpeed ... FSDP and DDP' and 'we'll be announcing official multi-GPU support soon';"
       " unsloth/_gpu_init.py: '# Multi-GPU is not yet supported (beta available on request).'; README:"
       " 'Multi-GPU: Available now, with a major upgrade on the way'"},
      {K::Unsloth, F::Zero2, 0, S::Unverified, "", false, "unconfirmed (multi-GPU is DDP)"},
      {K::Unsloth, F::Zero3, 0, S::Unverified, "", false, "unconfirmed (multi-GPU is DDP)"},
      {K::Unsloth, F::Hsdp, 0, S::Absent, "", false, "no hybrid sharding (multi-GPU is DDP)"},
      {K::Unsloth, F::OffloadOptimizerCpu, 0, S::Absent, "", false,
       "no CPU optimizer; notebooks use optim='adamw_8bit' (bitsandbytes); paged optimizers use unified"
       " memory"},
      {K::Unsloth, F::OffloadParamsCpu, 0, S::Absent, "", false, "no parameter offload"},
      {K::Unsloth, F::OffloadNvme, 0, S::Absent, "", false, "no NVMe offload"},
      {K::Unsloth, F::OffloadActivations, 2024, S::Native, "", true,
       "unslothai/unsloth unsloth/models/loader.py@015bdef0d94a241bcd94eec7a405b1700632180d:"
       " use_gradient_checkpointing = \"unsloth\" (offloads each checkpointed layer input to pinned CPU"
       " memory: unsloth_zoo gradient_checkpointing.py; literal first commit 08424f04, 2024-06-13;"
       " README '\"unsloth\" uses 30% less VRAM, fits 2x larger batch sizes')"},
      {K::Unsloth, F::FusedLoss, 2024, S::Native, "", true,
       "unslothai/unsloth models/llama.py CausalLM_fast_forward at 0a2c3973 (2025-01): Apple's Cut"
       " Cross-Entropy (fused_linear_cross_entropy when HAS_CUT_CROSS_ENTROPY and bsz * q_len > 1024); from"
       " 2025 unsloth_zoo fused_losses/cross_entropy_loss.py UnslothFusedLoss (its default loss:"
       " core/stack/saves.cpp LossOf)"},
      {K::Unsloth, F::RecomputeSelective, 0, S::Absent, "", false,
       "gradient checkpointing is per layer only (True / \"unsloth\")"},
      {K::Unsloth, F::RecomputeFull, 2023, S::Native, "", true, "True / 'unsloth' (full per layer, offloaded)"},
      {K::Unsloth, F::Fp16, 2023, S::Native, "", true,
       "unslothai/notebooks nb/Kaggle-Llama3.1_(8B)-Alpaca.ipynb@bdda2efc: 'dtype = None # None for auto detection."
       " Float16 for Tesla T4, V100, Bfloat16 for Ampere+'; its trainer cell 'fp16=not is_bfloat16_supported()',"
       " run on a T4 ('Bfloat16 = FALSE', original_template/LLM/Llama_3_1_8b_and_Unsloth_2x_faster_finetuning.ipynb@"
       "8437a601e)"},
      {K::Unsloth, F::Fp8, 2025, S::Unverified, "", false,
       "FP8 base weights for LoRA (load_in_fp8='block'), not an FP8 training recipe: FP8 base weights"
       " (load_in_fp8) not an FP8 training recipe; unconfirmed"},
      // ---- DoRA (PEFT's use_dora and the frameworks' own DoRA layers); its cost is core/estimate/dora.h's.
      {K::Megatron, F::MethodDora, 2025, S::Extension, "NeMo / Megatron-Bridge PEFT", true,
       "NVIDIA-NeMo/Megatron-Bridge src/megatron/bridge/peft/dora.py@067f987df03b8355b03192d88d70f1709fedf51a: class"
       " DoRA (first commit 958fb9b7, 2025-07-16); dora_layers.py DoRALinear.forward 'mag_norm_scale * (linear_output"
       " + adapter_output)'; NeMo 2: NVIDIA/NeMo nemo/collections/llm/peft/dora.py@0fd6655fa4c712c49d533237cffed63668b"
       "e57df: class DoRA(PEFT, ModuleMatcher) (its first release not read)"},
      {K::Megatron, F::MethodQdora, 0, S::Absent, "", false,
       "no 4-bit base in Megatron-Core, NeMo 2 llm.peft or Megatron-Bridge peft (see method=qlora)"},
      {K::DeepSpeed, F::MethodDora, 2024, S::Extension, "PEFT", true,
       "huggingface/peft src/peft/tuners/lora/dora.py@5d602fdbff04c33c1c4de55cda9d4ae1d7cb7e40: DoraLinearLayer"
       " (LoraConfig use_dora first tag v0.9.0, 2024-02-28) on Hugging Face models under DeepSpeed"},
      {K::DeepSpeed, F::MethodQdora, 2024, S::Extension, "PEFT + bitsandbytes", true,
       "huggingface/peft src/peft/tuners/lora/bnb.py@5d602fdbff04c33c1c4de55cda9d4ae1d7cb7e40: Linear4bit with"
       " use_dora (first tag v0.10.0, 2024-03-21); dora.py forward: weight = dequantize_module_weight(base_layer)"},
      {K::Fsdp, F::MethodDora, 2024, S::Extension, "PEFT (llm-foundry)", true,
       "llm-foundry's peft_config builds PEFT's LoraConfig (INFERRED to pass use_dora through: not read);"
       " huggingface/peft a0788a3f 'Refactor to make DoRA and QDoRA work with FSDP (#1806)' (2024-05-31); no DoRA"
       " in torchtitan (torchtitan/components/lora.py, 2026)"},
      {K::Fsdp, F::MethodQdora, 2024, S::Extension, "Answer.AI's fsdp_qlora (FSDP over bitsandbytes 4-bit)", false,
       "AnswerDotAI/fsdp_qlora README.md@05ed9f2a60f96a0795cb082bceab70a9b19fd213: '--train_type bnb_dora: 4-bit"
       " quantized DoRA fine-tuning using bitsanbytes Linear4bit layer with NF4 quantization and a custom DoRA"
       " module' (train.py first commit 0eab5e4, 2024-04-16)"},
      {K::Hf, F::MethodDora, 2024, S::Native, "", true,
       "PEFT, which this stack covers: huggingface/peft src/peft/tuners/lora/dora.py@5d602fdbff04c33c1c4de55cda9d4ae1"
       "d7cb7e40: DoraLinearLayer.get_weight_norm, forward (LoraConfig use_dora first tag v0.9.0, 2024-02-28; the base"
       " output reused when lora_dropout is 0 from v0.14.0, 2024-12: 338aeff3 'Faster DoRA in when no"
       " dropout/eval mode')"},
      {K::Hf, F::MethodQdora, 2024, S::Native, "", true,
       "PEFT + bitsandbytes, which this stack covers: huggingface/peft"
       " src/peft/tuners/lora/bnb.py@5d602fdbff04c33c1c4de55cda9d4ae1d7cb7e40: Linear4bit use_dora (first tag"
       " v0.10.0, 2024-03-21)"},
      {K::Torchtune, F::MethodDora, 2024, S::Native, "", true,
       "pytorch/torchtune torchtune/modules/peft/dora.py@bd2a0fc7c31430972728494fa01aaeeb0ebf1ba1: class DoRALinear"
       " (first commit e55a41c0, 2024-08-30; first tag v0.3.0); lora_* model builders' use_dora"},
      {K::Torchtune, F::MethodQdora, 2024, S::Native, "", true,
       "pytorch/torchtune torchtune/modules/peft/dora.py@bd2a0fc7c31430972728494fa01aaeeb0ebf1ba1: DoRALinear"
       " quantize_base (linear_nf4, torchao NF4), v0.3.0"},
      {K::Unsloth, F::MethodDora, 2024, S::Extension, "PEFT's DoRA layers (Unsloth's fused LoRA kernels skip them)",
       true,
       "unslothai/unsloth unsloth/models/llama.py@015bdef0d94a241bcd94eec7a405b1700632180d: the fused MLP / QKV / O"
       " patches apply only where len(getattr(gate_proj, \"lora_magnitude_vector\", []) or []) == 0 (first commit"
       " 32223779, 2024-03-11); use_dora reaches PEFT's LoraConfig through **kwargs"},
      {K::Unsloth, F::MethodQdora, 2024, S::Extension, "PEFT's DoRA layers (Unsloth's fused LoRA kernels skip them)",
       true, "as method=dora, on Unsloth's bitsandbytes 4-bit base (load_in_4bit)"},
      // ---- Context-parallel variants: how K and V reach every rank (the cp_comm key).
      {K::Megatron, F::CpP2p, 2023, S::Native, "", true,
       "NVIDIA/Megatron-LM megatron/core/transformer/transformer_config.py@d98e8a64ddf34856e74b24714e3bedb2f5a39553:"
       " '\"p2p\": Exchange KV chunks with P2P communications in ring topology. P2P is async and can be overlapped"
       " with attention compute' (Transformer Engine's ring attention, the only kind before cp_comm_type)"},
      {K::Megatron, F::CpAllGather, 2025, S::Native, "", true,
       "transformer_config.py (as cp_comm=p2p): '\"all_gather\": All-gather to get full sequence of KV before"
       " attention. The all-gather is not async, and cannot be overlapped' (cp_comm_type first commit 91a8a4c8,"
       " 2024-10-21; first tag core_r0.10.0, 2025-02-17)"},
      {K::Megatron, F::CpA2a, 2025, S::Native, "", true,
       "transformer_config.py (as cp_comm=p2p): '\"a2a\": Like DeepSpeed Ulysses, scatter attention heads across"
       " the CP group, and gather to get full sequence of QKV' (core_r0.10.0, 2025-02-17)"},
      {K::Megatron, F::CpA2aP2p, 2025, S::Native, "", true,
       "transformer_config.py (as cp_comm=p2p): '\"a2a+p2p\": A hierarchical implementation ... A2A communications"
       " in low-level CP groups (e.g., via NVLink), and P2P communications in high-level CP groups' with"
       " --hierarchical-context-parallel-sizes (first commit 645c329d, 2024-11-15; core_r0.10.0)"},
      {K::DeepSpeed, F::CpP2p, 0, S::Absent, "", false,
       "DeepSpeed's sequence parallelism is Ulysses' all-to-all (deepspeed/sequence/layer.py DistributedAttention);"
       " no ring attention found"},
      {K::DeepSpeed, F::CpAllGather, 0, S::Absent, "", false, "no K/V all-gather attention in deepspeed/sequence"},
      {K::DeepSpeed, F::CpA2a, 2023, S::Native, "", true,
       "microsoft/DeepSpeed deepspeed/sequence/layer.py@38327e07f6cd39b63418f60cedd1651b0be3e7c3: class"
       " DistributedAttention (DeepSpeed-Ulysses: all-to-all of q, k, v over the sequence-parallel group, heads"
       " scattered; first tag v0.10.2, 2023-08-31)"},
      {K::DeepSpeed, F::CpA2aP2p, 0, S::Absent, "", false, "Ulysses only (no hierarchical ring)"},
      {K::Fsdp, F::CpP2p, 2024, S::Native, "", true,
       "pytorch/torchtitan torchtitan/config/job_config.py@29624e37fa6dd319fd671b009338651b5c665da2:"
       " context_parallel_rotate_method 'alltoall' means to all-to-all shuffle the kv shards' (PyTorch's"
       " context_parallel, a ring step by step; option first commit c97876e7, 2024-12-11)"},
      {K::Fsdp, F::CpAllGather, 2024, S::Native, "", true,
       "pytorch/torchtitan torchtitan/config/job_config.py@29624e37fa6dd319fd671b009338651b5c665da2:"
       " context_parallel_rotate_method: Literal[\"allgather\", \"alltoall\"] = \"allgather\": ''allgather' means to"
       " all-gather all kv shards on ranks after the first sub-SDPA computation' (context_parallel_degree first"
       " commit b19456a9, 2024-10-22)"},
      {K::Fsdp, F::CpA2a, 0, S::Absent, "", false,
       "PyTorch's context_parallel rotates K/V shards (allgather or alltoall ring); no head-scattering Ulysses in"
       " torchtitan's config (job_config.py@29624e37)"},
      {K::Fsdp, F::CpA2aP2p, 0, S::Absent, "", false, "no hierarchical context parallelism in torchtitan"},
      {K::Hf, F::CpP2p, 2025, S::Unverified, "", false,
       "PyTorch's context_parallel under FSDP2 through Accelerate (cp_backend 'torch', v1.10.0 2025-08-07): its"
       " rotate method as Accelerate sets it not read"},
      {K::Hf, F::CpAllGather, 2025, S::Extension, "torch context parallelism under FSDP2 through Accelerate", true,
       "huggingface/accelerate src/accelerate/parallelism_config.py@16cb6eb80dd9aa8b4df1a63ef57863e455d53b83: cp_size,"
       " cp_backend 'torch' (v1.10.0, 2025-08-07); PyTorch's rotate default 'allgather' (as torchtune's"
       " get_context_parallel_manager) INFERRED for it"},
      {K::Hf, F::CpA2a, 2025, S::Extension, "DeepSpeed Ulysses (ALST) through Accelerate", true,
       "huggingface/accelerate src/accelerate/parallelism_config.py@16cb6eb80dd9aa8b4df1a63ef57863e455d53b83: sp_size,"
       " sp_backend 'deepspeed' (ALST/Ulysses; first tag v1.12.0, 2025-11-21)"},
      {K::Hf, F::CpA2aP2p, 0, S::Absent, "", false, "no hierarchical context parallelism in Accelerate"},
      {K::Torchtune, F::CpP2p, 2025, S::Native, "", true,
       "pytorch/torchtune torchtune/training/_distributed.py@bd2a0fc7c31430972728494fa01aaeeb0ebf1ba1:"
       " get_context_parallel_manager(rotate_method) set_rotate_method('alltoall') (main only, 2025-04-17)"},
      {K::Torchtune, F::CpAllGather, 2025, S::Native, "", true,
       "pytorch/torchtune recipes/lora_finetune_distributed.py@bd2a0fc7c31430972728494fa01aaeeb0ebf1ba1:"
       " cfg.get(\"context_parallel_rotate_method\", \"allgather\") (first commit d7362a7f, 2025-04-17)"},
      {K::Torchtune, F::CpA2a, 0, S::Absent, "", false, "PyTorch's context_parallel only (allgather / alltoall)"},
      {K::Torchtune, F::CpA2aP2p, 0, S::Absent, "", false, "no hierarchical context parallelism"},
      {K::Unsloth, F::CpP2p, 0, S::Absent, "", false, "no context parallelism"},
      {K::Unsloth, F::CpAllGather, 0, S::Absent, "", false, "no context parallelism"},
      {K::Unsloth, F::CpA2a, 0, S::Absent, "", false, "no context parallelism"},
      {K::Unsloth, F::CpA2aP2p, 0, S::Absent, "", false, "no context parallelism"},
      // ---- FP8 recipes, by release (the GPU each needs: GpuFindings below).
      {K::Megatron, F::Fp8Tensor, 2023, S::Native, "", true,
       "NVIDIA/Megatron-LM megatron/core/enums.py@d98e8a64ddf34856e74b24714e3bedb2f5a39553: Fp8Recipe delayed"
       " (Transformer Engine's DelayedScaling, fp8_hybrid since 23.04) and tensorwise (Float8CurrentScaling; first"
       " commit 3db74116, 2025-03-22, core_v0.12.0)"},
      {K::Megatron, F::Fp8Rowwise, 0, S::Absent, "", false,
       "Fp8Recipe has delayed, tensorwise, mxfp8, blockwise, custom (megatron/core/enums.py): no row-wise scaling"},
      {K::Megatron, F::Fp8Block, 2025, S::Native, "", true,
       "megatron/core/enums.py@d98e8a64ddf34856e74b24714e3bedb2f5a39553: Fp8Recipe.blockwise (Transformer Engine's"
       " Float8BlockScaling; first commit be8715de, 2025-04-12, core_v0.13.0)"},
      {K::Megatron, F::Fp8Mx, 2025, S::Native, "", true,
       "megatron/core/enums.py@d98e8a64ddf34856e74b24714e3bedb2f5a39553: Fp8Recipe.mxfp8 (Transformer Engine's"
       " MXFP8BlockScaling; first commit 3db74116, 2025-03-22, core_v0.12.0)"},
      {K::Megatron, F::Fp8Gather, 2024, S::Native, "", false,
       "--fp8-param-gather: 'only supported with distributed optimizer, torch fsdp2, megatron fsdp'"
       " (megatron/training/arguments.py@d98e8a64; fp8_param_gather first commit 033d8b0d, 2024-09-05,"
       " core_r0.9.0): Transformer Engine's fp8_model_init, the weights themselves in FP8 (fp8_params=1)"},
      {K::DeepSpeed, F::Fp8Tensor, 0, S::Absent, "", false, "no FP8 training recipe (see prec=fp8)"},
      {K::DeepSpeed, F::Fp8Rowwise, 0, S::Absent, "", false, "no FP8 training recipe (see prec=fp8)"},
      {K::DeepSpeed, F::Fp8Block, 0, S::Absent, "", false, "no FP8 training recipe (see prec=fp8)"},
      {K::DeepSpeed, F::Fp8Mx, 0, S::Absent, "", false, "no FP8 training recipe (see prec=fp8)"},
      {K::DeepSpeed, F::Fp8Gather, 0, S::Absent, "", false, "no FP8 training recipe (see prec=fp8)"},
      {K::Fsdp, F::Fp8Tensor, 2024, S::Native, "", true,
       "torchao float8 tensorwise through torchtitan (enable_float8_linear, first commit 69fe8def, 2024-07-17)"},
      {K::Fsdp, F::Fp8Tensor, 2026, S::Absent, "", false,
       "pytorch/torchtitan torchtitan/components/quantization/float8.py@b5bcd76c66d0acb1a08b176d9639425bc55e0b2a:"
       " recipe_name: Literal[\"rowwise\", \"rowwise_with_gw_hp\"] = \"rowwise\" (tensorwise dropped by 6348d93d"
       " 'quantize on config instead of on model', 2026-04-27)"},
      {K::Fsdp, F::Fp8Rowwise, 2025, S::Native, "", true,
       "pytorch/torchtitan torchtitan/components/quantization/float8.py@b5bcd76c66d0acb1a08b176d9639425bc55e0b2a:"
       " Float8LinearConfig.from_recipe_name(recipe_name), 'rowwise' the default (recipe lookup first commit"
       " 069bae28, 2025-02-27)"},
      {K::Fsdp, F::Fp8Block, 0, S::Absent, "", false,
       "torchtitan's converters are float8.py (rowwise) and mx.py (mxfp8); torchao's blockwise_fp8_training"
       " (pytorch/ao, 2025-08-01) is a prototype torchtitan does not wire"},
      {K::Fsdp, F::Fp8Mx, 2025, S::Native, "", true,
       "pytorch/torchtitan torchtitan/components/quantization/mx.py@b5bcd76c66d0acb1a08b176d9639425bc55e0b2a:"
       " MXFP8LinearConverter (torchao MX; first commit fb17e251, 2025-05-14)"},
      {K::Fsdp, F::Fp8Gather, 2024, S::Native, "", true,
       "torchtitan enable_fsdp_float8_all_gather 'Whether enable float8 all-gather in FSDP, recommended for"
       " tensorwise scaling' (first commit 69fe8def, 2024-07-17)"},
      {K::Fsdp, F::Fp8Gather, 2026, S::Absent, "", false,
       "removed with tensorwise scaling: 6348d93d (2026-04-27) drops enable_fsdp_float8_all_gather from"
       " torchtitan/components/quantization/float8.py"},
      {K::Hf, F::Fp8Tensor, 2023, S::Extension, "Transformer Engine / torchao through Accelerate", true,
       "accelerate FP8RecipeKwargs with Transformer Engine's DelayedScaling (v0.17.0, 2023-03); AORecipeKwargs"
       " (torchao float8, tensorwise by default; v1.4.0, 2025-02)"},
      {K::Hf, F::Fp8Rowwise, 2025, S::Extension, "torchao through Accelerate", false,
       "AORecipeKwargs(config=Float8LinearConfig...) takes torchao's config (accelerate docs: 'Fields include"
       " config, module_filter_func, pad_inner_dim, and enable_fsdp_float8_all_gather'); a row-wise config"
       " INFERRED to pass through"},
      {K::Hf, F::Fp8Block, 0, S::Absent, "", false,
       "accelerate's TERecipeKwargs offers DelayedScaling fields and use_mxfp8_block_scaling; no"
       " Float8BlockScaling (accelerate docs, v1.15.0)"},
      {K::Hf, F::Fp8Mx, 2025, S::Extension, "Transformer Engine through Accelerate", true,
       "accelerate v1.11.0 (2025-10-20): 'We've added support for MXFP8 in our TransformerEngine integration ... set"
       " use_mxfp8_block_scaling in fp8_config' (PR #3688)"},
      {K::Hf, F::Fp8Gather, 2025, S::Extension, "torchao through Accelerate", false,
       "AORecipeKwargs(pad_inner_dim=True, enable_fsdp_float8_all_gather=True) (accelerate docs)"},
      {K::Torchtune, F::Fp8Tensor, 2025, S::Native, "", true,
       "pytorch/torchtune torchtune/training/quantization.py@bd2a0fc7c31430972728494fa01aaeeb0ebf1ba1:"
       " convert_to_float8_training: fp8_recipe_name 'defaults to \"tensorwise\" with"
       " \"enable_fsdp_float8_all_gather=True\"' (2025-02-12)"},
      {K::Torchtune, F::Fp8Rowwise, 2025, S::Native, "", true,
       "torchtune/training/quantization.py: Float8LinearConfig.from_recipe_name(fp8_recipe_name) (recipe names"
       " 2025-04-17)"},
      {K::Torchtune, F::Fp8Block, 0, S::Absent, "", false, "torchao's float8 recipes only (tensorwise, rowwise)"},
      {K::Torchtune, F::Fp8Mx, 0, S::Absent, "", false, "no MX training in torchtune's recipes"},
      {K::Torchtune, F::Fp8Gather, 2025, S::Native, "", true,
       "torchtune/training/quantization.py: Float8LinearConfig(enable_fsdp_float8_all_gather=True) by default"},
      {K::Unsloth, F::Fp8Tensor, 0, S::Absent, "", false,
       "load_in_fp8 stores frozen base weights in FP8 for LoRA: no FP8 training recipe found"},
      {K::Unsloth, F::Fp8Rowwise, 0, S::Absent, "", false, "no FP8 training recipe found"},
      {K::Unsloth, F::Fp8Block, 0, S::Absent, "", false,
       "load_in_fp8='block' is block-quantised frozen base weights, not FP8 training"},
      {K::Unsloth, F::Fp8Mx, 0, S::Absent, "", false, "no FP8 training recipe found"},
      {K::Unsloth, F::Fp8Gather, 0, S::Absent, "", false, "no FP8 training recipe found"},
      // ---- The state dtypes and module recomputation a stack offers as its own settings (grad_fp32, optim_bf16,
      // recompute_mla_up): Megatron's, each planned by its mechanism (stacks.cpp StateBytesPerParam, saves.cpp).
      {K::Megatron, F::GradFp32, 2021, S::Native, "", false,
       "NVIDIA/Megatron-LM megatron/core/distributed/param_and_grad_buffer.py@d98e8a64ddf34856e74b24714e3bedb2f5a39553:"
       " grad_dtype = torch.float if grad_reduce_in_fp32 else param.dtype; megatron/training/arguments.py"
       " --accumulate-allreduce-grads-in-fp32 (first commit b4bc51b1, 2021-03-08), on by default with --bf16;"
       " --grad-reduce-in-bf16 (first commit d165a854, 2025-02-26) for the 16-bit buffer"},
      {K::DeepSpeed, F::GradFp32, 0, S::Absent, "", false,
       "Megatron's gradient-buffer dtype is not a DeepSpeed setting: DeepSpeed's own data_types.grad_accum_dtype picks"
       " its optimizer instead (deepspeedai/DeepSpeed deepspeed/runtime/engine.py@edaa7221267243c7be7fb49c5d5f5c4fb97b"
       "4641 _do_optimizer_sanity_check: bf16 weights with fp32 accumulation run BF16_Optimizer under ZeRO-1 only),"
       " planned here by the ZeRO stage's rule (stacks.cpp StateBytesPerParam)"},
      {K::Fsdp, F::GradFp32, 0, S::Absent, "", false,
       "FSDP2 reduces gradients in fp32 with no 16-bit choice: pytorch/torchtitan"
       " torchtitan/config/configs.py@b5bcd76c66d0acb1a08b176d9639425bc55e0b2a: mixed_precision_reduce:"
       " Literal[\"float32\"] = \"float32\"; NeMo RL's DTensor policy likewise (nemo_rl/models/dtensor/"
       "parallelize.py@b1c86a816c5e2b4ca41ece193624a38dc62e6fdf: reduce_dtype=torch.float32); the sharded gradient"
       " keeps the fp32 parameters' dtype (the 4 B planned) and the step model reduces it at 4 B (GradReduceBytes)"},
      {K::Hf, F::GradFp32, 0, S::Absent, "", false,
       "the Trainer's gradients take the parameters' dtype (planned in bf16 here); DeepSpeed's and FSDP's dtypes"
       " through Accelerate are those stacks' (no grad_reduce_in_fp32 in Transformers)"},
      {K::Torchtune, F::GradFp32, 0, S::Absent, "", false,
       "pytorch/torchtune recipes/full_finetune_distributed.py@bd2a0fc7c31430972728494fa01aaeeb0ebf1ba1:"
       " self._dtype = training.get_dtype(cfg.dtype, device=self._device): weights, gradients and states in one dtype"
       " (bf16), no separate gradient buffer dtype"},
      {K::Unsloth, F::GradFp32, 0, S::Absent, "", false,
       "the Trainer's gradients in the trained adapters' dtype; no gradient-buffer dtype setting"},
      {K::Megatron, F::OptimBf16, 2022, S::Extension, "NeMo 1 with Apex's DistributedFusedAdam", false,
       "NVIDIA/NeMo nemo/collections/nlp/models/language_modeling/megatron_base_model.py@8cfedd7203462cb251a914e700e5"
       "605444277561 setup_optimization: optim_kwargs['store_params'] = False when the optimizer dtype equals the"
       " model's (distributed_fused_adam, first commit 456410d6, 2022-10-20); Apex distributed_fused_adam.py"
       " StateBucket then holds exp_avg and exp_avg_sq only. Megatron-Core's own precision-aware optimizer keeps main"
       " params in fp32 or fp16 (megatron/training/arguments.py@d98e8a64 --main-params-dtype choices=['fp32','fp16'])"},
      {K::DeepSpeed, F::OptimBf16, 0, S::Absent, "", false,
       "ZeRO's optimizers keep fp32 master weights and fp32 states (deepspeed/runtime/zero/stage_1_and_2.py"
       " single_partition_of_fp32_groups, stage3.py fp32_partitioned_groups_flat; bf16_optimizer.py"
       " fp32_groups_flat_partition)"},
      {K::Fsdp, F::OptimBf16, 2025, S::Native, "", false,
       "pytorch/torchtitan torchtitan/config/configs.py@b5bcd76c66d0acb1a08b176d9639425bc55e0b2a: dtype:"
       " Literal[\"bfloat16\", \"float32\"] = \"float32\" 'setting training_dtype=bfloat16 will put all parameters,"
       " gradients, and optimizer states in bfloat16, without an extra copy of fp32 weights' (first commit e99e16c9,"
       " 'Support full bf16 training (#1646)', 2025-09-16): optim_bf16=1 plans it (bf16 gradients too)"},
      {K::Hf, F::OptimBf16, 0, S::Absent, "", false,
       "the Trainer's optimizer states take the weights' dtype: planned as pure bf16 already (2 + 2 + bf16 states,"
       " stacks.cpp StateBytesPerParam), no separate setting"},
      {K::Torchtune, F::OptimBf16, 0, S::Absent, "", false,
       "torchtune's recipes train in one dtype (training.get_dtype(cfg.dtype)): pure bf16 already, no separate"
       " setting"},
      {K::Unsloth, F::OptimBf16, 0, S::Absent, "", false,
       "adapters and their states in the Trainer's dtype (fp32 adapters here); no bf16-state setting"},
      {K::Megatron, F::RecomputeMlaUp, 2025, S::Native, "", false,
       "NVIDIA/Megatron-LM megatron/core/transformer/multi_latent_attention.py@d98e8a64ddf34856e74b24714e3bedb2f5a395"
       "53: \"mla_up_proj\" in self.config.recompute_modules (first commit 3b141a24, 2025-04-05): q, k and v"
       " up-projections and RoPE recomputed in the backward"},
      {K::DeepSpeed, F::RecomputeMlaUp, 0, S::Absent, "", false,
       "deepspeed.checkpointing wraps what the model code chooses; no module-level MLA recompute"},
      {K::Fsdp, F::RecomputeMlaUp, 0, S::Absent, "", false,
       "torchtitan's activation checkpointing is per layer or op-level (selective_ac_option, memory_budget); no"
       " mla_up_proj module option"},
      {K::Hf, F::RecomputeMlaUp, 0, S::Absent, "", false, "gradient_checkpointing is per decoder layer only"},
      {K::Torchtune, F::RecomputeMlaUp, 0, S::Absent, "", false, "activation checkpointing per layer only"},
      {K::Unsloth, F::RecomputeMlaUp, 0, S::Absent, "", false, "gradient checkpointing per layer only"},
      {K::Megatron, F::RecomputeMoeAct, 2025, S::Native, "", false,
       "NVIDIA/Megatron-LM megatron/core/transformer/moe/experts.py@d98e8a64ddf34856e74b24714e3bedb2f5a39553: "
       "\"moe_act\" in self.config.recompute_modules (first commit 3b141a24, 2025-04-05, core_v0.13.0): the "
       "activation under a CheckpointWithoutOutput, its output discarded once linear_fc2 has run and rebuilt from "
       "fc1's output before the backward"},
      {K::DeepSpeed, F::RecomputeMoeAct, 0, S::Absent, "", false,
       "deepspeed.checkpointing wraps what the model code chooses; no module-level expert activation recompute"},
      {K::Fsdp, F::RecomputeMoeAct, 0, S::Absent, "", false,
       "torchtitan's activation checkpointing is per layer or op-level (selective_ac_option, memory_budget); no"
       " moe_act module option"},
      {K::Hf, F::RecomputeMoeAct, 0, S::Absent, "", false, "gradient_checkpointing is per decoder layer only"},
      {K::Torchtune, F::RecomputeMoeAct, 0, S::Absent, "", false, "activation checkpointing per layer only"},
      {K::Unsloth, F::RecomputeMoeAct, 0, S::Absent, "", false, "gradient checkpointing per layer only"},
      // ---- Tensor-parallel communication pipelined with the GEMMs it feeds (tp_overlap): the step model hides each
      // all-gather / reduce-scatter behind its own GEMM (core/estimate/step.cpp TpExposed).
      {K::Megatron, F::TpOverlap, 2024, S::Native, "", false,
       "NVIDIA/Megatron-LM megatron/core/model_parallel_config.py@02aa3ee454b5ff16b1bf356ec36fa0cc1c26858f:"
       " tp_comm_overlap: bool = False 'If true, allows overlapping of Linear layer execution with tensor parallel"
       " communication collectives like AllGather/ReduceScatter' (Transformer Engine's userbuffers); NeMo"
       " (NVIDIA/NeMo-Framework-Launcher tag 24.07, launcher_scripts/conf/training/llama/llama3_70b.yaml"
       " 'ub_tp_comm_overlap: true') and Megatron-Bridge (NVIDIA-NeMo/Megatron-Bridge@97ad8cc6f"
       " src/megatron/bridge/training/comm_overlap.py: 'Disabling tensor parallel communication overlap due to TP"
       " size < 2', '... due to sequence_parallel=False'); 2024 is the earliest release read, not its first"},
      {K::DeepSpeed, F::TpOverlap, 0, S::Absent, "", false,
       "microsoft/DeepSpeed deepspeed/@38327e07f6cd39b63418f60cedd1651b0be3e7c3: no userbuffers, tp_comm_overlap or"
       " async tensor parallelism (git grep); AutoTP's all-reduces run after their GEMMs"},
      {K::Fsdp, F::TpOverlap, 2025, S::Native, "", false,
       "pytorch/torchtitan torchtitan/config/job_config.py@6404b932421f5ce382e7dac5ad381b2c17b1373c:"
       " enable_async_tensor_parallel: bool = False 'Whether to apply async tensor parallel (currently only"
       " effective when compile is enabled)' (Inductor's micro-pipeline TP); 2025 is the release read, the year it"
       " arrived not read"},
      {K::Hf, F::TpOverlap, 0, S::Absent, "", false,
       "no async tensor parallelism or userbuffers in Transformers' or Accelerate's tensor parallelism (not read"
       " for this row beyond their configuration keys)"},
      {K::Torchtune, F::TpOverlap, 0, S::Absent, "", false,
       "torchtune's tensor parallelism is parallelize_module with a plan; no async tensor parallelism key (not read"
       " for this row beyond its recipes' keys)"},
      {K::Unsloth, F::TpOverlap, 0, S::Absent, "", false, "no tensor parallelism"},
      // ---- The expert all-to-all of one micro-batch overlapped with another's computation (moe_a2a_overlap): the
      // step model hides the share NVIDIA measured (core/estimate/step_moe.cpp kMegatronA2aHidden); the layouts it
      // runs with are core/resolve/layout_rules.cpp ExpertOverlap's.
      {K::Megatron, F::EpA2aOverlap, 2025, S::Native, "", false,
       "NVIDIA/Megatron-LM megatron/core/model_parallel_config.py@d98e8a64ddf34856e74b24714e3bedb2f5a39553:"
       " overlap_moe_expert_parallel_comm: bool = False (first commit ae1c88296f, 2025-08-01, 'Support EP A2A overlap"
       " at PP=1'; interleaved pipelines from d7bf5aaaa8, 2025-08-26); Megatron-Bridge's"
       " comm_overlap.overlap_moe_expert_parallel_comm (its moe_a2a_overlap recipes)"},
      {K::DeepSpeed, F::EpA2aOverlap, 0, S::Absent, "", false,
       "no expert-parallel all-to-all overlap setting in DeepSpeed-MoE (deepspeed/moe/sharded_moe.py runs the"
       " all-to-all between its gate and experts)"},
      {K::Fsdp, F::EpA2aOverlap, 0, S::Absent, "", false,
       "torchtitan overlaps the expert all-to-all only inside its DualPipeV schedule (pp_schedule=dualpipev,"
       " pipeline_parallel_expert_parallel_overlap, torchtitan/distributed/dual_pipe_v.py@v0.2.1), not as a setting of"
       " its own"},
      {K::Hf, F::EpA2aOverlap, 0, S::Absent, "", false, "no expert parallelism overlap in Transformers' Trainer"},
      {K::Torchtune, F::EpA2aOverlap, 0, S::Absent, "", false, "no expert parallelism overlap in torchtune"},
      {K::Unsloth, F::EpA2aOverlap, 0, S::Absent, "", false, "no expert parallelism"},
      // ---- AMD GPUs (ROCm).
      {K::Megatron, F::GpuAmd, 2024, S::Extension, "AMD's ROCm forks (ROCm/Megatron-LM, ROCm/TransformerEngine)", true,
       "github.com/ROCm/Megatron-LM (AMD's fork; its first release not read); NVIDIA's Transformer Engine is"
       " CUDA-only"},
      {K::DeepSpeed, F::GpuAmd, 2022, S::Native, "", true,
       "DeepSpeed's op builders hipify their CUDA extensions on ROCm (op_builder/builder.py is_rocm_pytorch,"
       " hipify_extension; the year it arrived not read)"},
      {K::Fsdp, F::GpuAmd, 2024, S::Native, "", true,
       "pytorch/torchtitan torchtitan/components/quantization/float8.py@b5bcd76c66d0acb1a08b176d9639425bc55e0b2a:"
       " 'float8 is only supported on NVIDIA SM89 or later, or AMD gfx942 (MI300) or later' (has_rocm_capability):"
       " PyTorch's ROCm builds"},
      {K::Hf, F::GpuAmd, 2021, S::Unverified, "", false,
       "PyTorch's ROCm builds run the Trainer's CUDA path through HIP (torch.version.hip); Transformers' code not"
       " read"},
      {K::Torchtune, F::GpuAmd, 2024, S::Unverified, "", false,
       "PyTorch's ROCm builds; torchtune's recipes not read for ROCm"},
      {K::Unsloth, F::GpuAmd, 2023, S::Absent, "", false,
       "CUDA only before its ROCm device path (unsloth/device_type.py is_hip, first commit 71ae760a, 2025-09-12)"},
      {K::Unsloth, F::GpuAmd, 2025, S::Native, "", true,
       "unslothai/unsloth unsloth/device_type.py@015bdef0d94a241bcd94eec7a405b1700632180d: DEVICE_TYPE \"hip\""
       " ('[ROCm] add hip device path (#3301)', 2025-09-12); README 'AMD: Training, RL, chat and deployment work'"},
  };
  return rows;
}
// clang-format on

const char* FeatureId(Feature f) {
  static constexpr const char* kIds[] = {"method=full",
                                         "method=lora",
                                         "method=qlora",
                                         "method=dora",
                                         "method=qdora",
                                         "tp",
                                         "sp",
                                         "pp",
                                         "vp",
                                         "cp",
                                         "cp_comm=p2p",
                                         "cp_comm=all_gather",
                                         "cp_comm=a2a",
                                         "cp a2a+p2p",
                                         "ep",
                                         "dp",
                                         "zero=1",
                                         "zero=2",
                                         "zero=3",
                                         "dp_shard",
                                         "grad_fp32",
                                         "optim_bf16",
                                         "offload=cpu",
                                         "offload=cpu zero=3",
                                         "offload=nvme",
                                         "offload_act",
                                         "fused loss",
                                         "recompute=selective",
                                         "recompute=full",
                                         "recompute_mla_up",
                                         "recompute_moe_act",
                                         "prec=fp16",
                                         "prec=fp8",
                                         "fp8_recipe=tensor",
                                         "fp8 rowwise",
                                         "fp8_recipe=block",
                                         "fp8_recipe=mxfp8",
                                         "fp8_params",
                                         "tp_overlap",
                                         "moe_a2a_overlap",
                                         "gpu=AMD",
                                         "rl_mb_tokens",
                                         "rl_gen_prec=fp8"};
  static_assert(sizeof(kIds) / sizeof(kIds[0]) == size_t(Feature::kCount));
  return kIds[int(f)];
}

constexpr const char* kVerlMegatronDdp =
    "volcengine/verl verl/utils/megatron_utils.py@b178a3cd56f58b2d502255daba591e92833930a7: make_megatron_module wraps"
    " each model chunk in megatron.core's DistributedDataParallel with use_distributed_optimizer"
    " (verl/trainer/config/engine/megatron.yaml: True, ZeRO-1; False, none); no Megatron-FSDP (optim_grads,"
    " optim_grads_params)";

// The RL frameworks' own training settings and rollout options (RlCapabilityTable's second half): recomputation,
// ZeRO stage, FP8 rollout weights.
std::vector<RlCapabilityRow> RlSettingRows() {
  using R = RlFramework;
  using F = Feature;
  using S = Support;
  return {
      // Recomputation: each RL framework checkpoints whole layers or nothing (a bool), so no selective recompute.
      {R::Verl, F::RecomputeSelective, 0, S::Absent, false,
       "volcengine/verl verl/workers/fsdp_workers.py@b178a3cd56f58b2d502255daba591e92833930a7: model."
       "enable_gradient_checkpointing (true by default, verl/trainer/config/model/hf_model.yaml) calls"
       " gradient_checkpointing_enable() on the Transformers model: every decoder layer, no selective option on the"
       " FSDP actor (the Megatron backend's override_transformer_config has Megatron's)"},
      {R::Verl, F::Zero1, 0, S::Absent, false,
       "volcengine/verl verl/workers/fsdp_workers.py@b178a3cd56f58b2d502255daba591e92833930a7: get_sharding_strategy"
       " gives FULL_SHARD (fsdp_config.reshard_after_forward true, the default) or SHARD_GRAD_OP (false), hybrid with"
       " fsdp_size: ZeRO-3 or ZeRO-2, never the optimizer states alone"},
      // verl's Megatron backend wraps each model chunk in Megatron-Core's DDP, with or without the distributed
      // optimizer (ZeRO-1 or none): Megatron-FSDP's ZeRO-2 and ZeRO-3 are not launched.
      {R::Verl, F::Zero2, 0, S::Absent, true, kVerlMegatronDdp, true, true},
      {R::Verl, F::Zero3, 0, S::Absent, true, kVerlMegatronDdp, true, true},
      {R::Openrlhf, F::RecomputeSelective, 0, S::Absent, true,
       "OpenRLHF/OpenRLHF openrlhf/cli/train_ppo_ray.py@3c3be6234e0cb353e76bb8019947db9dfe99fca7:"
       " --actor.gradient_checkpointing_enable (store_true) calls the Transformers model's"
       " gradient_checkpointing_enable(): every layer or none"},
      {R::Trl, F::RecomputeSelective, 0, S::Absent, true,
       "huggingface/trl trl/models/utils.py@f2cd57710ae345ea6428ae95363267fcf38a3dc8: TrainingArguments."
       "gradient_checkpointing calls model.gradient_checkpointing_enable(gradient_checkpointing_kwargs): every layer"
       " or none"},
      {R::DeepspeedChat, F::RecomputeSelective, 0, S::Absent, true,
       "deepspeedai/DeepSpeedExamples applications/DeepSpeed-Chat/dschat/rlhf/rlhf_engine.py@45b4b7156c8794a3452a5a"
       "7d03dbd8d797068569: --actor_gradient_checkpointing calls gradient_checkpointing_enable() on the actor"},
      {R::NemoRl, F::RecomputeSelective, 0, S::Absent, true,
       "NVIDIA-NeMo/RL nemo_rl/models/megatron/setup.py@5fb588932bf835506a8a5bac01de4f8c7ab0a065:"
       " _apply_performance_config: megatron_cfg.activation_checkpointing (a bool) sets recompute_granularity"
       " \"full\", method uniform, one layer; dtensor_cfg.activation_checkpointing wraps whole blocks"
       " (nemo_rl/models/dtensor/parallelize.py checkpoint_wrapper)"},
      // FP8 rollout weights (rl_gen_prec=fp8): NeMo RL's vllm_cfg.precision fp8 (nemo_rl/models/generation/fp8.py)
      // and verl's rollout.quantization fp8 (vLLM and SGLang) have them; the others hand vLLM 16-bit weights.
      {R::Openrlhf, F::RlFp8Rollout, 0, S::Absent, true,
       "OpenRLHF/OpenRLHF openrlhf/trainer/ray/vllm_engine.py@3c3be6234e0cb353e76bb8019947db9dfe99fca7:"
       " create_vllm_engines builds each engine with \"dtype\": \"bfloat16\" and no quantization (git grep -i"
       " 'quantiz|fp8' openrlhf/: only the NF4 policy's bitsandbytes config)",
       false},
      {R::Trl, F::RlFp8Rollout, 0, S::Absent, true,
       "huggingface/trl trl/generation/vllm_generation.py@f2cd57710ae345ea6428ae95363267fcf38a3dc8: LLM(...,"
       " quantization=quantization) is \"bitsandbytes\" for a 4-bit policy, else None; trl/scripts/vllm_serve.py"
       " takes dtype and kv_cache_dtype, no weight quantization",
       false},
      {R::DeepspeedChat, F::RlFp8Rollout, 0, S::Absent, true,
       "deepspeedai/DeepSpeedExamples applications/DeepSpeed-Chat@45b4b7156c8794a3452a5a7d03dbd8d797068569: the hybrid"
       " engine generates with the actor's own 16-bit weights (no inference engine of its own)",
       false},
  };
}

// clang-format off (a data table: RL framework, feature, since, support, on_megatron, source)
const std::vector<RlCapabilityRow>& RlCapabilityTable() {
  using R = RlFramework;
  using F = Feature;
  using S = Support;
  // Each framework's repository as read for issue #32 (`git log -S` for the year a flag arrived).
  static constexpr const char* kOpenrlhfMesh =
      "OpenRLHF/OpenRLHF openrlhf/utils/deepspeed/deepspeed.py@3c3be6234e0cb353e76bb8019947db9dfe99fca7:"
      " DeepspeedStrategy.setup_distributed builds the mesh (dp, sp, tp) = (world / ring_attn_size /"
      " ds_tensor_parallel_size, --ds.ring_attn_size, --ds.tensor_parallel_size) over DeepSpeed's ZeRO engine;"
      " no pipeline engine nor expert parallelism (git grep PipelineModule|pipeline_parallel|ep_size in openrlhf/:"
      " nothing; MoE experts run through Transformers' experts_implementation)";
  static constexpr const char* kVerlFsdp =
      "volcengine/verl verl/workers/engine/fsdp/transformer_impl.py@b178a3cd56f58b2d502255daba591e92833930a7:"
      " FSDPEngine._init_device_mesh: create_device_mesh(world_size, fsdp_size) (FSDP or DDP x FSDP) and a"
      " Ulysses (dp, sp) mesh only; tensor, pipeline and expert parallelism are verl's Megatron backend's"
      " (actor.strategy=megatron: stack=megatron)";
  static constexpr const char* kNemoDtensor =
      "NVIDIA-NeMo/RL nemo_rl/models/automodel/setup.py@7ea279abfbeb698b092856d0dab61e7cf39bc909:"
      " setup_distributed: the DTensor policy's mesh from dtensor_cfg tensor_parallel_size, context_parallel_size"
      " and expert_parallel_size with pp_size=1; pipeline parallelism is NeMo RL's Megatron backend's"
      " (policy.megatron_cfg.pipeline_model_parallel_size: stack=megatron)";
  static constexpr const char* kTrlNoPipe =
      "huggingface/trl trl/@f2cd57710ae345ea6428ae95363267fcf38a3dc8: the trainers run a Transformers model under"
      " Accelerate (DeepSpeed ZeRO or FSDP); none builds a pipeline or expert-parallel model (git grep"
      " pipeline_parallel|pp_size|ep_size|expert_parallel in trl/: nothing)";
  static constexpr const char* kDschat =
      "deepspeedai/DeepSpeedExamples applications/DeepSpeed-Chat/dschat/utils/ds_utils.py@45b4b7156c8794a3452a5a7d0"
      "3dbd8d797068569: get_train_ds_config sets the ZeRO stage and offload device (\"cpu\" if offload else"
      " \"none\") only; tensor parallelism is the hybrid engine's for generation (inference_tp_size), no pipeline,"
      " sequence or expert parallelism in training (git grep pipe|sequence_parallel|ep_size in dschat/: nothing)";
  static const std::vector<RlCapabilityRow> rows = [] {
    std::vector<RlCapabilityRow> r = {
        {R::Openrlhf, F::Tp, 2025, S::Native, true,
         "OpenRLHF/OpenRLHF openrlhf/utils/deepspeed/deepspeed.py@3c3be6234e0cb353e76bb8019947db9dfe99fca7:"
         " DeepspeedStrategy: --ds.tensor_parallel_size > 1 passes autotp_size to DeepSpeed's AutoTP ('DeepSpeed"
         " version must be >= 0.16.4 for tensor parallel training'), first commit f5b45490 'Support deepspeed auto tp'"
         " (2025-04-27, v0.7.4)"},
        {R::Openrlhf, F::Pp, 0, S::Absent, true, kOpenrlhfMesh},
        {R::Openrlhf, F::Interleaved, 0, S::Absent, true, kOpenrlhfMesh},
        {R::Openrlhf, F::Ep, 0, S::Absent, true, kOpenrlhfMesh},
        {R::Openrlhf, F::Cp, 2025, S::Native, true,
         "OpenRLHF/OpenRLHF openrlhf/utils/deepspeed/deepspeed.py@3c3be6234e0cb353e76bb8019947db9dfe99fca7:"
         " DeepspeedStrategy.setup_ring_attn: --ds.ring_attn_size ring attention (ring_flash_attn's"
         " substitute_hf_flash_attn); in PPO since bfa85f6f (2025-02-28), in DPO since 2a09aeed (2024-09-20)"},
        {R::Openrlhf, F::OffloadNvme, 0, S::Absent, true,
         "OpenRLHF/OpenRLHF openrlhf/utils/deepspeed/deepspeed_utils.py@3c3be6234e0cb353e76bb8019947db9dfe99fca7:"
         " get_train_ds_config offloads to \"cpu\" or \"none\" (--ds.adam_offload: the optimizer states)"},
        {R::Verl, F::Tp, 0, S::Absent, false, kVerlFsdp},
        {R::Verl, F::Pp, 0, S::Absent, false, kVerlFsdp},
        {R::Verl, F::Interleaved, 0, S::Absent, false, kVerlFsdp},
        {R::Verl, F::Ep, 0, S::Absent, false, kVerlFsdp},
        {R::Verl, F::OffloadNvme, 0, S::Absent, false,
         "volcengine/verl verl/trainer/config/engine/fsdp.yaml@b178a3cd56f58b2d502255daba591e92833930a7:"
         " param_offload / optimizer_offload to CPU only"},
        {R::NemoRl, F::Pp, 0, S::Absent, false, kNemoDtensor},
        {R::NemoRl, F::Interleaved, 0, S::Absent, false, kNemoDtensor},
        {R::Trl, F::Pp, 0, S::Absent, true, kTrlNoPipe},
        {R::Trl, F::Interleaved, 0, S::Absent, true, kTrlNoPipe},
        {R::Trl, F::Ep, 0, S::Absent, true, kTrlNoPipe},
        {R::Trl, F::Cp, 0, S::Absent, true,
         "huggingface/trl trl/trainer/grpo_config.py@f2cd57710ae345ea6428ae95363267fcf38a3dc8: GRPOConfig."
         "__post_init__ raises 'GRPOTrainer does not support sequence-dim parallelism (`parallelism_config.cp_size >"
         " 1` or `parallelism_config.sp_size > 1`) yet' (733f3b13, 2026-05-06), as RLOOConfig (rloo_config.py); the"
         " DPO trainer has no such check",
         false},
        {R::Verl, F::MethodQlora, 0, S::Absent, true,
         "volcengine/verl verl/@b178a3cd56f58b2d502255daba591e92833930a7: the actor's LoRA (actor_rollout_ref.model."
         "lora_rank, PEFT over the 16-bit model; the Megatron backend's through Megatron-Bridge) loads no 4-bit base"
         " (git grep load_in_4bit|BitsAndBytesConfig in verl/: nothing; bitsandbytes only as an optimizer;"
         " models/mcore/config_converter.py asserts 'quantization is not supported for now')"},
        {R::NemoRl, F::MethodLora, 2026, S::Native, true,
         "NVIDIA-NeMo/RL@7ea279abfbeb698b092856d0dab61e7cf39bc909: policy.lora_cfg (nemo_rl/models/policy/__init__.py"
         " LoRAConfig); in GRPO since dacac7e0c (2026-02-02, DTensor, 'Support lora in dtensor grpo workflow by merging"
         " weight') and a4268960d (2026-03-02, 'Megatron LoRA GRPO w/ Weight Merging'), in DPO since c9db94684"
         " (2026-02-03)"},
        {R::NemoRl, F::MethodQlora, 0, S::Absent, true,
         "NVIDIA-NeMo/RL nemo_rl/@7ea279abfbeb698b092856d0dab61e7cf39bc909: LoRAConfig over the 16-bit model; no 4-bit"
         " base (git grep -i 'load_in_4bit|BitsAndBytesConfig|qlora' nemo_rl/: nothing)"},
        {R::DeepspeedChat, F::MethodQlora, 0, S::Absent, true,
         "deepspeedai/DeepSpeedExamples "
         "applications/DeepSpeed-Chat/dschat/rlhf/rlhf_engine.py@45b4b7156c8794a3452a5a7d0"
         "3dbd8d797068569: actor_lora_dim / critic_lora_dim (its own LinearLayer_LoRA over the 16-bit weights); no "
         "4-bit"
         " base (git grep -i 'load_in_4bit|bitsandbytes' dschat/: nothing)"},
        {R::DeepspeedChat, F::Tp, 0, S::Absent, true, kDschat},
        {R::DeepspeedChat, F::Pp, 0, S::Absent, true, kDschat},
        {R::DeepspeedChat, F::Interleaved, 0, S::Absent, true, kDschat},
        {R::DeepspeedChat, F::Cp, 0, S::Absent, true, kDschat},
        {R::DeepspeedChat, F::Ep, 0, S::Absent, true, kDschat},
        {R::DeepspeedChat, F::OffloadNvme, 0, S::Absent, true, kDschat},
        // Micro-batches as token budgets (rl_mb_tokens): verl's use_dynamic_bsz (54051c85c, 2025-01-21), NeMo RL's
        // dynamic batching and sequence packing (7d8ce74dc, 2025-05-15), OpenRLHF's dynamic batch (81421bd2,
        // 2025-07-12) have them; TRL and DeepSpeed-Chat count micro-batches in sequences only.
        {R::Trl, F::RlTokenBudget, 0, S::Absent, true,
         "huggingface/trl trl/trainer/grpo_config.py, dpo_config.py@f2cd57710ae345ea6428ae95363267fcf38a3dc8:"
         " micro-batches of per_device_train_batch_size sequences, no token budget (git grep -i"
         " 'max_token_len|max_tokens_per|dynamic_batch|use_dynamic_bsz' trl/: nothing; DPOConfig's padding_free"
         " flattens a batch, it does not size it)"},
        {R::DeepspeedChat, F::RlTokenBudget, 0, S::Absent, true,
         "deepspeedai/DeepSpeedExamples applications/DeepSpeed-Chat/training/step3_rlhf_finetuning/main.py@45b4b7156c8"
         "794a3452a5a7d03dbd8d797068569: --per_device_training_batch_size and --per_device_generation_batch_size count"
         " sequences; no token budget (dschat/utils/data/data_utils.py's max_token_len pads the prompts)"},
    };
    const std::vector<RlCapabilityRow> settings = RlSettingRows();
    r.insert(r.end(), settings.begin(), settings.end());
    return r;
  }();
  return rows;
}
// clang-format on

// clang-format off
const std::vector<RlOfferRow>& RlOfferTable() {
  using R = RlFramework;
  using A = RlAlgo;
  using E = RlEngine;
  static constexpr const char* kVerlMain =
      "volcengine/verl verl/trainer/@b178a3cd56f58b2d502255daba591e92833930a7: main_ppo.py trains PPO and its"
      " group-baseline variants (algorithm.adv_estimator gae, grpo, rloo, ...); beside it only the SFT trainers"
      " (sft_trainer.py, fsdp_sft_trainer.py): no preference-pair (DPO) trainer in verl itself (its recipes live in"
      " the verl-recipe submodule)";
  static constexpr const char* kVerlRollout =
      "volcengine/verl verl/workers/rollout/@b178a3cd56f58b2d502255daba591e92833930a7: vllm_rollout/,"
      " sglang_rollout/ and hf_rollout.py (HFRollout: the actor's module.generate)";
  static constexpr const char* kOpenrlhfPpo =
      "OpenRLHF/OpenRLHF openrlhf/cli/train_ppo_ray.py@3c3be6234e0cb353e76bb8019947db9dfe99fca7:"
      " --algo.advantage.estimator gae (PPO, with a critic) or group_norm, rloo, reinforce_baseline (no critic)";
  static constexpr const char* kOpenrlhfEngines =
      "OpenRLHF/OpenRLHF openrlhf/cli/train_ppo_ray.py@3c3be6234e0cb353e76bb8019947db9dfe99fca7:"
      " create_vllm_engines when --vllm.num_engines > 0, '--vllm.num_engines ... set to 0 to disable vLLM' (the"
      " actor generates with Transformers); no other engine (git grep -il sglang openrlhf/: nothing)";
  static constexpr const char* kNemoAlgos =
      "NVIDIA-NeMo/RL nemo_rl/algorithms/@7ea279abfbeb698b092856d0dab61e7cf39bc909: grpo.py, dpo.py, ppo.py"
      " (857b11522, 2026-06-10, 'PPO with MCore')";
  static constexpr const char* kNemoEngines =
      "NVIDIA-NeMo/RL nemo_rl/models/generation/@7ea279abfbeb698b092856d0dab61e7cf39bc909: vllm/, sglang/"
      " (e480f8f01, 2026-01-22, 'Add SGLang rollout backend'), megatron/, trtllm/, dynamo/; none is Transformers'"
      " generate";
  static constexpr const char* kTrl =
      "huggingface/trl trl/trainer/@f2cd57710ae345ea6428ae95363267fcf38a3dc8: GRPOTrainer and RLOOTrainer generate"
      " with vLLM (use_vllm) or the model's generate; DPOTrainer; PPO only in trl/experimental/ppo/ppo_trainer.py,"
      " which generates with the policy's generate (no vLLM); no SGLang (git grep -il sglang trl/: nothing)";
  static constexpr const char* kDschat =
      "deepspeedai/DeepSpeedExamples applications/DeepSpeed-Chat/@45b4b7156c8794a3452a5a7d03dbd8d797068569:"
      " training/step3_rlhf_finetuning (PPO with a critic; dschat/rlhf/ppo_trainer.py generate_experience through"
      " the hybrid engine's generate) and step2_dpo_finetuning (1842b4fd, 2025-01-06); no group-baseline trainer,"
      " no vLLM or SGLang (git grep -il 'vllm|sglang' dschat/: nothing)";
  static const std::vector<RlOfferRow> rows = {
      {R::Verl, A::Grpo, false, E::Vllm, kVerlMain},       {R::Verl, A::Ppo, false, E::Vllm, kVerlMain},
      {R::Verl, A::Grpo, true, E::Vllm, kVerlRollout},     {R::Verl, A::Ppo, true, E::Vllm, kVerlRollout},
      {R::Verl, A::Grpo, true, E::Sglang, kVerlRollout},   {R::Verl, A::Ppo, true, E::Sglang, kVerlRollout},
      {R::Verl, A::Grpo, true, E::Hf, kVerlRollout},       {R::Verl, A::Ppo, true, E::Hf, kVerlRollout},
      {R::Openrlhf, A::Grpo, false, E::Vllm, kOpenrlhfPpo}, {R::Openrlhf, A::Ppo, false, E::Vllm, kOpenrlhfPpo},
      {R::Openrlhf, A::Dpo, false, E::Vllm,
       "OpenRLHF/OpenRLHF openrlhf/cli/train_dpo.py@3c3be6234e0cb353e76bb8019947db9dfe99fca7"},
      {R::Openrlhf, A::Grpo, true, E::Vllm, kOpenrlhfEngines}, {R::Openrlhf, A::Ppo, true, E::Vllm, kOpenrlhfEngines},
      {R::Openrlhf, A::Grpo, true, E::Hf, kOpenrlhfEngines},   {R::Openrlhf, A::Ppo, true, E::Hf, kOpenrlhfEngines},
      {R::NemoRl, A::Grpo, false, E::Vllm, kNemoAlgos},     {R::NemoRl, A::Ppo, false, E::Vllm, kNemoAlgos},
      {R::NemoRl, A::Dpo, false, E::Vllm, kNemoAlgos},
      {R::NemoRl, A::Grpo, true, E::Vllm, kNemoEngines},    {R::NemoRl, A::Ppo, true, E::Vllm, kNemoEngines},
      {R::NemoRl, A::Grpo, true, E::Sglang, kNemoEngines},  {R::NemoRl, A::Ppo, true, E::Sglang, kNemoEngines},
      {R::Trl, A::Grpo, false, E::Vllm, kTrl},              {R::Trl, A::Ppo, false, E::Vllm, kTrl},
      {R::Trl, A::Dpo, false, E::Vllm, kTrl},
      {R::Trl, A::Grpo, true, E::Vllm, kTrl},               {R::Trl, A::Grpo, true, E::Hf, kTrl},
      {R::Trl, A::Ppo, true, E::Hf, kTrl},
      {R::DeepspeedChat, A::Ppo, false, E::Hf, kDschat},    {R::DeepspeedChat, A::Dpo, false, E::Hf, kDschat},
      {R::DeepspeedChat, A::Ppo, true, E::Hf, kDschat},
  };
  return rows;
}
// clang-format on

const RlOfferRow* RlOffer(RlFramework fw, RlAlgo goal) {
  for (const RlOfferRow& r : RlOfferTable())
    if (r.framework == fw && r.goal == goal && !r.has_engine) return &r;
  return nullptr;
}

const RlOfferRow* RlOffer(RlFramework fw, RlAlgo goal, RlEngine engine) {
  for (const RlOfferRow& r : RlOfferTable())
    if (r.framework == fw && r.goal == goal && r.has_engine && r.engine == engine) return &r;
  return nullptr;
}

CapabilityAnswer RlCapability(RlFramework fw, StackKind stack, int year, Feature f, bool dpo) {
  const RlCapabilityRow* current = nullptr;
  const RlCapabilityRow* first = nullptr;
  for (const RlCapabilityRow& r : RlCapabilityTable()) {  // rows of one framework and feature, oldest first
    if (r.framework != fw || r.feature != f || (stack == StackKind::Megatron && !r.on_megatron)) continue;
    if (r.only_megatron && stack != StackKind::Megatron) continue;
    if (dpo && !r.on_dpo) continue;
    if (!first) first = &r;
    if (r.since <= year) current = &r;
  }
  CapabilityAnswer a;
  a.support = Support::Native, a.auto_ok = true;
  if (!first) return a;  // the stack's to answer
  const RlCapabilityRow& r = current ? *current : *first;
  a.support = current ? r.support : Support::Absent;
  a.not_yet = !current && first->support != Support::Absent;
  a.auto_ok = a.support == Support::Native;
  a.source = r.source, a.since = r.since;
  a.framework = kRlFrameworkLabels[int(fw)];
  return a;
}

const char* FeatureName(Feature f) {
  static constexpr const char* kNames[] = {"full training",
                                           "LoRA",
                                           "QLoRA (4-bit base)",
                                           "DoRA (LoRA with trained magnitudes)",
                                           "QDoRA (DoRA on a 4-bit base)",
                                           "tensor parallelism",
                                           "sequence parallelism",
                                           "pipeline parallelism",
                                           "interleaved pipeline stages",
                                           "context parallelism",
                                           "context parallelism: K/V ring (p2p, overlapped)",
                                           "context parallelism: K/V all-gather",
                                           "context parallelism: Ulysses all-to-all (heads scattered)",
                                           "context parallelism: hierarchical a2a+p2p",
                                           "expert parallelism",
                                           "data parallelism (several GPUs)",
                                           "ZeRO-1 (sharded optimizer states)",
                                           "ZeRO-2 (+ gradients)",
                                           "ZeRO-3 / FSDP full shard",
                                           "hybrid sharding (HSDP: shard groups, replicated)",
                                           "gradient buffer dtype (fp32 or 16-bit)",
                                           "bf16 optimizer states, no fp32 master",
                                           "CPU offload of optimizer states",
                                           "CPU offload of ZeRO-3 parameter shards",
                                           "NVMe offload (ZeRO-Infinity)",
                                           "offloaded activation checkpoints",
                                           "fused linear cross-entropy (logits never whole)",
                                           "selective recomputation",
                                           "full recomputation",
                                           "MLA up-projections recomputed",
                                           "experts' activation recomputed",
                                           "FP16 mixed precision (loss scaling)",
                                           "FP8 training",
                                           "FP8 per-tensor scaling (delayed or current)",
                                           "FP8 row-wise scaling (torchao)",
                                           "FP8 1x128 / 128x128 block scaling (DeepSeek-V3)",
                                           "MXFP8 (32-element blocks)",
                                           "FP8 weights (stored and all-gathered in FP8)",
                                           "tensor-parallel communication overlapped with the GEMMs",
                                           "expert all-to-all overlapped with another micro-batch",
                                           "AMD GPUs (ROCm)",
                                           "RL micro-batches as token budgets",
                                           "RL rollout on FP8 weights"};
  static_assert(sizeof(kNames) / sizeof(kNames[0]) == size_t(Feature::kCount));
  return kNames[int(f)];
}

const char* FeaturePlanned(Feature f) {
  switch (f) {
    case Feature::CpA2aP2p:
      return "not a cp_comm value: plan it as cp_comm=a2a inside a node or cp_comm=p2p across nodes";
    case Feature::Fp8Tensor:
      return "fp8_recipe=tensor casts each GEMM input once (3 bytes per element, delayed scaling's fused amax); "
             "current scaling's separate amax pass is not counted";
    case Feature::Fp8Rowwise:
      return "not an fp8_recipe: a stack whose only FP8 is row-wise is planned with per-tensor casts "
             "(fp8_recipe=tensor), and the plan says so";
    case Feature::Fp8Gather:
      return "fp8_params=1 is planned as Megatron-Core's fp8_param_gather (FP8 weights in place of bf16 ones "
             "beside Transformer Engine's workspaces); torchao's FSDP float8 all-gather (torchtitan, torchtune, "
             "Accelerate) with 16-bit gathers";
    case Feature::FusedLoss:
      return "no key: the longest sequence's best settings offer it as logit_bytes (Liger Kernel's chunks on "
             "Transformers models, 3 x 2 B x hidden / vocab per logit; torchtune's LinearCrossEntropyLoss 5.25 B); "
             "a plan keeps its stack's own loss (torchtune's CEWithChunkedOutputLoss, 6.5 B, also from 2025, when "
             "its recipes name LinearCrossEntropyLoss)";
    case Feature::EpA2aOverlap:
      return "moe_a2a_overlap=1 hides the share of the expert all-to-all NVIDIA measured (36.55 %), with ep > 1, no "
             "full recomputation and, with pp > 1, the interleaved schedule only (Megatron-Core's asserts)";
    case Feature::TpOverlap:
      return "tp_overlap=1 hides each tensor-parallel all-gather / reduce-scatter behind the GEMM it feeds "
             "(Transformer "
             "Engine's userbuffers in Megatron-Core; torchtitan's async TP with the same rule), with sequence "
             "parallelism and tp > 1 only; the MoE experts' GEMMs hide none";
    default: return "";
  }
}

const char* SupportName(Support s) {
  switch (s) {
    case Support::Native: return "native";
    case Support::Extension: return "extension";
    case Support::Unverified: return "unverified";
    case Support::Absent: return "absent";
  }
  return "absent";
}

const char* AskKeyName(AskKeys bit) {
  switch (bit) {
    case kAskMethod: return "method";
    case kAskPrec: return "prec";
    case kAskTp: return "tp";
    case kAskPp: return "pp";
    case kAskVp: return "vp";
    case kAskCp: return "cp";
    case kAskEp: return "ep";
    case kAskZero: return "zero";
    case kAskSp: return "sp";
    case kAskOffload: return "offload";
    case kAskRecompute: return "recompute";
    case kAskOffloadAct: return "offload_act";
    case kAskDp: return "dp";
    case kAskFp8Recipe: return "fp8_recipe";
    case kAskCpComm: return "cp_comm";
    case kAskGpu: return "gpu";
    case kAskGradFp32: return "grad_fp32";
    case kAskOptimBf16: return "optim_bf16";
    case kAskRecomputeMlaUp: return "recompute_mla_up";
    case kAskRecomputeMoeAct: return "recompute_moe_act";
    case kAskFp8Params: return "fp8_params";
    case kAskTpOverlap: return "tp_overlap";
    case kAskMoeA2aOverlap: return "moe_a2a_overlap";
    case kAskRlMbTokens: return "rl_mb_tokens";
    case kAskRlLogprobMbTokens: return "rl_logprob_mb_tokens";
    case kAskRlGenPrec: return "rl_gen_prec";
    case kAskDpShard: return "dp_shard";
    default: return "";
  }
}

namespace {

// The rows of each stack and feature, oldest first: the search asks for thousands of layouts.
constexpr int kStackKinds = int(StackKind::Unsloth) + 1;
using RowIndex = std::array<std::array<std::vector<const CapabilityRow*>, size_t(Feature::kCount)>, kStackKinds>;
const RowIndex& Index() {
  static const RowIndex index = [] {
    RowIndex ix;
    for (const CapabilityRow& r : CapabilityTable()) ix[size_t(r.stack)][size_t(r.feature)].push_back(&r);
    for (auto& per_stack : ix)
      for (auto& rows : per_stack)
        std::stable_sort(rows.begin(), rows.end(),
                         [](const CapabilityRow* a, const CapabilityRow* b) { return a->since < b->since; });
    return ix;
  }();
  return index;
}

}  // namespace

CapabilityAnswer Capability(const StackProfile& s, int year, Feature f) {
  const CapabilityRow* current = nullptr;
  const CapabilityRow* first = nullptr;
  if (size_t(s.kind) < size_t(kStackKinds) && size_t(f) < size_t(Feature::kCount))
    for (const CapabilityRow* r : Index()[size_t(s.kind)][size_t(f)]) {
      if (!first) first = r;
      if (r->since <= year) current = r;
    }
  CapabilityAnswer a;
  if (!first) {
    a.source = "not in the capability table";
    return a;
  }
  if (!current) {  // every row is of a later release
    a.source = first->source;
    a.since = first->since;
    a.not_yet = first->support != Support::Absent;
    return a;
  }
  a.support = current->support;
  a.via = current->via;
  a.source = current->source;
  a.since = current->since;
  a.auto_ok = current->auto_ok && (current->support == Support::Native || current->support == Support::Extension);
  return a;
}

namespace {

// The combination rules, each with the source of the rule.
constexpr const char* kDeepSpeedMicsZero3 =
    "microsoft/DeepSpeed deepspeed/runtime/zero/mics.py@c4abb4056dec02e126cd4dcaf31a44c64fb20eda: MiCS builds on "
    "stage 3 alone (MiCS_Init extends partition_parameters.Init, its optimizer imports "
    "DeepSpeedZeroOptimizer_Stage3): no hierarchical sharding of ZeRO-1 or ZeRO-2";
constexpr const char* kAutoTpZero3 =
    "microsoft/DeepSpeed deepspeed/runtime/engine.py@38327e07f6cd39b63418f60cedd1651b0be3e7c3: AutoTP training asserts "
    "zero stage <= 2 ('Currently, the compatibility between 'autotp' and 'zero_stage = 3' has not been validated')";
constexpr const char* kAutoTpPipeline =
    "DeepSpeed's AutoTP shards Hugging Face models, which its pipeline engine (PipelineModule) does not run; "
    "tensor with pipeline parallelism is Megatron-DeepSpeed's (3D parallelism)";
constexpr const char* kTorchtuneTpLora =
    "pytorch/torchtune recipes/lora_finetune_distributed.py@bd2a0fc7c31430972728494fa01aaeeb0ebf1ba1: 'Tensor "
    "parallelism is not supported in this recipe' (tensor_parallel_dim is in full_finetune_distributed.py only)";
// Tensor parallelism of a bitsandbytes 4-bit base: neither path Transformers and DeepSpeed offer slices packed weights.
constexpr const char* kTpBnb4bit =
    "tensor parallelism over bitsandbytes' 4-bit weights (Params4bit: two values per byte in a flat [n/2, 1] tensor, "
    "its quant_state beside it) is not found in the code of either path: deepspeedai/DeepSpeed deepspeed/module_inject "
    "(AutoTP)@edaa72212 slices nn.Linear weight tensors by shape and has no reference to bitsandbytes; "
    "huggingface/transformers src/transformers/integrations/tensor_parallel.py@0017fdb2 shards the checkpoint's "
    "tensors "
    "by shape with no quantizer path (transformers issue #38122, 'Tensor Parallelism with Quantized Models', a 4-bit "
    "BitsAndBytesConfig with tp_plan, labelled bug)";
// What the GPU must have (GpuTraits), each from the check the frameworks run.
constexpr const char* kFp8Gpu =
    "FP8 training needs FP8 tensor cores, NVIDIA compute capability 8.9 or later (Ada, Hopper, Blackwell) or AMD "
    "gfx942 "
    "(MI300): NVIDIA/TransformerEngine transformer_engine/pytorch/quantization.py@d0067d0da6cb01811b8072a7d304f0e00344c"
    "e2b: 'Device compute capability 8.9 or higher required for FP8 execution.'; pytorch/torchtitan "
    "torchtitan/components/quantization/float8.py@b5bcd76c66d0acb1a08b176d9639425bc55e0b2a: 'float8 is only supported "
    "on NVIDIA SM89 or later, or AMD gfx942 (MI300) or later'";
constexpr const char* kMxGpu =
    "MXFP8 runs in the tensor cores of compute capability 10.x (B200, GB200), not 12.x (RTX 50): "
    "NVIDIA/TransformerEngine transformer_engine/pytorch/quantization.py@d0067d0da6cb01811b8072a7d304f0e00344ce2b: "
    "'Device compute capability 10.0 or higher required for MXFP8 execution.', 'MXFP8 (for all gemm layouts) is not "
    "supported on 12.0+ architectures yet.'";
constexpr const char* kBlockGpu =
    "NVIDIA/TransformerEngine transformer_engine/pytorch/quantization.py@d0067d0da6cb01811b8072a7d304f0e00344ce2b: "
    "'FP8 "
    "block scaled GEMM requires compute capability 9.0 or higher and CUDA >= 12.9.'";
constexpr const char* kBlockRocm =
    "Transformer Engine's Float8BlockScaling is checked for NVIDIA compute capability 9.0 "
    "(transformer_engine/pytorch/quantization.py@d0067d0); AMD's ROCm/TransformerEngine fork not read";
constexpr const char* kBnbRocm =
    "bitsandbytes' 4-bit on ROCm: unslothai/unsloth unsloth/device_type.py@015bdef0d94a241bcd94eec7a405b1700632180d "
    "allows it only with bitsandbytes > 0.48.2 ('ALLOW_BITSANDBYTES = Version(bitsandbytes.__version__) > "
    "Version(\"0.48.2.dev0\")'), pre-quantised checkpoints not on every GPU (ROCM_WARP_SIZE_64)";
constexpr const char* kFsdpOffloadAll =
    "FSDP offloads parameters, gradients and optimizer states together (torchtitan enable_cpu_offload, FSDP2 "
    "CPUOffloadPolicy): with zero=3 only";

struct Collect {
  const StackProfile& s;
  int year;
  CapabilityFinding* out;
  int rl_framework = -1;  // CapabilityAsk::rl_framework, rl_dpo
  bool rl_dpo = false;
  int n = 0;
  // The stack's answer, then the RL framework's (RlCapabilityTable): each feature a plan uses passes both.
  void Add(Feature f, AskKeys keys) {
    const CapabilityAnswer a = Capability(s, year, f);
    if (a.support != Support::Native && n < kMaxFindings) out[n++] = {f, a, keys};
    if (rl_framework < 0) return;
    const CapabilityAnswer r = RlCapability(RlFramework(rl_framework), s.kind, year, f, rl_dpo);
    if (r.support != Support::Native && n < kMaxFindings) out[n++] = {f, r, keys};
  }
  // A feature of the RL framework alone (no training stack has rows of it): its rows answer.
  void AddRl(Feature f, AskKeys keys) {
    if (rl_framework < 0) return;
    const CapabilityAnswer r = RlCapability(RlFramework(rl_framework), s.kind, year, f, rl_dpo);
    if (r.support != Support::Native && n < kMaxFindings) out[n++] = {f, r, keys};
  }
  void Rule(Feature f, AskKeys keys, Support support, const char* via, const char* source) {
    if (n >= kMaxFindings) return;
    CapabilityAnswer a;
    a.support = support, a.via = via, a.source = source;
    out[n++] = {f, a, keys};
  }
};

// What the plan's GPU must have for the method and precision asked, and the stack's AMD row.
void GpuFindings(const StackProfile& s, const CapabilityAsk& ask, Collect& c) {
  const GpuTraits& g = ask.gpu;
  if (g.amd) {
    c.Add(Feature::GpuAmd, kAskGpu);
    // The 4-bit base is bitsandbytes' everywhere but torchtune (torchao's NF4, plain PyTorch).
    if (AdapterBase(ask.method) == Method::Qlora && s.kind != StackKind::Torchtune)
      c.Rule(Feature::MethodQlora, kAskMethod | kAskGpu, Support::Unverified, "", kBnbRocm);
  }
  if (!ask.fp8) return;
  if (!g.fp8) {
    c.Rule(Feature::Fp8, kAskPrec | kAskGpu, Support::Absent, "", kFp8Gpu);
    return;
  }
  if (!ask.recipe_asked) return;
  if (ask.fp8_recipe == Fp8Recipe::Mx && !g.mxfp8)
    c.Rule(Feature::Fp8Mx, kAskFp8Recipe | kAskGpu, Support::Absent, "", kMxGpu);
  if (ask.fp8_recipe == Fp8Recipe::Block && !g.amd && g.cc < 9.0)
    c.Rule(Feature::Fp8Block, kAskFp8Recipe | kAskGpu, Support::Absent, "", kBlockGpu);
  if (ask.fp8_recipe == Fp8Recipe::Block && g.amd)
    c.Rule(Feature::Fp8Block, kAskFp8Recipe | kAskGpu, Support::Unverified, "", kBlockRocm);
}

}  // namespace

CpComm StackCpComm(const StackProfile& s, int year) {
  const CpComm own = s.kind == StackKind::Megatron    ? CpComm::P2p
                     : s.kind == StackKind::DeepSpeed ? CpComm::A2a
                                                      : CpComm::AllGather;
  static constexpr Feature kCommFeature[] = {Feature::CpP2p, Feature::CpAllGather, Feature::CpA2a};
  for (CpComm c : {own, CpComm::P2p, CpComm::AllGather, CpComm::A2a})
    if (Capability(s, year, kCommFeature[int(c)]).auto_ok) return c;
  return own;
}

void ReadArch(const char* arch, GpuTraits& g) {
  const std::string a = arch ? arch : "";
  g.known = !a.empty();
  g.amd = a.rfind("gfx", 0) == 0;
  const int digits = NvidiaSmVersion(a);  // sm_89 -> 89, sm_100 -> 100
  g.cc = digits / 10 + (digits % 10) / 10.0;
}

int CapabilityFindings(const StackProfile& s, int year, const CapabilityAsk& ask, CapabilityFinding* out) {
  Collect c{s, year, out, ask.rl_framework, ask.rl_dpo};
  static constexpr Feature kMethodFeature[] = {Feature::MethodFull, Feature::MethodLora, Feature::MethodQlora,
                                               Feature::MethodDora, Feature::MethodQdora};
  c.Add(kMethodFeature[int(ask.method) % 5], kAskMethod);
  if (ask.fp16) c.Add(Feature::Fp16, kAskPrec);
  if (ask.fp8) c.Add(Feature::Fp8, kAskPrec);
  if (ask.fp8 && ask.recipe_asked) {
    static constexpr Feature kRecipeFeature[] = {Feature::Fp8Tensor, Feature::Fp8Block, Feature::Fp8Mx};
    c.Add(kRecipeFeature[int(ask.fp8_recipe) % 3], kAskFp8Recipe);
  }
  if (ask.cp_comm_asked) {
    static constexpr Feature kCommFeature[] = {Feature::CpP2p, Feature::CpAllGather, Feature::CpA2a};
    c.Add(kCommFeature[int(ask.cp_comm) % 3], kAskCpComm);
  }
  if (ask.gpu.known) GpuFindings(s, ask, c);
  if (ask.tp > 1) {
    const CapabilityAnswer tp = Capability(s, year, Feature::Tp);
    c.Add(Feature::Tp, kAskTp);
    if (s.kind == StackKind::DeepSpeed && tp.support == Support::Native) {
      if (ask.pp > 1) c.Rule(Feature::Tp, kAskTp | kAskPp, Support::Extension, "Megatron-DeepSpeed", kAutoTpPipeline);
      if (ask.zero >= 3) c.Rule(Feature::Tp, kAskTp | kAskZero, Support::Unverified, "", kAutoTpZero3);
    }
    if (s.kind == StackKind::Torchtune && ask.method != Method::Full)
      c.Rule(Feature::Tp, kAskTp | kAskMethod, Support::Absent, "", kTorchtuneTpLora);
    if ((s.kind == StackKind::Hf || s.kind == StackKind::DeepSpeed) && AdapterBase(ask.method) == Method::Qlora)
      c.Rule(Feature::Tp, kAskTp | kAskMethod, Support::Unverified, "", kTpBnb4bit);
  }
  if (ask.sp) c.Add(Feature::Sp, kAskSp);
  if (ask.pp > 1) c.Add(Feature::Pp, kAskPp);
  if (ask.vp > 1) c.Add(Feature::Interleaved, kAskVp);
  if (ask.cp > 1) c.Add(Feature::Cp, kAskCp);
  if (ask.ep > 1) c.Add(Feature::Ep, kAskEp);
  if (ask.dp > 1) c.Add(Feature::Dp, kAskDp);
  if (ask.zero == 1) c.Add(Feature::Zero1, kAskZero);
  if (ask.zero == 2) c.Add(Feature::Zero2, kAskZero);
  if (ask.zero >= 3) c.Add(Feature::Zero3, kAskZero);
  // A group of every data-parallel rank (dp known: given or searched, dp = 1 included) is no hybrid sharding.
  if (ask.dp_shard > 0 && !(ask.dp > 0 && ask.dp_shard >= ask.dp)) {
    c.Add(Feature::Hsdp, kAskDpShard);
    // DeepSpeed's hierarchical sharding is MiCS, a ZeRO-3 partitioning (MiCS_Init, mics_shard_size): no lower stage.
    if (s.kind == StackKind::DeepSpeed && ask.zero < 3)
      c.Rule(Feature::Hsdp, kAskDpShard | kAskZero, Support::Absent, "", kDeepSpeedMicsZero3);
  }
  if (ask.offload == Offload::Cpu) {
    c.Add(Feature::OffloadOptimizerCpu, kAskOffload);
    if (ask.zero >= 3) c.Add(Feature::OffloadParamsCpu, kAskOffload | kAskZero);
    if (s.kind == StackKind::Fsdp && ask.zero < 3)
      c.Rule(Feature::OffloadOptimizerCpu, kAskOffload | kAskZero, Support::Absent, "", kFsdpOffloadAll);
  }
  if (ask.offload == Offload::Nvme) c.Add(Feature::OffloadNvme, kAskOffload);
  if (ask.offload_act) c.Add(Feature::OffloadActivations, kAskOffloadAct);
  if (ask.recompute == Recompute::Selective) c.Add(Feature::RecomputeSelective, kAskRecompute);
  if (ask.recompute == Recompute::Full) c.Add(Feature::RecomputeFull, kAskRecompute);
  if (ask.grad_fp32 >= 0) c.Add(Feature::GradFp32, kAskGradFp32);
  if (ask.optim_bf16 == 1) c.Add(Feature::OptimBf16, kAskOptimBf16);
  if (ask.recompute_mla_up == 1) c.Add(Feature::RecomputeMlaUp, kAskRecomputeMlaUp);
  if (ask.recompute_moe_act == 1) c.Add(Feature::RecomputeMoeAct, kAskRecomputeMoeAct);
  if (ask.fp8_params == 1) c.Add(Feature::Fp8Gather, kAskFp8Params);
  if (ask.tp_overlap == 1) c.Add(Feature::TpOverlap, kAskTpOverlap);
  if (ask.moe_a2a_overlap == 1) c.Add(Feature::EpA2aOverlap, kAskMoeA2aOverlap);
  if (ask.rl_mb_tokens > 0)
    c.AddRl(Feature::RlTokenBudget, kAskRlMbTokens);
  else if (ask.rl_logprob_mb_tokens > 0)
    c.AddRl(Feature::RlTokenBudget, kAskRlLogprobMbTokens);
  if (ask.rl_gen_fp8) c.AddRl(Feature::RlFp8Rollout, kAskRlGenPrec);
  return c.n;
}

bool SearchMayChoose(const StackProfile& s, int year, const CapabilityAsk& ask, AskKeys auto_keys) {
  CapabilityFinding found[kMaxFindings];
  const int n = CapabilityFindings(s, year, ask, found);
  for (int i = 0; i < n; ++i)
    if ((found[i].keys & auto_keys) != 0 && !found[i].answer.auto_ok) return false;
  return true;
}

}  // namespace tp
