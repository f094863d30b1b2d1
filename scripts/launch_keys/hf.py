"""Hugging Face stack: TrainingArguments fields, peft LoraConfig fields, BitsAndBytesConfig args.

peft is read from its git mirror with ast. transformers cannot be fetched here (the snapshot is
larger than the fetch limit), so by default its declarations come from
transcripts/transformers.json (a names/types/defaults transcription of files read through the
code index, with their commits). If TRANSFORMERS_MIRROR points at a transformers git dir
(optionally TRANSFORMERS_REF, default: newest vX.Y.Z tag), the same data is taken from source
with ast instead, and the transcript is ignored.

Keys are "<Class>.<field>" so one list covers the three objects.
"""
from __future__ import annotations

import ast
import json
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
import common as C  # noqa: E402

HERE = os.path.dirname(__file__)


def transformers_info():
    """Return dict with training_args fields, optimizer names, bnb params and provenance."""
    tm = os.environ.get("TRANSFORMERS_MIRROR")
    if tm:
        ref = os.environ.get("TRANSFORMERS_REF") or C.latest_tag(tm, r"v\d+\.\d+\.\d+") or "HEAD"
        commit = C.rev(tm, ref)
        ta_path = "src/transformers/training_args.py"
        q_path = "src/transformers/utils/quantization_config.py"
        s_path = "src/transformers/training_args_seq2seq.py"
        idx = C.ClassIndex(tm, commit, [ta_path, q_path, s_path])
        ta = idx.trees[ta_path]
        fields = [f for f in C.class_fields(C.find_class(ta, "TrainingArguments")) if f["init"]]
        optim = list(C.enum_values(C.find_class(ta, "OptimizerNames")).values())
        init = C.find_func(idx.trees[q_path], "__init__", "BitsAndBytesConfig")
        bnb = [p for p in C.func_params(init)[1:] if p["kind"] in ("positional", "keyword")]
        s2s = C.class_fields(C.find_class(idx.trees[s_path], "Seq2SeqTrainingArguments"))
        return {
            "source": "git", "ref": ref, "commit": {ta_path: commit, q_path: commit, s_path: commit},
            "fields": fields, "optim": optim, "bnb": bnb, "seq2seq": s2s,
            "bnb_quant_types": ["fp4", "nf4"],
        }
    t = json.load(open(os.path.join(HERE, "transcripts", "transformers.json")))
    ta, bb, s2 = t["training_args"], t["bitsandbytes"], t["seq2seq_training_args"]
    return {
        "source": "transcript (extract/transcripts/transformers.json)", "ref": None,
        "commit": {ta["path"]: ta["commit"], bb["path"]: bb["commit"], s2["path"]: s2["commit"]},
        "fields": ta["fields"], "optim": ta["OptimizerNames"]["values"], "bnb": bb["init_params"],
        "seq2seq": s2["fields"], "seq2seq_caveat": s2["caveat"],
        "bnb_quant_types": bb["bnb_4bit_quant_type_values"],
        "bnb_quant_storage": bb["bnb_4bit_quant_storage_values"],
    }


def peft_info():
    d, ref, commit, tag = C.pin("huggingface/peft", r"v\d+\.\d+\.\d+", "PIN_PEFT")
    paths = ["src/peft/tuners/lora/config.py", "src/peft/config.py", "src/peft/utils/peft_types.py"]
    idx = C.ClassIndex(d, commit, paths)
    fields = [f for f in idx.all_fields("LoraConfig", paths[0]) if f["init"]]
    task_types = list(C.enum_values(C.find_class(idx.trees[paths[2]], "TaskType")).values())
    version = None
    for st in C.parse(d, commit, "src/peft/__init__.py").body:
        if isinstance(st, ast.Assign) and getattr(st.targets[0], "id", "") == "__version__":
            version = C.literal(st.value)
    return {"d": d, "ref": ref, "commit": commit, "tag": tag, "paths": paths, "fields": fields,
            "task_types": task_types, "version": version}


