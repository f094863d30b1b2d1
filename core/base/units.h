// units.h — SI unit constants used across the engine. Everything inside core is bytes, seconds,
// FLOPs and watts; formatting into GB/GiB/days happens only at the surfaces.
#pragma once

#include <cmath>

namespace tp {

inline constexpr double kKB = 1e3, kMB = 1e6, kGB = 1e9, kTB = 1e12;
inline constexpr double kKiB = 1024.0, kMiB = kKiB * 1024.0, kGiB = kMiB * 1024.0;
inline constexpr double kTera = 1e12, kPeta = 1e15;
inline constexpr double kHour = 3600.0, kDay = 86400.0, kYear = 365.25 * kDay;

// A size or time that must not be negative: a negative, infinite or NaN one counts as 0 (the engine's inputs are
// checked at the surfaces; this keeps a formula's pieces from turning a bad one into a negative sum).
inline double Pos(double x) { return std::isfinite(x) && x > 0 ? x : 0.0; }

}  // namespace tp
