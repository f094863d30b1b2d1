// write.cpp — a Doc as JSON, YAML, TOML, command-line flags or Python values. Dotted keys become nested
// objects, mappings or tables in the order they were added; strings are always quoted, so a model id or a
// path never reads back as another type.
#include <cmath>

#include "json.h"
#include "launch_doc.h"

// GCC 12 reports -Wrestrict falsely for `"literal" + std::string&&` once inlined (GCC bug 105329), as cli.cpp says.
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ == 12
#pragma GCC diagnostic ignored "-Wrestrict"
#endif

namespace tp::launch {
namespace {

struct Node {
  std::string name;
  const Value* value = nullptr;  // a leaf
  std::vector<Node> children;
};

Node Tree(const Doc& doc) {
  Node root;
  for (const Entry& e : doc.entries) {
    Node* at = &root;
    std::string_view rest = e.key;
    while (true) {
      const size_t dot = rest.find('.');
      const std::string part(rest.substr(0, dot));
      Node* next = nullptr;
      for (Node& c : at->children)
        if (c.name == part) next = &c;
      if (!next) {
        at->children.push_back({part, nullptr, {}});
        next = &at->children.back();
      }
      at = next;
      if (dot == std::string_view::npos) break;
      rest.remove_prefix(dot + 1);
    }
    at->value = &e.value;
  }
  return root;
}

// A Real keeps a decimal point ("0.0", not "0"): TOML and Python read "0" as an integer.
std::string Number(const Value& v) {
  if (v.kind == Value::Kind::Int) return std::to_string((long long)v.num);
  std::string s = FormatNumber(v.num);
  if (s.find_first_of(".eEn") == std::string::npos) s += ".0";  // n: nan / inf are refused upstream anyway
  return s;
}

// JSON, and YAML / TOML flow values (JSON's string escapes are valid in YAML double quotes and TOML basic
// strings alike).
std::string Flow(const Value& v) {
  switch (v.kind) {
    case Value::Kind::Null: return "null";
    case Value::Kind::Bool: return v.b ? "true" : "false";
    case Value::Kind::Int:
    case Value::Kind::Real: return Number(v);
    case Value::Kind::Str:
    case Value::Kind::Raw: return JsonEscape(v.s);
    case Value::Kind::List: {
      std::string s = "[";
      for (size_t i = 0; i < v.list.size(); ++i) s += (i ? ", " : "") + Flow(v.list[i]);
      return s + "]";
    }
    case Value::Kind::Map: {
      std::string s = "{";
      for (size_t i = 0; i + 1 < v.list.size(); i += 2)
        s += (i ? ", " : "") + JsonEscape(v.list[i].s) + ": " + Flow(v.list[i + 1]);
      return s + "}";
    }
  }
  return "null";
}

void JsonNode(const Node& n, int depth, std::string& out) {
  const std::string pad(size_t(depth + 1) * 2, ' ');
  out += "{\n";
  for (size_t i = 0; i < n.children.size(); ++i) {
    const Node& c = n.children[i];
    out += pad + JsonEscape(c.name) + ": ";
    if (c.value && c.value->kind == Value::Kind::List && Flow(*c.value).size() > 100) {
      // A long list (the header's lines) one item per line.
      out += "[\n";
      for (size_t k = 0; k < c.value->list.size(); ++k)
        out += pad + "  " + Flow(c.value->list[k]) + (k + 1 < c.value->list.size() ? ",\n" : "\n");
      out += pad + "]";
    } else if (c.value)
      out += Flow(*c.value);
    else
      JsonNode(c, depth + 1, out);
    out += i + 1 < n.children.size() ? ",\n" : "\n";
  }
  out += std::string(size_t(depth) * 2, ' ') + "}";
}

void YamlNode(const Node& n, int depth, std::string& out) {
  for (const Node& c : n.children) {
    out += std::string(size_t(depth) * 2, ' ') + c.name + ":";
    if (c.value) {
      out += " " + Flow(*c.value) + "\n";
    } else {
      out += "\n";
      YamlNode(c, depth + 1, out);
    }
  }
}

void TomlTable(const Node& n, const std::string& path, std::string& out) {
  bool any = false;
  for (const Node& c : n.children) any |= c.value != nullptr;
  if (any && !path.empty()) out += "\n[" + path + "]\n";
  for (const Node& c : n.children)
    if (c.value) out += c.name + " = " + Flow(*c.value) + "\n";
  for (const Node& c : n.children)
    if (!c.value) TomlTable(c, path.empty() ? c.name : path + "." + c.name, out);
}

std::string Comment(const Doc& doc, const char* mark) {
  std::string s;
  for (const std::string& line : doc.header) s += mark + (line.empty() ? std::string() : " " + line) + "\n";
  return s;
}

// One shell word: as it is when it needs no quoting, else in single quotes.
std::string ShellWord(std::string_view s) {
  bool plain = !s.empty();
  for (char c : s)
    plain &= (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
             std::string_view("-_./=:,+").find(c) != std::string_view::npos;
  if (plain) return std::string(s);
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

}  // namespace

std::string WriteJson(const Doc& doc) {
  Doc with = doc;
  if (!doc.header.empty()) {
    Value lines = Value::Strs(doc.header);
    with.entries.insert(with.entries.begin(), Entry{"_comment", lines, 0});
  }
  std::string out;
  JsonNode(Tree(with), 0, out);
  return out + "\n";
}

std::string WriteYaml(const Doc& doc) {
  std::string out = Comment(doc, "#");
  YamlNode(Tree(doc), 0, out);
  return out;
}

std::string WriteToml(const Doc& doc) {
  std::string out = Comment(doc, "#");
  TomlTable(Tree(doc), "", out);
  return out;
}

std::string WriteArgs(const Doc& doc) {
  std::string out = Comment(doc, "#");
  for (const Entry& e : doc.entries) {
    if (e.value.kind == Value::Kind::Bool) {
      if (e.value.b) out += e.key + "\n";
      continue;
    }
    if (e.value.kind == Value::Kind::List) {  // an nargs flag (--recompute-modules): one word per item
      std::string line = e.key;
      for (const Value& item : e.value.list) {
        std::string text;
        item.AsText(text);
        line += " " + ShellWord(text);
      }
      out += line + "\n";
      continue;
    }
    std::string text;
    if (e.value.kind == Value::Kind::Int || e.value.kind == Value::Kind::Real)
      text = Number(e.value);
    else
      e.value.AsText(text);
    out += e.key + " " + ShellWord(text) + "\n";
  }
  return out;
}

std::string WriteCommand(const Doc& doc, const std::vector<std::string>& launcher) {
  std::vector<std::string> lines = launcher;
  for (const Entry& e : doc.entries) {
    if (e.value.kind == Value::Kind::Bool) {
      if (e.value.b) lines.push_back(e.key);
      continue;
    }
    std::string line = e.key;
    if (e.value.kind == Value::Kind::List) {  // an nargs flag: one word per item
      for (const Value& item : e.value.list) {
        std::string text;
        item.AsText(text);
        line += " " + ShellWord(text);
      }
    } else if (e.value.kind == Value::Kind::Int || e.value.kind == Value::Kind::Real) {
      line += " " + Number(e.value);
    } else {
      std::string text;
      e.value.AsText(text);
      line += " " + ShellWord(text);
    }
    lines.push_back(line);
  }
  std::string out = Comment(doc, "#");
  for (size_t i = 0; i < lines.size(); ++i)
    out += (i == 0 ? "" : "   ") + lines[i] + (i + 1 < lines.size() ? " \\\n" : "\n");
  return out;
}

std::string PyString(std::string_view s) {
  std::string q = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\')
      q += '\\', q += c;
    else if (c == '\n')
      q += "\\n";
    else if ((unsigned char)c < 0x20)
      q += ' ';
    else
      q += c;
  }
  return q + "\"";
}

std::string PyValue(const Value& v) {
  switch (v.kind) {
    case Value::Kind::Null: return "None";
    case Value::Kind::Bool: return v.b ? "True" : "False";
    case Value::Kind::Int:
    case Value::Kind::Real: return Number(v);
    case Value::Kind::Str: return PyString(v.s);
    case Value::Kind::Raw: return v.s;
    case Value::Kind::List: {
      std::string s = "[";
      for (size_t i = 0; i < v.list.size(); ++i) s += (i ? ", " : "") + PyValue(v.list[i]);
      return s + "]";
    }
    case Value::Kind::Map: {
      std::string s = "{";
      for (size_t i = 0; i + 1 < v.list.size(); i += 2)
        s += (i ? ", " : "") + PyString(v.list[i].s) + ": " + PyValue(v.list[i + 1]);
      return s + "}";
    }
  }
  return "None";
}

// ---- Value and Doc --------------------------------------------------------------------------------------
Value Value::Bool(bool v) {
  Value x;
  x.kind = Kind::Bool, x.b = v;
  return x;
}
Value Value::Int(long long v) {
  Value x;
  x.kind = Kind::Int, x.num = double(v);
  return x;
}
Value Value::Real(double v) {
  Value x;
  x.kind = Kind::Real, x.num = v;
  return x;
}
Value Value::Numeric(double v, bool written_as_real) {
  const bool whole = std::isfinite(v) && std::fabs(v) < 9e15 && v == std::trunc(v);
  return whole && !written_as_real ? Int((long long)v) : Real(v);
}
Value Value::Str(std::string v) {
  Value x;
  x.kind = Kind::Str, x.s = std::move(v);
  return x;
}
Value Value::Raw(std::string v) {
  Value x;
  x.kind = Kind::Raw, x.s = std::move(v);
  return x;
}
Value Value::Strs(const std::vector<std::string>& v) {
  Value x;
  x.kind = Kind::List;
  for (const std::string& s : v) x.list.push_back(Str(s));
  return x;
}

bool Value::AsNumber(double& out) const {
  if (kind == Kind::Int || kind == Kind::Real) {
    out = num;
    return std::isfinite(num);
  }
  if (kind == Kind::Str || kind == Kind::Raw) {  // a scalar read as text ("8", "2e-5")
    if (s.empty() || s.size() > 40) return false;
    char* end = nullptr;
    const std::string t(s);
    const double v = std::strtod(t.c_str(), &end);
    if (end != t.c_str() + t.size() || !std::isfinite(v)) return false;
    out = v;
    return true;
  }
  return false;
}

bool Value::AsBool(bool& out) const {
  if (kind == Kind::Bool) {
    out = b;
    return true;
  }
  if (kind == Kind::Str || kind == Kind::Raw) {
    for (const char* t : {"true", "True", "TRUE", "yes", "1"})
      if (s == t) return out = true, true;
    for (const char* f : {"false", "False", "FALSE", "no", "0"})
      if (s == f) return out = false, true;
  }
  if (kind == Kind::Int) {
    if (num == 0 || num == 1) return out = num == 1, true;
  }
  return false;
}

bool Value::AsText(std::string& out) const {
  if (kind == Kind::Str || kind == Kind::Raw) {
    out = s;
    return true;
  }
  if (kind == Kind::Int || kind == Kind::Real) {
    out = Number(*this);
    return true;
  }
  if (kind == Kind::Bool) {
    out = b ? "true" : "false";
    return true;
  }
  return false;
}

std::vector<std::string> Value::AsTexts() const {
  std::vector<std::string> out;
  if (kind == Kind::List) {
    for (const Value& v : list) {
      std::string t;
      if (v.AsText(t)) out.push_back(t);
    }
    return out;
  }
  std::string t;
  if (!AsText(t)) return out;
  std::string cur;
  for (char c : t + ",") {
    if (c == ',') {
      while (!cur.empty() && cur.back() == ' ') cur.pop_back();
      if (!cur.empty()) out.push_back(cur);
      cur.clear();
    } else if (!(c == ' ' && cur.empty())) {
      cur += c;
    }
  }
  return out;
}

const Entry* Doc::Find(std::string_view key) const {
  for (const Entry& e : entries)
    if (e.key == key) return &e;
  return nullptr;
}

int LineAt(std::string_view text, size_t at) {
  int line = 1;
  for (size_t i = 0; i < at && i < text.size(); ++i) line += text[i] == '\n';
  return line;
}

}  // namespace tp::launch
