// json.cpp — recursive-descent JSON reader with a depth limit (hostile input cannot overflow the
// stack) and shortest round-trip number formatting.
#include "json.h"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "issue.h"  // IssueWords: the reasons are words of issue messages
#include "text.h"   // ValidUtf8: the writer keeps its output valid UTF-8

namespace tp {
namespace {

constexpr int kMaxDepth = 64;

struct Reader {
  std::string_view text;
  size_t pos = 0;
  std::string error;
  const char* reason = nullptr;
  size_t at = 0;

  // The reasons are issue words: a bad --config or pasted config.json shows them (config.cpp).
  bool Fail(IssueWords what) {
    if (!error.empty()) return false;
    error = std::string(what.text()) + " at byte " + std::to_string(pos);
    reason = what.text();
    at = pos;
    return false;
  }
  void SkipSpace() {
    while (pos < text.size() && (text[pos] == ' ' || text[pos] == '\n' || text[pos] == '\r' || text[pos] == '\t'))
      ++pos;
  }
  bool Literal(const char* word) {
    size_t n = std::strlen(word);
    if (text.substr(pos, n) != word) return Fail("unexpected token"_issue);
    pos += n;
    return true;
  }
  static void AppendUtf8(std::string& out, unsigned cp) {
    if (cp < 0x80)
      out += char(cp);
    else if (cp < 0x800) {
      out += char(0xC0 | (cp >> 6));
      out += char(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += char(0xE0 | (cp >> 12));
      out += char(0x80 | ((cp >> 6) & 0x3F));
      out += char(0x80 | (cp & 0x3F));
    } else {
      out += char(0xF0 | (cp >> 18));
      out += char(0x80 | ((cp >> 12) & 0x3F));
      out += char(0x80 | ((cp >> 6) & 0x3F));
      out += char(0x80 | (cp & 0x3F));
    }
  }
  bool Hex4(unsigned& cp) {
    if (pos + 4 > text.size()) return Fail("short \\u escape"_issue);
    cp = 0;
    for (int i = 0; i < 4; ++i) {
      char c = text[pos++];
      cp <<= 4;
      if (c >= '0' && c <= '9')
        cp |= unsigned(c - '0');
      else if (c >= 'a' && c <= 'f')
        cp |= unsigned(c - 'a' + 10);
      else if (c >= 'A' && c <= 'F')
        cp |= unsigned(c - 'A' + 10);
      else
        return Fail("bad \\u escape"_issue);
    }
    return true;
  }
  bool String(std::string& out) {
    if (pos >= text.size() || text[pos] != '"') return Fail("expected string"_issue);
    ++pos;
    while (pos < text.size()) {
      char c = text[pos++];
      if (c == '"') return true;
      if (c != '\\') {
        out += c;
        continue;
      }
      if (pos >= text.size()) break;
      char e = text[pos++];
      switch (e) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          unsigned cp = 0;
          if (!Hex4(cp)) return false;
          if (cp >= 0xD800 && cp < 0xDC00 && pos + 6 <= text.size() && text[pos] == '\\' && text[pos + 1] == 'u') {
            pos += 2;
            unsigned lo = 0;
            if (!Hex4(lo)) return false;
            if (lo < 0xDC00 || lo > 0xDFFF) return Fail("lone UTF-16 surrogate in a \\u escape"_issue);
            cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
          } else if (cp >= 0xD800 && cp <= 0xDFFF) {
            return Fail("lone UTF-16 surrogate in a \\u escape"_issue);  // it encodes no character
          }
          AppendUtf8(out, cp);
          break;
        }
        default: return Fail("bad escape"_issue);
      }
    }
    return Fail("unterminated string"_issue);
  }
  bool Number(double& out) {
    size_t start = pos;
    if (pos < text.size() && (text[pos] == '-' || text[pos] == '+')) ++pos;
    while (pos < text.size() && (std::isdigit((unsigned char)text[pos]) || text[pos] == '.' || text[pos] == 'e' ||
                                 text[pos] == 'E' || text[pos] == '-' || text[pos] == '+'))
      ++pos;
    std::string buf(text.substr(start, pos - start));
    if (buf.empty()) return Fail("expected a value"_issue);
    char* end = nullptr;
    out = std::strtod(buf.c_str(), &end);
    if (end != buf.c_str() + buf.size() || !std::isfinite(out)) return Fail("bad number"_issue);
    return true;
  }
  bool Value(JsonValue& v, int depth) {
    if (depth > kMaxDepth) return Fail("nesting too deep"_issue);
    SkipSpace();
    if (pos >= text.size()) return Fail("unexpected end"_issue);
    char c = text[pos];
    if (c == '{') {
      v.type = JsonValue::Type::Object;
      ++pos;
      SkipSpace();
      if (pos < text.size() && text[pos] == '}') {
        ++pos;
        return true;
      }
      while (true) {
        SkipSpace();
        std::string key;
        if (!String(key)) return false;
        SkipSpace();
        if (pos >= text.size() || text[pos] != ':') return Fail("expected ':'"_issue);
        ++pos;
        JsonValue member;
        if (!Value(member, depth + 1)) return false;
        v.object.push_back({std::move(key), std::move(member)});
        SkipSpace();
        if (pos < text.size() && text[pos] == ',') {
          ++pos;
          continue;
        }
        if (pos < text.size() && text[pos] == '}') {
          ++pos;
          return true;
        }
        return Fail("expected ',' or '}'"_issue);
      }
    }
    if (c == '[') {
      v.type = JsonValue::Type::Array;
      ++pos;
      SkipSpace();
      if (pos < text.size() && text[pos] == ']') {
        ++pos;
        return true;
      }
      while (true) {
        JsonValue item;
        if (!Value(item, depth + 1)) return false;
        v.array.push_back(std::move(item));
        SkipSpace();
        if (pos < text.size() && text[pos] == ',') {
          ++pos;
          continue;
        }
        if (pos < text.size() && text[pos] == ']') {
          ++pos;
          return true;
        }
        return Fail("expected ',' or ']'"_issue);
      }
    }
    if (c == '"') {
      v.type = JsonValue::Type::String;
      return String(v.string);
    }
    if (c == 't') {
      v.type = JsonValue::Type::Bool;
      v.boolean = true;
      return Literal("true");
    }
    if (c == 'f') {
      v.type = JsonValue::Type::Bool;
      v.boolean = false;
      return Literal("false");
    }
    if (c == 'n') {
      v.type = JsonValue::Type::Null;
      return Literal("null");
    }
    v.type = JsonValue::Type::Number;
    return Number(v.number);
  }
};

}  // namespace

