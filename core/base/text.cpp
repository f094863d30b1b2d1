// text.cpp — see text.h: trimming, quoting, percent-encoding, the one number parser, printf, terminal widths.
#include "text.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "json.h"

namespace tp {

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = char(std::tolower((unsigned char)c));
  return out;
}

std::string_view Trim(std::string_view s) {
  while (!s.empty() && std::isspace((unsigned char)s.front())) s.remove_prefix(1);
  while (!s.empty() && std::isspace((unsigned char)s.back())) s.remove_suffix(1);
  return s;
}

std::string Quote(std::string_view raw) {
  constexpr size_t kMax = 40;
  // A byte that starts no character is quoted as U+FFFD: the message that refuses invalid UTF-8 must not carry
  // it on (to a terminal, a Python str, the page's text).
  const std::string clean = ValidUtf8(raw) ? std::string() : ValidUtf8Or(raw);
  const std::string_view v = clean.empty() ? raw : std::string_view(clean);
  std::string out = "\"";
  size_t n = 0;
  for (size_t i = 0; i < v.size(); ++i) {
    unsigned char c = (unsigned char)v[i];
    if (n >= kMax && (c & 0xC0) != 0x80) {
      out += "...";
      break;
    }
    out += (c < 0x20 || c == 0x7F) ? '?' : char(c);
    ++n;
  }
  out += '"';
  return out;
}

namespace {
int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

std::string PercentDecode(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size()) {
      int hi = HexDigit(s[i + 1]), lo = HexDigit(s[i + 2]);
      if (hi >= 0 && lo >= 0) {
        out += char(hi * 16 + lo);
        i += 2;
        continue;
      }
    }
    out += s[i];
  }
  return out;
}

std::string PercentEncode(std::string_view s) {
  static const char* kHex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : s) {
    if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~' || c == ':' || c == ',' || c == ';') {
      out += char(c);
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

bool ParseNumber(std::string_view s, double& out) {
  if (s.empty() || s.size() > 64) return false;
  double scale = 1;
  switch (std::tolower((unsigned char)s.back())) {
    case 'k': scale = 1e3; break;
    case 'm': scale = 1e6; break;
    case 'b':
    case 'g': scale = 1e9; break;
    case 't': scale = 1e12; break;
    case 'p': scale = 1e15; break;
    default: break;
  }
  if (scale != 1) s.remove_suffix(1);
  char buf[72];
  size_t n = 0;
  size_t i = 0;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) buf[n++] = s[i++];
  // Integer part, with thousands separators allowed only as complete groups of three after the first.
  size_t digits = 0, group = 0;
  bool grouped = false;
  while (i < s.size() && (std::isdigit((unsigned char)s[i]) || s[i] == ',')) {
    if (s[i] == ',') {
      if (digits == 0 || (grouped && group != 3) || (!grouped && group > 3)) return false;
      grouped = true;
      group = 0;
      ++i;
      continue;
    }
    buf[n++] = s[i++];
    ++digits, ++group;
  }
  if (grouped && group != 3) return false;
  if (i < s.size() && s[i] == '.') {
    buf[n++] = s[i++];
    while (i < s.size() && std::isdigit((unsigned char)s[i])) buf[n++] = s[i++], ++digits;
  }
  if (digits == 0) return false;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    buf[n++] = s[i++];
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) buf[n++] = s[i++];
    size_t exp_digits = 0;
    while (i < s.size() && std::isdigit((unsigned char)s[i])) buf[n++] = s[i++], ++exp_digits;
    if (exp_digits == 0) return false;
  }
  if (i != s.size()) return false;
  buf[n] = '\0';
  const double v = std::strtod(buf, nullptr) * scale;
  if (!std::isfinite(v)) return false;
  out = v == 0 ? 0.0 : v;  // no negative zero
  return true;
}

bool ParseTokenCount(std::string_view s, double& out) {
  if (s.empty()) return false;
  double scale = 1;
  switch (std::tolower((unsigned char)s.back())) {
    case 'k': scale = 1024; break;
    case 'm': scale = 1024.0 * 1024; break;
    case 'b':
    case 'g':
    case 't':
    case 'p': return false;
    default: break;
  }
  if (scale != 1) s.remove_suffix(1);
  double x = 0;
  if (!ParseNumber(s, x)) return false;
  const double v = x * scale;
  if (!std::isfinite(v)) return false;
  out = v;
  return true;
}

std::string CompactNumber(double v) {
  std::string plain = FormatNumber(v);
  char buf[40];
  for (int digits = 0; digits <= 16; ++digits) {
    std::snprintf(buf, sizeof buf, "%.*e", digits, v);
    if (std::strtod(buf, nullptr) == v) break;
  }
  // "1.5e+13" -> "1.5e13", "1e-05" -> "1e-5"
  std::string e = buf;
  size_t at = e.find('e');
  std::string mantissa = e.substr(0, at), exponent = e.substr(at + 1);
  bool negative = exponent[0] == '-';
  exponent = exponent.substr(exponent[0] == '+' || exponent[0] == '-' ? 1 : 0);
  while (exponent.size() > 1 && exponent[0] == '0') exponent.erase(0, 1);
  std::string compact = mantissa + "e" + (negative ? "-" : "") + exponent;
  return compact.size() < plain.size() ? compact : plain;
}

std::string Fmt(const char* format, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, std::isfinite(v) ? v : 0.0);
  return buf;
}

