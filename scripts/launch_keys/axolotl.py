"""axolotl YAML config keys: the pydantic schema AxolotlInputConfig and all of its mixins.

Top-level keys are the model's fields (+ pydantic aliases). A field whose annotation names
another schema model is expanded: 'x.sub' for a single model, 'x[].sub' for a list of
models (e.g. datasets[].path). Plugin argument models under src/axolotl/integrations/*/args.py
are reported separately (plugin_keys): they are only valid when the plugin is listed in `plugins`.
"""
from __future__ import annotations

import os
import re
import sys

sys.path.insert(0, os.path.dirname(__file__))
import common as C  # noqa: E402

ROOT_CLASS = "AxolotlInputConfig"
ROOT_FILE = "src/axolotl/utils/schemas/config.py"
SKIP_BASES = {"BaseModel", "ValidationMixin"}


def expand(idx, cname, path, prefix, out, meta, depth=0, seen=()):
    if depth > 5 or cname in seen:
        return
    for f in idx.all_fields(cname, path):
        if not f["init"]:
            continue
        for nm in [f["name"]] + ([f["alias"]] if f.get("alias") else []):
            key = prefix + nm
            out.add(key)
            meta.setdefault(key, {"type": f["annotation"], "default": f["default"], "from": f["defined_in"]})
            if f.get("deprecated"):
                meta[key]["deprecated"] = True
            ann = f["annotation"] or ""
            is_list = bool(re.search(r"\b(list|List|Sequence)\[", ann))
            for ref in sorted(set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", ann))):
                hit = idx.get(ref)
                if ref == cname or not hit or ref in SKIP_BASES:
                    continue
                chain_bases = {b for _, c in idx.mro(ref) for b in C.base_names(c)}
                if "BaseModel" not in chain_bases and not chain_bases & set(idx.classes):
                    continue
                if "Enum" in " ".join(chain_bases) or "str" in chain_bases:
                    continue
                expand(idx, ref, hit[0], key + ("[]." if is_list else "."), out, meta, depth + 1, seen + (cname,))


def main():
    d, ref, commit, tag = C.pin("axolotl-ai-cloud/axolotl", r"v\d+\.\d+\.\d+", "PIN_AXOLOTL")
    version = C.show(d, commit, "VERSION").strip() if C.exists(d, commit, "VERSION") else None
    schema_files = [p for p in C.ls(d, commit, "src/axolotl/utils/schemas") if p.endswith(".py")]
    idx = C.ClassIndex(d, commit, schema_files)
    keys, meta = set(), {}
    expand(idx, ROOT_CLASS, ROOT_FILE, "", keys, meta)
    mixins = [f"{p}:{c.name}" for p, c in idx.mro(ROOT_CLASS, ROOT_FILE)]

    plugin_files = [p for p in C.ls(d, commit, "src/axolotl/integrations") if p.endswith("/args.py")]
    pidx = C.ClassIndex(d, commit, plugin_files + schema_files)
    plugin_keys = {}
    for pf in plugin_files:
        t = pidx.trees.get(pf)
        if t is None:
            continue
        ks, m = set(), {}
        for node in t.body:
            if node.__class__.__name__ == "ClassDef" and ("BaseModel" in C.base_names(node) or "Args" in node.name):
                expand(pidx, node.name, pf, "", ks, m)
        if ks:
            plugin_keys[pf.removeprefix("src/axolotl/integrations/").removesuffix("/args.py")] = sorted(ks)

    enums = {}
    et = idx.trees.get("src/axolotl/utils/schemas/enums.py")
    if et is not None:
        for node in et.body:
            if node.__class__.__name__ == "ClassDef":
                vals = C.enum_values(node)
                if vals:
                    enums[node.name] = sorted({str(v) for v in vals.values()})

    def n(k):
        return meta.get(k, "MISSING at this pin")

    emit_notes = {k: n(k) for k in [
        "micro_batch_size", "gradient_accumulation_steps", "sequence_len", "sample_packing", "bf16", "fp16", "tf32",
        "gradient_checkpointing", "gradient_checkpointing_kwargs", "activation_offloading", "adapter", "lora_r",
        "lora_alpha", "lora_dropout", "lora_target_modules", "lora_target_linear", "load_in_4bit", "load_in_8bit",
        "optimizer", "lr_scheduler", "learning_rate", "deepspeed", "fsdp_config", "fsdp_version",
        "tensor_parallel_size", "context_parallel_size", "dp_shard_size", "dp_replicate_size",
        "expert_parallel_size", "flash_attention", "sdp_attention", "attn_implementation", "flex_attention",
        "base_model", "datasets", "datasets[].path", "datasets[].type", "output_dir", "num_epochs", "max_steps"]}
    emit_notes["expert_parallel_size"] = {"plugin": "expert_parallel",
                                          "keys": plugin_keys.get("expert_parallel", "n/a")}
    emit_notes["flash attention switch"] = "attn_implementation: flash_attention_2 (flash_attention / sdp_attention / flex_attention booleans are deprecated at this pin)"
    emit_notes["adapter values"] = "'lora' | 'qlora' (qlora requires load_in_4bit: true) — see LoraConfig mixin validators"
    emit_notes["optimizer values"] = "OptimizerNames from transformers plus axolotl's CustomSupportedOptimizers: " + \
        str(enums.get("CustomSupportedOptimizers", "n/a"))
    emit_notes["enums (src/axolotl/utils/schemas/enums.py)"] = enums
    C.write("axolotl", {
        "format": "axolotl",
        "framework": "axolotl",
        "repo": "https://github.com/axolotl-ai-cloud/axolotl",
        "commit": commit,
        "release": f"{tag} (VERSION {version})" if tag else f"HEAD (VERSION {version})",
        "pinned_ref": ref,
        "paths": schema_files,
        "extracted_by": "extract/axolotl.py",
        "keys": sorted(keys),
        "top_level_keys": sorted(k for k in keys if "." not in k),
        "plugin_keys": plugin_keys,
        "plugin_paths": plugin_files,
        "root_class_and_mixins": mixins,
        "emit_notes": emit_notes,
        "notes": [
            "Nested keys: 'a.b' = field b of the model typed at a; 'a[].b' = field of the models in list a.",
            "Union-typed fields (e.g. datasets: list[SFTDataset | DPODataset | ...]) expand to the union of the members' fields.",
            "Deprecated/remapped parameters (DeprecatedParameters, RemappedParameters mixins) are included; the schema validators "
            "warn or rename them.",
            "plugin_keys are valid only when the plugin (e.g. axolotl.integrations.liger.LigerPlugin) is in `plugins`.",
            "axolotl v0.18.0 pins transformers==5.14.1, trl==1.8.0, peft==0.19.1 (pyproject).",
        ],
    })


if __name__ == "__main__":
    main()
