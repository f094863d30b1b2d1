// parse_toml.cpp — TOML (torchtitan's job configs) through toml++ 3.3, header-only from Debian's
// libtomlplusplus-dev (copied into .cache for the page). Built without exceptions: a bad file comes back as
// a parse result with its line, in the page as natively.
#include "toml_config.h"

#include "launch_doc.h"

namespace tp::launch {
namespace {

constexpr int kMaxDepth = 64;

int LineOf(const toml::node& n) { return int(n.source().begin.line); }

Value Of(const toml::node& n, int depth) {
  Value v;
  if (depth > kMaxDepth) return v;
  if (auto s = n.as_string()) {
    v = Value::Str(std::string(s->get()));
  } else if (auto i = n.as_integer()) {
    v = Value::Int(i->get());
  } else if (auto f = n.as_floating_point()) {
    v = Value::Real(f->get());
  } else if (auto b = n.as_boolean()) {
    v = Value::Bool(b->get());
  } else if (auto a = n.as_array()) {
    v.kind = Value::Kind::List;
    for (const toml::node& e : *a) v.list.push_back(Of(e, depth + 1));
  } else if (auto t = n.as_table()) {
    v.kind = Value::Kind::Map;
    for (const auto& [k, e] : *t)
      v.list.push_back(Value::Str(std::string(k.str()))), v.list.push_back(Of(e, depth + 1));
  } else {
    v = Value::Str("");  // dates and times: nothing a launch config of ours reads
  }
  v.line = LineOf(n);
  return v;
}

void Flatten(const toml::table& t, const std::string& prefix, Doc& doc, int depth) {
  for (const auto& [k, n] : t) {
    const std::string key = prefix.empty() ? std::string(k.str()) : prefix + "." + std::string(k.str());
    const int line = int(k.source().begin.line) > 0 ? int(k.source().begin.line) : LineOf(n);
    if (const toml::table* sub = n.as_table(); sub && depth < kMaxDepth) {
      if (sub->empty()) doc.entries.push_back({key, Of(n, depth), line});
      Flatten(*sub, key, doc, depth + 1);
      continue;
    }
    doc.entries.push_back({key, Of(n, depth), line});
    if (const toml::array* a = n.as_array())
      for (const toml::node& item : *a)
        if (const toml::table* it = item.as_table(); it && depth < kMaxDepth) Flatten(*it, key + "[]", doc, depth + 1);
  }
}

}  // namespace

bool ParseTomlDoc(std::string_view text, Doc& doc, std::vector<ConfigIssue>& issues) {
  toml::parse_result result = toml::parse(text);
  if (!result) {
    const toml::parse_error& e = result.error();
    issues.push_back(MakeIssue("import", "line {0}: not valid {1}: {2}"_issue,
                               {std::to_string(e.source().begin.line), "TOML", std::string(e.description())}));
    return false;
  }
  Flatten(result.table(), "", doc, 0);
  return true;
}

}  // namespace tp::launch
