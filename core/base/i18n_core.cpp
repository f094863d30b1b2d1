// i18n_core.cpp — the engine's hand-written Chinese: the field's usual terms (显存, 张量并行, 流水线气泡,
// 梯度检查点/激活重计算, 算力利用率 MFU, 有效训练时间, 总拥有成本 ...) for every sentence and heading core prints,
// and, added by their own tables, every key's label, help and source (core/config/keys.cpp) and every output
// figure's words (core/report/figures.cpp). Lookup is by the exact English text; the tables are read into a
// hash map once. scripts/cjk_chars.py reads the Chinese from these files to subset the CJK font: keep the
// strings literal.
#include "i18n_core.h"

#include <mutex>
#include <shared_mutex>
#include <unordered_map>

namespace tp {
namespace {

// Placeholders {0} {1} ... are filled by Fill(); the Chinese keeps every placeholder of the English
// (a test checks it). Technical words Chinese engineers write in English stay English: all-reduce,
// all-to-all, Tensor Core, FlashAttention, ZeRO-3, LoRA, token, GPU, PCIe, NVMe.
const Phrase kPhrases[] = {
    // ---- bottleneck (plan.cpp BottleneckSentence) ----
    {"no bottleneck computed", "未计算出瓶颈"},
    {"does not fit: {0}", "放不下：{0}"},
    {"does not fit: {0} needed per GPU, {1} usable", "显存放不下：每张 GPU 需要 {0}，可用 {1}"},
    {"compute-bound: tensor-core time is {0} of the step (MFU {1})",
     "计算受限（Tensor Core 计算占每步时间的 {0}，MFU {1}）"},
    {"memory-bandwidth-bound kernels (norms, element-wise, optimizer) are {0} of the step",
     "显存带宽受限的算子（归一化、逐元素运算、优化器）占每步时间的 {0}"},
    {"tensor-parallel all-reduce over {0} is {1} of the step", "张量并行 all-reduce（经 {0}）占每步时间的 {1}"},
    {"context-parallel ring exchange over {0} is {1} of the step", "上下文并行环形交换（经 {0}）占每步时间的 {1}"},
    {"expert-parallel all-to-all is {0} of the step", "专家并行 all-to-all 占每步时间的 {0}"},
    {"data-parallel gradient traffic over {0} is {1} of the step", "数据并行梯度通信（经 {0}）占每步时间的 {1}"},
    {"pipeline point-to-point transfers are {0} of the step", "流水线点对点传输占每步时间的 {0}"},
    {"pipeline bubble (PP {0}, {1} micro-batches) is {2} of the step",
     "流水线气泡（PP {0}，{1} 个微批次）占每步时间的 {2}"},
    {"offload transfers over the host link are {0} of the step", "经主机链路的卸载传输占每步时间的 {0}"},
    {"the network", "节点间网络"},
    // ---- bottleneck kinds (plan.cpp BottleneckName; the JSON keeps the English) ----
    {"none", "无"},
    {"memory capacity", "显存容量"},
    {"compute", "计算"},
    {"memory bandwidth", "显存带宽"},
    {"tensor-parallel communication", "张量并行通信"},
    {"context-parallel communication", "上下文并行通信"},
    {"expert-parallel all-to-all", "专家并行 all-to-all"},
    {"data-parallel communication", "数据并行通信"},
    {"pipeline point-to-point", "流水线点对点通信"},
    {"pipeline bubble", "流水线气泡"},
    {"offload transfers", "卸载传输"},
    // ---- warnings (plan.cpp WarningSentences) ----
    {"does not fit in the host memory that offload needs", "卸载所需的主机内存不够"},
    {"does not fit in the rollout engine's KV cache", "推理引擎的 KV 缓存放不下"},
    {"does not fit in GPU memory", "显存放不下"},
    {"{0} has no peer-to-peer: collectives pass through host memory over PCIe",
     "{0} 不支持 GPU 间点对点（P2P）通信：集合通信要经 PCIe 绕道主机内存"},
    {"{0} has no peer-to-peer over PCIe: beyond each NVLink-bridged pair, collectives pass through host memory",
     "{0} 不支持经 PCIe 的点对点（P2P）通信：NVLink 桥连接的每一对 GPU 之外，集合通信要绕道主机内存"},
    {"this GPU", "该 GPU"},
    {"tensor/context-parallel group spans nodes: its traffic crosses the network",
     "张量/上下文并行组跨越了节点：它的通信要走节点间网络"},
    {"dataset not given: 20,000 examples of 210 tokens, one epoch (4.2M tokens) assumed",
     "未给出数据集：假设 20,000 条样本、每条 210 个 token、一轮（共 4.2M token）"},
    {"token budget not given: 20 tokens per parameter (Chinchilla) assumed",
     "未给出训练 token 数：按每个参数 20 个 token（Chinchilla）估算"},
    {"size-only model: activations and step time need the architecture (layers, hidden, heads)",
     "只给了参数量的模型：激活值和每步时间需要模型结构（层数、隐藏维度、注意力头数）"},
    {"this GPU has no FP8 tensor cores: fp8 runs at the 16-bit rate",
     "该 GPU 没有 FP8 Tensor Core：fp8 只能按 16 位的速度运行"},
    {"offload traffic over the host link slows the step noticeably", "经主机链路的卸载流量明显拖慢了每一步"},
    {"MFU below 20%: the GPUs mostly wait", "MFU 低于 20%：GPU 大部分时间在等待"},
    {"failures come faster than the run can checkpoint and restart: goodput is held at 1% and the "
     "wall clock shown is a lower bound (raise mtbf_gpu_h or use fewer GPUs)",
     "故障来得比检查点和重启还快：有效产出按 1% 计，所示墙钟时间只是下限（调高 mtbf_gpu_h 或减少 GPU）"},
    // ---- fit advice (planner.cpp) ----
    {"{0}: {1} of {2} usable per GPU, {3}", "{0}：每张 GPU 需 {1}，可用 {2}，{3}"},
    {"full activation recomputation", "完全激活重计算（梯度检查点）"},
    {"verl's actor parked on the host between phases (rl_park=1)", "verl 的 actor 在阶段之间驻留主机内存（rl_park=1）"},
    {"the routed experts in 4 bits too (qlora_experts=1: Axolotl's quantize_moe_experts, Unsloth)",
     "路由专家也用 4 位（qlora_experts=1：Axolotl 的 quantize_moe_experts，Unsloth）"},
    {"the rollout engine asleep while the trainer runs (rl_sleep=1: TRL's vllm_enable_sleep_mode, Unsloth's "
     "UNSLOTH_VLLM_STANDBY)",
     "训练时让生成引擎休眠（rl_sleep=1：TRL 的 vllm_enable_sleep_mode，Unsloth 的 UNSLOTH_VLLM_STANDBY）"},
    {"OpenRLHF's DeepSpeed states asleep on the host between phases (rl_park=1)",
     "OpenRLHF 的 DeepSpeed 状态在阶段之间休眠到主机内存（rl_park=1）"},
    {"a larger engine memory fraction (rl_kv_frac={0})", "更大的推理引擎显存比例（rl_kv_frac={0}）"},
    {"the rollout engine split over {0} GPUs (rl_rollout_tp={0})",
     "把推理引擎切分到 {0} 张 GPU 上（rl_rollout_tp={0}）"},
    {"ZeRO-3 (shard weights, gradients and optimizer states)", "ZeRO-3（切分权重、梯度和优化器状态）"},
    {"ZeRO-3 with CPU offload of weights and optimizer states (ZeRO-Infinity)",
     "ZeRO-3，并把权重和优化器状态卸载到 CPU（ZeRO-Infinity）"},
    {"ZeRO-3 with NVMe offload", "ZeRO-3，并卸载到 NVMe"},
    {"Unsloth instead of {0} (stack=unsloth)", "改用 Unsloth 而非 {0}（stack=unsloth）"},
    {"LoRA instead of full training", "用 LoRA 代替全参数训练"},
    {"QLoRA (4-bit base)", "QLoRA（4 位量化基座模型）"},
    {"{0}x the GPUs", "GPU 数量增加到 {0} 倍"},
    {"a bigger GPU ({0})", "换显存更大的 GPU（{0}）"},
    // ---- why a layout loses (search.cpp WhyLoses) ----
    {"ties with the best (within 0.5%): an equivalent layout", "与最优持平（差距在 0.5% 以内）：等效的布局"},
    {"{0}% more expensive", "贵 {0}%"},
    {"{0}% slower", "慢 {0}%"},
    {"{0}: {1}", "{0}：{1}"},
    {"more compute (recomputation or smaller, less efficient matrix multiplies)",
     "计算更多（重计算，或矩阵乘更小、效率更低）"},
    {"more memory-bound time", "显存带宽受限的时间更长"},
    {"more exposed communication", "未被掩盖的通信更多"},
    {"larger pipeline bubble", "流水线气泡更大"},
    {"same step, fewer GPUs busy or more failures", "每步时间相同，但干活的 GPU 更少或故障更多"},
    {"slower generation (the rollout's pool or tensor parallelism)", "生成更慢（生成池或其张量并行）"},
    {"longer log-probability passes", "对数概率计算更久"},
    {"longer policy training", "策略训练更久"},
    {"a longer weight sync", "权重同步更久"},
    // ---- the compare verdict (compare.cpp): the page's Compare view and `trainplan compare` ----
    {"None of these fits in GPU memory: see each column for what would.",
     "这些都放不进 GPU 显存：请看各列怎样才能放下。"},
    {"{0} fits where {1} does not: {2}, {3}.", "{0} 放得下而 {1} 放不下：{2}，{3}。"},
    {"{0} is both the fastest and the cheapest of these.", "{0} 在这些中既最快又最便宜。"},
    {"{0}: {1} faster and {2} cheaper than {3}", "{0}：比 {3} 快 {1}，便宜 {2}"},
    {"{0}: {1} faster but {2} more expensive than {3}", "{0}：比 {3} 快 {1}，但贵 {2}"},
    {"{0}: {1} cheaper but {2} slower than {3}", "{0}：比 {3} 便宜 {1}，但慢 {2}"},
    {"Verdict: {0}", "结论：{0}"},
    // ---- text report (report_text.cpp) ----
    {"Plan", "训练方案"},
    {"model", "模型"},
    {"layout", "并行布局"},
    {"link", "分享链接"},
    {"error", "错误"},
    {"Memory per GPU (most loaded; GiB = 2^30 bytes, as nvidia-smi and PyTorch count; GB = 1e9)",
     "每张 GPU 的显存（负载最重的一张；GiB = 2^30 字节，与 nvidia-smi 和 PyTorch 的计法相同；GB = 1e9 字节）"},
    {"{0} of {1}", "{0} / {1}"},
    {" (the current settings)", "（即当前设置）"},
    {" (with {0})", "（采用 {0}）"},
    {"none, even with {0}", "无，即使采用 {0}"},
    {" (with {0}; logit_bytes: {1})", "（采用 {0}；logit_bytes：{1}）"},
    {"Liger Kernel's fused linear cross-entropy (use_liger_kernel=True)",
     "Liger Kernel 的融合线性交叉熵（use_liger_kernel=True）"},
    {"torchtune's LinearCrossEntropyLoss", "torchtune 的 LinearCrossEntropyLoss"},
    {"yes", "是"},
    {"no", "否"},
    {"Step (one optimizer step)", "每步（一次优化器更新）"},
    {"Throughput", "吞吐量"},
    {"Calibration (from your run)", "校准（来自你的训练）"},
    {"tokens/s per GPU: measured, planned without calibration", "每张 GPU 每秒 token 数：实测 / 未校准的计划"},
    {"{0} measured, {1} planned without calibration", "实测 {0}，未校准的计划 {1}"},
    {"tokens/s per GPU, calibrated plan", "每张 GPU 每秒 token 数：校准后的计划"},
    {"speed factor (kernel rates)", "速度系数（算子速率）"},
    {"peak reserved: measured, planned without calibration", "峰值保留显存：实测 / 未校准的计划"},
    {"peak reserved, calibrated plan", "峰值保留显存：校准后的计划"},
    {"memory factor (activations, temporaries)", "显存系数（激活、临时内存）"},
    {"calibrated on", "校准所用 GPU"},
    {"carry to other plans", "用于其他计划"},
    {"Run", "整个训练"},
    {"chosen for auto", "auto 选定的值"},
    {" (20 per parameter, Chinchilla default)", "（每个参数 20 个，Chinchilla 默认值）"},
    {" (the default fine-tuning dataset)", "（默认的微调数据集）"},
    {"{0} days ({1} days failure-free)", "{0} 天（无故障时 {1} 天）"},
    {"{0} ({1} failure-free)", "{0}（无故障时 {1}）"},
    {"{0}: cannot read \"{1}\"", "{0}：无法读取 \"{1}\""},
    {"--log: no throughput or memory figure found in \"{0}\" (read: torchtitan, torchtune, Megatron-LM / NeMo and "
     "Hugging Face Trainer lines)",
     "--log：在 \"{0}\" 中没有找到吞吐量或显存数字（可读取：torchtitan、torchtune、Megatron-LM / NeMo 和 Hugging Face "
     "Trainer 的日志行）"},
    {"read from the log ({0}): {1}", "从日志读取（{0}）：{1}"},
    {"{0}: \"{1}\" is larger than 16 MB", "{0}：\"{1}\" 超过 16 MB"},
    {"{0}: \"{1}\" is a directory; expected a file", "{0}：\"{1}\" 是目录；应为文件"},
    {"{0}: \"{1}\" is not a regular file (a pipe, device or socket); save it to a file first",
     "{0}：\"{1}\" 不是普通文件（管道、设备或套接字）；请先保存为文件"},
    {"unknown option {0}; see `trainplan {1} --help`", "未知选项 {0}；请看 `trainplan {1} --help`"},
    {"{0}: needs a value", "{0}：需要一个值"},
    {"--format: expected text, json, csv or md, got \"{0}\"", "--format：应为 text、json、csv 或 md，实际是 \"{0}\""},
    {"--objective: expected time or cost, got \"{0}\"", "--objective：应为 time 或 cost，实际是 \"{0}\""},
    {"--top: expected a whole number 1-1000, got \"{0}\"", "--top：应为 1-1000 的整数，实际是 \"{0}\""},
    {"--gpu-types: unknown GPU \"{0}\"; accepted: {1}", "--gpu-types：未知 GPU \"{0}\"；可选值：{1}"},
    {"--gpu-counts: expected whole numbers 1-1e7 separated by commas, got \"{0}\"",
     "--gpu-counts：应为以逗号分隔的 1-1e7 整数，实际是 \"{0}\""},
    {"--gpu-types: at most {0} GPU ids, got {1}", "--gpu-types：最多 {0} 个 GPU id，实际是 {1} 个"},
    {"--gpu-counts: at most {0} counts, got {1}", "--gpu-counts：最多 {0} 个数量，实际是 {1} 个"},
    {"no plan could be made for this configuration", "这个配置无法得出方案"},
    {"no plan could be made", "无法得出方案"},
    {"unexpected argument \"{0}\" (keys are KEY=VALUE)", "多余的参数 \"{0}\"（配置项写作 KEY=VALUE）"},
    {"unexpected argument \"{0}\"", "多余的参数 \"{0}\""},
    {"compare needs at least one --link or --config scenario", "compare 至少需要一个 --link 或 --config 方案"},
    {"catalog takes no configuration keys", "catalog 不接受配置项"},
    {"catalog: expected gpus, models, links or stacks", "catalog：应为 gpus、models、links 或 stacks"},
    {"catalog: expected gpus, models, links or stacks, got \"{0}\"",
     "catalog：应为 gpus、models、links 或 stacks，实际是 \"{0}\""},
    {"unknown command \"{0}\"; expected plan, explain, compare, search, catalog, link or export",
     "未知命令 \"{0}\"；应为 plan、explain、compare、search、catalog、link 或 export"},
    {"explain: --format is text or json", "explain：--format 只能是 text 或 json"},
    {"explain: no number \"{0}\" in this plan; the headline numbers: {1}",
     "explain：这个计划里没有 \"{0}\"；主要数字有：{1}"},
    {"steady-state training", "稳态训练"},
    {"stragglers and data stalls", "慢节点与数据停顿"},
    {"evaluation", "评估"},
    {"{0} ({1} evaluations of {2})", "{0}（{1} 次评估，每次 {2}）"},
    {"start-up", "启动"},
    {"time lost", "损失的时间"},
    {"{0} h writing checkpoints, {1} h restarting and redoing lost work",
     "写检查点 {0} 小时，重启并重做丢失的工作 {1} 小时"},
    {"expected failures", "预计故障次数"},
    {"checkpoint every", "检查点间隔"},
    {"{0} of the steady-state speed ({1} days at that speed)", "稳态速度的 {0}（按稳态速度需 {1} 天）"},
    {"{0} of the steady-state speed ({1} at that speed)", "稳态速度的 {0}（按稳态速度需 {1}）"},
    {"{0} ({1} to write)", "{0}（每次写入 {1}）"},
    {"Owning the cluster for {0} years (total cost of ownership)", "自建集群使用 {0} 年（总拥有成本 TCO）"},
    {"Verdict", "结论"},
    {"bottleneck", "瓶颈"},
    {"warning", "注意"},
    {"would fit with", "这样就放得下"},
    {"note", "提示"},
    {"custom model", "自定义模型"},
    {"{0}-parameter model (size only)", "{0} 参数的模型（只有参数量）"},
    {"{0} ({1} parameters)", "{0}（{1} 参数）"},
    {"{0} on {1} x {2}, {3}, {4}", "{0}，{1} × {2}，{3}，{4}"},
    {"method full", "全参数训练"},
    {"method lora", "LoRA 微调"},
    {"method dora", "DoRA 微调"},
    {"method qdora", "QDoRA 微调"},
    {"method qlora", "QLoRA 微调"},
    {"scenario {0}", "方案 {0}"},
    {"quantity", "指标"},
    {"value", "数值"},
    // search table
    {"gpu", "GPU"},
    {"gpus", "GPU 数"},
    {"memory/GPU", "显存/GPU"},
    {"step", "每步"},
    {"days", "天数"},
    {"cost", "成本"},
    {"vs #1", "与第 1 名相比"},
    {"best", "最优"},
    {"least memory; does not fit", "显存占用最少，仍放不下"},
    {"Searched {0} layouts (objective: {1}); {2}.", "搜索了 {0} 种并行布局（目标：{1}）；{2}。"},
    {"best first", "最优的排在前面"},
    {"none fits in GPU memory", "没有一种放得进显存"},
    {"time", "时间"},
    {"best: {0}", "最优：{0}"},
    // post-training's RL step (report_rl.cpp)
    {"RL step (phases, per step)", "强化学习步（各阶段，每步）"},
    {"RL step", "强化学习步"},
    {"DPO step", "DPO 步"},
    {"DPO step (phases, per step)", "DPO 步（各阶段，每步）"},
    {"generation", "生成"},
    {"logprob", "旧策略对数概率"},
    {"reference", "参考模型对数概率"},
    {"reward", "奖励打分"},
    {"critic", "价值模型"},
    {"training", "策略训练"},
    {"sync", "权重同步"},
    {"transition", "引擎唤醒与休眠"},
    {"hidden by one-step-off", "被异步一步重叠掉"},
    {"KV cache per rollout GPU", "每张生成 GPU 的 KV 缓存"},
    {"sequences decoding at once", "同时解码的序列数"},
    {"memory while generating", "生成时显存"},
    {"memory while training", "训练时显存"},
    {"memory while computing log-probabilities", "计算对数概率时显存"},
    {"longest response that fits (rl_max_response_len)", "放得下的最长回复（rl_max_response_len）"},
    // ---- configuration issues: every `"..."_issue` template of core (config.cpp, resolve.cpp, json.cpp;
    // a test reads them from the sources). The values stay as typed; "accepted" is 可选值. ----
    {"unknown key (see `trainplan plan --help` for the keys)", "未知的参数名（参数名列表见 `trainplan plan --help`）"},
    {"link longer than {0} KiB; the rest is ignored", "链接超过 {0} KiB；超出部分已忽略"},
    {"more than {0} keys in the link; the rest is ignored", "链接中的参数超过 {0} 个；其余的已忽略"},
    {"no value after {0} (ignored)", "{0} 后面没有值（已忽略）"},
    {"unknown key {0} in the link (ignored)", "链接中有未知的参数名 {0}（已忽略）"},
    {"expected a number or a string, got a JSON array or object", "应为数字或字符串，实际是 JSON 数组或对象"},
    {"not valid JSON: {0} at byte {1}", "不是有效的 JSON：{0}（第 {1} 字节）"},
    // ---- launch configs (core/launch: export and import of framework configs) ----
    {"{0} cannot express {1}: {2}", "{0} 无法表达 {1}：{2}"},
    {"not in the {0} file ({1}): {2}", "{0} 文件中没有（{1}）：{2}"},
    {"written differently for {0} ({1}): {2}", "为 {0} 改写（{1}）：{2}"},
    {"no plan to export: the configuration has an error", "没有可导出的计划：配置有错误"},
    {"line {0}: not valid {1}: {2}", "第 {0} 行：不是有效的 {1}：{2}"},
    {"line {0}: expected {1}, got {2}", "第 {0} 行：应为{1}，实际为 {2}"},
    {"line {0}, read as {1}: {2}", "第 {0} 行（读作 {1}）：{2}"},
    {"line {0}: {1} is not a value TrainPlan models; the plan keeps its default",
     "第 {0} 行：{1} 不是 TrainPlan 建模的取值；计划保留默认值"},
    {"line {0}: {1} is not a model preset TrainPlan knows: the plan keeps the model it had (give its config.json, or "
     "model=)",
     "第 {0} 行：{1} 不是 TrainPlan 已知的模型预设：计划保留原来的模型（请提供其 config.json，或 model=）"},
    {"line {0}: {1} is not a model preset TrainPlan knows: give model= (a preset of the same architecture) or its "
     "config.json (--hf-config FILE)",
     "第 {0} 行：{1} 不是 TrainPlan 已知的模型预设：请给出 model=（同一架构的预设）或其 config.json（--hf-config "
     "FILE）"},
    {"not mapped (TrainPlan has no key for these, or they do not change memory or time): {0}",
     "未映射（TrainPlan 没有对应的键，或它们不影响显存与时间）：{0}"},
    {"not a launch config this planner reads (formats: {0}); name one with --import-format",
     "不是本规划器能读取的启动配置（格式：{0}）；请用 --import-format 指定"},
    {"the file is larger than {0} KiB: not a launch config", "文件大于 {0} KiB：不是启动配置"},
    {"the {0} file does not name the model: planned with model={1} (give model=)",
     "{0} 文件没有写明模型：按 model={1} 规划（请给出 model=）"},
    {"the {0} file does not say how many GPUs: planned with gpus={1} (give gpus=N)",
     "{0} 文件没有给出 GPU 数量：按 gpus={1} 规划（请给出 gpus=N）"},
    {"the {0} file's LoRA target modules reach no routed expert of {1} (Transformers v5 keeps them as 3-D "
     "parameters, which only PEFT's target_parameters adapts): planned with lora_targets=dense",
     "{0} 文件的 LoRA 目标模块覆盖不到 {1} 的路由专家（Transformers v5 把它们存为三维参数，只有 PEFT 的 "
     "target_parameters 能适配）：按 lora_targets=dense 规划"},
    {"Unsloth's standby (UNSLOTH_VLLM_STANDBY=1, rl_sleep=1) sets vLLM's gpu_memory_utilization to {0} on this GPU, "
     "whatever the script gives: planned with it",
     "Unsloth 的 standby（UNSLOTH_VLLM_STANDBY=1，rl_sleep=1）在这张 GPU 上把 vLLM 的 gpu_memory_utilization 设为 {0}，"
     "不论脚本给出多少：按此规划"},
    {"line {0}: the experts of layers {1} only: planned as every layer's experts (lora_targets=all), more adapters "
     "than the file trains",
     "第 {0} 行：只有第 {1} 层的专家：按每一层的专家规划（lora_targets=all），适配器多于文件实际训练的"},
    {"rl_sleep is about an engine on the trainer's own GPUs (rl_colocate=1, rl_engine vllm or sglang): this plan has "
     "none, so it changes nothing",
     "rl_sleep 针对与训练共用 GPU 的引擎（rl_colocate=1，rl_engine 为 vllm 或 sglang）：本方案没有这样的引擎，"
     "因此它不起作用"},
    {"a string is not closed", "字符串没有结束"},
    {"a bracket is not closed", "括号没有闭合"},
    {"no command of the framework's entry point", "没有调用该框架入口的命令"},
    {"a bracket closes nothing", "多余的右括号"},
    {"nested too deep", "嵌套太深"},
    {"expected an object of keys", "应为键值对象"},
    {"expected a mapping of keys", "应为键值映射"},
    {"too many nested keys or aliases", "嵌套的键或别名太多"},
    {"a double quote is not closed", "双引号没有闭合"},
    {"a single quote is not closed", "单引号没有闭合"},
    {"a whole number of at least 1", "至少为 1 的整数"},
    {"a whole number", "整数"},
    {"--import-format: expected one of {0}, got \"{1}\"", "--import-format：应为 {0} 之一，实际为 \"{1}\""},
    {"read from {0} ({1}): {2}", "从 {0} 读取（{1}）：{2}"},
    {"export: --to expects one of {0}, got \"{1}\"", "export：--to 应为 {0} 之一，实际为 \"{1}\""},
    {"-o: cannot write \"{0}\"", "-o：无法写入 \"{0}\""},
    {"a number", "数值"},
    {"true or false", "true 或 false"},
    {"a text value", "文本值"},
    {"expected a JSON object of configuration keys", "应为由配置参数组成的 JSON 对象"},
    {"expected a Hugging Face config.json object", "应为 Hugging Face 的 config.json 对象"},
    {"config.json lacks num_hidden_layers, hidden_size or num_attention_heads",
     "config.json 缺少 num_hidden_layers、hidden_size 或 num_attention_heads"},
    {"the shared expert's width {0} is not a multiple of moe_ffn {1}; counted as {2} experts of moe_ffn",
     "共享专家的宽度 {0} 不是 moe_ffn {1} 的整数倍；按 {2} 个宽度为 moe_ffn 的专家计算"},
    {"more problems not shown", "还有更多问题未列出"},
    {"expected {0}, got {1}", "应为：{0}；实际是 {1}"},
    {"(and {0} more)", "（另有 {0} 条）"},
    // the JSON reader's reasons (json.cpp)
    {"unexpected token", "无法识别的内容"},
    {"short \\u escape", "\\u 转义不完整"},
    {"bad \\u escape", "\\u 转义无效"},
    {"lone UTF-16 surrogate in a \\u escape", "\\u 转义中有落单的 UTF-16 代理项"},
    {"expected string", "此处应为字符串"},
    {"bad escape", "转义无效"},
    {"unterminated string", "字符串缺少结束引号"},
    {"expected a value", "此处应为一个值"},
    {"bad number", "数字无效"},
    {"nesting too deep", "嵌套层数过深"},
    {"unexpected end", "内容意外结束"},
    {"expected ':'", "此处应为 ':'"},
    {"expected ',' or '}'", "此处应为 ',' 或 '}'"},
    {"expected ',' or ']'", "此处应为 ',' 或 ']'"},
    {"trailing characters", "末尾有多余的字符"},
    // post-training (rl_setup.cpp)
    {"rl_engine=hf generates inside the trainer, so it cannot have a pool of its own; accepted: 1 or auto",
     "rl_engine=hf 在训练进程内生成，不能单独成池；可选值：1 或 auto"},
    {"colocated, every GPU generates: rl_rollout_gpus applies to split pools (rl_colocate=0)",
     "共置时每张 GPU 都参与生成：rl_rollout_gpus 只用于分池（rl_colocate=0）"},
    {"DPO generates nothing: the plan does not read the rollout's keys ({0})",
     "DPO 不生成回答：规划不读取生成相关的键（{0}）"},
    {"post-training keys ({0}) are read with goal=grpo, ppo or dpo; this plan (goal={1}) leaves them out",
     "后训练的键（{0}）只在 goal=grpo、ppo 或 dpo 时读取；本规划（goal={1}）不使用它们"},
    {"rl_engine=hf generates with the trainer's own 16-bit weights; accepted: bf16 or auto",
     "rl_engine=hf 用训练进程自己的 16 位权重生成；可选值：bf16 或 auto"},
    {"rl_max_age bounds the steps a streaming rollout runs ahead (rl_async=2 on split pools, rl_colocate=0); here a "
     "step generates its own prompts only",
     "rl_max_age 限制流式生成最多领先几步（分池且 rl_async=2，rl_colocate=0）；此处每步只生成自己的提示"},
    {"rl_colocate=0 splits the GPUs into a rollout pool and a training pool, and 1 GPU cannot be split; accepted: 1 or "
     "auto (or gpus=2 or more)",
     "rl_colocate=0 把 GPU 分成生成池和训练池，1 张 GPU 分不开；可接受：1 或 auto（或 gpus 取 2 及以上）"},
    {"{0} rollout GPUs leave none of the {1} to train; accepted: {2}",
     "{0} 张生成 GPU 使 {1} 张中没有剩下用于训练的；可选值：{2}"},
    {"{0} does not divide the {1} rollout GPUs; accepted: a divisor of {1}",
     "{0} 不能整除 {1} 张生成 GPU；可选值：{1} 的约数"},
    {"{0} does not train goal={1}; accepted for it: {2}", "{0} 不支持 goal={1} 的训练；支持它的框架：{2}"},
    {"{0} does not generate with {1} for goal={2}; accepted: {3}", "{0} 在 goal={2} 中不能用 {1} 生成；可选值：{3}"},
    {"unknown reward \"{0}\"; accepted: rule or a model preset id (trainplan catalog models)",
     "未知的奖励 \"{0}\"；可选值：rule 或一个模型预设 id（见 trainplan catalog models）"},
    {"DPO scores two responses per prompt (chosen and rejected); planned with 2",
     "DPO 每个提示为两个回答打分（选中与拒绝）；按 2 规划"},
    {"{0} is planned as the preset {1} (a variant of the same architecture)", "{0} 按预设 {1} 规划（同一架构的变体）"},
    {"{0} is planned as {1} ({2})", "{0} 按 {1}（{2}）规划"},
    {"{0} is planned as the preset {1}", "{0} 按预设 {1} 规划"},
    {"{0} is not one model preset; give one of: {1}", "{0} 不是某一个模型预设；请给出其中之一：{1}"},
    {"a notebook: its code cells read as one script, lines counted in it",
     "笔记本：其代码单元合为一个脚本读取，行号按该脚本计"},
    {"{0} names more than one GPU; give one of: {1}", "{0} 可指多种 GPU；请给出其中之一：{1}"},
    {"{0} is a Hugging Face id no preset is known for: import its config.json (trainplan --hf-config FILE, "
     "or the page's config.json import), or give model=custom with its dimensions",
     "{0} 是 Hugging Face id，但没有已知对应的预设：请导入它的 config.json（trainplan --hf-config FILE，或页面上的 "
     "config.json 导入），或设 model=custom 并给出其维度"},
    {"line {0}: {1} is planned as the preset {2} (a variant of the same architecture)",
     "第 {0} 行：{1} 按预设 {2} 规划（同一架构的变体）"},
    {"the file's TrainPlan header (line {0}) gave what the {1} file does not say: {2}",
     "文件中的 TrainPlan 文件头（第 {0} 行）给出了 {1} 文件本身没有的设置：{2}"},
    {"auto: {0} tokens, twice the mean response given (the frameworks' default cap, {1}, is not longer)",
     "auto：{0} 个 token，即所给平均回答长度的两倍（框架默认上限 {1} 不比它长）"},
    {"a mean response of {0} tokens is longer than rl_max_response_len={1}; accepted: 1-{1} or auto",
     "平均回答 {0} 个 token 超过 rl_max_response_len={1}；可选值：1-{1} 或 auto"},
    {"{0} tokens is below the longest sequence, {1} tokens: OpenRLHF runs such a sequence as a micro-batch of its own, "
     "planned so",
     "{0} 个 token 少于最长序列的 {1} 个 token：OpenRLHF 把这样的序列单独作为一个微批次运行，按此规划"},
    {"a micro-batch of {0} tokens cannot hold the longest sequence, {1} tokens (rl_prompt_len + rl_max_response_len, "
     "padded); accepted: {1} or more",
     "{0} 个 token 的微批次放不下最长的序列（{1} 个 token：rl_prompt_len + rl_max_response_len，含填充）；可选值：{1} "
     "或更多"},
    {"rl_mb_tokens={0} sets the micro-batch ({1} sequences of the mean {2} tokens); accepted with mbs=auto or mbs={1}",
     "rl_mb_tokens={0} 决定了微批次（平均 {2} 个 token 的序列 {1} 条）；与之同用时可选值：mbs=auto 或 mbs={1}"},
    {"rl_logprob_mb_tokens={0} sets the log-probability micro-batch ({1} sequences); accepted with rl_logprob_mbs=auto "
     "or rl_logprob_mbs={1}",
     "rl_logprob_mb_tokens={0} 决定了对数概率的微批次（{1} 条序列）；与之同用时可选值：rl_logprob_mbs=auto 或 "
     "rl_logprob_mbs={1}"},
    {"{0} optimizer steps for {1} responses leave some steps without a sequence; accepted: 1-{1}",
     "{1} 个回答分给 {0} 次优化器更新，有的更新没有序列；可选值：1-{1}"},
    {"post-training steps rl_prompts x rl_samples / rl_updates sequences per optimizer step; gbs is not used",
     "后训练每次优化器更新的序列数为 rl_prompts × rl_samples / rl_updates；不使用 gbs"},
    // the model and the workload (resolve.cpp)
    {"params= makes a size-only model; the preset {0} is not used", "params= 表示只给参数量的模型；不使用预设 {0}"},
    {"unknown model \"{0}\"; accepted: {1}", "未知的模型 \"{0}\"；可选值：{1}"},
    {"latent attention (kv_lora_rank > 0) needs qk_rope_dim, qk_nope_dim and v_head_dim; missing: {0}",
     "潜在注意力（kv_lora_rank > 0）需要给出 qk_rope_dim、qk_nope_dim 和 v_head_dim；缺少：{0}"},
    {"a custom model needs layers, hidden and heads (or params= for a size-only model)",
     "自定义模型需要给出 layers、hidden 和 heads（或用 params= 只给参数量）"},
    {"not given; assuming 32000 (the Llama 2 tokenizer)", "未给出；按 32000 计算（Llama 2 的分词器）"},
    {"{0} heads do not divide hidden={1}; accepted: a divisor of hidden",
     "{0} 个注意力头不能整除 hidden={1}；可选值：hidden 的约数"},
    {"{0} key/value heads do not divide the {1} attention heads; accepted: a divisor of heads",
     "{0} 个 Key/Value 头不能整除 {1} 个注意力头；可选值：注意力头数的约数"},
    {"a mixture of {0} experts needs topk (experts per token, e.g. 2)",
     "{0} 个专家的混合专家（MoE）模型需要给出 topk（每个 token 路由到的专家数，例如 2）"},
    {"routes each token to {0} experts but there are only {1}; accepted: 1-{1}",
     "每个 token 路由到 {0} 个专家，但只有 {1} 个专家；可选值：1-{1}"},
    {"{0} dense layers in a {1}-layer model; accepted: 0-{1}", "{1} 层的模型里有 {0} 个稠密层；可选值：0-{1}"},
    {"ignored: the dimensions give {0} parameters", "已忽略：按模型维度算出 {0} 个参数"},
    {"{0} tokens exceed the learned positions of {1} ({2}); accepted: 1-{2} or auto",
     "{0} 个 token 超出了 {1} 的可学习位置（{2} 个）；可选值：1-{2} 或 auto"},
    {"{0} tokens is longer than the context {1} was trained at ({2} tokens): beyond it rotary positions need RoPE "
     "scaling or long-context training to work well",
     "{0} 个 token 长于 {1} 训练时的上下文（{2} 个 token）：超出这一长度，旋转位置编码需要 RoPE "
     "缩放或长上下文训练才能用好"},
    {"QLoRA dequantizes its 4-bit base to bf16 or fp16 for compute; {0} is not supported with method={1}",
     "QLoRA 计算时把 4 位量化的基座反量化为 bf16 或 fp16；method={1} 不支持 {0}"},
    {"rank {0} exceeds hidden={1}; accepted: 1-{1}", "秩 {0} 超过了 hidden={1}；可选值：1-{1}"},
    {"{0} ({1} release) runs none of the FP8 recipes planned here (tensor, block, mxfp8) on {2}: planned with "
     "per-tensor casts ({3})",
     "{0}（{1} 版）在 {2} 上不运行这里建模的任何 FP8 方案（tensor、block、mxfp8）：按逐张量缩放的类型转换规划（{3}）"},
    {"unknown GPU \"{0}\"; accepted: {1}", "未知的 GPU \"{0}\"；可选值：{1}"},
    {"calibrated on {0}, planned on {1}: the factors carry the software's share of the gap (framework, kernels, "
     "data loading), not how well those kernels run on this GPU; expect a larger error than on {0}",
     "在 {0} 上校准，在 {1} "
     "上规划：这些系数带过来的是差距中属于软件的部分（框架、算子、数据加载），而不是这些算子在这种 GPU "
     "上跑得如何；误差会比在 {0} 上大"},
    {"{0} tokens/s per GPU would be {1} % {2} on this layout, more than the GPU's peak: check the GPU, the GPU "
     "count and the sequence length (a Trainer's train_tokens_per_second is per GPU, its samples per second of all "
     "GPUs)",
     "每张 GPU 每秒 {0} 个 token 在这一布局下相当于 {1} % {2}，超过了 GPU 的峰值：请检查 GPU、GPU "
     "数量和序列长度（Trainer 的 "
     "train_tokens_per_second 是每张 GPU 的，samples per second 是所有 GPU 的）"},
    {"{0} GiB is less than the weights alone on one GPU of this layout ({1} GiB): it cannot be this run's peak",
     "{0} GiB 少于这一布局下单张 GPU 上仅权重所占（{1} GiB）：不可能是这次训练的峰值"},
    {"{0} tokens/s per GPU is less than even a twentieth of kernel speed explains for this layout (it gives {1} to "
     "{2}); check that the configuration is the run you measured",
     "每张 GPU 每秒 {0} 个 token 低于这一布局下算子速度二十分之一所能解释的范围（{1} 到 "
     "{2}）；请检查配置是否就是你测量的那次训练"},
    {"the log's own figures ({0} TFLOPS at {1} % MFU) imply a GPU of {2} TFLOPS peak, but {3} has {4}: was the log "
     "from another GPU?",
     "日志自身的数字（{0} TFLOPS、{1} % MFU）意味着峰值 {2} TFLOPS 的 GPU，而 {3} 是 {4}：这份日志来自另一种 GPU 吗？"},
    {"{0}x gives {1} % {2} on this layout, more than the GPU's peak; accepted here: up to {3}x",
     "{0}x 在这一布局下得到 {1} % {2}，超过了 GPU 的峰值；此处可接受：最多 {3}x"},
    {"{0} tokens/s per GPU is more than kernel speed can explain for this layout (it gives {1} to {2}); check that "
     "the configuration is the run you measured",
     "每张 GPU 每秒 {0} 个 token 超出了这一布局下算子速度所能解释的范围（{1} 到 "
     "{2}）；请检查配置是否就是你测量的那次训练"},
    {"{0} GiB is outside what activations and temporaries can explain for this layout (it gives {1} to {2} GiB, "
     "model states included); check that the configuration is the run you measured",
     "{0} GiB 超出了这一布局下激活和临时内存所能解释的范围（{1} 到 {2} "
     "GiB，含模型状态）；请检查配置是否就是你测量的那次训练"},
    {"unknown network \"{0}\"; accepted: {1} or auto", "未知的节点间网络 \"{0}\"；可选值：{1} 或 auto"},
    {"unknown link \"{0}\"; accepted: {1} or auto", "未知的节点内互连 \"{0}\"；可选值：{1} 或 auto"},
    {"{0} is a link inside a node, not a network between nodes; accepted: {1} or auto",
     "{0} 是节点内互连，不是节点间网络；可选值：{1} 或 auto"},
    {"{0} is a network between nodes, not a link inside a node; accepted: {1} or auto",
     "{0} 是节点间网络，不是节点内互连；可选值：{1} 或 auto"},
    {"{0} links a GPU to its CPU, not GPUs to each other; accepted: {1} or auto",
     "{0} 连接 GPU 与其 CPU，不是 GPU 之间的互连；可选值：{1} 或 auto"},
    {"{0} has no GPU-to-GPU link besides PCIe, so not {1}; accepted: {2}",
     "{0} 除 PCIe 外没有 GPU 间互连，因此不能用 {1}；可选值：{2}"},
    {"{0} cannot have {1}: its GPU-to-GPU link is {2}; accepted: {3}",
     "{0} 不能使用 {1}：它的 GPU 间互连是 {2}；可选值：{3}"},
    {"{0} runs PCIe at most at {1}, its host interface: {2} is modelled at that speed",
     "{0} 的 PCIe 最高只能跑到其主机接口 {1}：{2} 按这个速度计算"},
    {"{0} joins {1} GPUs: with {2} GPUs per node, each pair talks over it and everything else over {3}",
     "{0} 只连接 {1} 张 GPU：每节点 {2} 张 GPU 时，每对 GPU 之间经它通信，其余通信都走 {3}"},
    {"gpu=custom needs {0}: a custom GPU is described by gpu_mem_gib, gpu_bw_gbs, gpu_tflops and gpu_tdp_w",
     "gpu=custom 需要给出 {0}：自定义 GPU 由 gpu_mem_gib、gpu_bw_gbs、gpu_tflops 和 gpu_tdp_w 描述"},
    {"ignored: {0} is a catalog GPU; the gpu_* keys describe gpu=custom",
     "已忽略：{0} 是目录中的 GPU；gpu_* 参数只用于描述 gpu=custom"},
    {"{0} has no BF16 tensor cores: planned in fp16 (mixed precision with loss scaling)",
     "{0} 没有 BF16 Tensor Core：按 fp16 规划（混合精度，带损失缩放）"},
    // an auto batch's recipe (planner.cpp RecipeBatchNotice)
    {"auto: {0} sequences of {1} tokens ({2} tokens per step), more than the {3} tokens of the published recipes "
     "({4}): {5} replicas x micro-batch {6} cannot run fewer",
     "自动：{0} 条 {1} token 的序列（每步 {2} token），多于已发布配方的 {3} token（{4}）：{5} 个副本 x 微批次 {6} "
     "无法更少"},
    {"auto: {0} sequences of {1} tokens ({2} tokens per step, {3} per data-parallel rank), the published recipes' "
     "batch ({4})",
     "自动：{0} 条 {1} token 的序列（每步 {2} token，每个数据并行副本 {3}），即已发布配方的批量（{4}）"},
    {"auto: {0} sequences of {1} tokens ({2} tokens per step), the published recipes' batch ({3})",
     "自动：{0} 条 {1} token 的序列（每步 {2} token），即已发布配方的批量（{3}）"},
    {"auto: {0} sequences of {1} tokens ({2} tokens per step), more than the {3} tokens of the published recipes "
     "({4}; by the model's {7} active parameters): {5} replicas x micro-batch {6} cannot run fewer",
     "自动：{0} 条 {1} token 的序列（每步 {2} token），多于已发布配方的 {3} token（{4}；按模型的 {7} 激活参数）：{5} "
     "个副本 x 微批次 {6} 无法更少"},
    {"auto: {0} sequences of {1} tokens ({2} tokens per step, {3} per data-parallel rank), the published recipes' "
     "batch ({4}; by the model's {5} active parameters)",
     "自动：{0} 条 {1} token 的序列（每步 {2} token，每个数据并行副本 {3}），即已发布配方的批量（{4}；按模型的 {5} "
     "激活参数）"},
    {"auto: {0} sequences of {1} tokens ({2} tokens per step), the published recipes' batch ({3}; by the model's {4} "
     "active parameters)",
     "自动：{0} 条 {1} token 的序列（每步 {2} token），即已发布配方的批量（{3}；按模型的 {4} 激活参数）"},
    // the recipes themselves (core/stack/batches.cpp), the notices' words
    {"pre-training under 2B parameters: llm-foundry MPT-1B, GPT-3 1.3B",
     "预训练，参数 2B 以下：llm-foundry MPT-1B、GPT-3 1.3B"},
    {"pre-training at 2B-20B parameters: NeMo Llama 2 7B and Mistral 7B, MPT-7B, torchtitan Llama 3.1 8B",
     "预训练，参数 2B-20B：NeMo Llama 2 7B 与 Mistral 7B、MPT-7B、torchtitan Llama 3.1 8B"},
    {"pre-training at 20B-300B parameters: Llama 2, NeMo Llama 3 70B, MPT-30B and -70B, torchtitan Llama 3.1 70B",
     "预训练，参数 20B-300B：Llama 2、NeMo Llama 3 70B、MPT-30B 与 -70B、torchtitan Llama 3.1 70B"},
    {"pre-training at 300B parameters or more: Llama 3 405B, Megatron-Bridge DeepSeek-V3",
     "预训练，参数 300B 及以上：Llama 3 405B、Megatron-Bridge DeepSeek-V3"},
    {"fine-tuning: Megatron-Bridge Llama 3 SFT and PEFT, 1B-405B",
     "微调：Megatron-Bridge Llama 3 SFT 与 PEFT，1B-405B"},
    {"fine-tuning: torchtune Llama 3.1 8B and 70B LoRA", "微调：torchtune Llama 3.1 8B 与 70B LoRA"},
    {"fine-tuning per GPU: LLaMA-Factory, Unsloth", "按每张 GPU 计的微调：LLaMA-Factory、Unsloth"},
    {"fine-tuning: llm-foundry 7B Dolly SFT", "微调：llm-foundry 7B Dolly SFT"},
    // the layout (resolve.cpp CheckLayout)
    {"must be at least 1", "至少为 1"},
    {"cp_comm=a2a splits the {0} attention heads of each tensor-parallel rank over cp={1}; accepted: a divisor of them",
     "cp_comm=a2a 把每个张量并行 rank 的 {0} 个注意力头分到 cp={1} 上；可选值：它们的约数"},
    {"{0} does not divide the {1} attention heads; accepted: a divisor of heads",
     "{0} 不能整除 {1} 个注意力头；可选值：注意力头数的约数"},
    {"{0} neither divides the {1} key/value heads nor is a multiple of them (to replicate them)",
     "{0} 既不能整除 {1} 个 Key/Value 头，也不是它的整数倍（整数倍时可复制这些头）"},
    {"{0} pipeline stages for {1} layers; accepted: 1-{1}", "{1} 层分成了 {0} 个流水线级；可选值：1-{1}"},
    {"interleaved stages need pp > 1", "交错调度的虚拟流水线级需要 pp > 1"},
    // the named pipeline schedules (core/job/pipeline.cpp CheckSchedule)
    {"{0} runs several model chunks per GPU (pp={1}, vp={2}, {3} micro-batches per schedule); accepted: vp=2 or more",
     "{0} 每张 GPU 运行多个模型块（pp={1}，vp={2}，每个调度 {3} 个微批次）；可选值：vp=2 或更大"},
    {"{0} runs one model chunk per GPU (pp={1}, vp={2}, {3} micro-batches per schedule); accepted: vp=1 (or "
     "pp_schedule=interleaved)",
     "{0} 每张 GPU 只运行一个模型块（pp={1}，vp={2}，每个调度 {3} 个微批次）；可选值：vp=1（或 "
     "pp_schedule=interleaved）"},
    {"{0} runs two model chunks per GPU in a V (pp={1}, vp={2}, {3} micro-batches per schedule); accepted: vp=2",
     "{0} 每张 GPU 以 V 形运行两个模型块（pp={1}，vp={2}，每个调度 {3} 个微批次）；可选值：vp=2"},
    {"{0} pairs the pipeline ranks from both ends (pp={1}, vp={2}, {3} micro-batches per schedule); accepted: an even "
     "pp",
     "{0} 从两端成对使用流水线 rank（pp={1}，vp={2}，每个调度 {3} 个微批次）；可选值：偶数的 pp"},
    {"{0} needs at least 2 x pp micro-batches per schedule (pp={1}, vp={2}, {3} micro-batches); accepted: 2 x {1} or "
     "more",
     "{0} 每个调度至少需要 2 × pp 个微批次（pp={1}，vp={2}，{3} 个微批次）；可选值：2 × {1} 或更多"},
    {"{0} feeds micro-batches from both ends (pp={1}, vp={2}, {3} micro-batches per schedule); accepted: an even count",
     "{0} 从两端送入微批次（pp={1}，vp={2}，每个调度 {3} 个微批次）；可选值：偶数个"},
    {"{0} layers do not split evenly over {1} stages; the largest stage sets the pace",
     "{0} 层不能平均分到 {1} 个流水线级；最大的一级决定速度"},
    {"the model has no experts; accepted: 1", "该模型没有专家；可选值：1"},
    {"{0} does not divide the {1} experts", "{0} 不能整除 {1} 个专家"},
    {"{0} does not fit the {1} GPUs of a node evenly (groups would straddle nodes)",
     "{0} 不能均匀地放进一个节点的 {1} 张 GPU（并行组会跨越节点）"},
    {"tp x pp x cp x dp = {0} x {1} x {2} x {3} = {4}, but gpus={5}; accepted: degrees whose product is gpus",
     "tp × pp × cp × dp = {0} × {1} × {2} × {3} = {4}，但 gpus={5}；可选值：乘积等于 gpus 的并行度"},
    {"{0} divides neither dp x cp = {1} nor tp x dp x cp = {2}",
     "{0} 既不能整除 dp × cp = {1}，也不能整除 tp × dp × cp = {2}"},
    {"pp x vp = {0} x {1} virtual stages for {2} layers; accepted: at most one virtual stage per layer",
     "pp × vp = {0} × {1} 个虚拟流水线阶段，但只有 {2} 层；可选值：每个虚拟阶段至少一层"},
    {"seq={0} is not a multiple of 2 x cp = {1} (context parallelism cuts each sequence into 2 x cp chunks)",
     "seq={0} 不是 2 x cp = {1} 的倍数（上下文并行把每条序列切成 2 x cp 块）"},
    {"link format {0} is not one this planner reads; accepted: 1", "链接格式 {0} 不是本规划器能读取的版本；可接受：1"},
    {"scenario part {0} is not key:value of a configuration key", "对比方案中的 {0} 不是配置键的 key:value 形式"},
    {"one step of mbs x dp = {0} x {1} sequences exceeds the largest global batch, {2}",
     "一步的 mbs x dp = {0} x {1} 条序列超过了全局批次的上限 {2}"},
    {"the interleaved schedule needs a micro-batch count (gbs / (mbs x dp) = {0}) that is a multiple of pp={1}",
     "交错调度要求微批次数（gbs / (mbs x dp) = {0}）是 pp={1} 的倍数"},
    {"{0} sequences is not a multiple of mbs x dp = {1} x {2} = {3}; accepted: a multiple of {3}",
     "{0} 条序列不是 mbs × dp = {1} × {2} = {3} 的整数倍；可选值：{3} 的整数倍"},
    {"accepted: 0-3", "可选值：0-3"},
    {"steps the optimizer in the backward, so one micro-batch per step: gbs / (mbs x dp) = {0}; accepted: gbs = mbs x "
     "dp",
     "在反向中更新参数，因此每步只能有一个微批次：gbs / (mbs × dp) = {0}；可选值：gbs = mbs × dp"},
    {"unknown framework \"{0}\"; accepted: {1} or auto (aliases: trainplan catalog stacks)",
     "未知的训练框架 \"{0}\"；可选值：{1} 或 auto（别名见 trainplan catalog stacks）"},
    {"{0} is not in {1} itself: it comes from {2} ({3})", "{0} 不在 {1} 本身之中：它来自 {2}（{3}）"},
    {"{0} is not found in {1}'s code; planned as asked ({2})", "在 {1} 的代码中未找到 {0}；仍按所给设置规划（{2}）"},
    {"auto: {0}, which runs the keys given ({1} does not run them all)",
     "auto：{0}，它支持所给的全部设置（{1} 不全支持）"},
    {"auto: {0}, the first {1} release with every key given ({2} by default)",
     "自动：{0}，{1} 中第一个支持所给全部键的版本（默认 {2}）"},
    {"{0} arrived in {1} in {2}; stack_year={3} is earlier ({4})",
     "{0} 在 {2} 年才进入 {1}；stack_year={3} 更早（{4}）"},
    {"{0} is not in {1} ({2} release): {3}", "{1}（{2} 年版本）不支持 {0}：{3}"},
    {"{0} is not in {1}'s policy training (rl_framework={2}): {3}", "{1}（rl_framework={2}）的策略训练不支持 {0}：{3}"},
    {"{0} ({1} release) trains on one GPU, not {2}: {3}", "{0}（{1} 年版本）只在单卡上训练，不支持 {2} 张卡：{3}"},
    {"the layout search would try more than {0} parallel layouts; give some of tp, pp, cp, ep, vp",
     "并行布局搜索将尝试超过 {0} 种布局；请指定 tp、pp、cp、ep、vp 中的几个"},
    {"ZeRO-{0} with pipeline parallelism (pp > 1): {1} runs at most ZeRO-{2} with a pipeline; accepted: zero 0-{2} or "
     "pp=1",
     "ZeRO-{0} 与流水线并行（pp > 1）：{1} 在流水线下最多支持 ZeRO-{2}；可选值：zero 0-{2} 或 pp=1"},
    {"{0} runs a step's {1} micro-batches as one pipeline schedule; accepted: auto or {1}",
     "{0} 把一步的 {1} 个微批次作为一个流水线调度运行；可选值：auto 或 {1}"},
    {"the step's {0} micro-batches (gbs / (mbs x dp)) do not split into schedules of {1}; accepted: a divisor of {0}",
     "一步的 {0} 个微批次（gbs / (mbs × dp)）不能分成每个 {1} 个的调度；可选值：{0} 的约数"},
    {"the interleaved schedule needs micro-batches per schedule (pp_microbatches = {0}) that are a multiple of pp={1}",
     "交错调度要求每个调度的微批次数（pp_microbatches = {0}）是 pp={1} 的倍数"},
    {"CPU offload of optimizer states needs ZeRO (zero 1-3), as in ZeRO-Offload",
     "把优化器状态卸载到 CPU 需要 ZeRO（zero 1-3），与 ZeRO-Offload 相同"},
    {"NVMe offload needs zero=3 (ZeRO-Infinity)", "卸载到 NVMe 需要 zero=3（ZeRO-Infinity）"},
    {"FP8 weights need FP8 training; accepted: auto or 0 with prec={0}",
     "FP8 权重需要 FP8 训练；可选值：prec={0} 时为 auto 或 0"},
    {"overlapping tensor-parallel communication needs sequence parallelism; accepted: sp=1 or auto",
     "张量并行通信重叠需要序列并行；可选值：sp=1 或 auto"},
    {"{0} optimizer instances do not divide the data-parallel degree dp={1}: planned sharded over every data-parallel "
     "rank (give gpus=N, or dp_shard)",
     "{0} 个优化器实例不能整除数据并行度 dp={1}：按在所有数据并行 rank 上切分规划（请给出 gpus=N 或 dp_shard）"},
    {"rl_park=1 sets verl's actor offload or OpenRLHF's DeepSpeed sleep (--ds.enable_sleep, GRPO and PPO) between "
     "phases; {0} with goal={1} has no such switch; accepted: rl_framework=verl or openrlhf, or rl_park=0",
     "rl_park=1 设置的是 verl 的 actor 在阶段之间的卸载，或 OpenRLHF 的 DeepSpeed 休眠（--ds.enable_sleep，GRPO 与 "
     "PPO）；"
     "{0} 在 goal={1} 时没有这个开关；可选值：rl_framework=verl 或 openrlhf，或 rl_park=0"},
    {"OpenRLHF's DeepSpeed sleep moves nothing with offload=cpu: its optimizer states are on the CPU already "
     "(offload_deepspeed_states returns under --ds.adam_offload)",
     "offload=cpu 时 OpenRLHF 的 DeepSpeed 休眠不移动任何东西：优化器状态已经在 CPU 上"
     "（--ds.adam_offload 时 offload_deepspeed_states 直接返回）"},
    {"dp_shard={0} shards ZeRO's states within groups, and zero=0 shards none; accepted: zero 1-3 (or dp_shard auto)",
     "dp_shard={0} 是在组内切分 ZeRO 的状态，而 zero=0 不切分任何状态；可选值：zero 1-3（或 dp_shard auto）"},
    {"dp_shard={0} does not divide the data-parallel degree dp={1} into whole groups; accepted: a divisor of {1} (or "
     "dp_shard auto)",
     "dp_shard={0} 不能把数据并行度 dp={1} 分成完整的组；可选值：{1} 的约数（或 dp_shard auto）"},
    {"moe_a2a_overlap=1 overlaps the expert all-to-all of expert parallelism; accepted: ep > 1 (or moe_a2a_overlap=0)",
     "moe_a2a_overlap=1 重叠的是专家并行的专家 all-to-all；可选值：ep > 1（或 moe_a2a_overlap=0）"},
    {"moe_a2a_overlap=1 with pp={0} runs in Megatron-Core's interleaved schedule only; accepted: vp=2 or more (or "
     "pp=1, or "
     "moe_a2a_overlap=0)",
     "moe_a2a_overlap=1 在 pp={0} 时只能用 Megatron-Core 的交错调度；可选值：vp=2 或更多（或 pp=1，或 "
     "moe_a2a_overlap=0）"},
    {"moe_a2a_overlap=1 does not run with full recomputation; accepted: none or selective (or moe_a2a_overlap=0)",
     "moe_a2a_overlap=1 不能与完全重计算同用；可选值：none 或 selective（或 moe_a2a_overlap=0）"},
    // what a stack's extension comes from (core/stack/capabilities.cpp, the rows' `via`; resolve.cpp's notice)
    {"torchao through Accelerate", "torchao（经 Accelerate）"},
    {"Transformer Engine / torchao through Accelerate", "Transformer Engine / torchao（经 Accelerate）"},
    {"PEFT's DoRA layers (Unsloth's fused LoRA kernels skip them)",
     "PEFT 的 DoRA 层（Unsloth 的融合 LoRA 内核跳过它们）"},
    {"PEFT (llm-foundry)", "PEFT（llm-foundry）"},
    {"NeMo / Megatron-Bridge PEFT", "NeMo / Megatron-Bridge 的 PEFT"},
    {"Liger Kernel (the Transformers Trainer's use_liger_kernel)",
     "Liger Kernel（Transformers Trainer 的 use_liger_kernel）"},
    {"DeepSpeed or FSDP through Accelerate", "DeepSpeed 或 FSDP（经 Accelerate）"},
    {"Answer.AI's fsdp_qlora (FSDP over bitsandbytes 4-bit)",
     "Answer.AI 的 fsdp_qlora（在 bitsandbytes 4 位权重上运行 FSDP）"},
    {"torch context parallelism under FSDP2 through Accelerate", "FSDP2 之下的 torch 上下文并行（经 Accelerate）"},
    {"torch context parallelism under FSDP2 / DeepSpeed Ulysses through Accelerate",
     "FSDP2 之下的 torch 上下文并行 / DeepSpeed Ulysses（经 Accelerate）"},
    {"Transformers tp_plan / DeepSpeed AutoTP through Accelerate",
     "Transformers tp_plan / DeepSpeed AutoTP（经 Accelerate）"},
    {"Transformer Engine through Accelerate", "Transformer Engine（经 Accelerate）"},
    {"NeMo 1 with Apex's DistributedFusedAdam", "NeMo 1 与 Apex 的 DistributedFusedAdam"},
    {"Liger Kernel (use_liger_kernel)", "Liger Kernel（use_liger_kernel）"},
    {"DeepSpeed through Accelerate", "DeepSpeed（经 Accelerate）"},
    {"DeepSpeed ZeRO-Offload or FSDP cpu_offload through Accelerate",
     "DeepSpeed ZeRO-Offload 或 FSDP cpu_offload（经 Accelerate）"},
    {"DeepSpeed ZeRO-3 offload_param or FSDP offload_params through Accelerate",
     "DeepSpeed ZeRO-3 offload_param 或 FSDP offload_params（经 Accelerate）"},
    {"DeepSpeed ZeRO-Infinity through Accelerate", "DeepSpeed ZeRO-Infinity（经 Accelerate）"},
    {"DeepSpeed Ulysses (ALST) through Accelerate", "DeepSpeed Ulysses（ALST，经 Accelerate）"},
    {"Composer (llm-foundry)", "Composer（llm-foundry）"},
    {"AMD's ROCm forks (ROCm/Megatron-LM, ROCm/TransformerEngine)",
     "AMD 的 ROCm 分支（ROCm/Megatron-LM、ROCm/TransformerEngine）"},
    // accepted-values texts (config.cpp AcceptsText, resolve.cpp IdList; TranslateWords)
    {"a preset id (trainplan catalog models), a Hugging Face id or custom",
     "预设 id（见 trainplan catalog models）、Hugging Face id 或 custom"},
    {"a GPU id (trainplan catalog gpus) or its name", "GPU id（见 trainplan catalog gpus）或其名称"},
    {"a link id (trainplan catalog links)", "互连 id（见 trainplan catalog links）"},
    {"a whole number ", "整数 "},
    {"a number ", "数值 "},
    {" or ", " 或 "},
    {", ", "、"},
    {"(the catalog is empty)", "（目录为空）"},
    {"a model name: printable text of up to 100 characters", "模型名称：不超过 100 个字符的可打印文本"},
    {"2-4 scenarios separated by ; each key:value pairs separated by , (gpu:h100,gpus:128;gpu:a100-80g,gpus:256)",
     "2-4 个方案，以 ; 分隔，每个方案是以 , 分隔的 key:value（gpu:h100,gpus:128;gpu:a100-80g,gpus:256）"},
    // the bands on the headline figures and the verdict's margin (core/report/band_text.cpp, report_text.cpp)
    {"memory", "显存"},
    {"longest sequence", "最长序列"},
    {"speed", "速度"},
    {"whole run", "整个训练"},
    {"{0}: the speed band with the spread of {1} whole runs planned from their parts against their published length "
     "(too few for a band of their own)",
     "{0}：速度区间，再加上 {1} 次完整训练（按各部分规划）与其公布时长之比的离散（次数太少，不足以单独成一个区间）"},
    {"{0}: no regime has {1} cases of its own; the memory band ({2} published runs of {3}) solved for the sequence "
     "at its ends",
     "{0}：没有哪个类别有 {1} 个自己的案例；由显存区间（{2} 次公开训练，类别 {3}）在两端反解出序列长度"},
    {"{0}: {1} published runs of {2}", "{0}：{1} 次公开训练，类别 {2}"},
    {"{0}; its own regime ({1}) has {2}, fewer than {3}: the broader regime's band",
     "{0}；它自己的类别（{1}）只有 {2} 个，少于 {3} 个：用上一级更宽类别的区间"},
    {"yes (tight: may run out of memory)", "是（偏紧：可能显存不足）"},
    {"Bands (where about 80 % of comparable published runs fell)", "区间（约 80 % 的可比公开训练落在其中）"},
    {"tight: may run out of memory", "偏紧：可能显存不足"},
    {"does not fit (it may: the band's lower end fits)", "放不下（也可能放得下：区间下限在可用显存内）"},
    {"no (the band's lower end fits: it may run)", "否（区间下限在可用显存内：可能可以运行）"},
    {"verdict", "结论"},
    {"fits", "放得下"},
    {"does not fit", "放不下"},
    {"{0} of {1} per GPU", "每张 GPU {0}，可用 {1}"},
    {"does not fit: host memory", "放不下：主机内存不够"},
    {"no (the host's memory)", "否（主机内存不够）"},
    {"no (one sequence outgrows the KV cache)", "否（一条序列超出 KV 缓存）"},
    {"does not fit: one sequence outgrows the KV cache", "放不下：一条序列超出 KV 缓存"},
    {"host {0} of {1} per node", "每个节点主机内存 {0}，可用 {1}"},
    {"rl_kv_frac={0} gives the engine {1} per GPU, less than its weights and activations ({2}): no room for a KV "
     "cache (raise rl_kv_frac or rl_rollout_tp)",
     "rl_kv_frac={0} 给推理引擎每 GPU {1}，少于其权重和激活（{2}）：没有留给 KV 缓存的空间（请调高 rl_kv_frac 或 "
     "rl_rollout_tp）"},
    {"the KV cache ({0} per GPU) holds {1} tokens of a sequence, {2} needed",
     "KV 缓存（每张 GPU {0}）只能容纳一条序列的 {1} 个 token，需要 {2} 个"},
    {"ranked after a safe layout of similar cost", "排在成本相近的安全布局之后"},
};

// Unit words of numbers (the text report; the page's formatting reuses them).
const Phrase kUnitWords[] = {
    {"days", "天"},
    {"h", "小时"},
    {"min", "分钟"},
    {"s", "秒"},
    {"ms", "毫秒"},
    {"years", "年"},
    {"USD", "美元"},
    {"trillion", "T"},
    {"billion", "B"},
    {"million", "M"},
    {"µs", "微秒"},
    // the key table's units (shown after the page's fields)
    {"parameters", "个参数"},
    {"tokens", "token"},
    {"sequences", "条序列"},
    {"prompts", "个提示"},
    {"responses", "个回答"},
    {"steps", "步"},
    {"GPUs", "张 GPU"},
    {"fraction", "比例"},
    {"examples", "条样本"},
    {"micro-batches", "个微批次"},
    {"steps", "步"},
    {"step", "步"},
    {"USD/GPU-hour", "美元/GPU 时"},
    {"USD/kWh", "美元/千瓦时"},
    {"USD/year", "美元/年"},
    {"hours", "小时"},
    {"fraction of TDP", "占 TDP 的比例"},
    {"fraction of GPU TDP", "占 GPU TDP 的比例"},
    {"fraction of GPU price", "占 GPU 价格的比例"},
    {"GB", "GB"},
    {"GB/s", "GB/s"},
    {"x allocated", "× 已分配量"},
    {"B per logit", "字节/logit"},
    {"GiB", "GiB"},
    {"TFLOP/s", "TFLOP/s"},
    {"W", "瓦"},
    {"tokens/s", "token/秒"},
    {"x", "倍"},
};

// The engine's phrases, and those that other tables bring with them (AddTranslations: the key table's
// labels, help and sources, core/config/keys.cpp). Registration happens while those tables are built, which
// may be on any thread, so the map is guarded; lookups take the shared lock.
struct Tables {
  std::unordered_map<std::string_view, const char*> zh;
  mutable std::shared_mutex mutex;
  Tables() {
    for (const Phrase& p : kPhrases) zh.emplace(p.en, p.zh);
  }
};

Tables& Get() {
  static Tables t;
  return t;
}

const char* Lookup(std::string_view english) {
  const Tables& t = Get();
  std::shared_lock lock(t.mutex);
  auto it = t.zh.find(english);
  return it == t.zh.end() ? nullptr : it->second;
}

std::vector<std::string>* g_missing = nullptr;

}  // namespace

Lang ParseLang(std::string_view code) {
  return code.size() >= 2 && (code[0] == 'z' || code[0] == 'Z') && (code[1] == 'h' || code[1] == 'H') &&
                 (code.size() == 2 || code[2] == '-' || code[2] == '_')
             ? Lang::Zh
             : Lang::En;
}

const char* LangCode(Lang lang) { return lang == Lang::Zh ? "zh" : "en"; }

const char* Translate(Lang lang, const char* english) {
  if (lang == Lang::En || !english || !*english) return english;
  if (const char* zh = Lookup(english)) return zh;
  if (g_missing) g_missing->push_back(english);
  return english;
}

bool HasTranslation(std::string_view english) { return Lookup(english) != nullptr; }

void AddTranslations(std::span<const Phrase> phrases) {
  Tables& t = Get();
  std::unique_lock lock(t.mutex);
  for (const Phrase& p : phrases)
    if (p.en && *p.en && p.zh && *p.zh) t.zh.emplace(p.en, p.zh);
}

const char* UnitWord(Lang lang, const char* unit) {
  if (lang == Lang::En) return unit;
  for (const Phrase& u : kUnitWords)
    if (std::string_view(u.en) == unit) return u.zh;
  if (g_missing) g_missing->push_back(std::string("unit: ") + unit);
  return unit;
}

std::string Fill(std::string_view pattern, std::span<const std::string_view> args) {
  std::string out;
  out.reserve(pattern.size() + 32);
  for (size_t i = 0; i < pattern.size(); ++i) {
    char c = pattern[i];
    if (c == '{' && i + 1 < pattern.size() && pattern[i + 1] == '{') {
      out += '{';
      ++i;
    } else if (c == '{' && i + 2 < pattern.size() && pattern[i + 1] >= '0' && pattern[i + 1] <= '9' &&
               pattern[i + 2] == '}' && size_t(pattern[i + 1] - '0') < args.size()) {
      out += args[size_t(pattern[i + 1] - '0')];
      i += 2;
    } else {
      out += c;
    }
  }
  return out;
}

std::string Fill(std::string_view pattern, std::initializer_list<std::string_view> args) {
  return Fill(pattern, std::span<const std::string_view>(args.begin(), args.size()));
}

std::string TranslateWords(Lang lang, std::string_view english) {
  std::string s(english);
  if (lang == Lang::En || s.empty()) return s;
  if (HasTranslation(s)) return Translate(lang, s.c_str());
  auto replace_all = [&](const char* from) {
    const std::string f = from, t = Translate(lang, from);
    for (size_t at = 0; (at = s.find(f, at)) != std::string::npos; at += t.size()) s.replace(at, f.size(), t);
  };
  // The whole id phrases first: their " or " is part of them.
  for (const char* phrase : {"a preset id (trainplan catalog models), a Hugging Face id or custom",
                             "a GPU id (trainplan catalog gpus) or its name", "a link id (trainplan catalog links)",
                             "(the catalog is empty)", "a whole number ", "a number ", " or ", ", "})
    replace_all(phrase);
  return s;
}

std::string TrFill(Lang lang, const char* english, std::initializer_list<std::string_view> args) {
  return Fill(Translate(lang, english), args);
}

const std::vector<Phrase>& CorePhrases() {
  static const std::vector<Phrase> all(std::begin(kPhrases), std::end(kPhrases));
  return all;
}

const std::vector<Phrase>& CoreUnitWords() {
  static const std::vector<Phrase> all(std::begin(kUnitWords), std::end(kUnitWords));
  return all;
}

void SetMissingTranslationSink(std::vector<std::string>* sink) { g_missing = sink; }

}  // namespace tp
