#!/usr/bin/env python3
"""test_module.py — the Python module against the command line it wraps (issue #33): each function returns what
`trainplan ... --format json` prints, as a dict; a bad key raises InputError naming it; GPU counts that are not
powers of two, both languages, links, compare, search, explain, catalogs, export in every launch-config format and
its import, and text that is not UTF-8.

    tests/python/test_module.py BUILD/python BUILD/trainplan
"""
import json
import subprocess
import sys

sys.path.insert(0, sys.argv[1])
CLI = sys.argv[2]
import trainplan  # noqa: E402

failures = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        failures.append(what)


def cli_json(*args):
    return json.loads(subprocess.run([CLI, *args], check=True, capture_output=True, text=True).stdout)


# plan(): equal to the command line's JSON, for several configurations.
cases = [
    dict(model="llama3-8b", gpu="rtx4090", method="qlora"),
    dict(model="llama3-70b", gpu="h100", gpus=24, tokens="1e11"),
    dict(model="llama2-7b", gpu="a100-80g", gpus=6, zero=3, seq="8k"),
    dict(model="mixtral-8x7b", gpu="h100", gpus=40),
]
for kw in cases:
    got = trainplan.plan(**kw)
    want = cli_json("plan", *[f"{k}={v}" for k, v in kw.items()], "--format", "json")
    check(got == want, f"plan({kw}) equals `trainplan plan ... --format json`")
p = trainplan.plan(model="llama3-8b", gpu="rtx4090", method="qlora")
check(isinstance(p["memory"]["fits"], bool), "a plan's memory.fits is a bool")
check(p["throughput"]["tokens_per_s_per_gpu"] > 0, "a plan has tokens/s per GPU")

# Python values: bools and floats as the keys expect them.
check(trainplan.plan(model="llama3-8b", flash=False) == cli_json("plan", "model=llama3-8b", "flash=0", "--format", "json"),
      "a bool keyword is the key's 1/0")
check(trainplan.plan(gpus=16.0) == cli_json("plan", "gpus=16", "--format", "json"), "a whole float is a whole number")

# A link, and the link of a configuration.
lk = trainplan.link(model="llama3-70b", gpu="h100", gpus=96)
check(lk.startswith("#v=1&") and "gpus=96" in lk, f"link() is the share link ({lk})")
check(trainplan.plan(link=lk) == trainplan.plan(model="llama3-70b", gpu="h100", gpus=96), "plan(link=...) replays it")

# Bad input: an exception naming the key, never a crash.
for kw, key in [(dict(tp="x"), "tp"), (dict(nonsense=1), "nonsense"), (dict(gpus=0), "gpus"),
                (dict(gpus=float("nan")), "gpus"), (dict(model="gpt2-1.5b", seq=4096), "seq")]:
    try:
        trainplan.plan(**kw)
        check(False, f"plan({kw}) raises")
    except trainplan.InputError as e:
        check(e.key == key and key in str(e), f"plan({kw}) raises InputError naming {key}: {e}")
check(issubclass(trainplan.InputError, ValueError), "InputError is a ValueError")

# Chinese: the JSON stays English-keyed and the numbers identical.
zh = trainplan.plan(model="llama3-8b", gpus=12, lang="zh")
check(zh == cli_json("plan", "model=llama3-8b", "gpus=12", "--lang", "zh", "--format", "json"), "lang=zh as the CLI")

# compare(): links or dicts, with common keys.
c = trainplan.compare({"gpu": "a100-80g"}, "#v=1&gpu=h100", model="llama3-8b", gpus=8)
want = cli_json("compare", "--link", "gpu=a100-80g", "--link", "#v=1&gpu=h100", "model=llama3-8b", "gpus=8",
                "--format", "json")
check(c == want, "compare() equals `trainplan compare ... --format json`")

# search(): lists of types and counts.
s = trainplan.search(model="llama3-8b", gpus=8, top=3, objective="cost", gpu_types=["h100", "a100-80g"])
want = cli_json("search", "model=llama3-8b", "gpus=8", "--top", "3", "--objective", "cost", "--gpu-types",
                "h100,a100-80g", "--format", "json")
