// report_rl.cpp — a post-training plan's RL step (core/estimate/rl.h) as the JSON's "rl" object (interface.md:
// step_seconds, generation_s, logprob_s, reward_s, training_s, sync_s, kv_cache_bytes, phases) and as the text
// report's rows, one per phase with its share of the step. Only for goal grpo, ppo, dpo: other plans' JSON and
// text are unchanged.
#include <string>

#include "figures.h"
#include "format.h"
#include "json.h"
#include "report_parts.h"
#include "text.h"

namespace tp::report_detail {

std::string RlJson(const RlStep& s, const std::string& pad) {
  const std::string in = pad + "    ";
  std::string out = "{\n";
  auto item = [&](const char* key, double v) { out += in + JsonEscape(key) + ": " + Num(v) + ",\n"; };
  item("step_seconds", s.step_seconds);
  item("generation_s", s.generation_s);
  item("prefill_s", s.prefill_s);
  item("decode_s", s.decode_s);
  item("tail_s", s.tail_s);
  item("logprob_s", s.logprob_s);
  item("reward_s", s.reward_s);
  item("training_s", s.training_s);
  item("sync_s", s.sync_s);
  item("back_s", s.back_s);
  item("hidden_s", s.hidden_s);
  item("kv_cache_bytes", s.kv_cache_bytes);
  item("engine_weights_bytes", s.engine_weights_bytes);
  item("concurrency", s.concurrency);
  item("sequences", s.sequences);
  item("generation_memory_bytes", s.gen_memory_bytes);
  item("training_memory_bytes", s.train_memory_bytes);
  item("logprob_memory_bytes", s.logprob_memory_bytes);
  item("rollout_memory_bytes", s.rollout_memory_bytes);
  item("host_bytes", s.host_bytes);
  item("max_response_len_fit", s.max_response_fit);
  out += in + "\"phases\": [";
  bool first = true;
  for (int i = 0; i < kRlPhases; ++i) {
    const RlPhase& p = s.phases[i];
    if (!(p.seconds > 0)) continue;
    out += std::string(first ? "\n" : ",\n") + in + "  {\"name\": " + JsonEscape(kRlPhaseNames[i]) +
           ", \"seconds\": " + Num(p.seconds) + ", \"memory_bytes\": " + Num(p.memory_bytes) +
           ", \"gpus\": " + Num(p.gpus) + "}";
    first = false;
  }
  out += (first ? "]\n" : "\n" + in + "]\n");
  return out + pad + "  }";
}

void RlRows(const PlanOutput& out, Lang lang, std::vector<Row>& rows) {
  const RlStep& s = out.plan.rl;
  if (!s.active) return;
  const bool dpo = out.job.rl.Dpo();  // preference training: no rollout, no reinforcement learning
  rows.push_back({"", Translate(lang, dpo ? "DPO step (phases, per step)" : "RL step (phases, per step)")});
  const double step = s.step_seconds > 0 ? s.step_seconds : 1;
  rows.push_back({Translate(lang, ShownStepWords(out.job.rl)), DurationText(lang, s.step_seconds)});
  for (int i = 0; i < kRlPhases; ++i) {
    const RlPhase& p = s.phases[i];
    if (!(p.seconds > 0)) continue;
    rows.push_back(
        {Translate(lang, kRlPhaseNames[i]), DurationText(lang, p.seconds) + Fmt(" (%.0f %%)", 100 * p.seconds / step)});
  }
  for (const RlStepFigure& f : RlStepFigures(s)) {
    using K = RlStepFigure::Kind;
    rows.push_back({Translate(lang, f.words), f.kind == K::Duration ? DurationText(lang, f.value)
                                              : f.kind == K::Memory ? MemoryText(f.value)
                                              : f.kind == K::Tokens ? Fmt("%.0f ", f.value) + UnitWord(lang, "tokens")
                                                                    : Fmt("%.0f", f.value)});
  }
}

}  // namespace tp::report_detail

namespace tp {

std::vector<RlStepFigure> RlStepFigures(const RlStep& s) {
  using K = RlStepFigure::Kind;
  std::vector<RlStepFigure> out;
  if (!s.active) return out;
  if (s.hidden_s > 0) out.push_back({"hidden by one-step-off", K::Duration, s.hidden_s});
  if (s.kv_cache_bytes > 0) out.push_back({"KV cache per rollout GPU", K::Memory, s.kv_cache_bytes});
  if (s.concurrency > 0) out.push_back({"sequences decoding at once", K::Count, s.concurrency});
  if (s.gen_memory_bytes > 0) out.push_back({"memory while generating", K::Memory, s.gen_memory_bytes});  // not DPO
  out.push_back({"memory while training", K::Memory, s.train_memory_bytes});
  if (s.logprob_memory_bytes > 0)
    out.push_back({"memory while computing log-probabilities", K::Memory, s.logprob_memory_bytes});
  out.push_back({"longest response that fits (rl_max_response_len)", K::Tokens, s.max_response_fit});
  return out;
}

}  // namespace tp
