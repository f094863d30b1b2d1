// gpu_names.cpp — the catalog GPU a name stands for as people type it ("A100 80GB", "NVIDIA H100 SXM5",
// "RTX 4090", "4090", "a100-80gb"): the product, its memory and its form factor read from the words, matched
// against the catalog's ids, never a list of spellings kept beside them.
#include <cctype>
#include <cmath>
#include <string>
#include <vector>

#include "catalog.h"

namespace tp {
namespace {

constexpr size_t kMaxTypedBytes = 64;  // a GPU's name, however spelled, is shorter; longer text is not one

// Words that name the vendor, the product line or the memory's kind ("GH200 144G HBM3e"), not which GPU: dropped
// before matching.
bool IsFiller(const std::string& w) {
  for (const char* f : {"nvidia", "geforce", "amd", "instinct", "tesla", "gpu", "hgx", "dgx", "tensor", "core", "hbm2e",
                        "hbm3", "hbm3e", "generation"})
    if (w == f) return true;
  return false;
}

bool AllDigits(const std::string& w) {
  if (w.empty()) return false;
  for (unsigned char c : w)
    if (!std::isdigit(c)) return false;
  return true;
}

// "80gb", "80g", "80gib" -> 80; anything else -> 0.
int MemoryWord(const std::string& w) {
  size_t i = 0;
  while (i < w.size() && std::isdigit(static_cast<unsigned char>(w[i]))) ++i;
  if (i == 0 || i > 4) return 0;
  const std::string unit = w.substr(i);
  if (unit != "g" && unit != "gb" && unit != "gib") return 0;
  return std::atoi(w.substr(0, i).c_str());
}

// What the typed words say: the product ("a100", "rtx4090"), the memory in GB (0: not said) and the form factor.
struct TypedGpu {
  std::string product;
  int mem_gb = 0;
  enum Form { Unsaid, Sxm, Pcie } form = Unsaid;
  bool readable = true;  // false: a word that is none of these (a different product, e.g. "nvl")
};

TypedGpu ReadTyped(std::string_view typed) {
  std::vector<std::string> words(1);
  int depth = 0;  // words in parentheses describe the board ("(HGX)", "(per GPU, NVL72)"): skipped
  for (char ch : typed) {
    const unsigned char c = static_cast<unsigned char>(ch);
    depth += c == '(' ? 1 : c == ')' && depth > 0 ? -1 : 0;
    if (depth > 0 || c == ')') {
      if (!words.back().empty()) words.emplace_back();
    } else if (std::isalnum(c)) {
      words.back() += char(std::tolower(c));
    } else if (!words.back().empty()) {
      words.emplace_back();
    }
  }
  TypedGpu t;
  for (size_t i = 0; i < words.size(); ++i) {
    const std::string& w = words[i];
    if (w.empty() || IsFiller(w)) continue;
    const bool unit_next =
        i + 1 < words.size() && (words[i + 1] == "gb" || words[i + 1] == "g" || words[i + 1] == "gib");
    if (int gb = MemoryWord(w)) {
      t.mem_gb = gb;
    } else if (AllDigits(w) && unit_next && !t.product.empty()) {
      t.mem_gb = std::atoi(w.c_str()), ++i;  // "80 GB"
    } else if (w.rfind("sxm", 0) == 0 && (w.size() == 3 || AllDigits(w.substr(3)))) {
      t.form = TypedGpu::Sxm;
    } else if (w == "pcie") {
      t.form = TypedGpu::Pcie;
    } else if (t.mem_gb == 0 && t.form == TypedGpu::Unsaid) {
      t.product += w;  // "rtx" "4090" -> "rtx4090"
    } else {
      t.readable = false;
    }
  }
  return t;
}

// The catalog id's product: the id less its memory ("-80g") and form ("-pcie") suffixes, its other dashes dropped
// as the typed words are joined ("rtx6000-ada" is "RTX 6000 Ada").
std::string IdProduct(const std::string& id, bool& pcie) {
  std::string p = id;
  pcie = p.size() > 5 && p.compare(p.size() - 5, 5, "-pcie") == 0;
  if (pcie) p.resize(p.size() - 5);
  const size_t dash = p.rfind('-');
  if (dash != std::string::npos && MemoryWord(p.substr(dash + 1))) p.resize(dash);
  std::erase(p, '-');
  return p;
}

}  // namespace

GpuNameMatch MatchGpuName(std::string_view typed) {
  GpuNameMatch m;
  if (typed.size() > kMaxTypedBytes) return m;
  if ((m.gpu = FindGpu(typed))) return m;
  const TypedGpu t = ReadTyped(typed);
  if (!t.readable || t.product.empty()) return m;
  std::vector<const GpuSpec*> found;
  // "4090", "A6000", "6000 Ada": the RTX line's names without their "RTX", tried when the words alone name nothing.
  const bool rtx_less = t.product.rfind("rtx", 0) != 0;
  for (const std::string& product : {t.product, rtx_less ? "rtx" + t.product : std::string()}) {
    if (product.empty() || !found.empty()) continue;
    for (const GpuSpec& g : Gpus()) {
      bool pcie = false;
      if (IdProduct(g.id, pcie) != product) continue;
      // An id without a form suffix is the SXM (or the only) board: "A100 80GB" is the SXM4 one, as the ids say.
      if ((t.form == TypedGpu::Pcie) != pcie) continue;
      if (t.mem_gb > 0 && std::lround(g.marketed_bytes / double(1ull << 30)) != t.mem_gb) continue;
      found.push_back(&g);
    }
  }
  // A superchip's name counts its CPU's memory, not its GPU's: nvidia-smi names the 96 GB GH200 "NVIDIA GH200 480GB"
  // or "NVIDIA GH200 120GB" after the Grace's LPDDR5X. A size no GPU of the product has, on a GPU whose host link is
  // NVLink-C2C, is that: the product's board whose id is the product alone (no memory suffix).
  if (found.empty() && t.mem_gb > 0 && t.form == TypedGpu::Unsaid)
    if (const GpuSpec* g = FindGpu(t.product); g && g->host && g->host->kind == LinkKind::C2c) found.push_back(g);
  if (found.size() == 1) {
    m.gpu = found.front();
  } else {
    for (const GpuSpec* g : found) m.candidates.push_back(g->id);
  }
  return m;
}

}  // namespace tp
