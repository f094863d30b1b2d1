// rl_rollout.cpp — the rollout engine (rl_rollout.h): its memory shape per engine semantics, the response-length
// law, and one step's generation as the engine schedules it (continuous batching with KV-cache admission and
// preemption; Transformers' static batches), each decode iteration costed on the roofline. Pure functions.
#include "rl_rollout.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <numeric>
#include <queue>
#include <unordered_map>

#include "catalog.h"
#include "internal/step_internal.h"
#include "kernels.h"
#include "rl.h"
#include "rules.h"
#include "units.h"

namespace tp {
namespace {

// The routed experts of a MoE model, all layers.
double ExpertParams(const ParamCounts& pc) { return double(pc.moe_layers) * pc.experts * pc.expert; }

// Of a MoE layer's experts, the share a batch of c sequences touches: each sequence picks topk of E, so an expert
// escapes all of them with probability (1 - topk/E)^c.
double Touched(const ParamCounts& pc, double c) {
  if (pc.experts <= 0) return 1.0;
  const double p = std::clamp(double(std::max(1, pc.topk)) / pc.experts, 0.0, 1.0);
  return 1.0 - std::pow(1.0 - p, std::max(1.0, c));
}

// Bytes per quantized weight of the engine: 16-bit, or FP8 with an fp32 scale per 128 x 128 block (rl_gen_prec=fp8).
double GenWeightBytes(const Job& job) { return job.rl.gen_fp8 ? 1.0 + 4.0 / (128.0 * 128.0) : 2.0; }
// The engine's matmul peak: FP8's where its weights are FP8 and the GPU has FP8 tensor cores (W8A8, activations
// quantized per 128-element group); else bf16's (vLLM runs FP8 weights without FP8 tensor cores as weight-only,
// dequantized in the kernel: Marlin on Ampere).
double GenPeakFlops(const Job& job) {
  const GpuSpec& g = *job.hw.gpu;
  const double fp8 = g.peak_flops[int(Precision::Fp8)];
  return job.rl.gen_fp8 && fp8 > 0 ? fp8 : Peak16(g);  // fp16 where the GPU has no BF16 (vLLM's auto dtype)
}

// An engine and where its tensor-parallel group sits (a group wider than a node crosses the network).
struct EngineCost {
  const Job& job;
  const RlEngineShape& e;
  step_detail::Place tp;
};
EngineCost Cost(const Job& job, const RlEngineShape& e) {
  const double net = step_detail::NetworkEfficiency(job.assume);
  return {job, e, step_detail::Locate(step_detail::MakeFabric(job, e.tp, net), e.tp, 1)};
}

// One decode iteration of an engine with c sequences in flight and `live` tokens in its KV cache: the weights it
// touches and the live KV cache over the bandwidth, or the batch's matmuls over the peak, plus the iteration's
// overhead (scheduling, sampling, launch) and the tensor-parallel all-reduces of the batch's hidden states (two per
// layer, step_comm.cpp's collective on the group's placement).
double IterationSeconds(const EngineCost& ec, double c, double live) {
  const Job& job = ec.job;
  const RlEngineShape& e = ec.e;
  const GpuSpec& g = *job.hw.gpu;
  const ParamCounts& pc = job.facts.pc;
  const RlConstants& k = RlConstantsOf(job);
  const double bytes = e.dense_weights + e.expert_weights * Touched(pc, c) + live * e.kv_token;
  const double mem_s = bytes / (g.mem_bw * k.decode_bw_eff);
  const double peak = GenPeakFlops(job);
  const double flop_s = peak > 0 ? 2.0 * pc.active * c / e.tp / (peak * k.gen_flop_eff) : 0.0;
  const double comm_s = 2.0 * job.model.layers * step_detail::AllReduce(c * job.model.hidden * 2.0, ec.tp);
  // Transformers generate runs eagerly (no CUDA graphs): each decode iteration is one forward of every layer, each
  // launched from Python, so the GPU waits for the host when that is slower than the kernels, the rule the step
  // model applies to the Hugging Face stack (step.cpp: a micro-batch takes the longer of its GPU and host time),
  // with the stack's measured host time per layer pass (core/stack/kernels.cpp kHfHostPerLayerPass; Transformers'
  // generation/utils.py _sample calls the model's forward once per new token).
  // Both host times were measured on x86 servers (Qwen's A100 rows; verl's H20 rows): scaled by the host's launch
  // time (host_dispatch: GB200's Grace).
  const double host = HostDispatch(job.assume);
  const double host_s = job.rl.engine == RlEngine::Hf ? job.model.layers * KernelsOf(StackKind::Hf).host_s * host : 0.0;
  return std::max(std::max(mem_s, flop_s) + comm_s, host_s) + k.decode_overhead_s * host + e.iter_gather_s;
}

// Prefill of `tokens` on one engine: compute-bound over its TP GPUs.
double PrefillSeconds(const Job& job, const RlEngineShape& e, double tokens) {
  const double peak = GenPeakFlops(job) * RlConstantsOf(job).gen_flop_eff;
  return peak > 0 ? 2.0 * job.facts.pc.active * Pos(tokens) / (e.tp * peak) : 0.0;
}

// Adds `seconds` of decode at concurrency c to the decode or the tail: the tail is what runs with fewer than half
// the peak in flight.
void AddDecode(RlGeneration& g, double c, double seconds) {
  g.peak_concurrency = std::max(g.peak_concurrency, c);
  (c >= 0.5 * g.peak_concurrency ? g.decode_s : g.tail_s) += seconds;
}

// Continuous batching (vLLM's V1 scheduler, SGLang's): requests are admitted in order while fewer than max_seqs
// are in flight and the KV cache holds their context; each iteration advances every sequence by a token; when the
// cache fills, the newest sequence is preempted, its cache freed, and it waits at the queue's head to be recomputed
// (vllm/v1/core/sched/scheduler.py schedule: self.running.pop(), waiting.prepend_request) once a sequence
// finishes. Event-driven: between two events every sequence advances alike, and the live cache grows linearly.
struct Running {
  double start = 0, done0 = 0;  // iteration of admission; tokens written before it
  int epoch = 0;                // bumped on preemption (stale heap entries)
  bool alive = false;
};
RlGeneration Continuous(const EngineCost& ec, const std::vector<double>& len, double max_seqs, double kv_tokens,
                        double& saturated_s, double& saturated_tokens) {
  const Job& job = ec.job;
  RlGeneration g;
  const double prompt = Pos(job.rl.prompt_len);
  const int n = int(len.size());
  std::vector<Running> st(n);
  std::deque<int> waiting(n);
  std::iota(waiting.begin(), waiting.end(), 0);
  std::vector<int> order;                                // admission order (newest last); dead entries skipped
  using Event = std::pair<double, std::pair<int, int>>;  // (finishing iteration, (sequence, epoch))
  std::priority_queue<Event, std::vector<Event>, std::greater<>> finish;
  double now = 0, a = 0;  // live tokens = a + c x now
  int c = 0;
  bool blocked = false;
  double recompute_tokens = 0;
  while (true) {
    while (!blocked && !waiting.empty() && c < max_seqs) {
      const int i = waiting.front();
      const double need = prompt + st[i].done0;
      if (c > 0 && a + c * now + need > kv_tokens) break;
      waiting.pop_front();
      if (st[i].done0 > 0) recompute_tokens += need;
      st[i].start = now, st[i].alive = true;
      a += prompt + st[i].done0 - now;
      ++c;
      order.push_back(i);
      finish.push({now + len[i] - st[i].done0, {i, st[i].epoch}});
    }
    if (c == 0) break;
    while (!finish.empty() &&
           (!st[finish.top().second.first].alive || finish.top().second.second != st[finish.top().second.first].epoch))
      finish.pop();
    const double live = a + c * now;
    double step = std::max(0.0, finish.top().first - now);
    const double room = std::floor((kv_tokens - live) / c);
    const bool preempt = c > 1 && room < step;
    if (preempt) step = std::max(0.0, room);
    if (step > 0) {
      const double sec = step * IterationSeconds(ec, c, live + 0.5 * c * step);
      AddDecode(g, c, sec);
      if (!waiting.empty() || c >= max_seqs) saturated_s += sec, saturated_tokens += step * c;
    }
    now += step;
    if (preempt) {
      while (!st[order.back()].alive) order.pop_back();
      const int v = order.back();
      order.pop_back();
      Running& r = st[v];
      a -= prompt + r.done0 - r.start;
      r.done0 += now - r.start, r.alive = false, ++r.epoch;
      --c;
      waiting.push_front(v);
      blocked = true;
      g.preemptions += 1;
      continue;
    }
    while (!finish.empty() && finish.top().first <= now + 1e-9) {
      const int i = finish.top().second.first;
      const bool current = st[i].alive && finish.top().second.second == st[i].epoch;
      finish.pop();
      if (!current) continue;
      a -= prompt + st[i].done0 - st[i].start;
      st[i].alive = false;
      --c;
      blocked = false;
    }
  }
  g.prefill_s += PrefillSeconds(job, ec.e, recompute_tokens);
  return g;
}

// Transformers generate: static batches of max_seqs sequences, each running until its longest response is written
// (finished rows stay in the batch, padded), every row's cache growing; the prompt of every row prefilled.
// Under ZeRO-3 (e.synced > 1) each call is one of e.synced replicas' calls that wait for each other, so it runs
// until the longest response of all of them (`synced_len`: the same law over the replicas' rows), and it starts
// with the weights' all-gather (e.call_gather_s, counted with the prefill).
RlGeneration Static(const EngineCost& ec, const std::vector<double>& len, double batch,
                    const std::vector<double>& synced_len) {
  const Job& job = ec.job;
  RlGeneration g;
  const double prompt = Pos(job.rl.prompt_len);
  const int n = int(len.size()), b = std::max(1, int(batch));
  const size_t ranks = size_t(std::max(1.0, ec.e.synced));
  for (int first = 0; first < n; first += b) {
    const int last = std::min(n, first + b);
    const double rows = last - first;
    double iters = *std::max_element(len.begin() + first, len.begin() + last);
    const size_t lo = size_t(first) * ranks, hi = std::min(synced_len.size(), size_t(last) * ranks);
    if (lo < hi) iters = std::max(iters, *std::max_element(synced_len.begin() + lo, synced_len.begin() + hi));
    g.prefill_s += PrefillSeconds(job, ec.e, rows * prompt) + ec.e.call_gather_s;
    AddDecode(g, rows, iters * IterationSeconds(ec, rows, rows * (prompt + 0.5 * iters)));
  }
  return g;
}

// Generate calls of `call` sequences each, waited on one after another (rl_gen_batch; OpenRLHF 0.2's
// _generate_vllm per micro-batch, the engine a Ray actor running one call at a time): each call is the engine's
// own scheduling of its sequences alone (`one`), so every call waits for its longest response before the next
// starts.
template <class Call>
RlGeneration Calls(const std::vector<double>& len, int call, Call one) {
  RlGeneration g;
  for (size_t first = 0; first < len.size(); first += size_t(call)) {
    const std::vector<double> part(len.begin() + first, len.begin() + std::min(len.size(), first + size_t(call)));
    const RlGeneration c = one(part);
    g.prefill_s += c.prefill_s, g.decode_s += c.decode_s, g.tail_s += c.tail_s;
    g.preemptions += c.preemptions;
    g.peak_concurrency = std::max(g.peak_concurrency, c.peak_concurrency);
  }
  return g;
}

// The mean over consecutive groups of `n` sequences (in arrival order, as `len` is drawn) of each group's longest
// response: how long a group of a prompt's samples, generated together, holds its place.
double MeanLongestOfGroups(const std::vector<double>& len, int n) {
  const size_t g = size_t(std::max(1, n));
  double sum = 0;
  size_t groups = 0;
  for (size_t first = 0; first < len.size(); first += g, ++groups)
    sum += *std::max_element(len.begin() + first, len.begin() + std::min(len.size(), first + g));
  return groups > 0 ? sum / groups : 0.0;
}

// Streaming (rl_async=2 on split pools; NeMo RL's AsyncTrajectoryCollector, verl's fully_async): the pool
// generates continuously with rl_max_age steps in flight at most, so no step waits for its longest response as a
// whole. Each sequence in flight holds prompt + E[l^2] / (2 E[l]) tokens (a sequence in flight is likelier a long one);
// the engine runs at most `cap` sequences (rl_max_seqs, and what its KV cache holds at that length).
// The sequences an engine may have outstanding are `max_age` steps' share, in_flight = max_age x per_engine. NeMo RL
// counts them by prompt
// group (async_utils.py, v0.4.0 to v0.6.0, acquires its semaphore of num_prompts_per_step x
// max_trajectory_age_steps per prompt, whose num_generations_per_prompt samples run_async_multi_turn_rollout sends at
// once, and releases it in the worker's `finally`, once the whole group is rolled out), so a group holds its place
// until its longest sample ends, D decode iterations (MeanLongestOfGroups), while its shorter samples have left the
// engine (`longest_of_group`; 0 without groups). Little's law over the groups: the engine finishes in_flight / group
// groups every D iterations, so its running sequences are in_flight x E[l] / D unless the engine is
// full (then it queues, and runs at `cap` as a sequence-level stream would):
//   iterations per step = max(per_engine x E[l] / c, D / rl_max_age),  running c_run = min(c, in_flight x E[l] / D),
// the two bounds meeting where the engine fills. Without groups (D = E[l]) this is the sequence-level stream.
RlGeneration Streaming(const EngineCost& ec, const std::vector<double>& len, double cap, int max_age, double per_engine,
                       double longest_of_group) {
  RlGeneration g;
  double m1 = 0, m2 = 0;
  for (double l : len) m1 += l, m2 += l * l;
  m1 /= std::max<size_t>(1, len.size()), m2 /= std::max<size_t>(1, len.size());
  const double ctx = Pos(ec.job.rl.prompt_len) + (m1 > 0 ? m2 / (2.0 * m1) : 0.0);
  const double kv_tokens = ec.e.kv_token > 0 ? Pos(ec.e.kv_budget) / ec.e.kv_token : 1e18;
  const double in_flight = std::max(1, max_age) * per_engine;
  const double c = std::max(1.0, std::min({cap, in_flight, std::floor(kv_tokens / std::max(1.0, ctx))}));
  const double held = std::max(m1, longest_of_group);  // D
  const double running = held > 0 ? std::max(1.0, std::min(c, in_flight * m1 / held)) : c;
  const double iterations = std::max(per_engine * m1 / c, held / std::max(1, max_age));
  g.peak_concurrency = c;
  g.decode_s = iterations * IterationSeconds(ec, running, running * ctx);
  return g;
}

std::vector<double> ComputeResponseLengths(double mean, double cap, int n, double cap_share) {
  std::vector<double> out;
  if (n <= 0 || !(cap >= 1)) return out;
  const double m = std::clamp(mean, 1.0, cap);
  // The runaway share, at most half of what the mean allows (the rest must still average below the cap).
  const double f = std::clamp(cap_share, 0.0, 0.5 * m / cap);
  const double body = (m - f * cap) / (1.0 - f);  // the mean the exponential body must have
  std::vector<double> q(n, cap);
  if (body < 0.999 * cap) {
    // mean of min(X, cap) for X exponential of scale mu: mu (1 - exp(-cap / mu)), rising in mu from 0 to cap.
    double lo = 1e-3 * body, hi = 1e6 * cap;
    for (int it = 0; it < 200; ++it) {
      const double mu = std::sqrt(lo * hi);
      (mu * -std::expm1(-cap / mu) < body ? lo : hi) = mu;
    }
    const double mu = std::sqrt(lo * hi);
    for (int k = 0; k < n; ++k) {
      const double u = (k + 0.5) / n;  // the top f of the quantiles run to the cap
      q[k] = u >= 1.0 - f ? cap : std::clamp(-mu * std::log1p(-u / (1.0 - f)), 1.0, cap);
    }
  }
  // Arrival order: sequence j takes the quantile of its rank in frac((j + 1) x golden ratio).
  std::vector<std::pair<double, int>> key(n);
  for (int j = 0; j < n; ++j) key[j] = {std::fmod((j + 1) * 0.6180339887498949, 1.0), j};
  std::sort(key.begin(), key.end());
  out.assign(n, cap);
  for (int r = 0; r < n; ++r) out[key[r].second] = q[r];
  return out;
}

// First fit: each item, in order, into the first bin whose load plus the item stays within `cap`, a new bin when
// none has room; the bins' loads in the order they opened. A tournament tree of the least load under each node finds
// that bin in log time where a scan of the bins took linear time (the layout search runs this per layout): the same
// bins, compared by the same expression.
std::vector<double> FirstFit(const std::vector<double>& items, double cap) {
  size_t leaves = 1;
  while (leaves < std::max<size_t>(1, items.size())) leaves *= 2;
  std::vector<double> least(2 * leaves, 0.0);  // unopened bins are empty
  size_t opened = 0;
  for (double s : items) {
    size_t node = 1;
    if (least[1] + s > cap) break;  // cannot happen: the caller's cap holds the longest item
    while (node < leaves) node = least[2 * node] + s <= cap ? 2 * node : 2 * node + 1;
    least[node] += s;
    opened = std::max(opened, node - leaves + 1);
    for (node /= 2; node >= 1; node /= 2) least[node] = std::min(least[2 * node], least[2 * node + 1]);
  }
  return std::vector<double>(least.begin() + leaves, least.begin() + leaves + opened);
}
}  // namespace

// The layout search asks for the same lengths layout after layout (a step's law, at a few chunk sizes): the last
// few answers are kept, per thread (the page's search workers each have their own).
std::vector<double> ResponseLengths(double mean, double cap, int n, double cap_share) {
  struct Entry {
    double mean = -1, cap = -1, share = -1;
    int n = -1;
    std::vector<double> lengths;
  };
  thread_local Entry kept[4];
  thread_local int next = 0;
  for (const Entry& e : kept)
    if (e.n == n && e.mean == mean && e.cap == cap && e.share == cap_share) return e.lengths;
  Entry& e = kept[next];
  next = (next + 1) % 4;
  e = {mean, cap, cap_share, n, ComputeResponseLengths(mean, cap, n, cap_share)};
  return e.lengths;
}

// NeMo RL v0.3.0 (NVIDIA-NeMo/RL@b1c86a816c5e2b4ca41ece193624a38dc62e6fdf), what its sequence packing does to a
// pass's tokens, each step read from the code:
// - nemo_rl/models/policy/lm_policy.py: train shards the step's batch with shard_by_batch_size(dp,
//   batch_size=train_global_batch_size, sequence_packing_args) (l. 337-345): one packing per global batch;
//   get_logprobs with batch_size=None (l. 213-215): one packing of the whole step. Each sequence's length is
//   padded to sequence_length_pad_multiple = 2 x cp x tp with context parallelism, else tp (l. 162-165).
// - nemo_rl/distributed/batched_data_dict.py shard_by_batch_size (l. 376-479): each chunk packed into bins of
//   max_tokens_per_microbatch (train_mb_tokens / logprob_mb_tokens) by modified_first_fit_decreasing (the configs'
//   algorithm; nemo_rl/data/packing/algorithms.py: Johnson & Garey's MFFD, planned here as first-fit decreasing,
//   which it reduces to for items this small against the bin), the bins dealt round-robin to the replicas
//   (shard_idx = bin_idx % shards).
// - Megatron (megatron_policy_worker.py train l. 815-831, get_logprobs l. 1002-1009): with a pipeline
//   (pipeline_model_parallel_size > 1) every bin of a replica's batch is padded to its longest bin
//   (pad_full_seq_to = max(micro_batch_lengths), "to maintain a static PP buffer"); without one a bin is its own
//   tokens. The replicas meet at the optimizer step (train) or the gathered result (get_logprobs): the slowest sets
//   the pace.
// - DTensor (dtensor_policy_worker.py train l. 571-613): each replica runs the most bins any replica holds
//   (all_reduce MAX, the missing ones repeated as dummy micro-batches whose loss is multiplied by 0), and each
//   packed micro-batch is padded to train_mb_tokens (pack_sequences min_seq_len=train_mb_tokens, "a WAR for
//   sequence packing"). Its get_logprobs (l. 855-870) runs the dummy bins too, without padding to the bin size.
// The bin is train_mb_tokens / logprob_mb_tokens where the plan states them (rl_mb_tokens, rl_logprob_mb_tokens),
// else the plan's micro-batch, mbs x the planned sequence (INFERRED: NeMo RL's bin is max_total_sequence_length x
// train_micro_batch_size, which the planner's mbs then stands for), at least the longest padded sequence (NeMo RL
// refuses a longer one). Attention's sum of s_i^2 over the ragged sequences is not
// here: the step model's attention stays at the planned sequence (1-5 % of the FLOPs at these lengths).
namespace {
// The first-fit bins of each simulated chunk of the step's sequences, in the order they opened (token counts, exact in
// a float below 2^24), and the bin's capacity: what the replica count, the flags and the pipeline's padding do not
// change. The search asks for a few hundred (pad multiples x chunk sizes x bins) layout after layout: kept per
// thread, keyed by everything they read, up to kKept of them (then forgotten and recomputed).
struct ChunkBins {
  std::vector<std::vector<float>> bins;  // per chunk
  double bin_cap = 0;
};
// A per-thread cache's key: the reals and integers a simulation reads, compared exactly.
template <int NR, int NI>
struct SimKey {
  double reals[NR];
  int ints[NI];
  bool operator==(const SimKey& o) const {
    return std::equal(reals, reals + NR, o.reals) && std::equal(ints, ints + NI, o.ints);
  }
  struct Hash {
    size_t operator()(const SimKey& k) const {
      size_t h = 0;
      for (double v : k.reals) h = h * 1000003u ^ std::hash<double>()(v);
      for (int v : k.ints) h = h * 1000003u ^ std::hash<int>()(v);
      return h;
    }
  };
};
using BinsKey = SimKey<5, 3>;
const ChunkBins& BinsOfChunks(const Job& job, int chunk, int chunks, int pad, double bin) {
  const RlSetup& r = job.rl;
  const double cap_share = RlConstantsOf(job).cap_share;
  const BinsKey key{{r.response_len, r.max_response_len, r.prompt_len, cap_share, bin}, {chunk, chunks, pad}};
  constexpr size_t kKept = 512;
  thread_local std::unordered_map<BinsKey, ChunkBins, BinsKey::Hash> kept;
  if (auto it = kept.find(key); it != kept.end()) return it->second;
  if (kept.size() >= kKept) kept.clear();
  ChunkBins& out = kept[key];
  const std::vector<double> resp = ResponseLengths(r.response_len, r.max_response_len, chunks * chunk, cap_share);
  std::vector<double> len(resp.size());
  double longest = 0;
  for (size_t i = 0; i < resp.size(); ++i) {
    const double sq = std::max(1.0, std::round(r.prompt_len + resp[i]));
    len[i] = std::ceil(sq / pad) * pad;
    longest = std::max(longest, len[i]);
  }
  out.bin_cap = std::max(bin, longest);
  std::vector<double> items;
  for (int c = 0; c < chunks; ++c) {
    items.assign(len.begin() + size_t(c) * chunk, len.begin() + size_t(c + 1) * chunk);
    std::sort(items.begin(), items.end(), std::greater<>());
    const std::vector<double> bins = FirstFit(items, out.bin_cap);  // first fit, decreasing
    out.bins.emplace_back(bins.begin(), bins.end());
  }
  return out;
}

double ComputePackedTokenFactor(const Job& job, const RlPacking& p) {
  if (p.sequences <= 0 || p.planned_seq <= 0) return 1.0;
  const int dp = std::max(1, p.dp), pad = std::max(1, p.pad_multiple);
  int chunk = std::clamp(p.chunk > 0 ? p.chunk : p.sequences, 1, p.sequences);
  int dp_sim = dp;
  // At most 4,096 sequences a packing simulated (the search calls this per layout): a larger chunk is planned as
  // 4,096 of its sequences over as many replicas as hold them in the same proportion.
  constexpr int kMaxChunk = 4096;
  if (chunk > kMaxChunk) {
    dp_sim = std::max(1, int(std::lround(double(dp) * kMaxChunk / chunk)));
    chunk = kMaxChunk;
  }
  const int chunks = std::max(1, std::min(p.sequences / chunk, std::max(1, kMaxChunk / chunk)));
  const double bin = p.budget > 0 ? double(p.budget) : double(std::max(1, p.mbs)) * p.planned_seq;
  const ChunkBins& packed = BinsOfChunks(job, chunk, chunks, pad, bin);
  const double bin_cap = packed.bin_cap;
  double slowest = 0, planned = 0;
  std::vector<double> rank_tokens, rank_longest;
  std::vector<int> rank_bins;
  for (const std::vector<float>& bins : packed.bins) {
    rank_tokens.assign(dp_sim, 0.0), rank_longest.assign(dp_sim, 0.0), rank_bins.assign(dp_sim, 0);
    for (size_t b = 0; b < bins.size(); ++b) {
      const size_t k = b % size_t(dp_sim);
      rank_tokens[k] += bins[b], rank_longest[k] = std::max(rank_longest[k], double(bins[b])), ++rank_bins[k];
    }
    const int most = *std::max_element(rank_bins.begin(), rank_bins.end());
    double worst = 0;
    for (int k = 0; k < dp_sim; ++k) {
      double t = rank_tokens[k];
      if (p.dtensor_train) {
        t = most * bin_cap;
      } else if (p.pad_to_longest_bin) {
        t = rank_bins[k] * rank_longest[k];
      } else if (p.dtensor_logprob && rank_bins[k] > 0) {
        t = rank_tokens[k] * double(most) / rank_bins[k];
      }
      worst = std::max(worst, t);
    }
    slowest += worst;
    planned += double(chunk) / dp_sim * p.planned_seq;
  }
  return planned > 0 ? std::max(1e-3, slowest / planned) : 1.0;
}
}  // namespace

// The layout search asks the same packing again and again (a few replica counts, micro-batches and pad multiples,
// thousands of layouts): the answers are kept, per thread, keyed by everything the simulation reads.
double PackedTokenFactor(const Job& job, const RlPacking& p) {
  const RlSetup& r = job.rl;
  using Key = SimKey<5, 7>;
  const Key key{{r.response_len, r.max_response_len, r.prompt_len, RlConstantsOf(job).cap_share, p.planned_seq},
                {p.sequences, p.chunk, p.dp, p.mbs, p.pad_multiple,
                 int(p.pad_to_longest_bin) | int(p.dtensor_train) << 1 | int(p.dtensor_logprob) << 2, p.budget}};
  constexpr size_t kKept = 4096;
  thread_local std::unordered_map<Key, double, Key::Hash> kept;
  if (auto it = kept.find(key); it != kept.end()) return it->second;
  if (kept.size() >= kKept) kept.clear();
  return kept[key] = ComputePackedTokenFactor(job, p);
}

namespace {
// Generation inside a ZeRO-3 trainer (rl_engine=hf, zero=3, data parallel), each GPU holding a 1/dp shard of the
// weights: two mechanisms of the frameworks' code. (1) The weights are gathered over the data-parallel group.
// DeepSpeed's Hybrid Engine (deepspeed/runtime/hybrid_engine.py DeepSpeedHybridEngine.generate; DeepSpeed-Chat's
// step 3) with pin_parameters (its default) gathers every layer once around the generate call
// (GatheredParameters), as TRL's unwrap_model_for_generation does (ds3_gather_for_generation); that needs the whole
// 16-bit weights on the GPU at once. When they do not fit beside the trainer's state, DeepSpeed-Chat's
// --unpin_actor_parameters ("makes generation slower but requires less memory") sets pin_parameters false, and the
// engine's _zero3_forward gathers each layer at every forward, i.e. the whole weights at every decode iteration
// (as ZeRO-3's own fetch hooks do for a plain generate). (2) The calls of all replicas wait for each other:
// Transformers' generate sets synced_gpus under ZeRO-3 with more than one rank (DeepSpeed-Chat passes
// synced_gpus=z3_enabled), so a rank whose batch is done keeps stepping until every rank's is: each call runs to
// the longest response of all of them. Not modelled: the Hybrid Engine's inference tensor parallelism
// (inference_tp_size).
void ZeroThreeGenerate(const Job& job, const Layout& layout, double free_bytes, RlEngineShape& e) {
  if (layout.zero < 3 || layout.dp <= 1 || !job.hw.gpu) return;
  e.synced = e.engines;
  const double net = step_detail::NetworkEfficiency(job.assume);
  const step_detail::Place dp =
      step_detail::Locate(step_detail::MakeFabric(job, std::max(1, job.hw.gpus), net),
                          ShardGroupDp(layout, job.work.dp_shard), layout.tp);  // a shard group's gather
  const double whole = e.dense_weights + e.expert_weights;
  const double gather = step_detail::AllGather(whole, dp);
  if (free_bytes < 0 || whole + e.kv_budget <= free_bytes) {
    e.call_gather_s = gather;
    e.total += whole;  // the gathered weights stay on the GPU for the call
  } else {
    e.iter_gather_s = gather;
  }
}
}  // namespace

RlEngineShape MakeRlEngine(const Job& job, const Layout& layout, double free_bytes) {
  const RlSetup& r = job.rl;
  const RlConstants& k = RlConstantsOf(job);
  const ParamCounts& pc = job.facts.pc;
  const ModelArch& m = job.model;
  RlEngineShape e;
  const double cap = job.hw.gpu ? job.hw.gpu->mem_bytes : 0.0;
  const bool hf = r.engine == RlEngine::Hf;
  // hf generates inside the trainer: its replicas, its own weights (counted by the trainer), a KV cache for every
  // sequence it holds; an engine is one rollout_tp shard of the 16-bit weights.
  e.tp = hf ? std::max(1, layout.tp) : std::max(1, r.rollout_tp);
  e.engines = hf ? std::max(1.0, double(job.hw.gpus) / double(std::max(1, layout.tp * layout.pp * layout.cp)))
                 : std::max(1.0, double(r.rollout_gpus) / e.tp);
  const double expert_all = ExpertParams(pc);
  const double dense_all = std::max(0.0, pc.total - expert_all);
  // FP8 rollout weights (rl_gen_prec=fp8): the blocks' linear layers in FP8 with an fp32 scale per 128 x 128 block
  // (NeMo RL's fp8.py weight_block_size, verl's fp8_block_quant_kwargs), the embedding, output head and norms in 16
  // bits (vLLM's Fp8Config quantizes its LinearBase and FusedMoE layers only).
  const double kept16 =
      std::min(dense_all, pc.embedding + pc.head + pc.final_norm + pc.norms * (pc.dense_layers + pc.moe_layers));
  const double w = GenWeightBytes(job);
  e.dense_weights = (2.0 * kept16 + w * (dense_all - kept16)) / e.tp;
  e.expert_weights = w * expert_all / e.tp;
  e.kv_token = KvBytesPerToken(m, e.tp);
  if (hf) {
    double batch = std::min(double(std::max(1, r.max_seqs)), std::ceil(double(r.prompts) * r.samples / e.engines));
    if (r.gen_batch > 0) batch = std::min(batch, double(r.gen_batch));
    e.kv_budget = batch * (r.prompt_len + r.max_response_len) * e.kv_token;
    e.total = e.kv_budget;
    ZeroThreeGenerate(job, layout, free_bytes, e);
    return e;
  }
  e.weights = e.dense_weights + e.expert_weights;
  const double width = 2.0 * (m.experts > 1 ? double(m.topk) * std::max(m.moe_ffn, 1) : double(m.ffn)) + 4.0 * m.hidden;
  e.activations = k.engine_act_tokens * width * 2.0 / e.tp;
  const double budget = r.kv_frac * cap;
  if (r.engine == RlEngine::Vllm) {
    // vLLM: the fraction of the whole GPU holds weights, the profiled activations and the KV cache.
    e.kv_budget = budget - e.weights - e.activations;
    e.total = budget + k.engine_graph_bytes;
  } else {
    // SGLang: the fraction holds weights and the KV pool; activations and graphs sit outside it.
    e.kv_budget = budget - e.weights;
    e.total = budget + e.activations + k.engine_graph_bytes;
  }
  return e;
}

namespace {
// The share of the engine the step waits for: the step's responses drawn from the length law in arrival order,
// dealt to the engines in contiguous chunks of per_engine (NeMo RL's VllmGeneration.generate shards the batch so,
// nemo_rl/models/generation/vllm.py shard_by_batch_size; verl's AgentLoopManager.generate_sequences splits it over
// its workers and returns when all are done), and the chunk holding the longest response of the whole step, which
// finishes last: one engine's share drawn alone would stop at the longest of its own draws. `sim` of its sequences
// around that response (at most 1e6 drawn).
std::vector<double> SlowestShare(const Job& job, double sequences, double per_engine, int sim) {
  const RlSetup& r = job.rl;
  const double share = RlConstantsOf(job).cap_share;
  const int n = int(std::min(sequences, 1e6));
  if (n <= sim) return ResponseLengths(r.response_len, r.max_response_len, sim, share);
  const std::vector<double> all = ResponseLengths(r.response_len, r.max_response_len, n, share);
  const size_t longest = size_t(std::max_element(all.begin(), all.end()) - all.begin());
  const size_t chunk = size_t(std::max(1.0, per_engine));
  const size_t first = longest / chunk * chunk, end = std::min(all.size(), first + chunk);
  // The window of sim sequences of that chunk that holds the longest (the rest are scaled by the saturated pace).
  const size_t start = std::max(first, std::min(longest, end - std::min(end - first, size_t(sim))));
  std::vector<double> out(all.begin() + start, all.begin() + std::min(end, start + size_t(sim)));
  return out;
}
}  // namespace

RlGeneration SimulateRollout(const Job& job, const RlEngineShape& e) {
  const RlSetup& r = job.rl;
  const double sequences = double(r.prompts) * r.samples;
  const double per_engine = std::ceil(sequences / e.engines);
  // The slowest engine's share, simulated up to kSimMax sequences; beyond, the extra sequences run at the
  // throughput the engine reached while saturated (its queue never empty), then the simulated ones drain.
  const double max_seqs = std::max(1, r.max_seqs);
  const int sim = int(std::min(per_engine, std::max(8192.0, 4.0 * max_seqs)));
  const std::vector<double> len = SlowestShare(job, sequences, per_engine, sim);
  RlGeneration g;
  double sat_s = 0, sat_tokens = 0;
  const EngineCost cost = Cost(job, e);
  const bool calls = r.gen_batch > 0 && r.gen_batch < per_engine;  // the trainer's generate calls split the step
  const double kv_tokens = e.kv_token > 0 ? Pos(e.kv_budget) / e.kv_token : 1e18;
  if (r.engine == RlEngine::Hf) {
    // Under ZeRO-3 the replicas' calls wait for each other: their rows drawn from the same law (at most 1e6).
    const int synced_n = e.synced > 1 ? int(std::min(double(sim) * e.synced, 1e6)) : 0;
    const std::vector<double> synced_len =
        ResponseLengths(r.response_len, r.max_response_len, synced_n, RlConstantsOf(job).cap_share);
    g = Static(cost, len, std::min(max_seqs, calls ? double(r.gen_batch) : per_engine), synced_len);
  } else if (calls) {
    g = Calls(len, r.gen_batch, [&](const std::vector<double>& part) {
      double s = 0, t = 0;
      return Continuous(cost, part, max_seqs, kv_tokens, s, t);
    });
  } else if (r.async == 2 && !r.colocate) {
    // Streaming counts every sequence of the engine at once (no saturated throughput to scale by below), rl_max_age
    // steps' share in flight; NeMo RL's groups are a prompt's samples, consecutive in the step's arrival order
    // (repeat_interleave), drawn from the same law as every other length (at most 1e6 sequences).
    double longest_of_group = 0;
    if (r.framework == RlFramework::NemoRl && r.samples > 1)
      longest_of_group =
          MeanLongestOfGroups(ResponseLengths(r.response_len, r.max_response_len, int(std::min(sequences, 1e6)),
                                              RlConstantsOf(job).cap_share),
                              r.samples);
    g = Streaming(cost, len, max_seqs, r.max_age, per_engine, longest_of_group);
  } else {
    g = Continuous(cost, len, max_seqs, kv_tokens, sat_s, sat_tokens);
  }
  // Only a share cut at sim sequences is scaled (a last, shorter chunk holding the longest response is whole).
  const bool cut = per_engine > sim && len.size() >= size_t(sim);
  if (cut && (r.engine == RlEngine::Hf || calls)) {
    const double scale = per_engine / sim;  // static batches or calls: each alike
    g.prefill_s *= scale, g.decode_s *= scale, g.tail_s *= scale;
  } else if (cut && sat_tokens > 0) {
    g.decode_s += (per_engine - sim) * r.response_len * sat_s / sat_tokens;
  }
  // Prefill: vLLM and SGLang cache a group's shared prompt (verl enable_prefix_caching: true), so each prompt once;
  // Transformers prefill every row (counted per batch).
  if (r.engine != RlEngine::Hf) g.prefill_s += PrefillSeconds(job, e, std::ceil(r.prompts / e.engines) * r.prompt_len);
  return g;
}

void PrepareRollout(Job& job) {
  RlSetup& r = job.rl;
  r.rollout = {};
  if (!r.Active() || r.algo == RlAlgo::Dpo || r.engine == RlEngine::Hf || !job.hw.gpu) return;
  const RlGeneration g = SimulateRollout(job, MakeRlEngine(job, Layout{}));  // vLLM, SGLang: no layout read
  r.rollout = {true, g.prefill_s, g.decode_s, g.tail_s, g.peak_concurrency};
}

}  // namespace tp
