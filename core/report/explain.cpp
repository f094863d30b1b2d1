// explain.cpp — the explanation tree of a plan (explain.h), built from the node table (explain_nodes.cpp):
// Evaluate runs again with a PlanTrace and each node reads its value there, its unit and words from the
// figure table or the key table, its inputs from the nodes built before it. Then the tree as text and JSON.
#include "explain.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

#include "band_text.h"
#include "default_sources.h"
#include "explain_nodes.h"
#include "figures.h"
#include "format.h"
#include "json.h"
#include "resolved.h"
#include "text.h"

namespace tp {
namespace {

using namespace explain_detail;

int IndexOf(const Explanation& ex, std::string_view name) {
  for (size_t i = 0; i < ex.nodes.size(); ++i)
    if (ex.nodes[i].name == name) return int(i);
  return -1;
}

// "a b|c": a, then b or else c, each a node built before.
std::vector<int> Inputs(const Explanation& ex, std::string_view names) {
  std::vector<int> inputs;
  while (!names.empty()) {
    const size_t space = names.find(' ');
    std::string_view word = names.substr(0, space);
    names = space == std::string_view::npos ? std::string_view() : names.substr(space + 1);
    int at = -1;
    while (at < 0 && !word.empty()) {
      const size_t bar = word.find('|');
      at = IndexOf(ex, word.substr(0, bar));
      word = bar == std::string_view::npos ? std::string_view() : word.substr(bar + 1);
    }
    if (at >= 0) inputs.push_back(at);
  }
  return inputs;
}

// A user's key, with the value the plan used; its source is the default's while the key is on its default
// (a value the user gave is its own source), unless the plan's catalog entry names one (the GPU's price).
ExplainNode KeyNode(const NodeSpec& spec, const NodeContext& c) {
  ExplainNode n;
  n.name = n.key = spec.name, n.unit = spec.unit;
  const KeyInfo* k = FindKey(spec.name);
  if (spec.kind == NodeKind::KeyText && k) n.text = ResolvedValue(c.out, *k);
  if (spec.value) n.value = spec.value(c);
  if (k) n.label = k->label.en, n.label_zh = k->label.zh;
  // The configuration as planned holds what auto became: a key auto chose is the planner's, a key on its
  // default value the default's, any other the user's own.
  const std::vector<std::string>& chosen = c.out.auto_keys;
  n.origin = std::find(chosen.begin(), chosen.end(), spec.name) != chosen.end() ? ExplainNode::Origin::Auto
             : IsDefault(c.out.config, spec.name)                               ? ExplainNode::Origin::Default
                                                                                : ExplainNode::Origin::User;
  if (IsDefault(c.out.config, spec.name)) {
    n.source = DefaultSource(spec.name);
    if (k && k->source.zh) n.source_zh = k->source.zh;
  }
  if (spec.source_of)
    if (std::string s = spec.source_of(c); !s.empty()) n.source = std::move(s), n.source_zh.clear();
  return n;
}

// A number the estimators computed; a figure's unit and words are the figure table's.
ExplainNode FormulaNode(const Explanation& ex, const NodeSpec& spec, const NodeContext& c) {
  ExplainNode n;
  n.name = spec.name, n.value = spec.value(c), n.unit = spec.unit, n.formula = spec.formula;
  n.label = spec.label.en, n.label_zh = spec.label.zh;
  if (const FigureInfo* f = FindFigure(spec.name)) {
    n.unit = f->unit, n.label = f->label.en, n.label_zh = f->label.zh;
    if (f->band) {
      const PlanBands bands = BandsOf(c.out.job, c.p);
      const Band b = f->band(bands);
      n.band_lo = b.lo, n.band_hi = b.hi;
      n.band = FigureBandBasis(*f, bands, Lang::En), n.band_zh = FigureBandBasis(*f, bands, Lang::Zh);
    }
  }
  n.inputs = Inputs(ex, spec.inputs);
  n.source = spec.source_of ? spec.source_of(c) : std::string(spec.source);
  return n;
}

}  // namespace

const ExplainNode* Explanation::Find(const std::string& name) const {
  const int at = IndexOf(*this, name);
  return at < 0 ? nullptr : &nodes[at];
}

Explanation ExplainPlan(const PlanOutput& out) {
  Explanation ex;
  if (!out.ok || !out.plan.valid) return ex;
  PlanTrace trace;
  const Plan p = Evaluate(out.job, out.plan.layout, &trace);
  const NodeContext context{out, p, trace};
  size_t count = 0;
  const NodeSpec* specs = NodeSpecs(&count);
  for (size_t i = 0; i < count; ++i) {
    const NodeSpec& spec = specs[i];
    if (spec.when && !spec.when(context)) continue;
    ex.nodes.push_back(spec.kind == NodeKind::Formula ? FormulaNode(ex, spec, context) : KeyNode(spec, context));
  }
  for (const char* root : kRoots)
    if (const int at = IndexOf(ex, root); at >= 0) ex.roots.push_back(at);
  return ex;
}

// ---- printing -------------------------------------------------------------------------------------

std::string ExplainValueText(const ExplainNode& n, Lang lang) {
  if (!n.text.empty()) return n.text;
  const double v = n.value;
  const std::string& u = n.unit;
  if (u == "B") return MemoryText(v);
  if (u == "B/s") return Fmt("%.4g GB/s", v / 1e9);
  if (u == "FLOP/s") return Fmt("%.4g TFLOP/s", v / 1e12);
  if (u == "FLOP") return Fmt("%.4g FLOP", v);
  if (u == "s") return Fmt("%.4g s", v);
  if (u == "day") return Fmt("%.4g ", v) + UnitWord(lang, "days");
  if (u == "USD") return UsdText(lang, v);
  if (u == "1" || u == "fraction" || u.empty()) return Fmt("%.4g", v);
  if (u == "x") return Fmt("%.4g", v) + "x";
  return Fmt("%.4g", v) + " " + u;
}

std::string ExplainBandText(const ExplainNode& n, Lang lang) {
  if (!(n.band_hi > 0)) return "";
  ExplainNode lo = n, hi = n;
  lo.value = n.band_lo, hi.value = n.band_hi;
  return (lang == Lang::Zh ? "区间：" : "band: ") + ExplainValueText(lo, lang) + " \u2013 " +
         ExplainValueText(hi, lang) + "; " + (lang == Lang::Zh ? n.band_zh : n.band);
}

const std::string& ExplainLabel(const ExplainNode& n, Lang lang) {
  return lang == Lang::Zh && !n.label_zh.empty() ? n.label_zh : n.label;
}

const std::string& ExplainSource(const ExplainNode& n, Lang lang) {
  return lang == Lang::Zh && !n.source_zh.empty() ? n.source_zh : n.source;
}

std::string ExplainKeyMark(const ExplainNode& n, Lang lang) {
  if (n.key.empty()) return {};
  const bool zh = lang == Lang::Zh;
  switch (n.origin) {
    case ExplainNode::Origin::User: return zh ? "[你的输入 " + n.key + "]" : "[your key " + n.key + "]";
    case ExplainNode::Origin::Auto: return zh ? "[自动：" + n.key + "]" : "[auto: " + n.key + "]";
    case ExplainNode::Origin::Default: break;
  }
  return zh ? "[默认：" + n.key + "]" : "[default: " + n.key + "]";
}

const char* ExplainOriginName(const ExplainNode& n) {
  switch (n.origin) {
    case ExplainNode::Origin::User: return "user";
    case ExplainNode::Origin::Auto: return "auto";
    case ExplainNode::Origin::Default: break;
  }
  return "default";
}

namespace {
// A formula is arithmetic when every word in it is an input's name or one of a few functions; prose
// ("FLOPs of the slowest stage's GEMMs / ...") is shown as it is, never with values spliced into words.
bool IsArithmetic(const Explanation& ex, const ExplainNode& node) {
  static const char* const kFunctions[] = {"x", "ceil", "sqrt", "min", "max"};
  const std::string& f = node.formula;
  for (size_t i = 0; i < f.size();) {
    if (!(std::isalpha((unsigned char)f[i]) || f[i] == '_')) {
      const char c = f[i];
      if (!(std::isdigit((unsigned char)c) || c == ' ' || c == '.' || c == '(' || c == ')' || c == '+' || c == '-' ||
            c == '/' || c == ','))
        return false;
      ++i;
      continue;
    }
    size_t j = i;
    while (j < f.size() && (std::isalnum((unsigned char)f[j]) || f[j] == '_')) ++j;
    const std::string word = f.substr(i, j - i);
    bool known = false;
    for (const char* fn : kFunctions) known |= word == fn;
    for (int in : node.inputs) known |= ex.nodes[in].name == word;
    if (!known) return false;
    i = j;
  }
  return !f.empty();
}
}  // namespace

std::string SubstitutedFormula(const Explanation& ex, const ExplainNode& node, Lang lang) {
  std::string out;
  if (!IsArithmetic(ex, node)) return out;
  const std::string& f = node.formula;
  for (size_t i = 0; i < f.size();) {
    if (std::isalpha((unsigned char)f[i]) || f[i] == '_') {
      size_t j = i;
      while (j < f.size() && (std::isalnum((unsigned char)f[j]) || f[j] == '_')) ++j;
      const std::string word = f.substr(i, j - i);
      bool replaced = false;
      for (int in : node.inputs)
        if (ex.nodes[in].name == word) {
          out += ExplainValueText(ex.nodes[in], lang);
          replaced = true;
          break;
        }
      if (!replaced) out += word;
      i = j;
    } else {
      out += f[i++];
    }
  }
  return out;
}

namespace {

void TextNode(const Explanation& ex, int id, int depth, Lang lang, std::vector<bool>& shown, std::string& out) {
  const ExplainNode& n = ex.nodes[id];
  const std::string indent(2 * depth, ' ');
  const std::string& label = ExplainLabel(n, lang);
  std::string line = indent + n.name + " = ";
  if (!n.formula.empty()) {
    const std::string substituted = SubstitutedFormula(ex, n, lang);
    line += n.formula + " = " + (substituted.empty() ? std::string() : substituted + " = ");
  }
  line += ExplainValueText(n, lang);
  if (!label.empty() && label != n.name) line += "   (" + label + ")";
  if (!n.key.empty()) line += "   " + ExplainKeyMark(n, lang);
  out += line + "\n";
  if (shown[id]) {  // once per root: a number read by several formulas is opened where it first appears
    if (!n.inputs.empty()) out += indent + (lang == Lang::Zh ? "    （见上）\n" : "    (expanded above)\n");
    return;
  }
  const std::string& source = ExplainSource(n, lang);
  if (!source.empty()) out += indent + "    " + (lang == Lang::Zh ? "来源：" : "source: ") + source + "\n";
  if (const std::string band = ExplainBandText(n, lang); !band.empty()) out += indent + "    " + band + "\n";
  shown[id] = true;
  if (depth > 24) return;
  for (int in : n.inputs) TextNode(ex, in, depth + 1, lang, shown, out);
}

std::string JsonNode(const Explanation& ex, int id, int depth) {
  const ExplainNode& n = ex.nodes[id];
  std::string s = "{\"name\": " + JsonEscape(n.name);
  if (!n.key.empty()) s += ", \"key\": " + JsonEscape(n.key) + ", \"origin\": \"" + ExplainOriginName(n) + "\"";
  s += ", \"value\": " + FormatNumber(std::isfinite(n.value) ? n.value : 0.0);
  if (!n.text.empty()) s += ", \"text\": " + JsonEscape(n.text);
  s += ", \"unit\": " + JsonEscape(n.unit);
  s += ", \"label\": " + JsonEscape(n.label) + ", \"label_zh\": " + JsonEscape(n.label_zh);
  if (n.key.empty()) s += ", \"formula\": " + JsonEscape(n.formula);
  s += ", \"source\": " + JsonEscape(n.source);
  if (!n.source_zh.empty()) s += ", \"source_zh\": " + JsonEscape(n.source_zh);
  if (n.band_hi > 0)
    s += ", \"band\": [" + FormatNumber(n.band_lo) + ", " + FormatNumber(n.band_hi) +
         "], \"band_basis\": " + JsonEscape(n.band);
  if (n.key.empty()) {
    s += ", \"inputs\": [";
    for (size_t i = 0; i < n.inputs.size() && depth < 32; ++i)
      s += (i ? ", " : "") + JsonNode(ex, n.inputs[i], depth + 1);
    s += "]";
  }
  return s + "}";
}

}  // namespace

std::string ExplanationToText(const Explanation& ex, Lang lang, const std::string& only) {
  std::string out;
  std::vector<bool> shown(ex.nodes.size(), false);
  if (!only.empty()) {
    for (size_t i = 0; i < ex.nodes.size(); ++i)
      if (ex.nodes[i].name == only) TextNode(ex, int(i), 0, lang, shown, out);
    return out;
  }
  for (int root : ex.roots) {
    std::fill(shown.begin(), shown.end(), false);
    TextNode(ex, root, 0, lang, shown, out);
    out += "\n";
  }
  return out;
}

std::string ExplanationToJson(const Explanation& ex, const std::string& only) {
  std::vector<int> roots = ex.roots;
  if (!only.empty()) {  // one number's tree, under its name, as the text shows it
    roots.clear();
    for (size_t i = 0; i < ex.nodes.size(); ++i)
      if (ex.nodes[i].name == only) roots.push_back(int(i));
  }
  std::string s = "{\n";
  for (size_t i = 0; i < roots.size(); ++i)
    s += "  " + JsonEscape(ex.nodes[roots[i]].name) + ": " + JsonNode(ex, roots[i], 0) +
         (i + 1 < roots.size() ? ",\n" : "\n");
  return s + "}\n";
}

}  // namespace tp
