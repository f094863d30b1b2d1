// report_rl.cpp — a post-training plan's RL step (core/estimate/rl.h) as the JSON's "rl" object (interface.md:
// step_seconds, generation_s, logprob_s, reward_s, training_s, sync_s, kv_cache_bytes, phases) and as the text
// report's rows, one per phase with its share of the step. Only for goal grpo, ppo, dpo: other plans' JSON and
// text are unchanged.
#include <string>

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
  rows.push_back({"", Translate(lang, "RL step (phases, per step)")});
  const double step = s.step_seconds > 0 ? s.step_seconds : 1;
  rows.push_back({Translate(lang, "RL step"), DurationText(lang, s.step_seconds)});
  for (int i = 0; i < kRlPhases; ++i) {
    const RlPhase& p = s.phases[i];
    if (!(p.seconds > 0)) continue;
    rows.push_back(
        {Translate(lang, kRlPhaseNames[i]), DurationText(lang, p.seconds) + Fmt(" (%.0f %%)", 100 * p.seconds / step)});
  }
  if (s.hidden_s > 0) rows.push_back({Translate(lang, "hidden by one-step-off"), DurationText(lang, s.hidden_s)});
  if (s.kv_cache_bytes > 0) rows.push_back({Translate(lang, "KV cache per rollout GPU"), MemoryText(s.kv_cache_bytes)});
  if (s.concurrency > 0) rows.push_back({Translate(lang, "sequences decoding at once"), Fmt("%.0f", s.concurrency)});
  rows.push_back({Translate(lang, "memory while generating"), MemoryText(s.gen_memory_bytes)});
  rows.push_back({Translate(lang, "memory while training"), MemoryText(s.train_memory_bytes)});
  if (s.logprob_memory_bytes > 0)
    rows.push_back({Translate(lang, "memory while computing log-probabilities"), MemoryText(s.logprob_memory_bytes)});
}

}  // namespace tp::report_detail
