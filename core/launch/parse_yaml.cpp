// parse_yaml.cpp — YAML (torchtune, Axolotl and LLaMA-Factory configs) through yaml-cpp, Debian's libyaml-cpp-dev
// natively and the same release built for the page by scripts/setup.sh. yaml-cpp reports a bad file by throwing;
// this file is the only place that catches, and it turns every exception into an issue with the line. Aliases
// are followed with a budget of nodes, so a file of nested aliases ("billion laughs") is refused, not expanded.
#include <yaml-cpp/yaml.h>

#include <cctype>

#include "launch_doc.h"

namespace tp::launch {
namespace {

constexpr int kMaxDepth = 64;
constexpr long kMaxNodes = 200000;

// "500_000", "-1_024": digits with '_' between them (YAML 1.1's int, as PyYAML resolves it).
bool GroupedInteger(const std::string& s) {
  size_t i = (!s.empty() && (s[0] == '-' || s[0] == '+')) ? 1 : 0;
  bool underscore = false;
  if (i >= s.size() || !std::isdigit(static_cast<unsigned char>(s[i]))) return false;
  for (; i < s.size(); ++i) {
    if (s[i] == '_') {
      if (i + 1 >= s.size() || !std::isdigit(static_cast<unsigned char>(s[i + 1]))) return false;
      underscore = true;
    } else if (!std::isdigit(static_cast<unsigned char>(s[i]))) {
      return false;
    }
  }
  return underscore;
}
std::string Ungrouped(const std::string& s) {
  std::string out;
  for (char c : s)
    if (c != '_') out += c;
  return out;
}

struct Flattener {
  Doc& doc;
  long nodes = 0;
  bool too_big = false;

  Value Scalar(const YAML::Node& n) {
    Value v;
    const std::string& s = n.Scalar();
    if (n.Tag() == "!") {  // quoted: a string whatever it reads like
      v = Value::Str(s);
    } else if (s == "true" || s == "True" || s == "TRUE") {
      v = Value::Bool(true);
    } else if (s == "false" || s == "False" || s == "FALSE") {
      v = Value::Bool(false);
    } else if (s.empty() || s == "~" || s == "null" || s == "Null" || s == "NULL") {
      v = Value();
    } else {
      // YAML 1.1's integers (PyYAML, which the Python frameworks load with) may group digits: 500_000.
      Value text = Value::Str(GroupedInteger(s) ? Ungrouped(s) : s);
      double x = 0;
      if (text.AsNumber(x))
        v = Value::Numeric(x, s.find_first_of(".eE") != std::string::npos);
      else
        v = text;
    }
    v.line = n.Mark().line + 1;
    return v;
  }

  Value Of(const YAML::Node& n, int depth) {
    if (++nodes > kMaxNodes || depth > kMaxDepth) {
      too_big = true;
      return Value();
    }
    Value v;
    if (n.IsScalar()) return Scalar(n);
    if (n.IsSequence()) {
      v.kind = Value::Kind::List;
      for (const YAML::Node& e : n) v.list.push_back(Of(e, depth + 1));
    } else if (n.IsMap()) {
      v.kind = Value::Kind::Map;
      for (const auto& kv : n) {
        v.list.push_back(Value::Str(kv.first.IsScalar() ? kv.first.Scalar() : std::string()));
        v.list.push_back(Of(kv.second, depth + 1));
      }
    }
    v.line = n.Mark().line + 1;
    return v;
  }

  void Map(const YAML::Node& n, const std::string& prefix, int depth) {
    for (const auto& kv : n) {
      if (too_big) return;
      const std::string name = kv.first.IsScalar() ? kv.first.Scalar() : std::string("?");
      const std::string key = prefix.empty() ? name : prefix + "." + name;
      const int line = kv.first.Mark().line + 1;
      const YAML::Node& value = kv.second;
      if (value.IsMap() && depth < kMaxDepth) {
        if (value.size() == 0) doc.entries.push_back({key, Of(value, depth), line});
        Map(value, key, depth + 1);
        continue;
      }
      doc.entries.push_back({key, Of(value, depth), line});
      // A list of mappings (Axolotl's datasets): each item's keys as "key[].field".
      if (value.IsSequence())
        for (const YAML::Node& item : value)
          if (item.IsMap() && !too_big) Map(item, key + "[]", depth + 1);
    }
  }
};

}  // namespace

bool ParseYamlDoc(std::string_view text, Doc& doc, std::vector<ConfigIssue>& issues) {
  try {
    const YAML::Node root = YAML::Load(std::string(text));
    if (!root.IsMap()) {
      NotValid(issues, root.Mark().line + 1, "YAML", "expected a mapping of keys");
      return false;
    }
    Flattener f{doc};
    f.Map(root, "", 0);
    if (f.too_big) {
      NotValid(issues, 1, "YAML", "too many nested keys or aliases");
      return false;
    }
    return true;
  } catch (const YAML::Exception& e) {
    issues.push_back(
        MakeIssue("import", "line {0}: not valid {1}: {2}"_issue, {std::to_string(e.mark.line + 1), "YAML", e.msg}));
  } catch (const std::exception& e) {
    issues.push_back(MakeIssue("import", "line {0}: not valid {1}: {2}"_issue, {"1", "YAML", e.what()}));
  }
  return false;
}

}  // namespace tp::launch
