"""OpenRLHF command-line flags: openrlhf/cli/train_ppo_ray.py (PPO, GRPO and the REINFORCE family on Ray + vLLM),
openrlhf/cli/train_dpo.py (DPO) and openrlhf/cli/train_sft.py (supervised fine-tuning), the last two under the
deepspeed launcher, read with ast.

Every literal option string of a `parser.add_argument(...)` call, plus the f-string flags of the
`for prefix in ("actor", "critic"):` loop (argparse_options_expanded renders them). Keys are
"<module>:<flag>" (train_ppo_ray:--actor.num_nodes), because the entry points accept different flags.
From v0.11.0 the flags are dotted groups (--actor.num_nodes, --ds.zero_stage); older releases used flat
names (--actor_num_nodes, --zero_stage).
"""
from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
import common as C  # noqa: E402

CLIS = {
    "train_ppo_ray": "openrlhf/cli/train_ppo_ray.py",
    "train_dpo": "openrlhf/cli/train_dpo.py",
    "train_sft": "openrlhf/cli/train_sft.py",
}


def main():
    d, ref, commit, tag = C.pin("OpenRLHF/OpenRLHF", r"v\d+\.\d+\.\d+", "PIN_OPENRLHF")
    version = C.show(d, commit, "version.txt").strip() if C.exists(d, commit, "version.txt") else None
    keys, records = [], {}
    for cli, path in CLIS.items():
        recs, unresolved = C.argparse_options_expanded(C.parse(d, commit, path))
        if unresolved:
            sys.exit(f"{path}: add_argument calls whose names could not be read at lines {unresolved}")
        for r in recs:
            for opt in r["options"]:
                if opt.startswith("--"):
                    keys.append(f"{cli}:{opt}")
                    records[f"{cli}:{opt}"] = r

    def n(key):
        r = records.get(key)
        if r is None:
            return "MISSING at this pin"
        return {k: r[k] for k in ("type", "default", "choices", "action", "nargs") if k in r}

    # The DeepSpeed flags every entry point shares (the exporter's OpenrlhfDeepSpeed writes them for all three).
    ds = [
        "--ds.zero_stage", "--ds.adam_offload", "--ds.param_dtype", "--ds.attn_implementation", "--ds.packing_samples",
        "--ds.tensor_parallel_size", "--ds.ring_attn_size", "--ds.lora.rank", "--ds.lora.alpha", "--ds.lora.dropout",
        "--ds.lora.target_modules", "--ds.load_in_4bit",
    ]
    ppo = ds + [
        "--actor.num_nodes", "--actor.num_gpus_per_node", "--ref.num_nodes", "--ref.num_gpus_per_node",
        "--critic.num_nodes", "--critic.num_gpus_per_node", "--reward.num_nodes", "--reward.num_gpus_per_node",
        "--train.colocate_all", "--train.colocate_actor_ref", "--vllm.num_engines", "--vllm.tensor_parallel_size",
        "--vllm.gpu_memory_utilization", "--vllm.enable_sleep", "--ds.enable_sleep", "--train.async_enable",
        "--train.partial_rollout_enable", "--rollout.batch_size", "--rollout.n_samples_per_prompt",
        "--rollout.micro_batch_size", "--rollout.max_new_tokens", "--train.batch_size", "--train.micro_batch_size",
        "--data.max_len", "--data.max_samples", "--algo.advantage.estimator", "--algo.kl.init_coef",
        "--algo.kl.use_loss", "--algo.kl.estimator", "--ref.offload", "--actor.gradient_checkpointing_enable",
        "--actor.model_name_or_path", "--critic.model_name_or_path", "--reward.model_name_or_path",
        "--reward.remote_url", "--actor.optim",
    ]
    dpo = ds + [
        "--model.model_name_or_path", "--train.batch_size", "--train.micro_batch_size", "--data.max_len",
        "--data.max_samples", "--model.beta", "--model.gradient_checkpointing_enable", "--ref.offload",
    ]
    sft = ds + [
        "--model.model_name_or_path", "--train.batch_size", "--train.micro_batch_size", "--train.max_epochs",
        "--data.max_len", "--data.max_samples", "--model.gradient_checkpointing_enable",
    ]
    emit_notes = {f"train_ppo_ray:{k}": n(f"train_ppo_ray:{k}") for k in ppo}
    emit_notes.update({f"train_dpo:{k}": n(f"train_dpo:{k}") for k in dpo})
    emit_notes.update({f"train_sft:{k}": n(f"train_sft:{k}") for k in sft})
    C.write("openrlhf", {
        "format": "openrlhf",
        "framework": "OpenRLHF",
        "repo": "https://github.com/OpenRLHF/OpenRLHF",
        "commit": commit,
        "release": f"{tag} (version.txt {version})" if tag else f"HEAD (version.txt {version})",
        "pinned_ref": ref,
        "paths": list(CLIS.values()),
        "extracted_by": "scripts/launch_keys/openrlhf.py",
        "keys": keys,
        "emit_notes": emit_notes,
        "notes": [
            "Keys are '<module>:<flag>': train_ppo_ray (python3 -m openrlhf.cli.train_ppo_ray, submitted with "
            "`ray job submit ... --`), train_dpo and train_sft (deepspeed --module openrlhf.cli.train_dpo / "
            "train_sft).",
            "Flags are argparse option strings read with ast; the actor/critic optimizer flags come from a "
            "`for prefix in (\"actor\", \"critic\")` loop of f-strings, rendered here.",
            "train_ppo_ray asserts at this pin: with --train.colocate_all and no --train.async_enable, actor GPUs = "
            "vllm.num_engines x vllm.tensor_parallel_size; with --train.async_enable, colocate_all colocates the "
            "DeepSpeed models only (vLLM gets GPUs of its own); --vllm.enable_sleep needs colocate_all and no async; "
            "--algo.kl.init_coef 0 creates no reference model; --algo.advantage.estimator other than gae drops the "
            "critic.",
        ],
    })


if __name__ == "__main__":
    main()
