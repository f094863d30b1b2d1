// keys_layout.cpp — the key table's layout, cost and reliability rows: parallel degrees, ZeRO,
// recompute, offload; prices and power; failures and checkpoints.
// Rows are in link order (= --help order = the page's order); builders in key_rows.h.
#include "key_rows.h"

namespace tp::key_rows {

void AddLayoutKeys(std::vector<KeyInfo>& table) {
  using G = KeyGroup;
  table.insert(
      table.end(),
      {// ---- Layout
       IntField("tp", G::Layout, "", 1, 1024, true, kAuto, TP_INT(tp), "Tensor-parallel degree.")
           .Label("Tensor parallel", "张量并行")
           .Zh("张量并行度。"),
       IntField("pp", G::Layout, "", 1, 1024, true, kAuto, TP_INT(pp), "Pipeline-parallel stages.")
           .Label("Pipeline stages", "流水线并行级数")
           .Zh("流水线并行的级数。"),
       IntField("cp", G::Layout, "", 1, 1000000, true, kAuto, TP_INT(cp),
                "Context-parallel degree: the sequence split across GPUs.")
           .Label("Context parallel", "上下文并行")
           .Zh("上下文并行度：把序列切分到多张 GPU 上。"),
       ChoiceField("cp_comm", G::Layout, kCpCommNames, true, TP_INT(cp_comm),
                   "How context parallelism brings each GPU the keys and values it attends to: p2p (a ring, each "
                   "exchange hidden behind attention), all_gather (the whole K/V first) or a2a (DeepSpeed-Ulysses: "
                   "all-to-alls of q, k, v and the output, heads split instead of the sequence); auto = the "
                   "framework's default (Megatron-Core p2p, DeepSpeed a2a, PyTorch's allgather rotation for "
                   "torchtitan, Accelerate and torchtune; each cited in core/stack/capabilities.cpp).")
           .Values(kCpCommLabels)
           .Label("CP communication", "上下文并行通信")
           .Zh("上下文并行如何把每张 GPU 需要的 key 与 value 送到：p2p（环形传递，每次交换藏在注意力计算之后）、"
               "all_gather（先收集完整的 K/V）或 a2a（DeepSpeed-Ulysses：对 q、k、v 与输出做 all-to-all，按注意力头"
               "而非序列切分）；auto = 所用框架的默认方式（Megatron-Core 为 p2p，DeepSpeed 为 a2a，torchtitan、"
               "Accelerate 与 torchtune 为 PyTorch 的 allgather 轮转；出处见 core/stack/capabilities.cpp）。"),
       IntField("ep", G::Layout, "", 1, 1000000, true, kAuto, TP_INT(ep), "Expert-parallel degree (MoE).")
           .Label("Expert parallel", "专家并行")
           .Zh("专家并行度（MoE）。"),
       IntField("vp", G::Layout, "", 1, 1024, true, kAuto, TP_INT(vp),
                "Virtual pipeline stages per pipeline rank (interleaved schedule).")
           .Label("Virtual stages", "虚拟流水线级数")
           .Zh("每个流水线 rank 的虚拟流水线级数（交错调度）。"),
       IntField(
           "pp_microbatches", G::Layout, "micro-batches", 1, 1000000000, true, kAuto, TP_INT(pp_microbatches),
           "Micro-batches per pipeline schedule: a step's gbs / (mbs x dp) micro-batches run as schedules of this "
           "many, each filling and draining the pipeline (torchtitan's num_pp_microbatches; NeMo AutoModel's local "
           "batch / micro-batch, GA schedules per step). auto = the whole step in one schedule, as Megatron-Core and "
           "DeepSpeed run it; only stacks that schedule per local batch (fsdp) accept fewer.")
           .Label("Micro-batches per schedule", "每个流水线调度的微批次数")
           .Zh("每个流水线调度包含的微批次数：一步的 gbs / (mbs × dp) "
               "个微批次分成若干个这样大小的调度，每个调度都要填满并排空"
               "流水线（torchtitan 的 num_pp_microbatches；NeMo AutoModel 的本地批次 / 微批次，每步 GA 个调度）。auto "
               "= 整步"
               "一个调度，Megatron-Core 和 DeepSpeed 都这样做；只有按本地批次调度的框架（fsdp）接受更小的值。"),
       ChoiceField("pp_schedule", G::Layout, kPipeScheduleNames, true, TP_INT(pp_schedule),
                   "Pipeline schedule: 1f1b, interleaved (vp > 1 chunks per GPU), zb-h1 and zb-h2 (zero bubble: the "
                   "weight gradients fill it; zb-h2 keeps twice the activations), zbv (two chunks per GPU in a V), "
                   "dualpipe (DeepSeek-V3: both ends, two copies of the weights, all-to-all hidden) or dualpipev "
                   "(its V-shaped half); auto = searched among the schedules the stack offers (`trainplan catalog "
                   "stacks`), interleaved when vp > 1 is given.")
           .Label("Pipeline schedule", "流水线调度")
           .Zh("流水线调度：1f1b、interleaved（每张 GPU vp > 1 个模型块）、zb-h1 和 zb-h2（零气泡：用权重梯度填补气泡；"
               "zb-h2 多保存一倍激活）、zbv（每张 GPU 两个模型块，V 形）、dualpipe（DeepSeek-V3：两端同时送入、"
               "权重两份、all-to-all 被掩盖）或 dualpipev（它的 V 形一半）；auto = 在该框架支持的调度中搜索"
               "（`trainplan catalog stacks`），给出 vp > 1 时为 interleaved。"),
       IntField("dp", G::Layout, "", 1, 10000000, true, kAuto, TP_INT(dp),
                "Data-parallel degree; derived as gpus / (tp x pp x cp), and if given it must agree.")
           .Label("Data parallel", "数据并行")
           .Zh("数据并行度；由 gpus / (tp × pp × cp) 推出，如果给出则必须一致。"),
       ChoiceField(
           "zero", G::Layout, kZeroStages, true, TP_INT(zero),
           "ZeRO stage over the data-parallel group: 1 optimizer, 2 + gradients, 3 + weights (FSDP full shard).")
           .Values(kZeroLabels)
           .Label("ZeRO stage", "ZeRO 阶段")
           .Zh("在数据并行组内的 ZeRO 阶段：1 切分优化器状态，2 再加梯度，3 再加权重（FSDP full shard）。"),
       IntField("dp_shard", G::Layout, "GPUs", 1, 10000000, true, kAuto, TP_INT(dp_shard),
                "Hybrid sharding (HSDP): ZeRO's states sharded within groups of this many data-parallel ranks, the "
                "dp / dp_shard groups replicas that all-reduce their shards' gradients (torchtitan's "
                "data_parallel_shard_degree beside data_parallel_replicate_degree, FSDP's HYBRID_SHARD, verl's "
                "fsdp_size, Megatron-Core's num_distributed_optimizer_instances = dp / dp_shard). Needs zero 1-3 and a "
                "divisor of dp; auto = one group of every data-parallel rank (the search does not vary it).")
           .Label("Shard group (HSDP)", "分片组（HSDP）")
           .Zh("混合分片（HSDP）：ZeRO 的状态只在每组这么多个数据并行 rank 内切分，dp / dp_shard 个组互为副本，"
               "对各自分片的梯度做 all-reduce（torchtitan 的 data_parallel_shard_degree 与 "
               "data_parallel_replicate_degree、FSDP 的 HYBRID_SHARD、verl 的 fsdp_size、Megatron-Core 的 "
               "num_distributed_optimizer_instances = dp / dp_shard）。需要 zero 1-3，且必须整除 dp；auto = "
               "所有数据并行 "
               "rank 为一组（搜索不改变它）。"),
       ChoiceField("recompute", G::Layout, kRecomputeNames, false, TP_INT(recompute),
                   "Activation recomputation: none, selective (attention only), full (every layer), auto.")
           .Values(kRecomputeLabels)
           .Label("Recompute", "激活重计算")
           .Zh("激活重计算（梯度检查点）：none 不用，selective 只重算注意力，full 每层都重算，auto 自动。"),
       ChoiceField("offload", G::Layout, kOffloadNames, true, TP_INT(offload),
                   "Move optimizer states (and with ZeRO-3 weights) to CPU memory or NVMe.")
           .Values(kOffloadLabels)
           .Label("Offload", "卸载（offload）")
           .Zh("把优化器状态（ZeRO-3 时还有权重）卸载到 CPU 内存或 NVMe。"),
       ChoiceField("sp", G::Layout, kZeroOne, true, TP_INT(sp),
                   "Sequence parallelism: shard norms and dropout activations across the tensor-parallel group.")
           .Values(kOnOffLabels)
           .Label("Sequence parallel", "序列并行")
           .Zh("序列并行：把归一化和 dropout 的激活值切分到张量并行组内。"),
       ChoiceField("flash", G::Layout, kZeroOne, false, TP_INT(flash),
                   "FlashAttention: attention without materializing the seq x seq scores.")
           .Values(kOnOffLabels)
           .Label("FlashAttention", "FlashAttention")
           .Zh("FlashAttention：计算注意力时不生成 seq × seq 的分数矩阵。"),
       ChoiceField("opt_in_bwd", G::Layout, kZeroOne, false, TP_INT(opt_in_bwd),
                   "Step the optimizer inside the backward, one parameter at a time, and free its gradient at once "
                   "(torchtune's optimizer_in_bwd): no gradient buffer, but no gradient accumulation either.")
           .Values(kOnOffLabels)
           .Label("Optimizer in backward", "反向中更新参数")
           .Zh("在反向传播中逐个参数执行优化器更新并立即释放其梯度（torchtune 的 "
               "optimizer_in_bwd）：不需要梯度缓冲区，但也"
               "不能做梯度累积。"),
       ChoiceField("grad_fp32", G::Layout, kZeroOne, true, TP_INT(grad_fp32),
                   "Megatron: keep the gradient buffer, and reduce it, in fp32 (grad_reduce_in_fp32: 4 B per "
                   "parameter); 0 = in the parameters' 16 bits (2 B), as NVIDIA's performance recipes run; auto = 1 "
                   "(Megatron-LM's rule with --bf16; sources: docs/memory.md).")
           .Values(kOnOffLabels)
           .Label("fp32 gradients", "fp32 梯度")
           .Zh("Megatron：梯度缓冲区及其归约用 fp32（grad_reduce_in_fp32：每个参数 4 B）；0 = 用参数的 16 位（2 B），"
               "如 NVIDIA 的性能配方；auto = 1（Megatron-LM 在 --bf16 下的规则；出处见 docs/memory.md）。"),
       ChoiceField("recompute_mla_up", G::Layout, kZeroOne, true, TP_INT(recompute_mla_up),
                   "Megatron, multi-head latent attention (DeepSeek-V3): recompute the up-projections and RoPE in the "
                   "backward (recompute_modules mla_up_proj), so q, k and v are not kept; auto = 0. The step runs the "
                   "up-projection GEMMs a second time.")
           .Values(kOnOffLabels)
           .Label("Recompute MLA up-projections", "重计算 MLA 上投影")
           .Zh("Megatron，多头潜在注意力（DeepSeek-V3）：反向时重算上投影和 RoPE（recompute_modules mla_up_proj），"
               "因此不保留 q、k、v；auto = 0。步时中上投影 GEMM 会再算一遍。"),
       ChoiceField("recompute_moe_act", G::Layout, kZeroOne, true, TP_INT(recompute_moe_act),
                   "Megatron, mixture of experts: recompute the experts' activation function in the backward "
                   "(recompute_modules moe_act), so the second expert GEMM's input is not kept for each routed copy "
                   "of a token; auto = 0. The step runs the activation a second time (its memory traffic).")
           .Values(kOnOffLabels)
           .Label("Recompute the experts' activation", "重计算专家激活函数")
           .Zh("Megatron，混合专家：反向时重算专家的激活函数（recompute_modules moe_act），因此每个路由副本不保留第二个"
               "专家 GEMM 的输入；auto = 0。步时中激活函数会再算一遍（其显存读写）。"),
       ChoiceField("fp8_params", G::Layout, kZeroOne, true, TP_INT(fp8_params),
                   "Megatron, FP8 training: keep the layers' weights themselves in FP8 (fp8_param_gather), 1 B plus "
                   "Transformer Engine's cached transposed copy, instead of bf16 weights beside FP8 workspace copies; "
                   "the fp32 master stays in the distributed optimizer; auto = 0.")
           .Values(kOnOffLabels)
           .Label("FP8 weights", "FP8 权重")
           .Zh("Megatron，FP8 训练：层的权重本身以 FP8 存放（fp8_param_gather），1 B 加上 Transformer Engine 缓存的"
               "转置副本，而不是 bf16 权重外加 FP8 工作副本；fp32 主权重仍在分布式优化器中；auto = 0。"),
       ChoiceField("tp_overlap", G::Layout, kZeroOne, true, TP_INT(tp_overlap),
                   "Megatron-Core (tp_comm_overlap, Transformer Engine's userbuffers) or torchtitan (async tensor "
                   "parallelism): pipeline each tensor-parallel all-gather and reduce-scatter with the GEMM it feeds, "
                   "which hides it up to that GEMM's time; needs sequence parallelism and tp > 1; auto = 0 (Megatron-"
                   "Core's default; NVIDIA's recipes turn it on per model).")
           .Values(kOnOffLabels)
           .Label("Overlap TP communication", "张量并行通信重叠")
           .Zh("Megatron-Core（tp_comm_overlap，Transformer Engine 的 userbuffers）或 torchtitan（异步张量并行）："
               "把每个张量并行的 all-gather 和 reduce-scatter 与其所服务的 GEMM 流水化，最多掩盖该 GEMM 的时间；"
               "需要序列并行且 tp > 1；auto = 0（Megatron-Core 的默认值；NVIDIA 的配方按模型开启）。"),
       ChoiceField("optim_bf16", G::Layout, kZeroOne, true, TP_INT(optim_bf16),
                   "Megatron: AdamW's two moments in bf16 and no fp32 master weights (NeMo's distributed_fused_adam "
                   "with dtype bf16 on bf16 weights: 4 B per parameter instead of 12, sharded); FSDP: torchtitan's "
                   "full bf16 training (training.dtype = bfloat16: weights, gradients and states in bf16); auto = 0.")
           .Values(kOnOffLabels)
           .Label("bf16 optimizer states", "bf16 优化器状态")
           .Zh("Megatron：AdamW 的两个动量用 bf16，且不保留 fp32 主权重（NeMo 的 distributed_fused_adam 在 bf16 "
               "权重上设 dtype bf16：每个参数 4 B 而非 12 B，分片存放）；FSDP：torchtitan 的全 bf16 训练"
               "（training.dtype = bfloat16：权重、梯度和优化器状态都用 bf16）；auto = 0。"),
       ChoiceField("offload_act", G::Layout, kZeroOne, true, TP_INT(offload_act),
                   "With full recomputation, keep each layer's input in host memory instead of on the GPU (Unsloth's "
                   "gradient checkpointing); auto = the framework's default.")
           .Values(kOnOffLabels)
           .Label("Offload checkpoints", "检查点卸载")
           .Zh("全量重计算时，把每层的输入放在主机内存而非 GPU 上（Unsloth 的梯度检查点）；auto = 框架的默认。"),
       ChoiceField(
           "modeling", G::Layout, kModelCodeNames, true, TP_INT(modeling),
           "The model code whose saved tensors the activations follow: megatron (Transformer Engine layers), "
           "transformers (Hugging Face modeling code with PEFT and bitsandbytes), torchtitan, torchtune or "
           "unsloth; auto = the framework's (DeepSpeed and FSDP fine-tune Transformers models; Megatron-DeepSpeed runs "
           "Megatron's layers). Each code's saved tensors: core/stack/saves.cpp, docs/memory.md.")
           .Values(kModelCodeLabels)
           .Label("Model code", "模型代码")
           .Zh("激活值按哪一份模型代码为反向保存的张量计算：megatron（Transformer Engine 层）、transformers（Hugging "
               "Face 模型代码，含 PEFT 与 bitsandbytes）、torchtitan、torchtune 或 unsloth；auto = 训练框架的默认"
               "（DeepSpeed 与 FSDP 微调时用 Transformers 模型）。"),
       ChoiceField("compile", G::Layout, kZeroOne, true, TP_INT(compile),
                   "torch.compile on the layers (and torchtune's loss): Inductor saves the GEMM outputs and recomputes "
                   "the pointwise ops (norm upcasts, SiLU, the SwiGLU product; INFERRED from its min-cut partitioner); "
                   "auto = 0 "
                   "(opt-in in every stack).")
           .Values(kOnOffLabels)
           .Label("torch.compile", "torch.compile")
           .Zh("对各层（及 torchtune 的损失）使用 torch.compile：Inductor 保存 GEMM 的输出、重算逐元素运算（归一化的"
               "升精度、SiLU、SwiGLU 的乘积）；auto = 0（各框架的默认）。"),
       ChoiceField("kbit_prep", G::Layout, kZeroOne, true, TP_INT(kbit_prep),
                   "QLoRA with PEFT's prepare_model_for_kbit_training: norms, embeddings and the head in fp32, an fp32 "
                   "residual stream (peft utils/other.py: every parameter not Params4bit cast to fp32; nothing for "
                   "GPTQ models); "
                   "auto = 1 with stack=hf (PEFT's QLoRA guide, Axolotl without FSDP or ZeRO-3, Qwen), else 0; TRL's "
                   "trainers (v0.26.0 on) and LLaMA-Factory run none, and their imports and exports say kbit_prep=0.")
           .Values(kOnOffLabels)
           .Label("k-bit preparation", "k 位训练准备")
           .Zh("QLoRA 使用 PEFT 的 prepare_model_for_kbit_training：归一化、嵌入与输出头为 fp32，残差流为 fp32；"
               "auto = stack=hf 时为 1（PEFT 的 QLoRA 指南、不用 FSDP 或 ZeRO-3 的 Axolotl、Qwen），否则为 0；TRL "
               "的训练器"
               "（v0.26.0 起）与 LLaMA-Factory 不做此准备，其导入与导出写作 kbit_prep=0。"),
       ChoiceField("qlora_experts", G::Layout, kZeroOne, true, TP_INT(qlora_experts),
                   "QLoRA on a mixture of experts: 1 = the routed experts load in 4 bits with the rest of the base; "
                   "0 = they stay 16-bit. auto = 0 with Transformers' model code from 2026 (v5: its bitsandbytes "
                   "integration quantizes nn.Linear only, and the experts are 3-D parameters: unsloth_zoo "
                   "moe_utils_bnb4bit.py@ce232d6; Axolotl's quantize_moe_experts, default false, or Unsloth quantize "
                   "them), else 1.")
           .Values(kOnOffLabels)
           .Label("QLoRA experts in 4 bits", "QLoRA 专家 4 位")
           .Zh("混合专家模型的 QLoRA：1 = 路由专家与底座其余部分一起以 4 位加载；0 = 它们保持 16 位。auto：2026 年起的 "
               "Transformers 模型代码为 0（v5 的 bitsandbytes 集成只量化 nn.Linear，而专家是三维参数；Axolotl 的 "
               "quantize_moe_experts 或 Unsloth 会量化它们），其余为 1。"),
       ChoiceField("padding", G::Layout, kPaddingNames, true, TP_INT(padding),
                   "How a batch's sequences are shaped: longest (padded to the batch's longest sample, as "
                   "Transformers' DataCollatorWithPadding and torchtune's padded_collate do: the shapes change from "
                   "step to step), max_length (padded to seq) or packed. Without expandable segments the caching "
                   "allocator reserves about 1.5x what changing shapes allocate, 1.1x fixed ones; auto = the model "
                   "code's: packed for Megatron and torchtitan, longest for Transformers, torchtune and Unsloth.")
           .Values(kPaddingLabels)
           .Label("Padding", "填充方式")
           .Zh("一个批次中序列的形状：longest（填充到该批次最长的样本，如 Transformers 的 DataCollatorWithPadding 与 "
               "torchtune 的 padded_collate：形状每步都变）、max_length（填充到 seq）或 packed（打包）。未开启 "
               "expandable segments 时，缓存分配器为变化的形状预留约 1.5 倍、为固定形状预留约 1.1 倍的已分配显存；"
               "auto = 模型代码的默认：Megatron 与 torchtitan 为 packed，Transformers、torchtune 与 Unsloth 为 "
               "longest。"),
       // ---- Cost
       RealField("usd_per_gpu_hour", G::Cost, "USD/GPU-hour", 0.001, 10000, true, TP_REAL(usd_per_gpu_hour),
                 "Rental price per GPU-hour; auto = the catalog's price for the GPU.")
           .Label("Rent per GPU-hour", "每 GPU 时租金")
           .Zh("每 GPU 时的租用价格；auto = 目录中该 GPU 的价格。")
           .Source("The GPU's catalog price: a typical on-demand rental price of 2025 (see price_source in "
                   "`trainplan catalog gpus --format md`); not a quote.",
                   "该 GPU 的目录价格：2025 年典型的按需租用价（见 `trainplan catalog gpus --format md` 中的 "
                   "price_source）；不是报价。")
           .Format("%.2f"),
       RealField("usd_per_gpu", G::Cost, "USD", 1, 1e8, true, TP_REAL(usd_per_gpu),
                 "Purchase price per GPU, for the owning view; auto = the catalog's price.")
           .Label("Purchase per GPU", "每张 GPU 购买价")
           .Zh("每张 GPU 的购买价格，用于自购成本；auto = 目录价格。")
           .Source("The GPU's catalog purchase price, 2025 street or list price (see price_source in "
                   "`trainplan catalog gpus --format md`); not a quote.",
                   "该 GPU 的目录购买价，2025 年的市场价或标价（见 `trainplan catalog gpus --format md` 中的 "
                   "price_source）；不是报价。")
           .Format("%.0f"),
       RealField("usd_per_kwh", G::Cost, "USD/kWh", 0, 100, false, TP_REAL(usd_per_kwh), "Electricity price.")
           .Label("Electricity", "电价")
           .Zh("电价。")
           .Source("0.12 USD/kWh: about the US commercial average (EIA, 2024: 12-13 cents; industrial about "
                   "8).",
                   "0.12 美元/kWh：约为美国商业用电平均价（EIA，2024：12-13 美分；工业用电约 8 美分）。")
           .Format("%.3f"),
       RealField("pue", G::Cost, "", 1, 10, false, TP_REAL(pue),
                 "Power usage effectiveness: facility power over IT power.")
           .Label("PUE", "PUE")
           .Zh("电能使用效率 PUE：机房总功耗 / IT 设备功耗。")
           .Source("1.3: a modern colocation data hall. Industry average 1.58 (Uptime Institute survey "
                   "2023); hyperscale fleets about 1.1 (Google 2023: 1.10).",
                   "1.3：现代托管机房的水平。行业平均 1.58（Uptime Institute 2023 年调查）；超大规模数据中心约 "
                   "1.1（Google 2023：1.10）。")
           .Format("%.2f"),
       RealField("years", G::Cost, "years", 0.01, 100, false, TP_REAL(years),
                 "Amortization period of purchased hardware.")
           .Label("Amortization", "折旧年限")
           .Zh("所购硬件的折旧年限。")
           .Source("5 years: a common server depreciation period, and the horizon of the five-year cost "
                   "tables users compare with.",
                   "5 年：常见的服务器折旧期，也是用户对照的五年成本表的时间跨度。")
           .Format("%.1f"),
       // ---- Reliability
       RealField("mtbf_gpu_h", G::Reliability, "hours", 1, 1e12, false, TP_REAL(mtbf_gpu_h),
                 "Mean time between failures of one GPU (with its share of the server), hours.")
           .Label("MTBF per GPU", "单卡平均故障间隔 MTBF")
           .Zh("单张 GPU（连同它分摊的服务器部件）的平均故障间隔时间，单位小时。")
           .Source("50,677 hours per GPU = 54 days x 24 h x 16,384 GPUs / 419: Llama 3 405B saw 419 unexpected "
                   "interruptions in 54 days on 16,384 H100 GPUs (Dubey et al. 2024, section 3.3.4).",
                   "每块 GPU 50,677 小时 = 54 天 × 24 小时 × 16,384 块 GPU / 419：Llama 3 405B 在 16,384 块 H100 上 54 "
                   "天内发生 "
                   "419 次意外中断（Dubey 等 2024，第 3.3.4 节）。")
           .Format("%.0f"),
       RealField("ckpt_s", G::Reliability, "s", 0.001, 1e7, true, TP_REAL(ckpt_s),
                 "Time to write one checkpoint; auto = checkpoint size over storage bandwidth.")
           .Label("Checkpoint write", "检查点写入时间")
           .Zh("写一次检查点的时间；auto = 检查点大小 / 存储带宽。")
           .Source("Checkpoint size over the storage bandwidth; AdamW keeps 14 bytes per trained parameter "
                   "(16-bit weights, fp32 master weights and two moments).",
                   "检查点大小除以存储带宽；AdamW 每个训练参数保存 14 字节（16 位权重、fp32 主权重和两个动量）。")
           .Format("%.0f"),
       RealField("restart_s", G::Reliability, "s", 0, 1e7, false, TP_REAL(restart_s),
                 "Time to restart the job after a failure (reschedule, reload).")
           .Label("Restart time", "重启时间")
           .Zh("故障后重启任务的时间（重新调度、重新加载）。")
           .Source("10 minutes to detect, reschedule and reload (our estimate). Consistent with Llama 3: "
                   "above 90 % effective training time with 466 interruptions in 54 days.",
                   "10 分钟用于发现故障、重新调度和重新加载（我们的估计）。与 Llama 3 一致：54 天内 466 "
                   "次中断，有效训练时间仍超过 90%。")
           .Format("%.0f"),
       RealField("storage_gbps", G::Reliability, "GB/s", 0.001, 1e7, true, TP_REAL(storage_gbps),
                 "Aggregate checkpoint write bandwidth; auto = 1 GB/s per GPU up to 2 TB/s.")
           .Label("Checkpoint storage", "检查点存储带宽")
           .Zh("检查点写入的总带宽；auto = 每张 GPU 1 GB/s，最多 2 TB/s。")
           .Source("1 GB/s per GPU up to 2 TB/s: Llama 3's storage sustained 2 TB/s (Dubey et al. 2024).",
                   "每块 GPU 1 GB/s，上限 2 TB/s：Llama 3 的存储持续写入 2 TB/s（Dubey 等 2024）。")
           .Format("%.0f"),
       ChoiceField("checkpoints", G::Reliability, kZeroOne, true, TP_INT(checkpoints),
                   "Whether the run writes checkpoints: 0 for a benchmark's timed run (a failure then loses all "
                   "work); auto = 1.")
           .Values(kOnOffLabels)
           .Label("Write checkpoints", "写检查点")
           .Zh("训练是否写检查点：基准测试的计时运行为 0（此时一次故障会丢失全部工作）；auto = 1。")
           .Source("1: production runs checkpoint (Llama 3, BLOOM, OPT). MLPerf's timed runs write none "
                   "(NVIDIA's GPT-3 config: create_checkpoint_callback off unless reruns are enabled).",
                   "1：生产训练都会写检查点（Llama 3、BLOOM、OPT）。MLPerf 的计时运行不写（NVIDIA 的 GPT-3 配置：除非"
                   "允许重跑，create_checkpoint_callback 关闭）。"),
       RealField("ckpt_interval_s", G::Reliability, "s", 1, 1e9, true, TP_REAL(ckpt_interval_s),
                 "Time between checkpoints; auto = the Young/Daly interval for the cluster's failure rate.")
           .Label("Checkpoint interval", "检查点间隔")
           .Zh("两次检查点之间的时间；auto = 按集群故障率计算的 Young/Daly 间隔。")
           .Source("The Young (1974) / Daly (2006) interval sqrt(2 x write time x cluster MTBF) + write time. "
                   "BLOOM saved every 3 hours ('every 3h (100 iterations)').",
                   "Young（1974）/ Daly（2006）间隔：sqrt(2 × 写入时间 × 集群 MTBF) + 写入时间。BLOOM 每 3 小时保存"
                   "一次（“every 3h (100 iterations)”）。")
           .Format("%.0f"),
       IntField("eval_interval", G::Reliability, "steps", 0, 1000000000, true, kAuto, TP_INT(eval_interval),
                "Steps between evaluations (a forward pass over eval_tokens); 0 = no evaluation.")
           .Label("Evaluation interval", "评估间隔")
           .Zh("两次评估之间的步数（对 eval_tokens 个 token 做一次前向）；0 = 不评估。")
           .Source("1000 steps: Megatron-LM's --eval-interval default (megatron/training/arguments.py, 2025; "
                   "newer releases leave it unset).",
                   "1000 步：Megatron-LM 的 --eval-interval 默认值（megatron/training/arguments.py，2025；较新的版本"
                   "默认不设）。"),
       IntField("eval_first", G::Reliability, "step", 1, 1000000000, true, kAuto, TP_INT(eval_first),
                "The step of the first evaluation; auto = eval_interval.")
           .Label("First evaluation", "首次评估")
           .Zh("第一次评估所在的步；auto = eval_interval。")
           .Source("eval_interval: Megatron-LM evaluates when iteration % eval_interval == 0 (its "
                   "start_eval_at_iter skips the early ones; MLPerf's Llama 2 LoRA starts after 1,536 samples).",
                   "eval_interval：Megatron-LM 在 iteration % eval_interval == 0 时评估（其 start_eval_at_iter "
                   "可跳过早期评估；MLPerf 的 Llama 2 LoRA 在 1,536 个样本之后开始）。"),
       RealField("eval_tokens", G::Reliability, "tokens", 1, 1e15, true, TP_REAL(eval_tokens),
                 "Tokens each evaluation runs forward; auto = 100 global batches.")
           .Label("Evaluation tokens", "每次评估的 token 数")
           .Zh("每次评估做前向的 token 数；auto = 100 个全局批次。")
           .Source("100 global batches: Megatron-LM's --eval-iters default (megatron/training/arguments.py).",
                   "100 个全局批次：Megatron-LM 的 --eval-iters 默认值（megatron/training/arguments.py）。")
           .Format("%.0f"),
       ChoiceField("startup_load", G::Reliability, kStartupLoads, true, TP_INT(startup_load),
                   "What start-up reads before the first step: none (from scratch), weights (16-bit, a fine-tune "
                   "or continued pre-training) or checkpoint (weights and optimizer states, a resumed run); auto = "
                   "weights to fine-tune, else none.")
           .Values(kStartupLoadLabels)
           .Label("Start-up load", "启动时加载")
           .Zh("第一步之前启动阶段要读取的内容：none（从头训练）、weights（16 位权重：微调或继续预训练）或 checkpoint"
               "（权重和优化器状态：恢复的训练）；auto = 微调时为 weights，否则为 none。")
           .Source("A fine-tune starts from released weights; a pre-training run from initialised ones.",
                   "微调从发布的权重开始；预训练从初始化的权重开始。"),
       RealField("startup_s", G::Reliability, "s", 0.001, 1e8, true, TP_REAL(startup_s),
                 "Start-up before the first step (launch, model build, communicators, loading, compilation, "
                 "warm-up); auto = modelled.")
           .Label("Start-up time", "启动时间")
           .Zh("第一步之前的启动时间（启动、建模型、通信器、加载、编译、预热）；auto = 按模型计算。")
           .Source(
               "launch_s + init_per_node_s x nodes + what is loaded over the storage bandwidth + "
               "warmup_steps x the step time (docs/whole-run.md; fitted on the MLPerf v4.1 logs' untimed "
               "start-up).",
               "launch_s + init_per_node_s × 节点数 + 按存储带宽读入的内容 + warmup_steps × 步长（docs/whole-run.md；"
               "按 MLPerf v4.1 日志中不计时的启动时间拟合）。")
           .Format("%.0f")});
}

}  // namespace tp::key_rows