def main():
    tf = transformers_info()
    pf = peft_info()
    keys = []
    keys += [f"TrainingArguments.{f['name']}" for f in tf["fields"]]
    keys += [f"LoraConfig.{f['name']}" for f in pf["fields"]]
    keys += [f"BitsAndBytesConfig.{p['name']}" for p in tf["bnb"]]
    ta = {f["name"]: f for f in tf["fields"]}
    lo = {f["name"]: f for f in pf["fields"]}
    bn = {p["name"]: p for p in tf["bnb"]}

    def n(dct, k):
        return C.field_note(dct[k]) if k in dct else "MISSING at this pin"

    emit_notes = {
        "TrainingArguments.per_device_train_batch_size": n(ta, "per_device_train_batch_size"),
        "TrainingArguments.gradient_accumulation_steps": n(ta, "gradient_accumulation_steps"),
        "TrainingArguments.bf16 / fp16 / tf32": [n(ta, "bf16"), n(ta, "fp16"), n(ta, "tf32")],
        "TrainingArguments.gradient_checkpointing": n(ta, "gradient_checkpointing"),
        "TrainingArguments.gradient_checkpointing_kwargs": n(ta, "gradient_checkpointing_kwargs"),
        "TrainingArguments.deepspeed": n(ta, "deepspeed"),
        "TrainingArguments.fsdp": {**(n(ta, "fsdp") if "fsdp" in ta else {}),
                                   "values": ["full_shard", "shard_grad_op", "no_shard", "hybrid_shard",
                                              "hybrid_shard_zero2", "offload", "auto_wrap"],
                                   "values_source": "FSDPOption enum (trainer_utils.py), as listed in the TrainingArguments docstring/help at this commit"},
        "TrainingArguments.optim": {**n(ta, "optim"), "allowed (OptimizerNames)": tf["optim"]},
        "TrainingArguments.lr_scheduler_type": {**n(ta, "lr_scheduler_type"),
                                                "allowed": "SchedulerType enum in src/transformers/trainer_utils.py: NOT read here; check at the pinned transformers before emitting anything other than 'linear'/'cosine'/'constant'/'constant_with_warmup' (those four are named in the TrainingArguments docstring at this commit)"},
        "TrainingArguments.warmup_steps": "float: int = steps, value in [0,1) = ratio (warmup_ratio is deprecated at this commit)",
        "TrainingArguments.max_seq_length": "not a TrainingArguments field: sequence length lives in TRL's SFTConfig.max_length or in the tokenizer call",
        "flash attention": "not a TrainingArguments field: model load kwarg attn_implementation ('flash_attention_2', 'sdpa', 'eager')",
        "LoraConfig.r": n(lo, "r"),
        "LoraConfig.lora_alpha": n(lo, "lora_alpha"),
        "LoraConfig.lora_dropout": n(lo, "lora_dropout"),
        "LoraConfig.target_modules": {**n(lo, "target_modules"), "note": "list of module names, a regex string, or 'all-linear'"},
        "LoraConfig.bias": n(lo, "bias"),
        "LoraConfig.use_rslora / use_dora": [n(lo, "use_rslora"), n(lo, "use_dora")],
        "LoraConfig.task_type": {**n(lo, "task_type"), "allowed (TaskType)": pf["task_types"]},
        "BitsAndBytesConfig.load_in_4bit": n(bn, "load_in_4bit"),
        "BitsAndBytesConfig.bnb_4bit_quant_type": {**n(bn, "bnb_4bit_quant_type"), "allowed": tf["bnb_quant_types"]},
        "BitsAndBytesConfig.bnb_4bit_compute_dtype": {**n(bn, "bnb_4bit_compute_dtype"),
                                                      "note": "torch.dtype or its name as str, e.g. 'bfloat16'; None -> float32"},
        "BitsAndBytesConfig.bnb_4bit_use_double_quant": n(bn, "bnb_4bit_use_double_quant"),
        "BitsAndBytesConfig.bnb_4bit_quant_storage": {**n(bn, "bnb_4bit_quant_storage"),
                                                      "allowed (str)": tf.get("bnb_quant_storage")},
        "parallel sizes": "TrainingArguments has no TP/PP/CP/EP degrees; parallelism_config (accelerate ParallelismConfig, needs accelerate>=1.10.1) carries dp/tp/cp sizes",
    }
    tf_commit = tf["commit"]["src/transformers/training_args.py"]
    notes = [
        "Keys are '<Class>.<field>'.",
        f"transformers data source: {tf['source']}. The code index stored training_args.py at commit "
        f"{tf_commit} and quantization_config.py at commit {tf['commit']['src/transformers/utils/quantization_config.py']}; "
        "the version string of those commits could not be read (the stored __init__.py is from another commit). The "
        "content is a v5-series main (warmup_ratio/logging_dir marked 'removed in v5.2', group_by_length replaced by "
        "train_sampling_strategy, enable_jit_checkpoint present). Field sets differ across 4.x/5.x: TRL v1.9.0 needs "
        "transformers>=4.56.2, axolotl v0.18.0 pins 5.14.1, LLaMA-Factory v0.9.5 allows <=5.6.0.",
        "Rerun with TRANSFORMERS_MIRROR=<transformers git dir> [TRANSFORMERS_REF=vX.Y.Z] to extract from source at a tag.",
        f"peft pinned to tag {pf['tag']} ({pf['commit']}); LoraConfig fields include those inherited from PeftConfig/PeftConfigMixin.",
    ]
    C.write("hf", {
        "format": "hf",
        "framework": "transformers TrainingArguments + peft LoraConfig + transformers BitsAndBytesConfig",
        "repo": "https://github.com/huggingface/transformers ; https://github.com/huggingface/peft",
        "commit": tf_commit,
        "commits": {"huggingface/transformers": tf["commit"], "huggingface/peft": pf["commit"]},
        "release": f"transformers: unknown (v5-series main at {tf_commit[:12]}); peft: {pf['tag']} (__version__ {pf['version']})",
        "pinned_ref": {"transformers": tf["ref"] or tf_commit, "peft": pf["ref"]},
        "paths": ["transformers:" + p for p in tf["commit"]] + ["peft:" + p for p in pf["paths"]],
        "extracted_by": "extract/hf.py",
        "keys": keys,
        "keys_by_section": {
            "TrainingArguments": sorted(ta), "LoraConfig": sorted(lo), "BitsAndBytesConfig": [p["name"] for p in tf["bnb"]],
            "Seq2SeqTrainingArguments (extra, for llama-factory)": [f["name"] for f in tf["seq2seq"]],
        },
        "emit_notes": emit_notes,
        "notes": notes,
    })


if __name__ == "__main__":
    main()
