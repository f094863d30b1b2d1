// parse_shell.cpp — launch scripts as the frameworks' users write them: the shell's commands (ShellCommands) with
// what such scripts use expanded as the shell would (variables, ${NAME:-default}, $((arithmetic)), arrays), for every
// script reader (parse.cpp's command-line flags: Megatron-LM, OpenRLHF), and verl's `python3 -m verl.trainer.main_ppo`
// command, whose Hydra overrides (key.path=value, +key=value) become the Doc's dotted keys, as its YAML config has
// them.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "launch_doc.h"
#include "shell_branches.h"

namespace tp::launch {
namespace shell_detail {  // named: the unity build joins this file with parse.cpp's anonymous namespace

constexpr int kMaxDepth = 32;          // nested expansions (${A:-${B:-...}}); a script never needs more
constexpr size_t kMaxVars = 4096;      // assignments kept
constexpr size_t kMaxWord = 65536;     // one expanded word
constexpr size_t kMaxWords = 1 << 16;  // a command's words once its arrays are spliced in (a script has hundreds)

using Vars = std::map<std::string, std::string>;

bool NameStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool NameChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
// A shell variable's name.
bool IsName(const std::string& s) { return !s.empty() && NameStart(s[0]) && std::all_of(s.begin(), s.end(), NameChar); }

// The end of a balanced group opened at s[at] (one of "({"), past its closing character; npos when unclosed.
size_t Balanced(std::string_view s, size_t at) {
  const char open = s[at], close = open == '(' ? ')' : '}';
  int depth = 0;
  for (size_t i = at; i < s.size(); ++i) {
    if (s[i] == '\\') {
      ++i;
      continue;
    }
    if (s[i] == open) ++depth;
    if (s[i] == close && --depth == 0) return i + 1;
  }
  return std::string_view::npos;
}

// $(( )): bash's integer arithmetic (+ - * / % and parentheses) over numbers and variable names, an unset or
// non-numeric name being 0 as in bash; computed in doubles, division truncated, so no integer overflow.
struct Arith {
  std::string_view s;
  const Vars& vars;
  size_t i = 0;
  int depth = 0;
  bool ok = true;

  void Skip() {
    while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
  }
  double Primary() {
    Skip();
    if (i >= s.size() || ++depth > kMaxDepth) return ok = false, 0.0;
    double v = 0;
    if (s[i] == '(') {
      ++i;
      v = Sum();
      Skip();
      if (i < s.size() && s[i] == ')')
        ++i;
      else
        ok = false;
    } else if (s[i] == '-' || s[i] == '+') {
      const bool negative = s[i++] == '-';
      v = Primary();
      if (negative) v = -v;
    } else if (std::isdigit(static_cast<unsigned char>(s[i]))) {
      while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])))
        v = std::min(1e18, v * 10 + (s[i++] - '0'));
    } else {
      if (s[i] == '$') ++i;
      const bool brace = i < s.size() && s[i] == '{';
      if (brace) ++i;
      const size_t start = i;
      while (i < s.size() && NameChar(s[i])) ++i;
      const std::string name(s.substr(start, i - start));
      if (brace && i < s.size() && s[i] == '}') ++i;
      if (name.empty() || !NameStart(name[0])) return --depth, ok = false, 0.0;
      if (auto it = vars.find(name); it != vars.end()) {
        char* end = nullptr;
        const double n = std::strtod(it->second.c_str(), &end);
        if (end && *end == '\0' && std::isfinite(n)) v = std::trunc(n);
      }
    }
    --depth;
    return v;
  }
  double Product() {
    double v = Primary();
    for (Skip(); ok && i < s.size() && (s[i] == '*' || s[i] == '/' || s[i] == '%'); Skip()) {
      const char op = s[i++];
      const double r = Primary();
      if (op == '*') {
        v *= r;
      } else if (r == 0) {
        return ok = false, 0.0;
      } else {
        v = op == '/' ? std::trunc(v / r) : std::fmod(v, r);
      }
    }
    return v;
  }
  double Sum() {
    double v = Product();
    for (Skip(); ok && i < s.size() && (s[i] == '+' || s[i] == '-'); Skip()) {
      const char op = s[i++];
      const double r = Product();
      v = op == '+' ? v + r : v - r;
    }
    return v;
  }
};

