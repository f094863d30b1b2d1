// key_rows.h — what the key table's files (core/keys_*.cpp) share: the builders of one row (an int, real,
// choice, id or text key, each with its getter and setter on Config) and the choice lists several rows use.
// Internal to core: the table itself is read through config.h (Keys, FindKey).
#pragma once
#include <string>
#include <vector>

#include "config.h"
#include "default_sources.h"
#include "job.h"
#include "json.h"
#include "scenario.h"

namespace tp::key_rows {

#define TP_INT(member) \
  [](const Config& c) { return int(c.member); }, [](Config& c, int v) { c.member = decltype(c.member)(v); }
#define TP_REAL(member) [](const Config& c) { return c.member; }, [](Config& c, double v) { c.member = v; }
#define TP_ID(member)                                             \
  [](const Config& c) -> const std::string& { return c.member; }, \
      [](Config& c, std::string v) { c.member = std::move(v); }

inline KeyInfo Row(const char* name, KeyGroup g, KeyKind kind, const char* unit, const char* help) {
  KeyInfo k;
  k.name = name, k.group = g, k.kind = kind, k.unit = unit, k.help = help;
  return k;
}
inline KeyInfo IntField(const char* name, KeyGroup g, const char* unit, double lo, double hi, bool has_auto,
                        int auto_value, int (*get)(const Config&), void (*set)(Config&, int), const char* help) {
  KeyInfo f = Row(name, g, KeyKind::Int, unit, help);
  f.lo = lo, f.hi = hi, f.has_auto = has_auto, f.auto_value = auto_value, f.get_int = get, f.set_int = set;
  return f;
}
// Real keys store 0 for auto unless 0 is a value of theirs (dropout: -1).
inline KeyInfo RealField(const char* name, KeyGroup g, const char* unit, double lo, double hi, bool has_auto,
                         double (*get)(const Config&), void (*set)(Config&, double), const char* help,
                         double auto_value = 0) {
  KeyInfo f = Row(name, g, KeyKind::Real, unit, help);
  f.lo = lo, f.hi = hi, f.has_auto = has_auto, f.auto_value = auto_value, f.get_real = get, f.set_real = set;
  return f;
}
template <size_t N>
inline KeyInfo ChoiceField(const char* name, KeyGroup g, const char* const (&names)[N], bool has_auto,
                           int (*get)(const Config&), void (*set)(Config&, int), const char* help) {
  KeyInfo f = Row(name, g, KeyKind::Choice, "", help);
  f.names = names, f.n_names = int(N), f.has_auto = has_auto, f.auto_value = -1, f.get_int = get, f.set_int = set;
  return f;
}
inline KeyInfo IdField(const char* name, KeyGroup g, bool has_auto, const std::string& (*get)(const Config&),
                       void (*set)(Config&, std::string), const char* help) {
  KeyInfo f = Row(name, g, KeyKind::Id, "", help);
  f.has_auto = has_auto, f.get_id = get, f.set_id = set;
  return f;
}
inline KeyInfo TextField(const char* name, KeyGroup g, const std::string& (*get)(const Config&),
                         void (*set)(Config&, std::string), bool (*check)(std::string_view), const char* accepts,
                         const char* help) {
  KeyInfo f = Row(name, g, KeyKind::Text, "", help);
  f.get_id = get, f.set_id = set, f.check = check, f.accepts = accepts;
  return f;
}

inline constexpr const char* kZeroOne[] = {"0", "1"};
inline constexpr const char* kOnOffLabels[] = {"off", "on"};
inline constexpr const char* kRlAsyncModes[] = {"0", "1", "2"};
inline constexpr const char* kRlAsyncLabels[] = {"on-policy", "one-step-off", "streaming"};
inline constexpr const char* kRlGenPrecNames[] = {"bf16", "fp8"};
inline constexpr const char* kRlGenPrecLabels[] = {"bf16 (16-bit weights)", "fp8 (block-scaled weights)"};
inline constexpr const char* kModelCodeLabels[] = {"Megatron-Core (Transformer Engine)",
                                                   "Transformers (Hugging Face)",
                                                   "torchtitan's model",
                                                   "torchtune's model",
                                                   "Unsloth's model",
                                                   "Qwen (v1) remote code"};
inline constexpr const char* kZeroStages[] = {"0", "1", "2", "3"};
inline constexpr const char* kZeroLabels[] = {"0 (none)", "1 (optimizer)", "2 (+ gradients)", "3 (+ weights, FSDP)"};
inline constexpr const char* kLoraTargets[] = {"qv", "attn", "all", "dense"};
inline constexpr const char* kLoraTargetLabels[] = {"query and value", "attention", "attention + MLP",
                                                    "attention + shared MLP"};
inline constexpr const char* kLangs[] = {"en", "zh"};
inline constexpr const char* kStartupLoads[] = {"none", "weights", "checkpoint"};
inline constexpr const char* kStartupLoadLabels[] = {"nothing (from scratch)", "the weights",
                                                     "a checkpoint (weights and optimizer)"};
inline constexpr const char* kFp8RecipeLabels[] = {"per tensor", "1x128 / 128x128 blocks (DeepSeek-V3)",
                                                   "MXFP8 (32-element blocks)"};
inline constexpr const char* kLangLabels[] = {"English", "简体中文"};

// One function per part of the table, in link order; Table() (keys.cpp) appends them in turn.
void AddModelKeys(std::vector<KeyInfo>& table);       // keys_model.cpp: link version, model, dimensions
void AddTrainingKeys(std::vector<KeyInfo>& table);    // keys_training.cpp: training setup, hardware
void AddRlKeys(std::vector<KeyInfo>& table);          // keys_rl.cpp: post-training (GRPO, PPO, DPO)
void AddLayoutKeys(std::vector<KeyInfo>& table);      // keys_layout.cpp: layout, cost, reliability
void AddAssumptionKeys(std::vector<KeyInfo>& table);  // keys_assumptions.cpp: assumptions, calibration, view

}  // namespace tp::key_rows
