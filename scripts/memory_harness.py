#!/usr/bin/env python3
"""memory_harness.py -- CPU differential harness for TrainPlan's activation accounting (issue #28).

Builds Llama-style decoder layers in plain PyTorch that follow, op by op, the code paths of
Transformers' LlamaDecoderLayer (models/llama/modeling_llama.py: LlamaRMSNorm with its fp32 upcast,
apply_rotary_pos_emb / rotate_half, repeat_kv, eager_attention_forward, LlamaMLP), of
integrations/sdpa_attention.py, of PEFT's LoRA Linear.forward (tuners/lora/layer.py) and
Linear4bit.forward (tuners/lora/bnb.py), of bitsandbytes' Linear4bit / MatMul4Bit
(nn/modules.py, autograd/_functions.py) and of ForCausalLMLoss (loss/loss_utils.py), and counts the
bytes autograd keeps for the backward with torch.autograd.graph.saved_tensors_hooks.

Counting rules
  * a saved tensor is charged for its whole storage (a view keeps its base alive); tensors sharing a
    storage are counted once (key: storage data_ptr and nbytes);
  * parameters and buffers (weights, the packed 4-bit weight and its constants) are excluded, and so
    are the model-level tensors shared by all layers (rotary cos/sin, the 4-D causal mask), reported
    apart;
  * only the forward is run: what is counted is what the graph holds when the backward starts.

Emulations, because Debian's PyTorch (1.13) has no F.scaled_dot_product_attention and runs on CPU:
  * "sdpa" is a custom autograd.Function that saves exactly what the CUDA flash / memory-efficient
    SDPA kernels save (aten derivatives.yaml _scaled_dot_product_flash_attention: query, key, value,
    output, logsumexp [fp32, b x heads x s]; philox seed/offset are 16 B on CUDA and not modelled);
    GQA is passed at kv width (enable_gqa=True: Transformers does this for torch >= 2.5 and no mask,
    sdpa_attention.py use_gqa_in_sdpa) unless attention == "sdpa_repeat" (mask present or older
    torch: repeat_kv first);
  * nn.Dropout is a custom Function that saves a bool mask, as CUDA's native_dropout does (the CPU
    kernel of 1.13 saves a float noise tensor instead);
  * torch.autocast(cuda, bf16) is emulated where Transformers' Trainer (bf16=True) runs it: the inputs
    of linear / matmul / sdpa are cast to bf16 (CUDA autocast's lower_precision_fp list), trainable
    leaf weights through a per-forward cache; everything else runs in its own dtype;
  * the 4-bit base is a dequantise-on-use Function that, like bitsandbytes' MatMul4Bit, keeps only
    the packed weight and its quant state as ctx attributes (nothing through save_for_backward).

Usage: /usr/bin/python3 scripts/memory_harness.py [--out tests/data/memory_harness.json] [--quick]
(the committed output; tests/core/memory_harness_test.cpp holds the planner's per-layer term to it; the
accounting it checks is written out in docs/memory.md)
"""
import argparse
import itertools
import json
import math
import os
import sys
import time

import torch
import torch.nn.functional as F
import torch.utils.checkpoint as tuc

BF16, FP32 = torch.bfloat16, torch.float32
EPS = 1e-6


# ----------------------------------------------------------------------------------------------
# saved-tensor accounting
# ----------------------------------------------------------------------------------------------
def storage_key(t):
    if hasattr(t, "untyped_storage"):
        s = t.untyped_storage()
    else:  # torch 1.13
        s = t.storage()
        s = s.untyped() if hasattr(s, "untyped") else s._untyped()
    return (s.data_ptr(), s.nbytes())


class Tracker:
    """Records every tensor autograd saves; dedups by storage; names tensors that were tagged."""

    def __init__(self, naming=False):
        self.naming = naming  # keep tagged tensors (for names) only when a breakdown is asked for
        self.saved = {}       # storage key -> info
        self.exclude = set()  # parameter / buffer storages
        self.shared = {}      # storage key -> name (model-level tensors shared by all layers)
        self.tags = []        # (storage key, name, weakref)

    def pack(self, t):
        k = storage_key(t)
        if k not in self.saved:
            self.saved[k] = {"nbytes": k[1], "shape": list(t.shape), "dtype": str(t.dtype).replace("torch.", "")}
        # A detached alias keeps the storage alive (the graph holds it until the backward or until it is
        # freed) without the tensor -> grad_fn -> packed tensor cycle that returning `t` itself creates
        # for outputs saved by their own node (they would never be freed).
        return t.detach()

    def hooks(self):
        return torch.autograd.graph.saved_tensors_hooks(self.pack, lambda t: t)  # unpack: never called

    def exclude_tensors(self, ts):
        for t in ts:
            self.exclude.add(storage_key(t))

    def share(self, name, t):
        self.shared[storage_key(t)] = name

    def tag(self, name, t):
        if not self.naming:
            return t
        # The tagged tensor is kept alive until the measurement ends, so that no later tensor can reuse
        # its address and inherit its name (this only affects naming, never the saved-byte count).
        self.tags.append((storage_key(t), name, t))
        return t

    def name_of(self, k):
        for key, name, _ in self.tags:
            if key == k:
                return name
        return None

    def result(self, breakdown=False):
        per, shared, rows = 0, 0, []
        for k, info in self.saved.items():
            if k in self.exclude:
                continue
            if k in self.shared:
                shared += info["nbytes"]
                if breakdown:
                    rows.append({"name": self.shared[k] + " (shared, not per layer)", "shape": info["shape"],
                                 "dtype": info["dtype"], "bytes": info["nbytes"]})
                continue
            per += info["nbytes"]
            if breakdown:
                nm = self.name_of(k) or ("python_float_scalar(mul)" if info["shape"] == [] and info["dtype"] == "float64"
                                     else "nll_total_weight" if info["shape"] == [] else "?")
                rows.append({"name": nm, "shape": info["shape"], "dtype": info["dtype"], "bytes": info["nbytes"]})
        return per, shared, rows


