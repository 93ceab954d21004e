// SPDX-License-Identifier: Apache-2.0
// Reads one JSON object of the configuration strictly: every key the reader is not asked for
// is an error naming it (a typo'd "prot" must not fall back to a default port), a value of the
// wrong type or outside its range is an error naming the key, and every problem is collected so
// one run lists them all.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace adjutant::config {

class JsonReader {
  public:
    // `where` prefixes every key in messages ("" at the top, "limits." inside an object).
    // `object` must outlive the reader.
    JsonReader(const nlohmann::json& object, std::string where, std::vector<std::string>& errors);

    void text(const char* key, std::string& out);
    void flag(const char* key, bool& out);
    // An integer in [min, max]; a fraction or a number outside the range is refused.
    void integer(const char* key, std::int64_t min, std::int64_t max, std::int64_t& out);
    template <typename T>
    void integer(const char* key, std::int64_t min, std::int64_t max, T& out) {
        std::int64_t value = static_cast<std::int64_t>(out);
        integer(key, min, max, value);
        out = static_cast<T>(value);  // in range by construction
    }
    // One of `allowed`.
    void choice(const char* key, std::initializer_list<const char*> allowed, std::string& out);
    // A nested object (nullptr when absent or not an object, the latter reported).
    const nlohmann::json* object(const char* key);

    // Reports every key nobody asked for; call after the last read.
    void finish();

  private:
    const nlohmann::json* find(const char* key);
    void problem(const char* key, const std::string& what);

    const nlohmann::json& object_;
    std::string where_;
    std::vector<std::string>& errors_;
    std::set<std::string> known_;
};

}  // namespace adjutant::config
