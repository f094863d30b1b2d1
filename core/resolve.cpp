// resolve.cpp — Config -> Job (presets, catalog defaults, validation) and layout checks. PLACEHOLDER.
#include "catalog.h"
#include "plan.h"

namespace tp {

Job ResolveJob(const Config&, std::vector<ConfigIssue>&) { return {}; }
Layout ExplicitLayout(const Config&, const Job&) { return {}; }
bool CheckLayout(const Job&, const Layout&, std::vector<ConfigIssue>*) { return true; }

}  // namespace tp
