// parse.cpp — JSON (the project's reader), Python keyword arguments and shell argument lists as a Doc of
// dotted keys. The Python reader is not Python: it reads what a launch script states with literals (calls'
// keyword arguments, module-level assignments) and skips every other construct; the shell reader splits
// words as a POSIX shell does (quotes, backslashes, comments). Both are bounded: a nesting limit, no
// recursion on input depth beyond it, one pass over the text.
#include <cctype>
#include <cmath>
#include <map>

#include "json.h"
#include "launch_doc.h"

// GCC 12 reports -Wrestrict falsely for `"literal" + std::string&&` once inlined (GCC bug 105329), as cli.cpp says.
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ == 12
#pragma GCC diagnostic ignored "-Wrestrict"
#endif

namespace tp::launch {

// `what` is one of the readers' fixed reasons (Words: the phrase table has their Chinese).
void NotValid(std::vector<ConfigIssue>& issues, int line, const char* syntax, std::string what) {
  issues.push_back(MakeIssue("import", "line {0}: not valid {1}: {2}"_issue,
                             {std::to_string(line), syntax, Words(std::move(what))}));
}

namespace {

constexpr int kMaxDepth = 64;  // nested lists, dicts and calls; a config never needs more

// ---- JSON -----------------------------------------------------------------------------------------------
Value FromJson(const JsonValue& j, int line) {
  Value v;
  v.line = line;
  switch (j.type) {
    case JsonValue::Type::Null: break;
    case JsonValue::Type::Bool: v = Value::Bool(j.boolean); break;
    case JsonValue::Type::Number: v = Value::Numeric(j.number, false); break;
    case JsonValue::Type::String: v = Value::Str(j.string); break;
    case JsonValue::Type::Array:
      v.kind = Value::Kind::List;
      for (const JsonValue& e : j.array) v.list.push_back(FromJson(e, line));
      break;
    case JsonValue::Type::Object:
      v.kind = Value::Kind::Map;
      for (const JsonMember& m : j.object)
        v.list.push_back(Value::Str(m.key)), v.list.push_back(FromJson(m.value, line));
      break;
  }
  v.line = line;
  return v;
}

// Members come in document order, so each key's line is found after the previous key's.
struct JsonLines {
  std::string_view text;
  size_t cursor = 0;
  int Find(const std::string& key) {
    const std::string quoted = JsonEscape(key);
    const size_t at = text.find(quoted, cursor);
    if (at == std::string_view::npos) return 0;
    cursor = at + quoted.size();
    return LineAt(text, at);
  }
};

void FlattenJson(const JsonValue& j, const std::string& prefix, Doc& doc, JsonLines& lines, int depth) {
  for (const JsonMember& m : j.object) {
    const std::string key = prefix.empty() ? m.key : prefix + "." + m.key;
    const int line = lines.Find(m.key);
    if (m.value.IsObject() && depth < kMaxDepth) {
      if (m.value.object.empty()) doc.entries.push_back({key, FromJson(m.value, line), line});
      FlattenJson(m.value, key, doc, lines, depth + 1);
    } else {
      doc.entries.push_back({key, FromJson(m.value, line), line});
    }
  }
}

// ---- Python ---------------------------------------------------------------------------------------------
struct Token {
  enum Kind : uint8_t { Name, Number, String, Op, Newline, End } kind = End;
  std::string text;  // a string's value, a name, an operator
  int line = 0;
  int indent = 0;  // the indentation of the logical line the token is on (spaces; a tab counts 8)
};

bool Tokenize(std::string_view s, std::vector<Token>& out, std::vector<ConfigIssue>& issues) {
  int line = 1, depth = 0, indent = 0;
  size_t i = 0;
  auto measure = [&](size_t at) {  // a logical line's indentation, where it starts (not inside brackets)
    int w = 0;
    for (; at < s.size() && (s[at] == ' ' || s[at] == '\t'); ++at) w += s[at] == '\t' ? 8 : 1;
    indent = w;
  };
  measure(0);
  while (i < s.size()) {
    const char c = s[i];
    if (c == '\n') {
      if (depth == 0) out.push_back({Token::Newline, "", line, indent});
      ++line, ++i;
      if (depth == 0) measure(i);
    } else if (c == '#') {
      while (i < s.size() && s[i] != '\n') ++i;
    } else if (c == '\\' && i + 1 < s.size() && s[i + 1] == '\n') {
      i += 2, ++line;
    } else if (std::isspace((unsigned char)c)) {
      ++i;
    } else if (std::isalpha((unsigned char)c) || c == '_' || (unsigned char)c >= 0x80) {
      size_t j = i;
      while (j < s.size() && (std::isalnum((unsigned char)s[j]) || s[j] == '_' || (unsigned char)s[j] >= 0x80)) ++j;
      // A string prefix (r"", f"", b"", rb""): the name is part of the literal that follows.
      if (j < s.size() && (s[j] == '"' || s[j] == '\'') && j - i <= 2) {
        i = j;
        continue;
      }
      out.push_back({Token::Name, std::string(s.substr(i, j - i)), line, indent});
      i = j;
    } else if (std::isdigit((unsigned char)c) ||
               (c == '.' && i + 1 < s.size() && std::isdigit((unsigned char)s[i + 1]))) {
      size_t j = i;
      while (j < s.size() && (std::isalnum((unsigned char)s[j]) || s[j] == '.' || s[j] == '_' ||
                              ((s[j] == '+' || s[j] == '-') && (s[j - 1] == 'e' || s[j - 1] == 'E'))))
        ++j;
      std::string num;
      for (size_t k = i; k < j; ++k)
        if (s[k] != '_') num += s[k];
      out.push_back({Token::Number, num, line, indent});
      i = j;
    } else if (c == '"' || c == '\'') {
      const bool triple = s.substr(i, 3) == std::string(3, c);
      const size_t open = triple ? 3 : 1;
      const int start = line;
      std::string value;
      size_t j = i + open;
      bool closed = false;
      while (j < s.size()) {
        if (s[j] == '\\' && j + 1 < s.size()) {
          const char e = s[j + 1];
          value += e == 'n' ? '\n' : e == 't' ? '\t' : e;
          line += e == '\n';
          j += 2;
          continue;
        }
        if (triple ? s.substr(j, 3) == std::string(3, c) : s[j] == c) {
          j += open;
          closed = true;
          break;
        }
        if (s[j] == '\n') {
          if (!triple) break;
          ++line;
        }
        value += s[j++];
      }
      if (!closed) {
        NotValid(issues, start, "Python", "a string is not closed");
        return false;
      }
      out.push_back({Token::String, value, start, indent});
      i = j;
    } else {
      static const char* kOps[] = {"**=", "//=", "==", "!=", "<=", ">=", "**",
                                   "//",  "->",  ":=", "+=", "-=", "*=", "/="};
      std::string op(1, c);
      for (const char* o : kOps)
        if (s.substr(i, std::string_view(o).size()) == o) op = o;
      if (op == "(" || op == "[" || op == "{") ++depth;
      if (op == ")" || op == "]" || op == "}") --depth;
      if (depth < 0) {
        NotValid(issues, line, "Python", "a bracket closes nothing");
        return false;
      }
      out.push_back({Token::Op, op, line, indent});
      i += op.size();
    }
  }
  if (depth > 0) {
    int open_line = line;
    int d = 0;
    for (auto it = out.rbegin(); it != out.rend(); ++it)
      if (it->kind == Token::Op && (it->text == ")" || it->text == "]" || it->text == "}"))
        ++d;
      else if (it->kind == Token::Op && (it->text == "(" || it->text == "[" || it->text == "{") && d-- == 0) {
        open_line = it->line;
        break;
      }
    NotValid(issues, open_line, "Python", "a bracket is not closed");
    return false;
  }
  out.push_back({Token::End, "", line, 0});
  return true;
}

class PyReader {
 public:
  PyReader(const std::vector<Token>& t, Doc& doc, std::vector<ConfigIssue>& issues)
      : t_(t), doc_(doc), issues_(issues) {}