# ----------------------------------------------------------------------------------------------
# emulated kernels
# ----------------------------------------------------------------------------------------------
CURRENT = None  # the Tracker of the measurement in progress (names for tensors made inside helpers)


def _tag(name, t):
    if CURRENT is not None:
        CURRENT.tag(name, t)
    return t


class CudaDropout(torch.autograd.Function):
    """nn.Dropout as CUDA runs it: native_dropout saves only the bool mask."""

    @staticmethod
    def forward(ctx, x, p):
        mask = _tag("dropout_mask(bool)", torch.rand(x.shape, device=x.device) >= p)
        ctx.scale = 1.0 / (1.0 - p)
        ctx.save_for_backward(mask)
        return x * mask * ctx.scale

    @staticmethod
    def backward(ctx, g):
        (mask,) = ctx.saved_tensors
        return g * mask * ctx.scale, None


class MeanLastDim(torch.autograd.Function):
    """x.mean(-1, keepdim=True) as torch >= 2.0 differentiates it: derivatives.yaml mean.dim saves
    only self.sym_sizes() and self.sym_numel(), no tensor. (torch 1.13's codegen saved `self` itself
    because its formula used self.numel(); emulating the current behaviour keeps the harness faithful
    to the PyTorch that trains on GPUs today.)"""

    @staticmethod
    def forward(ctx, x):
        ctx.shape = x.shape
        return x.mean(-1, keepdim=True)

    @staticmethod
    def backward(ctx, g):
        return g.expand(ctx.shape) / ctx.shape[-1]


class SdpaFlash(torch.autograd.Function):
    """F.scaled_dot_product_attention(is_causal=True) on the CUDA flash / efficient backends: saves
    query, key, value (as passed), the output (allocated b x s x heads x d, returned to the caller
    in that layout, which is what sdpa_attention_forward's transpose(1, 2).contiguous() yields
    without a copy) and the fp32 logsumexp (b x heads x s)."""

    @staticmethod
    def forward(ctx, q, k, v, scale):
        b, a, s, d = q.shape
        # Only what is saved matters to the accounting and the harness never runs the backward, so
        # the kernel's arithmetic is skipped: the output and the logsumexp are allocated as the CUDA
        # kernel allocates them (out: b x s x heads x d in q's dtype; lse: fp32 b x heads x s).
        out = _tag("sdpa_out", torch.zeros(b, s, a, d, dtype=q.dtype))
        lse = _tag("sdpa_logsumexp(fp32)", torch.zeros(b, a, s, dtype=FP32))
        ctx.save_for_backward(q, k, v, out, lse)
        return out

    @staticmethod
    def backward(ctx, g):  # not exercised by the harness (forward-only accounting)
        raise NotImplementedError


NF4 = torch.tensor([-1.0, -0.6961928009986877, -0.5250730514526367, -0.39491748809814453,
                    -0.28444138169288635, -0.18477343022823334, -0.09105003625154495, 0.0,
                    0.07958029955625534, 0.16093020141124725, 0.24611230194568634, 0.33791524171829224,
                    0.44070982933044434, 0.5626170039176941, 0.7229568362236023, 1.0])


