// issue.h — an error or notice about a key: its English template (the `"..."_issue` literal), its
// arguments, and the one line the surfaces print ("tp: 3 does not divide the 64 attention heads"), in
// English or Chinese. Every layer that reports a problem to the user (the JSON reader, the parser, the
// resolver, the planner) speaks it; it knows nothing of the keys themselves.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "i18n_core.h"

namespace tp {

// The English template of an issue's message, {0} {1} ... filled from its args. Only the literal
// suffix makes one ("{0} does not divide the {1} attention heads"_issue), so every template core can emit
// is a `"..."_issue` literal in core's sources: a test reads them there and checks each has its Chinese in
// core/base/i18n_core.cpp (a template cannot be added without the test seeing it).
class IssueWords {
 public:
  const char* text() const { return text_; }

 private:
  constexpr explicit IssueWords(const char* text) : text_(text) {}
  friend consteval IssueWords operator""_issue(const char* text, size_t);
  const char* text_;
};
consteval IssueWords operator""_issue(const char* text, size_t) { return IssueWords(text); }

// One argument of an issue's template. A value (a number, an id, a key name, the text the user typed)
// reads the same in every language; Words() marks English made at run time (an accepted-values list, a
// JSON parser's reason) that is translated along with the template (core/i18n_core TranslateWords).
struct IssueArg {
  std::string text;
  bool words = false;
  IssueArg(std::string value) : text(std::move(value)) {}
  IssueArg(const char* value) : text(value) {}
};
IssueArg Words(std::string english);

// One error or notice, naming the key it is about.
struct ConfigIssue {
  std::string key;
  std::string message;           // one line in English: what is wrong and what is accepted (= words filled with args)
  bool notice = false;           // true: informational (unknown link key ignored, newer link version, a default
                                 // assumed); the plan is still the one asked for. false: an error.
  const char* words = nullptr;   // the English template of `message`; null when it was written without one
  std::vector<IssueArg> args{};  // (a default, so {key, message} still initializes an issue without -W noise)

  // The same issue: the same key, message and kind (the message is the template filled with the args).
  friend bool operator==(const ConfigIssue& a, const ConfigIssue& b) {
    return a.key == b.key && a.message == b.message && a.notice == b.notice;
  }
};

// An issue from its template: `message` is the English rendering, for every caller that reads it.
ConfigIssue MakeIssue(std::string key, IssueWords words, std::vector<IssueArg> args = {}, bool notice = false);

// "key: message" — the one line the command line prints and the page shows next to the field. Without a
// language: English (the JSON's "errors"/"notices", which are an interface).
std::string FormatIssue(const ConfigIssue& issue);
// The same in a language: the key and the values as they are, the words translated ("tp：3 不能整除 ...").
// A template without a translation falls back to the English (and is recorded, see i18n_core.h).
std::string FormatIssue(const ConfigIssue& issue, Lang lang);
// The message alone (shown under the key's own field).
std::string IssueMessage(const ConfigIssue& issue, Lang lang);
// True when any issue is an error (not a notice).
bool HasErrors(const std::vector<ConfigIssue>& issues);

}  // namespace tp
