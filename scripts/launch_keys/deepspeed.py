"""DeepSpeed ds_config.json key tree, by static data-flow analysis of the config readers.

How it works (all via ``ast``; nothing from DeepSpeed is imported):
  * every function parameter named ``param_dict`` / ``ds_config`` is the config root;
  * lookups ``X[K]``, ``X.get(K)``, ``K in X``, ``X.pop(K)``, ``get_scalar_param(X, K, ..)``
    on a value X known to be a config path P record the key P.K (K resolved from the
    string constants of the module and the modules it imports);
  * paths flow through local assignments, function arguments, ``self.method(..)``,
    class constructors and return values, iterated to a fixed point;
  * ``Model(**X)`` where Model is a pydantic ``DeepSpeedConfigModel`` adds the model's
    fields (and their aliases, which DeepSpeed accepts: populate_by_name=True), recursing
    into nested models (zero_optimization.offload_optimizer.device ...).
  * optimizer.params.* / scheduler.params.* are the constructor arguments of DeepSpeed's
    own optimizers and LR schedules (DeepSpeed passes them through as kwargs).
"""
from __future__ import annotations

import ast
import os
import re
import sys

sys.path.insert(0, os.path.dirname(__file__))
import common as C  # noqa: E402

REPO = "microsoft/DeepSpeed"
FILES = [
    "deepspeed/runtime/config.py",
    "deepspeed/runtime/constants.py",
    "deepspeed/runtime/config_utils.py",
    "deepspeed/runtime/zero/config.py",
    "deepspeed/runtime/zero/offload_config.py",
    "deepspeed/runtime/activation_checkpointing/config.py",
    "deepspeed/comm/config.py",
    "deepspeed/comm/constants.py",
    "deepspeed/monitor/config.py",
    "deepspeed/profiling/config.py",
    "deepspeed/profiling/constants.py",
    "deepspeed/autotuning/config.py",
    "deepspeed/autotuning/constants.py",
    "deepspeed/nebula/config.py",
    "deepspeed/nebula/constants.py",
    "deepspeed/runtime/swap_tensor/aio_config.py",
    "deepspeed/runtime/swap_tensor/constants.py",
    "deepspeed/runtime/tensor_parallel/__init__.py",
    "deepspeed/runtime/tensor_parallel/config.py",
    "deepspeed/utils/config.py",
    "deepspeed/elasticity/config.py",
    "deepspeed/elasticity/constants.py",
    "deepspeed/elasticity/elasticity.py",
    "deepspeed/compression/config.py",
    "deepspeed/compression/constants.py",
    "deepspeed/runtime/data_pipeline/config.py",
    "deepspeed/runtime/data_pipeline/constants.py",
    "deepspeed/inference/config.py",
    "deepspeed/runtime/fp16/loss_scaler.py",
]
OPTIMIZER_FILES = {  # file -> optimizer classes whose __init__ kwargs are valid optimizer.params
    "deepspeed/ops/adam/fused_adam.py": ["FusedAdam"],
    "deepspeed/ops/adam/cpu_adam.py": ["DeepSpeedCPUAdam"],
    "deepspeed/ops/lamb/fused_lamb.py": ["FusedLamb"],
    "deepspeed/ops/adagrad/cpu_adagrad.py": ["DeepSpeedCPUAdagrad"],
    "deepspeed/ops/lion/fused_lion.py": ["FusedLion"],
    "deepspeed/ops/lion/cpu_lion.py": ["DeepSpeedCPULion"],
    "deepspeed/runtime/fp16/onebit/adam.py": ["OnebitAdam"],
    "deepspeed/runtime/fp16/onebit/zoadam.py": ["ZeroOneAdam"],
    "deepspeed/runtime/fp16/onebit/lamb.py": ["OnebitLamb"],
}
SCHED_FILE = "deepspeed/runtime/lr_schedules.py"
# entry points: (file, class, function, parameter) that receive the whole ds_config dict
ROOTS = {
    ("deepspeed/runtime/config.py", "DeepSpeedConfig", "_initialize_params", "param_dict"),
    ("deepspeed/runtime/config.py", "DeepSpeedConfig", "__init__", "config"),
}
KEY_FUNCS = {"get_scalar_param", "get_dict_param", "get_list_param"}


