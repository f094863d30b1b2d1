"""Shared helpers for the launch-key extractors.

Every extractor reads framework sources straight out of a git mirror
(``git show <commit>:<path>``), parses them with ``ast`` (or YAML), and
writes one JSON file per format next to this folder's parent.
No framework code is imported or executed.
"""
from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
from typing import Iterable

MIRROR_ROOT = os.environ.get("LAUNCH_KEYS_MIRRORS", "/work/.mirror")
OUT_DIR = os.environ.get(
    "LAUNCH_KEYS_OUT",
    os.path.normpath(os.path.join(os.path.dirname(__file__), "..", "..", "tests", "data", "launch_keys")),
)


# --------------------------------------------------------------------------- git
def mirror(owner_repo: str) -> str:
    d = os.path.join(MIRROR_ROOT, owner_repo.replace("/", "+"), "repo")
    if not os.path.isdir(d):
        sys.exit(f"missing mirror for {owner_repo}: {d} (fetch it first)")
    return d


def git(repo_dir: str, *args: str) -> str:
    return subprocess.run(
        ["git", "-C", repo_dir, *args], check=True, capture_output=True, text=True
    ).stdout


def rev(repo_dir: str, ref: str) -> str:
    return git(repo_dir, "rev-parse", ref + "^{commit}").strip()


def latest_tag(repo_dir: str, pattern: str) -> str | None:
    """Newest tag (by creation date) whose name fully matches ``pattern``."""
    out = git(repo_dir, "for-each-ref", "--sort=-creatordate", "--format=%(refname:short)", "refs/tags")
    rx = re.compile(pattern)
    for t in out.split():
        if rx.fullmatch(t):
            return t
    return None


def pin(owner_repo: str, tag_pattern: str | None, env_name: str | None = None):
    """Return (repo_dir, ref, commit, tag_or_None).

    Prefers the newest release tag matching ``tag_pattern``; falls back to HEAD.
    An environment variable (e.g. PIN_DEEPSPEED=v0.16.3) overrides the ref.
    """
    d = mirror(owner_repo)
    ref = os.environ.get(env_name or "", "") if env_name else ""
    tag = None
    if not ref:
        tag = latest_tag(d, tag_pattern) if tag_pattern else None
        ref = tag or "HEAD"
    else:
        tag = ref if ref in git(d, "tag").split() else None
    return d, ref, rev(d, ref), tag


def show(repo_dir: str, commit: str, path: str) -> str:
    return git(repo_dir, "show", f"{commit}:{path}")


def exists(repo_dir: str, commit: str, path: str) -> bool:
    r = subprocess.run(["git", "-C", repo_dir, "cat-file", "-e", f"{commit}:{path}"], capture_output=True)
    return r.returncode == 0


def ls(repo_dir: str, commit: str, prefix: str) -> list[str]:
    return [p for p in git(repo_dir, "ls-tree", "-r", "--name-only", commit, prefix).split("\n") if p]


def parse(repo_dir: str, commit: str, path: str) -> ast.Module:
    return ast.parse(show(repo_dir, commit, path), filename=path)


# --------------------------------------------------------------------------- ast helpers
def src(node) -> str | None:
    return None if node is None else ast.unparse(node)


def find_class(tree: ast.AST, name: str) -> ast.ClassDef | None:
    for n in ast.walk(tree):
        if isinstance(n, ast.ClassDef) and n.name == name:
            return n
    return None


def find_func(tree: ast.AST, name: str, cls: str | None = None):
    scope = find_class(tree, cls) if cls else tree
    if scope is None:
        return None
    body = scope.body if cls else ast.walk(scope)
    for n in body:
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name == name:
            return n
    return None


def base_names(cls: ast.ClassDef) -> list[str]:
    out = []
    for b in cls.bases:
        if isinstance(b, ast.Name):
            out.append(b.id)
        elif isinstance(b, ast.Attribute):
            out.append(b.attr)
        elif isinstance(b, ast.Subscript):  # Generic[T]
            out.append(src(b.value).split(".")[-1])
    return out


def call_kw(call: ast.Call, name: str):
    for k in call.keywords:
        if k.arg == name:
            return k.value
    return None


def literal(node, default=None):
    try:
        return ast.literal_eval(node)
    except Exception:
        return default


