// export.cpp — a plan as each framework's config (launch.h ExportLaunch). Every value comes from what the
// plan decided (the resolved layout, the job's workload); what a format cannot say comes from LaunchRules, as a
// refusal or a note, and the header says the same in the file itself.
#include <algorithm>
#include <cmath>

#include "band_text.h"
#include "bands.h"
#include "catalog.h"
#include "format.h"
#include "i18n_core.h"
#include "launch.h"
#include "launch_doc.h"
#include "launch_models.h"
#include "max_seq_best.h"
#include "model.h"
#include "pipeline.h"
#include "presets.h"
#include "resolve.h"
#include "rules.h"
#include "stack.h"
#include "text.h"

// GCC 12 reports -Wrestrict falsely for `"literal" + std::string&&` once inlined (GCC bug 105329), as cli.cpp says.
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ == 12
#pragma GCC diagnostic ignored "-Wrestrict"
#endif

namespace tp {
namespace {

using launch::Doc;
using launch::PyValue;
using launch::Value;

// The decisions every format writes, read once from the plan.
struct Facts {
  const PlanOutput& o;
  const Config& c;
  const Layout& l;
  const Workload& w;
  int gbs = 1, mbs = 1, dp = 1, ga = 1, seq = 2048, gpus = 1, per_node = 8, nodes = 1;
  long long steps = 0;
  std::string model_id;  // Hugging Face id, or a placeholder
  std::string preset;
  int alpha = 32;

