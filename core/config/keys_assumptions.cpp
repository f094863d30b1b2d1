// keys_assumptions.cpp — the key table's last rows: the model's assumptions (efficiencies, overlaps,
// memory reserves, each with the source of its default), the calibration from a user's run, the interface
// language, and the page's view and compare columns.
// Rows are in link order (= --help order = the page's order); builders in key_rows.h.
#include "key_rows.h"

namespace tp::key_rows {

void AddAssumptionKeys(std::vector<KeyInfo>& table) {
  using G = KeyGroup;
  table.insert(
      table.end(),
      {// ---- Assumptions
       RealField("headroom", G::Assumptions, "fraction", 0, 0.9, false, TP_REAL(headroom),
                 "Fraction of GPU memory kept free before a plan counts as fitting (a safety margin of your own).")
           .Label("Memory headroom", "显存余量")
           .Zh("判断放得下时预留不用的显存比例（您自己的安全余量）。")
           .Source("0: the caching allocator's reserve (alloc_reserve), the CUDA context and NCCL's buffers are "
                   "counted in the nvidia-smi figure that is checked against the capacity the driver exposes.",
                   "0：缓存分配器的预留（alloc_reserve）、CUDA 上下文和 NCCL 缓冲区都已计入与驱动报告的显存容量比较的 "
                   "nvidia-smi 数字。")
           .Assume(&Assumptions::headroom)
           .Format("%.2f"),
       RealField("eff_matmul", G::Assumptions, "fraction", 0.05, 1, true, TP_REAL(eff_matmul),
                 "Share of the GPU's measured best matmul rate that a training run's large GEMMs keep (fitted).")
           .Label("Matmul efficiency", "矩阵乘效率")
           .Zh("训练中大矩阵乘（GEMM）能达到该 GPU 实测最佳矩阵乘速度的比例（拟合值）。")
           .Source("Fitted with the other step-model constants to 19 published throughput measurements "
                   "(docs/step-model.md).",
                   "与步长模型的其他常数一起，拟合 19 个公开的吞吐量测量（docs/step-model.md）。")
           .Assume(&Assumptions::eff_matmul)
           .Format("%.3f"),
       RealField(
           "matmul_half_ridge", G::Assumptions, "", 0.01, 10, true, TP_REAL(matmul_half_ridge),
           "GEMM arithmetic intensity, in units of the GPU's ridge point, at which a GEMM runs at half speed (fitted).")
           .Label("Matmul half-ridge", "矩阵乘半脊点")
           .Zh("GEMM 速度降到一半时的算术强度，以该 GPU 的屋脊点为单位（拟合值）。")
           .Source("Fitted with the other step-model constants to 19 published throughput measurements "
                   "(docs/step-model.md).",
                   "与步长模型的其他常数一起，拟合 19 个公开的吞吐量测量（docs/step-model.md）。")
           .Assume(&Assumptions::matmul_half_ridge)
           .Format("%.3f"),
       RealField("eff_attention", G::Assumptions, "fraction", 0.05, 1, true, TP_REAL(eff_attention),
                 "FlashAttention's share of the dense 16-bit peak, causal half counted (fitted).")
           .Label("Attention efficiency", "注意力效率")
           .Zh("FlashAttention 达到的稠密 16 位峰值算力比例，因果掩码只计一半（拟合值）。")
           .Source("Fitted (docs/step-model.md); FlashAttention-2 publishes 50-70 % of peak on A100 and "
                   "about 35 % on H100 (Dao 2023).",
                   "拟合所得（docs/step-model.md）；FlashAttention-2 公布的效率为 A100 峰值的 50-70%、H100 的约 "
                   "35%（Dao 2023）。")
           .Assume(&Assumptions::eff_attention)
           .Format("%.3f"),
       RealField("eff_memory", G::Assumptions, "fraction", 0.05, 1, true, TP_REAL(eff_memory),
                 "Share of peak memory bandwidth that element-wise kernels reach (fitted).")
           .Label("Memory efficiency", "显存带宽效率")
           .Zh("逐元素算子达到的峰值显存带宽比例（拟合值）。")
           .Source("Fitted (docs/step-model.md); STREAM-like copies reach 80-90 % of peak memory bandwidth.",
                   "拟合所得（docs/step-model.md）；STREAM 类拷贝可达峰值显存带宽的 80-90%。")
           .Assume(&Assumptions::eff_memory)
           .Format("%.3f"),
       RealField("eff_network", G::Assumptions, "fraction", 0.05, 1, true, TP_REAL(eff_network),
                 "NCCL bus bandwidth as a share of the nominal link bandwidth (fitted).")
           .Label("Network efficiency", "网络效率")
           .Zh("NCCL 总线带宽占标称链路带宽的比例（拟合值）。")
           .Source("Fitted (docs/step-model.md); nccl-tests bus bandwidth is 75-90 % of the nominal link "
                   "bandwidth.",
                   "拟合所得（docs/step-model.md）；nccl-tests 的总线带宽为标称链路带宽的 75-90%。")
           .Assume(&Assumptions::eff_network)
           .Format("%.3f"),
       RealField(
           "overlap_dp", G::Assumptions, "fraction", 0.001, 1, true, TP_REAL(overlap_dp),
           "Share of the backward pass (ZeRO-3: forward and backward) that can hide data-parallel traffic (fitted).")
           .Label("DP overlap", "DP 通信重叠")
           .Zh("反向计算（ZeRO-3 时为前向和反向）中能掩盖数据并行通信的比例（拟合值）。")
           .Source("Fitted to the published throughput measurements (docs/step-model.md).",
                   "拟合公开的吞吐量测量所得（docs/step-model.md）。")
           .Assume(&Assumptions::overlap_dp)
           .Format("%.3f"),
       RealField("overlap_contention", G::Assumptions, "fraction", 0.0001, 1, true, TP_REAL(overlap_contention),
                 "Seconds of compute lost per second of communication hidden behind it (fitted).")
           .Label("Overlap contention", "重叠争用")
           .Zh("每掩盖 1 秒通信所损失的计算秒数（拟合值）。")
           .Source("Fitted (docs/step-model.md); published slowdowns of compute overlapped with collectives "
                   "are 10-40 %.",
                   "拟合所得（docs/step-model.md）；公开测量中，与集合通信重叠的计算会慢 10-40%。")
           .Assume(&Assumptions::overlap_contention)
           .Format("%.3f"),
       RealField("eff_stack", G::Assumptions, "fraction", 0.05, 1.5, true, TP_REAL(eff_stack),
                 "The framework's kernel speed as a share of the step model's (matmul, attention and memory-bound "
                 "kernels): fitted per framework and release on its own published runs.")
           .Label("Framework efficiency", "框架效率")
           .Zh("训练框架的算子速度占步长模型的比例（矩阵乘、注意力和访存密集算子）：按各框架及版本，只用该框架已发表的"
               "测量拟合。")
           .Source("Fitted per framework and release on that framework's published throughput only "
                   "(bench/fit_stacks.cpp on tests/data/stack_runs.json, and finetune_fit_runs.json for hf and "
                   "torchtune; docs/validation.md, per framework, with leave-one-out).",
                   "按框架及版本，只用该框架已发表的吞吐量测量拟合（bench/fit_stacks.cpp 作用于 "
                   "tests/data/stack_runs.json，"
                   "hf 与 torchtune 另用 finetune_fit_runs.json；见 docs/validation.md 各框架一节，含留一法检验）。")
           .Assume(&Assumptions::eff_stack)
           .Format("%.3f"),
       RealField("alloc_reserve", G::Assumptions, "x allocated", 1, 4, true, TP_REAL(alloc_reserve),
                 "Memory PyTorch's caching allocator reserves per byte of activations and temporaries at the peak "
                 "(model states are allocated once and stay): max_memory_reserved over max_memory_allocated of that "
                 "part.")
           .Label("Allocator reserve", "分配器预留")
           .Zh("PyTorch 缓存分配器在峰值时为每字节激活值和临时张量所预留的显存（模型状态一次分配、常驻）：这部分的 "
               "max_memory_reserved / max_memory_allocated。")
           .Source(
               "The framework's: 1.05 where it sets expandable_segments (torchtune, torchtitan, Unsloth, verl's "
               "trainer), 1.10 "
               "for fixed shapes without it (Megatron, DeepSpeed: blocks reused every micro-batch), 1.5 for batches "
               "padded to their own length "
               "(Transformers): our estimates between the published pairs (torchtune#1185: 16.39 GiB reserved "
               "without expandable_segments, 10.83 with; cosmos-rl#388: 127 vs 97 GB for 61 GB allocated).",
               "取训练框架的值：设置了 expandable_segments 的（torchtune、torchtitan、Unsloth、verl 的训练进程）为 "
               "1.05，未设置但张量形状"
               "固定的（Megatron、DeepSpeed：每个微批次复用同样的块）为 1.10，批次按各自长度补齐的（Transformers）为 "
               "1.5：这是我们在已发表的成对数据"
               "之间的估计（torchtune#1185：未开启 expandable_segments 时预留 16.39 GiB，开启后 10.83；cosmos-rl#388："
               "已分配 61 GB 时预留 127 对 97 GB）。")
           .Assume(&Assumptions::alloc_reserve)
           .Format("%.2f"),
       RealField("nccl_gb", G::Assumptions, "GB", 0.001, 100, true, TP_REAL(nccl_gb),
                 "GPU memory NCCL's communicators and buffers take when more than one GPU trains (outside the "
                 "allocator).")
           .Label("NCCL buffers", "NCCL 缓冲区")
           .Zh("多卡训练时 NCCL 通信器及其缓冲区占用的显存（在分配器之外）。")
           .Source(
               "1 GB: stas00/ml-engineering measured 0.55 -> 2.00 GiB around the first dist.barrier on A100 "
               "(CUDA context included), 'expect ~1-2GiB'; NCCL_BUFFSIZE 4 MiB per channel and peer.",
               "1 GB：stas00/ml-engineering 在 A100 上测得第一次 dist.barrier 前后从 0.55 GiB 增至 2.00 GiB（含 CUDA "
               "上下文），“预计约 1-2 GiB”；NCCL_BUFFSIZE 为每通道每个对端 4 MiB。")
           .Assume(&Assumptions::nccl_gb)
           .Format("%.2f"),
       RealField("logit_bytes", G::Assumptions, "B per logit", 0.01, 32, true, TP_REAL(logit_bytes),
                 "Bytes per logit (token x vocabulary entry) held at the loss: fp32 copies and saved softmax, or "
                 "little with a chunked or fused loss.")
           .Label("Logit bytes", "每个 logit 字节数")
           .Zh("计算损失时每个 logit（token × 词表项）所占的字节数：fp32 副本与保存的 "
               "softmax，分块或融合的损失则很少。")
           .Source("The model code's loss at its peak (core/stack/saves.cpp LossOf; `trainplan catalog stacks`): "
                   "Megatron's vocab-parallel cross-entropy 6, Transformers' and torchtitan's logits.float() 12 (16 "
                   "under Answer.AI's fsdp_qlora loop, which keeps the fp32 output through the backward), "
                   "torchtune's 8-chunk loss 6.5 (2.5 compiled), Unsloth's fused loss 10 per chunk, at most 10 GiB "
                   "at once.",
                   "取模型代码中损失的峰值（core/stack/saves.cpp LossOf；`trainplan catalog stacks`）：Megatron "
                   "词表并行交叉熵为 6，Transformers 与 torchtitan 的 logits.float() 为 12（Answer.AI fsdp_qlora "
                   "的训练循环在整个反向传播中保留 fp32 输出，为 16），torchtune 的 8 块分块损失为 6.5（编译后 "
                   "2.5），Unsloth 的融合损失每块 10，同时最多 10 GiB。")
           .Assume(&Assumptions::logit_bytes)
           .Format("%.1f"),
       // The MoE choices of a framework (step.cpp): how it dispatches, balances and overlaps the experts.
       RealField("moe_capacity", G::Assumptions, "", 0.01, 1000, true, TP_REAL(moe_capacity),
                 "Expert capacity factor: no expert takes more than this times its mean share of the routed "
                 "tokens, the rest are dropped; auto = dropless.")
           .Label("Expert capacity factor", "专家容量因子")
           .Zh("专家容量因子：每个专家最多处理其平均份额的这么多倍路由 token，多出的丢弃；auto = 不丢弃 token。")
           .Source("Dropless: Megatron-Core's default moe_expert_capacity_factor = None ('None means no token will "
                   "be dropped', transformer_config.py); DeepSeek-V3 drops no tokens either (report, section 2.1.2).",
                   "不丢弃：Megatron-Core 默认 moe_expert_capacity_factor = None（“None 表示不丢弃任何 token”，"
                   "transformer_config.py）；DeepSeek-V3 训练中同样不丢弃 token（技术报告第 2.1.2 节）。")
           .Assume(&Assumptions::moe_capacity)
           .Format("%.2f"),
       RealField("moe_imbalance", G::Assumptions, "", 1, 100, true, TP_REAL(moe_imbalance),
                 "Expert load imbalance: routed tokens on the busiest expert-parallel rank over the mean; the "
                 "experts' GEMMs and the all-to-all wait for that rank.")
           .Label("Expert load imbalance", "专家负载不均衡")
           .Zh("专家负载不均衡：最忙的专家并行 rank 收到的路由 token 与平均值之比；专家 GEMM 和 all-to-all 都要等这个 "
               "rank。")
           .Source(
               "1.1: a run with load balancing (auxiliary loss or DeepSeek's loss-free bias), whose busiest "
               "expert carries a few to tens of percent above the mean per batch (Wang et al. 2024, "
               "arXiv 2408.15664, MaxVio; R), less per rank of several experts (our estimate). NVIDIA's MoE "
               "benchmark tables are force-balanced (1.0): 'we force-balance the token distribution among "
               "experts' (Megatron-Bridge performance summary).",
               "1.1：带负载均衡（辅助损失或 DeepSeek 的无辅助损失偏置）的训练，每批最忙专家比平均多几个到几十个百分点"
               "（Wang 等 2024，arXiv 2408.15664，MaxVio；凭记忆），多个专家合在一个 rank 上时更少（我们的估计）。"
               "NVIDIA 的 MoE 基准表强制均衡（1.0）：“we force-balance the token distribution among experts”"
               "（Megatron-Bridge 性能汇总）。")
           .Assume(&Assumptions::moe_imbalance)
           .Format("%.2f"),
       RealField("overlap_ep", G::Assumptions, "fraction", 0.001, 1, true, TP_REAL(overlap_ep),
                 "Share of the expert all-to-all hidden behind computation (at most the micro-batch's compute); "
                 "auto = the schedule's: all under DualPipe(V) (torchtitan's DualPipeV: from its 2026 release and "
                 "with recompute=none only), what Megatron-Core's overlap was measured to hide with "
                 "moe_a2a_overlap=1, else none.")
           .Label("EP overlap", "EP 通信重叠")
           .Zh("专家 all-to-all 被计算掩盖的比例（最多为该微批次的计算时间）；auto = 由调度决定：DualPipe(V) "
               "全部掩盖（torchtitan 的 DualPipeV 仅自其 2026 版本起且 recompute=none 时），moe_a2a_overlap=1 "
               "时为 Megatron-Core 重叠实测掩盖的比例，否则不掩盖。")
           .Source(
               "auto: DualPipe and DualPipeV hide it all ('both all-to-all and PP communication can be fully "
               "hidden', DeepSeek-V3 report section 3.2.1); Megatron-Core's batch-level overlap hid 36.55 % of "
               "the communication time in NVIDIA's A/B (16 H100, Qwen3-30B-A3B, EP 16: 'Communication time hidden "
               "by compute 0.11% -> 36.55%', Megatron-Bridge skills/nemo-mbridge-perf-expert-parallel-overlap); "
               "plain 1F1B none. torchtitan's DualPipeV: its overlap_callback came in v0.2.1 (2025-12-26, "
               "pytorch/torchtitan#1721), and get_dual_pipe_v_flag refuses it with activation checkpointing "
               "('Expert Parallel with DualPipeV and Activation Checkpointing cannot be used together', "
               "torchtitan/distributed/dual_pipe_v.py@v0.2.1).",
               "auto：DualPipe 与 DualPipeV 全部掩盖（“all-to-all 和 PP 通信都可以被完全掩盖”，DeepSeek-V3 技术报告"
               "第 3.2.1 节）；Megatron-Core 的批次级重叠在 NVIDIA 的对照实验中掩盖了 36.55% 的通信时间（16 张 "
               "H100，Qwen3-30B-A3B，EP 16：“Communication time hidden by compute 0.11% -> 36.55%”，Megatron-Bridge "
               "skills/nemo-mbridge-perf-expert-parallel-overlap）；普通 1F1B 不掩盖。torchtitan 的 DualPipeV：其 "
               "overlap_callback 始于 v0.2.1（2025-12-26，"
               "pytorch/torchtitan#1721），且 get_dual_pipe_v_flag 不允许与激活重计算同用（“Expert Parallel with "
               "DualPipeV and Activation Checkpointing cannot be used together”，torchtitan/distributed/"
               "dual_pipe_v.py@v0.2.1）。")
           .Assume(&Assumptions::overlap_ep)
           .Format("%.3f"),
       RealField("moe_host_s", G::Assumptions, "s", 1e-6, 1, true, TP_REAL(moe_host_s),
                 "Host time to launch one MoE layer's pass (forward or backward) in eager, dropless code; each "
                 "layer's forward takes the longer of its GPU and host time (the dispatcher waits for the token "
                 "counts), the backward the longer of the totals. auto = measured.")
           .Label("MoE host time per layer pass", "每层每遍 MoE 的主机时间")
           .Zh("即时执行、不丢 token 的代码启动一个 MoE 层一遍（前向或反向）的主机时间；每层前向取该层 GPU 时间与主机"
               "时间中较长者（分发器要等 token 计数），反向取两者总量中较长者。auto = 实测值。")
           .Source(
               "Measured, not fitted: the median over the host-bound rows of tests/data/moe_fit_steps.json "
               "(Megatron-Core, micro-batch 1, dropless MoE that CUDA graphs cannot capture) of micro-batch "
               "seconds / (MoE layers x passes); trainplan-fit_step --moe-host prints it. With full-iteration "
               "CUDA graphs (full_graphs; on for capacity with padding): none.",
               "实测而非拟合：tests/data/moe_fit_steps.json 中受主机限制的行（Megatron-Core、微批次 1、CUDA graph "
               "无法捕获的不丢 token MoE）的 微批次秒数 / (MoE 层数 × 遍数) 的中位数；trainplan-fit_step --moe-host "
               "打印它。整轮 CUDA Graph（full_graphs；有容量并补齐时开启）下：为 0。")
           .Assume(&Assumptions::moe_host_s)
           .Format("%.4f"),
       RealField(
           "host_dispatch", G::Assumptions, "x", 0.1, 20, true, TP_REAL(host_dispatch),
           "The host CPU's time to launch work (PyTorch ops from Python) relative to the x86 servers the "
           "host times were measured on: it scales the host times of eager code (the Hugging Face path's launches, "
           "torchtitan's MoE layers, the rollout engine's per-iteration overhead; Megatron-Core's MoE host time "
           "stays as measured, its recipes capturing parts of each layer in CUDA graphs). auto = the GPU's "
           "system.")
           .Label("Host launch time", "主机发射耗时")
           .Zh("主机 CPU 发射工作（从 Python 调用 PyTorch 算子）的耗时，相对于测得各项主机时间的 x86 服务器：它按比例"
               "放大即时执行代码的主机时间（Hugging Face 路径的内核发射、torchtitan 的 MoE 层、生成引擎每轮迭代的开销；"
               "Megatron-Core 的 MoE 主机时间保持实测值，因其配方把每层的一部分捕获进 CUDA Graph）。auto = 该 GPU "
               "所在系统的值。")
           .Source("auto: 1 on x86 servers (DGX, HGX: where every host time here was measured); 2.75 on GB200's Grace "
                   "CPU: a PyTorch nn.Linear forward takes 37.08 us of CPU time on GB200 and 13.48 us on an H100 DGX "
                   "(Xeon Platinum 8480C), NVIDIA/TransformerEngine#2053 (measured, not fitted; assets/gpus.json "
                   "host_dispatch).",
                   "auto：x86 服务器（DGX、HGX：此处各项主机时间都在其上测得）为 1；GB200 的 Grace CPU 为 2.75："
                   "PyTorch nn.Linear 一次前向在 GB200 上占 37.08 us CPU 时间，在 H100 DGX（Xeon Platinum 8480C）上为 "
                   "13.48 us，见 NVIDIA/TransformerEngine#2053（实测而非拟合；assets/gpus.json 的 host_dispatch）。")
           .Assume(&Assumptions::host_dispatch)
           .Format("%.2f"),
       RealField("ep_dedup", G::Assumptions, "fraction", 0.001, 1, true, TP_REAL(ep_dedup),
                 "Share of duplicate cross-node token copies the expert dispatcher saves by sending a token once "
                 "to each node and forwarding it there (1: DeepEP); auto = one copy per expert.")
           .Label("EP dispatch dedup", "EP 分发去重")
           .Zh("专家分发器把 token 只发给每个节点一次、再在节点内转发所省下的跨节点重复副本比例（1：DeepEP）；auto = "
               "每个专家一份副本。")
           .Source("One copy per expert: Megatron-Core's alltoall dispatcher. DeepEP and Megatron-Core's flex "
                   "dispatcher remove the duplicates ('Removes redundant tokens during cross-node communication', "
                   "megatron/core/transformer/moe/README.md).",
                   "每个专家一份副本：Megatron-Core 的 alltoall 分发器。DeepEP 和 Megatron-Core 的 flex "
                   "分发器会去掉重复副本"
                   "（“Removes redundant tokens during cross-node "
                   "communication”，megatron/core/transformer/moe/README.md）。")
           .Assume(&Assumptions::ep_dedup)
           .Format("%.2f"),
       RealField("moe_packed", G::Assumptions, "fraction", 0.001, 1, true, TP_REAL(moe_packed),
                 "Share of tokens whose routed experts are consecutive experts, as benchmark gates that deal "
                 "experts out round-robin route them (fewer ranks and nodes to send to); auto = chosen at random.")
           .Label("Packed routing", "连续专家路由")
           .Zh("路由到连续编号专家的 token 比例（按轮转方式分配专家的基准测试门控会这样路由：要发往的 rank "
               "和节点更少）；auto = 随机选择。")
           .Source(
               "Chosen at random: a trained router's choices, and Megatron-Core's force-balanced benchmarks, "
               "which draw random router logits (router.py apply_random_logits). NeMo AutoModel's "
               "FakeBalancedGate gives token t the experts t x topk ... t x topk + topk - 1 (1: packed).",
               "随机选择：训练后路由器的选择，以及 Megatron-Core 强制均衡的基准测试（router.py 的 apply_random_logits "
               "使用随机的路由 logits）。NeMo AutoModel 的 FakeBalancedGate 给第 t 个 token 分配专家 t × topk … "
               "t × topk + topk - 1（1：连续）。")
           .Assume(&Assumptions::moe_packed)
           .Format("%.2f"),
       RealField("cuda_context_gb", G::Assumptions, "GB", 0.001, 100, true, TP_REAL(cuda_context_gb),
                 "GPU memory taken by the CUDA context and library workspaces outside the allocator.")
           .Label("CUDA context", "CUDA 上下文")
           .Zh("CUDA 上下文和各种库的工作区在分配器之外占用的显存。")
           .Source("0.5 GB: CUDA context and cuBLAS/cuDNN workspaces as PyTorch reports them on A100 and "
                   "H100 (about 0.3-0.6 GB).",
                   "0.5 GB：PyTorch 在 A100 和 H100 上报告的 CUDA 上下文及 cuBLAS/cuDNN 工作区（约 0.3-0.6 GB）。")
           .Assume(&Assumptions::cuda_context_gb)
           .Format("%.2f"),
       RealField("host_gb_per_gpu", G::Assumptions, "GB", 1, 1e6, true, TP_REAL(host_gb_per_gpu),
                 "Host (CPU) memory per GPU that offloaded states may fill (DGX A100: 1 TB for 8 GPUs).")
           .Label("Host RAM per GPU", "每 GPU 主机内存")
           .Zh("每张 GPU 可供卸载状态使用的主机（CPU）内存（DGX A100：8 张 GPU 共 1 TB）。")
           .Source(
               "auto: the GPU's usual server where the catalog gives it (assets/gpus.json host_gb_per_gpu, each with "
               "its source: DGX H100, H200 and B200 2 TB for 8 GPUs, 256 GB; GB200 480 GB per Grace for its two "
               "GPUs, 240 GB); else 128 GB: a DGX A100 has 1 TB of host memory for 8 GPUs (NVIDIA datasheet).",
               "auto：目录给出时取该 GPU 常见服务器的值（assets/gpus.json 的 host_gb_per_gpu，各附来源：DGX H100、"
               "H200 和 B200 为 8 块 GPU 配 2 TB，即 256 GB；GB200 每个 Grace 配 480 GB、供两块 GPU，即 240 GB）；"
               "否则 128 GB：DGX A100 为 8 块 GPU 配 1 TB 主机内存（NVIDIA 数据手册）。")
           .Assume(&Assumptions::host_gb_per_gpu)
           .Format("%.0f"),
       RealField("gpu_power", G::Assumptions, "fraction of TDP", 0.01, 1.5, true, TP_REAL(gpu_power),
                 "Average GPU power draw while training, as a share of its TDP.")
           .Label("GPU power draw", "GPU 功耗")
           .Zh("训练时 GPU 的平均功耗，占其 TDP 的比例。")
           .Source("80 % of TDP on average while training (our estimate; training runs draw about 70-90 %).",
                   "训练时平均功耗为 TDP 的 80%（我们的估计；训练任务通常在 70-90%）。")
           .Assume(&Assumptions::gpu_power)
           .Format("%.2f"),
       RealField("server_power", G::Assumptions, "fraction of GPU TDP", 0.0001, 5, true, TP_REAL(server_power),
                 "Power of the rest of the server (CPUs, memory, NICs, fans) per GPU, as a share of the GPU's TDP.")
           .Label("Server power", "服务器功耗")
           .Zh("服务器其余部件（CPU、内存、网卡、风扇）分摊到每张 GPU 的功耗，占 GPU TDP 的比例。")
           .Source("0.8 x the GPU's TDP per GPU for CPUs, memory, NICs and fans: a DGX H100 draws 10.2 kW "
                   "at most with 8 x 700 W GPUs (NVIDIA datasheet).",
                   "每块 GPU 另计其 TDP 的 0.8 倍，用于 CPU、内存、网卡和风扇：DGX H100 配 8 块 700 W GPU，最大功耗 "
                   "10.2 kW（NVIDIA "
                   "数据手册）。")
           .Assume(&Assumptions::server_power)
           .Format("%.2f"),
       RealField("capex_overhead", G::Assumptions, "fraction of GPU price", 0.0001, 10, true, TP_REAL(capex_overhead),
                 "Server, network and facility cost on top of the GPU purchase price, as a share of it.")
           .Label("Other capex", "其他资本开支")
           .Zh("GPU 购买价之外的服务器、网络和机房费用，占 GPU 价格的比例。")
           .Source("60 % on top of the GPUs for servers, network and facility share (our estimate from DGX "
                   "system prices against their GPUs' prices, plus an InfiniBand fabric).",
                   "在 GPU 价格之上另加 60%，用于服务器、网络和机房分摊（我们根据 DGX 整机价格与其 GPU "
                   "价格之比估计，并计入 InfiniBand 网络）。")
           .Assume(&Assumptions::capex_overhead)
           .Format("%.2f"),
       RealField("straggler", G::Assumptions, "fraction", 0, 0.9, false, TP_REAL(straggler),
                 "Share of the steady step time lost to slow ranks and the cluster's throughput swings (none on one "
                 "GPU: no other rank waits for it).")
           .Label("Straggler loss", "慢节点损失")
           .Zh("因慢 rank 和集群吞吐波动而损失的稳态步长比例（单 GPU 时为零：没有其他 rank 等待它）。")
           .Source("1.5 %: Llama 3 405B 'noted a diurnal 1-2% throughput variation based on time-of-day' and "
                   "stragglers that 'slow down thousands of other GPUs' (Dubey et al. 2024, section 3.3.4).",
                   "1.5%：Llama 3 405B “注意到随一天中时间变化 1-2% 的吞吐波动”，以及会“拖慢成千上万张其他 GPU”的"
                   "慢节点（Dubey 等 2024，第 3.3.4 节）。")
           .Assume(&Assumptions::straggler)
           .Format("%.3f"),
       RealField("data_stall", G::Assumptions, "fraction", 0, 0.9, false, TP_REAL(data_stall),
                 "Share of the steady step time spent waiting for the data loader.")
           .Label("Data-loader stalls", "数据加载停顿")
           .Zh("等待数据加载器所占稳态步长的比例。")
           .Source("0: pre-tokenised, memory-mapped data read ahead by loader workers (Megatron's indexed "
                   "datasets) keeps the GPUs fed; the MLPerf v4.1 logs leave 0-1.6 minutes of a timed run "
                   "unexplained by steps and evaluations (tests/data/run_parts_fit.json).",
                   "0：预先分词、内存映射、由加载进程提前读取的数据（Megatron 的索引数据集）可以喂饱 GPU；MLPerf v4.1 "
                   "的日志中，计时运行里只有 0-1.6 分钟无法由训练步和评估解释（tests/data/run_parts_fit.json）。")
           .Assume(&Assumptions::data_stall)
           .Format("%.3f"),
       RealField("launch_s", G::Assumptions, "s", 0.001, 1e7, true, TP_REAL(launch_s),
                 "Start-up: launching the job and initialising the model, communicators and data before the first "
                 "step; auto = fitted.")
           .Label("Launch time", "启动初始化时间")
           .Zh("启动阶段：在第一步之前启动作业并初始化模型、通信器和数据的时间；auto = 拟合值。")
           .Source("Fitted on the untimed start-up (init_start to init_stop) of the MLPerf v4.1 logs, 8 to "
                   "11,616 GPUs (tests/data/run_parts_fit.json; trainplan-validate --fit-startup).",
                   "按 MLPerf v4.1 日志中不计时的启动（init_start 到 init_stop）拟合，8 到 11,616 张 GPU"
                   "（tests/data/run_parts_fit.json；trainplan-validate --fit-startup）。")
           .Assume(&Assumptions::launch_s)
           .Format("%.0f"),
       RealField("init_per_node_s", G::Assumptions, "s", 0.0001, 1e5, true, TP_REAL(init_per_node_s),
                 "Start-up: the part of the initialisation that grows with the cluster (communicators, "
                 "rendezvous), seconds per node; auto = fitted.")
           .Label("Initialisation per node", "每节点初始化时间")
           .Zh("启动阶段：随集群规模增长的初始化部分（通信器、汇合），每个节点的秒数；auto = 拟合值。")
           .Source("Fitted with launch_s on the MLPerf v4.1 logs' untimed start-up, 1 to 1,452 nodes "
                   "(tests/data/run_parts_fit.json; trainplan-validate --fit-startup).",
                   "与 launch_s 一起按 MLPerf v4.1 日志中不计时的启动拟合，1 到 1,452 个节点"
                   "（tests/data/run_parts_fit.json；trainplan-validate --fit-startup）。")
           .Assume(&Assumptions::init_per_node_s)
           .Format("%.3f"),
       RealField("warmup_steps", G::Assumptions, "steps", 0.001, 1e6, true, TP_REAL(warmup_steps),
                 "Start-up: compilation, CUDA-graph capture and warm-up, in steps of the plan's step time; auto = "
                 "fitted.")
           .Label("Warm-up", "预热")
           .Zh("启动阶段：编译、CUDA graph 捕获与预热，以计划的步长为单位的步数；auto = 拟合值。")
           .Source("Fitted with launch_s on the MLPerf v4.1 logs' untimed start-up (tests/data/run_parts_fit.json; "
                   "trainplan-validate --fit-startup).",
                   "与 launch_s 一起按 MLPerf v4.1 日志中不计时的启动拟合（tests/data/run_parts_fit.json；"
                   "trainplan-validate --fit-startup）。")
           .Assume(&Assumptions::warmup_steps)
           .Format("%.1f"),
       RealField("staff_usd_per_year", G::Assumptions, "USD/year", 0, 1e10, false, TP_REAL(staff_usd_per_year),
                 "Operations staff cost per year, counted in the total cost of ownership (0 = left out).")
           .Label("Staff per year", "每年人员成本")
           .Zh("每年的运维人员成本，计入总拥有成本（0 = 不计）。")
           .Source("0: operations staff left out unless given.", "0：除非给出，不计运维人员成本。")
           .Assume(&Assumptions::staff_usd_per_year)
           .Format("%.0f"),
       // ---- Calibration factors (core/planner/calibrate.h), then the measurement they are fitted to
       RealField("calib_speed", G::Assumptions, "x", 0.05, 20, true, TP_REAL(calib_speed),
                 "Speed calibration: multiplies the kernel rates (eff_matmul, eff_attention, eff_memory); "
                 "communication, bubble and offload stay physics. auto = fitted to measured_tokens_per_s_per_gpu, "
                 "else 1.")
           .Label("Speed calibration", "速度校准")
           .Zh("速度校准：乘到算子速率上（eff_matmul、eff_attention、eff_"
               "memory）；通信、流水线气泡和卸载仍按物理模型。auto = "
               "按 measured_tokens_per_s_per_gpu 拟合，否则为 1。")
           .Source("1: none. Fitted by the plan when a measurement is given (core/planner/calibrate.cpp).",
                   "1：不校准。给出实测值时由计划拟合（core/planner/calibrate.cpp）。")
           .Assume(&Assumptions::calib_speed)
           .Format("%.3f"),
       RealField("calib_memory", G::Assumptions, "x", 0.05, 20, true, TP_REAL(calib_memory),
                 "Memory calibration: multiplies activations and the allocator's temporaries (model states are "
                 "exact counts). auto = fitted to measured_peak_gib, else 1.")
           .Label("Memory calibration", "显存校准")
           .Zh("显存校准：乘到激活和分配器临时内存上（模型状态是精确计数）。auto = 按 measured_peak_gib 拟合，否则为 "
               "1。")
           .Source("1: none. Fitted by the plan when a measurement is given (core/planner/calibrate.cpp).",
                   "1：不校准。给出实测值时由计划拟合（core/planner/calibrate.cpp）。")
           .Assume(&Assumptions::calib_memory)
           .Format("%.3f"),
       // ---- Calibration: the user's own run
       RealField("measured_tokens_per_s_per_gpu", G::Calibration, "tokens/s", 0, 1e9, false,
                 TP_REAL(measured_tokens_per_s_per_gpu),
                 "Tokens per second per GPU you measured for this configuration (steady state, after warm-up); "
                 "0 = not measured. With calib_speed on auto the plan fits calib_speed to reproduce it.")
           .Label("Measured tokens/s per GPU", "实测每 GPU tokens/s")
           .Zh("你在这一配置下实测的每 GPU 每秒 token 数（预热后的稳态）；0 = 未测。calib_speed 为 auto 时，计划会拟合 "
               "calib_speed 以复现它。")
           .Source("Your run: torchtitan's 'tps', Megatron's iteration time, the HF Trainer's samples per second "
                   "(trainplan plan --log FILE reads them).",
                   "你的训练：torchtitan 的 'tps'、Megatron 的每步耗时、HF Trainer 的每秒样本数（trainplan plan --log "
                   "FILE 可读取）。")
           .Format("%.0f"),
       RealField("measured_peak_gib", G::Calibration, "GiB", 0, 1e6, false, TP_REAL(measured_peak_gib),
                 "Peak memory per GPU you measured, as torch.cuda.max_memory_reserved() reports it (GiB; what "
                 "torchtitan's 'memory' and Megatron's 'max reserved' print); 0 = not measured. With calib_memory "
                 "on auto the plan fits calib_memory to reproduce it.")
           .Label("Measured peak memory", "实测峰值显存")
           .Zh("你实测的每 GPU 峰值显存，按 torch.cuda.max_memory_reserved() 的口径（GiB；即 torchtitan 的 'memory' 和 "
               "Megatron 的 "
               "'max reserved'）；0 = 未测。calib_memory 为 auto 时，计划会拟合 calib_memory 以复现它。")
           .Source("Your run: torchtitan's 'memory', Megatron's 'max reserved', torchtune's peak_memory_reserved "
                   "(trainplan plan --log FILE reads them).",
                   "你的训练：torchtitan 的 'memory'、Megatron 的 'max reserved'、torchtune 的 "
                   "peak_memory_reserved（trainplan plan --log FILE 可读取）。")
           .Format("%.2f"),
       IdField("calib_gpu", G::Calibration, true, TP_ID(calib_gpu),
               "The GPU the calibration was measured on (a catalog id); planning another GPU with the same factors "
               "says what carries over.")
           .Label("Calibrated on", "校准所用 GPU")
           .Zh("测得校准值所用的 GPU（目录 id）；用同样的系数规划其他 GPU 时，会说明哪些部分可以沿用。")
           .Source("auto: the GPU of the plan that fitted the factors (core/planner/calibrate.cpp).",
                   "auto：拟合这些系数的那次计划所用的 GPU（core/planner/calibrate.cpp）。"),
       // ---- Interface
       ChoiceField(
           "lang", G::Interface, kLangs, false, [](const Config& c) { return c.lang == "zh" ? 1 : 0; },
           [](Config& c, int v) { c.lang = kLangs[v]; }, "Interface language: en or zh.")
           .Values(kLangLabels)
           .Label("Language", "语言")
           .Zh("界面语言：en（英文）或 zh（中文）。"),
       // ---- View
       ChoiceField("view", G::View, kViewNames, false, TP_INT(view),
                   "The page's view: plan, compare (columns side by side) or search (layouts and GPU types).")
           .Values(kViewLabels)
           .Label("View", "视图")
           .Zh("页面的视图：plan（方案）、compare（并排对比）或 search（并行布局与 GPU 类型搜索）。"),
       ChoiceField("search_gpus", G::View, kSearchGpuNames, false, TP_INT(search_gpus),
                   "The Search view's GPU types: all (every type in the catalog) or this (the plan's GPU only); "
                   "`trainplan search --link` searches the same.")
           .Label("Search GPU types", "搜索的 GPU 类型")
           .Zh("搜索视图的 GPU 类型：all（目录中的每种 GPU）或 this（只搜索方案的 GPU）；`trainplan search --link` "
               "搜索同样的范围。"),
       ChoiceField("search_by", G::View, kSearchByNames, false, TP_INT(search_by),
                   "The Search view's order: time (fastest first) or cost (cheapest first); `trainplan search --link` "
                   "ranks the same.")
           .Label("Search order", "搜索排序")
           .Zh("搜索视图的排序：time（最快优先）或 cost（最便宜优先）；`trainplan search --link` 按同样方式排序。"),
       TextField(
           "cmp", G::View, TP_ID(cmp), ValidScenarioList,
           "2-4 scenarios separated by ; each key:value pairs separated by , (gpu:h100,gpus:128;gpu:a100-80g,gpus:256)",
           "Compare columns: each scenario's keys over the plan's own (the layout is searched per column); "
           "`trainplan compare --link` reads them.")
           .Label("Compare columns", "对比列")
           .Zh("对比列：每个方案的参数覆盖在当前方案之上（每列各自搜索并行布局）；`trainplan compare --link` "
               "可读取。")});
}

}  // namespace tp::key_rows
