"""unsloth: parameter names of FastLanguageModel.from_pretrained (unsloth/models/loader.py) and
get_peft_model (FastLanguageModel inherits FastLlamaModel.get_peft_model, unsloth/models/llama.py).
Also FastModel.from_pretrained and FastBaseModel.get_peft_model (vision.py), which FastModel uses.
Keys are "<callable>.<param>".
"""
from __future__ import annotations

import ast
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
import common as C  # noqa: E402

TARGETS = [
    ("FastLanguageModel.from_pretrained", "unsloth/models/loader.py", "FastLanguageModel", "from_pretrained"),
    ("FastLanguageModel.get_peft_model", "unsloth/models/llama.py", "FastLlamaModel", "get_peft_model"),
    ("FastModel.from_pretrained", "unsloth/models/loader.py", "FastModel", "from_pretrained"),
    ("FastModel.get_peft_model", "unsloth/models/vision.py", "FastBaseModel", "get_peft_model"),
]


def main():
    d, ref, commit, tag = C.pin("unslothai/unsloth", r"v\d+\.\d+\.\d+(-beta)?", "PIN_UNSLOTH")
    vt = C.parse(d, commit, "unsloth/_version.py")
    version = next((C.literal(s.value) for s in vt.body if isinstance(s, ast.Assign)), None)
    keys, sigs, varkw = [], {}, {}
    for label, path, cls, meth in TARGETS:
        t = C.parse(d, commit, path)
        fn = C.find_func(t, meth, cls)
        if fn is None:
            sigs[label] = "NOT FOUND"
            continue
        ps = C.func_params(fn)
        named = [p for p in ps if p["kind"] in ("positional", "keyword") and p["name"] not in ("self", "cls")]
        sigs[label] = {p["name"]: {"type": p["annotation"], "default": p["default"]} for p in named}
        varkw[label] = [p["name"] for p in ps if p["kind"] in ("varargs", "varkw")]
        keys += [f"{label}.{p['name']}" for p in named]
    fp, gp = sigs["FastLanguageModel.from_pretrained"], sigs["FastLanguageModel.get_peft_model"]

    def g(s, k):
        return s.get(k, "MISSING at this pin") if isinstance(s, dict) else s

    emit_notes = {
        "from_pretrained.max_seq_length": g(fp, "max_seq_length"),
        "from_pretrained.load_in_4bit": g(fp, "load_in_4bit"),
        "from_pretrained.load_in_8bit": g(fp, "load_in_8bit"),
        "from_pretrained.full_finetuning": g(fp, "full_finetuning"),
        "from_pretrained.dtype": {**g(fp, "dtype"), "note": "None = auto (bf16 where supported), or torch.float16 / torch.bfloat16"} if isinstance(g(fp, "dtype"), dict) else g(fp, "dtype"),
        "from_pretrained.use_gradient_checkpointing": g(fp, "use_gradient_checkpointing"),
        "from_pretrained.fast_inference": g(fp, "fast_inference"),
        "get_peft_model.r": g(gp, "r"),
        "get_peft_model.lora_alpha": g(gp, "lora_alpha"),
        "get_peft_model.lora_dropout": g(gp, "lora_dropout"),
        "get_peft_model.target_modules": g(gp, "target_modules"),
        "get_peft_model.bias": g(gp, "bias"),
        "get_peft_model.use_gradient_checkpointing": {**g(gp, "use_gradient_checkpointing"),
                                                      "note": "True | False | 'unsloth' (unsloth's offloaded checkpointing)"} if isinstance(g(gp, "use_gradient_checkpointing"), dict) else g(gp, "use_gradient_checkpointing"),
        "get_peft_model.use_rslora": g(gp, "use_rslora"),
        "get_peft_model.loftq_config": g(gp, "loftq_config"),
        "training args": "training itself uses TRL SFTTrainer/SFTConfig (see trl.json); unsloth patches them",
        "parallel sizes / deepspeed": "none: single-GPU (or DDP via accelerate/torchrun); no TP/PP keys",
        "flash attention": "automatic (xformers / FA2 / SDPA picked internally); no switch in these signatures",
    }
    C.write("unsloth", {
        "format": "unsloth",
        "framework": "unsloth",
        "repo": "https://github.com/unslothai/unsloth",
        "commit": commit,
        "release": f"{tag} (unsloth/_version.py __version__ {version})" if tag else f"HEAD (__version__ {version})",
        "pinned_ref": ref,
        "paths": sorted({t[1] for t in TARGETS} | {"unsloth/_version.py"}),
        "extracted_by": "extract/unsloth.py",
        "keys": keys,
        "signatures": sigs,
        "var_args": varkw,
        "emit_notes": emit_notes,
        "notes": [
            "The repository's tags (vX.Y.Z-beta) are Unsloth Studio releases; the newest one is used as the pin and its "
            "library version (unsloth/_version.py) is recorded. PyPI releases are numbered by date (e.g. 2026.8.19).",
            "Both entry points also take **kwargs (forwarded to transformers from_pretrained / peft), so unknown keys "
            "are not rejected by unsloth itself; the test should still hold emitted keys to this list.",
        ],
    })


if __name__ == "__main__":
    main()
