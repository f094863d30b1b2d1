// issue.cpp — issues: built from their templates, rendered in English or Chinese (core/base/issue.h).
#include "issue.h"

namespace tp {

IssueArg Words(std::string english) {
  IssueArg arg(std::move(english));
  arg.words = true;
  return arg;
}

ConfigIssue MakeIssue(std::string key, IssueWords words, std::vector<IssueArg> args, bool notice) {
  ConfigIssue issue;
  issue.key = std::move(key);
  issue.words = words.text();
  issue.args = std::move(args);
  issue.notice = notice;
  issue.message = IssueMessage(issue, Lang::En);
  return issue;
}

std::string IssueMessage(const ConfigIssue& issue, Lang lang) {
  if (!issue.words) return issue.message;
  // Words args in the language of the template; values (numbers, ids, keys, what was typed) as they are.
  std::vector<std::string> translated(issue.args.size());
  std::vector<std::string_view> filled(issue.args.size());
  for (size_t i = 0; i < issue.args.size(); ++i) {
    const IssueArg& a = issue.args[i];
    filled[i] = a.words && lang != Lang::En ? std::string_view(translated[i] = TranslateWords(lang, a.text))
                                            : std::string_view(a.text);
  }
  return Fill(Translate(lang, issue.words), filled);
}

std::string FormatIssue(const ConfigIssue& issue) {
  return issue.key.empty() ? issue.message : issue.key + ": " + issue.message;
}

std::string FormatIssue(const ConfigIssue& issue, Lang lang) {
  if (lang == Lang::En) return FormatIssue(issue);
  const std::string message = IssueMessage(issue, lang);
  return issue.key.empty() ? message : TrFill(lang, "{0}: {1}", {issue.key, message});
}

bool HasErrors(const std::vector<ConfigIssue>& issues) {
  for (const auto& i : issues)
    if (!i.notice) return true;
  return false;
}

}  // namespace tp
