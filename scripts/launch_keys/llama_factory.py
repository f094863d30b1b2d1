"""LLaMA-Factory YAML/CLI keys: the dataclass fields HfArgumentParser parses for `llamafactory-cli train`.

_TRAIN_ARGS = ModelArguments, DataArguments, TrainingArguments, FinetuningArguments,
GeneratingArguments (src/llamafactory/hparams/parser.py). LLaMA-Factory's TrainingArguments
extends transformers' Seq2SeqTrainingArguments, so the transformers fields (from hf.py's
source) are included. All keys share one flat namespace (the YAML is flat).
"""
from __future__ import annotations

import ast
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
import common as C  # noqa: E402
import hf  # noqa: E402

FILES = {
    "ModelArguments": "src/llamafactory/hparams/model_args.py",
    "DataArguments": "src/llamafactory/hparams/data_args.py",
    "TrainingArguments": "src/llamafactory/hparams/training_args.py",
    "FinetuningArguments": "src/llamafactory/hparams/finetuning_args.py",
    "GeneratingArguments": "src/llamafactory/hparams/generating_args.py",
}
CONSTANTS = "src/llamafactory/extras/constants.py"


def main():
    d, ref, commit, tag = C.pin("hiyouga/LLaMA-Factory", r"v\d+\.\d+\.\d+", "PIN_LLAMAFACTORY")
    env = C.show(d, commit, "src/llamafactory/extras/env.py")
    version = next((C.literal(st.value) for st in ast.parse(env).body if isinstance(st, ast.Assign)
                    and getattr(st.targets[0], "id", "") == "VERSION"), None)
    idx = C.ClassIndex(d, commit, list(FILES.values()) + [CONSTANTS])
    # the train-arg classes named in parser.py
    ptree = C.parse(d, commit, "src/llamafactory/hparams/parser.py")
    train_cls = []
    for st in ptree.body:
        if isinstance(st, ast.Assign) and getattr(st.targets[0], "id", "") == "_TRAIN_ARGS":
            train_cls = [C.src(e) for e in st.value.elts]
    tf = hf.transformers_info()
    fields, by_class = {}, {}
    for cname in train_cls:
        own = [f for f in idx.all_fields(cname, FILES.get(cname)) if f["init"]]
        by_class[cname] = sorted(f["name"] for f in own)
        for f in own:
            fields[f["name"]] = f
    hf_names = []
    for f in tf["fields"] + tf["seq2seq"]:
        if f["name"] not in fields:
            fields[f["name"]] = dict(f, defined_in="transformers")
            hf_names.append(f["name"])
    enums = {}
    ct = idx.trees[CONSTANTS]
    for node in ct.body:
        if isinstance(node, ast.ClassDef) and node.name in ("AttentionFunction", "QuantizationMethod", "EngineName", "RopeScaling"):
            enums[node.name] = list(C.enum_values(node).values())

    def n(k):
        return C.field_note(fields[k]) | {"from": fields[k].get("defined_in")} if k in fields else "MISSING at this pin"

    emit_notes = {k: n(k) for k in [
        "model_name_or_path", "stage", "finetuning_type", "lora_rank", "lora_alpha", "lora_dropout", "lora_target",
        "quantization_bit", "quantization_method", "quantization_type", "double_quantization", "cutoff_len",
        "per_device_train_batch_size", "gradient_accumulation_steps", "bf16", "fp16", "pure_bf16",
        "gradient_checkpointing", "disable_gradient_checkpointing", "flash_attn", "deepspeed", "optim",
        "learning_rate", "lr_scheduler_type", "packing", "neat_packing", "template", "dataset", "use_unsloth",
        "use_liger_kernel", "sequence_parallel_size", "enable_liger_kernel"]}
    emit_notes["enums (extras/constants.py)"] = enums
    emit_notes["flash attention switch"] = "flash_attn: one of AttentionFunction values " + str(enums.get("AttentionFunction"))
    emit_notes["lora_target"] = {**n("lora_target"), "note": "comma-separated module names or 'all'"}
    emit_notes["parallel sizes"] = "no TP/PP keys (DeepSpeed/FSDP data parallel); USE_MCA=1 switches TrainingArguments to mcore_adapter's (Megatron) arguments, not covered"
    C.write("llama-factory", {
        "format": "llama-factory",
        "framework": "LLaMA-Factory",
        "repo": "https://github.com/hiyouga/LLaMA-Factory",
        "commit": commit,
        "release": f"{tag} (extras/env.py VERSION {version})" if tag else f"HEAD (VERSION {version})",
        "pinned_ref": ref,
        "paths": list(FILES.values()) + ["src/llamafactory/hparams/parser.py", CONSTANTS, "src/llamafactory/extras/env.py"],
        "extracted_by": "extract/llama_factory.py (+ extract/hf.py for inherited TrainingArguments)",
        "keys": sorted(fields),
        "fields_by_class": by_class,
        "inherited_from_transformers": sorted(hf_names),
        "emit_notes": emit_notes,
        "notes": [
            "Flat key namespace (HfArgumentParser over the five _TRAIN_ARGS dataclasses); LLaMA-Factory's own fields win over "
            "same-named transformers fields.",
            f"Inherited fields come from the transformers source described in hf.json ({tf['source']}). LLaMA-Factory v0.9.5 "
            "requires transformers>=4.55.0,<=5.6.0, older than that source; Seq2SeqTrainingArguments was only available as an "
            "old stored copy (sortish_sampler, predict_with_generate); generation_max_length, generation_num_beams and "
            "generation_config exist in current releases but were not verified here, so they are not listed.",
            "USE_MCA=1 (mcore_adapter) replaces the base training arguments; not covered.",
        ],
    })


if __name__ == "__main__":
    main()
