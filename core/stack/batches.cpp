// batches.cpp — the recipe batches (batches.h), each with the recipes and papers it was read from. Pre-training
// recipes agree across stacks (NeMo on Megatron-Core, torchtitan and llm-foundry on FSDP, the papers): one table
// by model size serves every stack. Fine-tuning recipes differ by stack: Megatron-Bridge and torchtune state a
// global batch, the Trainer-based tools (Axolotl, LLaMA-Factory, TRL, Unsloth) a batch per device.
#include "batches.h"

namespace tp {
namespace {

// Pre-training, by parameters (upper bound exclusive).
struct SizeRow {
  double below;
  RecipeBatch batch;
};
const SizeRow kPretrain[] = {
    {2e9,
     {1048576, false, "pre-training under 2B parameters: llm-foundry MPT-1B, GPT-3 1.3B",
      "mosaicml/llm-foundry scripts/train/yamls/pretrain/mpt-1b.yaml@8c8dd48: global_train_batch_size 512 x "
      "max_seq_len 2048; Brown et al. 2020 (arXiv 2005.14165) Table 2.1: 1M tokens at 1.3B"}},
    {20e9,
     {2097152, false,
      "pre-training at 2B-20B parameters: NeMo Llama 2 7B and Mistral 7B, MPT-7B, torchtitan Llama 3.1 8B",
      "NVIDIA/NeMo nemo/collections/llm/recipes/llama2_7b.py and mistral_7b.py@8cfedd7: global_batch_size 512 x "
      "seq_length 4096; mosaicml/llm-foundry mpt-7b.yaml@8c8dd48: 1024 x 2048; pytorch/torchtitan "
      "benchmarks/llama3_h100_202412_torchtitan.md@b5bcd76: Llama 3.1 8B, global batch 256 x 8192"}},
    {300e9,
     {4194304, false,
      "pre-training at 20B-300B parameters: Llama 2, NeMo Llama 3 70B, MPT-30B and -70B, torchtitan Llama 3.1 70B",
      "Touvron et al. 2023 (arXiv 2307.09288): Llama 2 7B-70B 'a global batch size of 4M tokens'; NVIDIA/NeMo "
      "nemo/collections/llm/recipes/llama3_70b.py@8cfedd7: 512 x 8192; mosaicml/llm-foundry mpt-30b.yaml, "
      "mpt-70b.yaml@8c8dd48: 2048 x 2048; torchtitan llama3_h100_202412 benchmark: Llama 3.1 70B 512 x 8192"}},
    {1e300,
     {16777216, false, "pre-training at 300B parameters or more: Llama 3 405B, Megatron-Bridge DeepSeek-V3",
      "Dubey et al. 2024 (arXiv 2407.21783) sec. 3.4.1: Llama 3 405B doubles its batch 'again to 16M' tokens "
      "after 2.87T tokens (Table 4: 16M tokens per batch at 8K on 16,384 H100); NVIDIA-NeMo/Megatron-Bridge "
      "recipes/deepseek/h100/deepseek_v3.py@067f987: DeepSeek-V3 global_batch_size 4096 x seq_length 4096"}},
};

// Fine-tuning (SFT, LoRA, QLoRA), by stack: recipes do not grow with the model (1B-405B alike).
const RecipeBatch kFinetuneMegatron{
    32768, false, "fine-tuning: Megatron-Bridge Llama 3 SFT and PEFT, 1B-405B",
    "NVIDIA-NeMo/Megatron-Bridge src/megatron/bridge/recipes/llama/h100/llama3.py@067f987: llama3_8b_sft / "
    "llama3_8b_peft / llama3_70b_peft configs: global_batch_size 8 x seq_length 4096, packed (405B: 16 x 2048)"};
const RecipeBatch kFinetuneTorchtune{
    32768, false, "fine-tuning: torchtune Llama 3.1 8B and 70B LoRA",
    "pytorch/torchtune recipes/configs/llama3_1/8B_lora_single_device.yaml@bd2a0fc: batch_size 2 x "
    "gradient_accumulation_steps 8 = 16 sequences (70B_lora.yaml: 2 x 8 GPUs = 16), 16 x 2048 tokens"};
const RecipeBatch kFinetunePerDevice{
    16384, true, "fine-tuning per GPU: LLaMA-Factory, Unsloth",
    "hiyouga/LLaMA-Factory examples/train_lora/qwen3_lora_sft.yaml@ff6d4d1: per_device_train_batch_size 1 x "
    "gradient_accumulation_steps 8 x cutoff_len 2048; unslothai/unsloth README.md@921975f: "
    "per_device_train_batch_size 2 x gradient_accumulation_steps 4 x max_seq_length 2048"};
const RecipeBatch kFinetuneFsdp{
    131072, false, "fine-tuning: llm-foundry 7B Dolly SFT",
    "mosaicml/llm-foundry scripts/train/yamls/finetune/7b_dolly_sft.yaml@8c8dd48: global_train_batch_size 64 x "
    "max_seq_len 2048"};

}  // namespace

const RecipeBatch& RecipeBatchFor(const StackProfile& stack, bool finetune, double params) {
  if (finetune) switch (stack.kind) {
      case StackKind::Megatron: return kFinetuneMegatron;
      case StackKind::Torchtune: return kFinetuneTorchtune;
      case StackKind::Fsdp: return kFinetuneFsdp;
      case StackKind::DeepSpeed:
      case StackKind::Hf:
      case StackKind::Unsloth: return kFinetunePerDevice;
    }
  for (const SizeRow& row : kPretrain)
    if (params < row.below) return row.batch;
  return kPretrain[3].batch;
}

}  // namespace tp
