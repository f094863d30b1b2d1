"""verl's main_ppo config keys (issue #32: the verl export of an RL plan).

Every dotted key path of verl's generated full trainer configs (FSDP and Megatron strategies), read as YAML
from the git mirror at the commit the RL model's rows cite (b178a3c, v0.7.0+125, version 0.8.0.dev): the
configs `python3 -m verl.trainer.main_ppo` composes. The export's file is a Hydra config that extends
ppo_trainer, so Hydra's own `defaults` and `hydra.searchpath` are listed too.
"""
from __future__ import annotations

import os
import sys

import yaml

sys.path.insert(0, os.path.dirname(__file__))
import common as C  # noqa: E402

COMMIT = os.environ.get("PIN_VERL", "b178a3cd56f58b2d502255daba591e92833930a7")
PATHS = [
    "verl/trainer/config/_generated_ppo_trainer.yaml",
    "verl/trainer/config/_generated_ppo_megatron_trainer.yaml",
]


def paths(obj, prefix=""):
    out = []
    if isinstance(obj, dict):
        for k, v in obj.items():
            p = f"{prefix}.{k}" if prefix else str(k)
            out.append(p)
            out += paths(v, p)
    return out


def main():
    d = C.mirror("volcengine/verl")
    commit = C.rev(d, COMMIT)
    keys = set()
    for p in PATHS:
        keys.update(paths(yaml.safe_load(C.show(d, commit, p))))
    keys.update(["defaults", "hydra", "hydra.searchpath"])
    C.write("verl", {
        "format": "verl",
        "framework": "verl",
        "repo": "https://github.com/volcengine/verl",
        "commit": commit,
        "release": "v0.7.0+125 (verl/version/version 0.8.0.dev)",
        "pinned_ref": COMMIT,
        "paths": PATHS,
        "extracted_by": "scripts/launch_keys/verl.py",
        "keys": sorted(keys),
        "emit_notes": {
            "algorithm.adv_estimator": "grpo (GRPO, DAPO, RLOO as planned) or gae (PPO with a critic)",
            "actor_rollout_ref.actor.strategy": "fsdp, fsdp2 or megatron",
            "actor_rollout_ref.rollout.name": "vllm, sglang or hf",
            "actor_rollout_ref.actor.ppo_mini_batch_size": "in prompts: verl multiplies it by rollout.n",
            "defaults": "Hydra: [ppo_trainer, _self_] extends verl's own config",
            "hydra.searchpath": "Hydra: pkg://verl.trainer.config, where ppo_trainer lives",
        },
    })


if __name__ == "__main__":
    main()