  bool Run() {
    bool line_start = true;
    while (t_[i_].kind != Token::End) {
      const Token& tok = t_[i_];
      if (tok.kind == Token::Newline || (tok.kind == Token::Op && tok.text == ";")) {
        line_start = true, ++i_;
        continue;
      }
      if (line_start && LiteralBranch()) continue;
      if (line_start) {
        bool failed = false;
        if (Assignment(failed)) {
          if (failed) return false;
          line_start = false;
          continue;
        }
      }
      line_start = false;
      if (tok.kind == Token::Name && IsCallAhead()) {
        Value ignored;
        if (!Expr(ignored, 0)) return false;
        continue;
      }
      ++i_;
    }
    return true;
  }

 private:
  // NAME = expr, or `a, b = x, y` (TRL's notebooks: `model_id, output_dir = "Qwen/...", "..."`), at the start of a
  // statement: a module-level assignment, each name its value where the reader knows it (a literal, or a variable it
  // knows); a tuple whose values do not match its names (a call's result) sets nothing. `failed`: a parse error, said.
  bool Assignment(bool& failed) {
    if (EnvironAssignment(failed)) return true;
    size_t j = i_;
    std::vector<std::string> names;
    while (t_[j].kind == Token::Name && t_[j + 1].kind == Token::Op && t_[j + 1].text == ",")
      names.push_back(t_[j].text), j += 2;
    if (t_[j].kind != Token::Name || t_[j + 1].kind != Token::Op || t_[j + 1].text != "=") return false;
    names.push_back(t_[j].text);
    const int line = t_[i_].line;
    i_ = j + 2;
    std::vector<Value> values;
    for (;;) {
      Value v;
      if (!Expr(v, 0)) return failed = true;
      values.push_back(std::move(v));
      if (!IsOp(",")) break;
      ++i_;
    }
    if (values.size() != names.size()) return true;
    for (size_t k = 0; k < names.size(); ++k)
      if (values[k].kind != Value::Kind::Raw || vars_.count(values[k].s)) {
        vars_[names[k]] = values[k];
        doc_.entries.push_back({"=" + names[k], values[k], line});
      }
    return true;
  }

