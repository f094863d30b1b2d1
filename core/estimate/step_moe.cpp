// step_moe.cpp — mixture of experts in the step model (docs/step-model.md section 4a): the busiest
// expert-parallel rank's routed load (imbalance, capacity factor), where a token's routed copies go
// (random or packed routing, deduplicated per rank and node by DeepEP-style dispatchers), and the time of
// the dispatch / combine all-to-all on the topology the expert group crosses.
#include <algorithm>
#include <cmath>

#include "step_internal.h"

namespace tp::step_detail {

namespace {

// Distinct holders (EP ranks, or nodes) of a token's `r` routed experts when `e` experts are spread evenly
// over `holders`: chosen at random, a given holder is missed with probability C(e - e/holders, r) / C(e, r)
// (a trained router; Megatron-Core's force-balanced benchmarks draw random logits); packed, the r experts are
// consecutive (benchmark gates that deal experts out round-robin, NeMo AutoModel's FakeBalancedGate) and
// span about r / (e / holders) holders, at least one.
double DistinctHolders(double r, double e, double holders, double packed) {
  if (holders <= 1) return 1;
  const double per = e / holders;
  double miss = 1;
  for (int i = 0; i < int(std::min(r, e - per)); ++i) miss *= std::max(0.0, (e - per - i) / (e - i));
  if (r > e - per) miss = 0;
  const double random = holders * (1 - miss);
  const double aligned = std::fmod(per, r) == 0 || std::fmod(r, per) == 0;
  const double consecutive = std::min(holders, std::max(1.0, r / per + (aligned ? 0.0 : 1.0)));
  return packed * consecutive + (1 - packed) * random;
}

}  // namespace

// Routed tokens on the busiest expert-parallel rank over the mean: every rank waits for it at the combine
// all-to-all. Dropless (Megatron-Core's default, moe_capacity 0) it carries the whole imbalance; with a
// capacity factor no expert takes more than capacity x its mean share, the rest are dropped.
double ExpertLoad(const Constants& c) {
  return c.moe_capacity > 0 ? std::min(c.moe_imbalance, c.moe_capacity) : c.moe_imbalance;
}

// The expert all-to-all (dispatch, or combine: the same bytes back) of one MoE layer: `copy` bytes per routed
// copy of each token, `tokens` tokens per GPU. Megatron's alltoall dispatcher sends one copy per routed expert:
// (n-k)/n of the `routed` copies leave the node, (k-1)/n stay in it. A dispatcher that sends a token once to
// each rank, and once to each other node where it is forwarded over the fabric (DeepEP, Megatron-Core's
// flex dispatcher: "removes redundant tokens during cross-node communication"), sends only the distinct
// holders: `dedup` is the share of that saving the stack makes.
double ExpertAllToAll(double tokens, double copy, const LayerOps& l, const Place& ep, const Constants& c) {
  const double n = ep.n, k = ep.k, r = l.routed;
  const double plain_remote = r * (n - k) / n, plain_local = r * (k - 1) / n;
  double remote = plain_remote, local = plain_local;
  if (c.ep_dedup > 0 && r > 1) {
    const double ranks = std::min(r, DistinctHolders(r, l.experts, n, c.moe_packed));
    const double nodes = std::min(ranks, DistinctHolders(r, l.experts, ep.nodes, c.moe_packed));
    const double node_msgs = ep.nodes > 1 ? nodes * (ep.nodes - 1) / ep.nodes : 0.0;
    // Sent to its own node's holders, and forwarded inside the receiving nodes to the holders there.
    const double dedup_local = ranks * (k - 1) / n + ranks * (n - k) / n * (k - 1) / k;
    remote = plain_remote - c.ep_dedup * (plain_remote - std::min(plain_remote, node_msgs));
    local = plain_local + c.ep_dedup * (dedup_local - plain_local);
  }
  return AllToAllVolumes(tokens * copy * remote, tokens * copy * local, ep);
}

}  // namespace tp::step_detail
