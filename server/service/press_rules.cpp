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

PressRulesChange read_press_rules_change(const nlohmann::json& body) {
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
    PressRulesChange change;
    change.rule = string_field(body, "rule");
    if (change.rule && *change.rule != "none" && *change.rule != "public" && *change.rule != "full")
        throw bad_request("press rule must be one of none, public, full");
    change.grey = bool_field(body, "grey");
    change.in_retreats = bool_field(body, "retreats");
    change.in_adjustments = bool_field(body, "adjustments");
    change.gm_reads_all = bool_field(body, "gm_reads_all");
    change.publish_at_end = bool_field(body, "publish_at_end");
    return change;
}

PressRules apply(const PressRulesChange& change, PressRules base) {
    base.rule = change.rule.value_or(base.rule);
    base.grey = change.grey.value_or(base.grey);
    base.in_retreats = change.in_retreats.value_or(base.in_retreats);
    base.in_adjustments = change.in_adjustments.value_or(base.in_adjustments);
    base.gm_reads_all = change.gm_reads_all.value_or(base.gm_reads_all);
    base.publish_at_end = change.publish_at_end.value_or(base.publish_at_end);
    return base;
}

PressRules read_press_rules(const nlohmann::json& body, const PressRules& base) {
    return apply(read_press_rules_change(body), base);
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
