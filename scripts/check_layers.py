#!/usr/bin/env python3
"""check_layers.py — every #include "..." in core/ names a header of its own layer or of a layer below it
(core/LAYERS.md), and headers under a folder's internal/ are included from that folder only. The build
enforces the same through each layer's include path (core/CMakeLists.txt); this check also covers headers
that no file of their own layer compiles, and prints every offending line at once.

    scripts/check_layers.py [ROOT]     exit 1 with one line per upward include
"""
import os
import re
import sys

root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
core = os.path.join(root, "core")

# Each layer and the layers it stands on, read from core/CMakeLists.txt (one source of truth).
deps = {}
cmake = open(os.path.join(core, "CMakeLists.txt"), encoding="utf-8").read()
for name, rest in re.findall(r"^trainplan_layer\((\w+)([^)]*)\)", cmake, re.M):
    m = re.search(r"DEPS\s+([\w\s]+?)(?:SOURCES|$)", rest.strip() + " ")
    deps[name] = m.group(1).split() if m else []


def below(layer, seen=None):
    seen = set() if seen is None else seen
    for d in deps.get(layer, []):
        if d not in seen:
            seen.add(d)
            below(d, seen)
    return seen


# Where each header lives: its layer, and whether it is internal to that layer.
home = {}
for layer in deps:
    for dirpath, _, files in os.walk(os.path.join(core, layer)):
        for f in files:
            if f.endswith(".h"):
                if f in home:
                    print("core/%s/%s: a header of that name is also in core/%s" % (layer, f, home[f][0]))
                    sys.exit(1)
                home[f] = (layer, os.path.basename(dirpath) == "internal")

problems = []
for layer in deps:
    allowed = below(layer) | {layer}
    for dirpath, _, files in os.walk(os.path.join(core, layer)):
        for f in sorted(files):
            if not f.endswith((".h", ".cpp")):
                continue
            path = os.path.join(dirpath, f)
            for n, line in enumerate(open(path, encoding="utf-8"), 1):
                m = re.match(r'\s*#\s*include\s+"([^"]+)"', line)
                if not m:
                    continue
                target = os.path.basename(m.group(1))
                where = home.get(target)
                rel = os.path.relpath(path, root)
                if where is None:
                    problems.append("%s:%d: includes %s, which is in no layer of core/" % (rel, n, target))
                elif where[0] not in allowed:
                    problems.append("%s:%d: layer %s includes %s of layer %s, which is not below it"
                                    % (rel, n, layer, target, where[0]))
                elif where[1] and where[0] != layer:
                    problems.append("%s:%d: includes %s, internal to layer %s" % (rel, n, target, where[0]))

for p in problems:
    print(p)
sys.exit(1 if problems else 0)
