// SPDX-License-Identifier: Apache-2.0
#include "service/press_rules.h"

namespace adjutant::service {

PressRules apply(const PressRulesChange& change, PressRules base) {
    base.rule = change.rule.value_or(base.rule);
    base.grey = change.grey.value_or(base.grey);
    base.in_retreats = change.in_retreats.value_or(base.in_retreats);
    base.in_adjustments = change.in_adjustments.value_or(base.in_adjustments);
    base.gm_reads_all = change.gm_reads_all.value_or(base.gm_reads_all);
    base.publish_at_end = change.publish_at_end.value_or(base.publish_at_end);
    return base;
}

}  // namespace adjutant::service
