"""torchtitan TOML keys: JobConfig sections (TOML tables) and their dataclass fields, from
torchtitan/config/job_config.py. Keys are "section.field" (nested dataclasses go deeper,
e.g. quantize.linear.float8.recipe_name). CLI form is --section.field.
"""
from __future__ import annotations

import ast
import os
import re
import sys

sys.path.insert(0, os.path.dirname(__file__))
import common as C  # noqa: E402

PATH = "torchtitan/config/job_config.py"


def literal_choices(ann):
    if not ann or "Literal[" not in ann:
        return None
    try:
        node = ast.parse(ann, mode="eval").body
    except SyntaxError:
        return None
    out = []
    for n in ast.walk(node):
        if isinstance(n, ast.Subscript) and C.src(n.value).endswith("Literal"):
            sl = n.slice
            elts = sl.elts if isinstance(sl, ast.Tuple) else [sl]
            out += [C.literal(e) for e in elts]
    return out or None


def walk(idx, cname, prefix, keys, meta, depth=0):
    for f in idx.all_fields(cname, PATH):
        if not f["init"]:
            continue
        k = prefix + f["name"]
        refs = [r for r in set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", f["annotation"] or "")) if idx.get(r) and r != cname]
        keys.add(k)
        m = C.field_note(f)
        ch = literal_choices(f["annotation"])
        if ch:
            m["choices"] = ch
        meta[k] = m
        for r in refs:
            if depth < 4:
                walk(idx, r, k + ".", keys, meta, depth + 1)


def main():
    # newest release tag that still has torchtitan/config/job_config.py
    d, ref, commit, tag = C.pin("pytorch/torchtitan", r"v\d+\.\d+\.\d+", "PIN_TORCHTITAN")
    if not C.exists(d, commit, PATH):
        sys.exit(f"{PATH} not at {ref}; set PIN_TORCHTITAN")
    version = C.show(d, commit, "assets/version.txt").strip()
    idx = C.ClassIndex(d, commit, [PATH])
    keys, meta = set(), {}
    walk(idx, "JobConfig", "", keys, meta)
    sections = sorted(k for k in keys if "." not in k)
    want = ["training.local_batch_size", "training.global_batch_size", "training.seq_len", "training.steps",
            "training.mixed_precision_param", "training.mixed_precision_reduce", "training.max_norm",
            "parallelism.data_parallel_replicate_degree", "parallelism.data_parallel_shard_degree",
            "parallelism.fsdp_reshard_after_forward", "parallelism.tensor_parallel_degree",
            "parallelism.pipeline_parallel_degree", "parallelism.pipeline_parallel_schedule",
            "parallelism.pipeline_parallel_microbatch_size", "parallelism.context_parallel_degree",
            "parallelism.expert_parallel_degree", "parallelism.expert_tensor_parallel_degree",
            "activation_checkpoint.mode", "activation_checkpoint.selective_ac_option",
            "optimizer.name", "optimizer.lr", "lr_scheduler.warmup_steps", "lr_scheduler.decay_type",
            "model.name", "model.flavor", "compile.enable", "compile.components", "training.enable_cpu_offload"]
    emit_notes = {k: meta.get(k, "MISSING at this pin") for k in want}
    emit_notes["parallelism.pipeline_parallel_schedule (names)"] = (
        "str passed to torch.distributed.pipelining get_schedule_class (e.g. '1F1B', 'Interleaved1F1B', 'GPipe', "
        "'LoopedBFS', 'InterleavedZeroBubble', 'ZBVZeroBubble') — the accepted set lives in PyTorch, not torchtitan")
    emit_notes["optimizer.name"] = {**(meta.get("optimizer.name") or {}),
                                    "note": "name of a torch.optim class, e.g. 'AdamW' or 'Adam'"}
    emit_notes["flash attention"] = "model flavor / model.* attention options; no generic switch in JobConfig"
    emit_notes["data_parallel_shard_degree"] = "-1 = use the remaining devices"
    C.write("torchtitan", {
        "format": "torchtitan",
        "framework": "torchtitan",
        "repo": "https://github.com/pytorch/torchtitan",
        "commit": commit,
        "release": f"{tag} (assets/version.txt {version})" if tag else f"HEAD ({version})",
        "pinned_ref": ref,
        "paths": [PATH],
        "extracted_by": "extract/torchtitan.py",
        "keys": sorted(keys),
        "sections": sections,
        "field_types": meta,
        "emit_notes": emit_notes,
        "notes": [
            "Pinned to release tag v0.2.2, the newest tag; at the mirror's HEAD job_config.py has been replaced by "
            "torchtitan/config/configs.py (a different config system), so HEAD keys differ.",
            "TOML: [section] tables with the listed fields; nested dataclasses are nested tables "
            "(e.g. [quantize.linear.float8]).",
            "Models/experiments can extend JobConfig with custom_config_module; those extra keys are not listed.",
        ],
    })


if __name__ == "__main__":
    main()