class QuantState4bit:
    """bitsandbytes QuantState with double quantisation (compress_statistics=True, blocksize 64,
    nested blocksize 256): packed uint8 (2 weights a byte), absmax as uint8 per 64 weights, fp32
    absmax2 per 256 blocks, a 256-entry fp32 code and an fp32 offset (functional.py quantize_4bit)."""

    def __init__(self, w):
        n_out, n_in = w.shape
        flat = w.float().reshape(-1, 64)
        absmax = flat.abs().amax(1).clamp_min(1e-8)
        mid = (NF4[1:] + NF4[:-1]) / 2
        idx = torch.bucketize((flat / absmax[:, None]).contiguous(), mid).to(torch.uint8)
        idx = idx.reshape(-1)
        self.packed = (idx[0::2] << 4 | idx[1::2]).contiguous()               # n/2 bytes
        self.offset = absmax.mean()
        a = (absmax - self.offset).reshape(-1, 256)
        self.absmax2 = a.abs().amax(1).clamp_min(1e-8)                        # fp32, n/(64*256)
        self.code = torch.linspace(-1, 1, 256)                                 # fp32 x 256
        cmid = (self.code[1:] + self.code[:-1]) / 2
        self.qabsmax = torch.bucketize((a / self.absmax2[:, None]).contiguous(), cmid).to(torch.uint8).reshape(-1)
        self._w = None
        self.shape = (n_out, n_in)

    def buffers(self):
        return [self.packed, self.offset, self.absmax2, self.code, self.qabsmax]

    def nbytes(self):
        return sum(t.numel() * t.element_size() for t in self.buffers())

    def dequantize(self, dtype):
        # bitsandbytes dequantises on every call (forward and backward) into a temporary; the harness
        # keeps one fp32 copy as a plain attribute only to save CPU time: it is never handed to
        # autograd, so it cannot appear among the saved tensors.
        if self._w is not None:
            return self._w.to(dtype)
        absmax = (self.code[self.qabsmax.long()].reshape(-1, 256) * self.absmax2[:, None]).reshape(-1) + self.offset
        hi, lo = (self.packed >> 4).long(), (self.packed & 15).long()
        idx = torch.stack([hi, lo], 1).reshape(-1)
        w = NF4[idx].reshape(-1, 64) * absmax[:, None]
        self._w = w.reshape(self.shape)
        return self._w.to(dtype)


class MatMul4Bit(torch.autograd.Function):
    """bitsandbytes autograd/_functions.py MatMul4Bit: forward F.linear(A, dequantize_4bit(B)) (or the
    fused gemm_4bit); ctx.tensors = (None, B) and ctx.state: neither the input A nor the dequantised
    weight is kept; the backward dequantises again for grad_A."""

    @staticmethod
    def forward(ctx, A, qs):
        ctx.state = qs
        return F.linear(A, qs.dequantize(A.dtype))

    @staticmethod
    def backward(ctx, g):
        return torch.matmul(g, ctx.state.dequantize(g.dtype)), None


class Autocast:
    """CUDA autocast(bf16) as Trainer(bf16=True) runs it, for the ops of these layers that it changes:
    linear, matmul and scaled_dot_product_attention take bf16 inputs; casts of trainable leaves are
    cached for the forward (autocast's weight cache)."""

    def __init__(self, enabled):
        self.enabled = enabled
        self.cache = {}

    def cast(self, t):
        if not self.enabled or not t.is_floating_point() or t.dtype == BF16:
            return t
        if t.is_leaf and t.requires_grad:
            c = self.cache.get(id(t))
            if c is None:
                c = self.cache[id(t)] = _tag("autocast_bf16_weight_copy", t.to(BF16))
            return c
        return _tag("autocast_bf16_copy", t.to(BF16))

    def linear(self, x, w):
        return F.linear(self.cast(x), self.cast(w))

    def matmul(self, a, b):
        return torch.matmul(self.cast(a), self.cast(b))


# ----------------------------------------------------------------------------------------------
# the layer (Transformers' LlamaDecoderLayer, eager / sdpa) with PEFT LoRA and bnb 4-bit
# ----------------------------------------------------------------------------------------------
PROJ = ["q", "k", "v", "o", "gate", "up", "down"]
TARGETS = {"qv": ["q", "v"], "all": PROJ}


def proj_shapes(h, heads, kv, ffn):
    d = h // heads
    return {"q": (heads * d, h), "k": (kv * d, h), "v": (kv * d, h), "o": (h, heads * d),
            "gate": (ffn, h), "up": (ffn, h), "down": (h, ffn)}