def module_of(path):
    return path[:-3].replace("/", ".").removesuffix(".__init__")


class Analyzer:
    def __init__(self, d, commit, files):
        self.d, self.commit = d, commit
        self.files = [f for f in files if C.exists(d, commit, f)]
        self.idx = C.ClassIndex(d, commit, self.files)
        self.trees = self.idx.trees
        self.mod2path = {module_of(p): p for p in self.files}
        self.consts = {p: C.module_str_constants(t) for p, t in self.trees.items()}
        self.imports = {p: self._imports(p, t) for p, t in self.trees.items()}
        self.funcs = {}  # (path, cls or None, name) -> FunctionDef
        for p, t in self.trees.items():
            for st in t.body:
                if isinstance(st, ast.FunctionDef):
                    self.funcs[(p, None, st.name)] = st
                elif isinstance(st, ast.ClassDef):
                    for s2 in st.body:
                        if isinstance(s2, ast.FunctionDef):
                            self.funcs[(p, st.name, s2.name)] = s2
        self.param_paths = {}  # (fkey, param) -> set(paths)
        self.returns = {}  # fkey -> set(paths)
        self.param_keys = {}  # (fkey, param) -> set(key strings) passed for a key-name parameter
        self.attr_paths = {}  # (path, cls, 'self.attr') -> set(paths), shared by all methods
        self.keys = set()
        self.model_roots = set()  # (model_name, path)
        self.deprecated = {}

    def _imports(self, path, tree):
        pkg = module_of(path).split(".")
        if not path.endswith("__init__.py"):
            pkg = pkg[:-1]
        out = []  # (module_path_or_None, name or '*')
        for st in ast.walk(tree):
            if isinstance(st, ast.ImportFrom):
                if st.level:
                    base = pkg[: len(pkg) - (st.level - 1)]
                    mod = ".".join(base + ([st.module] if st.module else []))
                else:
                    mod = st.module or ""
                for a in st.names:
                    out.append((mod, a.name))
        return out

    # ---- constant resolution
    def const(self, name, path, depth=0):
        if name in self.consts.get(path, {}):
            return self.consts[path][name]
        if depth > 4:
            return None
        for mod, nm in self.imports.get(path, []):
            if nm not in ("*", name):
                continue
            for cand in (mod, mod + ".__init__"):
                p = self.mod2path.get(cand)
                if p:
                    v = self.const(name, p, depth + 1)
                    if v is not None:
                        return v
        if depth == 0:  # unique value anywhere in the analysed files
            vals = {c[name] for c in self.consts.values() if name in c}
            if len(vals) == 1:
                return vals.pop()
        return None

    def key_values(self, node, path, env_keys):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return {node.value}
        if isinstance(node, ast.Name):
            if node.id in env_keys:
                return env_keys[node.id]
            v = self.const(node.id, path)
            return {v} if v is not None else set()
        return set()

    # ---- class helpers
    def is_model(self, name, path=None):
        chain = self.idx.mro(name, path)
        names = {c.name for _, c in chain} | {b for _, c in chain for b in C.base_names(c)}
        return bool(chain) and bool(names & {"DeepSpeedConfigModel", "BaseModel"})

    def add_model(self, name, prefix, path=None, depth=0):
        if depth > 6 or (name, prefix) in self.model_roots:
            return
        self.model_roots.add((name, prefix))
        for f in self.idx.all_fields(name, path):
            names = [f["name"]] + ([f["alias"]] if f.get("alias") else [])
            for nm in names:
                k = prefix + (nm,)
                self.keys.add(k)
                if f.get("deprecated"):
                    self.deprecated[".".join(k)] = f"deprecated field of {name}"
                for ref in set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", f["annotation"] or "")):
                    if ref != name and self.idx.get(ref) and self.is_model(ref):
                        self.add_model(ref, k, None, depth + 1)

    # ---- evaluation of expressions to config paths
    def eval_paths(self, node, fkey, env, env_keys):
        path = fkey[0]
        if isinstance(node, ast.Name):
            return set(env.get(node.id, set()))
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self":
            return set(env.get("self." + node.attr, set())) | self.attr_paths.get(
                (fkey[0], fkey[1], "self." + node.attr), set())
        if isinstance(node, ast.Subscript):
            base = self.eval_paths(node.value, fkey, env, env_keys)
            ks = self.key_values(node.slice, path, env_keys)
            return {b + (k,) for b in base for k in ks}
        if isinstance(node, ast.Call):
            fn = node.func
            if isinstance(fn, ast.Attribute) and fn.attr in ("get", "pop") and node.args:
                base = self.eval_paths(fn.value, fkey, env, env_keys)
                ks = self.key_values(node.args[0], path, env_keys)
                return {b + (k,) for b in base for k in ks}
            if isinstance(fn, ast.Attribute) and fn.attr in ("copy", "deepcopy") and node.args:
                return self.eval_paths(node.args[0], fkey, env, env_keys)
            if isinstance(fn, ast.Name) and fn.id in KEY_FUNCS and len(node.args) >= 2:
                base = self.eval_paths(node.args[0], fkey, env, env_keys)
                ks = self.key_values(node.args[1], path, env_keys)
                return {b + (k,) for b in base for k in ks}
            tgt = self.resolve_call(fn, fkey)
            if tgt is not None and tgt in self.returns:
                return set(self.returns[tgt])
            return set()
        if isinstance(node, ast.BoolOp):
            out = set()
            for v in node.values:
                out |= self.eval_paths(v, fkey, env, env_keys)
            return out
        if isinstance(node, ast.IfExp):
            return self.eval_paths(node.body, fkey, env, env_keys) | self.eval_paths(node.orelse, fkey, env, env_keys)
        if isinstance(node, ast.DictComp):
            # {key: X.get(key, {}) for key in (...)} -> behaves like X restricted
            return self.eval_paths(node.value.func.value, fkey, env, env_keys) if (
                isinstance(node.value, ast.Call) and isinstance(node.value.func, ast.Attribute)) else set()
        return set()

    def resolve_call(self, fn, fkey):
        path, cls, _ = fkey
        if isinstance(fn, ast.Name) and fn.id in KEY_FUNCS:
            return None  # generic getters are modelled directly, not analysed
        if isinstance(fn, ast.Name):
            if (path, None, fn.id) in self.funcs:
                return (path, None, fn.id)
            if self.idx.get(fn.id) and not self.is_model(fn.id):
                p, c = self.idx.get(fn.id)
                if (p, c.name, "__init__") in self.funcs:
                    return (p, c.name, "__init__")
            cands = [k for k in self.funcs if k[1] is None and k[2] == fn.id]
            if len(cands) == 1:
                return cands[0]
        if isinstance(fn, ast.Attribute) and isinstance(fn.value, ast.Name) and fn.value.id == "self" and cls:
            if (path, cls, fn.attr) in self.funcs:
                return (path, cls, fn.attr)
        return None

    def bind_call(self, call, fkey, env, env_keys):
        changed = False
        tgt = self.resolve_call(call.func, fkey)
        fn = call.func
        # pydantic model construction Model(**X)
        mname = fn.id if isinstance(fn, ast.Name) else None
        if mname and self.idx.get(mname) and self.is_model(mname):
            for kw in call.keywords:
                if kw.arg is None:
                    for pth in self.eval_paths(kw.value, fkey, env, env_keys):
                        self.add_model(mname, pth)
            return False
        if tgt is None:
            return False
        params = [a.arg for a in self.funcs[tgt].args.args]
        if tgt[1] is not None:
            params = params[1:]  # drop self
        for i, a in enumerate(call.args):
            if i < len(params):
                ks = self.key_values(a, fkey[0], env_keys)
                if ks:
                    cur = self.param_keys.setdefault((tgt, params[i]), set())
                    if not ks <= cur:
                        cur |= ks
                        changed = True
                ps = self.eval_paths(a, fkey, env, env_keys)
                if ps:
                    cur = self.param_paths.setdefault((tgt, params[i]), set())
                    if not ps <= cur:
                        cur |= ps
                        changed = True
        for kw in call.keywords:
            if kw.arg in params:
                ps = self.eval_paths(kw.value, fkey, env, env_keys)
                cur = self.param_paths.setdefault((tgt, kw.arg), set())
                if ps and not ps <= cur:
                    cur |= ps
                    changed = True
        return changed

    def run_function(self, fkey):
        fn = self.funcs[fkey]
        env, env_keys = {}, {}
        pos = fn.args.args
        for a, dflt in zip(pos[len(pos) - len(fn.args.defaults):], fn.args.defaults):
            ks = self.key_values(dflt, fkey[0], {})
            if ks:
                env_keys[a.arg] = set(ks)
        for a in pos:
            if (fkey, a.arg) in self.param_keys:
                env_keys.setdefault(a.arg, set()).update(self.param_keys[(fkey, a.arg)])
        for a in fn.args.args:
            ps = set(self.param_paths.get((fkey, a.arg), set()))
            if (fkey[0], fkey[1], fkey[2], a.arg) in ROOTS:
                ps.add(())
            if ps:
                env[a.arg] = ps
        changed = False
        for _ in range(2):
            for node in ast.walk(fn):
                if isinstance(node, ast.Assign):
                    ps = self.eval_paths(node.value, fkey, env, env_keys)
                    for t in node.targets:
                        tn = t.id if isinstance(t, ast.Name) else (
                            "self." + t.attr if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name)
                            and t.value.id == "self" else None)
                        if tn and ps:
                            env.setdefault(tn, set()).update(ps)
                            if tn.startswith("self.") and fkey[1]:
                                cur = self.attr_paths.setdefault((fkey[0], fkey[1], tn), set())
                                if not ps <= cur:
                                    cur |= ps
                                    changed = True
                elif isinstance(node, ast.For) and isinstance(node.target, ast.Name) and isinstance(
                        node.iter, (ast.List, ast.Tuple)):
                    ks = set()
                    for e in node.iter.elts:
                        ks |= self.key_values(e, fkey[0], {})
                    if ks:
                        env_keys[node.target.id] = ks
            # record keys
            for node in ast.walk(fn):
                if isinstance(node, (ast.Subscript, ast.Call)):
                    for p in self.eval_paths(node, fkey, env, env_keys):
                        if p:
                            self.keys.add(p)
                if isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], (ast.In, ast.NotIn)):
                    right = node.comparators[0]
                    if isinstance(right, ast.Call) and isinstance(right.func, ast.Attribute) and right.func.attr == "keys":
                        right = right.func.value
                    for b in self.eval_paths(right, fkey, env, env_keys):
                        for k in self.key_values(node.left, fkey[0], env_keys):
                            self.keys.add(b + (k,))
                if isinstance(node, ast.Call):
                    changed |= self.bind_call(node, fkey, env, env_keys)
                if isinstance(node, ast.Return) and node.value is not None:
                    ps = self.eval_paths(node.value, fkey, env, env_keys)
                    cur = self.returns.setdefault(fkey, set())
                    if ps and not ps <= cur:
                        cur |= ps
                        changed = True
        return changed

    def run(self):
        for _ in range(12):
            changed = False
            for fkey in list(self.funcs):
                changed |= self.run_function(fkey)
            if not changed:
                break


