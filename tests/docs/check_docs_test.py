#!/usr/bin/env python3
"""check_docs_test.py — scripts/check_docs.py reads the README's prose too (issue #34: the README quoted eff_run
0.764 where the code had 0.826, and no check saw it): a copy of docs/, README.md and core/job/job.h passes as
shipped, and fails, naming README.md, once its README quotes a shipped constant wrongly.

    tests/docs/check_docs_test.py REPO
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

repo = sys.argv[1]
script = os.path.join(repo, "scripts", "check_docs.py")
with tempfile.TemporaryDirectory() as tmp:
    shutil.copytree(os.path.join(repo, "docs"), os.path.join(tmp, "docs"))
    os.makedirs(os.path.join(tmp, "core", "job"))
    job_h = os.path.join(tmp, "core", "job", "job.h")
    shutil.copy(os.path.join(repo, "core", "job", "job.h"), job_h)
    shutil.copy(os.path.join(repo, "README.md"), os.path.join(tmp, "README.md"))
    shipped = subprocess.run([sys.executable, script, os.path.join(tmp, "docs")], capture_output=True, text=True)
    # The shipped default of straggler, quoted with one digit too many wrong.
    value = float(re.search(r"double straggler = ([0-9.]+);", open(job_h).read()).group(1))
    with open(os.path.join(tmp, "README.md"), "a") as f:
        f.write("\nStragglers cost `straggler` (%.3f) of each step.\n" % (value + 0.1))
    stale = subprocess.run([sys.executable, script, os.path.join(tmp, "docs")], capture_output=True, text=True)
failures = []
if shipped.returncode != 0:
    failures.append("the shipped docs and README fail: " + shipped.stdout)
if stale.returncode != 1 or "README.md: prose quotes straggler" not in stale.stdout:
    failures.append("a wrong constant in README.md passes: " + stale.stdout)
for f in failures:
    print("FAIL " + f)
print("ok" if not failures else "%d failed" % len(failures))
sys.exit(1 if failures else 0)
