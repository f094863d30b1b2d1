// cli_parts.h — the parts of `trainplan` (cli.cpp) that stand alone: the help text, generated from the key
// table (cli_help.cpp), and the catalog tables (cli_catalog.cpp). Internal to cli/.
#pragma once
#include <string>

#include "report.h"

namespace tp::cli {

// `trainplan [COMMAND] --help`: usage, options, examples and, for plan-like commands, every key with its
// accepted values, unit, default and the default's source. command "" gives the overview.
std::string Help(const std::string& command);

// `trainplan catalog KIND` rendered in format; false (out untouched) when KIND is not gpus, models, links
// or stacks. Text stays narrow; the machine formats carry every field including sources.
bool CatalogTable(const std::string& kind, Format format, std::string& out);

}  // namespace tp::cli