std::string Expand(std::string_view s, const Vars& vars, int depth);

// One expansion starting at s[at] == '$': its text appended to `out`; returns the position after it. What the script
// cannot give here (a command substitution, an unset name without a default) stays as written.
size_t ExpandOne(std::string_view s, size_t at, const Vars& vars, int depth, std::string& out) {
  const size_t n = s.size();
  if (at + 2 < n && s[at + 1] == '(' && s[at + 2] == '(') {  // $(( arithmetic ))
    const size_t end = Balanced(s, at + 1);
    if (end != std::string_view::npos && end >= at + 5 && s[end - 2] == ')') {
      Arith a{s.substr(at + 3, end - 2 - (at + 3)), vars};
      const double v = a.Sum();
      a.Skip();
      if (a.ok && a.i == a.s.size() && std::fabs(v) < 1e15) {
        out += std::to_string(static_cast<long long>(v));
        return end;
      }
    }
    const size_t stop = end == std::string_view::npos ? n : end;
    out += s.substr(at, stop - at);
    return stop;
  }
  if (at + 1 < n && s[at + 1] == '(') {  // $( command ): not run
    const size_t end = Balanced(s, at + 1);
    const size_t stop = end == std::string_view::npos ? n : end;
    out += s.substr(at, stop - at);
    return stop;
  }
  if (at + 1 < n && s[at + 1] == '{') {  // ${NAME}, ${NAME:-default}, ${NAME-default}, ${NAME:=default}
    const size_t end = Balanced(s, at + 1);
    if (end == std::string_view::npos) {
      out += s.substr(at);
      return n;
    }
    const std::string_view inner = s.substr(at + 2, end - 1 - (at + 2));
    size_t k = 0;
    while (k < inner.size() && NameChar(inner[k])) ++k;
    const std::string name(inner.substr(0, k));
    const auto it = vars.find(name);
    const bool set = it != vars.end();
    if (k == inner.size() && !name.empty()) {
      if (set)
        out += it->second;
      else
        out += s.substr(at, end - at);
      return end;
    }
    const std::string_view rest = inner.substr(k);
    const bool colon = !rest.empty() && rest[0] == ':';
    const std::string_view op = rest.substr(colon ? 1 : 0);
    if (!name.empty() && !op.empty() && (op[0] == '-' || op[0] == '=')) {
      const bool use_value = set && (!colon || !it->second.empty());
      if (use_value) {
        out += it->second;
      } else {
        std::string def = Expand(op.substr(1), vars, depth + 1);
        // A default written in quotes ("${HOME}/verl") is the text inside them.
        if (def.size() >= 2 && (def.front() == '"' || def.front() == '\'') && def.back() == def.front())
          def = def.substr(1, def.size() - 2);
        out += def;
      }
      return end;
    }
    out += s.substr(at, end - at);  // another operator (${#A}, ${A/x/y}): as written
    return end;
  }
  if (at + 1 < n && NameStart(s[at + 1])) {  // $NAME
    size_t k = at + 1;
    while (k < n && NameChar(s[k])) ++k;
    const auto it = vars.find(std::string(s.substr(at + 1, k - at - 1)));
    if (it != vars.end())
      out += it->second;
    else
      out += s.substr(at, k - at);
    return k;
  }
  if (at + 1 < n && (s[at + 1] == '@' || s[at + 1] == '*')) return at + 2;  // the script's own arguments: none
  if (at + 1 < n && s[at + 1] == '#') {                                     // and so, their count
    out += '0';
    return at + 2;
  }
  out += '$';
  return at + 1;
}

std::string Expand(std::string_view s, const Vars& vars, int depth) {
  if (depth > kMaxDepth) return std::string(s);
  std::string out;
  for (size_t i = 0; i < s.size() && out.size() < kMaxWord;) {
    if (s[i] == '$') {
      i = ExpandOne(s, i, vars, depth, out);
    } else {
      out += s[i++];
    }
  }
  return out;
}

struct Word {
  std::string text;  // expanded, quotes removed
  std::string raw;   // as written (an assignment is recognised by it: NAME= before any quote)
  int line = 0;
};