def class_fields(cls: ast.ClassDef) -> list[dict]:
    """Annotated class-body attributes (dataclass / pydantic fields), in order.

    Skips ClassVar, names beginning with '_' and ``field(init=False)``.
    Records: name, annotation, default (source), alias (pydantic Field alias),
    choices (dataclass metadata 'choices' when literal), deprecated flag, metadata node.
    """
    out = []
    for st in cls.body:
        if not (isinstance(st, ast.AnnAssign) and isinstance(st.target, ast.Name)):
            continue
        name = st.target.id
        ann = src(st.annotation)
        if name.startswith("_") or (ann and "ClassVar" in ann):
            continue
        rec = {"name": name, "annotation": ann, "default": None, "alias": None, "init": True}
        v = st.value
        if isinstance(v, ast.Call) and src(v.func).split(".")[-1] in ("field", "Field"):
            if v.args:
                rec["default"] = src(v.args[0])
            d = call_kw(v, "default")
            if d is not None:
                rec["default"] = src(d)
            df = call_kw(v, "default_factory")
            if df is not None:
                rec["default"] = f"<factory {src(df)}>"
            a = call_kw(v, "alias")
            if a is not None:
                rec["alias"] = literal(a)
            i = call_kw(v, "init")
            if i is not None and literal(i) is False:
                rec["init"] = False
            md = call_kw(v, "metadata")
            if md is not None:
                rec["metadata"] = md
                mdv = _dict_get(md, "choices")
                if mdv is not None:
                    ch = literal(mdv)
                    if ch is not None:
                        rec["choices"] = list(ch)
            ex = call_kw(v, "json_schema_extra")
            if ex is not None and "deprecated" in (src(ex) or ""):
                rec["deprecated"] = True
            if call_kw(v, "deprecated") is not None:
                rec["deprecated"] = True
        elif v is not None:
            rec["default"] = src(v)
        out.append(rec)
    return out


def _dict_get(node, key):
    if isinstance(node, ast.Dict):
        for k, v in zip(node.keys, node.values):
            if isinstance(k, ast.Constant) and k.value == key:
                return v
    return None


def func_params(fn) -> list[dict]:
    """Parameters of a function: name, annotation, default (source), kind."""
    a = fn.args
    out = []
    pos = a.posonlyargs + a.args
    defaults = [None] * (len(pos) - len(a.defaults)) + list(a.defaults)
    for arg, d in zip(pos, defaults):
        out.append({"name": arg.arg, "annotation": src(arg.annotation), "default": src(d), "kind": "positional"})
    if a.vararg:
        out.append({"name": "*" + a.vararg.arg, "annotation": None, "default": None, "kind": "varargs"})
    for arg, d in zip(a.kwonlyargs, a.kw_defaults):
        out.append({"name": arg.arg, "annotation": src(arg.annotation), "default": src(d), "kind": "keyword"})
    if a.kwarg:
        out.append({"name": "**" + a.kwarg.arg, "annotation": None, "default": None, "kind": "varkw"})
    return out


def enum_values(cls: ast.ClassDef) -> dict[str, object]:
    out = {}
    for st in cls.body:
        if isinstance(st, ast.Assign) and len(st.targets) == 1 and isinstance(st.targets[0], ast.Name):
            v = literal(st.value)
            if v is not None:
                out[st.targets[0].id] = v
    return out


