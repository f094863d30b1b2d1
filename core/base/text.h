// text.h — the engine's small text tools, one place each: case and space trimming, quoting what a user
// typed back to them, percent-encoding for links, the one number parser every input path uses (links,
// the command line, JSON, the page's fields: 1B, 2.5T, 1e9 and 1,024 all read), printf of one number and
// terminal widths. The formatters of numbers with units are format.h.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace tp {

std::string Lower(std::string_view s);
std::string_view Trim(std::string_view s);
// The offending value quoted back to the user: bounded, control bytes replaced, UTF-8 kept whole, a byte
// that starts no UTF-8 character replaced by U+FFFD (the quote is always valid UTF-8).
std::string Quote(std::string_view v);

// %XY decoding; a malformed escape is kept literally (it then fails the value's own check). '+' stays
// '+': numbers like 1e+18 travel in fragments unencoded.
std::string PercentDecode(std::string_view s);
// Everything but [A-Za-z0-9-._~] and the fragment-safe ':' ',' ';' (the compare key's separators) encoded.
std::string PercentEncode(std::string_view s);

// Strict decimal number: [sign] digits [. digits] [e [sign] digits] [k|m|b|g|t|p suffix], with optional
// thousands separators in the integer part ("1,024", "2,000,000": groups of exactly three digits, so the
// European "2,5" is refused rather than misread). No hex, no "nan"/"inf", no trailing garbage; overflow
// (1e400) and NaN are refused. Suffixes are SI (k = 1e3, m = 1e6, b or g = 1e9, t = 1e12, p = 1e15).
bool ParseNumber(std::string_view s, double& out);
// A count of tokens as ML engineers write it: "8k", "32K", "128k" are multiples of 1,024 (8,192, 32,768,
// 131,072) and "1M" of 1,048,576, the way contexts are named; "8000" stays 8,000. Otherwise ParseNumber's
// grammar; the other suffixes (b, t, p) are refused, since no sequence is counted in billions.
bool ParseTokenCount(std::string_view s, double& out);

// The shorter of FormatNumber's text and the shortest exact exponent form: tokens=1.5e13 rather than
// 15000000000000 in a link people read. Both read back to the same double.
std::string CompactNumber(double v);

// printf of one number, NaN and infinity printed as 0 (the one formatter of core's sentences).
std::string Fmt(const char* format, double v);
// Terminal columns of UTF-8 text: CJK ideographs and full-width punctuation take two, other characters
// one (continuation bytes none). The text report aligns its columns with it.
size_t DisplayWidth(std::string_view utf8);
// UTF-8 text in lines of at most `cols` terminal columns (DisplayWidth; 8 at least), broken after a space, '&' or ','
// or around a wide (CJK) character; a word longer than a line is cut where it must be. The spaces a break falls on
// are dropped; nothing else is. Text that fits is one line, itself.
std::vector<std::string> WrapCell(const std::string& s, size_t cols);
// Well-formed UTF-8: no stray continuation byte, no overlong form, no surrogate (U+D800-DFFF), nothing past
// U+10FFFF. Text that fails it is refused where it enters (names, files), so every output is valid UTF-8.
bool ValidUtf8(std::string_view s);
// s with each byte that starts no well-formed character replaced by U+FFFD: the JSON writer's last guard.
std::string ValidUtf8Or(std::string_view s);
// Characters (code points) of valid UTF-8: the unit of the limits the help states ("at most 100 characters").
size_t Utf8Length(std::string_view utf8);
// The compute capability in an NVIDIA architecture string as the GPU catalog writes it ("sm_89" -> 89, "sm_100" ->
// 100); 0 for anything else (AMD's "gfx942", an empty arch). The one reader of that string: the hardware and stack
// layers' rules (FlashAttention 2, FP8 GEMM layouts, capability rows) compare its number.
int NvidiaSmVersion(std::string_view arch);

}  // namespace tp
