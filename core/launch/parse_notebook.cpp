// parse_notebook.cpp — a Jupyter notebook (nbformat 4, as Colab, Kaggle and Unsloth's and TRL's notebooks save them)
// as the Python it runs: its code cells in order, joined, without IPython's magics and shell escapes (%%capture,
// !pip install ...), which are not Python. The launch readers then read that script as any other.
#include <string>

#include "json.h"
#include "launch_doc.h"

namespace tp::launch {

bool NotebookCode(std::string_view text, std::string& code) {
  if (text.size() > kMaxNotebookBytes || text.empty() || text.front() != '{') return false;
  if (text.find("\"cells\"") == std::string_view::npos || text.find("\"nbformat\"") == std::string_view::npos)
    return false;
  const JsonParseResult parsed = ParseJson(text);
  if (!parsed.ok || !parsed.value.IsObject()) return false;
  const JsonValue* cells = parsed.value.Find("cells");
  if (!cells || !cells->IsArray()) return false;
  code.clear();
  for (const JsonValue& cell : cells->array) {
    if (!cell.IsObject() || cell.StringOr("cell_type", "") != "code") continue;
    const JsonValue* source = cell.Find("source");
    if (!source) continue;
    std::string joined;  // nbformat stores a cell's source as one string or as its lines
    if (source->IsString()) {
      joined = source->string;
    } else if (source->IsArray()) {
      for (const JsonValue& line : source->array)
        if (line.IsString()) joined += line.string;
    }
    // A cell magic (%%capture, %%bash) makes the whole cell another language's but for %%capture, which runs Python.
    const size_t lead = joined.find_first_not_of(" \t\n");
    const bool cell_magic =
        lead != std::string::npos && joined.compare(lead, 2, "%%") == 0 && joined.compare(lead, 9, "%%capture") != 0;
    size_t start = 0;
    bool shell = false;  // inside a shell line continued with a backslash
    while (start < joined.size()) {
      size_t end = joined.find('\n', start);
      if (end == std::string::npos) end = joined.size();
      std::string_view line(joined.data() + start, end - start);
      const size_t first = line.find_first_not_of(" \t");
      const bool magic = first != std::string_view::npos && (line[first] == '%' || line[first] == '!');
      const bool skipped = cell_magic || shell || magic;
      if (!skipped) code.append(line.data(), line.size());
      code += '\n';  // a magic's line stays blank: the script keeps the cell's line count
      const size_t last = line.find_last_not_of(" \t\r");
      shell = (shell || magic) && last != std::string_view::npos && line[last] == '\\';
      start = end + 1;
    }
    code += '\n';
    if (code.size() > kMaxImportBytes) return false;
  }
  return true;
}

}  // namespace tp::launch
