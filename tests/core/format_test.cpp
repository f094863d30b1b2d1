// format_test.cpp — the one set of number formatters (core/base/format.h): three significant digits,
// memory in binary units changing at 1,024, sizes in SI units changing at 1,000, durations in the unit a
// person reads, thousands separators, money and percentages, in English and Chinese.
#include <catch2/catch.hpp>

#include <cmath>

#include "format.h"
#include "units.h"

// This file's names, apart from the other test files' (cmake/test_executable.cmake: a unity build).
namespace format_test {

using namespace tp;

TEST_CASE("memory reads in binary units with three digits, changing unit at 1,024", "[format]") {
  CHECK(MemoryText(80.0 * kGiB) == "80.0 GiB");
  CHECK(MemoryText(79.6475 * kGiB) == "79.6 GiB");
  CHECK(MemoryText(150.25 * kGiB) == "150 GiB");
  CHECK(MemoryText(7.5 * kGiB) == "7.50 GiB");
  CHECK(MemoryText(1023.0 * 1024 * 1024) == "1023 MiB");
  CHECK(MemoryText(512.0 * 1024 * 1024) == "512 MiB");
  CHECK(MemoryText(1.5 * 1024 * kGiB) == "1.50 TiB");
  CHECK(MemoryText(900) == "900 B");
  CHECK(MemoryText(0) == "0 B");
  CHECK(BytesText(71.2e9) == "71.2 GB");
  CHECK(BytesText(138e9) == "138 GB");
  CHECK(BytesText(512e6) == "512 MB");
  CHECK(BytesText(1.2e12) == "1.20 TB");
}

TEST_CASE("durations: a step in seconds, a fine-tune in hours, a pre-training run in days, beyond two years in years",
          "[format]") {
  CHECK(DurationText(Lang::En, 0) == "0 s");
  CHECK(DurationText(Lang::En, -3) == "0 s");
  CHECK(DurationText(Lang::En, NAN) == "0 s");
  CHECK(DurationText(Lang::En, 120e-6) == "120 µs");
  CHECK(DurationText(Lang::En, 0.12) == "120 ms");
  CHECK(DurationText(Lang::En, 2.314) == "2.31 s");
  CHECK(DurationText(Lang::En, 45) == "45.0 s");
  CHECK(DurationText(Lang::En, 144) == "2.4 min");
  CHECK(DurationText(Lang::En, 28 * 60) == "28 min");
  CHECK(DurationText(Lang::En, 3.42 * 3600) == "3.4 h");
  CHECK(DurationText(Lang::En, 36 * 3600) == "36 h");
  CHECK(DurationText(Lang::En, 2.1 * 86400) == "2.1 days");
  CHECK(DurationText(Lang::En, 38.4 * 86400) == "38 days");
  CHECK(DurationText(Lang::En, 1000 * 86400) == "2.74 years");
  CHECK(DurationText(Lang::Zh, 28 * 60) == "28 分钟");
  CHECK(DurationText(Lang::Zh, 38.4 * 86400) == "38 天");
}

TEST_CASE("thousands, counts, money and percentages", "[format]") {
  CHECK(Thousands(2048) == "2,048");
  CHECK(Thousands(-1234567) == "-1,234,567");
  CHECK(Thousands(999.4) == "999");
  CHECK(Thousands(-0.2) == "0");
  CHECK(CountText(69.0e9) == "69.0 B");
  CHECK(CountText(7.24e6) == "7.24 M");
  CHECK(CountText(12500) == "12.5 k");
  CHECK(CountText(5120) == "5,120");
  CHECK(CountText(512) == "512");
  CHECK(CountText(0.75) == "0.75");  // 0.75 GPU-hours read "1 (1–1)" on the page
  CHECK(CountText(12.5) == "12.5");
  CHECK(UsdText(Lang::En, 1234567.4) == "1,234,567 USD");
  CHECK(UsdText(Lang::Zh, 1234567.4) == "1,234,567 美元");
  CHECK(UsdText(Lang::En, 12.4) == "12.40 USD");
  CHECK(UsdText(Lang::En, 0) == "0 USD");
  CHECK(UsdShort(4.1e6) == "$4.10 M");
  CHECK(UsdShort(870e3) == "$870 k");
  CHECK(UsdShort(4120) == "$4,120");
  CHECK(UsdShort(12.4) == "$12.40");
  CHECK(PercentText(0.471) == "47%");
  CHECK(PercentText(0.047) == "4.7%");
  CHECK(Sig3(71.24) == "71.2");
  CHECK(Sig3(7.243) == "7.24");
  CHECK(Sig3(138.4) == "138");
}

}  // namespace format_test
