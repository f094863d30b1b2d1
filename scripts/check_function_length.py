#!/usr/bin/env python3
"""check_function_length.py — no function in core/ is longer than 120 lines (#27), data tables aside: a
function whose body is one table (a `return {...}` or the key table's builders) is listed in TABLES below
with the reason. Counts from the line of the function's name to its closing brace.

    scripts/check_function_length.py [ROOT] [--limit N] [--list]   exit 1 naming each function over the limit
"""
import os
import re
import sys

args = [a for a in sys.argv[1:] if not a.startswith("--")]
root = args[0] if args else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
limit = int(sys.argv[sys.argv.index("--limit") + 1]) if "--limit" in sys.argv else 120
if "--limit" in sys.argv:
    args = [a for a in args if a != str(limit)]

# Functions that are data: one row per key, stack or phrase. Their length is the table's, not logic's.
TABLES = {
    "AddAssumptionKeys": "the key table's rows for the assumptions (core/config/keys_assumptions.cpp)",
    "AddTrainingKeys": "the key table's rows for training keys",
    "AddLayoutKeys": "the key table's rows for layout keys",
    "AddModelKeys": "the key table's rows for model keys",
    "AddHardwareKeys": "the key table's rows for hardware keys",
    "Table": "one profile per training stack (core/stack/stacks.cpp)",
    "CapabilityTable": "one row per stack, feature and release, with its source (core/stack/capabilities.cpp)",
}


def strip(code):
    """Comments, strings and character literals blanked (newlines kept, so line numbers hold)."""
    out, i, n = [], 0, len(code)
    while i < n:
        c = code[i]
        if code.startswith("//", i):
            j = code.find("\n", i)
            j = n if j < 0 else j
            i = j
        elif code.startswith("/*", i):
            j = code.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("\n" * code.count("\n", i, j))
            i = j
        elif code.startswith('R"', i):
            m = re.match(r'R"([^(]*)\(', code[i:])
            end = code.find(")" + m.group(1) + '"', i) if m else -1
            j = n if end < 0 else end + len(m.group(1)) + 2
            out.append('""' + "\n" * code.count("\n", i, j))
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and code[j] != c:
                j += 2 if code[j] == "\\" else 1
            out.append(c + c)
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def fn_head(head):
    """True when `head` (the text before a '{' at namespace level) ends a function's signature: a name, its
    parenthesised parameters, then only qualifiers or a trailing return type."""
    h = re.sub(r"\s*(const|noexcept|override|final|mutable|&&|&|->\s*[\w:<>,\s*&]+)\s*$", "", head.rstrip())
    while True:
        stripped = re.sub(r"\s*(const|noexcept|override|final|mutable)\s*$", "", h)
        if stripped == h:
            break
        h = stripped
    if not h.endswith(")"):
        return False
    depth = 0
    for k in range(len(h) - 1, -1, -1):
        depth += h[k] == ")"
        depth -= h[k] == "("
        if depth == 0:
            before = h[:k].rstrip()
            return bool(re.search(r"[\w>~]$", before)) and not re.search(r"\b(if|for|while|switch|catch|return)$", before)
    return False


def functions(path):
    code = strip(open(path, encoding="utf-8").read())
    depth_kinds = []  # for each open brace: "ns", "fn", "other"
    head_start = 0    # index where the current declaration started (after the last ; { or })
    found = []
    fn_open = None
    for i, c in enumerate(code):
        if c == "{":
            head = code[head_start:i]
            in_fn = "fn" in depth_kinds
            if in_fn:
                kind = "other"
            elif re.search(r"\bnamespace\b[^()]*$", head) or re.search(r'\bextern\s+""\s*$', head):
                kind = "ns"
            elif fn_head(head):
                kind = "fn"
                name = re.findall(r"([~\w:]+)\s*\(", head)
                start_line = code.count("\n", 0, head_start + len(head) - len(head.lstrip())) + 1
                fn_open = (name[0].split("::")[-1] if name else "?", start_line)
            else:
                kind = "other"
            depth_kinds.append(kind)
            head_start = i + 1
        elif c == "}":
            kind = depth_kinds.pop() if depth_kinds else "other"
            if kind == "fn" and fn_open:
                end_line = code.count("\n", 0, i) + 1
                found.append((fn_open[0], fn_open[1], end_line - fn_open[1] + 1))
                fn_open = None
            head_start = i + 1
        elif c == ";" and "fn" not in depth_kinds:
            head_start = i + 1
    return found


problems, listing = [], []
for dirpath, _, files in os.walk(os.path.join(root, "core")):
    for f in sorted(files):
        if not f.endswith((".cpp", ".h")):
            continue
        path = os.path.join(dirpath, f)
        rel = os.path.relpath(path, root)
        for name, line, length in functions(path):
            listing.append((length, "%s:%d %s" % (rel, line, name)))
            if length > limit and name not in TABLES:
                problems.append("%s:%d: %s is %d lines (at most %d)" % (rel, line, name, length, limit))

if "--list" in sys.argv:
    for length, where in sorted(listing, reverse=True)[:25]:
        print("%4d  %s" % (length, where))
for p in problems:
    print(p)
sys.exit(1 if problems else 0)
