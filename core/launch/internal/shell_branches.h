// shell_branches.h — which branch of a launch script's `if` blocks the shell runs (parse_shell.cpp reads the
// commands): its tests ([ ... ], [[ ... ]], test) decided from the script's own variables, the others left open.
#pragma once

#include <string>
#include <vector>

namespace tp::launch::shell_detail {

enum class Truth { False, True, Unknown };

// One test command's words, expanded ("[", "$TP"'s value, "-eq", "4", "]"): its truth where the words decide it
// (string and integer comparisons, -z, -n, !), Unknown where they do not: a word that still holds a '$' (a variable
// the script leaves to the environment), a file test, a command that is not a test.
Truth TestTruth(std::vector<std::string> words);

// The `if` / `elif` / `else` / `fi` blocks around each command, `case` ... `esac` arms and the loops (while,
// until, for ... do ... done), fed every command in order. A branch whose condition is known false (or that follows
// a taken one) is skipped, a loop whose condition is known false too; one whose condition is unknown is read once, as
// every branch was before conditions were decided (a script's settings are then those written last).
class Branches {
 public:
  // A command's words and the character that ended it (';', '|', '&', '\n', or 0 at the end of the text): how many
  // of its leading words are the blocks' own (a condition, then, else, fi, for's list, do, done), to be dropped; all
  // of them when the whole command is.
  size_t Take(const std::vector<std::string>& words, char ended);
  // Whether the commands here run: every enclosing branch is taken or unknown.
  bool Reading() const;

 private:
  struct Block {
    Truth branch = Truth::Unknown;  // the branch being read
    bool taken = false;             // a branch already known to run: the later ones do not
    bool open = false;              // a branch before this one may have run
    bool outer_skipped = false;     // inside a skipped branch: every branch is skipped
    // case WORD in ... esac: the word, whether the script gives it, and the arm's patterns read so far.
    bool is_case = false, subject_known = false, expect_pattern = false;
    bool brace = false;  // a group, { ...; }
    std::string subject;
    std::vector<std::string> patterns;
  };
  size_t Step(const std::vector<std::string>& words, char ended);
  bool Guarded(const std::vector<std::string>& words, char ended);
  size_t CaseStep(const std::vector<std::string>& words, char ended);
  Block& Open(Truth branch);
  void Decide(Block& b, Truth condition) const;
  std::vector<Block> blocks_;
  bool in_condition_ = false;
  Truth condition_ = Truth::Unknown;
  char pending_op_ = 0;  // what ended the condition's last command: '&' (&&), '|' (||), or ';' / a newline
  char last_ended_ = 0;  // what ended the command before: ';' twice is a case arm's end
  // test && command, test || command: whether the command runs (True where it may), and the operator after the test.
  Truth guard_ = Truth::True;
  char guard_op_ = 0;
  bool guard_pending_ = false;
  const char* closer_ = "then";  // the word that ends the condition: then (if, elif) or do (while, until)
  bool negate_ = false;          // until: the body runs while the condition is false
};

}  // namespace tp::launch::shell_detail
