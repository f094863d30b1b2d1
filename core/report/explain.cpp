// explain.cpp — the explanation tree of a plan (explain.h). Evaluate runs again with a PlanTrace, so every
// value below is a variable the estimators computed, never a second copy of their formulas; the formulas
// here are the words that name how those variables combine, and the tests check each one holds.
#include "explain.h"

#include <cctype>
#include <cmath>
#include <cstdio>

#include "catalog.h"
#include "default_sources.h"
#include "json.h"
#include "stack.h"
#include "text.h"
#include "units.h"

namespace tp {
namespace {

class Builder {
 public:
  Builder(Explanation& ex, const Config& cfg) : ex_(ex), cfg_(cfg) {}

  int Node(const char* name, double value, const char* unit, const char* en, const char* zh, const char* formula,
           std::vector<int> inputs, std::string source = {}) {
    ExplainNode n;
    n.name = name, n.value = value, n.unit = unit, n.label = en, n.label_zh = zh, n.formula = formula;
    n.inputs = std::move(inputs), n.source = std::move(source);
    ex_.nodes.push_back(std::move(n));
    return int(ex_.nodes.size()) - 1;
  }
  // A user's key, with the value the plan used; one node per key, however many formulas read it.
  int Key(const char* key, double value, const char* unit) { return KeyNode(key, value, unit, {}); }
  int KeyText(const char* key, const std::string& text) { return KeyNode(key, 0, "", text); }

