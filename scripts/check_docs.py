#!/usr/bin/env python3
"""check_docs.py — checks the prose of docs/*.md and README.md against the generated tables it describes.

Every generated table row names a case id and its error ("| id | metric | published | predicted | +12.3% |").
Prose outside the generated blocks that quotes a case by id with a signed percentage, as in
"llama3.1-8b-gpu-hours (−62 %)", must agree with the table to within one percentage point. Counts
("N of M within") belong inside the generated blocks, which the validation tools write. Exit 1 with one
line per disagreement.

Shipped constants are checked too: prose that quotes a default of core/job/job.h's Assumptions as
"`straggler` (0.015)", "`straggler` 0.015", "`straggler` = 0.015" or a table cell "| `straggler` | 0.015" must
agree with the compiled default to the digits quoted.

Usage: scripts/check_docs.py [docs-dir]
"""
import os, re, sys

ROW = re.compile(r"^\| ([A-Za-z0-9][A-Za-z0-9_.\-]+) \| [a-z_]+ \| [^|]+ \| [^|]+ \| ([+\-]?\d+(?:\.\d+)?)% \|", re.M)
BLOCK = re.compile(r"<!-- BEGIN (\w+) -->.*?<!-- END \1 -->", re.S)
# an id, then up to 60 characters without a newline or parenthesis, then "(+12 %)" or "(−12.5%)"
QUOTE = re.compile(r"([A-Za-z0-9][A-Za-z0-9_.\-]+)\**[^()\n]{0,60}?\(([+\-−]\d+(?:\.\d+)?) ?%")


DEFAULT = re.compile(r"^\s*double ([a-z_0-9]+) = ([0-9.]+);", re.M)
CONSTANT = re.compile(r"`([a-z_0-9]+)`(?: \| | \(| = | )([0-9]+\.[0-9]+)")


def shipped_defaults(root):
    text = open(os.path.join(root, "core", "job", "job.h"), encoding="utf-8").read()
    return {m.group(1): float(m.group(2)) for m in DEFAULT.finditer(text) if float(m.group(2)) != 0}


def check_constants(path, prose, defaults):
    problems = []
    for m in CONSTANT.finditer(prose):
        name, quoted = m.group(1), m.group(2)
        if name not in defaults:
            continue
        digits = len(quoted.split(".")[1])
        if abs(float(quoted) - defaults[name]) > 0.5 * 10 ** -digits + 1e-12:
            problems.append("%s: prose quotes %s = %s, core/job/job.h ships %g" % (os.path.basename(path), name, quoted,
                                                                             defaults[name]))
    return problems


def check(path, errors_by_id):
    text = open(path, encoding="utf-8").read()
    prose = BLOCK.sub("", text)
    problems = []
    # Overlapping search: a word before an id ("the more**: id (+17.9 %)") must not hide the id's quote, and a quote
    # belongs to the id nearest before it (no other known id between them).
    pos = 0
    while True:
        m = QUOTE.search(prose, pos)
        if not m:
            break
        case = m.group(1)
        gap = prose[m.end(1):m.start(2)]
        if case not in errors_by_id or any(other in gap for other in errors_by_id if other != case):
            pos = m.start() + 1
            continue
        pos = m.end()
        claimed = float(m.group(2).replace("−", "-"))
        # A case with several metrics (speed and memory of one fine-tuning run) matches any of its rows.
        actual = min(errors_by_id[case], key=lambda e: abs(claimed - e))
        if abs(claimed - actual) > 1.0:
            line = prose[: m.start()].count("\n") + 1
            problems.append("%s: prose says %s is %+g %%, the generated table says %+.1f %% (near: %s)"
                            % (os.path.basename(path), case, claimed, actual, m.group(0)[:80]))
    return problems


def main():
    docs = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "docs")
    files = [os.path.join(docs, f) for f in sorted(os.listdir(docs)) if f.endswith(".md")]
    # A file's own tables first: docs/step-model.md's steady-state table and docs/validation.md's table
    # (with each framework's efficiency) give the same case different figures, each right in its file.
    shared = {}
    own = {}
    for f in files:
        own[f] = {}
        for m in ROW.finditer(open(f, encoding="utf-8").read()):
            own[f].setdefault(m.group(1), []).append(float(m.group(2)))
        for k, v in own[f].items():
            shared.setdefault(k, v)
    if not shared:
        sys.exit("check_docs: no generated tables found under " + docs)
    defaults = shipped_defaults(os.path.join(docs, ".."))
    problems = []
    # The README's prose too (issue #34: it quoted eff_run 0.764 where the code had 0.826): its case figures
    # against the tables, its constants against core/job/job.h.
    readme = os.path.join(docs, "..", "README.md")
    for f in files + ([readme] if os.path.exists(readme) else []):
        problems += check(f, {**shared, **own.get(f, {})})
        problems += check_constants(f, BLOCK.sub("", open(f, encoding="utf-8").read()), defaults)
    errors_by_id = shared
    for p in problems:
        print(p)
    print("check_docs: %d case figures known, %d disagreements" % (len(errors_by_id), len(problems)))
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