def argparse_options(tree: ast.AST, method: str = "add_argument") -> list[dict]:
    """Every ``X.add_argument(...)`` call: its option strings, dest, type, choices, default."""
    out = []
    for n in ast.walk(tree):
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == method:
            opts = [a.value for a in n.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            rec = {"options": opts, "lineno": n.lineno}
            for k in ("dest", "type", "choices", "default", "action", "nargs"):
                v = call_kw(n, k)
                if v is not None:
                    lv = literal(v)
                    rec[k] = lv if lv is not None and not isinstance(lv, (set,)) else src(v)
            out.append(rec)
    return out


def module_str_constants(tree: ast.Module) -> dict[str, str]:
    out = {}
    for st in tree.body:
        if isinstance(st, ast.Assign) and isinstance(st.value, ast.Constant) and isinstance(st.value.value, str):
            for t in st.targets:
                if isinstance(t, ast.Name):
                    out[t.id] = st.value.value
    return out


# --------------------------------------------------------------------------- class index
class ClassIndex:
    """Name -> (path, ClassDef) over a set of files at one commit, for resolving bases."""

    def __init__(self, repo_dir: str, commit: str, paths: Iterable[str]):
        self.classes: dict[str, list[tuple[str, ast.ClassDef]]] = {}
        self.trees: dict[str, ast.Module] = {}
        for p in paths:
            try:
                t = parse(repo_dir, commit, p)
            except (SyntaxError, subprocess.CalledProcessError):
                continue
            self.trees[p] = t
            for n in ast.walk(t):
                if isinstance(n, ast.ClassDef):
                    self.classes.setdefault(n.name, []).append((p, n))

    def get(self, name: str, prefer_path: str | None = None):
        c = self.classes.get(name)
        if not c:
            return None
        if prefer_path:
            for p, n in c:
                if p == prefer_path:
                    return p, n
        return c[0]

    def mro(self, name: str, prefer_path: str | None = None) -> list[tuple[str, ast.ClassDef]]:
        """Class then its bases, depth first, only classes present in the index."""
        seen, out = set(), []

        def rec(nm, pp):
            hit = self.get(nm, pp)
            if not hit or nm in seen:
                return
            seen.add(nm)
            out.append(hit)
            for b in base_names(hit[1]):
                rec(b, hit[0])

        rec(name, prefer_path)
        return out

    def all_fields(self, name: str, prefer_path: str | None = None) -> list[dict]:
        """Fields of a class and all indexed bases (subclass definitions win)."""
        chain = self.mro(name, prefer_path)
        fields: dict[str, dict] = {}
        for path, cls in reversed(chain):  # bases first, subclass overrides
            for f in class_fields(cls):
                f = dict(f)
                f["defined_in"] = f"{path}:{cls.name}"
                fields[f["name"]] = f
        return list(fields.values())


# --------------------------------------------------------------------------- output
def write(fmt: str, doc: dict) -> str:
    os.makedirs(OUT_DIR, exist_ok=True)
    doc = dict(doc)
    doc["keys"] = sorted(set(doc["keys"]))
    doc["key_count"] = len(doc["keys"])
    order = ["format", "framework", "repo", "commit", "release", "pinned_ref", "paths", "extracted_by",
             "key_count", "keys", "emit_notes", "notes"]
    out = {k: doc[k] for k in order if k in doc}
    out.update({k: v for k, v in doc.items() if k not in out})
    path = os.path.join(OUT_DIR, f"{fmt}.json")
    with open(path, "w") as f:
        json.dump(out, f, indent=2, sort_keys=False, default=str)
        f.write("\n")
    print(f"{fmt}: {out['key_count']} keys @ {doc.get('release')} {doc.get('commit', '')[:12]} -> {path}")
    return path


def field_note(f: dict) -> dict:
    d = {"type": f.get("annotation"), "default": f.get("default")}
    if f.get("choices"):
        d["choices"] = f["choices"]
    if f.get("alias"):
        d["alias"] = f["alias"]
    return d


def _render_joined(js: ast.JoinedStr, env: dict) -> str | None:
    out = []
    for v in js.values:
        if isinstance(v, ast.Constant):
            out.append(str(v.value))
        elif isinstance(v, ast.FormattedValue) and isinstance(v.value, ast.Name) and v.value.id in env:
            out.append(str(env[v.value.id]))
        else:
            return None
    return "".join(out)


def argparse_options_expanded(tree: ast.AST, method: str = "add_argument"):
    """Like argparse_options, plus f-string option names inside `for x in (<literals>):` loops.

    Returns (records, unresolved) where unresolved lists line numbers of add_argument calls
    whose option names could not be evaluated statically.
    """
    recs, unresolved = [], []
    loop_env: dict[int, list[dict]] = {}  # id(call) -> list of env dicts

    def visit(node, envs):
        if isinstance(node, ast.For) and isinstance(node.target, ast.Name):
            vals = literal(node.iter)
            if isinstance(vals, (list, tuple)):
                new = [dict(e, **{node.target.id: v}) for e in envs for v in vals]
                for st in node.body:
                    visit(st, new)
                for st in node.orelse:
                    visit(st, envs)
                return
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == method:
            loop_env[id(node)] = envs
        for ch in ast.iter_child_nodes(node):
            visit(ch, envs)

    visit(tree, [{}])
    for n in ast.walk(tree):
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == method:
            for env in loop_env.get(id(n), [{}]):
                opts, bad = [], False
                for a in n.args:
                    if isinstance(a, ast.Constant) and isinstance(a.value, str):
                        opts.append(a.value)
                    elif isinstance(a, ast.JoinedStr):
                        s = _render_joined(a, env)
                        if s is None:
                            bad = True
                        else:
                            opts.append(s)
                if bad:
                    unresolved.append(n.lineno)
                rec = {"options": opts, "lineno": n.lineno}
                for k in ("dest", "type", "choices", "default", "action", "nargs"):
                    v = call_kw(n, k)
                    if v is not None:
                        if isinstance(v, ast.JoinedStr):
                            rec[k] = _render_joined(v, env) or src(v)
                            continue
                        lv = literal(v)
                        rec[k] = lv if lv is not None and not isinstance(lv, set) else src(v)
                rec["loop_env"] = env or None
                recs.append(rec)
    return recs, sorted(set(unresolved))
