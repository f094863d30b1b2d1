// config.cpp — key table, link/argv/JSON parsing, link formatting. PLACEHOLDER until it lands.
#include "config.h"

namespace tp {

bool ApplyPair(Config&, std::string_view, std::string_view, std::vector<ConfigIssue>&) { return false; }
void ApplyLink(Config&, std::string_view, std::vector<ConfigIssue>&) {}
void ApplyJson(Config&, std::string_view, std::vector<ConfigIssue>&) {}
void ApplyHfConfig(Config&, std::string_view, std::vector<ConfigIssue>&) {}
std::string FormatLink(const Config&) { return "#v=1"; }
std::string FormatValue(const Config&, std::string_view) { return {}; }
const std::vector<KeyInfo>& Keys() { static std::vector<KeyInfo> k; return k; }
const KeyInfo* FindKey(std::string_view) { return nullptr; }

}  // namespace tp
