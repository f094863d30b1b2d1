"""torchtune recipe-config keys for the llama3_1 configs TrainPlan targets.

For each config YAML: every key path in the YAML; every `_component_` resolved inside the
torchtune source to its function / class and that callable's parameters (section.param);
plus the top-level keys the matching recipe script reads from `cfg` (cfg.x / cfg.get("x") /
cfg["x"]), found through torchtune/_recipe_registry.py. Keys are dotted paths.
"""
from __future__ import annotations

import ast
import os
import sys

import yaml

sys.path.insert(0, os.path.dirname(__file__))
import common as C  # noqa: E402

CONFIGS = [
    "recipes/configs/llama3_1/8B_lora_single_device.yaml",
    "recipes/configs/llama3_1/8B_qlora_single_device.yaml",
    "recipes/configs/llama3_1/8B_full.yaml",
    "recipes/configs/llama3_1/70B_lora.yaml",
]


def yaml_paths(obj, prefix=()):
    out = []
    if isinstance(obj, dict):
        for k, v in obj.items():
            p = prefix + (str(k),)
            out.append(p)
            out += yaml_paths(v, p)
    return out


class Resolver:
    def __init__(self, d, commit):
        self.d, self.commit = d, commit
        self.cache = {}

    def tree(self, path):
        if path not in self.cache:
            self.cache[path] = C.parse(self.d, self.commit, path) if C.exists(self.d, self.commit, path) else None
        return self.cache[path]

    def module_file(self, mod):
        base = mod.replace(".", "/")
        for p in (base + ".py", base + "/__init__.py"):
            if C.exists(self.d, self.commit, p):
                return p
        return None

    def resolve(self, dotted, depth=0):
        """Return (file, node, note) for a dotted torchtune attribute, following re-exports."""
        if depth > 8:
            return None
        parts = dotted.split(".")
        for i in range(len(parts) - 1, 0, -1):
            mod, attr = ".".join(parts[:i]), parts[i:]
            f = self.module_file(mod)
            if f and len(attr) == 1:
                return self.lookup(f, mod, attr[0], depth)
            if f and len(attr) == 2:  # Class.method style
                hit = self.lookup(f, mod, attr[0], depth)
                return hit
        return None

    def lookup(self, f, mod, name, depth):
        t = self.tree(f)
        if t is None:
            return None
        for st in t.body:
            if isinstance(st, (ast.FunctionDef, ast.ClassDef)) and st.name == name:
                return (f, st, None)
            if isinstance(st, ast.Assign) and any(getattr(x, "id", None) == name for x in st.targets):
                v = st.value
                if isinstance(v, ast.Call) and C.src(v.func) in ("partial", "functools.partial") and v.args:
                    inner = C.src(v.args[0])
                    bound = {k.arg: C.src(k.value) for k in v.keywords}
                    hit = self.lookup(f, mod, inner, depth + 1) or self.resolve(inner, depth + 1)
                    if hit:
                        return (hit[0], hit[1], f"partial({inner}, {bound})")
                if isinstance(v, ast.Name):
                    return self.lookup(f, mod, v.id, depth + 1)
        pkg = mod if f.endswith("__init__.py") else mod.rsplit(".", 1)[0]
        for st in t.body:
            if isinstance(st, ast.ImportFrom):
                for a in st.names:
                    if (a.asname or a.name) == name:
                        if st.level:
                            base = pkg.split(".")
                            base = base[: len(base) - (st.level - 1)]
                            src_mod = ".".join(base + ([st.module] if st.module else []))
                        else:
                            src_mod = st.module
                        sf = self.module_file(src_mod)
                        if sf:
                            return self.lookup(sf, src_mod, a.name, depth + 1)
                        sf = self.module_file(src_mod + "." + a.name)
                        if sf:
                            return (sf, None, "module")
        return None


def callable_params(node):
    if isinstance(node, ast.FunctionDef):
        return C.func_params(node), node.name
    if isinstance(node, ast.ClassDef):
        init = next((s for s in node.body if isinstance(s, ast.FunctionDef) and s.name == "__init__"), None)
        if init is not None:
            return C.func_params(init)[1:], node.name + ".__init__"
        fields = C.class_fields(node)
        if fields:
            return [{"name": f["name"], "annotation": f["annotation"], "default": f["default"], "kind": "keyword"}
                    for f in fields], node.name + " (dataclass fields)"
    return [], None


def recipe_cfg_keys(tree):
    keys = set()
    for n in ast.walk(tree):
        if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == "cfg":
            if n.attr not in ("get", "keys", "items", "pop", "setdefault"):
                keys.add(n.attr)
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in ("get", "pop") and \
                isinstance(n.func.value, ast.Name) and n.func.value.id == "cfg" and n.args and \
                isinstance(n.args[0], ast.Constant):
            keys.add(n.args[0].value)
        if isinstance(n, ast.Subscript) and isinstance(n.value, ast.Name) and n.value.id == "cfg" and \
                isinstance(n.slice, ast.Constant):
            keys.add(n.slice.value)
    return keys


