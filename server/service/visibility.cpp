// SPDX-License-Identifier: Apache-2.0
#include "service/visibility.h"

#include <string_view>

#include "core/text.h"

namespace adjutant::service {

namespace {

// Line `number` (1-based) of `text`, trimmed, as the parser numbers and echoes lines.
std::string_view line_of(std::string_view text, int number) {
    for (int n = 1; n < number; ++n) {
        const auto nl = text.find('\n');
        if (nl == std::string_view::npos) return {};
        text.remove_prefix(nl + 1);
    }
    return trim(text.substr(0, text.find('\n')));
}

bool refused_line_of(const nlohmann::json& entry, const nlohmann::json& orders,
                     const std::string& power) {
    const std::string owner = entry.value("power", "");
    if (!owner.empty()) return owner == power;
    for (const auto& seat : orders)
        if (seat.value("power", "") == power)
            return line_of(seat.value("text", ""), entry.value("line", 0)) ==
                   entry.value("input", "");
    return false;
}

}  // namespace

void redact_orders(std::vector<storage::StoredSeat>& seats, const Viewer& viewer) {
    if (viewer.gm) return;
    for (auto& seat : seats)
        if (!seat.power || *seat.power != viewer.power) seat.text.reset();
}

void redact_results(nlohmann::json& results, const nlohmann::json& orders, const Viewer& viewer) {
    if (viewer.gm || !results.is_object() || !results.contains("orders") ||
        !results["orders"].is_array())
        return;
    nlohmann::json kept = nlohmann::json::array();
    for (auto& entry : results["orders"]) {
        if (entry.value("result", "") != "illegal") {
            kept.push_back(std::move(entry));
        } else if (!viewer.power.empty() && refused_line_of(entry, orders, viewer.power)) {
            entry["power"] = viewer.power;  // it was the seat's, whatever the line said
            kept.push_back(std::move(entry));
        }
    }
    results["orders"] = std::move(kept);
}

nlohmann::json results_of(const nlohmann::json& results, const nlohmann::json& orders,
                          const std::string& power) {
    nlohmann::json kept = nlohmann::json::array();
    if (!results.is_object() || !results.contains("orders") || !results["orders"].is_array())
        return kept;
    for (const auto& entry : results["orders"])
        if (entry.is_object() && refused_line_of(entry, orders, power)) kept.push_back(entry);
    return kept;
}

}  // namespace adjutant::service