  explicit Facts(const PlanOutput& out) : o(out), c(out.config), l(out.plan.layout), w(out.job.work) {
    gbs = std::max(1, out.plan.global_batch);
    mbs = std::max(1, l.mbs);
    dp = std::max(1, l.dp);
    ga = std::max(1, gbs / std::max(1, mbs * dp));
    seq = w.seq;
    gpus = std::max(1, out.job.hw.gpus);
    per_node = std::max(1, std::min(gpus, out.job.hw.gpus_per_node));
    nodes = (gpus + per_node - 1) / per_node;
    steps = (long long)std::llround(out.plan.run.steps);
    model_id = launch::ModelId(c);
    if (model_id.empty()) model_id = "your-org/your-model";
    preset = launch::PresetOf(c);
    alpha = 2 * std::max(1, w.lora_r);  // not a plan decision: the common 2 x r (PEFT, LLaMA-Factory's default)
  }
  bool Lora() const { return w.method != Method::Full; }
  // The routed experts' parameters PEFT adapts for lora_targets=all on a mixture of experts (target_parameters: the
  // only way PEFT reaches Transformers v5's 3-D expert weights); empty otherwise.
  std::vector<std::string> ExpertParameters() const {
    if (!Lora() || c.lora_targets != "all") return {};
    return launch::HfExpertParameters(o.job.model);
  }
  // PEFT's LoRA of a parameter (ParamWrapper) refuses dropout: 0 where the experts are adapted (formats.cpp's rule).
  double LoraDropout() const { return ExpertParameters().empty() ? w.lora_dropout : 0; }
  // Replica groups of hybrid sharding (rules.h ShardReplicas): 1 where one group holds every data-parallel rank.
  int Replicas() const { return ShardReplicas(l, w.dp_shard); }
  bool Qlora() const { return w.method == Method::Qlora; }
  const char* TorchDtype() const {
    return w.prec == Precision::Fp32 ? "torch.float32" : w.prec == Precision::Fp16 ? "torch.float16" : "torch.bfloat16";
  }
  // Transformers' attn_implementation for the plan's attention: FlashAttention 2 where the GPU runs it, else SDPA (its
  // memory-efficient kernel: the same O(s) memory) on a T4 or V100 (catalog.h RunsFlashAttention2); eager without
  // flash.
  bool Fa2() const { return w.flash && (!o.job.hw.gpu || RunsFlashAttention2(*o.job.hw.gpu)); }
  const char* AttnImpl() const { return !w.flash ? "eager" : Fa2() ? "flash_attention_2" : "sdpa"; }
  const char* DtypeName() const {
    return w.prec == Precision::Fp32 ? "float32" : w.prec == Precision::Fp16 ? "float16" : "bfloat16";
  }
  // GPUs a node as launchers that place them exactly want them (Ray's num_gpus_per_node, deepspeed's --num_gpus):
  // the largest divisor of the plan's GPUs that a node holds (12 as 2 x 6, not whole nodes rounded up, 2 x 8).
  int ExactPerNode() const {
    int p = per_node;
    while (gpus % p != 0) --p;
    return p;
  }
  // The deepspeed launcher: --num_gpus on each of --num_nodes.
  std::string DeepSpeedLauncher(const std::string& module) const {
    const int p = ExactPerNode(), n = gpus / p;
    return "deepspeed" + (n > 1 ? " --num_nodes " + std::to_string(n) : std::string()) + " --num_gpus " +
           std::to_string(p) + " --module " + module;
  }
  std::string Torchrun(const std::string& script) const {
    if (gpus == 1) return "python " + script;
    return "torchrun --nproc_per_node " + std::to_string(per_node) +
           (nodes > 1 ? " --nnodes " + std::to_string(nodes) + " --node_rank $NODE_RANK --master_addr $MASTER_ADDR"
                      : "") +
           " " + script;
  }
};

// TrainingArguments' optim names (transformers OptimizerNames, hf.json emit_notes).
const char* HfOptim(Optimizer o, bool unsloth = false) {
  switch (o) {
    case Optimizer::AdamW: return "adamw_torch";
    case Optimizer::AdamW8bit: return unsloth ? "adamw_8bit" : "adamw_bnb_8bit";
    case Optimizer::Sgd: return "sgd";
    case Optimizer::PagedAdamW: return "paged_adamw_32bit";
    case Optimizer::PagedAdamW8bit: return "paged_adamw_8bit";
  }
  return "adamw_torch";
}

// ---- the Python files -----------------------------------------------------------------------------------
struct PyCall {
  std::string target, callee;
  std::vector<std::string> positional;
  std::vector<std::pair<std::string, Value>> kw;
  void Kw(std::string k, Value v) { kw.emplace_back(std::move(k), std::move(v)); }
};

std::string Render(const PyCall& call) {
  std::string s = (call.target.empty() ? "" : call.target + " = ") + call.callee + "(\n";
  for (const std::string& p : call.positional) s += "    " + p + ",\n";
  for (const auto& [k, v] : call.kw) s += "    " + k + "=" + PyValue(v) + ",\n";
  return s + ")\n";
}

std::string PyHeader(const std::vector<std::string>& header) {
  std::string s;
  for (const std::string& line : header) s += "#" + (line.empty() ? "" : " " + line) + "\n";
  return s;
}

// TrainingArguments' own fields for the plan (hf, trl and unsloth's SFTConfig inherit them).
void TrainerArgs(const Facts& f, PyCall& args, bool unsloth) {
  args.Kw("output_dir", Value::Str("out"));
  args.Kw("per_device_train_batch_size", Value::Int(f.mbs));
  args.Kw("gradient_accumulation_steps", Value::Int(f.ga));
  if (f.steps > 0) args.Kw("max_steps", Value::Int(f.steps));
  if (f.w.prec == Precision::Bf16) args.Kw("bf16", Value::Bool(true));
  if (f.w.prec == Precision::Fp16) args.Kw("fp16", Value::Bool(true));
  if (!unsloth) args.Kw("gradient_checkpointing", Value::Bool(f.l.recompute == Recompute::Full));
  // The plan's logits at a fused loss's bytes (logit_bytes, max_seq_best.h PlansFusedLoss): Liger Kernel's, which the
  // Trainer patches in (Unsloth's own loss is already fused).
  if (!unsloth && PlansFusedLoss(f.o.job)) args.Kw("use_liger_kernel", Value::Bool(true));
  if (!unsloth && f.w.compiled) args.Kw("torch_compile", Value::Bool(true));  // the plan's torch.compile
  args.Kw("optim", Value::Str(HfOptim(f.w.opt, unsloth)));
  if (!unsloth && f.l.zero > 0) {
    // Hybrid sharding within a node (formats.cpp refuses any other group): FSDP's HYBRID_SHARD and its ZeRO-2 form.
    const bool hybrid = f.Replicas() > 1;
    std::string fsdp =
        f.l.zero >= 3 ? (hybrid ? "hybrid_shard" : "full_shard") : (hybrid ? "hybrid_shard_zero2" : "shard_grad_op");
    if (f.l.offload == Offload::Cpu) fsdp += " offload";
    args.Kw("fsdp", Value::Str(fsdp + " auto_wrap"));
  }
}

PyCall LoraCall(const Facts& f, const char* target, bool* rewritten) {
  PyCall lora{target, "LoraConfig", {}, {}};
  lora.Kw("r", Value::Int(f.w.lora_r));
  lora.Kw("lora_alpha", Value::Int(f.alpha));
  lora.Kw("lora_dropout", Value::Real(f.LoraDropout()));
  if (f.w.dora) lora.Kw("use_dora", Value::Bool(true));  // PEFT's DoRA (method=dora, qdora)
  if (f.c.lora_targets == "all")
    lora.Kw("target_modules", Value::Str("all-linear"));
  else
    lora.Kw("target_modules", Value::Strs(launch::HfTargetModules(f.c, f.o.job.model, f.c.lora_targets, rewritten)));
  if (const std::vector<std::string> experts = f.ExpertParameters(); !experts.empty())
    lora.Kw("target_parameters", Value::Strs(experts));  // the routed experts (launch_models.h)
  lora.Kw("task_type", Value::Str("CAUSAL_LM"));
  return lora;
}

PyCall BnbCall(const Facts& f) {
  PyCall bnb{"bnb_config", "BitsAndBytesConfig", {}, {}};
  bnb.Kw("load_in_4bit", Value::Bool(true));
  bnb.Kw("bnb_4bit_quant_type", Value::Str("nf4"));
  bnb.Kw("bnb_4bit_use_double_quant", Value::Bool(true));
  bnb.Kw("bnb_4bit_compute_dtype", Value::Raw(f.TorchDtype()));
  return bnb;
}

std::string ExportHf(const Facts& f, const std::vector<std::string>& header, bool* rewritten) {
  std::string s = PyHeader(header) + "import torch\n";
  // PEFT's k-bit preparation where the plan has it (kbit_prep: norms, embeddings and head in fp32, as the memory
  // counts).
  const bool prep = f.Qlora() && f.w.kbit_prep;
  if (f.Lora())
    s += std::string("from peft import LoraConfig, get_peft_model") +
         (prep ? ", prepare_model_for_kbit_training" : "") + "\n";
  s += std::string("from transformers import AutoModelForCausalLM, ") + (f.Qlora() ? "BitsAndBytesConfig, " : "") +
       "Trainer, TrainingArguments\n\n";
  s += "MODEL_ID = " + launch::PyString(f.model_id) + "\n";
  s += "MAX_LENGTH = " + std::to_string(f.seq) + "  # tokenize with truncation=True, max_length=MAX_LENGTH\n\n";
  if (f.Qlora()) s += Render(BnbCall(f));
  PyCall model{"model", "AutoModelForCausalLM.from_pretrained", {"MODEL_ID"}, {}};
  model.Kw("dtype", Value::Raw(f.TorchDtype()));
  model.Kw("attn_implementation", Value::Str(f.AttnImpl()));
  if (f.Qlora()) model.Kw("quantization_config", Value::Raw("bnb_config"));
  s += Render(model);
  if (prep) s += "model = prepare_model_for_kbit_training(model)\n";
  if (f.Lora()) s += Render(LoraCall(f, "lora_config", rewritten)) + "model = get_peft_model(model, lora_config)\n";
  PyCall args{"training_args", "TrainingArguments", {}, {}};
  TrainerArgs(f, args, false);
  s += Render(args);
  s += "train_dataset = ...  # your tokenized dataset\n";
  s += "trainer = Trainer(model=model, args=training_args, train_dataset=train_dataset)\ntrainer.train()\n";
  return s;
}

// GRPO's own fields (TRL v1.9.0 GRPOConfig, trl.json): responses per prompt, their cap, the rollout engine and
// its memory fraction and tensor parallelism, colocated or a separate server, the KL reference (beta > 0 loads
// it), and the optimizer steps per generation (steps_per_generation counts micro-steps: rl_updates x the
// accumulation).
void GrpoArgs(const Facts& f, PyCall& args) {
  const RlSetup& r = f.o.job.rl;
  args.Kw("num_generations", Value::Int(r.samples));
  args.Kw("max_completion_length", Value::Int(int(r.max_response_len)));
  args.Kw("steps_per_generation", Value::Int(std::max(1, r.updates) * f.ga));
  const bool vllm = r.engine != RlEngine::Hf;
  args.Kw("use_vllm", Value::Bool(vllm));
  if (vllm) {
    args.Kw("vllm_mode", Value::Str(r.colocate ? "colocate" : "server"));
    if (r.colocate) {
      args.Kw("vllm_gpu_memory_utilization", Value::Real(r.kv_frac));
      if (r.sleep) args.Kw("vllm_enable_sleep_mode", Value::Bool(true));  // rl_sleep (default False: awake)
      args.Kw("vllm_tensor_parallel_size", Value::Int(std::max(1, r.rollout_tp)));
    }
  }
  // 0 (TRL's default) loads no reference model; the common KL coefficient 0.04 when the plan keeps one (DeepSeekMath).
  args.Kw("beta", Value::Real(r.ref ? 0.04 : 0.0));
}

std::string ExportTrl(const Facts& f, const std::vector<std::string>& header, bool* rewritten) {
  const RlAlgo algo = f.o.job.rl.algo;
  const bool grpo = algo == RlAlgo::Grpo, dpo = algo == RlAlgo::Dpo;
  const std::string kind = grpo ? "GRPO" : dpo ? "DPO" : "SFT";
  std::string s = PyHeader(header);
  if (f.Qlora()) s += "import torch\n";
  if (f.Lora()) s += "from peft import LoraConfig\n";
  if (f.Qlora()) s += "from transformers import BitsAndBytesConfig\n";
  s += "from trl import " + kind + "Config, " + kind + "Trainer\n\n";
  s += "MODEL_ID = " + launch::PyString(f.model_id) + "\n\n";
  if (f.Qlora()) s += Render(BnbCall(f));
  if (f.Lora()) s += Render(LoraCall(f, "peft_config", rewritten));
  PyCall args{"training_args", kind + "Config", {}, {}};
  TrainerArgs(f, args, false);
  // DPOTrainer's batch counts preference pairs, each a chosen and a rejected sequence in one forward
  // (concatenated_forward): the plan's micro-batch of sequences is half as many pairs (formats.cpp says an odd one).
  if (dpo)
    for (auto& [k, v] : args.kw)
      if (k == "per_device_train_batch_size") v = Value::Int((f.mbs + 1) / 2);
  if (grpo)
    GrpoArgs(f, args);  // GRPOConfig has no max_length: prompts are the dataset's, responses max_completion_length
  else
    args.Kw("max_length", Value::Int(f.seq));
  if (!grpo && f.w.offload_checkpoints && f.l.recompute == Recompute::Full)
    args.Kw("activation_offloading", Value::Bool(true));
  Value init;
  init.kind = Value::Kind::Map;
  init.list = {Value::Str("dtype"), Value::Str(f.DtypeName()), Value::Str("attn_implementation"),
               Value::Str(f.AttnImpl())};
  args.Kw("model_init_kwargs", init);
  s += Render(args);
  s += grpo  ? "train_dataset = ...  # your prompts (datasets.load_dataset(...), a \"prompt\" column)\n"
               "def reward_fn(completions, **kwargs):  # your reward: a rule or a model's score per completion\n"
               "    return [0.0 for _ in completions]\n"
       : dpo ? "train_dataset = ...  # your preference pairs (\"prompt\", \"chosen\", \"rejected\")\n"
             : "train_dataset = ...  # your dataset (datasets.load_dataset(...))\n";
  PyCall trainer{"trainer", kind + "Trainer", {}, {}};
  trainer.Kw("model", Value::Raw("MODEL_ID"));
  if (grpo) trainer.Kw("reward_funcs", Value::Raw("reward_fn"));
  trainer.Kw("args", Value::Raw("training_args"));
  trainer.Kw("train_dataset", Value::Raw("train_dataset"));
  if (f.Lora()) trainer.Kw("peft_config", Value::Raw("peft_config"));
  if (f.Qlora()) trainer.Kw("quantization_config", Value::Raw("bnb_config"));
  return s + Render(trainer) + "trainer.train()\n";
}

std::string ExportUnsloth(const Facts& f, const std::vector<std::string>& header, bool* rewritten) {
  std::string s = PyHeader(header) +
                  "import torch\nfrom unsloth import FastLanguageModel\nfrom trl import SFTConfig, SFTTrainer\n\n";
  const bool offloaded = f.l.recompute == Recompute::Full && f.w.offload_checkpoints;
  const Value checkpointing =
      f.l.recompute == Recompute::Full ? (offloaded ? Value::Str("unsloth") : Value::Bool(true)) : Value::Bool(false);
  PyCall load{"model, tokenizer", "FastLanguageModel.from_pretrained", {}, {}};
  load.Kw("model_name", Value::Str(f.model_id));
  load.Kw("max_seq_length", Value::Int(f.seq));
  load.Kw("dtype", Value::Raw(f.TorchDtype()));
  load.Kw("load_in_4bit", Value::Bool(f.Qlora()));
  load.Kw("full_finetuning", Value::Bool(!f.Lora()));
  if (!f.Lora()) load.Kw("use_gradient_checkpointing", checkpointing);
  s += Render(load);
  if (f.Lora()) {
    PyCall peft{"model", "FastLanguageModel.get_peft_model", {"model"}, {}};
    peft.Kw("r", Value::Int(f.w.lora_r));
    peft.Kw("lora_alpha", Value::Int(f.alpha));
    peft.Kw("lora_dropout", Value::Real(f.w.lora_dropout));
    peft.Kw("target_modules", Value::Strs(launch::HfTargetModules(f.c, f.o.job.model, f.c.lora_targets, rewritten)));
    // DoRA through **kwargs to PEFT's LoraConfig (core/stack/capabilities.cpp's Unsloth row, llama.py @015bdef).
    if (f.w.dora) peft.Kw("use_dora", Value::Bool(true));
    peft.Kw("use_gradient_checkpointing", checkpointing);
    s += Render(peft);
  }
  PyCall args{"training_args", "SFTConfig", {}, {}};
  TrainerArgs(f, args, true);
  args.Kw("max_length", Value::Int(f.seq));
  s += Render(args);
  s += "train_dataset = ...  # your dataset (datasets.load_dataset(...))\n";
  return s +
         "trainer = SFTTrainer(model=model, processing_class=tokenizer, train_dataset=train_dataset, "
         "args=training_args)\n" +
         "trainer.train()\n";
}

// ---- JSON, YAML, TOML, arguments ------------------------------------------------------------------------
Doc ExportDeepSpeed(const Facts& f) {
  Doc d;
  d.Add("train_batch_size", Value::Int(f.gbs));
  d.Add("train_micro_batch_size_per_gpu", Value::Int(f.mbs));
  d.Add("gradient_accumulation_steps", Value::Int(f.ga));
  if (f.w.prec == Precision::Bf16) d.Add("bf16.enabled", Value::Bool(true));
  if (f.w.prec == Precision::Fp16) {
    d.Add("fp16.enabled", Value::Bool(true));
    d.Add("fp16.loss_scale", Value::Int(0));  // dynamic loss scaling
  }
  d.Add("zero_optimization.stage", Value::Int(f.l.zero));
  // Hybrid sharding: MiCS's shard groups (ZeRO-3; formats.cpp refuses a lower stage).
  if (f.Replicas() > 1) d.Add("zero_optimization.mics_shard_size", Value::Int(f.w.dp_shard));
  if (f.l.offload != Offload::None) {
    const char* device = f.l.offload == Offload::Nvme ? "nvme" : "cpu";
    d.Add("zero_optimization.offload_optimizer.device", Value::Str(device));
    if (f.l.offload == Offload::Nvme) d.Add("zero_optimization.offload_optimizer.nvme_path", Value::Str("/local_nvme"));
    if (f.l.zero >= 3) {  // ZeRO-3 offloads the parameter shards too (ZeRO-Infinity), as the plan counts them
      d.Add("zero_optimization.offload_param.device", Value::Str(device));
      if (f.l.offload == Offload::Nvme) d.Add("zero_optimization.offload_param.nvme_path", Value::Str("/local_nvme"));
    }
  }
  if (f.w.opt == Optimizer::AdamW) d.Add("optimizer.type", Value::Str("AdamW"));
  return d;
}

std::string DeepSpeedLaunch(const Facts& f) {
  std::string s = f.Torchrun("train.py") + " --deepspeed ds_config.json --per_device_train_batch_size " +
                  std::to_string(f.mbs) + " --gradient_accumulation_steps " + std::to_string(f.ga);
  if (f.w.prec == Precision::Bf16) s += " --bf16 true";
  if (f.w.prec == Precision::Fp16) s += " --fp16 true";
  if (f.l.recompute == Recompute::Full) s += " --gradient_checkpointing true";
  if (f.w.opt != Optimizer::AdamW) s += std::string(" --optim ") + HfOptim(f.w.opt);
  if (f.steps > 0) s += " --max_steps " + std::to_string(f.steps);
  return s + " --output_dir out";
}

Doc ExportTorchtune(const Facts& f) {
  Doc d;
  const bool distributed = f.dp > 1;
  d.Add("output_dir", Value::Str("/tmp/torchtune/" + (f.preset.empty() ? std::string("model") : f.preset)));
  d.Add("model._component_", Value::Str(launch::TorchtuneBuilder(f.c, f.w.method)));
  if (f.Lora()) {
    std::vector<std::string> attn = {"q_proj", "v_proj"};
    if (f.c.lora_targets != "qv") attn = {"q_proj", "k_proj", "v_proj", "output_proj"};
    d.Add("model.lora_attn_modules", Value::Strs(attn));
    // "dense" is every MLP of a dense model (torchtune's builders here are dense models: NoTorchtuneBuilder).
    d.Add("model.apply_lora_to_mlp", Value::Bool(f.c.lora_targets == "all" || f.c.lora_targets == "dense"));
    d.Add("model.lora_rank", Value::Int(f.w.lora_r));
    d.Add("model.lora_alpha", Value::Int(f.alpha));
    d.Add("model.lora_dropout", Value::Real(f.w.lora_dropout));
    if (f.w.dora) d.Add("model.use_dora", Value::Bool(true));  // torchtune's DoRALinear
  }
  d.Add("tokenizer._component_", Value::Str(launch::TorchtuneTokenizer(f.c)));
  d.Add("tokenizer.path", Value::Str("/tmp/model/original/tokenizer.model"));
  d.Add("tokenizer.max_seq_len", Value::Int(f.seq));
  d.Add("checkpointer._component_", Value::Str("torchtune.training.FullModelHFCheckpointer"));
  d.Add("checkpointer.checkpoint_dir", Value::Str("/tmp/model"));
  d.Add("checkpointer.checkpoint_files", Value::Strs({"model.safetensors"}));
  d.Add("checkpointer.output_dir", Value::Str("${output_dir}"));
  d.Add("checkpointer.model_type", Value::Str(launch::TorchtuneModelType(f.c)));
  d.Add("dataset._component_", Value::Str("torchtune.datasets.alpaca_cleaned_dataset"));
  d.Add("dataset.packed", Value::Bool(false));
  d.Add("batch_size", Value::Int(f.mbs));
  d.Add("gradient_accumulation_steps", Value::Int(f.ga));
  d.Add("epochs", Value::Int(1));
  const char* opt = f.w.opt == Optimizer::AdamW        ? "torch.optim.AdamW"
                    : f.w.opt == Optimizer::Sgd        ? "torch.optim.SGD"
                    : f.w.opt == Optimizer::AdamW8bit  ? "bitsandbytes.optim.AdamW8bit"
                    : f.w.opt == Optimizer::PagedAdamW ? "bitsandbytes.optim.PagedAdamW"
                                                       : "bitsandbytes.optim.PagedAdamW8bit";
  d.Add("optimizer._component_", Value::Str(opt));
  d.Add("optimizer.lr", Value::Real(f.Lora() ? 3e-4 : 2e-5));
  if (f.w.opt == Optimizer::AdamW) d.Add("optimizer.fused", Value::Bool(true));
  if (!f.Lora()) d.Add("optimizer_in_bwd", Value::Bool(f.w.optimizer_in_backward));
  d.Add("loss._component_", Value::Str("torchtune.modules.loss.CEWithChunkedOutputLoss"));
  d.Add("device", Value::Str("cuda"));
  d.Add("dtype", Value::Str(f.w.prec == Precision::Fp32 ? "fp32" : "bf16"));
  d.Add("enable_activation_checkpointing", Value::Bool(f.l.recompute == Recompute::Full));
  d.Add("enable_activation_offloading", Value::Bool(f.l.recompute == Recompute::Full && f.w.offload_checkpoints));
  d.Add("compile", Value::Bool(f.w.compiled));  // the plan's torch.compile (its saved tensors and speed)
  if (distributed) {
    d.Add("fsdp_reshard_after_forward", Value::Bool(f.l.zero >= 3));
    d.Add("fsdp_cpu_offload", Value::Bool(f.l.offload == Offload::Cpu));
  }
  return d;
}

std::string TorchtuneLaunch(const Facts& f) {
  const std::string recipe =
      std::string(f.Lora() ? "lora" : "full") + "_finetune_" + (f.dp > 1 ? "distributed" : "single_device");
  if (f.dp > 1)
    return "tune run --nproc_per_node " + std::to_string(f.per_node) +
           (f.nodes > 1 ? " --nnodes " + std::to_string(f.nodes) : "") + " " + recipe + " --config config.yaml";
  return "tune run " + recipe + " --config config.yaml";
}

Doc ExportAxolotl(const Facts& f, bool* rewritten) {
  Doc d;
  d.Add("base_model", Value::Str(f.model_id));
  if (f.Qlora()) d.Add("load_in_4bit", Value::Bool(true));
  if (f.Lora()) {
    d.Add("adapter", Value::Str(f.Qlora() ? "qlora" : "lora"));
    d.Add("lora_r", Value::Int(f.w.lora_r));
    d.Add("lora_alpha", Value::Int(f.alpha));
    d.Add("lora_dropout", Value::Real(f.LoraDropout()));
    if (f.w.dora) d.Add("peft_use_dora", Value::Bool(true));
    // The routed experts in 4 bits (qlora_experts): Axolotl's quantize_moe_experts, which refuses lora_target_linear,
    // so the modules are named (the experts through lora_target_parameters below).
    const bool experts4 = f.Qlora() && f.w.qlora_experts && f.o.job.model.experts > 1;
    if (experts4) d.Add("quantize_moe_experts", Value::Bool(true));
    if (f.c.lora_targets == "all" && experts4)
      d.Add("lora_target_modules", Value::Strs(launch::HfTargetModules(f.c, f.o.job.model, "dense", rewritten)));
    else if (f.c.lora_targets == "all")
      d.Add("lora_target_linear", Value::Bool(true));
    else
      d.Add("lora_target_modules",
            Value::Strs(launch::HfTargetModules(f.c, f.o.job.model, f.c.lora_targets, rewritten)));
    // The routed experts through PEFT's target_parameters (launch_models.h; Axolotl's adapter.py passes it on).
    if (const std::vector<std::string> experts = f.ExpertParameters(); !experts.empty())
      d.Add("lora_target_parameters", Value::Strs(experts));
  }
  d.Add("sequence_len", Value::Int(f.seq));
  d.Add("micro_batch_size", Value::Int(f.mbs));
  d.Add("gradient_accumulation_steps", Value::Int(f.ga));
  if (f.steps > 0) d.Add("max_steps", Value::Int(f.steps));
  d.Add("bf16", Value::Bool(f.w.prec == Precision::Bf16));
  d.Add("fp16", Value::Bool(f.w.prec == Precision::Fp16));
  const bool offloaded = f.l.recompute == Recompute::Full && f.w.offload_checkpoints;
  d.Add("gradient_checkpointing", f.l.recompute == Recompute::Full
                                      ? (offloaded ? Value::Str("offload") : Value::Bool(true))
                                      : Value::Bool(false));
  d.Add("optimizer", Value::Str(HfOptim(f.w.opt)));
  if (f.w.compiled) d.Add("torch_compile", Value::Bool(true));  // the plan's torch.compile
  d.Add("attn_implementation", Value::Str(f.AttnImpl()));
  if (f.l.tp > 1) d.Add("tensor_parallel_size", Value::Int(f.l.tp));
  if (f.l.cp > 1) d.Add("context_parallel_size", Value::Int(f.l.cp));
  if (f.l.zero == 1) d.Add("deepspeed", Value::Str("deepspeed_configs/zero1.json"));
  if (f.l.zero >= 2) {
    d.Add("fsdp_version", Value::Int(2));
    d.Add("fsdp_config.reshard_after_forward", Value::Bool(f.l.zero >= 3));
    if (f.l.offload == Offload::Cpu) d.Add("fsdp_config.offload_params", Value::Bool(true));
  }
  Value dataset;
  dataset.kind = Value::Kind::Map;
  dataset.list = {Value::Str("path"), Value::Str("tatsu-lab/alpaca"), Value::Str("type"), Value::Str("alpaca")};
  Value datasets;
  datasets.kind = Value::Kind::List;
  datasets.list = {dataset};
  d.Add("datasets", datasets);
  d.Add("output_dir", Value::Str("./outputs/out"));
  return d;
}

Doc ExportLlamaFactory(const Facts& f) {
  Doc d;
  d.Add("model_name_or_path", Value::Str(f.model_id));
  if (f.Qlora()) {
    d.Add("quantization_bit", Value::Int(4));
    d.Add("quantization_method", Value::Str("bnb"));
    d.Add("quantization_type", Value::Str("nf4"));
    d.Add("double_quantization", Value::Bool(true));
  }
  d.Add("flash_attn", Value::Str(!f.w.flash ? "disabled" : f.Fa2() ? "fa2" : "sdpa"));
  const bool dpo = f.o.job.rl.algo == RlAlgo::Dpo;
  d.Add("stage", Value::Str(dpo ? "dpo" : f.w.finetune ? "sft" : "pt"));
  d.Add("do_train", Value::Bool(true));
  d.Add("finetuning_type", Value::Str(f.Lora() ? "lora" : "full"));
  if (f.Lora()) {
    d.Add("lora_rank", Value::Int(f.w.lora_r));
    d.Add("lora_alpha", Value::Int(f.alpha));
    d.Add("lora_dropout", Value::Real(f.w.lora_dropout));
    if (f.w.dora) d.Add("use_dora", Value::Bool(true));
    std::string target = "all";
    if (f.c.lora_targets != "all") {
      target.clear();
      for (const std::string& m : launch::HfTargetModules(f.c, f.o.job.model, f.c.lora_targets))
        target += (target.empty() ? "" : ",") + m;
    }
    d.Add("lora_target", Value::Str(target));
  }
  if (f.l.zero > 0) {
    const int z = f.l.zero >= 3 ? 3 : 2;
    const bool off = f.l.offload == Offload::Cpu;
    d.Add("deepspeed",
          Value::Str("examples/deepspeed/ds_z" + std::to_string(z) + (off ? "_offload" : "") + "_config.json"));
  }
  if (dpo) {
    // FinetuningArguments (hparams/finetuning_args.py): use_ref_model = stage dpo and pref_loss not orpo or simpo;
    // the reference is then the adapter-free base under LoRA, a second copy of the model otherwise (create_ref_model),
    // as TRL's DPOTrainer, which CustomDPOTrainer is. pref_beta 0.1 is the field's default.
    d.Add("pref_beta", Value::Real(0.1));
    d.Add("pref_loss", Value::Str(f.o.job.rl.ref ? "sigmoid" : "simpo"));
  }
  d.Add("dataset", Value::Str(dpo ? "dpo_en_demo" : "alpaca_en_demo"));
  d.Add("cutoff_len", Value::Int(f.seq));
  d.Add("output_dir", Value::Str("saves/trainplan"));
  // stage dpo's batch counts pairs (a chosen and a rejected sequence each): the plan's micro-batch of sequences
  // is half as many (formats.cpp says an odd one).
  d.Add("per_device_train_batch_size", Value::Int(dpo ? (f.mbs + 1) / 2 : f.mbs));
  d.Add("gradient_accumulation_steps", Value::Int(f.ga));
  if (f.steps > 0) d.Add("max_steps", Value::Int(f.steps));
  d.Add("bf16", Value::Bool(f.w.prec == Precision::Bf16));
  d.Add("fp16", Value::Bool(f.w.prec == Precision::Fp16));
  d.Add("optim", Value::Str(HfOptim(f.w.opt)));
  // LLaMA-Factory checkpoints by default (BaseModelArguments.disable_gradient_checkpointing = False).
  d.Add("disable_gradient_checkpointing", Value::Bool(f.l.recompute != Recompute::Full));
  if (PlansFusedLoss(f.o.job)) d.Add("enable_liger_kernel", Value::Bool(true));  // Liger's fused loss, as planned
  if (f.w.compiled) d.Add("torch_compile", Value::Bool(true));                   // the plan's torch.compile
  return d;
}

std::string LlamaFactoryLaunch(const Facts& f) {
  if (f.gpus == 1) return "llamafactory-cli train train.yaml";
  return std::string("FORCE_TORCHRUN=1 ") +
         (f.nodes > 1 ? "NNODES=" + std::to_string(f.nodes) + " NODE_RANK=$NODE_RANK MASTER_ADDR=$MASTER_ADDR " : "") +
         "llamafactory-cli train train.yaml";
}

Doc ExportTorchtitan(const Facts& f) {
  Doc d;
  const launch::TitanModel m = launch::TorchtitanModel(f.c);
  d.Add("job.description", Value::Str("TrainPlan: " + f.model_id));
  d.Add("model.name", Value::Str(m.name ? m.name : ""));
  d.Add("model.flavor", Value::Str(m.flavor ? m.flavor : ""));
  d.Add("model.hf_assets_path", Value::Str("./assets/hf/" + f.model_id.substr(f.model_id.find('/') + 1)));
  if (f.w.prec == Precision::Fp8) d.Add("model.converters", Value::Strs({"quantize.linear.float8"}));
  // A local batch is one pipeline schedule's micro-batches (the fsdp stack's rule, job.h PipelineSchedules).
  const int per_step = std::max(1, f.gbs / std::max(1, f.mbs * f.dp));
  const int per_schedule =
      f.l.pp > 1 ? (f.w.pp_microbatches > 0 ? std::min(f.w.pp_microbatches, per_step) : per_step) : 1;
  d.Add("training.local_batch_size", Value::Int((long long)f.mbs * per_schedule));
  d.Add("training.global_batch_size", Value::Int(f.gbs));
  d.Add("training.seq_len", Value::Int(f.seq));
  if (f.steps > 0) d.Add("training.steps", Value::Int(f.steps));
  d.Add("training.mixed_precision_param", Value::Str(f.w.prec == Precision::Fp32 ? "float32" : "bfloat16"));
  if (f.l.offload == Offload::Cpu) d.Add("training.enable_cpu_offload", Value::Bool(true));
  // DDP (zero=0), FSDP over every data-parallel rank, or HSDP: replicas of dp_shard-rank shard groups.
  const int replicas = f.l.zero == 0 ? f.dp : f.Replicas();
  d.Add("parallelism.data_parallel_replicate_degree", Value::Int(replicas));
  d.Add("parallelism.data_parallel_shard_degree", Value::Int(f.dp / replicas));
  if (f.l.zero > 0) d.Add("parallelism.fsdp_reshard_after_forward", Value::Str(f.l.zero >= 3 ? "default" : "never"));
  d.Add("parallelism.tensor_parallel_degree", Value::Int(f.l.tp));
  d.Add("parallelism.pipeline_parallel_degree", Value::Int(f.l.pp));
  if (f.l.pp > 1) {
    // The planned schedule by torch.distributed.pipelining's name (the export refuses those it lacks: formats.cpp),
    // and its stages per rank as layers per stage.
    const PipeSchedule sched = ScheduleOf(f.l);
    const char* name = launch::TorchtitanSchedule(int(sched));
    d.Add("parallelism.pipeline_parallel_schedule", Value::Str(name ? name : "1F1B"));
    d.Add("parallelism.pipeline_parallel_microbatch_size", Value::Int(f.mbs));
    const int stages = f.l.pp * PipelineChunks(sched, f.l.vp);
    if (stages > f.l.pp && f.o.job.model.layers % stages == 0)
      d.Add("parallelism.pipeline_parallel_layers_per_stage", Value::Int(f.o.job.model.layers / stages));
    // DualPipeV overlaps the expert all-to-all by default and refuses that with activation checkpointing
    // (get_dual_pipe_v_flag, torchtitan/distributed/dual_pipe_v.py): off where the plan recomputes, as it plans it.
    if (sched == PipeSchedule::DualPipeV && f.l.ep > 1)
      d.Add("parallelism.pipeline_parallel_expert_parallel_overlap", Value::Bool(f.l.recompute == Recompute::None));
  }
  d.Add("parallelism.context_parallel_degree", Value::Int(f.l.cp));
  d.Add("parallelism.expert_parallel_degree", Value::Int(f.l.ep));
  // Async tensor parallelism, the plan's tp_overlap, is "currently only effective when compile is enabled"
  // (job_config.py): both written where the plan overlaps, compile alone where the plan compiles.
  const bool async_tp = f.w.tp_overlap && f.l.tp > 1 && f.l.sp;
  if (async_tp) d.Add("parallelism.enable_async_tensor_parallel", Value::Bool(true));
  if (async_tp || f.w.compiled) d.Add("compile.enable", Value::Bool(true));
  d.Add("activation_checkpoint.mode", Value::Str(Name(f.l.recompute)));
  if (f.l.recompute == Recompute::Selective) d.Add("activation_checkpoint.selective_ac_option", Value::Str("op"));
  d.Add("optimizer.name", Value::Str("AdamW"));
  return d;
}

// Megatron-Core's --pipeline-model-parallel-layout for the plan's split (pipeline_parallel_layer_layout.py: "E" the
// embedding, "t" a transformer layer, "L" the loss, "|" between virtual stages, "t*n" n of them): virtual stage j, in
// model order, on rank j % pp as its chunk j / pp; each rank's blocks as the stage model counts them (model.h
// BlocksOnStage) dealt over its vp chunks, the remainder to its first chunks.
std::string MegatronLayout(const Facts& f) {
  const int pp = std::max(1, f.l.pp), vp = std::max(1, f.l.vp);
  std::string s;
  for (int j = 0; j < pp * vp; ++j) {
    const int count = BlocksOnStage(f.o.job.facts.pc, pp, j % pp).Count();
    const int n = count / vp + (j / pp < count % vp ? 1 : 0);
    if (j > 0) s += "|";
    if (j == 0) s += "E";
    if (n > 0) s += n == 1 ? "t" : "t*" + std::to_string(n);
    if (j == pp * vp - 1) s += "L";
  }
  return s;
}

// Megatron-Core's recomputation as the file spells its fields: Megatron-LM's flags ("--recompute-granularity"), or
// verl's Megatron workers' override_transformer_config (`prefix` + "recompute_granularity"; verl's DeepSeek-V3 script
// writes full as granularity full, method uniform, one layer a unit). Its recompute_modules apply under the selective
// granularity (transformer_config.py): the plan's modules (recompute_mla_up, recompute_moe_act) beside core_attn where
// it recomputes selectively, alone where it does not.
void AddMegatronRecompute(const Facts& f, Doc& d, const std::string& prefix = "--", bool flags = true) {
  auto key = [&](std::string field) {
    if (flags) std::replace(field.begin(), field.end(), '_', '-');
    return prefix + (flags ? "recompute-" : "recompute_") + field;
  };
  if (f.l.recompute == Recompute::Full) {
    d.Add(key("granularity"), Value::Str("full"));
    d.Add(key("method"), Value::Str("uniform"));
    d.Add(key("num_layers"), Value::Int(1));
    return;
  }
  std::vector<std::string> modules;
  if (f.l.recompute == Recompute::Selective) modules.push_back("core_attn");
  if (f.w.mla_up_recompute) modules.push_back("mla_up_proj");
  if (f.w.moe_act_recompute) modules.push_back("moe_act");
  if (modules.empty()) return;
  d.Add(key("granularity"), Value::Str("selective"));
  if (modules != std::vector<std::string>{"core_attn"}) d.Add(key("modules"), Value::Strs(modules));  // default
}

Doc ExportMegatron(const Facts& f) {
  Doc d;
  const ModelArch& a = f.o.job.model;
  auto add = [&](const char* flag, long long v) { d.Add(flag, Value::Int(v)); };
  auto flag = [&](const char* name) { d.Add(name, Value::Bool(true)); };
  add("--num-layers", a.layers);
  add("--hidden-size", a.hidden);
  add("--num-attention-heads", a.heads);
  if (a.kv_heads > 0 && a.kv_heads < a.heads) {
    flag("--group-query-attention");
    add("--num-query-groups", a.kv_heads);
  }
  add("--ffn-hidden-size", a.ffn);
  if (a.head_dim > 0 && a.head_dim * a.heads != a.hidden) add("--kv-channels", a.head_dim);
  if (a.mlp == MlpKind::Swiglu) flag("--swiglu");
  if (!a.tied) flag("--untie-embeddings-and-output-weights");
  if (a.pos_embeddings == 0) {
    d.Add("--position-embedding-type", Value::Str("rope"));
    d.Add("--normalization", Value::Str("RMSNorm"));
  }
  if (!a.bias) flag("--disable-bias-linear");
  if (!a.bias && a.qkv_bias) flag("--add-qkv-bias");
  if (a.qk_norm != QkNorm::None) flag("--qk-layernorm");
  if (a.experts > 1) {
    add("--num-experts", a.experts);
    add("--moe-router-topk", a.topk);
    add("--moe-ffn-hidden-size", a.moe_ffn);
    if (a.shared_experts > 0) add("--moe-shared-expert-intermediate-size", (long long)a.shared_experts * a.moe_ffn);
    flag("--moe-grouped-gemm");
    // The dispatcher the plan sends the tokens with: Megatron-Core's alltoall (its default is allgather), or the flex
    // dispatcher (DeepEP) where the plan deduplicates the copies (ep_dedup).
    d.Add("--moe-token-dispatcher-type", Value::Str(f.o.job.assume.ep_dedup > 0 ? "flex" : "alltoall"));
    // Token dropping at a capacity factor, each expert's input padded to it, as planned.
    if (f.o.job.assume.moe_capacity > 0) {
      d.Add("--moe-expert-capacity-factor", Value::Real(f.o.job.assume.moe_capacity));
      if (f.o.job.assume.moe_pad > 0) flag("--moe-pad-expert-input-to-capacity");
    }
  }
  // The whole iteration replayed from CUDA graphs (core_v0.19's cuda_graph_impl "full_iteration").
  if (f.o.job.assume.full_graphs > 0) d.Add("--cuda-graph-impl", Value::Str("full_iteration"));
  if (a.kv_lora_rank > 0) {
    flag("--multi-latent-attention");
    if (a.q_lora_rank > 0) add("--q-lora-rank", a.q_lora_rank);
    add("--kv-lora-rank", a.kv_lora_rank);
    add("--qk-head-dim", a.qk_nope_dim);
    add("--qk-pos-emb-head-dim", a.qk_rope_dim);
    add("--v-head-dim", a.v_head_dim);
  }
  add("--seq-length", f.seq);
  const ModelPreset* preset = FindModel(f.preset);
  add("--max-position-embeddings",
      std::max(f.seq, preset && preset->arch.trained_seq > 0 ? preset->arch.trained_seq : f.seq));
  if (launch::ModelId(f.c).empty()) {
    d.Add("--tokenizer-type", Value::Str("NullTokenizer"));
    add("--vocab-size", a.vocab);
  } else {
    d.Add("--tokenizer-type", Value::Str("HuggingFaceTokenizer"));
    d.Add("--tokenizer-model", Value::Str(f.model_id));
  }
  d.Add("--hidden-dropout", Value::Real(f.w.dropout));
  d.Add("--attention-dropout", Value::Real(f.w.dropout));
  add("--micro-batch-size", f.mbs);
  add("--global-batch-size", f.gbs);
  if (f.steps > 0) add("--train-iters", f.steps);
  if (f.w.prec == Precision::Bf16 || f.w.prec == Precision::Fp8) flag("--bf16");
  // The gradient buffer in the parameters' 16 bits (grad_fp32=0): Megatron-LM reduces in fp32 under --bf16 otherwise.
  if ((f.w.prec == Precision::Bf16 || f.w.prec == Precision::Fp8) && !f.w.grad_fp32) flag("--grad-reduce-in-bf16");
  if (f.w.prec == Precision::Fp16) flag("--fp16");
  if (f.w.prec == Precision::Fp8) {
    d.Add("--fp8-format", Value::Str("hybrid"));
    // Per-tensor scaling is Megatron-Core's default recipe (delayed); the block and MX recipes by their names.
    if (f.w.fp8_recipe == Fp8Recipe::Block) d.Add("--fp8-recipe", Value::Str("blockwise"));
    if (f.w.fp8_recipe == Fp8Recipe::Mx) d.Add("--fp8-recipe", Value::Str("mxfp8"));
    if (f.w.fp8_params) flag("--fp8-param-gather");
  }
  add("--tensor-model-parallel-size", f.l.tp);
  add("--pipeline-model-parallel-size", f.l.pp);
  // Megatron-LM splits the layers evenly over pp x vp (arguments.py asserts it); with the embedding and the loss
  // counted as a layer each where that splits them (as Megatron-Bridge's Qwen3-235B-A22B recipe does, 94 + 2 over
  // PP 8 x VP 4); any other split as the plan's own, stage by stage (--pipeline-model-parallel-layout, which then
  // stands for the virtual stages too: Megatron-LM takes one of the two).
  const int chunks = f.l.pp * std::max(1, f.l.vp);
  const bool even = a.layers % chunks == 0, counted = !even && (a.layers + 2) % chunks == 0;
  const bool layout = f.l.pp > 1 && !even && !counted;
  if (f.l.pp > 1 && f.l.vp > 1 && !layout) add("--num-virtual-stages-per-pipeline-rank", f.l.vp);
  if (f.l.pp > 1 && counted) {
    flag("--account-for-embedding-in-pipeline-split");
    flag("--account-for-loss-in-pipeline-split");
  }
  if (layout) d.Add("--pipeline-model-parallel-layout", Value::Str(MegatronLayout(f)));
  add("--context-parallel-size", f.l.cp);
  if (f.l.cp > 1) d.Add("--cp-comm-type", Value::Str(Name(f.w.cp_comm)));
  add("--expert-model-parallel-size", f.l.ep);
  if (f.o.job.assume.moe_a2a_overlap > 0) flag("--overlap-moe-expert-parallel-comm");
  if (f.l.sp && f.l.tp > 1) flag("--sequence-parallel");
  if (f.w.tp_overlap && f.l.sp && f.l.tp > 1) flag("--tp-comm-overlap");
  if (f.l.zero == 1) flag("--use-distributed-optimizer");
  // Hybrid sharding: the distributed optimizer (or Megatron-FSDP) sharded within dp / instances ranks.
  if (const int instances = f.Replicas(); instances > 1) add("--num-distributed-optimizer-instances", instances);
  if (f.l.zero >= 2) {
    flag("--use-megatron-fsdp");
    d.Add("--data-parallel-sharding-strategy", Value::Str(f.l.zero >= 3 ? "optim_grads_params" : "optim_grads"));
  }
  if (f.l.offload == Offload::Cpu) flag("--optimizer-cpu-offload");
  AddMegatronRecompute(f, d);
  d.Add("--attention-backend", Value::Str(f.w.flash ? "flash" : "unfused"));
  d.Add("--optimizer", Value::Str(f.w.opt == Optimizer::Sgd ? "sgd" : "adam"));
  return d;
}

// The reward model's Hugging Face id (rl_reward names a preset), or a placeholder.
std::string RewardModelId(const Facts& f) {
  Config c;
  c.model = f.c.rl_reward;
  const std::string id = launch::ModelId(c);
  return id.empty() ? "your-org/your-reward-model" : id;
}

// verl's main_ppo (issue #32): a Hydra config extending verl's ppo_trainer (verl.json): GRPO or PPO (gae with a
// critic), the step's shape, the actor's strategy and layout, the rollout engine with its memory fraction, tensor
// parallelism and cap on sequences in flight, the KL reference, a reward model, the GPUs.
Doc ExportVerl(const Facts& f) {
  Doc d;
  const RlSetup& r = f.o.job.rl;
  const bool ppo = r.algo == RlAlgo::Ppo, megatron = StackOf(f.o.job).id == std::string("megatron");
  const std::string actor = "actor_rollout_ref.actor.", rollout = "actor_rollout_ref.rollout.";
  d.Add("hydra.searchpath", Value::Strs({"pkg://verl.trainer.config"}));
  // The Megatron actor's keys (actor.megatron.*) are in ppo_megatron_trainer's schema, not ppo_trainer's (verl's
  // Megatron scripts pass --config-name=ppo_megatron_trainer.yaml).
  d.Add("defaults", Value::Strs({megatron ? "ppo_megatron_trainer" : "ppo_trainer", "_self_"}));
  d.Add("algorithm.adv_estimator", Value::Str(ppo ? "gae" : "grpo"));
  d.Add("algorithm.use_kl_in_reward", Value::Bool(false));
  d.Add("data.train_batch_size", Value::Int(r.prompts));
  d.Add("data.max_prompt_length", Value::Int(int(r.prompt_len)));
  d.Add("data.max_response_length", Value::Int(int(r.max_response_len)));
  d.Add("actor_rollout_ref.model.path", Value::Str(f.model_id));
  // Recomputation: the Transformers model's gradient checkpointing on the FSDP actor; Megatron's own on the Megatron
  // actor (override_transformer_config, below), which ignores the model's flag.
  if (!megatron)
    d.Add("actor_rollout_ref.model.enable_gradient_checkpointing", Value::Bool(f.l.recompute == Recompute::Full));
  d.Add("actor_rollout_ref.model.use_remove_padding", Value::Bool(true));
  if (f.Lora()) {
    d.Add("actor_rollout_ref.model.lora_rank", Value::Int(f.w.lora_r));
    d.Add("actor_rollout_ref.model.lora_alpha", Value::Int(f.alpha));
  }
  // The optimizer on the CPU itself (offload=cpu) is FSDP2's offload_policy on verl's FSDP actor (fsdp_workers.py:
  // "if role == 'actor' and fsdp_config.offload_policy", strategy fsdp2 only), Megatron's optimizer_cpu_offload on
  // its Megatron actor (run_deepseek671b_math_megatron_96gb.sh's override_optimizer_config).
  const bool cpu_optimizer = f.l.offload == Offload::Cpu;
  const char* strategy = megatron ? "megatron" : cpu_optimizer ? "fsdp2" : "fsdp";  // the actor's, and PPO's critic's
  d.Add(actor + "strategy", Value::Str(strategy));
  // ppo_mini_batch_size counts prompts (verl multiplies it by rollout.n): the step's prompts over its updates.
  d.Add(actor + "ppo_mini_batch_size", Value::Int(std::max(1, r.prompts / std::max(1, r.updates))));
  d.Add(actor + "ppo_micro_batch_size_per_gpu", Value::Int(f.mbs));
  // A token budget (rl_mb_tokens, the replica's whole micro-batch): verl's dynamic batches, per GPU, which verl
  // multiplies back by the Ulysses or context-parallel size (dp_actor.py update_policy, megatron_actor.py).
  const int split = std::max(1, f.l.cp);
  if (r.mb_tokens > 0) {
    d.Add(actor + "use_dynamic_bsz", Value::Bool(true));
    d.Add(actor + "ppo_max_token_len_per_gpu", Value::Int(r.mb_tokens / split));
  }
  d.Add(actor + "use_kl_loss", Value::Bool(r.ref));
  // rl_park: verl's actor offload between phases (param, grad and optimizer offload together, as its scripts set
  // them; rl.cpp TrainerExtras).
  const bool park = r.park;
  if (megatron) {
    d.Add(actor + "megatron.tensor_model_parallel_size", Value::Int(f.l.tp));
    d.Add(actor + "megatron.pipeline_model_parallel_size", Value::Int(f.l.pp));
    d.Add(actor + "megatron.context_parallel_size", Value::Int(f.l.cp));
    d.Add(actor + "megatron.expert_model_parallel_size", Value::Int(f.l.ep));
    d.Add(actor + "megatron.use_distributed_optimizer", Value::Bool(f.l.zero >= 1));  // ZeRO-1; verl has no more
    d.Add(actor + "megatron.param_offload", Value::Bool(park));
    d.Add(actor + "megatron.grad_offload", Value::Bool(park));
    d.Add(actor + "megatron.optimizer_offload", Value::Bool(park));
    if (cpu_optimizer) d.Add(actor + "optim.override_optimizer_config.optimizer_cpu_offload", Value::Bool(true));
    AddMegatronRecompute(f, d, actor + "megatron.override_transformer_config.", false);
  } else {
    d.Add(actor + "ulysses_sequence_parallel_size", Value::Int(f.l.cp));
    d.Add(actor + "fsdp_config.param_offload", Value::Bool(park));
    d.Add(actor + "fsdp_config.optimizer_offload", Value::Bool(park));
    if (cpu_optimizer) d.Add(actor + "fsdp_config.offload_policy", Value::Bool(true));
    // ZeRO-2: verl's SHARD_GRAD_OP (fsdp_workers.py get_sharding_strategy); its default, true, is ZeRO-3.
    if (f.l.zero == 2 && f.l.dp > 1) d.Add(actor + "fsdp_config.reshard_after_forward", Value::Bool(false));
    // Hybrid sharding: verl's device mesh (ddp, fsdp) = (world / fsdp_size, fsdp_size), the Ulysses ranks inside the
    // FSDP group (fsdp_workers.py create_device_mesh).
    if (f.Replicas() > 1) d.Add(actor + "fsdp_config.fsdp_size", Value::Int((long long)f.w.dp_shard * f.l.cp));
    d.Add("actor_rollout_ref.ref.fsdp_config.param_offload", Value::Bool(park));
  }
  d.Add(rollout + "name", Value::Str(kRlEngineNames[int(r.engine)]));
  d.Add(rollout + "n", Value::Int(r.samples));
  d.Add(rollout + "gpu_memory_utilization", Value::Real(r.kv_frac));
  d.Add(rollout + "tensor_model_parallel_size", Value::Int(std::max(1, r.rollout_tp)));
  d.Add(rollout + "max_num_seqs", Value::Int(r.max_seqs));
  if (r.gen_fp8) d.Add(rollout + "quantization", Value::Str("fp8"));  // rl_gen_prec=fp8 (rollout.yaml)
  // The log-probability passes' micro-batch (rl_logprob_mbs; auto: the training's): the old policy's on the rollout
  // worker, the reference's on its own.
  const int logprob_mbs = r.LogprobMbs(f.mbs);
  d.Add(rollout + "log_prob_micro_batch_size_per_gpu", Value::Int(logprob_mbs));
  if (r.ref) d.Add("actor_rollout_ref.ref.log_prob_micro_batch_size_per_gpu", Value::Int(logprob_mbs));
  if (r.logprob_mb_tokens > 0) {  // as the training's (rl_logprob_mb_tokens)
    d.Add(rollout + "log_prob_use_dynamic_bsz", Value::Bool(true));
    d.Add(rollout + "log_prob_max_token_len_per_gpu", Value::Int(r.logprob_mb_tokens / split));
    if (r.ref) {
      d.Add("actor_rollout_ref.ref.log_prob_use_dynamic_bsz", Value::Bool(true));
      d.Add("actor_rollout_ref.ref.log_prob_max_token_len_per_gpu", Value::Int(r.logprob_mb_tokens / split));
    }
  }
  if (ppo) {
    // The critic trains as the actor does (rl.cpp plans it with the policy's states): the optimizer on the CPU too
    // where the plan puts the actor's there.
    d.Add("critic.strategy", Value::Str(strategy));
    if (cpu_optimizer)
      d.Add(megatron ? "critic.optim.override_optimizer_config.optimizer_cpu_offload"
                     : "critic.model.fsdp_config.offload_policy",
            Value::Bool(true));
    d.Add("critic.model.path", Value::Str(f.model_id));
    if (megatron)
      AddMegatronRecompute(f, d, "critic.megatron.override_transformer_config.", false);
    else
      d.Add("critic.model.enable_gradient_checkpointing", Value::Bool(f.l.recompute == Recompute::Full));
    d.Add("critic.ppo_micro_batch_size_per_gpu", Value::Int(f.mbs));
    if (r.mb_tokens > 0) {
      d.Add("critic.use_dynamic_bsz", Value::Bool(true));
      d.Add("critic.ppo_max_token_len_per_gpu", Value::Int(r.mb_tokens / split));
    }
  }
  if (r.reward_params > 0) {
    d.Add("reward_model.enable", Value::Bool(true));
    d.Add("reward_model.model.path", Value::Str(RewardModelId(f)));
  }
  d.Add("trainer.n_gpus_per_node", Value::Int(f.per_node));
  d.Add("trainer.nnodes", Value::Int(f.nodes));
  d.Add("trainer.total_training_steps", Value::Int(r.steps));
  return d;
}

// OpenRLHF's DeepSpeed flags, shared by train_ppo_ray and train_dpo (openrlhf.json): ZeRO stage, optimizer offload,
// dtype, attention and packing (packing needs FlashAttention: train_ppo_ray.py forces flash_attention_2 with it),
// AutoTP and ring attention, LoRA and 4-bit loading.
void OpenrlhfDeepSpeed(const Facts& f, Doc& d, bool* rewritten) {
  d.Add("--ds.zero_stage", Value::Int(f.l.zero));
  if (f.l.offload == Offload::Cpu) d.Add("--ds.adam_offload", Value::Bool(true));
  d.Add("--ds.param_dtype", Value::Str(f.w.prec == Precision::Fp16 ? "fp16" : "bf16"));
  d.Add("--ds.attn_implementation", Value::Str(f.AttnImpl()));
  if (f.Fa2()) d.Add("--ds.packing_samples", Value::Bool(true));
  if (f.l.tp > 1) d.Add("--ds.tensor_parallel_size", Value::Int(f.l.tp));
  if (f.l.cp > 1) d.Add("--ds.ring_attn_size", Value::Int(f.l.cp));
  if (f.Lora()) {
    d.Add("--ds.lora.rank", Value::Int(f.w.lora_r));
    d.Add("--ds.lora.alpha", Value::Int(f.alpha));
    d.Add("--ds.lora.dropout", Value::Real(f.w.lora_dropout));
    d.Add("--ds.lora.target_modules",
          f.c.lora_targets == "all"
              ? Value::Str("all-linear")
              : Value::Strs(launch::HfTargetModules(f.c, f.o.job.model, f.c.lora_targets, rewritten)));
  }
  if (f.Qlora()) d.Add("--ds.load_in_4bit", Value::Bool(true));
}

// OpenRLHF v0.11.0 (issue #32). GRPO and PPO: train_ppo_ray's flags, every model on the trainer's GPUs as the plan
// places them (colocated: --train.colocate_all with vLLM asleep while DeepSpeed trains; split pools: vLLM engines on
// the rollout GPUs, the DeepSpeed models together on the rest); the step's prompts, responses per prompt and the
// training batch of one optimizer step; the RL steps as the prompts the run reads (--data.max_samples, one episode).
// DPO: train_dpo's flags, its batches counting pairs. Fine-tuning: train_sft's, the dataset as its examples
// (--data.max_samples) and epochs.
Doc ExportOpenrlhf(const Facts& f, std::vector<std::string>& launcher, bool* rewritten) {
  Doc d;
  const RlSetup& r = f.o.job.rl;
  const int max_len = int(std::ceil(r.prompt_len)) + int(r.max_response_len);
  if (!r.Active()) {
    launcher = {f.DeepSpeedLauncher("openrlhf.cli.train_sft")};
    const FinetuneDataset data = DatasetOf(f.c);
    const double epochs = std::max(1.0, std::round(data.epochs));
    d.Add("--model.model_name_or_path", Value::Str(f.model_id));
    d.Add("--data.max_len", Value::Int(f.seq));
    d.Add("--train.batch_size", Value::Int(f.gbs));
    d.Add("--train.micro_batch_size", Value::Int(f.mbs));
    d.Add("--train.max_epochs", Value::Int((long long)epochs));
    // The plan's tokens as examples of the dataset's mean length (given tokens= too), read back as examples=.
    const double samples = f.w.tokens / (std::max(1.0, data.example_tokens) * epochs);
    d.Add("--data.max_samples", Value::Int(std::max(1LL, std::llround(samples))));
    if (f.l.recompute == Recompute::Full) d.Add("--model.gradient_checkpointing_enable", Value::Bool(true));
    OpenrlhfDeepSpeed(f, d, rewritten);
    return d;
  }
  if (r.algo == RlAlgo::Dpo) {
    launcher = {f.DeepSpeedLauncher("openrlhf.cli.train_dpo")};
    d.Add("--model.model_name_or_path", Value::Str(f.model_id));
    d.Add("--train.batch_size", Value::Int(r.prompts));
    d.Add("--train.micro_batch_size", Value::Int((f.mbs + 1) / 2));
    d.Add("--data.max_len", Value::Int(max_len));
    d.Add("--data.max_samples", Value::Int((long long)r.steps * r.prompts));
    if (f.l.recompute == Recompute::Full) d.Add("--model.gradient_checkpointing_enable", Value::Bool(true));
    if (f.l.offload == Offload::Cpu && !f.Lora()) d.Add("--ref.offload", Value::Bool(true));
    OpenrlhfDeepSpeed(f, d, rewritten);
    return d;
  }
  launcher = {"ray job submit --address=\"http://127.0.0.1:8265\"",
              "--runtime-env-json='{\"working_dir\": \"/openrlhf\"}'", "-- python3 -m openrlhf.cli.train_ppo_ray"};
  const bool ppo = r.algo == RlAlgo::Ppo, reward_model = r.reward_params > 0;
  // Ray places num_nodes x num_gpus_per_node GPUs exactly: the trainer's pool (12 of a split 16) as 2 x 6.
  const int per_node = f.ExactPerNode();
  auto pool = [&](const std::string& role) {
    d.Add("--" + role + ".num_nodes", Value::Int(f.gpus / per_node));
    d.Add("--" + role + ".num_gpus_per_node", Value::Int(per_node));
  };
  pool("actor");
  if (r.ref) pool("ref");
  if (ppo) pool("critic");
  if (reward_model) pool("reward");
  // Split pools in sync mode hold only actor and reference together (the refusal rule names the rest).
  if (r.colocate || r.async > 0)
    d.Add("--train.colocate_all", Value::Bool(true));
  else if (r.ref)
    d.Add("--train.colocate_actor_ref", Value::Bool(true));
  const int rollout_tp = std::max(1, r.rollout_tp);
  d.Add("--vllm.num_engines", Value::Int(std::max(1, r.rollout_gpus / rollout_tp)));
  d.Add("--vllm.tensor_parallel_size", Value::Int(rollout_tp));
  d.Add("--vllm.gpu_memory_utilization", Value::Real(r.kv_frac));
  // vLLM sleeps while DeepSpeed trains beside it; DeepSpeed's own states sleep between fits where the plan parks them
  // (rl_park: rl.cpp OpenrlhfSleepBytes), as the hybrid-engine examples set both (train_ppo_ray_hybrid_engine.sh).
  if (r.colocate && r.sleep) d.Add("--vllm.enable_sleep", Value::Bool(true));
  if (r.park) d.Add("--ds.enable_sleep", Value::Bool(true));
  if (!r.colocate && r.async > 0) {
    d.Add("--train.async_enable", Value::Bool(true));
    if (r.async == 2) d.Add("--train.partial_rollout_enable", Value::Bool(true));
  }
  d.Add("--actor.model_name_or_path", Value::Str(f.model_id));
  if (ppo) d.Add("--critic.model_name_or_path", Value::Str(f.model_id));
  if (reward_model)
    d.Add("--reward.model_name_or_path", Value::Str(RewardModelId(f)));
  else
    d.Add("--reward.remote_url", Value::Str("reward_func.py"));  // a rule: your reward_func(queries, prompts, labels)
  d.Add("--algo.advantage.estimator", Value::Str(ppo ? "gae" : "group_norm"));
  // A reference exists when the KL coefficient is above 0 (train_ppo_ray.py); GRPO puts its KL in the loss (k3).
  d.Add("--algo.kl.init_coef", Value::Real(r.ref ? 0.01 : 0.0));
  if (r.ref && !ppo) {
    d.Add("--algo.kl.use_loss", Value::Bool(true));
    d.Add("--algo.kl.estimator", Value::Str("k3"));
  }
  if (r.ref && f.l.offload == Offload::Cpu && !f.Lora()) d.Add("--ref.offload", Value::Bool(true));
  d.Add("--rollout.batch_size", Value::Int(r.prompts));
  d.Add("--rollout.n_samples_per_prompt", Value::Int(r.samples));
  d.Add("--rollout.micro_batch_size", Value::Int(f.mbs));  // the log-prob passes at the trainer's micro-batch
  d.Add("--train.batch_size", Value::Int(std::max(1, r.prompts * r.samples / std::max(1, r.updates))));
  d.Add("--train.micro_batch_size", Value::Int(f.mbs));
  // A token budget (rl_mb_tokens): OpenRLHF's dynamic batches, per GPU, which it multiplies back by the ring-attention
  // and tensor-parallel sizes (utils/seqlen_balancing.py get_minimum_num_micro_batch_size @3c3be62).
  if (r.mb_tokens > 0) {
    const int split = std::max(1, f.l.cp) * std::max(1, f.l.tp);
    d.Add("--train.dynamic_batch_enable", Value::Bool(true));
    d.Add("--train.max_tokens_per_gpu", Value::Int(r.mb_tokens / split));
    if (r.logprob_mb_tokens > 0) d.Add("--rollout.max_tokens_per_gpu", Value::Int(r.logprob_mb_tokens / split));
  }
  d.Add("--data.max_len", Value::Int(max_len));
  d.Add("--rollout.max_new_tokens", Value::Int(int(r.max_response_len)));
  d.Add("--data.max_samples", Value::Int((long long)r.steps * r.prompts));
  if (f.l.recompute == Recompute::Full) d.Add("--actor.gradient_checkpointing_enable", Value::Bool(true));
  OpenrlhfDeepSpeed(f, d, rewritten);
  return d;
}

// ---- the header -----------------------------------------------------------------------------------------
std::string Gib(double bytes) { return Fmt("%.1f", bytes / 1073741824.0) + " GiB"; }

std::string LaunchLine(const Facts& f, LaunchFormat format) {
  switch (format) {
    case LaunchFormat::DeepSpeed: return DeepSpeedLaunch(f);
    case LaunchFormat::Hf:
    case LaunchFormat::Trl: return f.Torchrun("train.py");
    case LaunchFormat::Unsloth: return f.gpus == 1 ? "python train.py" : f.Torchrun("train.py") + "  (DDP)";
    case LaunchFormat::Torchtune: return TorchtuneLaunch(f);
    case LaunchFormat::Axolotl:
      return "axolotl train config.yaml" + (f.gpus > 1 ? "  (" + std::to_string(f.gpus) + " GPUs)" : std::string());
    case LaunchFormat::LlamaFactory: return LlamaFactoryLaunch(f);
    case LaunchFormat::Torchtitan:
      return "NGPU=" + std::to_string(f.per_node) + " CONFIG_FILE=train.toml ./run_train.sh" +
             (f.nodes > 1 ? "  (on each of " + std::to_string(f.nodes) + " nodes)" : std::string());
    case LaunchFormat::Verl:
      return "python3 -m verl.trainer.main_ppo --config-path=$PWD --config-name=verl_rl" +
             (f.nodes > 1 ? "  (Ray cluster of " + std::to_string(f.nodes) + " nodes)" : std::string());
    case LaunchFormat::Openrlhf:
      return (f.o.job.rl.algo == RlAlgo::Dpo ? std::string("bash train_openrlhf.sh")
                                             : "ray start --head on the first node, then bash train_openrlhf.sh") +
             (f.nodes > 1 ? "  (Ray cluster of " + std::to_string(f.nodes) + " nodes)" : std::string());
    case LaunchFormat::Megatron: {
      std::string s = f.Torchrun("pretrain_gpt.py");
      return s + " $(grep -v '^#' megatron_args.txt) --data-path <your data> --save <dir> --load <dir>";
    }
  }
  return "";
}

// The framework as the file runs the plan: TRL's file is an SFTTrainer script, or for an RL goal a GRPOTrainer or
// DPOTrainer one (ExportTrl; PPO has none: "TRL"), verl's and OpenRLHF's name their algorithm.
std::string ExportFramework(const PlanOutput& o, const LaunchFormatInfo& info) {
  const RlAlgo algo = o.job.rl.algo;
  if (info.format == LaunchFormat::Trl && o.job.rl.Active())
    return algo == RlAlgo::Dpo ? "TRL DPOTrainer" : algo == RlAlgo::Grpo ? "TRL GRPOTrainer" : "TRL";
  if (info.format == LaunchFormat::Verl) return algo == RlAlgo::Ppo ? "verl PPO" : "verl GRPO";
  if (info.format == LaunchFormat::Openrlhf)
    return !o.job.rl.Active()    ? (o.job.work.finetune ? "OpenRLHF SFT (train_sft)" : "OpenRLHF")
           : algo == RlAlgo::Dpo ? "OpenRLHF DPO (train_dpo)"
           : algo == RlAlgo::Ppo ? "OpenRLHF PPO (train_ppo_ray)"
                                 : "OpenRLHF GRPO (train_ppo_ray)";
  return info.framework;
}

std::vector<std::string> Header(const Facts& f, const LaunchFormatInfo& info, std::string_view link,
                                const std::vector<std::string>& notes) {
  const PlanOutput& o = f.o;
  const MemoryBreakdown& m = o.plan.memory;
  const Throughput& t = o.plan.throughput;
  const std::string gpu_name = o.job.hw.gpu ? o.job.hw.gpu->name : f.c.gpu;
  std::vector<std::string> h;
  const std::string framework = ExportFramework(o, info);
  h.push_back("TrainPlan launch config: " + framework + " (" + info.file_name + ")");
  h.push_back(std::string("Targets ") + info.release + "; keys checked against " + info.repo + " at " +
              std::string(info.commit).substr(0, 12));
  h.push_back("Plan: " + std::string(link.empty() ? std::string_view(FormatLink(o.config)) : link));
  // Each prediction with its band (core/estimate/bands.h: where about 80 % of comparable published runs fell) and
  // the verdict with its margin ("tight" when the band's upper end passes the usable memory).
  const PlanBands bands = BandsOf(o.job, o.plan);
  auto band = [](const Band& b, double scale, const char* unit) {
    const char* f = scale > 1 ? "%.1f" : "%.0f";
    return b.hi > 0 ? " (band " + Fmt(f, b.lo / scale) + "-" + Fmt(f, b.hi / scale) + unit + ")" : std::string();
  };
  const std::string verdict = MemoryVerdictWords(m);
  h.push_back("Predicted memory per GPU: " + Gib(m.total) + band(bands.memory_total, 1073741824.0, " GiB") + " of " +
              Gib(m.usable) + " usable (" + verdict +
              "); largest micro-batch that fits: " + std::to_string(m.max_micro_batch));
  h.push_back("Predicted speed: " + Fmt("%.0f", t.tokens_per_s_per_gpu) + band(bands.tokens_per_s_per_gpu, 1.0, "") +
              " tokens/s per GPU, MFU " + Fmt("%.0f%%", 100.0 * t.mfu) + ", step " + Fmt("%.3g", o.plan.step.seconds) +
              " s; the run: " + DurationText(Lang::En, o.plan.run.days * 86400) + " on " + std::to_string(f.gpus) +
              " x " + gpu_name);
  if (o.plan.rl.active)
    h.push_back("Predicted RL step: " + DurationText(Lang::En, o.plan.rl.step_seconds) + " (generation " +
                DurationText(Lang::En, o.plan.rl.generation_s) + ", training " +
                DurationText(Lang::En, o.plan.rl.training_s) + "); memory is the larger of generating and training");
  h.push_back("Layout: tp=" + std::to_string(f.l.tp) + " pp=" + std::to_string(f.l.pp) +
              " vp=" + std::to_string(f.l.vp) + " cp=" + std::to_string(f.l.cp) + " ep=" + std::to_string(f.l.ep) +
              " dp=" + std::to_string(f.dp) + " sp=" + (f.l.sp ? "1" : "0") + "; micro-batch " + std::to_string(f.mbs) +
              " x " + std::to_string(f.ga) + " accumulation x " + std::to_string(f.dp) +
              " data-parallel = global batch " + std::to_string(f.gbs) + " of " + std::to_string(f.seq) + " tokens");
  h.push_back("Memory techniques: zero=" + std::to_string(f.l.zero) + " offload=" + Name(f.l.offload) + " recompute=" +
              Name(f.l.recompute) + " flash=" + (f.w.flash ? "1" : "0") + "; " + Name(PlannedMethod(f.w)) +
              (f.Lora() ? " r=" + std::to_string(f.w.lora_r) + " alpha=" + std::to_string(f.alpha) + " (2 x r)" : "") +
              ", " + Name(f.w.prec) + ", " + Name(f.w.opt) + "; TrainPlan stack " + StackOf(o.job).id);
  h.push_back("Launch: " + LaunchLine(f, info.format));
  if (notes.empty()) {
    h.push_back("Not in this file: nothing the plan decided (datasets, learning rate and paths are yours to fill in)");
  } else {
    h.push_back("Not in this file, or written differently (datasets, learning rate and paths are yours to fill in):");
    for (const std::string& n : notes) h.push_back("  - " + n);
  }
  return h;
}

}  // namespace

LaunchExport ExportLaunch(const PlanOutput& plan, LaunchFormat format, std::string_view link) {
  LaunchExport out;
  const LaunchFormatInfo& info = InfoOf(format);
  if (!plan.ok) {
    out.issues.push_back(MakeIssue("", "no plan to export: the configuration has an error"_issue));
    return out;
  }
  std::vector<std::string> notes;
  const std::string framework = ExportFramework(plan, info);
  for (const LaunchRule& r : LaunchRules()) {
    if (r.format != format || !r.applies(plan)) continue;
    if (r.action == LaunchAction::Refuse) {
      out.issues.push_back(MakeIssue(r.key, "{0} cannot express {1}: {2}"_issue, {framework, r.when, Words(r.reason)}));
    } else {
      out.issues.push_back(MakeIssue(r.key,
                                     r.action == LaunchAction::Drop ? "not in the {0} file ({1}): {2}"_issue
                                                                    : "written differently for {0} ({1}): {2}"_issue,
                                     {framework, r.when, Words(r.reason)}, true));
      notes.push_back(std::string(r.when) + ": " + r.reason);
    }
  }
  if (HasErrors(out.issues)) return out;
  const Facts f(plan);
  bool rewritten = false;  // Phi's fused qkv_proj for lora_targets=qv: known only while writing
  std::vector<std::string> header = Header(f, info, link, notes);
  auto python = [&](auto writer) {
    std::string text = writer(f, header, &rewritten);
    if (rewritten) {  // the header is written again with the note, the file body does not change
      notes.push_back("lora_targets = qv: this model fuses q, k and v into qkv_proj, which is targeted whole");
      header = Header(f, info, link, notes);
      text = writer(f, header, &rewritten);
    }
    return text;
  };
  switch (format) {
    case LaunchFormat::DeepSpeed: {
      Doc d = ExportDeepSpeed(f);
      d.header = header;
      out.text = launch::WriteJson(d);
      break;
    }
    case LaunchFormat::Hf: out.text = python(ExportHf); break;
    case LaunchFormat::Trl: out.text = python(ExportTrl); break;
    case LaunchFormat::Unsloth: out.text = python(ExportUnsloth); break;
    case LaunchFormat::Torchtune: {
      Doc d = ExportTorchtune(f);
      d.header = header;
      out.text = launch::WriteYaml(d);
      break;
    }
    case LaunchFormat::Axolotl: {
      Doc d = ExportAxolotl(f, &rewritten);
      if (rewritten)
        notes.push_back("lora_targets = qv: this model fuses q, k and v into qkv_proj, which is targeted whole");
      d.header = Header(f, info, link, notes);
      out.text = launch::WriteYaml(d);
      break;
    }
    case LaunchFormat::LlamaFactory: {
      Doc d = ExportLlamaFactory(f);
      d.header = header;
      out.text = launch::WriteYaml(d);
      break;
    }
    case LaunchFormat::Torchtitan: {
      Doc d = ExportTorchtitan(f);
      d.header = header;
      out.text = launch::WriteToml(d);
      break;
    }
    case LaunchFormat::Megatron: {
      Doc d = ExportMegatron(f);
      d.header = header;
      out.text = launch::WriteArgs(d);
      break;
    }
    case LaunchFormat::Verl: {
      Doc d = ExportVerl(f);
      d.header = header;
      out.text = launch::WriteYaml(d);
      break;
    }
    case LaunchFormat::Openrlhf: {
      std::vector<std::string> launcher;
      Doc d = ExportOpenrlhf(f, launcher, &rewritten);
      if (rewritten)
        notes.push_back("lora_targets = qv: this model fuses q, k and v into qkv_proj, which is targeted whole");
      d.header = Header(f, info, link, notes);
      out.text = launch::WriteCommand(d, launcher);
      break;
    }
  }
  out.ok = true;
  return out;
}

}  // namespace tp
