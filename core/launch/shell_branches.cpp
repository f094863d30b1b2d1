// shell_branches.cpp — the `if` blocks of a launch script (shell_branches.h): Megatron-LM's examples add their FP8
// flags under `if [[ "$DTYPE" == "fp8" ]]`, verl's TensorRT-LLM scripts set a batch by `if [ $TP -eq 4 ]; ... else`.
// Reading every branch took the last one's settings whatever the script's variables said.
#include "shell_branches.h"

#include <cerrno>
#include <cstdlib>

namespace tp::launch::shell_detail {
namespace {

Truth Not(Truth t) { return t == Truth::Unknown ? t : (t == Truth::True ? Truth::False : Truth::True); }
Truth Of(bool b) { return b ? Truth::True : Truth::False; }

Truth And(Truth a, Truth b) {
  if (a == Truth::False || b == Truth::False) return Truth::False;
  return a == Truth::True && b == Truth::True ? Truth::True : Truth::Unknown;
}
Truth Or(Truth a, Truth b) {
  if (a == Truth::True || b == Truth::True) return Truth::True;
  return a == Truth::False && b == Truth::False ? Truth::False : Truth::Unknown;
}

// [[ s == pattern ]]: '*' and '?' as the shell matches them (a bracket class is left undecided by the caller).
bool Glob(const char* s, const char* p) {
  for (; *p; ++p, ++s) {
    if (*p == '*') {
      for (const char* rest = s;; ++rest) {
        if (Glob(rest, p + 1)) return true;
        if (!*rest) return false;
      }
    }
    if (!*s || (*p != '?' && *p != *s)) return false;
  }
  return !*s;
}

bool Integer(const std::string& s, long long& v) {
  if (s.empty()) return false;
  errno = 0;
  char* end = nullptr;
  v = std::strtoll(s.c_str(), &end, 10);
  return errno == 0 && end && *end == '\0';
}

// a op b, the three-word tests.
Truth Compare(const std::string& a, const std::string& op, const std::string& b, bool double_bracket) {
  if (op == "=" || op == "==" || op == "!=") {
    bool equal = a == b;
    if (double_bracket && b.find_first_of("*?") != std::string::npos) equal = Glob(a.c_str(), b.c_str());
    if (double_bracket && b.find('[') != std::string::npos) return Truth::Unknown;
    return Of(op == "!=" ? !equal : equal);
  }
  static const char* const kNumeric[] = {"-eq", "-ne", "-lt", "-le", "-gt", "-ge"};
  for (int i = 0; i < 6; ++i) {
    if (op != kNumeric[i]) continue;
    long long x = 0, y = 0;
    if (!Integer(a, x) || !Integer(b, y)) return Truth::Unknown;
    const bool r[] = {x == y, x != y, x<y, x <= y, x> y, x >= y};
    return Of(r[i]);
  }
  return Truth::Unknown;  // <, >, =~, -nt, ...
}

// The word a test command starts with.
bool OpensTest(const std::string& w) { return w == "[" || w == "[[" || w == "test"; }

}  // namespace

Truth TestTruth(std::vector<std::string> words) {
  size_t b = 0, e = words.size();
  bool test = false, double_bracket = false;
  if (b < e && OpensTest(words[b])) {
    double_bracket = words[b] == "[[";
    test = true, ++b;
  }
  if (e > b && (words[e - 1] == "]" || words[e - 1] == "]]")) {
    double_bracket |= words[e - 1] == "]]";
    test = true, --e;
  }
  if (!test) return Truth::Unknown;  // a command: its exit status is not known here
  bool negate = false;
  for (; b < e && words[b] == "!"; ++b) negate = !negate;
  for (size_t k = b; k < e; ++k)
    if (words[k].find('$') != std::string::npos) return Truth::Unknown;  // left to the environment
  Truth t = Truth::Unknown;
  const size_t n = e - b;
  if (n == 0) {
    t = Truth::False;
  } else if (n == 1) {
    t = Of(!words[b].empty());
  } else if (n == 2 && (words[b] == "-z" || words[b] == "-n")) {
    t = Of(words[b + 1].empty() == (words[b] == "-z"));
  } else if (n == 3) {
    t = Compare(words[b], words[b + 1], words[b + 2], double_bracket);
  }
  return negate ? Not(t) : t;
}

// A block opened here: inside a skipped branch every branch of it is skipped.
Branches::Block& Branches::Open(Truth branch) {
  Block b;
  b.outer_skipped = !Reading();
  b.branch = b.outer_skipped ? Truth::False : branch;
  blocks_.push_back(std::move(b));
  return blocks_.back();
}

void Branches::Decide(Block& b, Truth condition) const {
  if (b.outer_skipped || b.taken) {
    b.branch = Truth::False;
    return;
  }
  // After a branch that may have run, a true condition runs only if that one did not.
  const Truth t = b.open && condition == Truth::True ? Truth::Unknown : condition;
  b.branch = t;
  b.taken |= t == Truth::True;
  b.open |= t == Truth::Unknown;
}

size_t Branches::Take(const std::vector<std::string>& words, char ended) {
  const size_t n = Guarded(words, ended) ? words.size() : Step(words, ended);
  last_ended_ = ended;
  return n;
}

// A test's && or || before a command ([ -z "$MODEL" ] && MODEL=/models/x, [ -n "$X" ] || X=1, a chain of && tests):
// the command runs where the chain allows it. True: the command is not run (its words are dropped).
bool Branches::Guarded(const std::vector<std::string>& words, char ended) {
  if (in_condition_ || words.empty()) return false;  // empty: the second character of && or ||, the chain goes on
  if (OpensTest(words[0]) && (ended == '&' || ended == '|')) {
    const Truth t = TestTruth(words);
    // A test after a chain of && tests runs only where they held.
    const Truth chain = guard_pending_ && guard_op_ == '&' ? And(guard_, t) : t;
    guard_ = ended == '&' ? chain : Not(chain);
    guard_op_ = ended;
    guard_pending_ = true;
    return true;  // a test is no command to read
  }
  const bool skip = guard_pending_ && guard_ == Truth::False;
  guard_pending_ = false;
  // A group the test guards ([ -z "$X" ] && { X=1; Y=2; }): skipped whole, to its closing brace.
  if (skip && words[0] == "{") Open(Truth::False).brace = true;
  return skip;
}

// case WORD in PATTERN) ... ;; ... esac: the arm whose pattern matches the word the script gives (glob, | between
// alternatives); every arm where the word is left to the environment.
size_t Branches::CaseStep(const std::vector<std::string>& words, char ended) {
  Block& b = blocks_.back();
  if (words.empty()) {
    if (ended == ';' && last_ended_ == ';') {  // ;; ends the arm
      b.expect_pattern = true;
      b.branch = Truth::False;
    }
    return 0;
  }
  if (words[0] == "esac") {
    blocks_.pop_back();
    return 1;
  }
  if (!b.expect_pattern) return 0;  // a command of the arm
  std::string pattern = words[0];
  if (!pattern.empty() && pattern.front() == '(') pattern.erase(0, 1);
  const bool last = !pattern.empty() && pattern.back() == ')';
  if (last) pattern.pop_back();
  b.patterns.push_back(pattern);
  if (!last) return words.size();  // an alternative before '|'
  Truth match = Truth::False;
  for (const std::string& p : b.patterns) {
    if (!b.subject_known || p.find_first_of("[$") != std::string::npos) {
      match = match == Truth::True ? match : Truth::Unknown;
    } else if (Glob(b.subject.c_str(), p.c_str())) {
      match = Truth::True;
    }
  }
  b.patterns.clear();
  b.expect_pattern = false;
  Decide(b, match);
  return 1;
}

size_t Branches::Step(const std::vector<std::string>& words, char ended) {
  if (!in_condition_ && !blocks_.empty() && blocks_.back().is_case) {
    const size_t n = CaseStep(words, ended);
    if (n > 0 || words.empty()) return n;  // else a command of the arm, read as any other
  }
  auto start_condition = [&](size_t from, const char* closer, bool negate) {
    in_condition_ = true;
    closer_ = closer;
    negate_ = negate;
    condition_ =
        words.size() > from ? TestTruth(std::vector<std::string>(words.begin() + from, words.end())) : Truth::Unknown;
    pending_op_ = ended;
    return words.size();
  };
  if (in_condition_) {
    if (!words.empty() && words[0] == closer_) {
      in_condition_ = false;
      if (!blocks_.empty())
        Decide(blocks_.back(), negate_ && condition_ != Truth::Unknown ? Not(condition_) : condition_);
      return 1;
    }
    if (words.empty()) {  // the second character of || or &&
      if (ended == '|' || ended == '&') pending_op_ = ended;
      return 0;
    }
    // After && or || the test joins the ones before it; after ; or a newline (or as the first) it replaces them.
    const Truth t = TestTruth(words);
    condition_ = pending_op_ == '&' ? And(condition_, t) : pending_op_ == '|' ? Or(condition_, t) : t;
    pending_op_ = ended;
    return words.size();
  }
  if (words.empty()) return 0;
  const std::string& w = words[0];
  if (w == "case" && words.size() >= 2) {
    Block& b = Open(Truth::False);  // nothing is read before the first pattern
    b.is_case = true;
    b.expect_pattern = true;
    b.subject = words[1];
    b.subject_known = b.subject.find('$') == std::string::npos;
    return words.size();
  }
  const bool loop = w == "while" || w == "until" || w == "for";
  if (w == "if" || loop) {
    Open(Truth::Unknown);
    // A for loop's body is read once, as the loop's words are not walked; a while or until loop's once where its
    // condition may hold (an argument loop, while [[ $# -gt 0 ]], does not run: the script is read without arguments).
    if (w == "for") return words.size();
    return start_condition(1, w == "if" ? "then" : "do", w == "until");
  }
  if (w == "elif" && !blocks_.empty()) {
    blocks_.back().branch = Truth::False;  // read again once its condition is known (then)
    return start_condition(1, "then", false);
  }
  if (w == "else" && !blocks_.empty()) {
    Decide(blocks_.back(), Truth::True);
    return 1;
  }
  if (w == "fi" || w == "done") {
    if (!blocks_.empty()) blocks_.pop_back();
    return 1;
  }
  // A group { ...; } runs where its place runs; its braces are no commands.
  if (w == "{") {
    Open(Truth::Unknown).brace = true;
    return 1;
  }
  if (w == "}") {
    if (!blocks_.empty() && blocks_.back().brace) blocks_.pop_back();
    return 1;
  }
  return w == "then" || w == "do" ? 1 : 0;
}

// The innermost block says it: a block inside a skipped branch skips every branch of its own (constant time, so a
// crafted file of thousands of nested ifs stays linear).
bool Branches::Reading() const { return blocks_.empty() || blocks_.back().branch != Truth::False; }

}  // namespace tp::launch::shell_detail
