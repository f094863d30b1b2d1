"""TRL SFTConfig / GRPOConfig / DPOConfig: own fields (incl. TRL's _BaseConfig) plus inherited
transformers TrainingArguments fields (taken from hf.py's transformers source/transcript).

Keys are "<Config>.<field>"; 'own_fields' lists what TRL itself declares.
"""
from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
import common as C  # noqa: E402
import hf  # noqa: E402

CONFIGS = {
    "SFTConfig": "trl/trainer/sft_config.py",
    "GRPOConfig": "trl/trainer/grpo_config.py",
    "DPOConfig": "trl/trainer/dpo_config.py",
}
BASE = "trl/trainer/base_config.py"


def main():
    d, ref, commit, tag = C.pin("huggingface/trl", r"v\d+\.\d+\.\d+", "PIN_TRL")
    version = C.show(d, commit, "VERSION").strip() if C.exists(d, commit, "VERSION") else None
    paths = list(CONFIGS.values()) + [BASE]
    idx = C.ClassIndex(d, commit, paths)
    tf = hf.transformers_info()
    hf_fields = {f["name"]: f for f in tf["fields"]}
    keys, own, per_cfg = [], {}, {}
    for cname, path in CONFIGS.items():
        fields = {f["name"]: f for f in idx.all_fields(cname, path) if f["init"]}
        own[cname] = sorted(fields)
        merged = dict(hf_fields)
        merged.update(fields)
        per_cfg[cname] = merged
        keys += [f"{cname}.{k}" for k in merged]

    def n(cfg, k):
        f = per_cfg[cfg].get(k)
        if f is None:
            return "MISSING at this pin"
        r = C.field_note(f)
        r["declared_by"] = "trl" if k in own[cfg] else "transformers.TrainingArguments"
        return r

    emit_notes = {
        "SFTConfig.max_length": {**n("SFTConfig", "max_length"), "note": "sequence length (there is no max_seq_length field at this pin)"},
        "SFTConfig.packing": n("SFTConfig", "packing"),
        "SFTConfig.packing_strategy": n("SFTConfig", "packing_strategy"),
        "SFTConfig.padding_free": n("SFTConfig", "padding_free"),
        "SFTConfig.gradient_checkpointing": {**n("SFTConfig", "gradient_checkpointing"), "note": "TRL's _BaseConfig overrides the default"},
        "SFTConfig.activation_offloading": n("SFTConfig", "activation_offloading"),
        "SFTConfig.model_init_kwargs": {**n("SFTConfig", "model_init_kwargs"),
                                        "note": "where attn_implementation (flash attention), dtype and quantization_config go"},
        "SFTConfig.learning_rate": n("SFTConfig", "learning_rate"),
        "SFTConfig.per_device_train_batch_size": n("SFTConfig", "per_device_train_batch_size"),
        "SFTConfig.gradient_accumulation_steps": n("SFTConfig", "gradient_accumulation_steps"),
        "SFTConfig.bf16": n("SFTConfig", "bf16"),
        "SFTConfig.optim": {**n("SFTConfig", "optim"), "allowed": "see hf.json emit_notes TrainingArguments.optim (OptimizerNames)"},
        "GRPOConfig.num_generations": n("GRPOConfig", "num_generations"),
        "GRPOConfig.max_completion_length": n("GRPOConfig", "max_completion_length"),
        "GRPOConfig.max_prompt_length": n("GRPOConfig", "max_prompt_length"),
        "GRPOConfig.use_vllm": n("GRPOConfig", "use_vllm"),
        "GRPOConfig.vllm_mode": n("GRPOConfig", "vllm_mode"),
        "GRPOConfig.beta": n("GRPOConfig", "beta"),
        "GRPOConfig.loss_type": n("GRPOConfig", "loss_type"),
        "DPOConfig.beta": n("DPOConfig", "beta"),
        "DPOConfig.loss_type": n("DPOConfig", "loss_type"),
        "DPOConfig.max_length": n("DPOConfig", "max_length"),
        "peft": "LoRA is not a config field: pass a peft LoraConfig as peft_config= to the trainer (see hf.json LoraConfig.*)",
    }
    C.write("trl", {
        "format": "trl",
        "framework": "TRL",
        "repo": "https://github.com/huggingface/trl",
        "commit": commit,
        "release": f"{tag} (VERSION {version})" if tag else f"HEAD (VERSION {version})",
        "pinned_ref": ref,
        "paths": paths + ["transformers (inherited): " + p for p in tf["commit"]][:1],
        "extracted_by": "extract/trl.py (+ extract/hf.py for inherited TrainingArguments)",
        "keys": keys,
        "own_fields": own,
        "emit_notes": emit_notes,
        "notes": [
            "Keys are '<Config>.<field>'; each config = TRL's own fields (class, its _BaseConfig) + transformers "
            "TrainingArguments fields. TRL overrides some TrainingArguments defaults (see own_fields).",
            "Inherited TrainingArguments fields come from the transformers source described in hf.json "
            f"({tf['source']}); TRL v1.9.0 requires transformers>=4.56.2, so the inherited set varies with the installed transformers.",
        ],
    })


if __name__ == "__main__":
    main()