  // `os.environ["NAME"] = value`, as notebooks switch a framework's behaviour before importing it (Unsloth's
  // UNSLOTH_VLLM_STANDBY): the entry "os.environ.NAME" with the value.
  bool EnvironAssignment(bool& failed) {
    const size_t j = i_;
    auto op = [&](size_t k, const char* text) { return t_[k].kind == Token::Op && t_[k].text == text; };
    if (!(t_[j].kind == Token::Name && t_[j].text == "os" && op(j + 1, ".") && t_[j + 2].kind == Token::Name &&
          t_[j + 2].text == "environ" && op(j + 3, "[") && t_[j + 4].kind == Token::String && op(j + 5, "]") &&
          op(j + 6, "=")))
      return false;
    const int line = t_[j].line;
    const std::string name = t_[j + 4].text;
    i_ = j + 7;
    Value v;
    if (!Expr(v, 0)) return failed = true;
    doc_.entries.push_back({"os.environ." + name, std::move(v), line});
    return true;
  }

  // `if False:` / `if True:` and the `else:` after them, as notebooks switch their cells (Unsloth's `if False:` around
  // loading a saved adapter for inference): the branch not taken is skipped, by its indentation. A condition this
  // reader cannot decide reads its branches, as before. True when a construct was consumed.
  bool LiteralBranch() {
    const Token& tok = t_[i_];
    if (tok.kind != Token::Name) return false;
    const bool is_else = tok.text == "else" && t_[i_ + 1].kind == Token::Op && t_[i_ + 1].text == ":";
    if (!is_else)  // a statement at this indentation ends the literal ifs at it and inside it
      while (!literal_ifs_.empty() && literal_ifs_.back().first >= tok.indent) literal_ifs_.pop_back();
    if (tok.text == "if" && t_[i_ + 1].kind == Token::Name &&
        (t_[i_ + 1].text == "True" || t_[i_ + 1].text == "False") && t_[i_ + 2].kind == Token::Op &&
        t_[i_ + 2].text == ":") {
      const bool taken = t_[i_ + 1].text == "True";
      literal_ifs_.push_back({tok.indent, taken});
      i_ += 3;
      if (!taken) SkipBlock(tok.indent);
      return true;
    }
    if (is_else && !literal_ifs_.empty() && literal_ifs_.back().first == tok.indent) {
      const bool skip = literal_ifs_.back().second;  // the if was taken: its else is not
      literal_ifs_.pop_back();
      i_ += 2;
      if (skip) SkipBlock(tok.indent);
      return true;
    }
    return false;
  }
  // After a block's ':': its body, on the same line or on the lines indented deeper than `indent`.
  void SkipBlock(int indent) {
    if (t_[i_].kind != Token::Newline) {
      while (t_[i_].kind != Token::End && t_[i_].kind != Token::Newline) ++i_;
      return;
    }
    while (t_[i_].kind != Token::End && (t_[i_].kind == Token::Newline || t_[i_].indent > indent)) ++i_;
  }

