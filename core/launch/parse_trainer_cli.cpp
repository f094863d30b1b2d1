// parse_trainer_cli.cpp — the command lines of TRL (`trl sft|dpo|grpo --flags`, or `accelerate launch
// trl/scripts/sft.py --flags`, TRL's documented way to train) and of Transformers' example scripts (`torchrun
// run_clm.py --per_device_train_batch_size 8 ...`, HfArgumentParser over TrainingArguments), read as the keys a
// script's configs give, so that one reader per framework (import.cpp ImportTrl, ImportHf) maps both. TRL's flags
// are TrlParser's over (ScriptArguments, SFTConfig | DPOConfig | GRPOConfig, ModelConfig) (trl/scripts/sft.py
// make_parser @f2cd577): ModelConfig's model, LoRA and quantization fields become the script's LoraConfig /
// BitsAndBytesConfig keys, every other flag the trainer config's.
#include <algorithm>

#include "launch_doc.h"

namespace tp::launch {
namespace {

bool Mentions(std::string_view text, std::string_view what) { return text.find(what) != std::string_view::npos; }

// The trainer config the command runs.
const char* TrlConfigOf(std::string_view text) {
  if (Mentions(text, "trl grpo") || Mentions(text, "scripts/grpo.py")) return "GRPOConfig";
  if (Mentions(text, "trl dpo") || Mentions(text, "scripts/dpo.py")) return "DPOConfig";
  return "SFTConfig";
}

// ModelConfig's fields (trl/trainer/model_config.py @f2cd577) as a TRL script's objects name them.
struct Renamed {
  const char* flag;
  const char* key;
};
constexpr Renamed kModelConfig[] = {
    {"model_name_or_path", "=MODEL_ID"},
    {"lora_r", "LoraConfig.r"},
    {"lora_alpha", "LoraConfig.lora_alpha"},
    {"lora_dropout", "LoraConfig.lora_dropout"},
    {"lora_target_modules", "LoraConfig.target_modules"},
    {"use_dora", "LoraConfig.use_dora"},
    {"load_in_4bit", "BitsAndBytesConfig.load_in_4bit"},
    {"load_in_8bit", "BitsAndBytesConfig.load_in_8bit"},
    {"bnb_4bit_quant_type", "BitsAndBytesConfig.bnb_4bit_quant_type"},
    {"use_bnb_nested_quant", "BitsAndBytesConfig.bnb_4bit_use_double_quant"},
    // The launcher's (accelerate launch's own, or passed through by the trl command).
    {"accelerate_config", "accelerate.config"},
    {"config_file", "accelerate.config"},
};

}  // namespace

bool IsHfExampleCommand(std::string_view text) {
  return Mentions(text, "--per_device_train_batch_size") && Mentions(text, "--model_name_or_path") &&
         !IsTrlCommand(text);
}

// Transformers' example scripts: every flag a TrainingArguments field but the model (ModelArguments
// model_name_or_path) and the sequence (run_clm.py's --block_size, the seq2seq scripts' --max_source_length, others'
// --max_seq_length), which the Python reader names =MODEL_ID and =MAX_LENGTH.
bool ParseHfCommandDoc(std::string_view text, Doc& doc, std::vector<ConfigIssue>& issues) {
  Doc args;
  if (!ParseArgsDoc(text, args, issues)) return false;
  for (Entry& e : args.entries) {
    const std::string flag = e.key.rfind("--", 0) == 0 ? e.key.substr(2) : e.key;
    std::string key = "TrainingArguments." + flag;
    if (flag == "model_name_or_path") key = "=MODEL_ID";
    if (flag == "block_size" || flag == "max_seq_length" || flag == "max_source_length") key = "=MAX_LENGTH";
    if (IsLauncherFlag(flag)) key = e.key;  // the launcher's, as written: import.cpp LauncherGpus reads them
    doc.entries.push_back({std::move(key), std::move(e.value), e.line});
  }
  return true;
}

bool IsTrlCommand(std::string_view text) {
  for (const char* k : {"trl sft", "trl dpo", "trl grpo", "scripts/sft.py", "scripts/dpo.py", "scripts/grpo.py"})
    if (Mentions(text, k)) return true;
  return false;
}

bool ParseTrlCommandDoc(std::string_view text, Doc& doc, std::vector<ConfigIssue>& issues) {
  Doc args;
  if (!ParseArgsDoc(text, args, issues)) return false;
  const std::string cfg = TrlConfigOf(text);
  bool peft = false;
  if (const Entry* e = args.Find("--use_peft")) e->value.AsBool(peft);
  for (Entry& e : args.entries) {
    std::string flag = e.key.rfind("--", 0) == 0 ? e.key.substr(2) : e.key;
    if (flag == "use_peft") continue;
    const auto it = std::find_if(std::begin(kModelConfig), std::end(kModelConfig),
                                 [&](const Renamed& r) { return flag == r.flag; });
    std::string key = it != std::end(kModelConfig) ? it->key : cfg + "." + flag;
    if (IsLauncherFlag(flag)) key = e.key;
    if (!peft && key.rfind("LoraConfig.", 0) == 0) continue;  // LoRA fields without --use_peft: no adapters
    if (flag == "attn_implementation") {                      // what a script passes through model_init_kwargs
      Value map;
      map.kind = Value::Kind::Map;
      map.list = {Value::Str("attn_implementation"), e.value};
      doc.entries.push_back({cfg + ".model_init_kwargs", std::move(map), e.line});
      continue;
    }
    doc.entries.push_back({std::move(key), std::move(e.value), e.line});
  }
  // --use_peft alone: ModelConfig's adapter defaults (lora_r 16, lora_dropout 0.05).
  if (peft && !doc.Find("LoraConfig.r")) doc.entries.push_back({"LoraConfig.r", Value::Int(16), 0});
  if (peft && !doc.Find("LoraConfig.lora_dropout"))
    doc.entries.push_back({"LoraConfig.lora_dropout", Value::Real(0.05), 0});
  return true;
}

}  // namespace tp::launch