// Here-documents (cmd <<EOF, the lines up to EOF): data for the command, never commands themselves. OpenRLHF's
// examples keep their flags in one (read -r -d '' training_commands <<EOF ... EOF, then deepspeed $training_commands).
struct Heredocs {
  std::vector<std::pair<size_t, size_t>> bodies;  // [start, end) of each body not yet passed over, in order
  std::string first;                              // the command's first body, expanded unless its delimiter is quoted
  int first_line = 0;                             // the line that body starts on
  bool has = false;                               // the command has one
  // Variables read from a body (read NAME <<EOF): the line their value starts on, so that the words $NAME gives
  // name their own lines in the file (a flag's error points into the here-document, where it is written).
  std::map<std::string, int> lines;
};

// "<<" at s[at] (not "<<<"): its delimiter read ('EOF', "EOF" and \EOF quote it: no expansion; <<- strips leading
// tabs), its body found on the lines after this one (after the bodies pending there) and recorded; returns the
// position after the delimiter.
size_t ReadHeredoc(std::string_view s, size_t at, int line, const Vars& vars, Heredocs& hd) {
  constexpr size_t npos = std::string_view::npos;
  at += 2;
  const bool strip = at < s.size() && s[at] == '-';
  at += strip ? 1 : 0;
  while (at < s.size() && (s[at] == ' ' || s[at] == '\t')) ++at;
  std::string delim;
  bool quoted = false;
  while (at < s.size() && std::string_view(" \t\r\n;|&<>").find(s[at]) == npos) {
    const char c = s[at];
    if (c == '\'' || c == '"') {
      const size_t end = s.find(c, at + 1);
      delim += s.substr(at + 1, (end == npos ? s.size() : end) - at - 1);
      at = end == npos ? s.size() : end + 1, quoted = true;
    } else {
      if (c == '\\' && at + 1 < s.size()) ++at, quoted = true;
      delim += s[at++];
    }
  }
  // At most 16 pending on a line (a script has one or two): each is a scan of the text after it.
  if (delim.empty() || hd.bodies.size() >= 16) return at;
  const size_t eol = s.find('\n', at);
  if (eol == npos) return at;
  const size_t start = hd.bodies.empty() ? eol + 1 : hd.bodies.back().second;
  size_t body_end = s.size(), end = s.size();
  for (size_t p = start; p < s.size();) {
    const size_t nl = s.find('\n', p);
    std::string_view l = s.substr(p, (nl == npos ? s.size() : nl) - p);
    if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
    while (strip && !l.empty() && l.front() == '\t') l.remove_prefix(1);
    if (l == delim) {
      body_end = p, end = nl == npos ? s.size() : nl + 1;
      break;
    }
    p = nl == npos ? s.size() : nl + 1;
  }
  hd.bodies.push_back({start, end});
  if (!hd.has) {
    std::string body(s.substr(start, body_end - start));
    // Backslash-newlines join lines, then the text is expanded, as the shell reads an unquoted here-document; the
    // newline is kept as a blank (the same to word splitting) so that words keep their lines.
    if (!quoted) {
      for (size_t k; (k = body.find("\\\n")) != std::string::npos;) body.erase(k, 1);
      body = Expand(body, vars, 0);
    }
    hd.first = std::move(body), hd.has = true;
    hd.first_line = line + int(std::count(s.begin() + at, s.begin() + start, '\n'));
  }
  return at;
}