class Layer:
    def __init__(self, h, heads, kv, ffn, dtype, method, r=8, dropout=0.0, seed=0):
        torch.manual_seed(seed)
        self.h, self.heads, self.kv, self.ffn, self.d = h, heads, kv, ffn, h // heads
        self.method = method
        self.kbit_prep = method.endswith("kbitprep")
        self.quant = method.startswith("qlora")
        self.lora = method != "full"
        self.dtype = dtype
        # prepare_model_for_kbit_training casts every non-Params4bit parameter (norms, embeddings,
        # lm_head) to fp32: the residual stream then is fp32 (peft utils/other.py).
        self.norm_dtype = FP32 if self.kbit_prep else dtype
        self.in_dtype = FP32 if self.kbit_prep else dtype
        self.autocast = dtype == BF16  # Trainer(bf16=True)
        trainable = method == "full"
        self.ln1 = torch.nn.Parameter(torch.ones(h, dtype=self.norm_dtype), requires_grad=trainable)
        self.ln2 = torch.nn.Parameter(torch.ones(h, dtype=self.norm_dtype), requires_grad=trainable)
        self.W, self.Q = {}, {}
        for name, (n_out, n_in) in proj_shapes(h, heads, kv, ffn).items():
            w = torch.randn(n_out, n_in) / math.sqrt(n_in)
            if self.quant:
                self.Q[name] = QuantState4bit(w)
            else:
                self.W[name] = torch.nn.Parameter(w.to(dtype), requires_grad=trainable)
        self.targets = []
        if self.lora:
            self.targets = TARGETS[method.split("_")[1]]
        # PEFT: adapters in fp32 when the base is 16-bit (autocast_adapter_dtype=True,
        # tuners_utils._cast_adapter_dtype); lora_B is zero-initialised (values do not matter here).
        self.A, self.B = {}, {}
        self.r, self.p, self.scaling = r, dropout, 16.0 / r
        for name in self.targets:
            n_out, n_in = proj_shapes(h, heads, kv, ffn)[name]
            self.A[name] = torch.nn.Parameter(torch.randn(r, n_in) / math.sqrt(n_in))
            self.B[name] = torch.nn.Parameter(torch.zeros(n_out, r) + 1e-3)

    def parameters(self):
        ps = [self.ln1, self.ln2] + list(self.W.values()) + list(self.A.values()) + list(self.B.values())
        for q in self.Q.values():
            ps += q.buffers()
        return ps

    # LlamaRMSNorm.forward
    def rmsnorm(self, x, w, T, name):
        input_dtype = x.dtype
        hs = T.tag(name + ".x_fp32", x.to(FP32))
        variance = MeanLastDim.apply(hs.pow(2))
        rs = T.tag(name + ".rsqrt", torch.rsqrt(variance + EPS))
        hs = T.tag(name + ".normed", hs * rs)
        hs = T.tag(name + ".normed_in_dtype", hs.to(input_dtype))
        return T.tag(name + ".out", w * hs)

    def dropout(self, x):
        return x if self.p == 0 else CudaDropout.apply(x, self.p)

    def base(self, name, x, ac):
        if self.quant:
            # bnb nn/modules.py Linear4bit.forward: x.to(compute_dtype), matmul_4bit, .to(inp_dtype)
            inp_dtype = x.dtype
            return MatMul4Bit.apply(x.to(self.dtype), self.Q[name]).to(inp_dtype)
        return ac.linear(x, self.W[name])

    def proj(self, name, x, ac, T):
        result = self.base(name, x, ac)
        if name not in self.targets:
            return T.tag(name + ".out", result)
        A, B = self.A[name], self.B[name]
        if self.quant:
            # peft tuners/lora/bnb.py Linear4bit.forward
            result = result.clone()
            requires_conversion = not ac.enabled
            if requires_conversion:
                expected_dtype = result.dtype
                if x.dtype != A.dtype:
                    x = x.to(A.dtype)
            xa = self.dropout(x)
            T.tag(name + ".lora_in", xa)
            a = T.tag(name + ".lora_A_out", ac.linear(xa, A))
            output = ac.linear(a, B) * self.scaling
            if requires_conversion:
                output = output.to(expected_dtype)
            return T.tag(name + ".out", result + output)
        # peft tuners/lora/layer.py Linear.forward
        torch_result_dtype = result.dtype
        if x.dtype != A.dtype:  # _cast_input_dtype
            x = T.tag(name + ".lora_x_fp32", x.to(A.dtype))
        xa = self.dropout(x)
        T.tag(name + ".lora_in", xa)
        a = T.tag(name + ".lora_A_out", ac.linear(xa, A))
        result = result + ac.linear(a, B) * self.scaling
        return T.tag(name + ".out", result.to(torch_result_dtype))

    def forward(self, x, cos, sin, mask, attention, T):
        ac = Autocast(self.autocast)
        b, s, _ = x.shape
        d = self.d
        residual = x
        hs = self.rmsnorm(x, self.ln1, T, "input_layernorm")
        q = self.proj("q", hs, ac, T).view(b, s, -1, d).transpose(1, 2)
        k = self.proj("k", hs, ac, T).view(b, s, -1, d).transpose(1, 2)
        v = self.proj("v", hs, ac, T).view(b, s, -1, d).transpose(1, 2)
        # apply_rotary_pos_emb
        c, sn = cos.unsqueeze(1), sin.unsqueeze(1)
        q = T.tag("q_embed", q * c + rotate_half(q) * sn)
        k = T.tag("k_embed", k * c + rotate_half(k) * sn)
        n_rep = self.heads // self.kv
        scaling = d ** -0.5
        if attention == "eager":
            # eager_attention_forward
            ks = T.tag("k_repeat", repeat_kv(k, n_rep))
            vs = T.tag("v_repeat", repeat_kv(v, n_rep))
            w = ac.matmul(q, ks.transpose(2, 3)) * scaling
            w = _tag("scores_x_scaling", w) + mask[:, :, :, : ks.shape[-2]]
            w = T.tag("softmax_fp32", F.softmax(w, dim=-1, dtype=FP32))
            w = T.tag("probs", w.to(q.dtype))
            w = F.dropout(w, p=0.0, training=True)
            o = ac.matmul(w, vs)
            o = T.tag("attn_out", o.transpose(1, 2).contiguous())
        else:
            if attention == "sdpa_repeat":
                k, v = repeat_kv(k, n_rep), repeat_kv(v, n_rep)
            o = T.tag("attn_out", SdpaFlash.apply(ac.cast(q), ac.cast(k), ac.cast(v), scaling))
        o = o.reshape(b, s, -1).contiguous()
        o = self.proj("o", o, ac, T)
        h1 = T.tag("h1", residual + o)
        hs = self.rmsnorm(h1, self.ln2, T, "post_attention_layernorm")
        g = self.proj("gate", hs, ac, T)
        act = T.tag("silu_out", F.silu(g))
        u = self.proj("up", hs, ac, T)
        prod = T.tag("act_x_up", act * u)
        m = self.proj("down", prod, ac, T)
        return h1 + m


