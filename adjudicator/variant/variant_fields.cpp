// SPDX-License-Identifier: Apache-2.0
#include "variant/variant_fields.h"

namespace adjutant {

using json = nlohmann::json;

ProvinceId VariantFields::province(const json& value, const std::string& at) {
    if (!check_.expect(value, at, JsonKind::String)) return kNoProvince;
    const std::string text = value.get<std::string>();
    const ProvinceId p = variant_.find_province(text);
    if (p == kNoProvince || variant_.provinces[p].abbr != text) {
        check_.error(at, "unknown province " + quote_text(text));
        return kNoProvince;
    }
    return p;
}

PowerId VariantFields::power(const std::string& name, const std::string& at) {
    const PowerId p = variant_.find_power(name);
    if (p == kNoPower) check_.error(at, "unknown power " + quote_text(name));
    return p;
}

bool VariantFields::pair(const json& value, const std::string& at, ProvinceId& a, ProvinceId& b) {
    if (!check_.expect(value, at, JsonKind::Array)) return false;
    if (value.size() != 2) {
        check_.error(at, "expected two provinces");
        return false;
    }
    a = province(value[0], json_child(at, 0));
    b = province(value[1], json_child(at, 1));
    if (a == kNoProvince || b == kNoProvince) return false;
    if (!variant_.army_can_move(a, b)) {
        check_.error(at, variant_.provinces[a].abbr + " and " + variant_.provinces[b].abbr +
                             " are not adjacent");
        return false;
    }
    return true;
}

std::int64_t read_bounded(JsonChecker& check, const json& object, const std::string& at,
                          std::string_view key, std::int64_t low, std::int64_t high,
                          std::int64_t fallback) {
    const json* value = check.get(object, at, key, JsonKind::Integer, false);
    if (value == nullptr) return fallback;
    const auto n = value->get<std::int64_t>();
    if (n < low || n > high) {
        check.error(json_child(at, key), "must be between " + std::to_string(low) + " and " +
                                             std::to_string(high) + "; found " + std::to_string(n));
        return fallback;
    }
    return n;
}

}  // namespace adjutant
