// SPDX-License-Identifier: Apache-2.0
#include "position/position_reader.h"

#include "variant/variant.h"

namespace adjutant {

using nlohmann::json;

ProvinceId PositionReader::province(const json& item, const std::string& at) {
    if (!check_.expect(item, at, JsonKind::String)) return kNoProvince;
    const ProvinceId id = variant_.find_province(item.get<std::string>());
    if (id == kNoProvince)
        check_.error(at, "unknown province " + quote_text(item.get<std::string>()));
    return id;
}

std::vector<ProvinceId> PositionReader::provinces(const json& list, const std::string& at) {
    std::vector<ProvinceId> out;
    if (!check_.expect(list, at, JsonKind::Array)) return out;
    for (std::size_t i = 0; i < list.size(); ++i)
        if (ProvinceId p = province(list[i], json_child(at, i)); p != kNoProvince) out.push_back(p);
    return out;
}

bool PositionReader::flag(const json& object, const std::string& at, std::string_view key) {
    const json* value = check_.get(object, at, key, JsonKind::Bool, false);
    return value != nullptr && value->get<bool>();
}

void PositionReader::for_each_power(const json& document, std::string_view key,
                                    const PowerItem& each) {
    const json* section = check_.get(document, "", key, JsonKind::Object, false);
    if (section == nullptr) return;
    const std::string path = json_child("", key);
    for_each_power_value(*section, path,
                         [&](PowerId power, const json& items, const std::string& here) {
                             if (!check_.expect(items, here, JsonKind::Array)) return;
                             for (std::size_t i = 0; i < items.size(); ++i)
                                 each(power, items[i], json_child(here, i));
                         });
}

void PositionReader::for_each_power_value(const json& section, const std::string& path,
                                          const PowerItem& each) {
    for (auto it = section.begin(); it != section.end(); ++it) {
        const std::string here = json_child(path, it.key());
        const PowerId power = variant_.find_power(it.key());
        if (power == kNoPower) {
            check_.error(here, "unknown power " + quote_text(it.key()));
            continue;
        }
        each(power, it.value(), here);
    }
}

}  // namespace adjutant