// An unquoted expansion's value into the command's words. Field splitting: its blanks separate words (torchrun
// $DISTRIBUTED_ARGS holding "--nproc_per_node 8 --nnodes 1"); after an '=' kept whole (NAME=$X, as the shell keeps
// it, and key=$X, which the shell would split, where launch scripts' values have no blanks). `base`: the line the
// value starts on where it was read from a here-document (each word then on its own line), else 0 (the command's).
void SplitExpansion(const std::string& value, const std::string& raw, int line, int base, Word& w, bool& in_word,
                    std::vector<Word>& words) {
  size_t counted = 0;
  int newlines = 0;
  auto line_at = [&](size_t p) {
    if (base <= 0) return line;
    newlines += int(std::count(value.begin() + counted, value.begin() + p, '\n'));
    counted = p;
    return base + newlines;
  };
  const bool assignment = w.raw.find('=') != std::string::npos;
  const size_t first = assignment ? 0 : value.find_first_not_of(" \t\n");
  if (w.text.empty() && first != std::string::npos) w.line = line_at(first);
  size_t p = 0;
  for (size_t q; !assignment && (q = value.find_first_of(" \t\n", p)) != std::string::npos;) {
    w.text += value.substr(p, q - p);
    w.raw += raw;
    if (!w.text.empty()) words.push_back(std::move(w));
    w = Word{};
    p = value.find_first_not_of(" \t\n", q);
    in_word = p != std::string::npos;
    if (!in_word) break;
    w.line = line_at(p);
  }
  if (p != std::string::npos) {
    w.text += value.substr(p);
    w.raw += raw;
  } else if (w.text.empty()) {
    w = Word{}, in_word = false;  // blanks alone: no word
  }
}

// The words of one shell command from s[at] to the newline that no backslash continues (a comment ends it at the
// line's end), expanded with `vars`; `at` and `line` move past it, `ended` is the character that ended it (';', '|',
// '&', '\n'; 0 at the end of the text). Here-document bodies are passed over (`hd`).
std::vector<Word> CommandWords(std::string_view s, size_t& at, int& line, const Vars& vars, ShellError* error,
                               char& ended, Heredocs& hd) {
  std::vector<Word> words;
  ended = 0;
  Word w;
  bool in_word = false;
  auto finish = [&] {
    if (in_word) words.push_back(std::move(w));
    w = Word{};
    in_word = false;
  };
  while (at < s.size()) {
    // A body a quoted word ran into is read as it was; one that starts here is passed over.
    while (!hd.bodies.empty() && at > hd.bodies.front().first) hd.bodies.erase(hd.bodies.begin());
    if (!hd.bodies.empty() && at == hd.bodies.front().first) {  // a here-document's body: not commands
      line += int(std::count(s.begin() + at, s.begin() + hd.bodies.front().second, '\n'));
      at = hd.bodies.front().second;
      hd.bodies.erase(hd.bodies.begin());
      continue;
    }
    const char c = s[at];
    if (c == '\n') {
      ++line, ++at;
      ended = c;
      break;
    }
    if (c == '\\' && at + 1 < s.size() && (s[at + 1] == '\n' || s[at + 1] == '\r')) {
      at += s[at + 1] == '\r' && at + 2 < s.size() && s[at + 2] == '\n' ? 3 : 2;
      ++line;
      finish();
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\r') {
      finish();
      ++at;
      continue;
    }
    if (c == '#' && !in_word) {  // a comment: to the end of the line
      while (at < s.size() && s[at] != '\n') ++at;
      continue;
    }
    if (c == ';' || c == '|' || c == '&') {  // the command ends (a; b, a && b, a | b)
      finish();
      ++at;
      ended = c;
      break;
    }
    if (c == '<' && at + 1 < s.size() && s[at + 1] == '<' && (at + 2 >= s.size() || s[at + 2] != '<')) {
      finish();
      at = ReadHeredoc(s, at, line, vars, hd);
      continue;
    }
    if (!in_word) w.line = line, in_word = true;
    if (c == '\'') {
      const size_t end = s.find('\'', at + 1);
      if (end == std::string_view::npos && error && !error->line) *error = {line, "a single quote is not closed"};
      const size_t stop = end == std::string_view::npos ? s.size() : end;
      for (size_t k = at + 1; k < stop; ++k) line += s[k] == '\n';
      w.text += s.substr(at + 1, stop - at - 1);
      w.raw += s.substr(at, std::min(s.size(), stop + 1) - at);
      at = std::min(s.size(), stop + 1);
    } else if (c == '"') {
      const int opened = line;
      size_t k = at + 1;
      std::string inside;
      while (k < s.size() && s[k] != '"') {
        if (s[k] == '\\' && k + 1 < s.size() && s[k + 1] == '\n') {  // a continuation inside the quotes: removed
          ++line, k += 2;
          continue;
        }
        if (s[k] == '\\' && k + 1 < s.size() && std::string_view("\"\\$`").find(s[k + 1]) != std::string_view::npos) {
          inside += s[k + 1] == '$' ? "\\$" : std::string(1, s[k + 1]);
          k += 2;
          continue;
        }
        line += s[k] == '\n';
        inside += s[k++];
      }
      if (k >= s.size() && error && !error->line) *error = {opened, "a double quote is not closed"};
      // An escaped dollar stays a dollar (not an expansion): expanded apart around it.
      std::string expanded;
      for (size_t p = 0; p < inside.size();) {
        const size_t esc = inside.find("\\$", p);
        expanded +=
            Expand(std::string_view(inside).substr(p, (esc == std::string::npos ? inside.size() : esc) - p), vars, 0);
        if (esc == std::string::npos) break;
        expanded += '$';
        p = esc + 2;
      }
      w.text += expanded;
      w.raw += s.substr(at, std::min(s.size(), k + 1) - at);
      at = std::min(s.size(), k + 1);
    } else if (c == '$') {
      std::string value;
      const size_t end = ExpandOne(s, at, vars, 0, value);
      const std::string raw(s.substr(at, end - at));
      at = end;
      std::string name = raw.substr(1);
      if (name.size() > 2 && name.front() == '{' && name.back() == '}') name = name.substr(1, name.size() - 2);
      const auto from = hd.lines.find(name);
      SplitExpansion(value, raw, line, from == hd.lines.end() ? 0 : from->second, w, in_word, words);
    } else if (c == '\\' && at + 1 < s.size()) {
      w.text += s[at + 1];
      w.raw += s.substr(at, 2);
      at += 2;
    } else {
      w.text += c, w.raw += c;
      ++at;
    }
    if (w.text.size() > kMaxWord) w.text.resize(kMaxWord);
  }
  finish();
  return words;
}

