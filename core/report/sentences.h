// sentences.h — a plan's bottleneck and warnings in words, English or Chinese: what the text report, the
// JSON (English: an API) and the page say about the numbers.
#pragma once
#include <string>
#include <vector>

#include "i18n_core.h"
#include "job.h"
#include "plan.h"

namespace tp {

// Words for the surfaces. Without a language: English (the JSON output, which is an API).
const char* BottleneckName(Bottleneck b);
std::string BottleneckSentence(const Plan& plan,
                               const Job& job);  // "tensor-parallel all-reduce over PCIe is 61% of the step"
std::vector<std::string> WarningSentences(const Plan& plan, const Job& job);
// The same in a language of core/base/i18n_core.h (the text report, the page).
std::string BottleneckSentence(const Plan& plan, const Job& job, Lang lang);
std::vector<std::string> WarningSentences(const Plan& plan, const Job& job, Lang lang);

}  // namespace tp
