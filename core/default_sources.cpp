// default_sources.cpp — the source of every assumption's default (see default_sources.h). Kept next to
// each other so a reviewer reads all the assumptions in one place; a test checks every assumption key has
// one, and that each has its Chinese.
#include "default_sources.h"

namespace tp {

namespace {

struct KeySource {
  const char* key;
  const char* source;
};

const KeySource kSources[] = {
    {"tokens", "20 tokens per parameter: the compute-optimal ratio of Hoffmann et al. 2022 (Chinchilla)."},
    {"headroom", "5 % of memory kept free for the caching allocator's fragmentation, which published peak-memory "
                 "figures leave out (our estimate)."},
    {"usd_per_gpu_hour", "The GPU's catalog price: a typical on-demand rental price of 2025 (see price_source in "
                         "`trainplan catalog gpus --format md`); not a quote."},
    {"usd_per_gpu", "The GPU's catalog purchase price, 2025 street or list price (see price_source in "
                    "`trainplan catalog gpus --format md`); not a quote."},
    {"usd_per_kwh", "0.12 USD/kWh: about the US commercial average (EIA, 2024: 12-13 cents; industrial about 8)."},
    {"pue", "1.3: a modern colocation data hall. Industry average 1.58 (Uptime Institute survey 2023); hyperscale "
            "fleets about 1.1 (Google 2023: 1.10)."},
    {"years", "5 years: a common server depreciation period, and the horizon of the five-year cost tables users "
              "compare with."},
    {"mtbf_gpu_h", "About 50,700 hours per GPU: Llama 3 405B saw 419 unexpected interruptions in 54 days on "
                   "16,384 H100 GPUs (Dubey et al. 2024, section 3.3.4)."},
    {"ckpt_s", "Checkpoint size over the storage bandwidth; AdamW keeps 14 bytes per trained parameter (16-bit "
               "weights, fp32 master weights and two moments)."},
    {"restart_s", "10 minutes to detect, reschedule and reload (our estimate). Consistent with Llama 3: above 90 % "
                  "effective training time with 466 interruptions in 54 days."},
    {"storage_gbps", "1 GB/s per GPU up to 2 TB/s: Llama 3's storage sustained 2 TB/s (Dubey et al. 2024)."},
    {"eff_matmul", "Fitted with the other step-model constants to 19 published throughput measurements "
                   "(docs/step-model.md)."},
    {"matmul_half_ridge", "Fitted with the other step-model constants to 19 published throughput measurements "
                          "(docs/step-model.md)."},
    {"eff_attention", "Fitted (docs/step-model.md); FlashAttention-2 publishes 50-70 % of peak on A100 and about "
                      "35 % on H100 (Dao 2023)."},
    {"eff_memory", "Fitted (docs/step-model.md); STREAM-like copies reach 80-90 % of peak memory bandwidth."},
    {"eff_network", "Fitted (docs/step-model.md); nccl-tests bus bandwidth is 75-90 % of the nominal link "
                    "bandwidth."},
    {"overlap_dp", "Fitted to the published throughput measurements (docs/step-model.md)."},
    {"overlap_contention", "Fitted (docs/step-model.md); published slowdowns of compute overlapped with "
                           "collectives are 10-40 %."},
    {"cuda_context_gb", "0.5 GB: CUDA context and cuBLAS/cuDNN workspaces as PyTorch reports them on A100 and "
                        "H100 (about 0.3-0.6 GB)."},
    {"host_gb_per_gpu", "128 GB: a DGX A100 has 1 TB of host memory for 8 GPUs (NVIDIA datasheet)."},
    {"gpu_power", "80 % of TDP on average while training (our estimate; training runs draw about 70-90 %)."},
    {"server_power", "0.8 x the GPU's TDP per GPU for CPUs, memory, NICs and fans: a DGX H100 draws 10.2 kW at most "
                     "with 8 x 700 W GPUs (NVIDIA datasheet)."},
    {"capex_overhead", "60 % on top of the GPUs for servers, network and facility share (our estimate from DGX "
                       "system prices against their GPUs' prices, plus an InfiniBand fabric)."},
    {"staff_usd_per_year", "0: operations staff left out unless given."},
    {"eff_run", "Fitted to the published whole runs of the case file (Llama 2 7B and 70B GPU-hours, OPT-175B days): the geometric mean of the step model's steady-state prediction over the published figure (docs/validation.md; checked on held-out runs: LLaMA 1, BLOOM, Llama 3.1)."},
};

}  // namespace

const char* DefaultSource(std::string_view key) {
  for (const KeySource& s : kSources)
    if (key == s.key) return s.source;
  return "";
}

}  // namespace tp
