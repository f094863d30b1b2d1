// format.h — the one set of number formatters every surface shares: the text report, the explanation, the
// sentences, the compare verdict and the page (web/widgets.h only adds "-" for a number that is not one).
// One rule each, so that one figure reads the same wherever it is printed:
// - three significant digits (71.2, 7.24, 138), the precision spec sheets and papers quote;
// - memory in binary units (GiB = 2^30 bytes, what nvidia-smi and PyTorch show), changing unit at 1,024;
//   sizes and bandwidths in SI units (GB = 1e9), changing unit at 1,000;
// - a duration in the unit a person reads it in (a step in seconds, a fine-tune in hours, a pre-training run
//   in days, a five-year view in years);
// - thousands separated by ',' and the decimal point '.', in both languages (Chinese technical writing uses
//   them too); a space between a number and its unit, the unit words in the language (天, 小时, 美元).
// JSON and CSV print numbers exactly (json.h FormatNumber), never through these.
#pragma once
#include <string>

#include "i18n_core.h"

namespace tp {

std::string Sig3(double v);            // "71.2", "7.24", "138", "-3.50"
std::string Thousands(double v);       // "2,048", "-1,234,567": rounded to a whole number
std::string MemoryText(double bytes);  // "80.0 GiB", "512 MiB", "1.50 TiB", "900 B"
std::string BytesText(double bytes);   // "71.2 GB", "512 MB", "1.20 TB", "900 B"
std::string CountText(
    double n);  // "69.0 B", "7.24 M", "12.5 k", "5,120" (below 10,000 whole; a fraction below 100 "0.75")
std::string PercentText(double fraction);  // "47%", "4.7%" (one decimal below 10 %)
// "120 ms", "2.31 s", "2.4 min", "28 min", "3.4 h", "30 h", "2.1 days", "38 days", "2.74 years"; 0, negative
// or not a number: "0 s". Below a minute three digits; from a minute one decimal below 10 of the unit, else
// whole ones.
std::string DurationText(Lang lang, double seconds);
std::string UsdText(Lang lang, double usd);  // "1,234,567 USD" / "1,234,567 美元"; below 100 with cents
std::string UsdShort(double usd);            // "$4.10 M", "$870 k", "$4,120", "$12.40": the page's figures

}  // namespace tp
