// format.cpp — the number formatters (format.h): one rule per kind of number, printf underneath so that the
// same number prints the same bytes natively and in WebAssembly.
#include "format.h"

#include <cmath>
#include <cstdio>

namespace tp {
namespace {

std::string Printf(const char* format, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, std::isfinite(v) ? v : 0.0);
  return buf;
}

// `v` in the largest of `units` (each `step` times the one before) that it reaches, at three digits.
std::string Scaled(double v, double step, const char* const (&units)[5]) {
  double scale = 1;
  int unit = 0;
  while (unit < 4 && std::fabs(v) >= scale * step) scale *= step, ++unit;
  if (unit == 0) return Printf("%.0f ", v) + units[0];
  return Sig3(v / scale) + " " + units[unit];
}

}  // namespace

std::string Sig3(double v) {
  const double a = std::fabs(v);
  if (a >= 100) return Printf("%.0f", v);
  if (a >= 10) return Printf("%.1f", v);
  return Printf("%.2f", v);
}

std::string Thousands(double v) {
  const std::string digits = Printf("%.0f", std::fabs(v));
  std::string out;
  const int n = int(digits.size());
  for (int i = 0; i < n; ++i) {
    out += digits[i];
    if ((n - 1 - i) % 3 == 0 && i != n - 1) out += ',';
  }
  return v < 0 && out != "0" ? "-" + out : out;
}

std::string MemoryText(double bytes) {
  static const char* const kUnits[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  return Scaled(bytes, 1024, kUnits);
}

std::string BytesText(double bytes) {
  static const char* const kUnits[] = {"B", "kB", "MB", "GB", "TB"};
  return Scaled(bytes, 1000, kUnits);
}

std::string CountText(double n) {
  const double a = std::fabs(n);
  if (a >= 1e12) return Sig3(n / 1e12) + " T";
  if (a >= 1e9) return Sig3(n / 1e9) + " B";
  if (a >= 1e6) return Sig3(n / 1e6) + " M";
  if (a >= 1e4) return Sig3(n / 1e3) + " k";
  // A fraction below 100 keeps three significant digits: 0.75 GPU-hours rounded whole read "1 (1–1)".
  if (a < 100 && n != std::round(n)) return Sig3(n);
  return Thousands(n);
}

std::string PercentText(double fraction) {
  const double p = 100 * (std::isfinite(fraction) ? fraction : 0.0);
  return Printf(std::fabs(p) >= 10 ? "%.0f%%" : "%.1f%%", p);
}

std::string DurationText(Lang lang, double seconds) {
  const double s = std::isfinite(seconds) && seconds > 0 ? seconds : 0.0;
  auto with = [&](const std::string& number, const char* unit) { return number + " " + UnitWord(lang, unit); };
  if (s == 0) return with("0", "s");
  if (s < 1e-3) return with(Sig3(s * 1e6), "µs");
  if (s < 1) return with(Sig3(s * 1e3), "ms");
  if (s < 60) return with(Sig3(s), "s");
  if (s < 3600) return with(Printf(s < 600 ? "%.1f" : "%.0f", s / 60), "min");
  if (s < 48 * 3600) return with(Printf(s < 10 * 3600 ? "%.1f" : "%.0f", s / 3600), "h");
  const double days = s / 86400;
  if (days < 2 * 365) return with(Printf(days < 10 ? "%.1f" : "%.0f", days), "days");
  return with(Sig3(days / 365.25), "years");
}

std::string UsdText(Lang lang, double usd) {
  const double v = std::isfinite(usd) ? usd : 0.0;
  const std::string number = std::fabs(v) < 100 && v != 0 ? Printf("%.2f", v) : Thousands(v);
  return number + " " + UnitWord(lang, "USD");
}

std::string UsdShort(double usd) {
  const double v = std::isfinite(usd) ? usd : 0.0, a = std::fabs(v);
  std::string s = "$";  // appended, not "$" + ...: GCC 12 warns (-Wrestrict) on that form
  if (a >= 1e9) return s.append(Sig3(v / 1e9)).append(" B");
  if (a >= 1e6) return s.append(Sig3(v / 1e6)).append(" M");
  if (a >= 1e4) return s.append(Sig3(v / 1e3)).append(" k");
  if (a >= 100) return s.append(Thousands(v));
  return Printf("$%.2f", v);
}

}  // namespace tp