// "NAME=..." as written (no quote or expansion before the '='): the variable's name, else "".
std::string AssignedName(const std::string& raw) {
  const size_t eq = raw.find('=');
  if (eq == std::string::npos || eq == 0 || !NameStart(raw[0])) return "";
  const size_t end = raw[eq - 1] == '+' ? eq - 1 : eq;  // NAME+=value appends
  for (size_t k = 0; k < end; ++k)
    if (!NameChar(raw[k])) return "";
  return end == 0 ? "" : raw.substr(0, end);
}

// The length of "NAME=" or "NAME+=" at the start of an assignment word; `append` says which.
size_t AssignmentPrefix(const std::string& raw, const std::string& name, bool& append) {
  append = raw.size() > name.size() && raw[name.size()] == '+';
  return name.size() + (append ? 2 : 1);
}

// "${NAME[@]}" or "${NAME[*]}" (quoted or not): the array's name, else "".
std::string ArrayReference(const std::string& word) {
  if (word.size() < 7 || word.compare(0, 2, "${") != 0 || word.back() != '}') return "";
  const size_t bracket = word.find('[');
  if (bracket == std::string::npos || (word.compare(bracket, 4, "[@]}") != 0 && word.compare(bracket, 4, "[*]}") != 0))
    return "";
  const std::string name = word.substr(2, bracket - 2);
  return IsName(name) ? name : "";
}

using Arrays = std::map<std::string, std::vector<Word>>;

// "${NAME[@]}" in a command or in another array: the array's items appended to `out`, each split at its spaces, as
// the unquoted ${NAME[@]} of Megatron's scripts gives them ("--fp8-format hybrid" written as one quoted item); within
// the bound on a command's words (a crafted file's thousands of references stay linear).
void AppendArray(const Arrays& arrays, const std::string& name, std::vector<Word>& out) {
  const auto it = arrays.find(name);
  if (it == arrays.end()) return;
  for (const Word& item : it->second)
    for (size_t p = 0; p < item.text.size() && out.size() < kMaxWords;) {
      const size_t q = std::min(item.text.find_first_of(" \t", p), item.text.size());
      if (q > p) out.push_back(Word{item.text.substr(p, q - p), item.raw, item.line});
      p = q + 1;
    }
}

}  // namespace shell_detail

