// cli_help.cpp — `trainplan --help` and each command's help. The key list is generated from the key table
// (core/keys*.cpp): each key's help, accepted values, unit, default and the default's source, so the help
// cannot drift from the parser.
#include "cli_parts.h"

#include <cstdio>
#include <string>
#include <vector>

#include "config.h"
#include "default_sources.h"
#include "launch.h"
#include "report.h"

// GCC 12 reports -Wrestrict falsely for `"literal" + std::string&&` once inlined (GCC bug 105329).
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ == 12
#pragma GCC diagnostic ignored "-Wrestrict"
#endif

namespace tp::cli {
namespace {

// A section's title as the key table names it, with what auto means where it decides something.
std::string GroupName(KeyGroup g) {
  std::string title = GroupTitle(g, Lang::En);
  if (g == KeyGroup::Layout) title += " (auto = the planner chooses)";
  if (g == KeyGroup::Assumptions) title += " (auto = the fitted or published default)";
  return title;
}

// Words wrapped to `width` columns, continuation lines indented to `indent`; ends with a newline.
std::string Wrap(const std::string& text, size_t indent, size_t width) {
  std::string out, word;
  size_t column = indent;
  auto flush = [&] {
    if (word.empty()) return;
    if (column > indent && column + 1 + word.size() > width) {
      out += "\n" + std::string(indent, ' ');
      column = indent;
    } else if (column > indent) {
      out += ' ';
      ++column;
    }
    out += word;
    column += word.size();
    word.clear();
  };
  for (char c : text) {
    if (c == ' ')
      flush();
    else
      word += c;
  }
  flush();
  return out + "\n";
}

std::string KeysHelp() {
  std::string s = "Keys (KEY=VALUE):\n";
  const Config defaults;
  int group = -1;
  for (const KeyInfo& k : Keys()) {
    if (k.group == KeyGroup::Link || k.group == KeyGroup::Interface) continue;
    if (int(k.group) != group) {
      group = int(k.group);
      s += "\n  " + GroupName(k.group) + "\n";
    }
    std::string name = std::string("    ") + k.name;
    name.resize(std::max<size_t>(name.size() + 1, 22), ' ');
    std::string unit = *k.unit ? std::string("; unit ") + k.unit : "";
    s += name + Wrap(k.help, 22, 100) + std::string(22, ' ') +
         Wrap(std::string(k.accepts) + unit + "; " +
                  (FormatValue(defaults, k.name).empty() ? std::string("no default")
                                                         : "default " + FormatValue(defaults, k.name)),
              22, 100);
    if (const char* source = DefaultSource(k.name); *source)
      s += std::string(22, ' ') + Wrap(std::string("the default's source: ") + source, 22, 100);
  }
  return s;
}

const char* kCommonOptions =
    "Configuration (applied in the order given; later wins):\n"
    "  KEY=VALUE            one key (see the list below)\n"
    "  --link URL           a share link: whole URL, #fragment or bare key=value&... pairs\n"
    "  URL or #FRAGMENT     a pasted share link, the same as --link\n"
    "  --config FILE        a JSON object of keys (or a whole `plan --format json` output)\n"
    "  --hf-config FILE     a Hugging Face config.json: the model's dimensions (model=custom)\n"
    "  --import FILE        a training framework's config (DeepSpeed, Trainer, TRL's SFT, GRPO and DPO,\n"
    "                       torchtune, Axolotl, LLaMA-Factory, Unsloth, torchtitan, Megatron-LM, verl,\n"
    "                       OpenRLHF; an Accelerate config for the launcher): the plan for it, its format\n"
    "                       detected (--import-format F names it);\n"
    "                       each key it cannot map is a note\n";

}  // namespace

std::string Help(const std::string& command) {
  if (command == "plan")
    return std::string(
               "trainplan plan [KEY=VALUE ...] [--link URL] [--config FILE] [--hf-config FILE] [--format F]\n"
               "  Memory per GPU, step time, throughput, days and cost of one training run. Layout keys left on\n"
               "  auto (tp, pp, vp, cp, ep, mbs, zero, recompute, offload, sp) are chosen by layout search.\n\n") +
           kCommonOptions +
           "  --format F           text (default), json, csv or md\n"
           "  --lang L             en (default) or zh: the words of text and Markdown (JSON and CSV stay English)\n"
           "  --log FILE           calibrate from your run: a torchtitan, torchtune, Megatron-LM or HF Trainer log\n"
           "                       (its tokens/s and peak memory become measured_tokens_per_s_per_gpu and\n"
           "                       measured_peak_gib; the plan fits calib_speed and calib_memory to them)\n\n"
           "Examples:\n"
           "  trainplan plan model=llama2-70b prec=bf16 --format json\n"
           "  trainplan plan model=llama3-70b gpu=h100 gpus=64 seq=32768\n"
           "  trainplan plan model=llama3-8b method=qlora gpu=rtx4090 gpus=1 seq=2048\n"
           "  trainplan plan model=llama2-70b gpu=rtx4090 gpus=2048 --lang zh\n"
           "  trainplan plan --hf-config config.json gpu=h100 gpus=8 tokens=1e11\n"
           "  trainplan plan --link 'https://host/trainplan/#v=1&model=mixtral-8x7b&gpus=128'\n\n" +
           KeysHelp();
  if (command == "compare")
    return std::string(
        "trainplan compare --link URL --link URL [...] [KEY=VALUE ...] [--format F]\n"
        "  Plans each scenario and prints them side by side. Each --link or --config is one scenario;\n"
        "  KEY=VALUE pairs apply to every scenario (after its link). One link of the page's compare view\n"
        "  (view=compare, or a cmp key) gives the page's columns: its cmp scenarios, or the default ones;\n"
        "  so do a cmp pair and KEY=VALUE pairs without a link.\n\n"
        "  --link URL           one scenario from a share link (a bare URL or #fragment works too)\n"
        "  --config FILE        one scenario from a JSON file\n"
        "  --format F           text (default), json, csv or md\n"
        "  --lang L             en (default) or zh: the words of text and Markdown\n\n"
        "Examples:\n"
        "  trainplan compare --link '#v=1&gpu=a100-80g' --link '#v=1&gpu=h100'\n"
        "  trainplan compare 'https://host/trainplan/#v=1&zero=1' 'https://host/trainplan/#v=1&zero=3'\n"
        "  trainplan compare --link '#v=1&zero=1' --link '#v=1&zero=3' model=llama3-8b gpus=8 --format md\n"
        "  trainplan compare --link '#v=1&model=llama2-7b&view=compare&cmp=gpu:h100,gpus:96;gpu:a100-80g,gpus:128'\n"
        "  trainplan compare 'cmp=gpu:h100,gpus:8;gpu:rtx4090,gpus:8' model=llama3.1-8b\n");
  if (command == "search")
    return std::string(
               "trainplan search [KEY=VALUE ...] [--objective time|cost] [--top N] [--format F]\n"
               "  Evaluates every valid layout for the keys left on auto and lists the best, with why each\n"
               "  loses to the first. A page's Search link (view=search) searches what the page did: every\n"
               "  GPU type (search_gpus=this: the link's only), 20 rows, in its order (search_by); the\n"
               "  options below override it.\n\n") +
           kCommonOptions +
           "  --objective O        time (default) or cost\n"
           "  --top N              how many layouts to list (default 10, 1-1000)\n"
           "  --gpu-types A,B      also search these GPU ids (time/cost front across types)\n"
           "  --gpu-counts N,M     search these GPU counts\n"
           "  --format F           text (default), json, csv or md\n"
           "  --lang L             en (default) or zh: the words of text and Markdown\n\n"
           "Examples:\n"
           "  trainplan search model=llama3-70b gpu=h100 gpus=64 --top 5\n"
           "  trainplan search model=llama3-8b gpus=8 --objective cost --gpu-types h100,a100-80g,l40s --format json\n";
  if (command == "catalog")
    return "trainplan catalog gpus|models|links|stacks [--format F]\n"
           "  The built-in GPUs, model presets, interconnects and training frameworks (stacks: each convention\n"
           "  and its source, the fitted efficiency per release; as text, what each stack runs, then what each RL\n"
           "  framework's policy training leaves out of it), each with its source.\n\n"
           "  --format F           text (default), json, csv or md\n\n"
           "Examples:\n"
           "  trainplan catalog gpus\n"
           "  trainplan catalog models --format json\n"
           "  trainplan catalog stacks --format md\n";
  if (command == "explain")
    return std::string(
               "trainplan explain [KEY=VALUE ...] [--link URL] [--format text|json] [NAME]\n"
               "  Every headline number of the plan (days, cost, GPU-hours, failures, memory per GPU and its\n"
               "  parts, step time and its parts, tokens/s per GPU, MFU) as the tree of formulas that produced\n"
               "  it, down to your keys and the catalog's and defaults' constants, each with its value, unit\n"
               "  and source. NAME shows one number's tree (days, memory_total_bytes, step_seconds, ...).\n\n") +
           kCommonOptions +
           "  --format F           text (default) or json\n"
           "  --lang L             en (default) or zh\n"
           "  --log FILE           calibrate from your run first (see `trainplan plan --help`)\n\n"
           "Examples:\n"
           "  trainplan explain model=llama2-70b gpu=rtx4090 gpus=8 memory_total_bytes\n"
           "  trainplan explain model=llama3-8b gpu=h100 gpus=64 --format json\n";
  if (command == "export")
    return std::string(
               "trainplan export --to FORMAT [KEY=VALUE ...] [--link URL] [-o FILE]\n"
               "  The plan as a training framework's own config, with a header comment: the plan's link, its\n"
               "  predicted memory and speed, the layout and the framework release it targets. Layout keys left\n"
               "  on auto are searched among what the framework can run (the Trainer: tp=1); the format's stack\n"
               "  is used unless stack= is given. What the format cannot say is a note on stderr, or, where it\n"
               "  cannot run the plan at all, an error with the reason (tp=8 for the Trainer, QLoRA for Megatron).\n\n"
               "  --to FORMAT          ") +
           LaunchFormatList() +
           "\n"
           "  -o FILE              write the file (default: stdout)\n" +
           kCommonOptions +
           "\nExamples:\n"
           "  trainplan export --to llama-factory model=llama3.1-8b method=qlora gpu=rtx4090 gpus=1 -o train.yaml\n"
           "  trainplan export --to megatron model=llama3-70b gpu=h100 gpus=64 tokens=1e12 -o megatron_args.txt\n"
           "  trainplan export --to openrlhf goal=grpo model=qwen2.5-7b gpu=h100 gpus=8 -o train_openrlhf.sh\n"
           "  trainplan export --to deepspeed --link 'https://host/trainplan/#v=1&model=llama2-7b&gpus=8'\n"
           "  trainplan plan --import train.yaml gpu=h100 gpus=8     # paste your config, see if it fits\n";
  if (command == "link")
    return std::string(
               "trainplan link [KEY=VALUE ...] [--link URL] [--config FILE] [--hf-config FILE]\n"
               "  Prints the share link (#v=1&...) for the configuration: only keys that differ from the\n"
               "  defaults, the same text the page puts in its address bar.\n\n") +
           kCommonOptions +
           "\nExamples:\n"
           "  trainplan link model=llama3-70b gpu=h100 gpus=64\n"
           "  trainplan link --hf-config config.json\n";
  return "trainplan — plan training and fine-tuning of large language models (offline)\n\n"
         "Usage:\n"
         "  trainplan plan    [KEY=VALUE ...] [--link URL] [--format text|json|csv|md]\n"
         "  trainplan compare --link URL --link URL [...]      scenarios side by side\n"
         "  trainplan search  [KEY=VALUE ...] [--objective time|cost] [--top N] [--format ...]\n"
         "  trainplan catalog gpus|models|links|stacks [--format ...]\n"
         "  trainplan link    [KEY=VALUE ...]                   prints the share link\n"
         "  trainplan explain [KEY=VALUE ...] [NAME]            the formulas behind each number\n"
         "  trainplan export  --to FORMAT [KEY=VALUE ...]       the plan as a framework's config\n"
         "  trainplan plan    --import FILE [KEY=VALUE ...]     the plan for a framework's config\n\n"
         "`trainplan COMMAND --help` shows the options, examples and every key.\n"
         "Exit status: 0 success, 2 bad input (one line on stderr naming the key).\n";
}

}  // namespace tp::cli
