// planner_impl.h — the Planner's state (planner.h), one struct for the three machines it runs, each in its own
// file: planner.cpp the rounds (resolve, validate, search or evaluate, calibrate), fallback.cpp the page's
// repair of a configuration in error, fit_advice.cpp the remedies planned when nothing fits. Internal to
// core/planner.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "calibrate.h"
#include "planner.h"
#include "search.h"

namespace tp {

// One change that might make a plan fit, and the configuration it gives (fit_advice.cpp).
struct Remedy {
  const char* words;
  std::string arg;
  Config cfg;
};

// Set `key` back to Config{}'s value through the key table. False when the key is not a config key or already
// holds its default (fallback.cpp).
bool ResetKey(Config& cfg, const std::string& key);

struct Planner::Impl {
  enum class Phase { Search, Advice, Done };
  static constexpr int kRounds = 5;

  PlanMode mode = PlanMode::Strict;
  bool advice = true;  // false for the nested remedy planners
  Config asked;        // the configuration as given
  bool has_log = false;
  RunLogReading log;  // a training log's figures, applied once the plan's shape is known (CalibrateRound)
  Phase phase = Phase::Done;
  uint64_t work = 0;  // layouts considered so far (the budget's unit), plus one per synchronous step

  // the current round
  Config round_cfg;
  PlanOutput out;
  LayoutSearch search;
  uint64_t search_seen = 0;

  // fallback bookkeeping
  std::vector<ConfigIssue> issues;  // every issue met, parse issues first, without repeats
  PlanOutput first;                 // the first round's answer (returned when no repair plans)
  int round = 0;
  std::vector<std::string> replaced;
  std::vector<ConfigIssue> errors;  // the last failed round's issues
  size_t wider = 0;

  // fit advice
  std::vector<Remedy> remedies;
  size_t remedy_next = 0;
  std::unique_ptr<Planner> remedy_planner;
  uint64_t remedy_seen = 0;

  PlanOutput result;

  // ---- rounds (planner.cpp) ----------------------------------------------------------------------
  void StartRound(const Config& c);
  void PlanExplicit();
  void StepSearch(uint64_t budget);
  void EndRound(bool ok);
  void ReplayIssues();    // a searched round's issues as its share link's replay meets them
  bool CalibrateRound();  // false: the measurement or a factor is refused (an error in out.issues)
  void Finalize();
  void Finish(PlanOutput answer);

  // ---- fallback (fallback.cpp) -------------------------------------------------------------------
  void Keep(const std::vector<ConfigIssue>& more);
  void Repair();
  void GiveUp();

  // ---- fit advice (fit_advice.cpp) ---------------------------------------------------------------
  void StartAdvice();
  void NextRemedy();
  void StepAdvice(uint64_t budget);
};

}  // namespace tp
