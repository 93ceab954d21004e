// SPDX-License-Identifier: Apache-2.0
// What reading a position document offers the parts that read it: the core's own fields
// (position_json.cpp) and each rule module's part (RuleModule::read_position). Every problem is
// recorded with its JSON Pointer path, none stops the reading (core/json_check.h), and names are
// resolved as players write them.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/ids.h"
#include "core/json_check.h"

namespace adjutant {

struct Variant;
struct Position;

class PositionReader {
  public:
    PositionReader(const Variant& variant, Position& position)
        : variant_(variant), position_(position) {}

    const Variant& variant() const { return variant_; }
    Position& position() { return position_; }
    JsonChecker& check() { return check_; }

    // A province named by a JSON string, or kNoProvince after recording why not.
    ProvinceId province(const nlohmann::json& item, const std::string& at);
    // A JSON array of province names; the unknown ones are recorded and left out.
    std::vector<ProvinceId> provinces(const nlohmann::json& list, const std::string& at);
    // A non-negative integer field, 0 when absent.
    template <typename Int>
    Int integer(const nlohmann::json& object, const std::string& at, std::string_view key);
    // A boolean field, false when absent.
    bool flag(const nlohmann::json& object, const std::string& at, std::string_view key);

    using PowerItem = std::function<void(PowerId, const nlohmann::json&, const std::string&)>;
    // Walks {"Power": [item, ...]} at `key` of `document`: each item with its power and path.
    void for_each_power(const nlohmann::json& document, std::string_view key,
                        const PowerItem& each);
    // Walks the object `section` ({"Power": value, ...}, at `path`): each value with its power
    // and path; an unknown power is recorded and skipped.
    void for_each_power_value(const nlohmann::json& section, const std::string& path,
                              const PowerItem& each);

  private:
    const Variant& variant_;
    Position& position_;
    JsonChecker check_;
};

template <typename Int>
Int PositionReader::integer(const nlohmann::json& object, const std::string& at,
                            std::string_view key) {
    const nlohmann::json* value = check_.get(object, at, key, JsonKind::Integer, false);
    if (value == nullptr) return 0;
    if (value->is_number_integer() && value->get<std::int64_t>() < 0) {
        check_.error(json_child(at, key), "must not be negative");
        return 0;
    }
    return value->get<Int>();
}

}  // namespace adjutant
