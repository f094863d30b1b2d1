// launch_menu.cpp — Export ▸ Launch config and the import of a framework's config (launch_menu.h). The work
// is web/launch_service.h's (core/launch and the planner), asked through the platform: in the page it runs in
// launch.js, a module fetched on first use, so the answer comes a few frames later (PollLaunch); in the window
// and the tests at once. An export plans the inputs for what the framework can run (the format's stack, the
// layout keys it cannot vary pinned) and writes that plan's file; the status line says what the format
// dropped, or why it refuses. An import applies the file's keys to the inputs: the link then holds them.
#include "launch_menu.h"

#include <map>
#include <vector>

#include "app.h"
#include "i18n.h"
#include "imgui.h"
#include "launch.h"
#include "platform.h"
#include "views.h"
#include "widgets.h"

namespace tp::ui {
namespace {

// The request waiting for its answer (one at a time: a new one replaces it).
struct Pending {
  enum class Op { None, Export, Import } op = Op::None;
  const LaunchFormatInfo* format = nullptr;
  bool copy = false;
  std::string text;  // an import's file, which joins the page's import chain once it lands
};
Pending g_pending;

// The files a chain holds at most, and their bytes (a dropped file's own limit): past either a file starts a new one.
constexpr size_t kMaxChainFiles = 4, kMaxChainBytes = 16u << 20;

struct Answer {
  std::map<std::string, std::string> fields;
  std::vector<std::string> notes;
  std::vector<ConfigIssue> issues;
  std::string body;
};

Answer ParseAnswer(const std::string& text) {
  Answer a;
  size_t at = 0;
  while (at < text.size()) {
    const size_t end = text.find('\n', at);
    const std::string line = text.substr(at, end == std::string::npos ? std::string::npos : end - at);
    at = end == std::string::npos ? text.size() : end + 1;
    if (line.empty()) break;
    const size_t eq = line.find('=');
    if (eq == std::string::npos) continue;
    const std::string name = line.substr(0, eq), value = line.substr(eq + 1);
    if (name == "note") {
      a.notes.push_back(value);
    } else if (name == "issue") {  // <e|n> TAB key TAB message (in the page's language)
      const size_t t1 = value.find('\t'), t2 = t1 == std::string::npos ? t1 : value.find('\t', t1 + 1);
      if (t2 == std::string::npos) continue;
      ConfigIssue i;
      i.notice = value[0] == 'n';
      i.key = value.substr(t1 + 1, t2 - t1 - 1);
      i.message = value.substr(t2 + 1);
      a.issues.push_back(std::move(i));
    } else {
      a.fields[name] = value;
    }
  }
  a.body = text.substr(at);
  return a;
}

std::string Request(const char* op, const LaunchFormatInfo& f, AppState& app, const std::string& link) {
  return std::string("op=") + op + "\nformat=" + f.id + "\nlang=" + LangCode(LangOf(app)) + "\nlink=" + link + "\n";
}

void ExportLaunchConfig(AppState& app, const LaunchFormatInfo& f, bool copy) {
  FinishMainPlan(app);
  g_pending = {Pending::Op::Export, &f, copy, {}};
  platform::RequestLaunch(Request("export", f, app, FormatLink(app.cfg)) + "base=" + platform::ShareUrl("") + "\n\n");
  PollLaunch(app);  // the window and the tests have the answer already
}

void FinishExport(AppState& app, const LaunchFormatInfo& f, bool copy, const Answer& a) {
  if (a.fields.count("ok") == 0 || a.fields.at("ok") != "1") {
    const std::string why = a.fields.count("error") ? a.fields.at("error") : std::string();
    SetStatus(app, Sprintf(Tr("No %s config: %s"), f.framework, why.c_str()), true);
    return;
  }
  std::string notes;
  for (const std::string& n : a.notes) notes += (notes.empty() ? "" : "; ") + n;
  std::string status;
  if (copy) {
    platform::SetClipboard(a.body);
    status = Sprintf(Tr("Copied the %s config (%s)"), f.framework, f.file_name);
  } else {
    const std::string where = platform::Download(f.file_name, f.mime, a.body);
    status = where.empty() ? Sprintf(Tr("Could not save %s"), f.file_name) : Sprintf(Tr("Saved %s"), where.c_str());
  }
  SetStatus(app, notes.empty() ? status : status + " — " + notes);
}

bool FinishImport(AppState& app, const LaunchFormatInfo& f, std::string text, Answer& a) {
  app.hf_issues = std::move(a.issues);  // shown under the box: errors with their line, the keys it could not map
  app.inputs.hf_message.clear();
  app.inputs.hf_reveal = true;
  if (a.fields.count("ok") == 0 || a.fields.at("ok") != "1" || HasErrors(app.hf_issues)) return false;
  Config next;
  std::vector<ConfigIssue> link_issues;
  ApplyLink(next, a.fields["link"], link_issues);
  app.cfg = std::move(next);
  const std::string pairs = a.fields["pairs"];
  AppState::ImportChain& chain = app.import_chain;
  const LaunchFormatInfo* before = chain.files.empty() ? nullptr : FindLaunchFormat(chain.files.back().first);
  if (!before)
    SetStatus(app, Sprintf(Tr("Imported a %s config: %s"), f.framework, pairs.c_str()));
  else
    SetStatus(app, Sprintf(Tr("Imported a %s config with the %s config before it: %s"), f.framework, before->framework,
                           pairs.c_str()));
  chain.files.emplace_back(f.id, std::move(text));
  chain.result_link = FormatLink(app.cfg);
  return true;
}

}  // namespace

void LaunchConfigMenu(AppState& app) {
  if (!ImGui::BeginMenu(TrId("Launch config").c_str())) {
    Record(app, "export_launch");
    return;
  }
  Record(app, "export_launch");
  for (const LaunchFormatInfo& f : LaunchFormats()) {
    const std::string id = std::string("launch_") + f.id;
    const bool open = ImGui::BeginMenu((std::string(f.framework) + "###" + id).c_str());
    Record(app, id.c_str());
    if (!open) continue;
    if (ImGui::Selectable(Sprintf(Tr("Download %s"), f.file_name).c_str())) ExportLaunchConfig(app, f, false);
    Record(app, (id + "_download").c_str());
    if (ImGui::Selectable(TrId("Copy to the clipboard").c_str())) ExportLaunchConfig(app, f, true);
    Record(app, (id + "_copy").c_str());
    ImGui::EndMenu();
  }
  ImGui::EndMenu();
}

bool ImportLaunchText(AppState& app, const std::string& text, bool* changed) {
  *changed = false;
  LaunchFormat format;
  if (!DetectLaunchFormat(text, format)) return false;
  const LaunchFormatInfo& f = InfoOf(format);
  // A file after others with no input changed since the last of them joins them (AppState::ImportChain), up to a
  // few files and the size a dropped file may have.
  AppState::ImportChain& chain = app.import_chain;
  const std::string link = FormatLink(app.cfg);
  size_t bytes = text.size();
  for (const auto& file : chain.files) bytes += file.second.size();
  if (link != chain.result_link || chain.files.size() >= kMaxChainFiles || bytes > kMaxChainBytes)
    chain = {link, "", {}};
  std::string earlier, texts;
  for (const auto& [id, file_text] : chain.files) {
    earlier += (earlier.empty() ? "" : ",") + id + ":" + std::to_string(file_text.size());
    texts += file_text;
  }
  g_pending = {Pending::Op::Import, &f, false, text};
  platform::RequestLaunch(Request("import", f, app, chain.base_link) + "earlier=" + earlier + "\n\n" + texts + text);
  *changed = PollLaunch(app);
  return true;
}

bool PollLaunch(AppState& app) {
  if (g_pending.op == Pending::Op::None) return false;
  std::string text;
  if (!platform::TakeLaunchAnswer(text)) return false;
  Pending p = std::move(g_pending);
  g_pending = {};
  Answer a = ParseAnswer(text);
  if (p.op == Pending::Op::Export) {
    FinishExport(app, *p.format, p.copy, a);
    return false;
  }
  return FinishImport(app, *p.format, std::move(p.text), a);
}

}  // namespace tp::ui
