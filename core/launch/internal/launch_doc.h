// launch_doc.h — the launch layer's own model of a config file: an ordered list of dotted keys with values,
// as every syntax writes it (JSON, YAML, TOML, Python keyword arguments, command-line flags) and as every
// parser reads it back. Export builds a Doc and renders it; import parses text into a Doc and maps its keys.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "launch.h"

namespace tp::launch {

// A value as the file holds it. Raw is Python code written as it is (torch.bfloat16, a variable's name).
struct Value {
  enum class Kind : uint8_t { Null, Bool, Int, Real, Str, List, Raw, Map } kind = Kind::Null;
  bool b = false;
  double num = 0;
  std::string s;            // Str, Raw (the code); for a parsed scalar of unknown type, its text
  std::vector<Value> list;  // List; Map: alternating key (Str), value
  int line = 0;

  static Value Bool(bool v);
  static Value Int(long long v);
  static Value Real(double v);
  // A number as a reader found it: an Int when it is whole, within +-9e15 (exact in a double) and written without
  // a point or an exponent (`written_as_real` false), a Real otherwise; the one rule for every reader (no cast
  // of an out-of-range double, which is undefined behaviour: a fuzzed "3E057").
  static Value Numeric(double v, bool written_as_real);
  static Value Str(std::string v);
  static Value Raw(std::string v);
  static Value Strs(const std::vector<std::string>& v);
  // Readings for import: false when the value is not of that kind (a YAML "8" reads as a number too).
  bool AsNumber(double& out) const;
  bool AsBool(bool& out) const;
  bool AsText(std::string& out) const;       // Str, Raw, or a scalar's text
  std::vector<std::string> AsTexts() const;  // a list's texts, or a string's comma-separated parts
};

struct Entry {
  std::string key;  // dotted path: "zero_optimization.stage", "TrainingArguments.bf16", "--bf16"
  Value value;
  int line = 0;  // parsed documents: 1-based line of the key
};

struct Doc {
  std::vector<std::string> header;  // comment lines (without the comment mark)
  std::vector<Entry> entries;
  void Add(std::string key, Value v) { entries.push_back({std::move(key), std::move(v), 0}); }
  const Entry* Find(std::string_view key) const;
};

// ---- writers (write.cpp) ---------------------------------------------------------------------------------
std::string WriteJson(const Doc& doc);  // header as a "_comment" list of lines: JSON has no comments
std::string WriteYaml(const Doc& doc);
std::string WriteToml(const Doc& doc);
std::string WriteArgs(const Doc& doc);  // "--flag value" one per line; a Bool true is a bare flag
// One shell command: the launcher's lines (written as they are), then "--flag value" per line (a List is one word
// per item, a Bool true a bare flag), each line but the last continued with a backslash.
std::string WriteCommand(const Doc& doc, const std::vector<std::string>& launcher);
std::string PyValue(const Value& v);  // a value as Python source
std::string PyString(std::string_view s);

// ---- parsers: text -> Doc, or an issue with the line (parse_*.cpp) ---------------------------------------
bool ParseJsonDoc(std::string_view text, Doc& doc, std::vector<ConfigIssue>& issues);
bool ParseYamlDoc(std::string_view text, Doc& doc, std::vector<ConfigIssue>& issues);
bool ParseTomlDoc(std::string_view text, Doc& doc, std::vector<ConfigIssue>& issues);
// Python: every call's keyword arguments as "Callee.keyword" (Callee = the last name of the called path:
// "TrainingArguments", "from_pretrained"), its first positional argument as "Callee.0", and module-level
// assignments of literals as "=NAME". Names of such assignments used as values are replaced by their value.
bool ParsePythonDoc(std::string_view text, Doc& doc, std::vector<ConfigIssue>& issues);
// Shell words (quotes, backslashes, comments): "--flag value", "--flag v1 v2" (a List: an nargs flag) and bare
// "--flag" (a Bool true).
bool ParseArgsDoc(std::string_view text, Doc& doc, std::vector<ConfigIssue>& issues);
// A file that does not parse as its syntax: the one issue every reader gives, naming the line; `what` is a reader's
// fixed English reason, which the phrase table translates (Words).
void NotValid(std::vector<ConfigIssue>& issues, int line, const char* syntax, std::string what);
// TRL's command line (trl sft|dpo|grpo --flags, or accelerate launch trl/scripts/sft.py --flags), parse_trl_cli.cpp:
// its flags as the keys a TRL script's configs give (SFTConfig.x, LoraConfig.r, BitsAndBytesConfig.load_in_4bit,
// =MODEL_ID), accelerate's config as accelerate.config, the launcher's GPU flags as written.
// A launcher's own flags (accelerate's, torchrun's, deepspeed's), without their "--": the command-line readers keep
// them as written, and import.cpp LauncherGpus reads the GPUs from them by their role.
enum class LauncherRole : uint8_t { Processes, PerNode, Nodes, Placement };
struct LauncherFlag {
  const char* flag;
  LauncherRole role;
};
inline constexpr LauncherFlag kLauncherFlags[] = {
    {"num_processes", LauncherRole::Processes},  // accelerate: every process of every machine
    {"nproc_per_node", LauncherRole::PerNode},   // torchrun
    {"nproc-per-node", LauncherRole::PerNode},
    {"num_gpus", LauncherRole::PerNode},  // deepspeed
    {"nnodes", LauncherRole::Nodes},
    {"num_nodes", LauncherRole::Nodes},
    {"master_addr", LauncherRole::Placement},
    {"master_port", LauncherRole::Placement},
    {"node_rank", LauncherRole::Placement},
    {"rdzv_endpoint", LauncherRole::Placement},
    {"rdzv_backend", LauncherRole::Placement},
};
inline bool IsLauncherFlag(std::string_view flag) {
  for (const LauncherFlag& f : kLauncherFlags)
    if (flag == f.flag) return true;
  return false;
}
bool IsTrlCommand(std::string_view text);
// An Accelerate config (`accelerate config`'s default_config.yaml, TRL's and LLaMA-Factory's accelerate configs): a
// YAML file of the launcher's keys, distributed_type among them (formats.cpp).
bool IsAccelerateConfig(std::string_view text);
bool ParseTrlCommandDoc(std::string_view text, Doc& doc, std::vector<ConfigIssue>& issues);
// Transformers' example scripts' command line (torchrun run_clm.py --per_device_train_batch_size 8 ...): the flags as
// TrainingArguments.x, the model and sequence as =MODEL_ID and =MAX_LENGTH, the launcher's GPU flags as written
// (parse_trainer_cli.cpp).
bool IsHfExampleCommand(std::string_view text);
bool ParseHfCommandDoc(std::string_view text, Doc& doc, std::vector<ConfigIssue>& issues);
// A shell script's commands as the shell runs them, for what launch scripts use: variables (NAME=value, $NAME,
// ${NAME:-default}, $((arithmetic)); an unset one without a default stays as written), arrays (NAME=( ... ) and
// "${NAME[@]}"), quotes, backslash continuations, comments; a command ends at a newline or ; | &. Assignments are
// taken, not listed. Of if / elif / else / fi blocks only the branches the script's variables choose are read; a
// condition they do not decide (a file, the environment) reads its branch (shell_branches.h). `error`: the first
// unclosed quote, with its line (the rest is then not read).
struct ScriptWord {
  std::string text;  // expanded, quotes removed
  int line = 0;
};
struct ShellCommand {
  std::vector<ScriptWord> words;
};
struct ShellError {
  int line = 0;  // 0: none
  const char* what = "";
};
std::vector<ShellCommand> ShellCommands(std::string_view text, ShellError* error = nullptr);
// The same inside a quoted script (bash -c "..."), `depth` levels down (at most two are read).
std::vector<ShellCommand> ShellCommands(std::string_view text, ShellError* error, int depth);
// A shell script that runs `module` (verl.trainer.main_ppo) with Hydra overrides: the script's variables expanded as
// the shell would for NAME=value, $NAME, ${NAME:-default} and $((arithmetic)), the command's key.path=value words as
// entries ('+' and '~' prefixes dropped), its --config-name in `config_name` (without ".yaml").
bool ParseHydraCommandDoc(std::string_view text, std::string_view module, Doc& doc, std::string& config_name,
                          std::vector<ConfigIssue>& issues);

// 1-based line of byte offset `at` in text.
int LineAt(std::string_view text, size_t at);

// The largest file the import reads (a config is a few kB; a pasted log is refused, not parsed).
inline constexpr size_t kMaxImportBytes = 1 << 20;
// A notebook is read whole for its code (its outputs, images among them, make it larger): at most 16 MiB, its code at
// most kMaxImportBytes.
inline constexpr size_t kMaxNotebookBytes = 16 << 20;
// A Jupyter notebook's code cells as one script, IPython's magics and shell lines blanked (parse_notebook.cpp); false
// when the text is no notebook.
bool NotebookCode(std::string_view text, std::string& code);

}  // namespace tp::launch
