// batches.h — the global batch practitioners run, as tokens per optimizer step, from each stack's published
// recipes for the model's size and the goal (research of issue #29: /work/research/stacks/recipe_batches.json,
// each row's repository path@commit below). An auto `gbs` is this many tokens converted to sequences at the
// plan's sequence length (ResolveJob), and the search never grows a batch beyond it (search_enumerate.cpp).
#pragma once
#include "enums.h"
#include "stack.h"

namespace tp {

struct RecipeBatch {
  double tokens = 0;         // tokens per optimizer step
  bool per_replica = false;  // per data-parallel rank: per-device recipes (per_device_train_batch_size x
                             // gradient_accumulation_steps x length) scale with the number of GPUs
  const char* what = "";     // the recipes in words, with the runs they are (the notice's words)
  const char* source = "";   // repository path@commit or paper, with the numbers it states
};

// The recipe batch for a stack, goal and model. `params` is the size recipes are sorted by: the total for a
// dense model (and a mixture of experts of 200B or more, DeepSeek-V3's), the active parameters for a smaller
// mixture of experts (Mixtral 8x7B's NeMo recipe is a 7B's, 512 x 4,096).
const RecipeBatch& RecipeBatchFor(const StackProfile& stack, bool finetune, double params);

// Sequences of `seq` tokens that make `tokens`: the nearest whole number, at least one.
inline int SequencesOf(double tokens, int seq) {
  const double s = tokens / double(seq > 0 ? seq : 1);
  return s < 1.5 ? 1 : int(s + 0.5);
}

}  // namespace tp
