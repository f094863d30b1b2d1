// json.h — a small JSON reader (objects, arrays, strings, numbers, booleans, null) for the embedded
// catalogs, --config files, Hugging Face config.json and the validation cases. Never throws: a parse
// error is reported with its byte offset. Also a tiny writer helper for escaping strings.
#pragma once
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace tp {

struct JsonMember;  // key + value, defined below (a recursive type: see JsonValue::object)

struct JsonValue {
  enum class Type { Null, Bool, Number, String, Array, Object } type = Type::Null;
  bool boolean = false;
  double number = 0;
  std::string string;
  std::vector<JsonValue> array;
  std::vector<JsonMember> object;  // in document order

  bool IsNull() const { return type == Type::Null; }
  bool IsNumber() const { return type == Type::Number; }
  bool IsString() const { return type == Type::String; }
  bool IsObject() const { return type == Type::Object; }
  bool IsArray() const { return type == Type::Array; }
  const JsonValue* Find(std::string_view key) const;  // object member or nullptr
  double NumberOr(std::string_view key, double fallback) const;
  std::string StringOr(std::string_view key, std::string_view fallback) const;
};

struct JsonMember {
  std::string key;
  JsonValue value;
};

struct JsonParseResult {
  JsonValue value;
  bool ok = false;
  std::string error;   // "expected ',' at byte 123"
  std::string reason;  // the same in parts ("expected ','", 123), for a message in another language
  size_t at = 0;
};

JsonParseResult ParseJson(std::string_view text);
std::string JsonEscape(std::string_view s);  // with the surrounding quotes
// Shortest decimal text that reads back to exactly v ("1e+12" style avoided: "1000000000000").
std::string FormatNumber(double v);

}  // namespace tp