 private:
  int KeyNode(const char* key, double value, const char* unit, const std::string& text) {
    for (size_t i = 0; i < ex_.nodes.size(); ++i)
      if (ex_.nodes[i].key == key) return int(i);
    ExplainNode n;
    n.name = key, n.key = key, n.value = value, n.unit = unit, n.text = text;
    if (const KeyInfo* k = FindKey(key))
      n.label = k->label.en ? k->label.en : key, n.label_zh = k->label.zh ? k->label.zh : key;
    // The default's source, while the key is on its default; a value the user gave is its own source.
    static const Config defaults;
    if (FormatValue(cfg_, key) == FormatValue(defaults, key)) {
      n.source = DefaultSource(key);
      if (const KeyInfo* k = FindKey(key); k && k->source.zh) n.source_zh = k->source.zh;
    }
    ex_.nodes.push_back(std::move(n));
    return int(ex_.nodes.size()) - 1;
  }
  Explanation& ex_;
  const Config& cfg_;
};

}  // namespace

const ExplainNode* Explanation::Find(const std::string& name) const {
  for (const ExplainNode& n : nodes)
    if (n.name == name) return &n;
  return nullptr;
}

Explanation ExplainPlan(const PlanOutput& out) {
  Explanation ex;
  if (!out.ok || !out.plan.valid) return ex;
  const Job& job = out.job;
  const Config& cfg = out.config;
  PlanTrace trace;
  const Plan p = Evaluate(job, out.plan.layout, &trace);
  const MemoryTrace& mt = trace.memory;
  const StepTrace& st = trace.step;
  const RunTrace& rt = trace.run;
  const MemoryBreakdown& m = p.memory;
  const StepBreakdown& s = p.step;
  const RunSummary& r = p.run;
  const Layout& lay = p.layout;
  const GpuSpec* gpu = job.hw.gpu;
  Builder b(ex, cfg);

  // ---- keys the formulas read
  const int k_tokens = b.Key("tokens", r.tokens, "tokens");
  const int k_gbs = b.Key("gbs", p.global_batch, "sequences");
  const int k_seq = b.Key("seq", job.work.seq, "tokens");
  const int k_gpus = b.Key("gpus", rt.gpus, "GPUs");
  const int k_mbs = b.Key("mbs", lay.mbs, "sequences");
  const int k_tp = b.Key("tp", lay.tp, ""), k_pp = b.Key("pp", lay.pp, ""), k_vp = b.Key("vp", lay.vp, "");
  const int k_cp = b.Key("cp", lay.cp, ""), k_dp = b.Key("dp", lay.dp, "");
  const int k_zero = b.Key("zero", lay.zero, "");
  const int k_recompute = b.KeyText("recompute", FormatValue(cfg, "recompute"));
  const int k_prec = b.KeyText("prec", FormatValue(cfg, "prec"));
  const int k_method = b.KeyText("method", FormatValue(cfg, "method"));
  const int k_opt = b.KeyText("opt", FormatValue(cfg, "opt"));
  const int k_stack = b.KeyText("stack", job.stack ? job.stack->id : FormatValue(cfg, "stack"));
  const int k_offload = b.KeyText("offload", FormatValue(cfg, "offload"));
  const int k_gpu = b.KeyText("gpu", gpu ? gpu->id : cfg.gpu);

  // ---- memory per GPU (the most loaded one)
  const std::string stage = Fmt("%.0f", mt.stage);
  const int params = b.Node("params_on_gpu", mt.params, "parameters", "parameters on the most loaded GPU",
                            "最满那张 GPU 上的参数", "its pipeline stage's blocks (+ embedding or head) / tp",
                            {k_pp, k_tp}, "memory.cpp ParamsOnStage (stage " + stage + ")");
  const int trainable =
      b.Node("trainable_params_on_gpu", mt.trainable, "parameters", "trained parameters on it", "其中参与训练的参数",
             "params_on_gpu for full training; the adapters for LoRA / QLoRA", {params, k_method});
  const int weights =
      b.Node("weights_bytes", m.weights, "B", "weights", "权重",
             "params_on_gpu x bytes per weight (prec, method; the stack's master copy), / dp with ZeRO-3",
             {params, k_prec, k_method, k_stack, k_zero, k_dp},
             "the stack's conventions (core/stack/stacks.cpp, each with its source)");
  const int gradients = b.Node("gradients_bytes", m.gradients, "B", "gradients", "梯度",
                               "trainable_params_on_gpu x the stack's gradient bytes, / dp with ZeRO-2 and up",
                               {trainable, k_prec, k_stack, k_zero, k_dp}, "core/stack/stacks.cpp");
  const int optimizer =
      b.Node("optimizer_bytes", m.optimizer, "B", "optimizer states", "优化器状态",
             "trainable_params_on_gpu x the optimizer's bytes per parameter, / dp with ZeRO-1 and up; "
             "offloaded or paged states leave the GPU",
             {trainable, k_opt, k_zero, k_dp, k_offload},
             "AdamW: fp32 master weights and two moments, 12 B (Rajbhandari et al. 2020)");
  const int k_calib_memory = b.Key("calib_memory", mt.calib_memory, "x");
  const int activations = b.Node(
      "activations_bytes", m.activations, "B", "activations", "激活",
      "what each layer saves for the backward in the model code x layers on the stage x "
      "micro-batches in flight, + the loss's or the backward's peak, x calib_memory",
      {k_seq, k_mbs, k_recompute, k_tp, k_cp, k_pp, k_calib_memory, b.KeyText("modeling", Name(job.work.modeling))},
      "tensor by tensor from each framework's code (core/stack/saves.cpp, docs/memory.md); "
      "Korthikanti et al. 2022 for Megatron");
  const int temps = b.Node("temporaries_bytes", mt.temporaries, "B", "allocator temporaries", "临时内存",
                           "gathered ZeRO-3 / FSDP units + dequantization buffers + MoE dispatch, x calib_memory",
                           {k_zero, k_method, k_calib_memory}, "memory_states.cpp");
  const int outside =
      b.Node("outside_allocator_bytes", mt.outside, "B", "CUDA context and NCCL", "CUDA 上下文与 NCCL",
             "cuda_context_gb + nccl_gb (NCCL only with more than one GPU)",
             {b.Key("cuda_context_gb", job.assume.cuda_context_gb, "GB"), b.Key("nccl_gb", job.assume.nccl_gb, "GB")});
  const int reserve = b.Key("alloc_reserve", mt.reserve_factor, "x allocated");
  const int workspace = b.Node("cublas_workspace_bytes", mt.workspace, "B", "cuBLAS workspaces", "cuBLAS 工作区", "",
                               {k_gpu}, "aten CublasHandlePool.cpp: 2 x 32 MiB on Hopper, 2 x 8.125 MiB elsewhere");
  const int other =
      b.Node("other_bytes", m.other, "B", "other (context, buffers, fragmentation)",
             "其他（CUDA 上下文、通信缓冲区、显存碎片）",
             "outside_allocator_bytes + cublas_workspace_bytes + (alloc_reserve - 1) x activations_bytes + "
             "alloc_reserve x temporaries_bytes",
             {outside, workspace, reserve, activations, temps});
  const int mem_total = b.Node("memory_total_bytes", m.total, "B", "memory per GPU (as nvidia-smi shows it)",
                               "每张 GPU 的显存（nvidia-smi 口径）",
                               "weights_bytes + gradients_bytes + optimizer_bytes + activations_bytes + other_bytes",
                               {weights, gradients, optimizer, activations, other});
  const int capacity = b.Node("capacity_bytes", m.capacity, "B", "GPU memory the driver exposes", "驱动报告的显存容量",
                              "", {k_gpu}, gpu ? gpu->driver_source : std::string());
  const int usable = b.Node("memory_usable_bytes", m.usable, "B", "usable (fits when the total is at most this)",
                            "可用显存（合计不超过它即放得下）", "capacity_bytes x (1 - headroom)",
                            {capacity, b.Key("headroom", mt.headroom, "fraction")});

  // ---- one optimizer step
  const int micro = b.Node("micro_batches", st.micro_batches, "", "micro-batches per step", "每步的微批次数",
                           "ceil(gbs / (mbs x dp))", {k_gbs, k_mbs, k_dp});
  const int peak = b.Node("peak_flops", st.peak_flops, "FLOP/s", "dense tensor-core peak at the training precision",
                          "训练精度下的稠密张量核峰值", "", {k_gpu, k_prec}, gpu ? gpu->source : std::string());
  const int eff_matmul = b.Key("eff_matmul", st.eff_matmul, "fraction");
  const int k_calib_speed = b.Key("calib_speed", job.assume.calib_speed, "x");
  const int k_eff_stack = b.Key("eff_stack", job.assume.eff_stack, "fraction");
  const int compute_mb = b.Node(
      "compute_per_micro_batch_s", st.compute_mb, "s", "tensor-core time per micro-batch", "每个微批次的张量核时间",
      "FLOPs of the slowest stage's GEMMs (LoRA adapters' included) and attention / (peak_flops x "
      "eff_matmul at their shapes); the stack's eff_stack and calib_speed scale the rates",
      {peak, eff_matmul, k_eff_stack, k_calib_speed, k_mbs, k_seq, k_tp, k_cp, k_recompute},
      "docs/step-model.md section 3 (step.cpp)");
  const int compute = b.Node("compute_s", s.compute_s, "s", "compute", "计算",
                             "micro_batches x compute_per_micro_batch_s", {micro, compute_mb});
  const int bw = b.Node("memory_bandwidth", st.mem_bw, "B/s", "memory bandwidth", "显存带宽", "", {k_gpu},
                        gpu ? gpu->source : std::string());
  const int memory_mb =
      b.Node("memory_bound_per_micro_batch_s", st.memory_mb, "s", "memory-bound kernels per micro-batch",
             "每个微批次的访存密集算子时间",
             "bytes the norms, activations and elementwise kernels move (with the stack's unfused kernels, "
             "LoRA adapters' casts and adds, QLoRA's NF4 dequantization) / (memory_bandwidth x eff_memory)",
             {bw, b.Key("eff_memory", st.eff_memory, "fraction"), k_mbs, k_seq, k_tp},
             "docs/step-model.md section 3 (step.cpp)");
  const int optimizer_s =
      b.Node("optimizer_step_s", st.optimizer_s, "s", "optimizer step", "优化器更新",
             "optimizer bytes of the local shard / (memory_bandwidth x eff_memory)", {bw, k_zero, k_opt});
  const int memory_s =
      b.Node("memory_s", s.memory_s, "s", "memory-bound kernels", "访存密集算子",
             "micro_batches x memory_bound_per_micro_batch_s + optimizer_step_s", {micro, memory_mb, optimizer_s});
  const int k_intra = b.KeyText("intra", job.hw.intra ? job.hw.intra->id : FormatValue(cfg, "intra"));
  const int k_inter = b.KeyText("inter", job.hw.inter ? job.hw.inter->id : FormatValue(cfg, "inter"));
  const int tp_mb =
      b.Node("tp_comm_per_micro_batch_s", st.tp_mb, "s", "tensor-parallel collectives per micro-batch",
             "每个微批次的张量并行通信",
             "all-reduces (or reduce-scatter + all-gather with sp) of each layer's "
             "activations over the tp group's link",
             {k_tp, k_intra, b.Key("eff_network", job.assume.eff_network, "fraction")}, "docs/step-model.md section 4");
  const int cp_mb =
      b.Node("cp_comm_per_micro_batch_s", st.cp_mb, "s", "context-parallel exchange per micro-batch (exposed)",
             "每个微批次的上下文并行通信（未掩盖）", "", {k_cp, k_intra});
  const int ep_mb = b.Node("ep_comm_per_micro_batch_s", st.ep_mb, "s", "expert all-to-all per micro-batch (exposed)",
                           "每个微批次的专家 all-to-all（未掩盖）", "", {k_intra, k_inter});
  const int pp_mb = b.Node("pp_comm_per_micro_batch_s", st.pp_mb, "s", "pipeline sends per micro-batch",
                           "每个微批次的流水线收发", "", {k_pp, k_vp, k_inter});
  const int dp_total =
      b.Node("dp_comm_s", st.dp_total, "s", "data-parallel traffic per step", "每步的数据并行通信",
             "gradient all-reduce (ZeRO 0-2, once per pipeline schedule) or all-gathers + reduce-scatters "
             "every micro-batch (ZeRO-3; with pp > 1 once per schedule) over the dp group's link",
             {k_zero, k_dp, k_intra, k_inter});
  const int overlap = b.Key("overlap_dp", st.overlap_dp, "fraction");
  const int dp_hidden =
      b.Node("dp_hidden_s", st.dp_hidden, "s", "of it hidden behind the backward pass", "其中被反向计算掩盖的部分",
             "min(dp_comm_s, overlap_dp x backward compute); ZeRO-3 with pp > 1: only the all-gathers, "
             "behind the forwards",
             {dp_total, overlap});
  const int contention = b.Key("overlap_contention", st.contention, "fraction");
  const int dp_exposed =
      b.Node("dp_exposed_s", st.dp_exposed, "s", "data-parallel time exposed", "未被掩盖的数据并行时间",
             "dp_comm_s - dp_hidden_s x (1 - overlap_contention)", {dp_total, dp_hidden, contention});
  const int exposed = b.Node("comm_exposed_s", s.comm_exposed_s, "s", "exposed communication", "未被掩盖的通信",
                             "micro_batches x (tp_comm_per_micro_batch_s + cp_comm_per_micro_batch_s + "
                             "ep_comm_per_micro_batch_s + pp_comm_per_micro_batch_s) + dp_exposed_s",
                             {micro, tp_mb, cp_mb, ep_mb, pp_mb, dp_exposed});
  const int k_offload_act = b.KeyText("offload_act", FormatValue(cfg, "offload_act"));
  const int ckpt_mb = b.Node(
      "offload_act_per_micro_batch_s", st.offload_act_mb, "s", "offloaded checkpoints per micro-batch (exposed)",
      "每个微批次卸载检查点的时间（未掩盖）",
      "each block's input copied to host memory and back over the host link, minus what the "
      "stack overlaps with the block's compute",
      {k_offload_act, k_recompute, k_stack},
      "core/estimate/step_finetune.cpp (unsloth_zoo gradient_checkpointing.py; torchtune activation offloading)");
  const int gpu_mb = b.Node("gpu_per_micro_batch_s", st.gpu_mb, "s", "GPU time of one micro-batch on the slowest stage",
                            "一个微批次在最慢流水级上的 GPU 时间",
                            "compute_per_micro_batch_s + memory_bound_per_micro_batch_s + tp_comm_per_micro_batch_s + "
                            "cp_comm_per_micro_batch_s + ep_comm_per_micro_batch_s + pp_comm_per_micro_batch_s + "
                            "offload_act_per_micro_batch_s",
                            {compute_mb, memory_mb, tp_mb, cp_mb, ep_mb, pp_mb, ckpt_mb});
  const int host_mb =
      b.Node("host_per_micro_batch_s", st.host_mb, "s", "host time to launch one micro-batch's kernels",
             "主机启动一个微批次全部内核的时间",
             "the stack's host time per layer pass x blocks x passes (forward, backward, recomputation)",
             {k_stack, k_recompute}, "core/estimate/step_finetune.cpp (measured on Qwen's LoRA table for hf)");
  const int wait_mb = b.Node("host_wait_per_micro_batch_s", st.host_gap_mb, "s",
                             "GPU waiting for the host per micro-batch", "每个微批次 GPU 等待主机的时间",
                             "max(0, host_per_micro_batch_s - gpu_per_micro_batch_s)", {host_mb, gpu_mb});
  const int mb_time = b.Node("micro_batch_s", st.mb_time, "s", "one micro-batch through the slowest stage",
                             "一个微批次通过最慢流水级的时间", "gpu_per_micro_batch_s + host_wait_per_micro_batch_s",
                             {gpu_mb, wait_mb});
  const int schedules =
      b.Node("pipeline_schedules", st.schedules, "", "pipeline schedules per step (each fills and drains)",
             "每步的流水线调度数（每个都要填满并排空流水线）", "micro_batches / pp_microbatches",
             {micro, b.Key("pp_microbatches", st.micro_batches / std::max(1, st.schedules), "micro-batches"), k_stack},
             "core/stack/stacks.cpp pipeline rules (torchtitan, NeMo AutoModel: one per local batch)");
  const int bubble = b.Node("bubble_s", s.bubble_s, "s", "pipeline bubble", "流水线气泡",
                            "pipeline_schedules x (pp - 1) / vp x micro_batch_s", {schedules, k_pp, k_vp, mb_time},
                            "Narayanan et al. 2021 (interleaved 1F1B)");
  const int offload =
      b.Node("offload_s", s.offload_s, "s", "offload (exposed)", "卸载（未被掩盖的部分）",
             "gradients down and weights up over PCIe + CPU Adam (+ NVMe traffic), micro_batches x "
             "offload_act_per_micro_batch_s, and evicted paged optimizer states in and out over the host link",
             {k_offload, k_zero, micro, ckpt_mb, k_opt},
             "ZeRO-Offload / ZeRO-Infinity (Ren et al. 2021, Rajbhandari et al. 2021)");
  const int host = b.Node("host_s", s.host_s, "s", "GPU waiting for the host (kernel launches)",
                          "GPU 等待主机（内核启动）", "micro_batches x host_wait_per_micro_batch_s", {micro, wait_mb});
  const int step = b.Node("step_seconds", s.seconds, "s", "step time", "每步时间",
                          "compute_s + memory_s + comm_exposed_s + bubble_s + offload_s + host_s",
                          {compute, memory_s, exposed, bubble, offload, host});
  const int tokens_step = b.Node("tokens_per_step", st.tokens_per_step, "tokens", "tokens per step", "每步 token 数",
                                 "gbs x seq", {k_gbs, k_seq});
  const int layout_gpus = st.gpus == int(rt.gpus)
                              ? k_gpus
                              : b.Node("layout_gpus", st.gpus, "GPUs", "GPUs in the layout", "布局中的 GPU 数",
                                       "tp x pp x cp x dp", {k_tp, k_pp, k_cp, k_dp});
  const int tps =
      b.Node("tokens_per_s_per_gpu", p.throughput.tokens_per_s_per_gpu, "tokens/s", "tokens/s per GPU",
             "每张 GPU 每秒 token 数", "tokens_per_step / step_seconds / gpus", {tokens_step, step, layout_gpus});
  const int model_flops =
      b.Node("model_flops_per_step", p.throughput.model_flops_per_step, "FLOP", "model FLOPs per step",
             "每步的模型 FLOPs", "6 x active parameters x tokens + attention (no recomputation counted)",
             {tokens_step, k_method}, "Narayanan et al. 2021, appendix (core/estimate/flops.cpp)");
  const int mfu = b.Node("mfu", p.throughput.mfu, "1", "MFU", "算力利用率 MFU",
                         "model_flops_per_step / (step_seconds x gpus x peak_flops)",
                         {model_flops, step, layout_gpus, peak}, "Chowdhery et al. 2022 (PaLM), appendix B");

  // ---- the whole run
  const int tokens_steps = b.Node("steps", r.steps, "steps", "optimizer steps", "优化器步数",
                                  "ceil(tokens / tokens_per_step)", {k_tokens, tokens_step});
  const int steady = b.Node("steady_days", r.steady_days, "day", "at steady-state speed", "按稳态速度",
                            "steps x step_seconds / 86400", {tokens_steps, step});
  const int eff_run = b.Key("eff_run", r.run_efficiency, "fraction");
  const int compute_days = b.Node("compute_days", r.compute_days, "day", "failure-free", "无故障时",
                                  "steady_days / eff_run", {steady, eff_run});
  const int mtbf = b.Key("mtbf_gpu_h", rt.mtbf_gpu_h, "hours");
  const int rate = b.Node("failures_per_hour", r.failures_per_hour, "1/h", "failures per hour, cluster-wide",
                          "全集群每小时故障数", "gpus / mtbf_gpu_h", {k_gpus, mtbf});
  const int trained =
      b.Node("checkpoint_params", rt.trained_params, "parameters", "parameters a checkpoint holds", "检查点保存的参数",
             "every parameter for full training; the adapters for LoRA / QLoRA", {k_method});
  const int per_param = b.Node("checkpoint_bytes_per_param", rt.ckpt_bytes_per_param, "B",
                               "checkpoint bytes per parameter", "检查点每参数字节数", "", {k_opt},
                               "Megatron / DeepSpeed checkpoints: 16-bit weights + fp32 master weights + two fp32 Adam "
                               "moments = 14 B (run.cpp)");
  const int ckpt_bytes = b.Node("checkpoint_bytes", r.ckpt_bytes, "B", "checkpoint size", "检查点大小",
                                "checkpoint_params x checkpoint_bytes_per_param", {trained, per_param});
  int write = 0;
  if (job.rel.ckpt_s > 0) {
    write = b.Key("ckpt_s", r.ckpt_write_s, "s");
  } else {
    const int storage =
        b.Node("storage_bytes_per_s", rt.storage_bytes_per_s, "B/s", "checkpoint write bandwidth", "检查点写入带宽", "",
               {b.Key("storage_gbps", cfg.storage_gbps, "GB/s"), k_gpus},
               "storage_gbps, else 1 GB/s per GPU up to 2 TB/s (Llama 3's sustained rate, Dubey et al. 2024)");
    write = b.Node("ckpt_write_s", r.ckpt_write_s, "s", "time to write a checkpoint", "写一次检查点的时间",
                   "checkpoint_bytes / storage_bytes_per_s", {ckpt_bytes, storage});
  }
  const int interval = b.Node("ckpt_interval_s", r.ckpt_interval_s, "s", "checkpoint interval", "检查点间隔",
                              "sqrt(2 x ckpt_write_s x 3600 / failures_per_hour) + ckpt_write_s", {write, rate},
                              "Young 1974; Daly 2006");
  const int restart = b.Key("restart_s", rt.restart_s, "s");
  const int goodput =
      b.Node("goodput", r.goodput, "1", "goodput", "有效时间占比",
             "1 - ckpt_write_s / ckpt_interval_s - failures_per_hour / 3600 x (restart_s + ckpt_interval_s / 2)",
             {write, interval, rate, restart}, "Daly 2006, first order");
  const int days =
      b.Node("days", r.days, "day", "wall-clock days", "实际天数", "compute_days / goodput", {compute_days, goodput});
  const int hours = b.Node("gpu_hours", r.gpu_hours, "h", "GPU-hours", "GPU 小时", "gpus x days x 24", {k_gpus, days});
  const int price = b.Key("usd_per_gpu_hour", rt.usd_per_gpu_hour, "USD/GPU-hour");
  if (gpu && !gpu->price_source.empty()) {
    ex.nodes[price].source = gpu->price_source;
  }
  const int cost = b.Node("cost_usd", r.cost_usd, "USD", "cost, renting", "租用成本", "gpu_hours x usd_per_gpu_hour",
                          {hours, price});
  const int failures = b.Node("failures", r.failures, "", "expected failures", "预计故障次数",
                              "failures_per_hour x days x 24", {rate, days});
  ex.roots = {days, cost, hours, failures, mem_total, usable, step, tps, mfu};
  return ex;
}

// ---- printing -------------------------------------------------------------------------------------

std::string ExplainValueText(const ExplainNode& n, Lang lang) {
  if (!n.text.empty()) return n.text;
  const double v = n.value;
  const std::string& u = n.unit;
  if (u == "B") return Fmt("%.2f GiB", v / kGiB);
  if (u == "B/s") return Fmt("%.4g GB/s", v / 1e9);
  if (u == "FLOP/s") return Fmt("%.4g TFLOP/s", v / 1e12);
  if (u == "FLOP") return Fmt("%.4g FLOP", v);
  if (u == "s") return Fmt("%.4g s", v);
  if (u == "day") return Fmt(lang == Lang::Zh ? "%.4g 天" : "%.4g days", v);
  if (u == "USD") return UsdText(lang, v);
  if (u == "1" || u == "fraction" || u.empty()) return Fmt("%.4g", v);
  if (u == "x") return Fmt("%.4g", v) + "x";
  return Fmt("%.4g", v) + " " + u;
}

const std::string& ExplainLabel(const ExplainNode& n, Lang lang) {
  return lang == Lang::Zh && !n.label_zh.empty() ? n.label_zh : n.label;
}

const std::string& ExplainSource(const ExplainNode& n, Lang lang) {
  return lang == Lang::Zh && !n.source_zh.empty() ? n.source_zh : n.source;
}

std::string ExplainKeyMark(const ExplainNode& n, Lang lang) {
  if (n.key.empty()) return {};
  return lang == Lang::Zh ? "[你的输入 " + n.key + "]" : "[your key " + n.key + "]";
}

namespace {
// A formula is arithmetic when every word in it is an input's name or one of a few functions; prose
// ("FLOPs of the slowest stage's GEMMs / ...") is shown as it is, never with values spliced into words.
bool IsArithmetic(const Explanation& ex, const ExplainNode& node) {
  static const char* const kFunctions[] = {"x", "ceil", "sqrt", "min", "max"};
  const std::string& f = node.formula;
  for (size_t i = 0; i < f.size();) {
    if (!(std::isalpha((unsigned char)f[i]) || f[i] == '_')) {
      const char c = f[i];
      if (!(std::isdigit((unsigned char)c) || c == ' ' || c == '.' || c == '(' || c == ')' || c == '+' || c == '-' ||
            c == '/' || c == ','))
        return false;
      ++i;
      continue;
    }
    size_t j = i;
    while (j < f.size() && (std::isalnum((unsigned char)f[j]) || f[j] == '_')) ++j;
    const std::string word = f.substr(i, j - i);
    bool known = false;
    for (const char* fn : kFunctions) known |= word == fn;
    for (int in : node.inputs) known |= ex.nodes[in].name == word;
    if (!known) return false;
    i = j;
  }
  return !f.empty();
}
}  // namespace

std::string SubstitutedFormula(const Explanation& ex, const ExplainNode& node, Lang lang) {
  std::string out;
  if (!IsArithmetic(ex, node)) return out;
  const std::string& f = node.formula;
  for (size_t i = 0; i < f.size();) {
    if (std::isalpha((unsigned char)f[i]) || f[i] == '_') {
      size_t j = i;
      while (j < f.size() && (std::isalnum((unsigned char)f[j]) || f[j] == '_')) ++j;
      const std::string word = f.substr(i, j - i);
      bool replaced = false;
      for (int in : node.inputs)
        if (ex.nodes[in].name == word) {
          out += ExplainValueText(ex.nodes[in], lang);
          replaced = true;
          break;
        }
      if (!replaced) out += word;
      i = j;
    } else {
      out += f[i++];
    }
  }
  return out;
}

namespace {

void TextNode(const Explanation& ex, int id, int depth, Lang lang, std::vector<bool>& shown, std::string& out) {
  const ExplainNode& n = ex.nodes[id];
  const std::string indent(2 * depth, ' ');
  const std::string& label = ExplainLabel(n, lang);
  std::string line = indent + n.name + " = ";
  if (!n.formula.empty()) {
    const std::string substituted = SubstitutedFormula(ex, n, lang);
    line += n.formula + " = " + (substituted.empty() ? std::string() : substituted + " = ");
  }
  line += ExplainValueText(n, lang);
  if (!label.empty() && label != n.name) line += "   (" + label + ")";
  if (!n.key.empty()) line += "   " + ExplainKeyMark(n, lang);
  out += line + "\n";
  if (shown[id]) {  // once per root: a number read by several formulas is opened where it first appears
    if (!n.inputs.empty()) out += indent + (lang == Lang::Zh ? "    （见上）\n" : "    (expanded above)\n");
    return;
  }
  const std::string& source = ExplainSource(n, lang);
  if (!source.empty()) out += indent + "    " + (lang == Lang::Zh ? "来源：" : "source: ") + source + "\n";
  shown[id] = true;
  if (depth > 24) return;
  for (int in : n.inputs) TextNode(ex, in, depth + 1, lang, shown, out);
}

std::string JsonNode(const Explanation& ex, int id, int depth) {
  const ExplainNode& n = ex.nodes[id];
  std::string s = "{\"name\": " + JsonEscape(n.name);
  if (!n.key.empty()) s += ", \"key\": " + JsonEscape(n.key);
  s += ", \"value\": " + FormatNumber(std::isfinite(n.value) ? n.value : 0.0);
  if (!n.text.empty()) s += ", \"text\": " + JsonEscape(n.text);
  s += ", \"unit\": " + JsonEscape(n.unit);
  s += ", \"label\": " + JsonEscape(n.label) + ", \"label_zh\": " + JsonEscape(n.label_zh);
  if (n.key.empty()) s += ", \"formula\": " + JsonEscape(n.formula);
  s += ", \"source\": " + JsonEscape(n.source);
  if (!n.source_zh.empty()) s += ", \"source_zh\": " + JsonEscape(n.source_zh);
  if (n.key.empty()) {
    s += ", \"inputs\": [";
    for (size_t i = 0; i < n.inputs.size() && depth < 32; ++i)
      s += (i ? ", " : "") + JsonNode(ex, n.inputs[i], depth + 1);
    s += "]";
  }
  return s + "}";
}

}  // namespace

std::string ExplanationToText(const Explanation& ex, Lang lang, const std::string& only) {
  std::string out;
  std::vector<bool> shown(ex.nodes.size(), false);
  if (!only.empty()) {
    for (size_t i = 0; i < ex.nodes.size(); ++i)
      if (ex.nodes[i].name == only) TextNode(ex, int(i), 0, lang, shown, out);
    return out;
  }
  for (int root : ex.roots) {
    std::fill(shown.begin(), shown.end(), false);
    TextNode(ex, root, 0, lang, shown, out);
    out += "\n";
  }
  return out;
}

std::string ExplanationToJson(const Explanation& ex) {
  std::string s = "{\n";
  for (size_t i = 0; i < ex.roots.size(); ++i)
    s += "  " + JsonEscape(ex.nodes[ex.roots[i]].name) + ": " + JsonNode(ex, ex.roots[i], 0) +
         (i + 1 < ex.roots.size() ? ",\n" : "\n");
  return s + "}\n";
}

}  // namespace tp