def rotate_half(x):
    x1 = x[..., : x.shape[-1] // 2]
    x2 = x[..., x.shape[-1] // 2:]
    return torch.cat((-x2, x1), dim=-1)


def repeat_kv(x, n_rep):
    b, g, s, d = x.shape
    if n_rep == 1:
        return x
    return x[:, :, None, :, :].expand(b, g, n_rep, s, d).reshape(b, g * n_rep, s, d)


def rope(b, s, d, dtype):
    # LlamaRotaryEmbedding.forward: computed once per model forward in fp32, cast to x.dtype
    inv = 1.0 / (10000 ** (torch.arange(0, d, 2).float() / d))
    pos = torch.arange(s).float()
    fr = torch.outer(pos, inv)
    emb = torch.cat((fr, fr), -1)
    return emb.cos()[None].expand(b, s, d).contiguous().to(dtype), emb.sin()[None].expand(b, s, d).contiguous().to(dtype)


def causal_mask(b, s, dtype):
    m = torch.full((s, s), torch.finfo(dtype).min, dtype=dtype).triu(1)
    return m[None, None].expand(b, 1, s, s)


def measure_layer(layer, b, s, attention, recompute, breakdown=False):
    global CURRENT
    T = CURRENT = Tracker(naming=breakdown)
    T.exclude_tensors(layer.parameters())
    x = torch.randn(b, s, layer.h, dtype=layer.in_dtype).requires_grad_(True)
    cos, sin = rope(b, s, layer.d, layer.in_dtype)
    mask = causal_mask(b, s, layer.in_dtype)
    T.share("rotary_cos", cos)
    T.share("rotary_sin", sin)
    T.share("causal_mask", mask)
    T.tag("layer_input", x)
    with T.hooks():
        if recompute == "full":
            out = tuc.checkpoint(lambda a, c, sn: layer.forward(a, c, sn, mask, attention, T), x, cos, sin,
                                 use_reentrant=True)
        else:
            out = layer.forward(x, cos, sin, mask, attention, T)
    per, shared, rows = T.result(breakdown)
    del out
    CURRENT = None
    return per, shared, rows


# ----------------------------------------------------------------------------------------------
# the head: final norm + lm_head + ForCausalLMLoss (logits.float(), shift, cross_entropy)
# ----------------------------------------------------------------------------------------------
def measure_head(h, vocab, b, s, dtype, method, breakdown=False):
    torch.manual_seed(1)
    trainable = method == "full"
    kbit = method.endswith("kbitprep")
    wdtype = FP32 if kbit else dtype
    ac = Autocast(dtype == BF16)
    norm_w = torch.nn.Parameter(torch.ones(h, dtype=wdtype), requires_grad=trainable)
    lm = torch.nn.Parameter((torch.randn(vocab, h) / math.sqrt(h)).to(wdtype), requires_grad=trainable)
    global CURRENT
    T = CURRENT = Tracker(naming=breakdown)
    T.exclude_tensors([norm_w, lm])
    x = torch.randn(b, s, h, dtype=wdtype).requires_grad_(True)
    labels = torch.randint(0, vocab, (b, s))
    dummy = Layer.__new__(Layer)
    with T.hooks():
        hs = Layer.rmsnorm(dummy, x, norm_w, T, "norm")
        logits = T.tag("logits", ac.linear(hs, lm))
        # ForCausalLMLoss
        lf = T.tag("logits_fp32", logits.float())
        lab = F.pad(labels, (0, 1), value=-100)
        shift = T.tag("shift_labels", lab[..., 1:].contiguous())
        logp = T.tag("log_softmax(fp32)", F.log_softmax(lf.view(-1, vocab), dim=-1))  # = F.cross_entropy's
        loss = F.nll_loss(logp, shift.view(-1), ignore_index=-100, reduction="mean")
    per, shared, rows = T.result(breakdown)
    CURRENT = None
    return per, rows


# ----------------------------------------------------------------------------------------------
# closed forms (bytes per layer) -- see docs/memory.md, "Checked against autograd"
# ----------------------------------------------------------------------------------------------
def closed_form_layer(c):
    h, a, g, f, r = c["hidden"], c["heads"], c["kv_heads"], c["ffn"], c["r"]
    b, s = c["batch"], c["seq"]
    N = b * s
    d = h // a
    kvd = g * d
    e = 4 if c["dtype"] == "fp32" else 2
    m = c["method"]
    att = c["attention"]
    p = c["lora_dropout"] > 0
    kbit = m.endswith("kbitprep")
    ein = 4 if kbit else e
    if c["recompute"] == "full":
        return N * ein * h
    # 0-dim float64 "wrapped number" tensors that mul.Tensor keeps for `x * python_float`: the eager
    # attention's `* scaling` and each adapter's `* scaling` (8 B each; CPU scalars on GPUs too)
    scalars = 8 * ((1 if att == "eager" else 0) + (0 if c["method"] == "full" else len(TARGETS[c["method"].split("_")[1]])))
    kq = {"q": h, "k": h, "v": h, "o": h, "gate": h, "up": h, "down": f}   # adapter input widths
    nq = {"q": h, "k": kvd, "v": kvd, "o": h, "gate": f, "up": f, "down": h}
    scores = (4 + (2 if (e == 2 or kbit) else 0)) * a * s                 # fp32 softmax + 16-bit probs
    if m == "full":
        norms = 2 * (4 * h + 4 + e * h)      # x.to(fp32), rsqrt, normed.to(dtype) [weight trainable]
        outs = 2 * e * h                     # norm outputs (saved by q/k/v and gate/up)
        if att == "eager":
            attn = 4 * e * h + scores        # q_embed, k_rep, v_rep, o_proj input
        elif att == "sdpa":
            attn = e * (2 * h + 2 * kvd) + 4 * a
        else:
            attn = e * 4 * h + 4 * a
        mlp = 4 * e * f                      # gate (silu in), silu out, up, product (down input)
        return N * (norms + outs + attn + mlp) + scalars
    targets = TARGETS[m.split("_")[1]]
    norms = 2 * (4 * h + 4)                  # weight frozen: normed not saved
    if kbit:
        # q, k, v reach attention in fp32 and autocast saves bf16 copies; scores 6 B.
        if att == "eager":
            attn = 3 * 2 * h + scores
        elif att == "sdpa":
            attn = 2 * (2 * h + 2 * kvd) + 4 * a
        else:
            attn = 2 * 4 * h + 4 * a
        mlp = 3 * 4 * f                      # gate, silu out, up in fp32
    else:
        if att == "eager":
            attn = 3 * e * h + scores
        elif att == "sdpa":
            attn = e * (2 * h + 2 * kvd) + 4 * a
        else:
            attn = e * 4 * h + 4 * a
        mlp = 3 * e * f
    ad = 0
    const = 0
    quant = m.startswith("qlora")
    if e == 2:
        const = sum(2 * r * (kq[t] + nq[t]) for t in targets)   # autocast's bf16 copies of A and B
        for t in targets:
            ad += 2 * r                                           # lora_A output (bf16)
        if p:
            ad += sum(3 * kq[t] for t in targets)                 # 1 B mask + 2 B bf16 input copy
        elif quant and not kbit:
            # bnb path under autocast: no fp32 cast, lora_A saves x itself (shared by q/k/v, gate/up)
            uniq = set()
            for t in targets:
                uniq.add({"q": "x1", "k": "x1", "v": "x1", "o": "o", "gate": "x2", "up": "x2", "down": "prod"}[t])
            for u in uniq:
                if u == "o" and att != "eager":
                    continue                                      # the flash output, already saved
                ad += 2 * (f if u == "prod" else h)
        elif quant and kbit:
            for t in targets:
                if t == "o":
                    ad += 0 if att != "eager" else 2 * h          # bf16 o input saved as is
                else:
                    ad += 2 * kq[t]                               # fp32 -> bf16 autocast copy each
        else:
            ad += sum(2 * kq[t] for t in targets)                 # fp32 copy -> bf16 copy, per adapter
    else:  # fp32: no autocast, adapters fp32
        for t in targets:
            ad += 4 * r
        if p:
            ad += sum(5 * kq[t] for t in targets)                 # 1 B mask + fp32 dropout output
        else:
            uniq = set()
            for t in targets:
                uniq.add({"q": "x1", "k": "x1", "v": "x1", "o": "o", "gate": "x2", "up": "x2", "down": "prod"}[t])
            for u in uniq:
                if u == "o" and att != "eager":
                    continue
                ad += 4 * (f if u == "prod" else h)
    return N * (norms + attn + mlp + ad) + const + scalars


def closed_form_head(c):
    h, V, N = c["hidden"], c["vocab"], c["batch"] * c["seq"]
    e = 4 if c["dtype"] == "fp32" else 2
    m = c["method"]
    kbit = m.endswith("kbitprep")
    ein = 4 if kbit else e
    per = 4 * h + 4 + 4 * V                 # x fp32, rsqrt, fp32 log-softmax
    if m == "full":
        per += ein * h + e * h              # normed.to(dtype), lm_head input
    const = 4                               # nll_loss total_weight
    # int64 shifted labels (F.pad + [..., 1:].contiguous(): with b = 1 the slice is already contiguous
    # and the padded (1, s + 1) storage is what nll_loss keeps)
    const += 8 * (c["seq"] + 1) if c["batch"] == 1 else 8 * N
    if kbit:
        const += 2 * V * h                  # autocast's bf16 copy of the frozen fp32 lm_head, kept by mm
    return N * per + const


def planner_layer(c):
    """TrainPlan's LayerActivations for stack=hf (t = 1, no SP, model dropout 0), bytes per layer."""
    h, a, g, f = c["hidden"], c["heads"], c["kv_heads"], c["ffn"]
    N, s = c["batch"] * c["seq"], c["seq"]
    d = h // a
    kvd = g * d
    e = 4 if c["dtype"] == "fp32" else 2
    flash = c["attention"] != "eager"
    if c["recompute"] == "full":
        return N * e * h
    lin = e * 4 * h + e * (h + 2 * kvd + h) + (4 * a if flash else 0) + e * 3 * f
    quad = 0 if flash else e * a
    if c["method"] != "full":
        t = TARGETS[c["method"].split("_")[1]]
        widths = 0
        if "o" in t:
            widths += (h + h) + 2 * (h + kvd) + (h + h)
        else:
            widths += (h + h) + (h + kvd)
        if "gate" in t:
            widths += 3 * (h + f)
        per_input = e + (1 if c["lora_dropout"] > 0 else 0)
        lin += per_input * widths / 2
    return N * (lin + quad * s)


def planner_head(c):
    e = 4 if c["dtype"] == "fp32" else 2
    return c["batch"] * c["seq"] * (2 * e * c["hidden"] + 10 * c["vocab"])


# ----------------------------------------------------------------------------------------------
def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "data",
                                                  "memory_harness.json"))
    ap.add_argument("--quick", action="store_true", help="a small subset (smoke test)")
    ap.add_argument("--threads", type=int, default=1)
    args = ap.parse_args()
    # One intra-op thread: on a shared two-core machine OpenMP's spinning makes small ops 30x slower
    # with two threads; the big GEMMs lose little.
    torch.set_num_threads(args.threads)
    t0 = time.time()

    hiddens = [256, 512]
    head_cfgs = [(8, 8), (8, 2)]
    seqs = [128, 512, 1024]
    batches = [1, 2]
    dtypes = ["bf16", "fp32"]
    attentions = ["eager", "sdpa"]
    recomputes = ["none", "full"]
    methods = [("full", 0.0), ("lora_qv", 0.0), ("lora_qv", 0.1), ("lora_all", 0.0), ("lora_all", 0.1),
               ("qlora_all", 0.0), ("qlora_all", 0.1), ("qlora_all_kbitprep", 0.0), ("qlora_all_kbitprep", 0.1)]
    if args.quick:
        hiddens, seqs, batches = [256], [128], [1]
    r = 8
    ffn_of = {256: 704, 512: 1376}
    breakdown_points = {
        (512, 8, 2, 512, 1, "bf16", "eager", "none", "full", 0.0),
        (512, 8, 2, 512, 1, "bf16", "sdpa", "none", "full", 0.0),
        (512, 8, 2, 512, 1, "bf16", "sdpa", "none", "lora_all", 0.0),
        (512, 8, 2, 512, 1, "bf16", "sdpa", "none", "lora_all", 0.1),
        (512, 8, 2, 512, 1, "bf16", "sdpa", "none", "qlora_all", 0.0),
        (512, 8, 2, 512, 1, "bf16", "eager", "none", "qlora_all_kbitprep", 0.0),
        (512, 8, 2, 512, 1, "fp32", "eager", "none", "lora_qv", 0.0),
        (512, 8, 2, 512, 1, "bf16", "sdpa", "full", "lora_all", 0.0),
    }
    rows, breakdowns = [], []
    layers = {}
    for h, (heads, kv), dt, (method, p) in itertools.product(hiddens, head_cfgs, dtypes, methods):
        if method.endswith("kbitprep") and dt == "fp32":
            continue  # prepare_model_for_kbit_training with bf16 compute only
        dtype = BF16 if dt == "bf16" else FP32
        layer = Layer(h, heads, kv, ffn_of[h], dtype, method, r=r, dropout=p)
        for s, b, att, rc in itertools.product(seqs, batches, attentions, recomputes):
            cfg = {"hidden": h, "heads": heads, "kv_heads": kv, "head_dim": h // heads, "ffn": ffn_of[h], "seq": s,
                   "batch": b, "dtype": dt, "attention": att, "recompute": rc, "method": method,
                   "lora_dropout": p, "r": r if method != "full" else 0}
            key = (h, heads, kv, s, b, dt, att, rc, method, p)
            bd = key in breakdown_points
            per, shared, brows = measure_layer(layer, b, s, att, rc, breakdown=bd)
            cfg["saved_bytes_per_layer"] = per
            cfg["shared_bytes_model_level"] = shared
            cfg["closed_form_bytes"] = closed_form_layer(cfg)
            cfg["planner_bytes_hf"] = planner_layer(cfg)
            rows.append(cfg)
            if bd:
                breakdowns.append({"config": {k: v for k, v in cfg.items()}, "tensors": brows})
        print(f"  {len(rows)} layer points, {time.time() - t0:.0f} s", flush=True)
    # sdpa with repeat_kv (mask present / torch < 2.5): a few points
    for h, dt, method in itertools.product(hiddens, dtypes, ["full", "lora_all"]):
        dtype = BF16 if dt == "bf16" else FP32
        layer = Layer(h, 8, 2, ffn_of[h], dtype, method, r=r)
        for s, b in itertools.product(seqs, batches):
            cfg = {"hidden": h, "heads": 8, "kv_heads": 2, "head_dim": h // 8, "ffn": ffn_of[h], "seq": s, "batch": b,
                   "dtype": dt, "attention": "sdpa_repeat", "recompute": "none", "method": method,
                   "lora_dropout": 0.0, "r": r if method != "full" else 0}
            per, shared, _ = measure_layer(layer, b, s, "sdpa_repeat", "none")
            cfg["saved_bytes_per_layer"] = per
            cfg["shared_bytes_model_level"] = shared
            cfg["closed_form_bytes"] = closed_form_layer(cfg)
            cfg["planner_bytes_hf"] = planner_layer(cfg)
            rows.append(cfg)
    heads_rows = []
    vocabs = [1000, 32000] if not args.quick else [1000]
    for h, V, s, b, dt, method in itertools.product(hiddens, vocabs, seqs, batches, dtypes,
                                                   ["full", "lora_all", "qlora_all_kbitprep"]):
        if method.endswith("kbitprep") and dt == "fp32":
            continue
        dtype = BF16 if dt == "bf16" else FP32
        bd = (h, V, s, b, dt) == (512, 32000, 512, 1, "bf16")
        per, brows = measure_head(h, V, b, s, dtype, method, breakdown=bd)
        cfg = {"hidden": h, "vocab": V, "seq": s, "batch": b, "dtype": dt, "method": method,
               "saved_bytes_head": per}
        cfg["closed_form_bytes"] = closed_form_head(cfg)
        cfg["planner_bytes_hf"] = planner_head(cfg)
        heads_rows.append(cfg)
        if bd:
            breakdowns.append({"config": dict(cfg), "tensors": brows})

    def max_rel(rs, key):
        return max(abs(x[key] - x["closed_form_bytes"]) / max(1, x[key]) for x in rs)

    err_layer, err_head = max_rel(rows, "saved_bytes_per_layer"), max_rel(heads_rows, "saved_bytes_head")
    out = {
        "about": "Bytes autograd saves for backward per Llama-style decoder layer (Transformers eager/sdpa code "
                 "paths, PEFT LoRA, bnb-like 4-bit), and for the logits+loss head; see docs/memory.md. "
                 "closed_form_bytes: the closed form of docs/memory.md; planner_bytes_hf: TrainPlan's "
                 "current LayerActivations / logits term for stack=hf.",
        "torch": torch.__version__,
        "runtime_s": None,
        "max_rel_error_layer": err_layer,
        "max_rel_error_head": err_head,
        "layers": rows,
        "heads": heads_rows,
        "breakdowns": breakdowns,
    }
    out["runtime_s"] = round(time.time() - t0, 1)
    with open(args.out, "w") as fh:
        json.dump(out, fh, indent=1)
    bad = [x for x in rows if x["saved_bytes_per_layer"] != x["closed_form_bytes"]]
    print(f"{len(rows)} layer points, {len(heads_rows)} head points in {out['runtime_s']} s")
    print(f"max relative error of the closed forms: layer {err_layer:.3e}, head {err_head:.3e}")
    for x in bad[:10]:
        print("MISMATCH", {k: x[k] for k in ("hidden", "heads", "kv_heads", "seq", "batch", "dtype", "attention",
                                             "recompute", "method", "lora_dropout", "saved_bytes_per_layer",
                                             "closed_form_bytes")})
    hb = [x for x in heads_rows if x["saved_bytes_head"] != x["closed_form_bytes"]]
    for x in hb[:5]:
        print("HEAD MISMATCH", x)
    return 0


if __name__ == "__main__":
    sys.exit(main())