def main():
    d, ref, commit, tag = C.pin(REPO, r"v\d+\.\d+\.\d+", "PIN_DEEPSPEED")
    version = C.show(d, commit, "version.txt").strip()
    an = Analyzer(d, commit, FILES)
    an.run()
    keys = {k for k in an.keys if all(isinstance(x, str) for x in k)}

    # pipeline: the dict literal of defaults in get_pipeline_config is the accepted key set
    cfg_tree = an.trees["deepspeed/runtime/config.py"]
    fn = C.find_func(cfg_tree, "get_pipeline_config")
    for n in ast.walk(fn):
        if isinstance(n, ast.Dict):
            for k in n.keys:
                if isinstance(k, ast.Constant):
                    keys.add(("pipeline", k.value))

    # optimizer names and params
    opt_consts = C.module_str_constants(cfg_tree)
    ds_optimizers = sorted(v for k, v in opt_consts.items() if k.endswith("_OPTIMIZER"))
    opt_param_src = {}
    for f, classes in OPTIMIZER_FILES.items():
        if not C.exists(d, commit, f):
            continue
        t = C.parse(d, commit, f)
        for cname in classes:
            init = C.find_func(t, "__init__", cname)
            if init is None:
                continue
            for p in C.func_params(init)[1:]:
                if p["kind"] in ("positional", "keyword") and p["name"] not in ("params", "model_params"):
                    keys.add(("optimizer", "params", p["name"]))
                    opt_param_src.setdefault(p["name"], []).append(cname)
    for extra in ("TORCH_ADAM_PARAM", "ADAM_W_MODE"):
        keys.add(("optimizer", "params", opt_consts[extra]))
        opt_param_src.setdefault(opt_consts[extra], []).append("engine._configure_basic_optimizer (popped)")

    # scheduler names and params
    st = C.parse(d, commit, SCHED_FILE)
    sconst = C.module_str_constants(st)
    valid = next(n for n in st.body if isinstance(n, ast.Assign) and getattr(n.targets[0], "id", "") == "VALID_LR_SCHEDULES")
    sched_types = [sconst[e.id] for e in valid.value.elts]
    sched_params = {}
    for cname in sched_types:
        init = C.find_func(st, "__init__", cname)
        for p in C.func_params(init)[1:]:
            if p["kind"] in ("positional", "keyword") and p["name"] != "optimizer":
                keys.add(("scheduler", "params", p["name"]))
                sched_params.setdefault(cname, []).append(p["name"])

    # enums for emit notes
    zt = an.trees["deepspeed/runtime/zero/config.py"]
    ot = an.trees["deepspeed/runtime/zero/offload_config.py"]
    zero_stage = C.enum_values(C.find_class(zt, "ZeroStageEnum"))
    offload_dev = C.enum_values(C.find_class(ot, "OffloadDeviceEnum"))
    ct = an.trees["deepspeed/runtime/constants.py"]
    consts = C.module_str_constants(ct)

    flat = sorted(".".join(k) for k in keys)
    zero_fields = {f["name"]: C.field_note(f) for f in an.idx.all_fields("DeepSpeedZeroConfig")}
    opt_fields = {f["name"]: C.field_note(f) for f in an.idx.all_fields("DeepSpeedZeroOffloadOptimizerConfig")}
    par_fields = {f["name"]: C.field_note(f) for f in an.idx.all_fields("DeepSpeedZeroOffloadParamConfig")}

    emit_notes = {
        "train_micro_batch_size_per_gpu": "int (or \"auto\" when the HF Trainer fills it); train_batch_size = micro * grad_accum * dp_world_size is checked by DeepSpeed",
        "gradient_accumulation_steps": "int",
        "train_batch_size": "int; optional if the other two are given",
        "gradient_clipping": "float, default 0.0 (off)",
        "bf16.enabled": f"bool; section key '{consts['BFLOAT16']}' (legacy alias '{consts['BFLOAT16_OLD']}')",
        "fp16.enabled": "bool; fp16.loss_scale 0 = dynamic; initial_scale_power, loss_scale_window, hysteresis, min_loss_scale",
        "zero_optimization.stage": {"type": "ZeroStageEnum(int)", "allowed": sorted(set(zero_stage.values())), "names": zero_stage},
        "zero_optimization.offload_optimizer.device": {"allowed": sorted(offload_dev.values())},
        "zero_optimization.offload_param.device": {"allowed": sorted(offload_dev.values()), "note": "param offload is ZeRO-3 only"},
        "zero_optimization.offload_optimizer": opt_fields,
        "zero_optimization.offload_param": par_fields,
        "zero_optimization (fields)": zero_fields,
        "zero_optimization aliases": "stage3_* names are pydantic aliases of the unprefixed fields (both accepted: populate_by_name=True); extra keys are rejected (extra='forbid')",
        "activation_checkpointing": "partition_activations / cpu_checkpointing / contiguous_memory_optimization / number_checkpoints / synchronize_checkpoint_boundary / profile: only used by models that call deepspeed.checkpointing; HF gradient checkpointing is a TrainingArguments flag, not a ds_config key",
        "optimizer.type": {"deepspeed_native (case-insensitive)": ds_optimizers,
                           "other": "any torch.optim class name is tried when not a native name (e.g. 'AdamW'); 'zero_allow_untested_optimizer' needed for untested ones with ZeRO"},
        "optimizer.params": {k: v for k, v in sorted(opt_param_src.items())},
        "scheduler.type": sched_types,
        "scheduler.params": sched_params,
        "communication_data_type": "one of fp16 | bf16 | fp32 (None = infer)",
        "tensor/pipeline parallel": "ds_config has no TP/PP degree for training engines; pipeline.* keys configure PipelineEngine, tensor_parallel.autotp_size for AutoTP training",
        "flash attention": "not a ds_config key (model-side)",
    }
    notes = [
        f"Pinned to release tag {tag} ({commit}); the mirror's HEAD is a later commit." if tag else "Pinned to HEAD.",
        "The stored DeepSpeed snapshot ends in Feb 2025 (newest tag v0.16.4), older than the other frameworks here "
        "(OpenRLHF v0.11.0 already talks of DeepSpeed 0.18.x); later DeepSpeed releases add keys (e.g. compile, "
        "sequence-parallel and newer ZeRO options) that this list lacks.",
        "Keys are dotted paths from the ds_config root; every prefix of a listed key is itself a section key.",
        "Keys came from static analysis of the files in 'paths', starting from DeepSpeedConfig.__init__/_initialize_params; sections read elsewhere (e.g. engine-side "
        "'compile', 'sequence_parallel_size' read by other code, 'zero_optimization' legacy booleans) may be missing.",
        "optimizer.params / scheduler.params are constructor kwargs of DeepSpeed's own optimizers and LR "
        "schedules (union over classes); a torch optimizer takes its own kwargs.",
        "Deprecated but still accepted pydantic fields are listed (see 'deprecated').",
    ]
    C.write("deepspeed", {
        "format": "deepspeed",
        "framework": "DeepSpeed",
        "repo": "https://github.com/microsoft/DeepSpeed",
        "commit": commit,
        "release": f"{tag} (version.txt {version})",
        "pinned_ref": ref,
        "paths": an.files + [SCHED_FILE] + [f for f in OPTIMIZER_FILES if C.exists(d, commit, f)],
        "extracted_by": "extract/deepspeed.py",
        "keys": flat,
        "emit_notes": emit_notes,
        "deprecated": an.deprecated,
        "notes": notes,
    })


if __name__ == "__main__":
    main()