  // At a dotted name followed by '(' (a call).
  bool IsCallAhead() const {
    size_t j = i_;
    while (t_[j].kind == Token::Name && t_[j + 1].kind == Token::Op && t_[j + 1].text == "." &&
           t_[j + 2].kind == Token::Name)
      j += 2;
    return t_[j].kind == Token::Name && t_[j + 1].kind == Token::Op && t_[j + 1].text == "(";
  }
  bool IsOp(const char* op) const { return t_[i_].kind == Token::Op && t_[i_].text == op; }

  // Skips the rest of an expression this reader does not model, up to the next ',' or closing bracket.
  void SkipRest() {
    int d = 0;
    while (t_[i_].kind != Token::End) {
      const Token& k = t_[i_];
      if (k.kind == Token::Op) {
        if (k.text == "(" || k.text == "[" || k.text == "{") ++d;
        if (k.text == ")" || k.text == "]" || k.text == "}") {
          if (d == 0) return;
          --d;
        }
        if (k.text == "," && d == 0) return;
      }
      if (k.kind == Token::Newline && d == 0) return;
      ++i_;
    }
  }

  // Items up to the closing bracket: calls Item() for each, positioned at its start.
  template <class F>
  bool Items(const char* close, F item) {
    while (!IsOp(close)) {
      if (t_[i_].kind == Token::End) return false;
      const size_t before = i_;
      if (!item()) return false;
      if (IsOp(",")) {
        ++i_;
      } else if (!IsOp(close)) {
        SkipRest();
        if (IsOp(",")) ++i_;
      }
      // A bracket of another kind closes here ("[)"): nothing was read, so the text is not balanced.
      if (i_ == before) return false;
    }
    ++i_;  // the closing bracket
    return true;
  }

