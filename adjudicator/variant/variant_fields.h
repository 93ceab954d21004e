// SPDX-License-Identifier: Apache-2.0
// Reading a campaign variant file's fields: the campaign loader (campaign_json.cpp) and each
// rule module's own part of the file (module/rule_module.h's read_parameters) share these, so a
// province, a power or a number is checked and reported the same way everywhere.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "core/json_check.h"
#include "variant/variant.h"

namespace adjutant {

// A whole number in [low, high] at `object[key]`, or `fallback` when absent (or out of range,
// reported).
std::int64_t read_bounded(JsonChecker& check, const nlohmann::json& object, const std::string& at,
                          std::string_view key, std::int64_t low, std::int64_t high,
                          std::int64_t fallback);

class VariantFields {
  public:
    VariantFields(JsonChecker& check, Variant& variant) : check_(check), variant_(variant) {}

    JsonChecker& check() { return check_; }
    Variant& variant() { return variant_; }
    CampaignMap& campaign() { return *variant_.campaign; }

    // A province written by its abbreviation, exactly; kNoProvince (reported) otherwise.
    ProvinceId province(const nlohmann::json& value, const std::string& at);
    // A power by name or adjective; kNoPower (reported) otherwise.
    PowerId power(const std::string& name, const std::string& at);
    // ["A", "B"]: two known provinces with an army adjacency between them.
    bool pair(const nlohmann::json& value, const std::string& at, ProvinceId& a, ProvinceId& b);
    std::int64_t bounded(const nlohmann::json& object, const std::string& at, std::string_view key,
                         std::int64_t low, std::int64_t high, std::int64_t fallback) {
        return read_bounded(check_, object, at, key, low, high, fallback);
    }

    // {"Power": value, ...}: hands each known power's value and its path to `each`.
    template <typename Each>
    void for_each_power(const nlohmann::json& section, const std::string& path, Each each) {
        for (auto it = section.begin(); it != section.end(); ++it) {
            const std::string here = json_child(path, it.key());
            const PowerId who = power(it.key(), here);
            if (who == kNoPower) continue;
            each(who, it.value(), here);
        }
    }

  private:
    JsonChecker& check_;
    Variant& variant_;
};

}  // namespace adjutant
