// config.cpp — parsing and printing driven by the key table (core/config/keys.cpp): key=value pairs from argv,
// share links and JSON files, and the share link. Parsing never throws and never trusts its input: every value is
// range-checked, NaN, infinity and absurd sizes are rejected with a message naming the key, and link parsing does
// bounded work however long the input is.
#include "config.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "catalog.h"
#include "hf_ids.h"
#include "json.h"
#include "key_rows.h"
#include "presets.h"
#include "scenario.h"
#include "text.h"

namespace tp {
namespace {

// ---- limits ---------------------------------------------------------------------------------------
// A real share link is well under 2 KB; these bounds keep hostile input (megabytes of '&', a pasted
// binary) from costing more than a few microseconds, and the issue list from flooding the page.
constexpr size_t kMaxLinkBytes = 64 * 1024;
constexpr int kMaxPairs = 512;
constexpr size_t kMaxIssues = 32;
constexpr size_t kMaxValueBytes = 400;  // a 100-character name of 4-byte characters fits (ValidModelName)
constexpr size_t kMaxIdBytes = 64;

bool ValidId(std::string_view s) {
  if (s.empty() || s.size() > kMaxIdBytes) return false;
  for (unsigned char c : s)
    if (!(std::islower(c) || std::isdigit(c) || c == '.' || c == '-' || c == '_')) return false;
  return true;
}

void AddIssue(std::vector<ConfigIssue>& issues, std::string key, IssueWords words, std::vector<IssueArg> args = {},
              bool notice = false) {
  if (issues.size() > kMaxIssues) return;
  if (issues.size() == kMaxIssues) {
    issues.push_back(MakeIssue("", "more problems not shown"_issue, {}, true));
    return;
  }
  issues.push_back(MakeIssue(std::move(key), words, std::move(args), notice));
}

bool Reject(const KeyInfo& f, std::string_view value, std::vector<ConfigIssue>& issues) {
  AddIssue(issues, f.name, "expected {0}, got {1}"_issue, {Words(f.accepts), Quote(value)});
  return false;
}

}  // namespace

namespace {

// Ids in a refusal's list of what was meant: "a100-40g, a100-80g".
std::string IdsList(const std::vector<std::string>& ids) {
  std::string out;
  for (const std::string& id : ids) out += (out.empty() ? "" : ", ") + id;
  return out;
}

// A choice as people spell it, in the table's words: separators dropped where the table's word has none
// ("fine-tune", "pre_train", "ZeRO-3"), and the field's synonyms.
std::string ChoiceWord(const KeyInfo& f, std::string word) {
  // Booleans from JSON and people: true/false, yes/no, on/off for the 0/1 switches.
  if (f.n_names == 2 && std::string_view(f.names[0]) == "0" && std::string_view(f.names[1]) == "1") {
    if (word == "true" || word == "yes" || word == "on") return "1";
    if (word == "false" || word == "no" || word == "off") return "0";
  }
  for (int i = 0; i < f.n_names; ++i)
    if (word == f.names[i]) return word;
  std::string joined;  // a separator counts only between two letters or digits: "-3" stays a negative number
  for (size_t i = 0; i < word.size(); ++i) {
    const bool separator = word[i] == '-' || word[i] == '_' || word[i] == ' ';
    if (!separator || i == 0 || i + 1 == word.size() || !std::isalnum(static_cast<unsigned char>(word[i - 1])) ||
        !std::isalnum(static_cast<unsigned char>(word[i + 1])))
      joined += word[i];
  }
  if (f.names == kMlpNames && (joined == "silu" || joined == "swish")) return "swiglu";
  if (f.names == kGoalNames) {
    // DAPO and RLOO are GRPO's variants: group-relative advantages, no critic, the same step (rl.h).
    if (joined == "dapo" || joined == "rloo") return "grpo";
    // Supervised fine-tuning as the field says it (TRL's SFTTrainer, "SFT" in every RL recipe).
    if (joined == "sft" || joined == "finetuning" || joined == "supervisedfinetuning") return "finetune";
    if (joined == "pretraining") return "pretrain";
  }
  // "ZeRO-3", "zero3": DeepSpeed's name for the stage.
  if (f.names == key_rows::kZeroStages && joined.size() == 5 && joined.rfind("zero", 0) == 0) return joined.substr(4);
  return joined;
}

// A GPU typed by its name rather than its id ("A100 80GB", "RTX 4090"): the catalog GPU it names, said in a
// notice so the id the link keeps is seen; a name that could be several GPUs is refused naming them.
bool ApplyGpuName(Config& cfg, const KeyInfo& f, std::string_view value, std::vector<ConfigIssue>& issues) {
  const GpuNameMatch match = MatchGpuName(value);
  if (match.gpu) {
    f.set_id(cfg, match.gpu->id);
    AddIssue(issues, f.name, "{0} is planned as {1} ({2})"_issue, {Quote(value), match.gpu->id, match.gpu->name}, true);
    return true;
  }
  if (match.candidates.size() > 1) {
    AddIssue(issues, f.name, "{0} names more than one GPU; give one of: {1}"_issue,
             {Quote(value), IdsList(match.candidates)});
    return false;
  }
  const std::string lower = Lower(value);
  if (!ValidId(lower)) return Reject(f, value, issues);
  f.set_id(cfg, lower);  // an unknown id: resolving the job names the GPUs it accepts
  return true;
}

}  // namespace

// ---- public: parsing ------------------------------------------------------------------------------
bool ApplyPair(Config& cfg, std::string_view key_in, std::string_view value_in, std::vector<ConfigIssue>& issues) {
  const std::string key = NormalKey(key_in);
  const KeyInfo* f = FindKey(key);
  if (!f) {
    std::string shown = Quote(Trim(key_in));  // as typed
    AddIssue(issues, shown.substr(1, shown.size() - 2), "unknown key (see `trainplan plan --help` for the keys)"_issue);
    return false;
  }
  std::string_view value = Trim(value_in);
  if (value.size() > kMaxValueBytes) return Reject(*f, value, issues);
  std::string lower = Lower(value);

  if (f->has_auto && (lower == "auto" || (f->kind == KeyKind::Id && lower.empty()))) {
    switch (f->kind) {
      case KeyKind::Int:
      case KeyKind::Choice: f->set_int(cfg, int(f->auto_value)); break;
      case KeyKind::Real: f->set_real(cfg, f->auto_value); break;
      case KeyKind::Id:
      case KeyKind::Text: f->set_id(cfg, std::string()); break;
    }
    return true;
  }

  switch (f->kind) {
    case KeyKind::Int: {
      double x = 0;
      const bool parsed = f->token_count ? ParseTokenCount(lower, x) : ParseNumber(lower, x);
      if (!parsed || x != std::floor(x)) return Reject(*f, value, issues);
      // The sentinel's number is accepted only where it is itself a valid value (zero=0 is "no ZeRO";
      // layers=0 or gpus_per_node=0 would be "auto" in disguise: refused, naming the range and auto).
      if (key == "v") {
        // This reader speaks version 1 only: a link of another version is refused, not half-read.
        if (x != 1) {
          AddIssue(issues, "v", "link format {0} is not one this planner reads; accepted: 1"_issue, {Quote(value)});
          return false;
        }
        return true;
      }
      if (x < f->lo || x > f->hi) return Reject(*f, value, issues);
      f->set_int(cfg, int(x));
      return true;
    }
    case KeyKind::Real: {
      double x = 0;
      // A price in dollars as written ("$2.50"): the usd_ keys' unit is the dollar already.
      const std::string_view number =
          key.rfind("usd_", 0) == 0 && lower.size() > 1 && lower[0] == '$' ? std::string_view(lower).substr(1) : lower;
      if (!(f->token_count ? ParseTokenCount(number, x) : ParseNumber(number, x))) return Reject(*f, value, issues);
      // 0 is "auto" in disguise where the range starts above it: refused like any out-of-range value.
      if (x < f->lo || x > f->hi) return Reject(*f, value, issues);
      f->set_real(cfg, x);
      return true;
    }
    case KeyKind::Choice: {
      const std::string word = ChoiceWord(*f, lower);
      for (int i = 0; i < f->n_names; ++i) {
        if (word == f->names[i]) {
          f->set_int(cfg, i);
          return true;
        }
      }
      return Reject(*f, value, issues);
    }
    case KeyKind::Id: {
      // A Hugging Face repository id for the model: its preset, or a variant's of the same architecture (said).
      if (std::string_view(f->name) == "model" && value.find('/') != std::string_view::npos &&
          value.size() <= kMaxValueBytes) {
        if (const char* preset = PresetOfHfId(value)) {
          f->set_id(cfg, preset);
          return true;
        }
        if (const char* preset = PresetOfHfVariant(value)) {
          f->set_id(cfg, preset);
          AddIssue(issues, "model", "{0} is planned as the preset {1} (a variant of the same architecture)"_issue,
                   {Quote(std::string(value)), preset}, true);
          return true;
        }
        // An id no preset is known for: its config.json gives the dimensions (the CLI's --hf-config, the page's
        // import). Text of another shape (a path) is an unknown id like any other.
        if (!LooksLikeHfId(value)) return Reject(*f, value, issues);
        AddIssue(issues, "model",
                 "{0} is a Hugging Face id no preset is known for: import its config.json "
                 "(trainplan --hf-config FILE, or the page's config.json import), or give model=custom with its "
                 "dimensions"_issue,
                 {Quote(std::string(value))});
        return false;
      }
      const std::string_view name = f->name;
      // A model by its name as people write it ("Llama 3 8B", "Qwen2.5-7B-Instruct"): its preset, said.
      if (name == "model" && lower != "custom" && !FindModel(lower)) {
        if (const char* preset = PresetOfModelName(value)) {
          f->set_id(cfg, preset);
          AddIssue(issues, "model", "{0} is planned as the preset {1}"_issue, {Quote(std::string(value)), preset},
                   true);
          return true;
        }
        // The start of a preset's name ("Llama 3", "Qwen3 30B"): refused, naming the presets it could be.
        if (const std::vector<std::string> like = PresetsNamedLike(value); !like.empty()) {
          AddIssue(issues, "model", "{0} is not one model preset; give one of: {1}"_issue,
                   {Quote(std::string(value)), IdsList(like)});
          return false;
        }
      }
      if ((name == "gpu" || name == "calib_gpu") && !FindGpu(lower)) return ApplyGpuName(cfg, *f, value, issues);
      if (!ValidId(lower)) return Reject(*f, value, issues);
      f->set_id(cfg, lower);
      return true;
    }
    case KeyKind::Text: {
      // Empty is the key's default (what FormatValue prints for it, so the JSON of every key reads back).
      if (!value.empty() && !f->check(value)) return Reject(*f, value, issues);
      f->set_id(cfg, std::string(value));
      return true;
    }
  }
  return false;
}

void ApplyLink(Config& cfg, std::string_view link, std::vector<ConfigIssue>& issues) {
  const Config before = cfg;  // a link of another format version is refused whole
  // Whole URL -> its fragment (or, without one, its query string); "#..." -> after '#'.
  if (size_t hash = link.find('#'); hash != std::string_view::npos) {
    link.remove_prefix(hash + 1);
  } else if (size_t scheme = link.find("://"); scheme != std::string_view::npos) {
    size_t q = link.find('?');
    link = q == std::string_view::npos ? std::string_view() : link.substr(q + 1);
  } else if (!link.empty() && link.front() == '?') {
    link.remove_prefix(1);
  }
  if (link.size() > kMaxLinkBytes) {
    AddIssue(issues, "", "link longer than {0} KiB; the rest is ignored"_issue, {std::to_string(kMaxLinkBytes / 1024)},
             true);
    link = link.substr(0, kMaxLinkBytes);
  }
  int pairs = 0;
  while (!link.empty()) {
    size_t amp = link.find('&');  // only '&': ';' separates the compare key's scenarios
    std::string_view pair = link.substr(0, amp);
    link = amp == std::string_view::npos ? std::string_view() : link.substr(amp + 1);
    if (Trim(pair).empty()) continue;
    if (++pairs > kMaxPairs) {
      AddIssue(issues, "", "more than {0} keys in the link; the rest is ignored"_issue, {std::to_string(kMaxPairs)},
               true);
      break;
    }
    size_t eq = pair.find('=');
    std::string key = PercentDecode(pair.substr(0, eq));
    if (eq == std::string_view::npos) {
      AddIssue(issues, FindKey(Lower(Trim(key))) ? Lower(Trim(key)) : "", "no value after {0} (ignored)"_issue,
               {Quote(key)}, true);
      continue;
    }
    std::string value = PercentDecode(pair.substr(eq + 1));
    const std::string normal = NormalKey(key);
    if (!FindKey(normal)) {
      // Keys from a newer planner or a typo: say so, keep going.
      AddIssue(issues, "", "unknown key {0} in the link (ignored)"_issue, {Quote(key)}, true);
      continue;
    }
    if (!ApplyPair(cfg, key, value, issues) && normal == "v") {
      cfg = before;
      return;
    }
  }
}

namespace {
// One JSON member as a key=value pair: numbers via FormatNumber (exact), booleans as 0/1, null = auto.
void ApplyJsonMember(Config& cfg, const std::string& key, const JsonValue& v, std::vector<ConfigIssue>& issues) {
  switch (v.type) {
    case JsonValue::Type::Number: ApplyPair(cfg, key, FormatNumber(v.number), issues); break;
    case JsonValue::Type::String: ApplyPair(cfg, key, v.string, issues); break;
    case JsonValue::Type::Bool: ApplyPair(cfg, key, v.boolean ? "1" : "0", issues); break;
    case JsonValue::Type::Null: ApplyPair(cfg, key, "auto", issues); break;
    default: {
      std::string shown = Quote(key);  // a JSON key can hold anything: bounded, no control bytes
      AddIssue(issues, shown.substr(1, shown.size() - 2),
               "expected a number or a string, got a JSON array or object"_issue);
      break;
    }
  }
}
}  // namespace

void ApplyJson(Config& cfg, std::string_view json_text, std::vector<ConfigIssue>& issues) {
  JsonParseResult parsed = ParseJson(json_text);
  if (!parsed.ok) {
    AddIssue(issues, "", "not valid JSON: {0} at byte {1}"_issue, {Words(parsed.reason), std::to_string(parsed.at)});
    return;
  }
  const JsonValue* root = &parsed.value;
  // A whole `plan --format json` output: take its "config".
  if (const JsonValue* inner = root->Find("config"); inner && inner->IsObject()) root = inner;
  if (!root->IsObject()) {
    AddIssue(issues, "", "expected a JSON object of configuration keys"_issue);
    return;
  }
  for (const auto& [key, value] : root->object) ApplyJsonMember(cfg, key, value, issues);
}

void SelectGpu(Config& cfg, const std::string& gpu_id) {
  if (cfg.gpu == gpu_id) return;
  cfg.gpu = gpu_id;
  cfg.intra.clear(), cfg.inter.clear();
  cfg.gpus_per_node = kUnset;
  cfg.usd_per_gpu_hour = 0, cfg.usd_per_gpu = 0;
}

void SelectModel(Config& cfg, const std::string& model_id_in) {
  static const Config defaults;
  const std::string model_id = model_id_in;  // a copy: SelectModel(c, c.model) resets c.model below
  for (const KeyInfo& k : Keys())
    if (IsModelGroup(k.group)) CopyKey(cfg, defaults, k.name);
  cfg.model = model_id;
}

bool ModelEdited(const Config& cfg) {
  for (const KeyInfo& k : Keys()) {
    if (!IsModelGroup(k.group) || std::string_view(k.name) == "model" || std::string_view(k.name) == "name") continue;
    if (!IsDefault(cfg, k.name)) return true;
  }
  return false;
}

bool ValidModelName(std::string_view name) {
  // 100 characters as the help says (34 Chinese characters are 102 bytes), of well-formed UTF-8: the name is
  // written into every JSON output, which must stay valid UTF-8.
  if (!ValidUtf8(name) || Utf8Length(name) > 100) return false;
  for (unsigned char c : name)
    if (c < 0x20 || c == 0x7f) return false;
  return true;
}

// ---- public: printing -----------------------------------------------------------------------------
std::string FormatValue(const Config& cfg, std::string_view key) {
  const KeyInfo* f = FindKey(key);
  if (!f) return {};
  switch (f->kind) {
    case KeyKind::Int: {
      int v = f->get_int(cfg);
      if (f->has_auto && v == int(f->auto_value)) return "auto";
      return std::to_string(v);
    }
    case KeyKind::Real: {
      double v = f->get_real(cfg);
      if (f->has_auto && v == f->auto_value) return "auto";
      return CompactNumber(v);
    }
    case KeyKind::Choice: {
      int v = f->get_int(cfg);
      if (f->has_auto && v < 0) return "auto";
      if (v < 0 || v >= f->n_names) return "auto";
      return f->names[v];
    }
    case KeyKind::Id:
    case KeyKind::Text: {
      const std::string& v = f->get_id(cfg);
      return v.empty() && f->has_auto ? "auto" : v;
    }
  }
  return {};
}

std::string FormatLink(const Config& cfg) {
  static const Config defaults;
  std::string out = "#v=1";
  for (const KeyInfo& f : Keys()) {
    if (f.group == KeyGroup::Link) continue;
    std::string value = FormatValue(cfg, f.name);
    if (value == FormatValue(defaults, f.name)) continue;
    out += '&';
    out += f.name;
    out += '=';
    out += PercentEncode(value);
  }
  return out;
}

}  // namespace tp