s.pop("elapsed_s", None), want.pop("elapsed_s", None)  # the search's own wall time differs run to run
check(s == want, "search() equals `trainplan search ... --format json` (but its elapsed time)")

# explain(): the whole tree, or one number's.
e = trainplan.explain("days", model="llama3-8b", gpus=8)
check(e == cli_json("explain", "model=llama3-8b", "gpus=8", "--format", "json", "days"), "explain('days') as the CLI")

# catalogs.
for kind in ("gpus", "models", "links", "stacks"):
    check(trainplan.catalog(kind) == cli_json("catalog", kind, "--format", "json"), f"catalog('{kind}') as the CLI")
try:
    trainplan.catalog("tpus")
    check(False, "catalog('tpus') raises")
except trainplan.InputError:
    check(True, "catalog('tpus') raises InputError")

check("gpus" in trainplan.keys() and "seq" in trainplan.keys(), "keys() lists the key table")

# export(): each launch-config format as `trainplan export --to FORMAT` prints it; a format that cannot run the
# plan raises naming the key; plan(import_file=...) reads it back as `trainplan plan --import` does.
import os  # noqa: E402
import tempfile  # noqa: E402

formats = trainplan.export_formats()
check(len(formats) == 11 and "deepspeed" in formats and "megatron" in formats and "verl" in formats
      and "openrlhf" in formats,
      f"export_formats() ({formats})")
for fmt in formats:
    keys = dict(model="llama3-8b", gpu="h100", gpus=16)
    if fmt in ("verl", "openrlhf"):  # verl's main_ppo and OpenRLHF's train_ppo_ray configure RL post-training only
        keys["goal"] = "grpo"
    got = trainplan.export(fmt, **keys)
    want = subprocess.run([CLI, "export", "--to", fmt, *[f"{k}={v}" for k, v in keys.items()]], check=True,
                          capture_output=True, text=True).stdout
    check(got == want and "Predicted memory per GPU" in got, f"export('{fmt}') equals `trainplan export --to {fmt}`")
    with tempfile.NamedTemporaryFile("w", suffix=".cfg", delete=False) as f:
        f.write(got)
    try:
        back = trainplan.plan(import_file=f.name, gpu="h100", gpus=16)
        want = cli_json("plan", "--import", f.name, "gpu=h100", "gpus=16", "--format", "json")
        check(back == want, f"plan(import_file=<the {fmt} file>) equals `trainplan plan --import`")
    finally:
        os.unlink(f.name)
try:
    trainplan.export("megatron", model="llama3-8b", method="qlora")
    check(False, "export('megatron', method='qlora') raises")
except trainplan.InputError as e:
    check(e.key == "method", f"export('megatron', method='qlora') raises InputError naming method: {e}")
try:
    trainplan.export("nonsense", model="llama3-8b")
    check(False, "export('nonsense') raises")
except trainplan.InputError as e:
    check("deepspeed" in str(e), f"export('nonsense') raises InputError listing the formats: {e}")

# Text Python holds but UTF-8 cannot (a lone surrogate, what os.fsdecode makes of an undecodable byte) and bytes
# in a file that are not UTF-8: InputError naming the key, never a TypeError or a UnicodeDecodeError.
for kw, key in [(dict(name="ab\udcff"), "name"), (dict(gpu="h1\ud800"), "gpu")]:
    try:
        trainplan.plan(**kw)
        check(False, f"plan({kw!r}) raises")
    except trainplan.InputError as e:
        check(e.key == key, f"plan({kw!r}) raises InputError naming {key}: {e}")
with tempfile.NamedTemporaryFile("wb", suffix=".json", delete=False) as f:
    f.write(b'{"model": "llama3-8b", "name": "x\xc0\x80y"}')
try:
    trainplan.plan(config=f.name)
    check(False, "a config whose name is not UTF-8 raises")
except trainplan.InputError as e:
    check(e.key == "name" and "\ufffd" in str(e), f"a config whose name is not UTF-8 raises InputError naming name: {e}")
finally:
    os.unlink(f.name)
check(trainplan.__version__[0].isdigit(), f"__version__ is the CLI's ({trainplan.__version__})")

print(f"{len(failures)} failed")
sys.exit(1 if failures else 0)
