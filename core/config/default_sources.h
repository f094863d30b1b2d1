// default_sources.h — where each assumption's default comes from: one sentence per key (published
// figure, datasheet, fit, or our own estimate marked as such), kept in the key's row of the key table
// (core/config/keys.cpp, with its Chinese) and shown in the page's tooltips and `trainplan plan --help`. Prices
// per GPU have their own source in the GPU catalog (price_source).
#pragma once
#include <string_view>

namespace tp {

// The source of `key`'s default value (English), or "" when the key is not an assumption (a model
// dimension, a layout degree, ...). The row's `source.zh` has the Chinese.
const char* DefaultSource(std::string_view key);

}  // namespace tp
