"""trainplan — TrainPlan's planner from Python: memory per GPU, step time, days and cost of a training run.

    >>> import trainplan
    >>> p = trainplan.plan(model="llama3-8b", gpu="rtx4090", method="qlora")
    >>> p["memory"]["fits"], round(p["throughput"]["tokens_per_s_per_gpu"])

Every function takes the planner's keys as keyword arguments (the same keys as the page's link and the command
line: `trainplan plan --help` lists them), plus `link=` (a share link or its #fragment), `config=` (a JSON file),
`hf_config=` (a Hugging Face config.json), `log=` (a training log to calibrate from) and `import_file=` (a training
framework's config: DeepSpeed, Trainer, TRL, torchtune, Axolotl, LLaMA-Factory, Unsloth, torchtitan, Megatron-LM,
verl, OpenRLHF;
`import_format=` names its format). Results are the dicts `trainplan ... --format json` prints, equal to them;
`export(to, ...)` returns the framework's config file as text. A key the planner refuses raises InputError, whose
`key` names it.
"""
import json as _json
import re as _re

from . import _trainplan

__all__ = ["plan", "explain", "compare", "search", "link", "catalog", "keys", "export", "export_formats", "InputError",
           "__version__"]


class InputError(ValueError):
    """The planner refused its input. `key` is the key the message names ("tp"), or None; `message` the text."""

    def __init__(self, message, key=None):
        super().__init__(message)
        self.message = message
        self.key = key


_KEYS = tuple(_trainplan.key_names())


def keys():
    """The configuration keys, in the order of the key table (`trainplan plan --help` describes each)."""
    return list(_KEYS)


def _value(v):
    if isinstance(v, bool):
        return "1" if v else "0"
    if isinstance(v, float) and v.is_integer() and abs(v) < 1e15:
        return str(int(v))
    return str(v)


def _text(name, value):
    """str(value), refused by name when it is not text UTF-8 can carry (a lone surrogate such as "\\udcff", which
    os.fsdecode makes of undecodable bytes): the engine would otherwise never see it, and pybind11 raise a TypeError
    naming no key."""
    text = str(value)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as e:
        raise InputError(f"{name}: not valid text (a lone UTF-16 surrogate at character {e.start + 1})",
                         name if _re.fullmatch(r"[a-z][a-z0-9_]*", name) else None) from None
    return text


_OPTIONS = (("config", "--config"), ("hf_config", "--hf-config"), ("link", "--link"), ("log", "--log"),
            ("import_file", "--import"), ("import_format", "--import-format"))


def _sources(kw):
    """Keyword arguments as command-line arguments: keys as KEY=VALUE, link/config/hf_config/log/import_file as
    options."""
    args = []
    for option, flag in _OPTIONS:
        value = kw.pop(option, None)
        if value is not None:
            args += [flag, _text(flag, value)]
    lang = kw.pop("lang", None)
    for key, value in kw.items():
        if value is None:
            continue
        args.append(f"{_text(key, key)}={_text(key, _value(value))}")
    if lang is not None:
        args += ["--lang", _text("lang", lang)]
    return args


def _key_of(message):
    # Core's messages name the key first ("tp: expected a whole number ...", "nonsense: unknown key"); an
    # option's or a file's ("--config: ...") name no key.
    head = message.split(":", 1)[0].strip()
    return head if _re.fullmatch(r"[a-z][a-z0-9_]*", head) else None


def _run(args, parse=True):
    status, out, err = _trainplan.run(args)
    if status != 0:
        lines = [line for line in err.splitlines() if line.startswith("trainplan: ")] or err.splitlines() or [""]
        message = lines[0][len("trainplan: "):] if lines[0].startswith("trainplan: ") else lines[0]
        raise InputError(message, _key_of(message))
    return _json.loads(out) if parse else out


def plan(**kw):
    """The plan for one configuration, as `trainplan plan ... --format json` prints it (a dict)."""
    return _run(["plan"] + _sources(kw) + ["--format", "json"])


def explain(name=None, **kw):
    """The tree of formulas behind each headline number (or the one named: "days", "memory_total_bytes", ...)."""
    return _run(["explain"] + _sources(kw) + ["--format", "json"] + ([name] if name else []))


def _scenario(s):
    if isinstance(s, dict):
        return "&".join(f"{_text(k, k)}={_text(k, _value(v))}" for k, v in s.items())
    return _text("--link", s)


def compare(*scenarios, **common):
    """Scenarios side by side with the verdict: each scenario a share link or a dict of keys; keyword arguments
    apply to every scenario (after its own keys)."""
    args = ["compare"]
    for s in scenarios:
        args += ["--link", _scenario(s)]
    return _run(args + _sources(common) + ["--format", "json"])


def search(objective=None, top=None, gpu_types=None, gpu_counts=None, **kw):
    """The best layouts for the keys left on auto (objective "time" or "cost"; gpu_types and gpu_counts: lists
    to search across)."""
    args = ["search"] + _sources(kw)
    if objective is not None:
        args += ["--objective", str(objective)]
    if top is not None:
        args += ["--top", str(top)]
    if gpu_types:
        args += ["--gpu-types", ",".join(gpu_types) if not isinstance(gpu_types, str) else gpu_types]
    if gpu_counts:
        counts = gpu_counts if isinstance(gpu_counts, str) else ",".join(str(int(c)) for c in gpu_counts)
        args += ["--gpu-counts", counts]
    return _run(args + ["--format", "json"])


def link(**kw):
    """The share link (#v=1&...) for the configuration: only the keys that differ from the defaults."""
    return _run(["link"] + _sources(kw), parse=False).strip()


def catalog(kind):
    """The built-in catalog: "gpus", "models", "links" or "stacks", each entry with its source."""
    return _run(["catalog", _text("catalog", kind), "--format", "json"])


def export_formats():
    """The formats export() writes: "deepspeed", "hf", "trl", "torchtune", "axolotl", "llama-factory", "unsloth",
    "torchtitan", "megatron", and for RL goals "verl" and "openrlhf"."""
    return list(_EXPORT_FORMATS)


def export(to, **kw):
    """The plan as a training framework's own config file (text), as `trainplan export --to FORMAT ... ` prints it:
    its header comment carries the plan's link, predicted memory and speed with their bands, and the framework
    release its keys were checked against. A plan the format cannot run (tensor parallelism for the Trainer, QLoRA
    for Megatron-LM) raises InputError naming the key; what the file cannot say is in the header's notes."""
    return _run(["export", "--to", _text("--to", to)] + _sources(kw), parse=False)


__version__ = _run(["--version"], parse=False).split()[-1]
_EXPORT_FORMATS = tuple(_trainplan.export_formats())
