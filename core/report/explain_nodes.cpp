// explain_nodes.cpp — the explanation's nodes (explain_nodes.h) as one table, in the order the tree is built.
// Every value is a variable the estimators computed (their traces), never a second copy of their formulas;
// the formulas are the words that name how those variables combine, and the tests check each one holds.
// scripts/cjk_chars.py reads the Chinese labels from this file for the font subset: keep them literal.
#include <algorithm>
#include <iterator>

#include "catalog.h"
#include "explain_nodes.h"
#include "rl.h"
#include "rules.h"
#include "text.h"

namespace tp::explain_detail {
namespace {

using C = NodeContext;
using K = NodeKind;

bool CkptGiven(const C& c) { return c.job().rel.ckpt_s > 0; }
bool CkptComputed(const C& c) { return !CkptGiven(c); }
std::string GpuSource(const C& c) { return c.gpu() ? c.gpu()->source : std::string(); }
bool IsRl(const C& c) { return c.p.rl.active; }
bool NotRl(const C& c) { return !c.p.rl.active; }
bool IsRlRollout(const C& c) { return c.p.rl.active && c.job().rl.algo != RlAlgo::Dpo; }  // DPO generates nothing
bool IsRlStreaming(const C& c) { return IsRlRollout(c) && c.job().rl.async == 2 && !c.job().rl.colocate; }

const NodeSpec kNodes[] = {
    // ---- keys the formulas read
    {.kind = K::Key, .name = "tokens", .value = [](const C& c) { return c.r().tokens; }, .unit = "tokens"},
    // A post-training goal sizes both from its own keys (rl_setup.cpp ResolveRl), not from the pre-training and
    // fine-tuning defaults the keys' own sources name.
    {.kind = K::Key,
     .name = "gbs",
     .value = [](const C& c) { return double(c.p.global_batch); },
     .unit = "sequences",
     .source_of =
         [](const C& c) {
           if (!IsRl(c)) return std::string();
           const RlSetup& r = c.job().rl;
           return "post-training (rl_setup.cpp): one optimizer step's mini-batch, rl_prompts x rl_samples / rl_updates "
                  "= " +
                  std::to_string(r.prompts) + " x " + std::to_string(r.samples) + " / " + std::to_string(r.updates) +
                  " sequences, the multiple of the replicas nearest to it";
         }},
    {.kind = K::Key,
     .name = "seq",
     .value = [](const C& c) { return double(c.job().work.seq); },
     .unit = "tokens",
     .source_of =
         [](const C& c) {
           if (!IsRl(c)) return std::string();
           const RlSetup& r = c.job().rl;
           return "post-training (rl_setup.cpp): rl_prompt_len + rl_response_len (the mean response) = " +
                  Fmt("%.0f", r.prompt_len) + " + " + Fmt("%.0f", r.response_len) +
                  " tokens, rounded up to 16, for the time; the memory plans the longest micro-batch (rl.h "
                  "RlPeakSeq: " +
                  std::to_string(RlPeakSeq(c.job(), c.lay().mbs, c.job().rl.mb_tokens)) +
                  " tokens a sequence at the training's micro-batch)";
         }},
    {.kind = K::Key, .name = "gpus", .value = [](const C& c) { return c.rt().gpus; }, .unit = "GPUs"},
    {.kind = K::Key,
     .name = "mbs",
     .value = [](const C& c) { return double(c.lay().mbs); },
     .unit = "sequences",
     .source_of =
         [](const C& c) {
           if (!IsRl(c) || c.job().rl.mb_tokens <= 0) return std::string();
           return "post-training (rl_setup.cpp): the sequences of the mean the token budget holds, rl_mb_tokens / seq "
                  "= " +
                  std::to_string(c.job().rl.mb_tokens) + " / " + std::to_string(c.job().work.seq) +
                  ", rounded down, at most the mini-batch's " + std::to_string(c.job().work.gbs_target) +
                  " sequences; the memory plans the whole budget";
         }},
    {.kind = K::Key, .name = "tp", .value = [](const C& c) { return double(c.lay().tp); }},
    {.kind = K::Key, .name = "pp", .value = [](const C& c) { return double(c.lay().pp); }},
    {.kind = K::Key, .name = "vp", .value = [](const C& c) { return double(c.lay().vp); }},
    {.kind = K::Key, .name = "cp", .value = [](const C& c) { return double(c.lay().cp); }},
    {.kind = K::Key, .name = "dp", .value = [](const C& c) { return double(c.lay().dp); }},
    {.kind = K::Key, .name = "zero", .value = [](const C& c) { return double(c.lay().zero); }},
    // Hybrid sharding's group, where it is asked (on auto one group holds every data-parallel rank: nothing to show,
    // and a dp_shard typed on a stack without it would change the stack).
    {.kind = K::Key,
     .name = "dp_shard",
     .value = [](const C& c) { return double(ShardGroupDp(c.lay(), c.job().work.dp_shard)); },
     .when = [](const C& c) { return c.job().work.dp_shard > 0; }},
    {.kind = K::KeyText, .name = "recompute"},
    {.kind = K::KeyText, .name = "prec"},
    {.kind = K::KeyText, .name = "method"},
    {.kind = K::KeyText, .name = "opt"},
    {.kind = K::KeyText, .name = "grad_fp32"},
    {.kind = K::KeyText, .name = "stack"},
    {.kind = K::KeyText, .name = "offload"},
    {.kind = K::KeyText, .name = "gpu"},
    {.kind = K::KeyText, .name = "modeling"},

    // ---- memory per GPU (the most loaded one)
    {.name = "params_on_gpu",
     .value = [](const C& c) { return c.mt().params; },
     .unit = "parameters",
     .label = {"parameters on the most loaded GPU", "最满那张 GPU 上的参数"},
     .formula = "its pipeline stage's blocks (+ embedding or head) / tp",
     .inputs = "pp tp",
     .source_of = [](const C& c) { return "rules.cpp ParamsOnStage (stage " + Fmt("%.0f", c.mt().stage) + ")"; }},
    {.name = "trainable_params_on_gpu",
     .value = [](const C& c) { return c.mt().trainable; },
     .unit = "parameters",
     .label = {"trained parameters on it", "其中参与训练的参数"},
     .formula = "params_on_gpu for full training; the adapters for LoRA / QLoRA",
     .inputs = "params_on_gpu method"},
    {.name = "weights_bytes",
     .value = [](const C& c) { return c.m().weights; },
     .formula =
         "params_on_gpu x bytes per weight (prec, method; the stack's master copy), / dp with ZeRO-3 (/ dp_shard "
         "under hybrid sharding)",
     .inputs = "params_on_gpu prec method stack zero dp dp_shard",
     .source = "the stack's conventions (core/stack/stacks.cpp, each with its source)"},
    {.name = "gradients_bytes",
     .value = [](const C& c) { return c.m().gradients; },
     .formula = "trainable_params_on_gpu x the stack's gradient bytes, / dp with ZeRO-2 and up (/ dp_shard under "
                "hybrid sharding)",
     .inputs = "trainable_params_on_gpu prec stack zero dp dp_shard",
     .source = "core/stack/stacks.cpp"},
    {.name = "optimizer_bytes",
     .value = [](const C& c) { return c.m().optimizer; },
     .formula = "trainable_params_on_gpu x the optimizer's bytes per parameter, / dp with ZeRO-1 and up (/ dp_shard "
                "under hybrid sharding); offloaded or paged states leave the GPU",
     .inputs = "trainable_params_on_gpu opt zero dp dp_shard offload",
     .source = "AdamW: fp32 master weights and two moments, 12 B (Rajbhandari et al. 2020)"},
    {.kind = K::Key, .name = "calib_memory", .value = [](const C& c) { return c.mt().calib_memory; }, .unit = "x"},
    {.name = "tokens_per_micro_batch",
     .value = [](const C& c) { return c.mt().tokens_per_micro_batch; },
     .unit = "tokens",
     .label = {"tokens of a micro-batch on this GPU", "此 GPU 上一个微批次的 token 数"},
     .formula = "mbs x seq / cp",
     .inputs = "mbs seq cp"},
    {.name = "saved_bytes_per_token_layer",
     .value = [](const C& c) { return c.mt().saved_per_token_layer; },
     .unit = "B",
     .label = {"what one layer keeps per token for its backward", "每层每个 token 为反向保留的字节"},
     .formula = "the model code's saved tensors, tensor by tensor (the residual stream's / tp with sp, attention's and "
                "the MLP's / tp; a MoE layer's routed copies on the busiest expert-parallel rank; LoRA's frozen GEMMs "
                "keep no inputs, the adapters theirs); with recompute=full only the layer's input; x calib_memory",
     .inputs = "modeling recompute tp sp method prec calib_memory",
     .source = "core/stack/saves.cpp, docs/memory.md"},
    {.name = "stage_layers",
     .value = [](const C& c) { return c.mt().layers; },
     .unit = "layers",
     .label = {"layers on the most loaded stage", "负载最重的流水线阶段上的层数"},
     .formula = "the model's layers split over pp stages (uneven splits give the middle stages one more)",
     .inputs = "pp",
     .source = "core/model/model.h BlocksOnStage"},
    {.name = "micro_batches_in_flight",
     .value = [](const C& c) { return c.mt().inflight; },
     .unit = "micro-batches",
     .label = {"micro-batches whose activations the stage holds at its peak", "该阶段峰值时保留激活的微批次数"},
     .formula = "the pipeline schedule's at this stage (1F1B: pp - stage; interleaved, zero-bubble and DualPipe their "
                "own), never more than the step's micro-batches; 1 without pipeline parallelism",
     .inputs = "pp vp pp_schedule",
     .source = "core/job/pipeline.h PipelineInflight"},
    {.name = "activations_bytes",
     .value = [](const C& c) { return c.m().activations; },
     .formula = "tokens_per_micro_batch x micro_batches_in_flight x stage_layers x saved_bytes_per_token_layer, + the "
                "loss's or the backward's peak (and the attention scores where they are kept)",
     .inputs = "tokens_per_micro_batch micro_batches_in_flight stage_layers saved_bytes_per_token_layer",
     .source = "tensor by tensor from each framework's code (core/stack/saves.cpp, docs/memory.md); Korthikanti et al. "
               "2022 for Megatron"},
    {.name = "temporaries_bytes",
     .value = [](const C& c) { return c.mt().temporaries; },
     .unit = "B",
     .label = {"allocator temporaries", "临时内存"},
     .formula = "gathered ZeRO-3 / FSDP units + dequantization buffers + MoE dispatch + PEFT's experts' update (two "
                "fp32 copies of one MoE layer's, lora_targets=all under Transformers v5), x calib_memory",
     .inputs = "zero method lora_targets calib_memory",
     .source = "memory_states.cpp"},
    {.kind = K::Key,
     .name = "cuda_context_gb",
     .value = [](const C& c) { return c.job().assume.cuda_context_gb; },
     .unit = "GB"},
    {.kind = K::Key, .name = "nccl_gb", .value = [](const C& c) { return c.job().assume.nccl_gb; }, .unit = "GB"},
    {.name = "outside_allocator_bytes",
     .value = [](const C& c) { return c.mt().outside; },
     .unit = "B",
     .label = {"CUDA context and NCCL", "CUDA 上下文与 NCCL"},
     .formula = "cuda_context_gb + nccl_gb (NCCL only with more than one GPU)",
     .inputs = "cuda_context_gb nccl_gb"},
    {.kind = K::Key,
     .name = "alloc_reserve",
     .value = [](const C& c) { return c.mt().reserve_factor; },
     .unit = "x allocated"},
    {.name = "cublas_workspace_bytes",
     .value = [](const C& c) { return c.mt().workspace; },
     .unit = "B",
     .label = {"cuBLAS workspaces", "cuBLAS 工作区"},
     .formula = "2 x 32 MiB on a Hopper-class gpu (dense BF16 peak of 700 TFLOP/s or more), else 2 x 8.125 MiB",
     .inputs = "gpu",
     .source = "aten CublasHandlePool.cpp: 2 x 32 MiB on Hopper, 2 x 8.125 MiB elsewhere"},
    {.name = "other_bytes",
     .value = [](const C& c) { return c.m().other; },
     .formula = "outside_allocator_bytes + cublas_workspace_bytes + (alloc_reserve - 1) x activations_bytes + "
                "alloc_reserve x temporaries_bytes",
     .inputs = "outside_allocator_bytes cublas_workspace_bytes alloc_reserve activations_bytes temporaries_bytes"},
    // A post-training plan's total adds what the step's largest phase holds beyond these (rl_phase_bytes): after the
    // RL step's own nodes, below.
    {.name = "rl_phase_bytes",
     .value = [](const C& c) { return c.m().rl_phase; },
     .formula = "none: a post-training goal's step only (goal grpo, ppo, dpo)",
     .when = NotRl},
    {.name = "capacity_bytes",
     .value = [](const C& c) { return c.m().capacity; },
     .formula = "the gpu's memory as the driver exposes it (the catalog's entry; gpu_mem_gib for a custom GPU)",
     .inputs = "gpu",
     .source_of = [](const C& c) { return c.gpu() ? c.gpu()->driver_source : std::string(); }},
    {.kind = K::Key, .name = "headroom", .value = [](const C& c) { return c.mt().headroom; }, .unit = "fraction"},
    {.name = "memory_usable_bytes",
     .value = [](const C& c) { return c.m().usable; },
     .formula = "capacity_bytes x (1 - headroom)",
     .inputs = "capacity_bytes headroom"},

    // ---- one optimizer step
    {.name = "micro_batches",
     .value = [](const C& c) { return double(c.st().micro_batches); },
     .formula = "ceil(gbs / (mbs x dp))",
     .inputs = "gbs mbs dp"},
    {.name = "peak_flops",
     .value = [](const C& c) { return c.st().peak_flops; },
     .unit = "FLOP/s",
     .label = {"dense tensor-core peak at the training precision", "训练精度下的稠密张量核峰值"},
     .formula = "the gpu's dense tensor-core peak at prec (the catalog's entry; its BF16 peak where it has no FP8 "
                "units)",
     .inputs = "gpu prec",
     .source_of = GpuSource},
    {.name = "gpu_matmul_share",
     .value = [](const C& c) { return c.st().matmul_share; },
     .unit = "fraction",
     .label = {"the GPU's measured matmul rate over its dense peak (MAMF)", "GPU 实测矩阵乘速率与稠密峰值之比（MAMF）"},
     .formula = "gpu_mamf_tflops / the dense BF16 peak (the catalog's measurement; where the GPU has none, 0.78, the "
                "measured GPUs' median: step.cpp kDefaultMamfFraction)",
     .inputs = "gpu",
     .source_of = [](const C& c) { return c.gpu() ? c.gpu()->mamf_source : std::string(); }},
    {.kind = K::Key, .name = "eff_matmul", .value = [](const C& c) { return c.st().eff_matmul; }, .unit = "fraction"},
    {.kind = K::Key,
     .name = "calib_speed",
     .value = [](const C& c) { return c.job().assume.calib_speed; },
     .unit = "x"},
    {.kind = K::Key,
     .name = "eff_stack",
     .value = [](const C& c) { return c.job().assume.eff_stack; },
     .unit = "fraction"},
    {.name = "compute_per_micro_batch_s",
     .value = [](const C& c) { return c.st().compute_mb; },
     .unit = "s",
     .label = {"tensor-core time per micro-batch", "每个微批次的张量核时间"},
     .formula = "FLOPs of the slowest stage's GEMMs (LoRA adapters' included; weight gradients with their "
                "accumulation into the gradient buffer) and attention / (peak_flops x gpu_matmul_share x eff_matmul at "
                "their shapes); on auto eff_matmul holds the stack's eff_stack and calib_speed",
     .inputs = "peak_flops gpu_matmul_share eff_matmul eff_stack calib_speed mbs seq tp cp recompute grad_fp32",
     .source = "docs/step-model.md section 3 (step.cpp)"},
    {.name = "compute_s",
     .value = [](const C& c) { return c.s().compute_s; },
     .formula = "micro_batches x compute_per_micro_batch_s",
     .inputs = "micro_batches compute_per_micro_batch_s"},
    {.name = "memory_bandwidth",
     .value = [](const C& c) { return c.st().mem_bw; },
     .unit = "B/s",
     .label = {"memory bandwidth", "显存带宽"},
     .formula = "the gpu's memory bandwidth (the catalog's entry; gpu_bw_gbs for a custom GPU)",
     .inputs = "gpu",
     .source_of = GpuSource},
    {.kind = K::Key, .name = "eff_memory", .value = [](const C& c) { return c.st().eff_memory; }, .unit = "fraction"},
    {.name = "memory_bound_per_micro_batch_s",
     .value = [](const C& c) { return c.st().memory_mb; },
     .unit = "s",
     .label = {"memory-bound kernels per micro-batch", "每个微批次的访存密集算子时间"},
     .formula = "bytes the norms, activations and elementwise kernels move (with the stack's unfused kernels, LoRA "
                "adapters' casts and adds, QLoRA's NF4 dequantization of what is in 4 bits, PEFT's experts' update "
                "rebuilt every forward under Transformers v5) / (memory_bandwidth x eff_memory)",
     .inputs = "memory_bandwidth eff_memory mbs seq tp method lora_targets qlora_experts",
     .source = "docs/step-model.md section 3 (step.cpp)"},
    {.name = "optimizer_step_s",
     .value = [](const C& c) { return c.st().optimizer_s; },
     .unit = "s",
     .label = {"optimizer step", "优化器更新"},
     .formula = "optimizer bytes of the local shard / (memory_bandwidth x eff_memory)",
     .inputs = "memory_bandwidth zero opt"},
    {.name = "memory_s",
     .value = [](const C& c) { return c.s().memory_s; },
     .formula = "micro_batches x memory_bound_per_micro_batch_s + optimizer_step_s",
     .inputs = "micro_batches memory_bound_per_micro_batch_s optimizer_step_s"},
    {.kind = K::KeyText, .name = "intra"},
    {.kind = K::KeyText, .name = "inter"},
    {.kind = K::Key,
     .name = "eff_network",
     .value = [](const C& c) { return c.job().assume.eff_network; },
     .unit = "fraction"},
    {.name = "tp_comm_per_micro_batch_s",
     .value = [](const C& c) { return c.st().tp_mb; },
     .unit = "s",
     .label = {"tensor-parallel collectives per micro-batch", "每个微批次的张量并行通信"},
     .formula = "all-reduces (or reduce-scatter + all-gather with sp) of each layer's activations over the tp group's "
                "link",
     .inputs = "tp intra eff_network",
     .source = "docs/step-model.md section 4"},
    {.name = "cp_comm_per_micro_batch_s",
     .value = [](const C& c) { return c.st().cp_mb; },
     .unit = "s",
     .label = {"context-parallel exchange per micro-batch (exposed)", "每个微批次的上下文并行通信（未掩盖）"},
     .formula = "3 passes (forward, backward twice) x each layer's ring all-gather of K and V (mbs x seq / cp tokens "
                "per rank) over the cp group's link, less what the attention it feeds hides (min(exchange, "
                "attention)), plus overlap_contention x the hidden part",
     .inputs = "cp mbs seq tp intra eff_network",
     .source = "ring attention (Liu et al. 2023); docs/step-model.md section 4 (step.cpp)"},
    {.name = "ep_comm_per_micro_batch_s",
     .value = [](const C& c) { return c.st().ep_mb; },
     .unit = "s",
     .label = {"expert all-to-all per micro-batch (exposed)", "每个微批次的专家 all-to-all（未掩盖）"},
     .formula =
         "passes (forward, backward; + forward with full recompute) x the dispatch and combine all-to-all of the "
         "routed token copies to the busiest ep rank, over the ep group's links, less what the schedule "
         "overlaps with compute (overlap_ep), plus overlap_contention x the hidden part",
     .inputs = "mbs seq tp recompute intra inter eff_network",
     .source = "docs/step-model.md section 4 (step_moe.cpp)"},
    {.name = "pp_comm_per_micro_batch_s",
     .value = [](const C& c) { return c.st().pp_mb; },
     .unit = "s",
     .label = {"pipeline sends per micro-batch", "每个微批次的流水线收发"},
     .formula = "2 (activation forward, gradient backward) x the schedule's chunks per micro-batch (vp with "
                "interleaving) x a send of mbs x seq / cp x hidden activations / tp over the pp group's link; "
                "DualPipe hides them (overlap_contention x the sends remain)",
     .inputs = "pp vp mbs seq cp tp inter eff_network",
     .source = "Narayanan et al. 2021 (scatter/gather over tp); docs/step-model.md section 4 (step_pipeline.cpp)"},
    {.name = "dp_comm_s",
     .value = [](const C& c) { return c.st().dp_total; },
     .unit = "s",
     .label = {"data-parallel traffic per step", "每步的数据并行通信"},
     .formula =
         "gradient all-reduce (ZeRO 0-2, once per pipeline schedule) or all-gathers + reduce-scatters every "
         "micro-batch (ZeRO-3; with pp > 1 once per schedule) over the dp group's link; under hybrid sharding those "
         "inside each group of dp_shard ranks, then each shard's gradients all-reduced across the dp / dp_shard "
         "replicas",
     .inputs = "zero dp dp_shard intra inter"},
    {.kind = K::Key, .name = "overlap_dp", .value = [](const C& c) { return c.st().overlap_dp; }, .unit = "fraction"},
    {.name = "dp_hidden_s",
     .value = [](const C& c) { return c.st().dp_hidden; },
     .unit = "s",
     .label = {"of it hidden behind the backward pass", "其中被反向计算掩盖的部分"},
     .formula = "min(dp_comm_s, overlap_dp x backward compute); ZeRO-3 with pp > 1: only the all-gathers, behind the "
                "forwards",
     .inputs = "dp_comm_s overlap_dp"},
    {.kind = K::Key,
     .name = "overlap_contention",
     .value = [](const C& c) { return c.st().contention; },
     .unit = "fraction"},
    {.name = "dp_exposed_s",
     .value = [](const C& c) { return c.st().dp_exposed; },
     .unit = "s",
     .label = {"data-parallel time exposed", "未被掩盖的数据并行时间"},
     .formula = "dp_comm_s - dp_hidden_s x (1 - overlap_contention)",
     .inputs = "dp_comm_s dp_hidden_s overlap_contention"},
    {.name = "comm_exposed_s",
     .value = [](const C& c) { return c.s().comm_exposed_s; },
     .formula = "micro_batches x (tp_comm_per_micro_batch_s + cp_comm_per_micro_batch_s + ep_comm_per_micro_batch_s + "
                "pp_comm_per_micro_batch_s) + dp_exposed_s",
     .inputs = "micro_batches tp_comm_per_micro_batch_s cp_comm_per_micro_batch_s ep_comm_per_micro_batch_s "
               "pp_comm_per_micro_batch_s dp_exposed_s"},
    {.kind = K::KeyText, .name = "offload_act"},
    {.name = "offload_act_per_micro_batch_s",
     .value = [](const C& c) { return c.st().offload_act_mb; },
     .unit = "s",
     .label = {"offloaded checkpoints per micro-batch (exposed)", "每个微批次卸载检查点的时间（未掩盖）"},
     .formula = "each block's input copied to host memory and back over the host link, minus what the stack overlaps "
                "with the block's compute",
     .inputs = "offload_act recompute stack",
     .source = "core/estimate/step_finetune.cpp (unsloth_zoo gradient_checkpointing.py; torchtune activation "
               "offloading)"},
    {.name = "gpu_per_micro_batch_s",
     .value = [](const C& c) { return c.st().gpu_mb; },
     .unit = "s",
     .label = {"GPU time of one micro-batch on the slowest stage", "一个微批次在最慢流水级上的 GPU 时间"},
     .formula = "compute_per_micro_batch_s + memory_bound_per_micro_batch_s + tp_comm_per_micro_batch_s + "
                "cp_comm_per_micro_batch_s + ep_comm_per_micro_batch_s + pp_comm_per_micro_batch_s + "
                "offload_act_per_micro_batch_s",
     .inputs = "compute_per_micro_batch_s memory_bound_per_micro_batch_s tp_comm_per_micro_batch_s "
               "cp_comm_per_micro_batch_s ep_comm_per_micro_batch_s pp_comm_per_micro_batch_s "
               "offload_act_per_micro_batch_s"},
    {.name = "host_per_micro_batch_s",
     .value = [](const C& c) { return c.st().host_mb; },
     .unit = "s",
     .label = {"host time to launch one micro-batch's kernels", "主机启动一个微批次全部内核的时间"},
     .formula = "the stack's host time per layer pass x blocks x passes (forward, backward, recomputation), x "
                "host_dispatch for the eager stacks' launches (a MoE layer's Megatron-Core or torchtitan host time as "
                "measured)",
     .inputs = "stack recompute host_dispatch",
     .source = "core/estimate/step_finetune.cpp (measured on Qwen's LoRA table for hf)"},
    {.name = "host_wait_per_micro_batch_s",
     .value = [](const C& c) { return c.st().host_gap_mb; },
     .unit = "s",
     .label = {"GPU waiting for the host per micro-batch", "每个微批次 GPU 等待主机的时间"},
     .formula = "max(0, host_per_micro_batch_s - gpu_per_micro_batch_s)",
     .inputs = "host_per_micro_batch_s gpu_per_micro_batch_s"},
    {.name = "micro_batch_s",
     .value = [](const C& c) { return c.st().mb_time; },
     .unit = "s",
     .label = {"one micro-batch through the slowest stage", "一个微批次通过最慢流水级的时间"},
     .formula = "gpu_per_micro_batch_s + host_wait_per_micro_batch_s",
     .inputs = "gpu_per_micro_batch_s host_wait_per_micro_batch_s"},
    {.kind = K::Key,
     .name = "pp_microbatches",
     .value = [](const C& c) { return double(c.st().micro_batches / std::max(1, c.st().schedules)); },
     .unit = "micro-batches"},
    {.name = "pipeline_schedules",
     .value = [](const C& c) { return double(c.st().schedules); },
     .label = {"pipeline schedules per step (each fills and drains)", "每步的流水线调度数（每个都要填满并排空流水线）"},
     .formula = "micro_batches / pp_microbatches",
     .inputs = "micro_batches pp_microbatches stack",
     .source = "core/stack/stacks.cpp pipeline rules (torchtitan, NeMo AutoModel: one per local batch)"},
    {.name = "pipeline_fill_share",
     .value = [](const C& c) { return c.st().fill_share; },
     .label = {"other stages' work per micro-batch over the slowest's (the pipeline fills and drains through them)",
               "其余流水级每个微批次的工作量与最慢流水级之比（流水线经由它们填满和排空）"},
     .formula = "(sum of every stage's micro-batch time - the slowest's) / ((pp - 1) x the slowest's); 1 when the "
                "stages carry the same work (the output layer and loss make the last one heavier)",
     .inputs = "pp",
     .source = "docs/step-model.md section 5: 1F1B's warm-up waits for the forward through the stages before the "
               "slowest, its cool-down for their backward"},
    {.name = "bubble_s",
     .value = [](const C& c) { return c.s().bubble_s; },
     .formula = "pipeline_schedules x pipeline_fill_share x (pp - 1) / vp x micro_batch_s",
     .inputs = "pipeline_schedules pipeline_fill_share pp vp micro_batch_s",
     .source = "Narayanan et al. 2021 (interleaved 1F1B)"},
    {.name = "offload_s",
     .value = [](const C& c) { return c.s().offload_s; },
     .formula = "gradients down and weights up over PCIe + CPU Adam over the node's shards (1.41e9 parameters/s per "
                "host, or host memory at 30 B per parameter, the slower) (+ NVMe traffic), ZeRO-3's offloaded "
                "parameters up in every pass of every micro-batch, micro_batches x offload_act_per_micro_batch_s, and "
                "evicted paged optimizer states in and out over the host link",
     .inputs = "offload zero micro_batches offload_act_per_micro_batch_s opt",
     .source = "ZeRO-Offload / ZeRO-Infinity (Ren et al. 2021, Rajbhandari et al. 2021); CPU-Adam's rate: DeepSpeed PR "
               "#735 (11.6B parameters in 8.2 s)"},
    {.name = "host_s",
     .value = [](const C& c) { return c.s().host_s; },
     .formula = "micro_batches x host_wait_per_micro_batch_s",
     .inputs = "micro_batches host_wait_per_micro_batch_s"},
    {.name = "step_seconds",
     .value = [](const C& c) { return c.s().seconds; },
     .formula = "compute_s + memory_s + comm_exposed_s + bubble_s + offload_s + host_s",
     .inputs = "compute_s memory_s comm_exposed_s bubble_s offload_s host_s"},
    {.name = "tokens_per_step",
     .value = [](const C& c) { return c.st().tokens_per_step; },
     .unit = "tokens",
     .label = {"tokens per step", "每步 token 数"},
     .formula = "gbs x seq",
     .inputs = "gbs seq"},
    // The layout's GPUs are the key's (CheckLayout holds them equal); a node of its own only if they differ.
    {.name = "layout_gpus",
     .value = [](const C& c) { return double(c.st().gpus); },
     .unit = "GPUs",
     .label = {"GPUs in the layout", "布局中的 GPU 数"},
     .formula = "tp x pp x cp x dp",
     .inputs = "tp pp cp dp",
     .when = [](const C& c) { return c.st().gpus != int(c.rt().gpus); }},
    {.name = "tokens_per_s_per_gpu",
     .value = [](const C& c) { return c.p.throughput.tokens_per_s_per_gpu; },
     .formula = "tokens_per_step / step_seconds / gpus",
     .inputs = "tokens_per_step step_seconds layout_gpus|gpus"},
    {.name = "model_flops_per_step",
     .value = [](const C& c) { return c.p.throughput.model_flops_per_step; },
     .unit = "FLOP",
     .label = {"model FLOPs per step", "每步的模型 FLOPs"},
     .formula = "forward + backward of the step's tokens: 6 x active parameters x tokens + attention for full "
                "training, 4 x with LoRA / QLoRA (frozen weights get no weight gradients) plus the adapters' (no "
                "recomputation counted)",
     .inputs = "tokens_per_step method",
     .source = "Narayanan et al. 2021, appendix (core/estimate/flops.cpp)"},
    {.name = "mfu",
     .value = [](const C& c) { return c.p.throughput.mfu; },
     .formula = "model_flops_per_step / (step_seconds x gpus x peak_flops)",
     .inputs = "model_flops_per_step step_seconds layout_gpus|gpus peak_flops",
     .source = "Chowdhery et al. 2022 (PaLM), appendix B"},

// ---- the whole run
// ---- one RL / preference step (core/estimate/rl.cpp, docs/rl.md), for the RL goals only
#define TP_RL_KEY(key, field, unit_words)                                                                          \
  {                                                                                                                \
    .kind = K::Key, .name = key, .value = [](const C& c) { return double(c.job().rl.field); }, .unit = unit_words, \
    .when = IsRl                                                                                                   \
  }
    TP_RL_KEY("rl_prompts", prompts, "prompts"),
    TP_RL_KEY("rl_samples", samples, "responses"),
    TP_RL_KEY("rl_prompt_len", prompt_len, "tokens"),
    TP_RL_KEY("rl_response_len", response_len, "tokens"),
    TP_RL_KEY("rl_max_response_len", max_response_len, "tokens"),
    TP_RL_KEY("rl_updates", updates, "steps"),
    TP_RL_KEY("rl_kv_frac", kv_frac, "fraction"),
    TP_RL_KEY("rl_max_seqs", max_seqs, "sequences"),
    {.kind = K::Key,
     .name = "rl_max_age",
     .value = [](const C& c) { return double(c.job().rl.max_age); },
     .unit = "steps",
     .when = IsRlStreaming},
    {.kind = K::Key,
     .name = "rl_logprob_mbs",
     .value = [](const C& c) { return double(c.job().rl.LogprobMbs(c.lay().mbs)); },
     .unit = "sequences",
     .when = IsRl},
    TP_RL_KEY("rl_colocate", colocate, "1/0"),
    TP_RL_KEY("rl_rollout_gpus", rollout_gpus, "GPUs"),
    TP_RL_KEY("rl_rollout_tp", rollout_tp, "GPUs"),
    TP_RL_KEY("rl_ref", ref, "1/0"),
    TP_RL_KEY("rl_park", park, "1/0"),
    TP_RL_KEY("rl_sleep", sleep, "1/0"),
    TP_RL_KEY("rl_async", async, "0/1/2"),
#undef TP_RL_KEY
    {.kind = K::KeyText, .name = "rl_framework", .when = IsRl},
    {.kind = K::KeyText, .name = "rl_engine", .when = IsRl},
    {.kind = K::KeyText, .name = "rl_gen_prec", .when = IsRlRollout},
    {.name = "rl_kv_cache_bytes",
     .value = [](const C& c) { return c.p.rl.kv_cache_bytes; },
     .unit = "B",
     .label = {"KV cache per rollout GPU", "每张 rollout GPU 的 KV 缓存"},
     .formula =
         "rl_kv_frac x GPU memory - the engine's weights (one rollout_tp shard; 16-bit, or with rl_gen_prec=fp8 "
         "one byte and a 128 x 128 block scale for the layers' weights) - its profiled activations (vLLM; SGLang "
         "keeps activations outside the fraction)",
     .inputs = "rl_kv_frac rl_rollout_tp rl_engine rl_gen_prec",
     .source = "vLLM gpu_memory_utilization, SGLang mem_fraction_static (rl.cpp MakeEngine)",
     .when = IsRlRollout},
    // The step's memory per GPU is its largest phase (rl.cpp AddRlMemory): each phase as rl.cpp plans it.
    {.name = "rl_training_memory_bytes",
     .value = [](const C& c) { return c.p.rl.train_memory_bytes; },
     .unit = "B",
     .label = {"memory while training", "训练时显存"},
     .formula = "the policy's training (its weights, gradients, optimizer states and activations) at its longest "
                "micro-batch (rl.h RlPeakSeq), with the reference, PPO's critic and a reward model beside it, and a "
                "colocated engine's CUDA graphs while it sleeps, its whole rl_kv_frac while awake (rl_sleep=0)",
     .inputs = "weights_bytes gradients_bytes optimizer_bytes activations_bytes rl_max_response_len rl_ref rl_sleep",
     .source = "rl.cpp TrainingMemory; docs/rl.md",
     .when = IsRl},
    {.name = "rl_generation_memory_bytes",
     .value = [](const C& c) { return c.p.rl.gen_memory_bytes; },
     .unit = "B",
     .label = {"memory while generating", "生成时显存"},
     .formula =
         "colocated: the trainer's resident weights and optimizer states less what its framework parks on the "
         "host (NeMo RL's refit, verl's actor offload and OpenRLHF's DeepSpeed sleep: rl_park), the reference (verl's "
         "FSDP one on the host), "
         "critic and reward model, the engine's "
         "rl_kv_frac of the GPU (its weights and rl_kv_cache_bytes) and the CUDA context; split pools: a "
         "rollout GPU's engine and context; DPO generates nothing: 0",
     .inputs = "weights_bytes optimizer_bytes rl_kv_cache_bytes rl_kv_frac rl_colocate rl_framework rl_park",
     .source = "rl.cpp GenerationMemory, ResidentWhileGenerating, ParkedWhileGenerating; docs/rl.md",
     .when = IsRl},
    {.name = "rl_logprob_memory_bytes",
     .value = [](const C& c) { return c.p.rl.logprob_memory_bytes; },
     .unit = "B",
     .label = {"memory while computing log-probabilities", "计算对数概率时显存"},
     .formula = "the trainer's resident state (NeMo RL's optimizer states on the host, OpenRLHF's asleep there with "
                "rl_park), the engine as while training (its CUDA graphs asleep, its rl_kv_frac awake), and a forward "
                "without gradients at rl_logprob_mbs sequences of the longest micro-batch, its logits at the "
                "framework's own bytes per logit",
     .inputs = "weights_bytes optimizer_bytes rl_logprob_mbs rl_framework rl_park rl_sleep",
     .source = "rl.cpp LogprobMemoryAt, LogprobBytesPerLogit; docs/rl.md",
     .when = IsRl},
    // The step's memory is its largest phase: what that phase holds beyond the policy's training at the mean
    // sequence (the five parts) is its own part of the total (rl.cpp AddRlMemory).
    {.name = "rl_phase_bytes",
     .value = [](const C& c) { return c.m().rl_phase; },
     .formula = "max(rl_generation_memory_bytes, rl_training_memory_bytes, rl_logprob_memory_bytes) - weights_bytes - "
                "gradients_bytes - optimizer_bytes - activations_bytes - other_bytes",
     .inputs = "rl_generation_memory_bytes rl_training_memory_bytes rl_logprob_memory_bytes weights_bytes "
               "gradients_bytes optimizer_bytes activations_bytes other_bytes",
     .when = IsRl},
    {.name = "memory_total_bytes",
     .value = [](const C& c) { return c.m().total; },
     .formula = "weights_bytes + gradients_bytes + optimizer_bytes + activations_bytes + other_bytes + rl_phase_bytes",
     .inputs = "weights_bytes gradients_bytes optimizer_bytes activations_bytes other_bytes rl_phase_bytes"},
    {.name = "rl_concurrency",
     .value = [](const C& c) { return c.p.rl.concurrency; },
     .unit = "sequences",
     .label = {"sequences decoding at once (at most)", "同时解码的序列（最多）"},
     .formula = "the most sequences in flight on the busiest engine: its share of rl_prompts x rl_samples, at most "
                "rl_max_seqs, and as many as rl_kv_cache_bytes holds at their live lengths (the newest preempted and "
                "recomputed when the cache fills); streaming (rl_async=2, split pools), rl_max_age steps' share",
     .inputs = "rl_prompts rl_samples rl_max_seqs rl_max_age rl_kv_cache_bytes rl_prompt_len rl_response_len",
     .source = "vLLM V1 scheduler (vllm/v1/core/sched/scheduler.py: running.pop() on a full cache), rl_rollout.cpp",
     .when = IsRlRollout},
    {.name = "rl_prefill_s",
     .value = [](const C& c) { return c.p.rl.prefill_s; },
     .unit = "s",
     .label = {"prefill", "预填充"},
     .formula = "2 x active parameters x rl_prompts x rl_prompt_len / (rollout GPUs x half the bf16 peak); the "
                "engine caches each group's shared prompt",
     .inputs = "rl_prompts rl_prompt_len rl_rollout_gpus gpu",
     .source = "compute-bound prefill; verl enable_prefix_caching: true",
     .when = IsRlRollout},
    {.name = "rl_decode_s",
     .value = [](const C& c) { return c.p.rl.decode_s; },
     .unit = "s",
     .label = {"decode", "解码"},
     .formula = "the engine's decode iterations while at least half its peak concurrency is in flight (continuous "
                "batching over response lengths of mean rl_response_len, capped at rl_max_response_len), each "
                "max(weights touched + live KV cache over 60 % of HBM bandwidth, the batch's matmuls over half the "
                "peak) + the fitted per-iteration overhead x host_dispatch + the TP all-reduces (rl_gen_prec=fp8: the "
                "blocks' weights "
                "one byte, the FP8 peak); hf: "
                "static batches of rl_max_seqs, each to its longest response, "
                "each iteration at least the host's launch of every layer (the hf stack's host time per layer pass); "
                "rl_gen_batch given: the engine's share in calls of that many, each to its longest response; "
                "streaming (rl_async=2): the step's tokens at the steady pace, and under NeMo RL at least the mean "
                "longest of a prompt's rl_samples over rl_max_age iterations (its collector frees a prompt's place "
                "only when the whole group is done)",
     .inputs = "rl_response_len rl_max_response_len rl_concurrency rl_max_seqs rl_gen_batch rl_kv_cache_bytes "
               "rl_rollout_tp rl_gen_prec rl_samples rl_max_age rl_framework host_dispatch gpu",
     .source =
         "decode at ~60 % of HBM bandwidth (Databricks 2023, MBU 55-60 %); the overhead per iteration (rl.cpp "
         "decode_overhead_s) fitted on verl's step tables (tests/data/rl_steps.json, trainplan-rl_validate --fit)",
     .when = IsRlRollout},
    {.name = "rl_tail_s",
     .value = [](const C& c) { return c.p.rl.tail_s; },
     .unit = "s",
     .label = {"longest responses (tail)", "最长回复（尾部）"},
     .formula = "the decode iterations once fewer than half the peak are in flight: the step waits for its longest "
                "responses (an exponential length law of mean rl_response_len clipped at rl_max_response_len, and "
                "0.1 % runaways at the cap), which more GPUs do not shorten",
     .inputs = "rl_max_response_len rl_response_len rl_concurrency",
     .source = "the runaway share fitted on verl's step tables (generate_sequences 162 s at an 8K cap, 247 s at "
               "20K, one_step_off.md@b178a3c)",
     .when = IsRlRollout},
    {.name = "rl_generation_s",
     .value = [](const C& c) { return c.p.rl.generation_s; },
     .unit = "s",
     .label = {"generation (rollout)", "生成（rollout）"},
     .formula = "rl_prefill_s + rl_decode_s + rl_tail_s",
     .inputs = "rl_prefill_s rl_decode_s rl_tail_s",
     .when = IsRl},
    {.name = "rl_logprob_s",
     .value = [](const C& c) { return c.p.rl.logprob_s; },
     .unit = "s",
     .label = {"log-probabilities (old policy, reference, critic values)", "对数概率（旧策略、参考、价值）"},
     .formula = "one forward without gradients over every response per model that scores it (old policy; the "
                "reference with rl_ref; PPO's critic): the step model's forward parts alone at mbs (compute, "
                "memory-bound kernels, TP/CP/EP collectives once, ZeRO-3's gathers, the pipeline's fill, one host "
                "pass per layer; no backward, gradient reduction or optimizer), rl_logprob_mbs sequences per "
                "micro-batch",
     .inputs = "rl_prompts rl_samples rl_logprob_mbs rl_ref",
     .when = IsRl},
    {.name = "rl_reward_s",
     .value = [](const C& c) { return c.p.rl.reward_s; },
     .unit = "s",
     .label = {"reward", "奖励"},
     .formula = "a reward model's forward (2 x its parameters x tokens over 40 % of the trainer GPUs' peak), or "
                "0.2 ms per response for a rule",
     .inputs = "rl_prompts rl_samples",
     .source = "rule scoring: our estimate (rl.cpp)",
     .when = IsRl},
    {.name = "rl_training_s",
     .value = [](const C& c) { return c.p.rl.training_s; },
     .unit = "s",
     .label = {"policy training (and PPO's critic)", "策略训练（及 PPO 的价值网络）"},
     .formula = "step_seconds x responses / gbs (every response trained once per update epoch), doubled for PPO's "
                "critic",
     .inputs = "step_seconds rl_prompts rl_samples gbs rl_updates",
     .when = IsRl},
    {.name = "rl_sync_s",
     .value = [](const C& c) { return c.p.rl.sync_s; },
     .unit = "s",
     .label = {"weight sync (and engine wake-up/sleep)", "权重同步（及引擎唤醒/休眠）"},
     .formula =
         "0.02 s + 16-bit dense weights over the link between the pools + experts regathered at 20 GB/s; "
         "under rl_framework=verl: + 0.2 us per token slot of the padded batch handed to the trainer, and "
         "colocated the fixed time between phases (10 s: its single controller's handling of the batch, the "
         "engine's wake-up and sleep); under nemo-rl, colocated: the weights gathered whole on every GPU + "
         "what its refit moves over the host link and back (optimizer states, weights, the engine's wake-up), "
         "split pools: the whole model at 90 GB/s; under openrlhf, colocated: the sleeping engine's weights out to "
         "the host and back, and with rl_park its DeepSpeed states reloaded before each fit and put to sleep "
         "after it, over the host link; other frameworks: none beyond the sync",
     .inputs = "rl_framework rl_colocate rl_engine rl_prompts rl_samples rl_max_response_len rl_park",
     .source = "verl docs/advance/fully_async.md, one_step_off.md @b178a3c; the 10 s and 0.2 us fitted on verl's step "
               "tables (trainplan-rl_validate --fit); NeMo RL refit_policy_generation, prepare_for_lp_inference and "
               "prepare_for_training @v0.3.0-v0.6.0, its split-pool refit measured in NVIDIA-NeMo/RL PR #1379; "
               "OpenRLHF broadcast_to_vllm and _run_sleep (ppo_trainer.py@3c3be62), TRL _move_model_to_vllm "
               "(docs/rl.md)",
     .when = IsRl},
    {.name = "rl_hidden_s",
     .value = [](const C& c) { return c.p.rl.hidden_s; },
     .unit = "s",
     .label = {"hidden by one-step-off overlap", "一步异步重叠掉的时间"},
     .formula = "with rl_async on split pools (rl_colocate 0), this step's generation runs while the last one trains: "
                "min(rl_generation_s, rl_logprob_s + rl_reward_s + rl_training_s); else 0",
     .inputs = "rl_async rl_colocate",
     .source = "verl docs/advance/one_step_off.md, NeMo RL async_grpo",
     .when = IsRl},
    {.name = "rl_step_seconds",
     .value = [](const C& c) { return c.p.rl.step_seconds; },
     .unit = "s",
     .label = {"RL step", "强化学习步"},
     .formula = "rl_generation_s + rl_logprob_s + rl_reward_s + rl_training_s + rl_sync_s - rl_hidden_s",
     .inputs = "rl_generation_s rl_logprob_s rl_reward_s rl_training_s rl_sync_s rl_hidden_s",
     .when = IsRl},
    {.name = "steps",
     .value = [](const C& c) { return c.r().steps; },
     .formula = "ceil(tokens / tokens_per_step)",
     .inputs = "tokens tokens_per_step"},
    {.name = "steady_days",
     .value = [](const C& c) { return c.r().steady_days; },
     .formula = "steps x step_seconds / 86400",
     .inputs = "steps step_seconds",
     .when = NotRl},
    // RL goals: each optimizer step of gbs sequences carries its share of the RL step (evaluate.cpp).
    {.name = "steady_days",
     .value = [](const C& c) { return c.r().steady_days; },
     .formula = "steps x rl_step_seconds x gbs / (rl_prompts x rl_samples) / 86400",
     .inputs = "steps rl_step_seconds gbs rl_prompts rl_samples",
     .when = IsRl},
    // The whole run's other parts (core/estimate/run.cpp, docs/whole-run.md).
    {.kind = K::Key, .name = "straggler", .value = [](const C& c) { return c.rt().straggler; }, .unit = "fraction"},
    {.kind = K::Key, .name = "data_stall", .value = [](const C& c) { return c.rt().data_stall; }, .unit = "fraction"},
    {.kind = K::Key,
     .name = "eval_interval",
     .value = [](const C& c) { return double(c.job().work.eval_interval); },
     .unit = "steps"},
    {.name = "evals",
     .value = [](const C& c) { return c.r().evals; },
     .formula = "floor((steps - eval_first) / eval_interval) + 1",
     .inputs = "steps eval_interval"},
    {.name = "eval_s",
     .value = [](const C& c) { return c.r().eval_s; },
     .unit = "s",
     .label = {"one evaluation", "一次评估"},
     .formula = "eval_tokens / tokens_per_step x step_seconds x forward share of the model FLOPs",
     .inputs = "step_seconds tokens_per_step",
     .source = "eval_tokens: 100 global batches by default (Megatron-LM's --eval-iters; run.cpp)"},
    {.kind = K::Key, .name = "launch_s", .value = [](const C& c) { return c.rt().launch_s; }, .unit = "s"},
    {.kind = K::Key,
     .name = "init_per_node_s",
     .value = [](const C& c) { return c.rt().init_per_node_s; },
     .unit = "s"},
    {.kind = K::Key, .name = "warmup_steps", .value = [](const C& c) { return c.rt().warmup_steps; }, .unit = "steps"},
    {.name = "startup_s",
     .value = [](const C& c) { return c.r().startup_s; },
     .formula = "launch_s + init_per_node_s x nodes + loaded bytes / storage bandwidth + warmup_steps x step_seconds",
     .inputs = "launch_s init_per_node_s warmup_steps step_seconds",
     .source = "fitted on the MLPerf v4.1 logs' untimed start-up (run.cpp, docs/whole-run.md)"},
    {.name = "compute_days",
     .value = [](const C& c) { return c.r().compute_days; },
     .formula = "startup_s / 86400 + steady_days x (1 + straggler + data_stall) + evals x eval_s / 86400",
     .inputs = "startup_s steady_days straggler data_stall evals eval_s"},
    {.kind = K::Key, .name = "mtbf_gpu_h", .value = [](const C& c) { return c.rt().mtbf_gpu_h; }, .unit = "hours"},
    {.name = "failures_per_hour",
     .value = [](const C& c) { return c.r().failures_per_hour; },
     .unit = "1/h",
     .label = {"failures per hour, cluster-wide", "全集群每小时故障数"},
     .formula = "gpus / mtbf_gpu_h",
     .inputs = "gpus mtbf_gpu_h"},
    {.name = "checkpoint_params",
     .value = [](const C& c) { return c.rt().trained_params; },
     .unit = "parameters",
     .label = {"parameters a checkpoint holds", "检查点保存的参数"},
     .formula = "every parameter for full training; the adapters for LoRA / QLoRA",
     .inputs = "method"},
    {.name = "checkpoint_bytes_per_param",
     .value = [](const C& c) { return c.rt().ckpt_bytes_per_param; },
     .unit = "B",
     .label = {"checkpoint bytes per parameter", "检查点每参数字节数"},
     .formula = "by opt: 14 B for AdamW (2 + 4 + 4 + 4), 8 B for 8-bit AdamW, 10 B for SGD with momentum",
     .inputs = "opt",
     .source = "Megatron / DeepSpeed checkpoints: 16-bit weights + fp32 master weights + two fp32 Adam moments = "
               "14 B (run.cpp)"},
    {.name = "checkpoint_bytes",
     .value = [](const C& c) { return c.r().ckpt_bytes; },
     .formula = "checkpoint_params x checkpoint_bytes_per_param",
     .inputs = "checkpoint_params checkpoint_bytes_per_param"},
    // The checkpoint's write time: the user's ckpt_s, else its size over the storage bandwidth.
    {.kind = K::Key,
     .name = "ckpt_s",
     .value = [](const C& c) { return c.r().ckpt_write_s; },
     .unit = "s",
     .when = CkptGiven},
    {.kind = K::Key,
     .name = "storage_gbps",
     .value = [](const C& c) { return c.out.config.storage_gbps; },
     .unit = "GB/s",
     .when = CkptComputed},
    {.name = "storage_bytes_per_s",
     .value = [](const C& c) { return c.rt().storage_bytes_per_s; },
     .unit = "B/s",
     .label = {"checkpoint write bandwidth", "检查点写入带宽"},
     .formula = "storage_gbps when given, else min(2 TB/s, gpus x 1 GB/s)",
     .inputs = "storage_gbps gpus",
     .source = "storage_gbps, else 1 GB/s per GPU up to 2 TB/s (Llama 3's sustained rate, Dubey et al. 2024)",
     .when = CkptComputed},
    {.name = "ckpt_write_s",
     .value = [](const C& c) { return c.r().ckpt_write_s; },
     .formula = "checkpoint_bytes / storage_bytes_per_s",
     .inputs = "checkpoint_bytes storage_bytes_per_s",
     .when = CkptComputed},
    {.name = "ckpt_interval_s",
     .value = [](const C& c) { return c.r().ckpt_interval_s; },
     .formula = "sqrt(2 x ckpt_write_s x 3600 / failures_per_hour) + ckpt_write_s",
     .inputs = "ckpt_write_s|ckpt_s failures_per_hour",
     .source = "Young 1974; Daly 2006"},
    {.kind = K::Key, .name = "restart_s", .value = [](const C& c) { return c.rt().restart_s; }, .unit = "s"},
    {.name = "goodput",
     .value = [](const C& c) { return c.r().goodput; },
     .formula = "1 - ckpt_write_s / ckpt_interval_s - failures_per_hour / 3600 x (restart_s + ckpt_interval_s / 2)",
     .inputs = "ckpt_write_s|ckpt_s ckpt_interval_s failures_per_hour restart_s",
     .source = "Daly 2006, first order"},
    {.name = "days",
     .value = [](const C& c) { return c.r().days; },
     .formula = "startup_s / 86400 + (compute_days - startup_s / 86400) / goodput",
     .inputs = "compute_days goodput startup_s"},
    {.name = "gpu_hours",
     .value = [](const C& c) { return c.r().gpu_hours; },
     .formula = "gpus x days x 24",
     .inputs = "gpus days"},
    // The price's source is the GPU's catalog entry (its price source) rather than the key's default.
    {.kind = K::Key,
     .name = "usd_per_gpu_hour",
     .value = [](const C& c) { return c.rt().usd_per_gpu_hour; },
     .unit = "USD/GPU-hour",
     .source_of = [](const C& c) { return c.gpu() ? c.gpu()->price_source : std::string(); }},
    {.name = "cost_usd",
     .value = [](const C& c) { return c.r().cost_usd; },
     .formula = "gpu_hours x usd_per_gpu_hour",
     .inputs = "gpu_hours usd_per_gpu_hour"},
    {.name = "failures",
     .value = [](const C& c) { return c.r().failures; },
     .formula = "failures_per_hour x days x 24",
     .inputs = "failures_per_hour days"},
};

}  // namespace

const NodeSpec* NodeSpecs(size_t* count) {
  *count = std::size(kNodes);
  return kNodes;
}

}  // namespace tp::explain_detail
