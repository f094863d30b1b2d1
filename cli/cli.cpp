// cli.cpp — `trainplan plan|compare|search|catalog|link` (shared/interface.md). Configuration comes from
// KEY=VALUE pairs, --link (a whole URL or a fragment), --config (JSON, as `plan --format json` prints)
// and --hf-config (a Hugging Face config.json), applied in the order given so later ones win. Output is
// an aligned text table, JSON, CSV or Markdown. Bad input exits 2 with one line on stderr naming the
// key. The help text (cli_help.cpp) and the catalog tables (cli_catalog.cpp) live in their own files.
#include "cli.h"
#include "cli_parts.h"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "calibrate.h"
#include "catalog.h"
#include "config.h"
#include "explain.h"
#include "json.h"
#include "launch.h"
#include "planner.h"
#include "report.h"
#include "resolve.h"
#include "scenario.h"
#include "search_config.h"
#include "text.h"

// GCC 12 reports -Wrestrict falsely for `"literal" + std::string&&` once inlined (GCC bug 105329);
// it is not a real overlap, and -Werror would turn the noise into a broken build.
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ == 12
#pragma GCC diagnostic ignored "-Wrestrict"
#endif

namespace tp {
namespace {

constexpr int kOk = 0;
constexpr int kBadInput = 2;
constexpr size_t kMaxFileBytes = 16 * 1024 * 1024;  // a config.json is a few KB; refuse pasted binaries

struct Failure {
  std::string line;  // one line, no trailing newline
};

// ---- argument parsing -----------------------------------------------------------------------------
struct Options {
  std::string command;
  std::vector<std::pair<std::string, std::string>> sources;  // ("pair"|"link"|"config"|"hf", text) in order
  Format format = Format::Text;
  Objective objective = Objective::Time;
  int top = 10;
  bool objective_given = false, top_given = false;  // else a page search link's own (search_by, 20 rows)
  std::vector<std::string> gpu_types;
  std::vector<int> gpu_counts;
  std::vector<std::string> positional;  // catalog's kind
  std::string log_path;       // --log: a training log whose figures become measured_tokens_per_s_per_gpu / _peak_gib
  std::string to;             // export --to FORMAT (core/launch)
  std::string import_format;  // --import-format: the format of every --import (else detected)
  std::string out_path;       // export -o FILE
  bool help = false;
  Lang lang = Lang::En;  // --lang (or a lang= pair): also the words of the error line and the notes
};

// A file named by an option, read whole. Only a regular file is read: a directory is named as one, and a pipe,
// device or socket is refused at once (a FIFO nobody writes to would block forever, /dev/zero never ends).
// Larger than kMaxFileBytes: refused, unless `tail` (a training log, whose last lines hold the latest figures):
// then its last kMaxFileBytes are read, from the first whole line.
bool ReadFile(const std::string& path, std::string& text, Failure& fail, const char* option, Lang lang,
              bool tail = false) {
  std::error_code ec;
  const std::filesystem::file_status st = std::filesystem::status(path, ec);
  if (!ec && std::filesystem::is_directory(st)) {
    fail.line = TrFill(lang, "{0}: \"{1}\" is a directory; expected a file", {option, path});
    return false;
  }
  if (!ec && std::filesystem::exists(st) && !std::filesystem::is_regular_file(st)) {
    fail.line = TrFill(lang, "{0}: \"{1}\" is not a regular file (a pipe, device or socket); save it to a file first",
                       {option, path});
    return false;
  }
  std::ifstream in(path, std::ios::binary);
  if (ec || !in) {
    fail.line = TrFill(lang, "{0}: cannot read \"{1}\"", {option, path});
    return false;
  }
  const uintmax_t size = std::filesystem::file_size(path, ec);
  if (!ec && size > kMaxFileBytes && tail) in.seekg(std::streamoff(size - kMaxFileBytes));
  // Read at most one byte past the limit: a file that grows while read is still bounded.
  text.resize(kMaxFileBytes + 1);
  in.read(text.data(), std::streamsize(text.size()));
  text.resize(size_t(in.gcount()));
  if (text.size() > kMaxFileBytes && !tail) {
    fail.line = TrFill(lang, "{0}: \"{1}\" is larger than 16 MB", {option, path});
    return false;
  }
  if (tail && !ec && size > kMaxFileBytes) {  // the first line read is likely cut: start after it
    const size_t newline = text.find('\n');
    text.erase(0, newline == std::string::npos ? 0 : newline + 1);
    if (text.size() > kMaxFileBytes) text.resize(kMaxFileBytes);
  }
  return true;
}

std::vector<std::string> SplitComma(const std::string& s) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : s) {
    if (c == ',') {
      if (!cur.empty()) out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

bool ParseArgs(const std::vector<std::string>& args, Options& o, Failure& fail) {
  if (args.empty()) {
    o.help = true;
    return true;
  }
  o.command = args[0];
  // The language is known before anything else is read, so that a usage error, and the first error of a
  // source, is in it too.
  for (size_t i = 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--lang" && i + 1 < args.size())
      o.lang = ParseLang(args[i + 1]);
    else if (a.rfind("--lang=", 0) == 0)
      o.lang = ParseLang(a.substr(7));
    else if (a.rfind("lang=", 0) == 0)
      o.lang = ParseLang(a.substr(5));
  }
  const Lang lang = o.lang;
  if (o.command == "--help" || o.command == "-h" || o.command == "help") {
    o.command = args.size() > 1 ? args[1] : "";
    o.help = true;
    return true;
  }
  for (size_t i = 1; i < args.size(); ++i) {
    std::string a = args[i];
    if (a.rfind("--", 0) == 0) {
      std::string name = a, value;
      bool inline_value = false;
      if (size_t eq = a.find('='); eq != std::string::npos) {
        name = a.substr(0, eq), value = a.substr(eq + 1), inline_value = true;
      }
      if (name == "--help") {
        o.help = true;
        continue;
      }
      const char* known[] = {"--link", "--config",    "--hf-config",     "--format", "--objective",
                             "--top",  "--gpu-types", "--gpu-counts",    "--lang",   "--log",
                             "--to",   "--import",    "--import-format", "--output"};
      bool is_known = false;
      for (const char* k : known) is_known |= name == k;
      if (!is_known && inline_value && FindKey(name.substr(2))) {
        o.sources.push_back({"pair", a.substr(2)});  // --gpus=8 reads as gpus=8
        continue;
      }
      if (!is_known) {
        fail.line = TrFill(lang, "unknown option {0}; see `trainplan {1} --help`", {name, o.command});
        return false;
      }
      if (!inline_value) {
        if (i + 1 >= args.size()) {
          fail.line = TrFill(lang, "{0}: needs a value", {name});
          return false;
        }
        value = args[++i];
      }
      if (name == "--log")
        o.log_path = value;
      else if (name == "--to")
        o.to = value;
      else if (name == "--output")
        o.out_path = value;
      else if (name == "--import")
        o.sources.push_back({"import", value});
      else if (name == "--import-format") {
        if (!FindLaunchFormat(value)) {
          fail.line = TrFill(lang, "--import-format: expected one of {0}, got \"{1}\"", {LaunchFormatList(), value});
          return false;
        }
        for (auto& src : o.sources)  // names the format of every --import (given before or after it)
          if (src.first.rfind("import", 0) == 0) src.first = "import:" + value;
        o.import_format = value;
      } else if (name == "--link")
        o.sources.push_back({"link", value});
      else if (name == "--config")
        o.sources.push_back({"config", value});
      else if (name == "--hf-config")
        o.sources.push_back({"hf", value});
      else if (name == "--lang")
        o.sources.push_back({"pair", "lang=" + value});  // text/Markdown words; JSON stays English
      else if (name == "--format") {
        if (value == "text")
          o.format = Format::Text;
        else if (value == "json")
          o.format = Format::Json;
        else if (value == "csv")
          o.format = Format::Csv;
        else if (value == "md" || value == "markdown")
          o.format = Format::Markdown;
        else {
          fail.line = TrFill(lang, "--format: expected text, json, csv or md, got \"{0}\"", {value});
          return false;
        }
      } else if (name == "--objective") {
        o.objective_given = true;
        if (value == "time")
          o.objective = Objective::Time;
        else if (value == "cost")
          o.objective = Objective::Cost;
        else {
          fail.line = TrFill(lang, "--objective: expected time or cost, got \"{0}\"", {value});
          return false;
        }
      } else if (name == "--top") {
        char* end = nullptr;
        long n = std::strtol(value.c_str(), &end, 10);
        if (value.empty() || *end != '\0' || n < 1 || n > 1000) {
          fail.line = TrFill(lang, "--top: expected a whole number 1-1000, got \"{0}\"", {value});
          return false;
        }
        o.top = int(n), o.top_given = true;
      } else if (name == "--gpu-types") {
        o.gpu_types = SplitComma(value);
        if (o.gpu_types.size() > kMaxGpuTypes) {
          fail.line = TrFill(lang, "--gpu-types: at most {0} GPU ids, got {1}",
                             {std::to_string(kMaxGpuTypes), std::to_string(o.gpu_types.size())});
          return false;
        }
        for (std::string& id : o.gpu_types)
          if (const GpuSpec* named = MatchGpuName(id).gpu) {
            id = named->id;  // a name as people type it ("A100 80GB"), as the gpu key reads it
          } else {
            std::string accepted;
            for (const GpuSpec& g : Gpus()) accepted += (accepted.empty() ? "" : ", ") + g.id;
            fail.line = TrFill(lang, "--gpu-types: unknown GPU \"{0}\"; accepted: {1}", {id, accepted});
            return false;
          }
      } else if (name == "--gpu-counts") {
        for (const std::string& part : SplitComma(value)) {
          char* end = nullptr;
          long n = std::strtol(part.c_str(), &end, 10);
          if (*end != '\0' || n < 1 || n > 10000000) {
            fail.line =
                TrFill(lang, "--gpu-counts: expected whole numbers 1-1e7 separated by commas, got \"{0}\"", {part});
            return false;
          }
          o.gpu_counts.push_back(int(n));
        }
        if (o.gpu_counts.size() > kMaxGpuCounts) {
          fail.line = TrFill(lang, "--gpu-counts: at most {0} counts, got {1}",
                             {std::to_string(kMaxGpuCounts), std::to_string(o.gpu_counts.size())});
          return false;
        }
      }
      continue;
    }
    if (a == "-o" && i + 1 < args.size()) {  // export -o FILE
      o.out_path = args[++i];
      continue;
    }
    if (a.rfind('#', 0) == 0 || a.find("://") != std::string::npos) {
      o.sources.push_back({"link", a});  // a pasted share link needs no --link
      continue;
    }
    if (size_t eq = a.find('='); eq != std::string::npos) {
      o.sources.push_back({"pair", a});
      continue;
    }
    o.positional.push_back(a);
  }
  if (!o.import_format.empty())
    for (auto& src : o.sources)
      if (src.first == "import") src.first = "import:" + o.import_format;
  return true;
}

// Applies one configuration source; returns false with the first error as one line. A launch config's pairs
// go in at its place; its global batch (from the gradient accumulation and the GPUs) waits in `pending` for
// the sources after it (`gpus=8` after the file counts), or is applied at once without `pending`.
bool ApplySource(Config& cfg, const std::pair<std::string, std::string>& src, std::vector<ConfigIssue>& notices,
                 Failure& fail, Lang lang, std::vector<LaunchImport>* pending = nullptr) {
  std::vector<ConfigIssue> issues;
  if (src.first.rfind("import", 0) == 0) {
    std::string text;
    if (!ReadFile(src.second, text, fail, "--import", lang)) return false;
    const LaunchFormatInfo* format = src.first.size() > 7 ? FindLaunchFormat(src.first.substr(7)) : nullptr;
    LaunchImport imp = ImportLaunch(text, format ? &format->format : nullptr);
    issues = imp.issues;
    if (imp.ok) {
      if (pending)
        ApplyLaunchPairs(cfg, imp, issues);
      else
        ApplyLaunchImport(cfg, imp, issues);
      notices.push_back({"import",
                         TrFill(lang, "read from {0} ({1}): {2}", {src.second, imp.framework, LaunchPairsText(imp)}),
                         true});
      if (pending) pending->push_back(std::move(imp));
    }
    for (ConfigIssue& i : issues)  // the file first: "train.yaml: lora_rank: line 7: expected ..."
      if (!i.notice) i.key = src.second + ": " + i.key;
  } else if (src.first == "pair") {
    size_t eq = src.second.find('=');
    ApplyPair(cfg, src.second.substr(0, eq), src.second.substr(eq + 1), issues);
  } else if (src.first == "link") {
    ApplyLink(cfg, src.second, issues);
  } else {
    std::string text;
    const char* option = src.first == "config" ? "--config" : "--hf-config";
    if (!ReadFile(src.second, text, fail, option, lang)) return false;
    if (src.first == "config")
      ApplyJson(cfg, text, issues);
    else
      ApplyHfConfig(cfg, text, issues);
    for (ConfigIssue& i : issues)
      if (i.key.empty()) i.key = option;
  }
  for (const ConfigIssue& i : issues) {
    if (!i.notice) {
      fail.line = FormatIssue(i, lang);
      return false;
    }
    notices.push_back(i);
  }
  return true;
}

bool BuildConfig(const Options& o, Config& cfg, std::vector<ConfigIssue>& notices, Failure& fail) {
  std::vector<LaunchImport> imports;
  // The keys a source other than a launch config sets (launch.h kGiven*): an import's notes do not ask for them.
  unsigned given = 0;
  for (const auto& src : o.sources) {
    const int gpus = cfg.gpus, gbs = cfg.gbs;
    const std::string model = cfg.model;
    if (!ApplySource(cfg, src, notices, fail, o.lang, &imports)) return false;
    if (src.first.rfind("import", 0) == 0) continue;
    if (cfg.gpus != gpus) given |= kGivenGpus;
    if (cfg.gbs != gbs) given |= kGivenGbs;
    if (cfg.model != model || src.first == "hf-config") given |= kGivenModel;
  }
  std::vector<ConfigIssue> issues;
  FinishLaunchImports(cfg, imports, issues, given);
  for (const ConfigIssue& i : issues) {
    if (!i.notice) {
      fail.line = FormatIssue(i, o.lang);
      return false;
    }
    notices.push_back(i);
  }
  return true;
}

// Exactly one line whatever the user typed: control bytes (a newline inside an argument) become '?',
// and a pasted megabyte is cut (at a UTF-8 boundary) rather than echoed.
std::string OneLine(const std::string& text) {
  constexpr size_t kMaxLine = 400;
  std::string line;
  for (size_t i = 0; i < text.size(); ++i) {
    unsigned char c = (unsigned char)text[i];
    if (line.size() >= kMaxLine && (c & 0xC0) != 0x80) {
      line += "...";
      break;
    }
    line += (c < 0x20 || c == 0x7F) ? '?' : char(c);
  }
  return line;
}

// First error of a plan as the one stderr line; notices as "note:" lines.
bool FirstError(const std::vector<ConfigIssue>& issues, Failure& fail, Lang lang) {
  size_t errors = 0;
  for (const ConfigIssue& i : issues)
    if (!i.notice && errors++ == 0) fail.line = FormatIssue(i, lang);
  if (errors > 1)  // " (and 2 more)"; Chinese puts no space before its full-width bracket
    fail.line += (lang == Lang::En ? " " : "") + TrFill(lang, "(and {0} more)", {std::to_string(errors - 1)});
  return errors > 0;
}

// "label: text" in the language ("提示：..." in Chinese).
std::string Labeled(Lang lang, const std::string& label, const std::string& text) {
  return TrFill(lang, "{0}: {1}", {label, text});
}
std::string Scenario(Lang lang, size_t n, const std::string& text) {
  return Labeled(lang, TrFill(lang, "scenario {0}", {std::to_string(n + 1)}), text);
}

std::string Notes(const std::vector<ConfigIssue>& issues, Lang lang) {
  std::string s;
  for (const ConfigIssue& i : issues)
    if (i.notice) s += Labeled(lang, Translate(lang, "note"), OneLine(FormatIssue(i, lang))) + "\n";
  return s;
}

// ---- subcommands ----------------------------------------------------------------------------------
int Fail(std::string& err, const Failure& f) {
  err += "trainplan: " + OneLine(f.line) + "\n";
  return kBadInput;
}

// --log FILE: the training log's figures, which the plan takes as the measurement keys where the keys given do
// not already state them (MakePlan with a log, core/planner/planner.h: an iteration time or samples per second
// becomes tokens/s per GPU with the plan's own global batch, sequence and GPU count). The line read is echoed
// as a note.
bool ReadLog(const Options& o, RunLogReading& reading, std::string& err, Failure& fail) {
  std::string text;
  if (!ReadFile(o.log_path, text, fail, "--log", o.lang, /*tail=*/true)) return false;
  reading = ReadRunLog(text);
  if (reading.framework.empty()) {
    fail.line = TrFill(o.lang,
                       "--log: no throughput or memory figure found in \"{0}\" (read: torchtitan, torchtune, "
                       "Megatron-LM / NeMo and Hugging Face Trainer lines)",
                       {o.log_path});
    return false;
  }
  err += Labeled(o.lang, Translate(o.lang, "note"),
                 TrFill(o.lang, "read from the log ({0}): {1}", {reading.framework, OneLine(reading.line)})) +
         "\n";
  return true;
}

// The plan of cfg, calibrated to --log's figures when given.
bool PlanWithLog(const Options& o, const Config& cfg, PlanOutput& plan, std::string& err, Failure& f) {
  RunLogReading reading;
  if (o.log_path.empty()) {
    plan = MakePlan(cfg);
  } else {
    if (!ReadLog(o, reading, err, f)) return false;
    plan = MakePlan(cfg, reading);
  }
  return true;
}

int CmdPlan(const Options& o, std::string& out, std::string& err) {
  Config cfg;
  std::vector<ConfigIssue> notices;
  Failure f;
  if (!o.positional.empty())
    return Fail(err, {TrFill(o.lang, "unexpected argument \"{0}\" (keys are KEY=VALUE)", {o.positional[0]})});
  if (!BuildConfig(o, cfg, notices, f)) return Fail(err, f);
  PlanOutput plan;
  if (!PlanWithLog(o, cfg, plan, err, f)) return Fail(err, f);
  plan.issues.insert(plan.issues.begin(), notices.begin(), notices.end());
  const bool has_error = FirstError(plan.issues, f, o.lang);  // sets the line even when !plan.ok
  if (!plan.ok || has_error) {
    if (f.line.empty()) f.line = Translate(o.lang, "no plan could be made for this configuration");
    return Fail(err, f);
  }
  out += FormatPlan(plan, o.format);
  err += Notes(plan.issues, o.lang);
  return kOk;
}

// The plan's numbers as their formula trees (core/report/explain.h); a positional NAME picks one number.
int CmdExplain(const Options& o, std::string& out, std::string& err) {
  Config cfg;
  std::vector<ConfigIssue> notices;
  Failure f;
  if (o.positional.size() > 1)
    return Fail(err, {TrFill(o.lang, "unexpected argument \"{0}\" (keys are KEY=VALUE)", {o.positional[1]})});
  if (o.format != Format::Text && o.format != Format::Json)
    return Fail(err, {Translate(o.lang, "explain: --format is text or json")});
  if (!BuildConfig(o, cfg, notices, f)) return Fail(err, f);
  PlanOutput plan;
  if (!PlanWithLog(o, cfg, plan, err, f)) return Fail(err, f);
  plan.issues.insert(plan.issues.begin(), notices.begin(), notices.end());
  const bool has_error = FirstError(plan.issues, f, o.lang);
  if (!plan.ok || has_error) {
    if (f.line.empty()) f.line = Translate(o.lang, "no plan could be made for this configuration");
    return Fail(err, f);
  }
  const Explanation ex = ExplainPlan(plan);
  const std::string only = o.positional.empty() ? std::string() : o.positional[0];
  if (!only.empty() && !ex.Find(only)) {
    std::string names;
    for (int root : ex.roots) names += (names.empty() ? "" : ", ") + ex.nodes[root].name;
    return Fail(err,
                {TrFill(o.lang, "explain: no number \"{0}\" in this plan; the headline numbers: {1}", {only, names})});
  }
  if (o.format == Format::Json) {
    out += ExplanationToJson(ex, only);
  } else {
    out += ExplanationToText(ex, o.lang, only);
  }
  err += Notes(plan.issues, o.lang);
  return kOk;
}

// The configurations to compare. Several --link / --config sources: one scenario each, the KEY=VALUE pairs
// applied to every one (after its own source). One source that is a page's compare link (view=compare, or
// a cmp key): its columns, as the page shows them (core/config/scenario.h CompareColumns), the pairs applied to
// the base first.
bool CompareConfigs(const Options& o, std::vector<Config>& configs, std::vector<std::vector<ConfigIssue>>& notes,
                    Failure& f) {
  std::vector<std::pair<std::string, std::string>> shared;
  std::vector<const std::pair<std::string, std::string>*> scenarios;
  for (const auto& src : o.sources) {
    if (src.first == "link" || src.first == "config")
      scenarios.push_back(&src);
    else
      shared.push_back(src);
  }
  // No link, but a cmp key among the pairs (trainplan compare 'cmp=gpu:h100;gpu:a100-80g' model=...): the page's
  // compare view of those pairs, as the same keys in a link give it.
  static const std::pair<std::string, std::string> kPairsAlone{"link", "#v=1"};
  if (scenarios.empty())
    for (const auto& src : shared)
      if (src.first == "pair" && (src.second.rfind("cmp=", 0) == 0 || src.second == "view=compare")) {
        scenarios.push_back(&kPairsAlone);
        break;
      }
  if (scenarios.empty()) {
    f.line = Translate(o.lang, "compare needs at least one --link or --config scenario");
    return false;
  }
  for (size_t n = 0; n < scenarios.size(); ++n) {
    Config cfg;
    std::vector<ConfigIssue> notices;
    if (!ApplySource(cfg, *scenarios[n], notices, f, o.lang)) {
      f.line = Scenario(o.lang, n, f.line);
      return false;
    }
    for (const auto& src : shared)
      if (!ApplySource(cfg, src, notices, f, o.lang)) return false;
    if (scenarios.size() == 1 && (cfg.view == 1 || !cfg.cmp.empty())) {
      std::vector<ConfigIssue> column_issues;
      // A measurement belongs to the link's own configuration: its plan fits the factors, the columns
      // carry them (as the page's do), never fitting them again to another configuration.
      Config calibrated = cfg;
      if (HasMeasurement(cfg)) calibrated = MakePlan(cfg).config;
      for (Config& column : CompareColumns(cfg, &column_issues)) {
        CarryCalibration(calibrated, column);
        configs.push_back(std::move(column));
        notes.push_back(notices);
      }
      for (const ConfigIssue& i : column_issues)
        if (!i.notice) {
          f.line = FormatIssue(i, o.lang);
          return false;
        }
      return true;
    }
    configs.push_back(std::move(cfg));
    notes.push_back(std::move(notices));
  }
  return true;
}

int CmdCompare(const Options& o, std::string& out, std::string& err) {
  Failure f;
  if (!o.positional.empty()) return Fail(err, {TrFill(o.lang, "unexpected argument \"{0}\"", {o.positional[0]})});
  std::vector<Config> configs;
  std::vector<std::vector<ConfigIssue>> notices;
  if (!CompareConfigs(o, configs, notices, f)) return Fail(err, f);
  std::vector<PlanOutput> plans;
  std::string notes;
  for (size_t n = 0; n < configs.size(); ++n) {
    PlanOutput plan = MakePlan(configs[n]);
    plan.issues.insert(plan.issues.begin(), notices[n].begin(), notices[n].end());
    const bool has_error = FirstError(plan.issues, f, o.lang);  // sets the line even when !plan.ok
    if (!plan.ok || has_error) {
      if (f.line.empty()) f.line = Translate(o.lang, "no plan could be made");
      return Fail(err, {Scenario(o.lang, n, f.line)});
    }
    for (const ConfigIssue& i : plan.issues)
      if (i.notice)
        notes +=
            Labeled(o.lang, Translate(o.lang, "note"), Scenario(o.lang, n, OneLine(FormatIssue(i, o.lang)))) + "\n";
    plans.push_back(std::move(plan));
  }
  out += FormatComparison(plans, o.format);
  err += notes;
  return kOk;
}

int CmdSearch(const Options& o, std::string& out, std::string& err) {
  Config cfg;
  std::vector<ConfigIssue> notices;
  Failure f;
  if (!o.positional.empty())
    return Fail(err, {TrFill(o.lang, "unexpected argument \"{0}\" (keys are KEY=VALUE)", {o.positional[0]})});
  if (!BuildConfig(o, cfg, notices, f)) return Fail(err, f);
  PlanOutput base;
  base.config = cfg;
  base.issues = notices;
  base.job = ResolveJob(cfg, base.issues);
  if (FirstError(base.issues, f, o.lang)) return Fail(err, f);
  base.ok = true;
  // A measurement in the link: the layouts are searched with the factors its own plan fitted (as the page's
  // Search view does), not with none; that plan's calibrated job is the search's own variant.
  if (HasMeasurement(cfg)) {
    PlanOutput fitted = MakePlan(cfg);
    CarryCalibration(fitted.config, cfg);
    if (fitted.ok) base.job = std::move(fitted.job);
  }
  // A page search link (view=search) searches what the page's Search view searched: every GPU type (or the plan's,
  // search_gpus=this), 20 rows, in its order (search_by); options given on the command line win.
  const bool page_search = cfg.view == 2;
  SearchOptions options = page_search ? PageSearchOptions(cfg) : SearchOptions{};
  if (!page_search || o.objective_given) options.objective = o.objective;
  if (!page_search || o.top_given) options.top = o.top;
  if (!page_search || !o.gpu_types.empty()) options.gpu_types = o.gpu_types;
  options.gpu_counts = o.gpu_counts;
  options.rl_pools = !page_search;  // an RL goal: colocated or split pools, the rollout's TP (the page's view: off)
  SearchResult result = SearchLayouts(cfg, options, &base.job);  // the job resolved above is cfg's own variant
  // No valid layout at all: the keys given fix one the layout rules refuse (tp=3 on 8 GPUs). The plan of the same
  // keys says which rule, by name, and the search exits as plan does.
  if (result.evaluated == 0 && !result.too_large) {
    const PlanOutput refused = MakePlan(cfg);
    if (!refused.ok && FirstError(refused.issues, f, o.lang)) return Fail(err, f);
  }
  out += FormatSearch(base, result, o.format, options.objective);
  err += Notes(base.issues, o.lang);
  return kOk;
}

// `export --to FORMAT`: the plan, made for what the framework can run (core/launch LaunchPlan), as its
// config; -o writes the file, else stdout. What the format drops or rewrites is a note on stderr; a plan it
// cannot express exits 2 with the reason.
int CmdExport(const Options& o, std::string& out, std::string& err) {
  Config cfg;
  std::vector<ConfigIssue> notices;
  Failure f;
  const LaunchFormatInfo* format = FindLaunchFormat(o.to);
  if (!format)
    return Fail(err, {TrFill(o.lang, "export: --to expects one of {0}, got \"{1}\"", {LaunchFormatList(), o.to})});
  if (!o.positional.empty())
    return Fail(err, {TrFill(o.lang, "unexpected argument \"{0}\" (keys are KEY=VALUE)", {o.positional[0]})});
  if (!BuildConfig(o, cfg, notices, f)) return Fail(err, f);
  PlanOutput plan = LaunchPlan(cfg, format->format);
  plan.issues.insert(plan.issues.begin(), notices.begin(), notices.end());
  if (FirstError(plan.issues, f, o.lang) || !plan.ok) {
    if (f.line.empty()) f.line = Translate(o.lang, "no plan could be made for this configuration");
    return Fail(err, f);
  }
  // The header's link: the page's address when the configuration came as one, with the resolved plan's keys.
  std::string base;
  for (const auto& [kind, text] : o.sources)
    if (kind == "link" && text.find("://") != std::string::npos) base = text.substr(0, text.find('#'));
  const LaunchExport ex = ExportLaunch(plan, format->format, base + FormatLink(plan.config));
  if (FirstError(ex.issues, f, o.lang) || !ex.ok) return Fail(err, f);
  if (!o.out_path.empty()) {
    std::ofstream file(o.out_path, std::ios::binary);
    file << ex.text;
    if (!file.good()) return Fail(err, {TrFill(o.lang, "-o: cannot write \"{0}\"", {o.out_path})});
  } else {
    out += ex.text;
  }
  err += Notes(plan.issues, o.lang) + Notes(ex.issues, o.lang);
  return kOk;
}

int CmdCatalog(const Options& o, std::string& out, std::string& err) {
  for (const auto& [kind, text] : o.sources)  // --lang is the only key the catalog reads
    if (!(kind == "pair" && text.rfind("lang=", 0) == 0))
      return Fail(err, {Translate(o.lang, "catalog takes no configuration keys")});
  if (o.positional.size() != 1)
    return Fail(err, {Translate(o.lang, "catalog: expected gpus, models, links or stacks")});
  const std::string& kind = o.positional[0];
  if (!cli::CatalogTable(kind, o.format, out))
    return Fail(err, {TrFill(o.lang, "catalog: expected gpus, models, links or stacks, got \"{0}\"", {kind})});
  return kOk;
}

int CmdLink(const Options& o, std::string& out, std::string& err) {
  Config cfg;
  std::vector<ConfigIssue> notices;
  Failure f;
  if (!o.positional.empty())
    return Fail(err, {TrFill(o.lang, "unexpected argument \"{0}\" (keys are KEY=VALUE)", {o.positional[0]})});
  if (!BuildConfig(o, cfg, notices, f)) return Fail(err, f);
  out += FormatLink(cfg) + "\n";
  err += Notes(notices, o.lang);
  return kOk;
}

int RunCommand(const std::vector<std::string>& args, std::string& out, std::string& err) {
  Options o;
  Failure f;
  if (!ParseArgs(args, o, f)) return Fail(err, f);
  const bool known = o.command == "plan" || o.command == "compare" || o.command == "search" || o.command == "catalog" ||
                     o.command == "link" || o.command == "explain" || o.command == "export";
  if (o.help) {
    out += cli::Help(known ? o.command : "");
    return kOk;
  }
  if (o.command == "--version" || o.command == "version") {
    out += "trainplan 0.1.0\n";
    return kOk;
  }
  if (!known)
    return Fail(
        err,
        {TrFill(o.lang, "unknown command \"{0}\"; expected plan, explain, compare, search, catalog, link or export",
                {o.command})});
  if (o.command == "plan") return CmdPlan(o, out, err);
  if (o.command == "explain") return CmdExplain(o, out, err);
  if (o.command == "compare") return CmdCompare(o, out, err);
  if (o.command == "search") return CmdSearch(o, out, err);
  if (o.command == "catalog") return CmdCatalog(o, out, err);
  if (o.command == "export") return CmdExport(o, out, err);
  return CmdLink(o, out, err);
}

}  // namespace

int RunCli(const std::vector<std::string>& args, std::string& out, std::string& err) {
  const size_t out_from = out.size(), err_from = err.size();
  const int status = RunCommand(args, out, err);
  // Whatever a message echoes (a key, a file name, a value, an unmapped key of an imported file) may hold bytes
  // that start no UTF-8 character; what the command line writes is valid UTF-8 all the same, so a terminal, a
  // Python str (the module decodes it) and a page's text take it (issue #34). Each such byte becomes U+FFFD.
  for (auto [text, from] : {std::pair<std::string*, size_t>{&out, out_from}, {&err, err_from}})
    if (!ValidUtf8(std::string_view(*text).substr(from)))
      text->replace(from, std::string::npos, ValidUtf8Or(std::string_view(*text).substr(from)));
  return status;
}

}  // namespace tp