namespace {
// read [-r] [-d ''] NAME <<EOF: the here-document's text into NAME, without its outer blanks (read's IFS trim; -d ''
// reads it whole), where `words` are such a read.
void ReadFromHeredoc(const std::vector<shell_detail::Word>& words, const std::string& body, int first_line,
                     shell_detail::Vars& vars, std::map<std::string, int>& lines) {
  if (words.size() < 2 || words[0].text != "read" || vars.size() >= shell_detail::kMaxVars) return;
  const std::string& name = words.back().text;
  if (!shell_detail::IsName(name)) return;
  const size_t b = body.find_first_not_of(" \t\r\n"), e = body.find_last_not_of(" \t\r\n");
  vars[name] = b == std::string::npos ? std::string() : body.substr(b, e - b + 1);
  if (b != std::string::npos) lines[name] = first_line + int(std::count(body.begin(), body.begin() + b, '\n'));
}

// A quoted word that is itself a script (srun bash -c "pip install ... && python3 -m openrlhf.cli.train_ppo_ray
// --flags", OpenRLHF's train_ppo_ray_slurm.sh): its commands, read as the inner shell reads them.
bool QuotedScript(const std::string& word) {
  return word.find_first_of(" \n") != std::string::npos &&
         (word.find("python") != std::string::npos || word.find(" -m ") != std::string::npos ||
          word.find("torchrun") != std::string::npos);
}
}  // namespace

std::vector<ShellCommand> ShellCommands(std::string_view text, ShellError* error) {
  return ShellCommands(text, error, 0);
}

std::vector<ShellCommand> ShellCommands(std::string_view text, ShellError* error, int depth) {
  using namespace shell_detail;
  std::vector<ShellCommand> commands;
  Vars vars;
  Arrays arrays;      // NAME=( ... ): verl's scripts group their overrides so
  Branches branches;  // if / elif / else / fi: the branches the script's variables choose
  Heredocs heredocs;  // cmd <<EOF ... EOF
  size_t at = 0;
  int line = 1;
  char ended = 0;
  while (at < text.size()) {
    heredocs.has = false;
    std::vector<Word> words = CommandWords(text, at, line, vars, error, ended, heredocs);
    if (error && error->line) return commands;
    std::vector<std::string> texts;
    for (const Word& w : words) texts.push_back(w.text);
    words.erase(words.begin(), words.begin() + std::min(words.size(), branches.Take(texts, ended)));
    if (words.empty()) continue;
    const bool reading = branches.Reading();
    // An array, NAME=( words ... ), over as many lines as it takes: its words, expanded, kept for "${NAME[@]}".
    bool append = false;
    const std::string array = AssignedName(words[0].raw);
    const size_t assign = array.empty() ? 0 : AssignmentPrefix(words[0].raw, array, append);
    if (!array.empty() && words[0].raw.compare(assign, 1, "(") == 0) {
      const std::string& name = array;
      std::vector<Word> items;
      if (append)
        if (const auto it = arrays.find(name); it != arrays.end()) items = it->second;  // NAME+=( ... )
      // The text's own prefix: an expansion can make it longer than the raw word's, never the name part.
      const size_t prefix = assign + 1;
      std::string first = words[0].text.size() >= prefix ? words[0].text.substr(prefix) : std::string();
      bool closed = false;
      auto take = [&](Word w) {
        if (!w.text.empty() && w.text.back() == ')' && (w.raw.empty() || w.raw.back() == ')')) {
          w.text.pop_back();
          closed = true;
        }
        // Another array's words (TRAINING_ARGS+=("${DDP_ARGS[@]}")).
        if (const std::string ref = ArrayReference(w.text); !ref.empty()) return AppendArray(arrays, ref, items);
        if (!w.text.empty() && items.size() < kMaxWords) items.push_back(std::move(w));
      };
      take(Word{first, first, words[0].line});
      for (size_t k = 1; k < words.size() && !closed; ++k) take(words[k]);
      while (!closed && at < text.size()) {
        std::vector<Word> more = CommandWords(text, at, line, vars, error, ended, heredocs);
        if (error && error->line) return commands;
        for (Word& w : more)
          if (!closed) take(std::move(w));
      }
      if (reading && arrays.size() < kMaxVars) arrays[name] = std::move(items);
      continue;
    }
    if (!reading) continue;  // a branch the shell does not run
    if (heredocs.has) ReadFromHeredoc(words, heredocs.first, heredocs.first_line, vars, heredocs.lines);
    // "${NAME[@]}": the array's words in its place, in one pass.
    std::vector<Word> spliced;
    spliced.reserve(words.size());
    for (Word& w : words) {
      if (const std::string name = ArrayReference(w.text); !name.empty())
        AppendArray(arrays, name, spliced);
      else if (spliced.size() < kMaxWords)
        spliced.push_back(std::move(w));
    }
    words = std::move(spliced);
    if (words.empty()) continue;
    size_t w0 = words[0].text == "export" || words[0].text == "local" || words[0].text == "readonly" ? 1 : 0;
    // Assignments before a command word (NAME=value ... cmd): each sets the variable for what follows.
    bool command = false;
    for (size_t k = w0; k < words.size(); ++k) {
      const std::string name = AssignedName(words[k].raw);
      if (name.empty()) {
        command = true;
        w0 = k;
        break;
      }
      bool add = false;
      const size_t prefix = AssignmentPrefix(words[k].raw, name, add);
      const std::string value = words[k].text.size() >= prefix ? words[k].text.substr(prefix) : std::string();
      if (vars.size() < kMaxVars || vars.count(name)) {
        std::string& v = vars[name];
        v = add ? (v + value).substr(0, kMaxWord) : value;
      }
    }
    if (!command) continue;
    ShellCommand c;
    std::vector<ShellCommand> inner;
    for (size_t k = w0; k < words.size(); ++k) {
      if (depth < 2 && QuotedScript(words[k].text)) {
        for (ShellCommand& ic : ShellCommands(words[k].text, nullptr, depth + 1)) {
          for (ScriptWord& w : ic.words) w.line += words[k].line - 1;  // the inner script's lines, in the file's
          inner.push_back(std::move(ic));
        }
        continue;
      }
      c.words.push_back({std::move(words[k].text), words[k].line});
    }
    commands.push_back(std::move(c));
    for (ShellCommand& ic : inner) commands.push_back(std::move(ic));
  }
  return commands;
}