  // An expression: a literal, a known variable, a call, a list or mapping, and the arithmetic of numbers that
  // notebooks size their runs with (max_seq_length - max_prompt_length); anything else is the code's text (Raw).
  bool Expr(Value& v, int depth) {
    const size_t start = i_;
    const Token& tok = t_[i_];
    if (!Term(v, depth)) return false;
    while (IsOp("+") || IsOp("-")) {
      const bool add = IsOp("+");
      ++i_;
      Value r;
      if (!Term(r, depth)) return false;
      Combine(v, add ? '+' : '-', r);
    }
    // An operator after the value (x if c else d, a comparison): the value is not a literal any more.
    if (t_[i_].kind != Token::End && t_[i_].kind != Token::Newline &&
        !(t_[i_].kind == Token::Op && (t_[i_].text == "," || t_[i_].text == ")" || t_[i_].text == "]" ||
                                       t_[i_].text == "}" || t_[i_].text == ":" || t_[i_].text == ";"))) {
      SkipRest();
      v = Value::Raw("");
    }
    if (v.kind == Value::Kind::Raw && v.s.empty()) v = Value::Raw(CodeText(start, i_));  // said as written
    v.line = tok.line;
    return true;
  }
  // The code of tokens [from, to) as one line, for a value the reader does not evaluate (at most 60 characters).
  std::string CodeText(size_t from, size_t to) const {
    std::string s;
    for (size_t k = from; k < to && t_[k].kind != Token::End && s.size() < 60; ++k) {
      if (t_[k].kind == Token::Newline) continue;
      const bool word = t_[k].kind != Token::Op;
      if (!s.empty() &&
          (word || t_[k].text.size() > 1 || std::string_view("+-*/%=<>").find(t_[k].text[0]) != std::string_view::npos))
        s += ' ';
      s += t_[k].kind == Token::String ? "\"" + t_[k].text + "\"" : t_[k].text;
    }
    return s.size() > 60 ? s.substr(0, 57) + "..." : s;
  }
  bool Term(Value& v, int depth) {
    if (!Primary(v, depth)) return false;
    while (IsOp("*") || IsOp("/") || IsOp("//") || IsOp("%")) {
      const char op = IsOp("//") ? 'f' : t_[i_].text[0];
      ++i_;
      Value r;
      if (!Primary(r, depth)) return false;
      Combine(v, op, r);
    }
    return true;
  }
  // Numbers combine as Python would (// floors, / is true division); any other operand makes the code's text.
  static void Combine(Value& v, char op, const Value& r) {
    double a = 0, b = 0;
    const bool numbers = (v.kind == Value::Kind::Int || v.kind == Value::Kind::Real) &&
                         (r.kind == Value::Kind::Int || r.kind == Value::Kind::Real) && v.AsNumber(a) && r.AsNumber(b);
    if (!numbers || ((op == '/' || op == 'f' || op == '%') && b == 0)) {
      v = Value::Raw("");
      return;
    }
    const bool real = v.kind == Value::Kind::Real || r.kind == Value::Kind::Real || op == '/';
    double x = op == '+'   ? a + b
               : op == '-' ? a - b
               : op == '*' ? a * b
               : op == '/' ? a / b
               : op == 'f' ? std::floor(a / b)
                           : a - b * std::floor(a / b);
    if (!std::isfinite(x)) {
      v = Value::Raw("");
      return;
    }
    v = Value::Numeric(x, real);
  }
  bool Primary(Value& v, int depth) {
    if (depth > kMaxDepth) {
      NotValid(issues_, t_[i_].line, "Python", "nested too deep");
      return false;
    }
    const Token& tok = t_[i_];
    v = Value();
    v.line = tok.line;
    if (tok.kind == Token::String) {
      std::string s;
      while (t_[i_].kind == Token::String) s += t_[i_++].text;  // adjacent literals join
      v = Value::Str(s);
    } else if (tok.kind == Token::Number || (IsOp("-") && t_[i_ + 1].kind == Token::Number)) {
      const bool neg = IsOp("-");
      if (neg) ++i_;
      Value n = Value::Str((neg ? "-" : "") + t_[i_++].text);
      double x = 0;
      v = n.AsNumber(x) ? Value::Numeric(x, t_[i_ - 1].text.find_first_of(".eE") != std::string::npos)
                        : Value::Raw(n.s);
    } else if (tok.kind == Token::Name && (tok.text == "True" || tok.text == "False")) {
      v = Value::Bool(tok.text == "True"), ++i_;
    } else if (tok.kind == Token::Name && tok.text == "None") {
      ++i_;
    } else if (tok.kind == Token::Name) {
      std::string name = t_[i_++].text;
      while (IsOp(".") && t_[i_ + 1].kind == Token::Name) name += "." + t_[i_ + 1].text, i_ += 2;
      if (IsOp("(")) {
        ++i_;
        if (!Call(name, v, depth)) return false;
      } else if (auto it = vars_.find(name); it != vars_.end()) {
        v = it->second;
      } else {
        v = Value::Raw(name);
      }
    } else if (IsOp("[") || IsOp("(")) {
      const bool paren = IsOp("(");
      const char* close = paren ? ")" : "]";
      ++i_;
      v.kind = Value::Kind::List;
      bool comma = false;
      if (!Items(close, [&] {
            Value e;
            if (!Expr(e, depth + 1)) return false;
            v.list.push_back(std::move(e));
            comma |= IsOp(",");
            return true;
          }))
        return Unclosed(tok.line);
      // (x) groups an expression; only a comma makes a tuple: `dtype = (None  # ...)` is None.
      if (paren && !comma && v.list.size() == 1) {
        Value inner = std::move(v.list.front());
        v = std::move(inner);
      }
    } else if (IsOp("{")) {
      ++i_;
      v.kind = Value::Kind::Map;
      if (!Items("}", [&] {
            Value k, e;
            if (!Expr(k, depth + 1)) return false;
            if (IsOp(":")) {
              ++i_;
              if (!Expr(e, depth + 1)) return false;
            }
            std::string key;
            k.AsText(key);
            v.list.push_back(Value::Str(key));
            v.list.push_back(std::move(e));
            return true;
          }))
        return Unclosed(tok.line);
    } else {
      v = Value::Raw("");
    }
    v.line = tok.line;
    return true;
  }

  // After "name(": its arguments, each keyword argument recorded as "Last.keyword".
  bool Call(const std::string& name, Value& v, int depth) {
    const int line = t_[i_ - 1].line;
    const std::string last = name.substr(name.find_last_of('.') == std::string::npos ? 0 : name.find_last_of('.') + 1);
    Value map;
    map.kind = Value::Kind::Map;
    int positional = 0;
    if (!Items(")", [&] {
          if (IsOp("*") || IsOp("**")) {
            ++i_;
            Value skipped;
            return Expr(skipped, depth + 1);
          }
          if (t_[i_].kind == Token::Name && t_[i_ + 1].kind == Token::Op && t_[i_ + 1].text == "=") {
            const std::string kw = t_[i_].text;
            const int kw_line = t_[i_].line;
            i_ += 2;
            Value e;
            if (!Expr(e, depth + 1)) return false;
            doc_.entries.push_back({last + "." + kw, e, kw_line});
            map.list.push_back(Value::Str(kw));
            map.list.push_back(std::move(e));
            return true;
          }
          Value e;
          if (!Expr(e, depth + 1)) return false;
          if (positional++ == 0) doc_.entries.push_back({last + ".0", e, e.line});
          return true;
        }))
      return Unclosed(line);
    // dict(a=1) is a mapping like {"a": 1}; any other call's value is its code's name.
    if (name == "dict")
      v = map;
    else
      v = Value::Raw(name + "(...)");
    return true;
  }