const JsonValue* JsonValue::Find(std::string_view key) const {
  if (type != Type::Object) return nullptr;
  for (const auto& [k, value] : object)
    if (k == key) return &value;
  return nullptr;
}

double JsonValue::NumberOr(std::string_view key, double fallback) const {
  const JsonValue* v = Find(key);
  return v && v->IsNumber() ? v->number : fallback;
}

std::string JsonValue::StringOr(std::string_view key, std::string_view fallback) const {
  const JsonValue* v = Find(key);
  return v && v->IsString() ? v->string : std::string(fallback);
}

JsonParseResult ParseJson(std::string_view text) {
  JsonParseResult result;
  Reader reader;
  reader.text = text;
  if (reader.Value(result.value, 0)) {
    reader.SkipSpace();
    if (reader.pos != text.size()) reader.Fail("trailing characters"_issue);
  }
  result.ok = reader.error.empty();
  result.error = reader.error;
  if (reader.reason) result.reason = reader.reason, result.at = reader.at;
  if (!result.ok) result.value = JsonValue{};
  return result;
}

std::string JsonEscape(std::string_view text) {
  // Inputs are refused unless valid UTF-8 (ValidUtf8 where text enters); whatever slips through still leaves
  // valid JSON, with U+FFFD for the bad bytes.
  const std::string cleaned = ValidUtf8(text) ? std::string() : ValidUtf8Or(text);
  const std::string_view s = cleaned.empty() ? text : std::string_view(cleaned);
  std::string out = "\"";
  for (unsigned char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += char(c);
        }
    }
  }
  out += '"';
  return out;
}

std::string FormatNumber(double v) {
  if (!std::isfinite(v)) return "null";  // JSON has no NaN/inf; callers keep numbers finite
  if (v == 0) return "0";
  char buf[40];
  // Integers that a double holds exactly print without exponent or fraction.
  if (std::fabs(v) < 1e17 && v == std::floor(v)) {
    std::snprintf(buf, sizeof buf, "%.0f", v);
    return buf;
  }
  // Shortest %.Ng that reads back to the same double: identical text natively and in WebAssembly.
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(buf, sizeof buf, "%.*g", precision, v);
    if (std::strtod(buf, nullptr) == v) break;
  }
  return buf;
}

}  // namespace tp