bool ParseHydraCommandDoc(std::string_view text, std::string_view module, Doc& doc, std::string& config_name,
                          std::vector<ConfigIssue>& issues) {
  ShellError error;
  const std::vector<ShellCommand> commands = ShellCommands(text, &error);
  if (error.line) {
    NotValid(issues, error.line, "shell arguments", error.what);
    return false;
  }
  for (const ShellCommand& c : commands) {
    const std::vector<ScriptWord>& words = c.words;
    size_t m = 0;
    while (m < words.size() && words[m].text.find(module) == std::string::npos) ++m;
    if (m == words.size()) continue;
    // The command: its Hydra overrides (key.path=value; + adds a key, ++ forces one, ~ deletes: read as given).
    for (size_t k = m + 1; k < words.size(); ++k) {
      const std::string& t = words[k].text;
      if (t.rfind("--config-name", 0) == 0 || t.rfind("-cn", 0) == 0) {
        std::string name = t.find('=') != std::string::npos ? t.substr(t.find('=') + 1)
                           : k + 1 < words.size()           ? words[++k].text
                                                            : "";
        if (name.size() > 5 && name.compare(name.size() - 5, 5, ".yaml") == 0) name.resize(name.size() - 5);
        config_name = name;
        continue;
      }
      if (t.rfind("--config-path", 0) == 0 || t.rfind("-cp", 0) == 0 || t.rfind("--config-dir", 0) == 0) {
        if (t.find('=') == std::string::npos) ++k;
        continue;
      }
      if (t.empty() || t[0] == '-') continue;
      size_t start = 0;
      while (start < t.size() && (t[start] == '+' || t[start] == '~')) ++start;
      const size_t eq = t.find('=', start);
      if (eq == std::string::npos || eq == start) continue;
      doc.entries.push_back({t.substr(start, eq - start), Value::Str(t.substr(eq + 1)), words[k].line});
    }
    return true;
  }
  NotValid(issues, 1, "shell arguments", "no command of the framework's entry point");
  return false;
}

}  // namespace tp::launch
