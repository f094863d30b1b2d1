// page_text.h — the page as text (issue #33): the verdict, the headline figures and the current view's table
// (the plan's, the comparison's or the search's, as the Export menu and the command line write them), handed to
// the platform (platform::PublishPageText) so that the page can mirror them into DOM text a browser finds with
// Ctrl+F, a screen reader reads (the verdict in a live region) and a printer prints. Built and published only
// when what it says changes: a plan lands, the view or the language changes, a column or the search completes.
#pragma once
#include <string>

namespace tp::ui {

struct AppState;

struct PageTextContent {
  std::string verdict;  // one line: "✔ Fits · 18.5 GiB (10.4–36.0) / 24.0 GiB per GPU · 46 min (40 min–1.1 h) · ..."
  std::string body;  // the headline figures, then the view's table as text
  std::string lang;  // "en" or "zh" (the text's language, for the DOM's lang attribute)
};
PageTextContent MakePageText(AppState& app);

// Once per frame, after the background work: publishes MakePageText when its inputs changed since the last
// publication (a cheap key of the link, the view, the language and which answers are in), never otherwise.
void PublishPageTextWhenChanged(AppState& app);

}  // namespace tp::ui
