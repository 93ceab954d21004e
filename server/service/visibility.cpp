// SPDX-License-Identifier: Apache-2.0
#include "service/visibility.h"

#include <string_view>
#include <utility>

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

bool refused_line_of(const storage::ReportOrder& entry,
                     const std::vector<storage::StoredSeat>& seats, const std::string& power) {
    const std::string owner = entry.power.value_or("");
    if (!owner.empty()) return owner == power;
    for (const auto& seat : seats)
        if (seat.power.value_or("") == power)
            return line_of(seat.text.value_or(""), static_cast<int>(entry.line.value_or(0))) ==
                   entry.input.value_or("");
    return false;
}

}  // namespace

void redact_orders(std::vector<storage::StoredSeat>& seats, const Viewer& viewer) {
    if (viewer.gm) return;
    for (auto& seat : seats)
        if (!seat.power || *seat.power != viewer.power) seat.text.reset();
}

void redact_results(storage::StoredReport& report, const std::vector<storage::StoredSeat>& seats,
                    const Viewer& viewer) {
    if (viewer.gm || !report.orders) return;
    std::vector<storage::ReportOrder> kept;
    for (auto& entry : *report.orders) {
        if (entry.result.value_or("") != "illegal") {
            kept.push_back(std::move(entry));
        } else if (!viewer.power.empty() && refused_line_of(entry, seats, viewer.power)) {
            entry.power = viewer.power;  // it was the seat's, whatever the line said
            kept.push_back(std::move(entry));
        }
    }
    report.orders = std::move(kept);
}

std::vector<storage::ReportOrder> results_of(const storage::StoredReport& report,
                                             const std::vector<storage::StoredSeat>& seats,
                                             const std::string& power) {
    std::vector<storage::ReportOrder> kept;
    if (!report.orders) return kept;
    for (const auto& entry : *report.orders)
        if (refused_line_of(entry, seats, power)) kept.push_back(entry);
    return kept;
}

}  // namespace adjutant::service
