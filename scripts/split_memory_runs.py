#!/usr/bin/env python3
"""split_memory_runs.py -- the held-out split of tests/data/memory_runs.json, by a rule fixed before any fit.

Rule (also written in the file's "split_rule"):
  1. Weak cases are set apart first, for a reason stated in the case ("weak"), decided from what the source
     says of the run and never from an error: a sequence length that is only an upper bound (batches not packed,
     padded to their longest sample of a short-sample dataset, so the shape that ran is unknown), or a base the
     planner has no method for (LLM.int8). They are planned and shown, never counted in a statistic or a fit.
  2. The rest fall into strata: (stack, method, precision class fp8 | 16-bit | fp32, kind peak | max_seq | fits);
     the longest-sequence cases form one stratum of their own across stacks.
  3. Within a stratum, cases are ordered by the SHA-1 of their id; the first round(0.4 n) are held out
     (floor(0.4 n + 0.5)); the longest-sequence stratum holds out ceil(n / 2), the six the issue's target counts.
  Held-out cases ("split": "heldout") are never used to fit a constant or a band; the rest are "fitted".

  scripts/split_memory_runs.py [--check] [tests/data/memory_runs.json]
--check changes nothing and fails when a case's split or weak mark differs from the rule (a ctest).
"""
import hashlib
import json
import math
import sys

RULE = ("Weak cases first (reason in 'weak': a sequence length that is only an upper bound, or a base the planner "
        "cannot model), never counted; the rest in strata (stack, method, precision class fp8 | 16-bit | fp32, kind "
        "peak | max_seq | fits; max_seq one stratum across stacks), ordered by SHA-1 of the id, the first "
        "round(0.4 n) held out (max_seq: ceil(n / 2)). Fixed before any fit; scripts/split_memory_runs.py --check.")


def weak_reason(case):
    if "int8" in case["id"]:
        return "LLM.int8 base (8-bit frozen weights): the planner has no such method"
    for line in case.get("inferred", []):
        low = line.lower()
        if ("upper bound" in low or "at most" in low) and ("seq" in low or "batch" in low or "cutoff" in low):
            return ("sequence length only an upper bound (" + line[:160] + "): the shape that ran is unknown")
    return None


def kind(case):
    m = case["measured"]
    return "max_seq" if "max_seq" in m else "fits" if "fits" in m else "peak"


def prec_class(prec):
    return "fp8" if prec == "fp8" else "fp32" if prec == "fp32" else "16-bit"


def assign(cases):
    strata = {}
    out = {}
    for c in cases:
        w = weak_reason(c)
        if w:
            out[c["id"]] = ("weak", w)
            continue
        k = kind(c)
        cfg = c["config"]
        key = ("max_seq",) if k == "max_seq" else (cfg.get("stack", ""), cfg.get("method", "full"),
                                                      prec_class(cfg.get("prec", "bf16")), k)
        strata.setdefault(key, []).append(c["id"])
    for key, ids in strata.items():
        ids.sort(key=lambda i: hashlib.sha1(i.encode()).hexdigest())
        n = len(ids)
        held = math.ceil(n / 2) if key == ("max_seq",) else int(math.floor(0.4 * n + 0.5))
        for j, i in enumerate(ids):
            out[i] = ("heldout" if j < held else "fitted", None)
    return out


def main():
    args = [a for a in sys.argv[1:] if a != "--check"]
    check = "--check" in sys.argv[1:]
    path = args[0] if args else __file__.rsplit("/", 2)[0] + "/tests/data/memory_runs.json"
    data = json.load(open(path, encoding="utf-8"))
    want = assign(data["cases"])
    bad = []
    for c in data["cases"]:
        split, weak = want[c["id"]]
        if check:
            if c.get("split") != split or c.get("weak") != weak:
                bad.append("%s: split %s, the rule says %s" % (c["id"], c.get("split"), split))
        else:
            c["split"] = split
            if weak:
                c["weak"] = weak
            else:
                c.pop("weak", None)
    if check:
        if data.get("split_rule") != RULE:
            bad.append("split_rule differs from the script's")
        for b in bad:
            print(b)
        sys.exit(1 if bad else 0)
    data["split_rule"] = RULE
    with open(path, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1, ensure_ascii=False)
        f.write("\n")
    n = {}
    for s, _ in want.values():
        n[s] = n.get(s, 0) + 1
    print(path, n)


if __name__ == "__main__":
    main()
