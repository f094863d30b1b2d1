"""Regenerate tests/data/launch_keys/<format>.json from the git mirrors (fetch them first), then run the spot checks."""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPTS = ["deepspeed", "hf", "trl", "torchtune", "axolotl", "llama_factory", "unsloth", "torchtitan",
           "megatron", "verl", "openrlhf"]
rc = 0
for s in SCRIPTS:
    rc |= subprocess.call([sys.executable, os.path.join(HERE, s + ".py")])
rc |= subprocess.call([sys.executable, os.path.join(HERE, "check.py")])
sys.exit(rc)