def main():
    d, ref, commit, tag = C.pin("pytorch/torchtune", r"v\d+\.\d+\.\d+", "PIN_TORCHTUNE")
    version = C.show(d, commit, "version.txt").strip()
    reg = C.parse(d, commit, "torchtune/_recipe_registry.py")
    cfg2recipe = {}
    for n in ast.walk(reg):
        if isinstance(n, ast.Call) and C.src(n.func) == "Recipe":
            fp = C.literal(C.call_kw(n, "file_path"))
            confs = C.call_kw(n, "configs")
            for c in getattr(confs, "elts", []):
                cfp = C.literal(C.call_kw(c, "file_path"))
                cfg2recipe.setdefault(cfp, []).append(fp)
    R = Resolver(d, commit)
    keys, per_config, components, paths = set(), {}, {}, list(CONFIGS)
    for cp in CONFIGS:
        y = yaml.safe_load(C.show(d, commit, cp))
        ykeys = {".".join(p) for p in yaml_paths(y)}
        ck = set(ykeys)
        rel = cp.removeprefix("recipes/configs/")
        recipes = cfg2recipe.get(rel, [])
        for rf in recipes:
            rp = "recipes/" + rf
            if rp not in paths:
                paths.append(rp)
            ck |= recipe_cfg_keys(C.parse(d, commit, rp))
        for sec, v in (y or {}).items():
            if isinstance(v, dict) and "_component_" in v:
                comp = v["_component_"]
                info = components.get(comp)
                if info is None:
                    hit = R.resolve(comp) if comp.startswith("torchtune.") else None
                    if hit and hit[1] is not None:
                        params, what = callable_params(hit[1])
                        info = {"file": hit[0], "callable": what, "via": hit[2],
                                "params": {p["name"]: {"type": p["annotation"], "default": p["default"]} for p in params
                                           if p["kind"] in ("positional", "keyword")},
                                "accepts_var_kwargs": any(p["kind"] == "varkw" for p in params)}
                        if hit[0] not in paths:
                            paths.append(hit[0])
                    else:
                        info = {"file": None, "callable": None,
                                "note": "outside torchtune (signature not extracted); only the YAML's keys are listed"}
                    components[comp] = info
                for p in info.get("params", {}):
                    ck.add(f"{sec}.{p}")
        per_config[rel] = {"recipes": recipes, "yaml_keys": sorted(ykeys), "valid_keys": sorted(ck)}
        keys |= ck

    emit_notes = {
        "batch_size": "int, per-device micro-batch (top-level)",
        "gradient_accumulation_steps": "int (top-level); full-finetune recipes require 1 when optimizer_in_bwd=True",
        "tokenizer.max_seq_len": "int or null: sequence length cap (tokenizer arg); dataset.packed=True packs to this length",
        "dtype": "str: 'bf16' | 'fp32' (recipe rejects fp16 for training in these recipes)",
        "enable_activation_checkpointing": "bool (top-level) — torchtune's gradient checkpointing switch",
        "enable_activation_offloading": "bool (top-level)",
        "compile": "bool (top-level)",
        "model.lora_rank / lora_alpha / lora_dropout": components.get("torchtune.models.llama3_1.lora_llama3_1_8b", {}).get("params"),
        "model.lora_attn_modules": "list of 'q_proj','k_proj','v_proj','output_proj' (LORA_ATTN_MODULES); apply_lora_to_mlp / apply_lora_to_output are bools",
        "4-bit quant": "QLoRA = model._component_ torchtune.models.llama3_1.qlora_llama3_1_8b (partial of lora_llama3_1_8b with quantize_base=True, NF4)",
        "optimizer._component_": "any importable optimizer, e.g. torch.optim.AdamW (lr, weight_decay, fused are its kwargs; not extracted)",
        "optimizer_in_bwd": "bool (full finetune recipes)",
        "fsdp_cpu_offload": "bool (distributed recipes read it from cfg)",
        "parallel sizes": "full_finetune_distributed (8B_full) reads tensor_parallel_dim (int, default 1; world_size must divide by it; needs tensor_parallel_plan component); data-parallel degree = world_size // tensor_parallel_dim (FSDP2). No pipeline/context/expert parallel keys in these recipes",
        "flash attention": "no config switch: torchtune uses SDPA (flex attention for packed data when available)",
    }
    C.write("torchtune", {
        "format": "torchtune",
        "framework": "torchtune",
        "repo": "https://github.com/pytorch/torchtune",
        "commit": commit,
        "release": f"{tag} (version.txt {version})" if tag else f"HEAD (version.txt {version})",
        "pinned_ref": ref,
        "paths": paths + ["torchtune/_recipe_registry.py"],
        "extracted_by": "extract/torchtune.py",
        "keys": sorted(keys),
        "per_config": per_config,
        "components": components,
        "emit_notes": emit_notes,
        "notes": [
            "Pinned to release tag v0.6.1; the mirror's HEAD is later (README notes the torchtune wind-down).",
            "keys = union over the four configs of: YAML key paths, <section>.<param> of each resolved torchtune "
            "_component_, and the top-level keys the registered recipe script reads from cfg. per_config holds each "
            "config's own list. Components outside torchtune (torch.optim.AdamW) contribute only their YAML keys.",
            "Some component parameters are filled by the recipe, not the YAML (dataset.tokenizer, lr_scheduler.optimizer, "
            "lr_scheduler.num_training_steps, checkpointer.resume_from_checkpoint); they are listed because instantiate() "
            "merges YAML kwargs with them, but emitting them would clash.",
        ],
    })


if __name__ == "__main__":
    main()
