// SPDX-License-Identifier: Apache-2.0
// What of a resolved phase's record each reader may see. The record (every seat's text as
// submitted, every verdict, every result) is stored whole, because replay and the hash chain
// need it; but a refused line is often not an order at all (a note above the signature, a
// plan, a chat line) and is private to its seat: only accepted orders are public. Players see
// their own refused lines, the GM sees everything (docs/server.md, "Privacy of refused lines").
#pragma once

#include <string>
#include <vector>

#include "storage/report_order.h"
#include "storage/stored_report.h"
#include "storage/stored_seat.h"

namespace adjutant::service {

struct Viewer {
    bool gm = false;
    std::string power;  // the seat's power; empty for the public (anonymous, other games)
};

// `seats`: the stored seats (storage/stored_seat.h); a seat's text (which holds its refused
// lines) is dropped unless it is the viewer's.
void redact_orders(std::vector<storage::StoredSeat>& seats, const Viewer& viewer);

// `report`: the stored report (storage/stored_report.h); its "illegal" entries (the refused
// lines) are dropped unless they are the viewer's. `seats` is the stored, unredacted list: a
// line refused before any power applied to it (a heading naming no power) carries no power in
// the report and is matched to its seat by its line in that seat's text.
void redact_results(storage::StoredReport& report, const std::vector<storage::StoredSeat>& seats,
                    const Viewer& viewer);

// The report's orders (after redact_results), narrowed to `power`'s entries: a refused line
// that names no power is `power`'s when it is a line of `power`'s text in `seats` (the stored,
// unredacted list), as redact_results matches it.
std::vector<storage::ReportOrder> results_of(const storage::StoredReport& report,
                                             const std::vector<storage::StoredSeat>& seats,
                                             const std::string& power);

}  // namespace adjutant::service