  bool Unclosed(int line) {
    NotValid(issues_, line, "Python", "a bracket is not closed");
    return false;
  }

  const std::vector<Token>& t_;
  Doc& doc_;
  std::vector<ConfigIssue>& issues_;
  size_t i_ = 0;
  std::map<std::string, Value> vars_;
  std::vector<std::pair<int, bool>> literal_ifs_;  // open `if True/False:` blocks: their indentation, taken or not
};

}  // namespace

bool ParseJsonDoc(std::string_view text, Doc& doc, std::vector<ConfigIssue>& issues) {
  const JsonParseResult parsed = ParseJson(text);
  if (!parsed.ok) {
    NotValid(issues, LineAt(text, parsed.at), "JSON", parsed.reason);
    return false;
  }
  if (!parsed.value.IsObject()) {
    NotValid(issues, 1, "JSON", "expected an object of keys");
    return false;
  }
  JsonLines lines{text};
  FlattenJson(parsed.value, "", doc, lines, 0);
  return true;
}

bool ParsePythonDoc(std::string_view text, Doc& doc, std::vector<ConfigIssue>& issues) {
  std::vector<Token> tokens;
  if (!Tokenize(text, tokens, issues)) return false;
  tokens.push_back({Token::End, "", 0});  // lookahead past the end stays in bounds
  tokens.push_back({Token::End, "", 0});
  PyReader reader(tokens, doc, issues);
  return reader.Run();
}

bool ParseArgsDoc(std::string_view s, Doc& doc, std::vector<ConfigIssue>& issues) {
  struct Word {
    std::string text;
    int line;
    bool starts_command;  // the first word of a command: a script's next command is not a flag's value
  };
  // The script's words as the shell gives them (parse_shell.cpp: its variables expanded, arrays spliced).
  ShellError error;
  std::vector<Word> words;
  for (ShellCommand& c : ShellCommands(s, &error))
    for (size_t k = 0; k < c.words.size(); ++k) {
      // The launcher's script (torchrun ... pretrain_gpt.py --flags, or -m a.module) and a short option (-m) are no
      // value of the launcher's last flag.
      const std::string& t = c.words[k].text;
      const bool script = t.size() > 3 && t.compare(t.size() - 3, 3, ".py") == 0;
      const bool short_option = t.size() == 2 && t[0] == '-' && std::isalpha(static_cast<unsigned char>(t[1]));
      const bool module = k > 0 && !words.empty() && words.back().text == "-m";
      words.push_back({std::move(c.words[k].text), c.words[k].line, k == 0 || script || short_option || module});
    }
  if (error.line) {
    NotValid(issues, error.line, "shell arguments", error.what);
    return false;
  }
  for (size_t k = 0; k < words.size(); ++k) {
    const std::string& w = words[k].text;
    if (w.size() < 3 || w.compare(0, 2, "--") != 0) continue;  // the launcher, the script, a stray value
    if (const size_t eq = w.find('='); eq != std::string::npos) {
      doc.entries.push_back({w.substr(0, eq), Value::Str(w.substr(eq + 1)), words[k].line});
    } else if (k + 1 < words.size() && words[k + 1].text.compare(0, 2, "--") != 0 && !words[k + 1].starts_command) {
      // Every value up to the next flag or the end of the command: one is a Str, more a List (an argparse nargs
      // flag, OpenRLHF's --ds.lora.target_modules q_proj v_proj). A script's next command is not a value.
      size_t end = k + 1;
      while (end < words.size() && words[end].text.compare(0, 2, "--") != 0 && !words[end].starts_command) ++end;
      if (end == k + 2) {
        doc.entries.push_back({w, Value::Str(words[k + 1].text), words[k].line});
      } else {
        Value list;
        list.kind = Value::Kind::List;
        for (size_t v = k + 1; v < end; ++v) list.list.push_back(Value::Str(words[v].text));
        doc.entries.push_back({w, std::move(list), words[k].line});
      }
      k = end - 1;
    } else {
      doc.entries.push_back({w, Value::Bool(true), words[k].line});
    }
  }
  return true;
}

}  // namespace tp::launch
