// SPDX-License-Identifier: Apache-2.0
#include "service/press_rules.h"

#include <array>
#include <string_view>

#include "service/error.h"
#include "service/request.h"

namespace adjutant::service {

namespace {

constexpr std::array<std::string_view, 6> kFields{"rule",        "grey",         "retreats",
                                                  "adjustments", "gm_reads_all", "publish_at_end"};

}  // namespace

PressRules read_press_rules(const nlohmann::json& body, const PressRules& base) {
    if (!body.is_object()) throw bad_request("field 'press' must be an object");
    for (const auto& [key, value] : body.items()) {
        (void)value;
        bool known = false;
        for (const auto name : kFields) known = known || key == name;
        if (!known)
            throw bad_request("unknown press setting '" + key +
                              "' (rule, grey, retreats, adjustments, gm_reads_all, "
                              "publish_at_end)");
    }
    PressRules rules = base;
    rules.rule = string_field(body, "rule").value_or(base.rule);
    if (rules.rule != "none" && rules.rule != "public" && rules.rule != "full")
        throw bad_request("press rule must be one of none, public, full");
    rules.grey = bool_field(body, "grey").value_or(base.grey);
    rules.in_retreats = bool_field(body, "retreats").value_or(base.in_retreats);
    rules.in_adjustments = bool_field(body, "adjustments").value_or(base.in_adjustments);
    rules.gm_reads_all = bool_field(body, "gm_reads_all").value_or(base.gm_reads_all);
    rules.publish_at_end = bool_field(body, "publish_at_end").value_or(base.publish_at_end);
    return rules;
}

nlohmann::json press_rules_json(const PressRules& rules) {
    return {{"rule", rules.rule},
            {"grey", rules.grey},
            {"retreats", rules.in_retreats},
            {"adjustments", rules.in_adjustments},
            {"gm_reads_all", rules.gm_reads_all},
            {"publish_at_end", rules.publish_at_end}};
}

}  // namespace adjutant::service
