// figures.h — the plan's output figures, one row each, as the key table is for the inputs: the id every
// surface names a figure by (the explanation's node, `trainplan explain NAME`, the bands of issue #28, the
// page's "why?" buttons), where the JSON puts it (interface.md's paths: a contract), its unit, its words in
// English and Chinese, and its value in a plan. The JSON and CSV sections, the text and Markdown rows, the
// explanation's labels and the page's bars read these rows; nothing else spells a figure's name or words.
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "bands.h"
#include "config.h"
#include "planner.h"
#include "run.h"

namespace tp {

// In JSON order: model, memory, step, throughput, run, tco.
enum class Figure : uint8_t {
  Params,
  SizeOnly,
  // memory per GPU (the most loaded one)
  Weights,
  Gradients,
  Optimizer,
  Activations,
  Other,
  RlPhase,
  MemoryTotal,
  MemoryAllocated,
  MemoryReserved,
  Capacity,
  MemoryUsable,
  Fits,
  MaxMicroBatch,
  MaxSeq,
  MaxSeqBest,
  MaxMicroBatchBest,
  ModelStates,
  HostMemory,
  NvmeMemory,
  // one optimizer step
  StepSeconds,
  Compute,
  MemoryBound,
  CommTp,
  CommCp,
  CommEp,
  CommDp,
  CommPp,
  CommExposed,
  Bubble,
  Offload,
  Host,
  MicroBatches,
  // throughput
  TokensPerS,
  TokensPerSPerGpu,
  ModelTflops,
  HardwareTflops,
  Mfu,
  Hfu,
  // the whole run
  Tokens,
  TokensDefaulted,
  Steps,
  SteadyDays,
  StragglerDays,
  StallDays,
  EvalDays,
  Evals,
  Startup,
  ComputeDays,
  Days,
  CkptDays,
  FailureDays,
  TimedDays,
  GpuHours,
  Goodput,
  Failures,
  CkptBytes,
  CkptWrite,
  CkptInterval,
  EnergyKwh,
  PowerKw,
  CostUsd,
  CostRent,
  CostOwn,
  // owning the cluster (total cost of ownership)
  TcoYears,
  TcoHardware,
  TcoEnergy,
  TcoStaff,
  TcoTotal,
  TcoRuns,
  TcoUsdPerRun,
  TcoRent,
  Count
};

// What a figure's value is read from: the plan and the ownership view made from it.
struct FigureSource {
  const PlanOutput& out;
  TcoView tco;
  PlanBands bands;  // every headline figure's band (bands.h), for a valid plan
  explicit FigureSource(const PlanOutput& o);
};

struct FigureInfo {
  Figure figure = Figure::Count;
  const char* id = "";     // "memory_total_bytes": the one name of the figure everywhere but the JSON
  const char* json = "";   // "memory.total_bytes": section.key in the plan's JSON (and the CSV's column)
  const char* unit = "";   // the explanation's units: "B", "s", "day", "h", "USD", "tokens/s", "1" (a fraction),
                           // "" (a count), "bool" (true or false in the JSON)
  Bilingual label = {};    // the figure on its own: "memory per GPU (as nvidia-smi shows it)"
  Bilingual row = {};      // its row in its section of the text report, where shorter ("total"); empty = label
  Bilingual legend = {};   // its part of the page's stacked bar ("TP comm"); empty = not a part
  Bilingual hint = {};     // the page's hover text for that part
  bool explained = false;  // the explanation has a node of this id with this value (a test holds it)
  // The band (issue #28): the interval the published measurement fell in for about 80 % of comparable validation
  // runs (bands.h), for the plan JSON's "bands" {id: [low, high]}, the text and the page; nullptr = no band.
  Band (*band)(const PlanBands& b) = nullptr;
  BandKind band_kind = BandKind::Memory;  // whose residuals set it (the basis the "why?" panel states)
  double (*value)(const FigureSource& src) = nullptr;

  const char* Label(Lang lang) const { return label.In(lang); }
  const char* RowLabel(Lang lang) const { return *row.en ? row.In(lang) : label.In(lang); }
  const char* Legend(Lang lang) const { return legend.In(lang); }
  const char* Hint(Lang lang) const { return hint.In(lang); }
  bool Flag() const { return std::string_view(unit) == "bool"; }
  // The JSON section ("memory") and key ("total_bytes").
  std::string Section() const;
  std::string Key() const;
};

// Every figure, in Figure order (= the JSON's).
std::span<const FigureInfo> Figures();
const FigureInfo& FigureOf(Figure f);
const FigureInfo* FindFigure(std::string_view id);  // by id; nullptr when no figure has it
inline const char* FigureId(Figure f) { return FigureOf(f).id; }

// An RL goal's figures beside its phases (issue #32), in the order the text report (report_rl.cpp) and the page
// (web/view_rl.cpp) show them: one list, so the two cannot drift. `words` is the English key Translate takes.
struct RlStepFigure {
  enum class Kind : uint8_t { Duration, Memory, Count, Tokens };
  const char* words;
  Kind kind;
  double value;
};
std::vector<RlStepFigure> RlStepFigures(const RlStep& s);

}  // namespace tp
