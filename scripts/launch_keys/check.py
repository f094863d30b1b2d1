"""Spot checks on the generated key lists (well-known keys must be present; JSON shape is complete)."""
import json
import os
import sys

OUT = os.environ.get("LAUNCH_KEYS_OUT", os.path.normpath(os.path.join(os.path.dirname(__file__), "..", "..", "tests", "data", "launch_keys")))
EXPECT = {
    "deepspeed": ["zero_optimization.stage", "zero_optimization.offload_optimizer.device",
                  "zero_optimization.offload_param.pin_memory", "bf16.enabled", "fp16.loss_scale",
                  "train_micro_batch_size_per_gpu", "gradient_accumulation_steps", "gradient_clipping",
                  "optimizer.type", "optimizer.params.lr", "optimizer.params.betas", "scheduler.type",
                  "scheduler.params.warmup_num_steps", "zero_optimization.stage3_gather_16bit_weights_on_model_save",
                  "zero_optimization.overlap_comm", "activation_checkpointing.partition_activations", "steps_per_print"],
    "hf": ["TrainingArguments.per_device_train_batch_size", "TrainingArguments.gradient_accumulation_steps",
           "TrainingArguments.bf16", "TrainingArguments.optim", "TrainingArguments.gradient_checkpointing",
           "TrainingArguments.deepspeed", "LoraConfig.r", "LoraConfig.lora_alpha", "LoraConfig.lora_dropout",
           "LoraConfig.target_modules", "BitsAndBytesConfig.load_in_4bit", "BitsAndBytesConfig.bnb_4bit_quant_type",
           "BitsAndBytesConfig.bnb_4bit_compute_dtype", "BitsAndBytesConfig.bnb_4bit_use_double_quant"],
    "trl": ["SFTConfig.max_length", "SFTConfig.packing", "SFTConfig.per_device_train_batch_size",
            "GRPOConfig.num_generations", "GRPOConfig.use_vllm", "DPOConfig.beta"],
    "torchtune": ["model._component_", "model.lora_rank", "model.lora_alpha", "batch_size", "gradient_accumulation_steps",
                  "tokenizer.max_seq_len", "optimizer.lr", "enable_activation_checkpointing", "dtype"],
    "axolotl": ["base_model", "micro_batch_size", "gradient_accumulation_steps", "sequence_len", "lora_r",
                "lora_target_modules", "load_in_4bit", "adapter", "datasets[].path", "fsdp_config.offload_params",
                "deepspeed", "attn_implementation", "optimizer"],
    "llama-factory": ["model_name_or_path", "stage", "finetuning_type", "lora_rank", "lora_target", "cutoff_len",
                      "per_device_train_batch_size", "gradient_accumulation_steps", "quantization_bit", "flash_attn"],
    "unsloth": ["FastLanguageModel.from_pretrained.max_seq_length", "FastLanguageModel.from_pretrained.load_in_4bit",
                "FastLanguageModel.get_peft_model.r", "FastLanguageModel.get_peft_model.target_modules"],
    "torchtitan": ["training.local_batch_size", "training.seq_len", "parallelism.tensor_parallel_degree",
                   "parallelism.pipeline_parallel_schedule", "parallelism.context_parallel_degree",
                   "activation_checkpoint.mode", "optimizer.name"],
    "megatron": ["--tensor-model-parallel-size", "--pipeline-model-parallel-size", "--context-parallel-size",
                 "--expert-model-parallel-size", "--micro-batch-size", "--global-batch-size", "--seq-length",
                 "--bf16", "--use-distributed-optimizer", "--recompute-granularity", "--lr", "--train-iters",
                 "--num-layers", "--hidden-size", "--num-attention-heads", "--sequence-parallel"],
    "openrlhf": ["train_ppo_ray:--actor.num_gpus_per_node", "train_ppo_ray:--vllm.num_engines",
                 "train_ppo_ray:--train.colocate_all", "train_ppo_ray:--algo.advantage.estimator",
                 "train_ppo_ray:--ds.zero_stage", "train_ppo_ray:--actor.adam.lr", "train_ppo_ray:--critic.optim",
                 "train_dpo:--model.beta", "train_dpo:--train.micro_batch_size"],
}
REQUIRED = ["format", "framework", "repo", "commit", "release", "paths", "extracted_by", "keys", "emit_notes", "notes"]
bad = 0
for fmt, want in EXPECT.items():
    d = json.load(open(os.path.join(OUT, f"{fmt}.json")))
    missing_fields = [k for k in REQUIRED if k not in d]
    keys = set(d["keys"])
    miss = [k for k in want if k not in keys]
    ok = not miss and not missing_fields and d["keys"] == sorted(keys)
    bad += not ok
    print(f"{'ok ' if ok else 'BAD'} {fmt:14s} {len(keys):5d} keys  commit {d['commit'][:12]}  {d['release']}"
          + (f"  missing={miss}" if miss else "") + (f"  fields={missing_fields}" if missing_fields else ""))
sys.exit(1 if bad else 0)
