// search_share.cpp — a split layout search's requests and answers as text (search_share.h). Line based,
// one "key value" per line; an answer's hits name their layout, and the reader evaluates it again
// (Evaluate is deterministic: the same engine gives the same plan on the worker and on the reader).
#include "search_share.h"

#include <cstdio>
#include <cstdlib>
#include <sstream>

#include "plan.h"

namespace tp {
namespace {

constexpr const char* kRequestHeader = "trainplan-search-request 1";
constexpr const char* kShareHeader = "trainplan-search-share 1";

std::string JoinInts(const std::vector<int>& v) {
  std::string s;
  for (int x : v) {
    if (!s.empty()) s += ',';
    s += std::to_string(x);
  }
  return s;
}

std::vector<std::string> Split(const std::string& s) {
  std::vector<std::string> out;
  std::string item;
  std::istringstream in(s);
  while (std::getline(in, item, ','))
    if (!item.empty()) out.push_back(item);
  return out;
}

bool ParseInts(const std::string& s, std::vector<int>& out) {
  out.clear();
  for (const std::string& item : Split(s)) {
    char* end = nullptr;
    const long v = std::strtol(item.c_str(), &end, 10);
    if (!end || *end) return false;
    out.push_back(int(v));
  }
  return true;
}

void WriteHit(std::string& s, char list, const SearchHit& h) {
  const Layout& l = h.plan.layout;
  char buf[200];
  std::snprintf(buf, sizeof buf, "hit %c %d %llu %d %d %d %d %d %d %d %d %d %d %d %d\n", list, h.variant,
                (unsigned long long)h.order, l.tp, l.pp, l.vp, l.cp, l.ep, l.dp, l.mbs, l.zero, int(l.recompute),
                int(l.offload), l.sp ? 1 : 0, int(l.schedule));
  s += buf;
}

}  // namespace

SearchResult SearchVariants(const Config& cfg, const SearchOptions& options) {
  SearchOptions none = options;
  none.variants = {-1};  // no variant has this index: the variants are built, nothing is searched
  SearchResult r = SearchLayouts(cfg, none);
  SearchResult out;
  out.jobs = std::move(r.jobs);
  out.gpu_ids = std::move(r.gpu_ids);
  out.too_large = r.too_large;
  return out;
}

std::string FormatSearchRequest(const Config& cfg, const SearchOptions& o) {
  std::string s = std::string(kRequestHeader) + "\n";
  s += "link " + FormatLink(cfg) + "\n";
  s += std::string("objective ") + Name(o.objective) + "\n";
  s += "top " + std::to_string(o.top) + "\n";
  s += std::string("both ") + (o.both_objectives ? "1" : "0") + "\n";
  s += std::string("exhaustive ") + (o.exhaustive ? "1" : "0") + "\n";
  s += std::string("toponly ") + (o.top_only ? "1" : "0") + "\n";
  s += std::string("fastest ") + (o.fastest_each ? "1" : "0") + "\n";
  std::string types;
  for (const std::string& id : o.gpu_types) {
    if (!types.empty()) types += ',';
    types += id;
  }
  s += "types " + types + "\n";
  s += "counts " + JoinInts(o.gpu_counts) + "\n";
  s += "variants " + JoinInts(o.variants) + "\n";
  return s;
}

bool ParseSearchRequest(const std::string& text, Config& cfg, SearchOptions& o) {
  std::istringstream in(text);
  std::string line;
  if (!std::getline(in, line) || line != kRequestHeader) return false;
  cfg = Config{};
  o = SearchOptions{};
  bool has_link = false;
  while (std::getline(in, line)) {
    const size_t sp = line.find(' ');
    const std::string key = line.substr(0, sp), value = sp == std::string::npos ? "" : line.substr(sp + 1);
    if (key == "link") {
      std::vector<ConfigIssue> issues;
      ApplyLink(cfg, value, issues);
      has_link = true;
    } else if (key == "objective") {
      if (value != "time" && value != "cost") return false;
      o.objective = value == "cost" ? Objective::Cost : Objective::Time;
    } else if (key == "top") {
      o.top = std::atoi(value.c_str());
    } else if (key == "both") {
      o.both_objectives = value == "1";
    } else if (key == "exhaustive") {
      o.exhaustive = value == "1";
    } else if (key == "toponly") {
      o.top_only = value == "1";
    } else if (key == "fastest") {
      o.fastest_each = value == "1";
    } else if (key == "types") {
      o.gpu_types = Split(value);
    } else if (key == "counts") {
      if (!ParseInts(value, o.gpu_counts)) return false;
    } else if (key == "variants") {
      if (!ParseInts(value, o.variants)) return false;
    } else if (!key.empty()) {
      return false;
    }
  }
  return has_link;
}

std::string RunSearchRequest(const std::string& request) {
  Config cfg;
  SearchOptions options;
  if (!ParseSearchRequest(request, cfg, options)) return "";
  return FormatSearchShare(SearchLayouts(cfg, options));
}

std::string FormatSearchShare(const SearchResult& r) {
  std::string s = std::string(kShareHeader) + "\n";
  char buf[200];
  std::snprintf(buf, sizeof buf, "counts %llu %llu %llu %.9g %d %d %d %zu\n", (unsigned long long)r.evaluated,
                (unsigned long long)r.enumerated, (unsigned long long)r.bounded, r.elapsed_s, r.any_fits ? 1 : 0,
                r.done ? 1 : 0, r.too_large ? 1 : 0, r.jobs.size());
  s += buf;
  for (const SearchHit& h : r.top) WriteHit(s, 't', h);
  for (const SearchHit& h : r.top_other) WriteHit(s, 'o', h);
  for (const SearchHit& h : r.pareto) WriteHit(s, 'p', h);
  if (r.least_memory.plan.valid) WriteHit(s, 'm', r.least_memory);
  for (const SearchHit& h : r.fastest)
    if (h.plan.valid) WriteHit(s, 'f', h);
  return s;
}

bool ParseSearchShare(const std::string& text, const SearchResult& variants, SearchResult& share) {
  std::istringstream in(text);
  std::string line;
  if (!std::getline(in, line) || line != kShareHeader) return false;
  share = SearchResult{};
  share.jobs = variants.jobs;
  share.gpu_ids = variants.gpu_ids;
  bool has_counts = false;
  while (std::getline(in, line)) {
    unsigned long long evaluated, enumerated, bounded;
    double elapsed;
    int any_fits, done, too_large;
    size_t jobs;
    if (std::sscanf(line.c_str(), "counts %llu %llu %llu %lf %d %d %d %zu", &evaluated, &enumerated, &bounded, &elapsed,
                    &any_fits, &done, &too_large, &jobs) == 8) {
      if (jobs != variants.jobs.size()) return false;  // an answer to another search
      share.evaluated = evaluated, share.enumerated = enumerated, share.bounded = bounded;
      share.elapsed_s = elapsed;
      share.any_fits = any_fits != 0, share.done = done != 0, share.too_large = too_large != 0;
      has_counts = true;
      continue;
    }
    char list = 0;
    int variant, recompute, offload, sp, schedule = 0;
    unsigned long long order;
    Layout l;
    // The schedule field came later: a share without it ran 1F1B / interleaved.
    if (std::sscanf(line.c_str(), "hit %c %d %llu %d %d %d %d %d %d %d %d %d %d %d %d", &list, &variant, &order, &l.tp,
                    &l.pp, &l.vp, &l.cp, &l.ep, &l.dp, &l.mbs, &l.zero, &recompute, &offload, &sp, &schedule) < 14)
      return false;
    if (schedule < 0 || schedule > int(PipeSchedule::DualPipeV)) return false;
    l.schedule = PipeSchedule(schedule);
    if (variant < 0 || variant >= int(variants.jobs.size())) return false;
    l.recompute = Recompute(recompute);
    l.offload = Offload(offload);
    l.sp = sp != 0;
    SearchHit hit{Evaluate(variants.jobs[variant], l), variant, order};
    switch (list) {
      case 't': share.top.push_back(std::move(hit)); break;
      case 'o': share.top_other.push_back(std::move(hit)); break;
      case 'p': share.pareto.push_back(std::move(hit)); break;
      case 'm': share.least_memory = std::move(hit); break;
      case 'f':
        // Variants without a line have no fastest layout (nothing fits, or not in this share).
        if (share.fastest.empty()) {
          share.fastest.resize(variants.jobs.size());
          for (int v = 0; v < int(share.fastest.size()); ++v) share.fastest[v].variant = v;
        }
        share.fastest[variant] = std::move(hit);
        break;
      default: return false;
    }
  }
  return has_counts;
}

}  // namespace tp
