// model_test.cpp — parameter counts: every preset against its published count, the pieces of the
// count (GQA, SwiGLU, MoE active params, MLA, tied head), LoRA adapter sizes, and nonsense input.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "catalog.h"
#include "model.h"

using namespace tp;

TEST_CASE("every preset reproduces its published parameter count", "[model]") {
  REQUIRE(Models().size() >= 13);
  for (const char* id : {"bert-base", "gpt2-1.5b", "gpt3-175b", "llama2-7b", "llama2-13b", "llama2-70b",
                         "llama3-8b", "llama3-70b", "llama3.1-405b", "mistral-7b", "mixtral-8x7b",
                         "qwen2.5-72b", "deepseek-v3"}) {
    INFO(id);
    const ModelPreset* p = FindModel(id);
    REQUIRE(p);
    REQUIRE(p->published_params > 0);
    CHECK_FALSE(p->source.empty());
    const double counted = CountParams(p->arch).total;
    CHECK(p->arch.params_total == counted);
    // Published counts given to the parameter (from the released checkpoints) must match exactly;
    // rounded ones ("110M", "175.0B", "671B") within the rounding plus what the preset documents it
    // leaves out (BERT's pooler, 0.5%).
    const double pub = p->published_params;
    const bool exact = std::fmod(pub, 1e6) != 0;
    if (exact) CHECK(counted == pub);
    else CHECK(std::abs(counted / pub - 1) < 0.011);
  }
}

TEST_CASE("parameter count pieces follow the architecture", "[model]") {
  // Llama 2 7B by hand: attention 4h^2, SwiGLU 3hf, two RMSNorms, untied embedding and head.
  const ModelArch l7 = FindModel("llama2-7b")->arch;
  ParamCounts c = CountParams(l7);
  CHECK(c.attn == 4.0 * 4096 * 4096);
  CHECK(c.mlp_dense == 3.0 * 4096 * 11008);
  CHECK(c.embedding == 32000.0 * 4096);
  CHECK(c.head == c.embedding);
  CHECK(c.active == c.total);

  // GQA shrinks k and v: Llama 3 8B has 8 KV heads of 128, so k and v are 4096 x 1024 each.
  CHECK(CountParams(FindModel("llama3-8b")->arch).attn == 2.0 * 4096 * 4096 + 2.0 * 4096 * 1024);

  // Norms beyond the two pre-norms: Gemma 2/3 norm each sublayer's output too (2h more per block); QK-norm
  // adds one head_dim vector for q and one for k (Qwen3, Gemma 3) or heads x head_dim + kv_heads x head_dim
  // (OLMo 2). Latent attention has its own norms inside c.attn and ignores qk_norm.
  ModelArch four = l7;
  four.norms_per_block = 4;
  CHECK(CountParams(four).norms == 4.0 * 4096);
  CHECK(CountParams(four).total == c.total + 32.0 * 2 * 4096);
  ModelArch qk = l7;
  qk.qk_norm = QkNorm::PerHead;
  CHECK(CountParams(qk).norms == c.norms + 2 * 128);
  qk.kv_heads = 8;
  qk.qk_norm = QkNorm::AllHeads;
  CHECK(CountParams(qk).norms == c.norms + (32 + 8) * 128);
  ModelArch mla = FindModel("deepseek-v3")->arch;
  const double mla_total = CountParams(mla).total;
  mla.qk_norm = QkNorm::PerHead;
  CHECK(CountParams(mla).total == mla_total);

  // Tying removes the head.
  ModelArch tied = l7;
  tied.tied = true;
  CHECK(CountParams(tied).total == c.total - 32000.0 * 4096);

  // Mixtral: 47B total, about 13B active with 2 of 8 experts (Jiang et al. 2024).
  ParamCounts mx = CountParams(FindModel("mixtral-8x7b")->arch);
  CHECK(mx.moe_layers == 32);
  CHECK(mx.active == Approx(12.9e9).epsilon(0.01));
  // DeepSeek-V3: 37B activated of 671B; three leading dense layers; MLA attention.
  ParamCounts ds = CountParams(FindModel("deepseek-v3")->arch);
  CHECK(ds.dense_layers == 3);
  CHECK(ds.moe_layers == 58);
  CHECK(ds.active == Approx(37e9).epsilon(0.02));
  CHECK(ds.attn < 4.0 * 7168 * 128 * 128);  // latent compression makes attention smaller than MHA

  // Size-only: the total is what was given.
  ModelArch size_only;
  size_only.params_total = 7.5e9;
  CHECK(CountParams(size_only).total == 7.5e9);
}

TEST_CASE("LoRA adapters are r x (d_in + d_out) per adapted matrix", "[model]") {
  const ModelArch l8 = FindModel("llama3-8b")->arch;
  // q (4096->4096) and v (4096->1024) at rank 8 over 32 layers.
  CHECK(LoraParams(l8, 8, kLoraQv) == 8.0 * 32 * ((4096 + 4096) + (4096 + 1024)));
  const double attn = LoraParams(l8, 8, kLoraAttn), all = LoraParams(l8, 8, kLoraAttn | kLoraMlp);
  CHECK(all - attn == 8.0 * 32 * 3 * (4096 + 14336));
  CHECK(LoraParams(l8, 16, kLoraAttn) == 2 * attn);
  CHECK(all / CountParams(l8).total < 0.005);  // adapters are a fraction of a percent of the model
  // MoE: every expert gets its adapters.
  const ModelArch mx = FindModel("mixtral-8x7b")->arch;
  CHECK(LoraParams(mx, 8, kLoraMlp) == 8.0 * 32 * 8 * 3 * (4096 + 14336));
  // Size-only: same order as the real 7B model.
  ModelArch s;
  s.params_total = 6.74e9;
  const double est = LoraParams(s, 8, kLoraAttn | kLoraMlp);
  const double real = LoraParams(FindModel("llama2-7b")->arch, 8, kLoraAttn | kLoraMlp);
  CHECK(est / real == Approx(1).epsilon(0.3));
}

TEST_CASE("nonsense dimensions give finite counts", "[model]") {
  ModelArch m;
  m.layers = 4;
  m.hidden = 512;  // heads 0: no division by zero
  ParamCounts c = CountParams(m);
  CHECK(std::isfinite(c.total));
  CHECK(c.total >= 0);
  m.heads = 8;
  m.hidden = -5;
  m.experts = 4;
  m.topk = 9;
  m.dense_layers = 100;
  c = CountParams(m);
  CHECK(std::isfinite(c.total));
  CHECK(c.active <= c.total);
  CHECK(std::isfinite(LoraParams(m, -3, 0b111)));
}