size_t DisplayWidth(std::string_view s) {
  size_t cols = 0;
  for (size_t i = 0; i < s.size();) {
    unsigned char c = (unsigned char)s[i];
    uint32_t cp = c;
    size_t len = 1;
    if (c >= 0xF0)
      len = 4, cp = c & 0x07;
    else if (c >= 0xE0)
      len = 3, cp = c & 0x0F;
    else if (c >= 0xC0)
      len = 2, cp = c & 0x1F;
    if (i + len > s.size()) len = s.size() - i;
    for (size_t k = 1; k < len; ++k) cp = (cp << 6) | ((unsigned char)s[i + k] & 0x3F);
    i += len;
    // East Asian Wide and Fullwidth ranges (Unicode UAX #11), the ones Chinese text uses.
    const bool wide =
        (cp >= 0x1100 && cp <= 0x115F) || (cp >= 0x2E80 && cp <= 0x303E) || (cp >= 0x3041 && cp <= 0xA4CF) ||
        (cp >= 0xAC00 && cp <= 0xD7A3) || (cp >= 0xF900 && cp <= 0xFAFF) || (cp >= 0xFE30 && cp <= 0xFE4F) ||
        (cp >= 0xFF00 && cp <= 0xFF60) || (cp >= 0xFFE0 && cp <= 0xFFE6) || (cp >= 0x20000 && cp <= 0x3FFFD);
    cols += wide ? 2 : 1;
  }
  return cols;
}

namespace {
// Bytes of the well-formed UTF-8 character at s[i]; 0 when none starts there.
size_t Utf8CharAt(std::string_view s, size_t i) {
  const std::string_view rest = s.substr(i);
  for (size_t n = 1; n <= 4 && n <= rest.size(); ++n) {
    const unsigned char c = static_cast<unsigned char>(rest[0]);
    const size_t want = c < 0x80                ? 1
                        : c >= 0xC2 && c < 0xE0 ? 2
                        : c >= 0xE0 && c < 0xF0 ? 3
                        : c >= 0xF0 && c < 0xF5 ? 4
                                                : 0;
    if (want == 0) return 0;
    if (n < want) continue;
    return ValidUtf8(rest.substr(0, want)) ? want : 0;
  }
  return 0;
}
}  // namespace

std::vector<std::string> WrapCell(const std::string& s, size_t cols) {
  cols = std::max<size_t>(cols, 8);
  // Atoms: the text between break opportunities (after ' ', '&' or ','; before and after a wide character).
  std::vector<std::string> atoms;
  std::string atom;
  for (size_t i = 0; i < s.size();) {
    const size_t len = std::max<size_t>(1, Utf8CharAt(s, i));  // a byte that starts no character stands alone
    const std::string ch = s.substr(i, len);
    i += len;
    const bool wide = DisplayWidth(ch) == 2;
    if (wide && !atom.empty()) atoms.push_back(atom), atom.clear();
    atom += ch;
    if (wide || ch == " " || ch == "&" || ch == ",") atoms.push_back(atom), atom.clear();
  }
  if (!atom.empty()) atoms.push_back(atom);
  std::vector<std::string> lines(1);
  size_t width = 0;
  auto trimmed = [](std::string t) {
    while (!t.empty() && t.back() == ' ') t.pop_back();
    return t;
  };
  for (std::string& a : atoms) {
    size_t w = DisplayWidth(a);
    if (width > 0 && width + DisplayWidth(trimmed(a)) > cols) {
      lines.back() = trimmed(lines.back());
      lines.emplace_back();
      width = 0;
      if (a == " ") continue;  // a break's own space starts no line
    }
    while (w > cols && width == 0) {  // longer than a line on its own: cut it at the line's width
      size_t take = 0, taken = 0;
      while (take < a.size()) {
        const size_t len = std::max<size_t>(1, Utf8CharAt(a, take));
        const size_t cw = DisplayWidth(a.substr(take, len));
        if (taken + cw > cols) break;
        take += len, taken += cw;
      }
      lines.back() = a.substr(0, take);
      lines.emplace_back();
      a = a.substr(take);
      w = DisplayWidth(a);
    }
    lines.back() += a;
    width += w;
  }
  lines.back() = trimmed(lines.back());
  if (lines.size() > 1 && lines.back().empty()) lines.pop_back();
  return lines;
}

std::string ValidUtf8Or(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();) {
    const size_t n = Utf8CharAt(s, i);
    if (n == 0) {
      out += "\xEF\xBF\xBD";  // U+FFFD REPLACEMENT CHARACTER for one byte that starts no character
      ++i;
    } else {
      out.append(s.substr(i, n));
      i += n;
    }
  }
  return out;
}

bool ValidUtf8(std::string_view s) {
  for (size_t i = 0; i < s.size();) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    size_t n = 0;
    unsigned cp = 0;
    if (c < 0x80)
      n = 1, cp = c;
    else if (c >= 0xC2 && c < 0xE0)
      n = 2, cp = c & 0x1F;
    else if (c >= 0xE0 && c < 0xF0)
      n = 3, cp = c & 0x0F;
    else if (c >= 0xF0 && c < 0xF5)
      n = 4, cp = c & 0x07;
    else
      return false;  // a continuation byte first, an overlong 2-byte lead (C0, C1) or past U+10FFFF
    if (i + n > s.size()) return false;
    for (size_t k = 1; k < n; ++k) {
      const unsigned char d = static_cast<unsigned char>(s[i + k]);
      if ((d & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (d & 0x3F);
    }
    if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10FFFF))) return false;  // overlong, too big
    if (cp >= 0xD800 && cp <= 0xDFFF) return false;  // a surrogate is not a character
    i += n;
  }
  return true;
}

size_t Utf8Length(std::string_view utf8) {
  size_t n = 0;
  for (unsigned char c : utf8) n += (c & 0xC0) != 0x80;
  return n;
}

int NvidiaSmVersion(std::string_view arch) {
  if (arch.size() < 5 || arch.compare(0, 3, "sm_") != 0) return 0;
  return std::atoi(std::string(arch.substr(3)).c_str());
}

}  // namespace tp
