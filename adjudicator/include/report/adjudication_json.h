// SPDX-License-Identifier: Apache-2.0
// The adjudication report as JSON: what `adjutant adjudicate` prints and what the server
// stores and serves as a phase's results.
//
//   {"variant": "...", "phase": "S1901M",
//    "orders": [{"power": "France", "order": "A PAR - BUR", "result": "succeeds"},
//               {"power": "France", "order": "A MAR - BUR", "result": "fails", "reason":
//               "bounced"},
//               {"power": "Germany", "input": "A PAR - MOS", "line": 4, "result": "illegal",
//                "reason": "..."},
//               {"power": "Italy", "order": "A ROM H", "result": "succeeds", "default": true}],
//    "dislodged": [{"power": "Italy", "unit": "A VEN", "from": "TRI", "retreats": ["APU"]}],
//    "next": <position document>,
//    "events": [{"kind": "supply.consumed", "power": "Germany", "province": "AAC",
//                "text": "...", "supply_change": -1, "roll": {...}}],   (campaign rules)
//    "winner": "France"}                      (only once a power owns the victory count)
//
// Orders are listed illegal lines first (in input order), then one entry per unit or
// adjustment in the adjudicator's order. Deterministic for equal inputs.
#pragma once

#include <nlohmann/json.hpp>

#include "orders/parser.h"
#include "result/adjudication.h"

namespace adjutant {

nlohmann::json adjudication_to_json(const Variant& variant, const ParsedOrders& parsed,
                                    const Adjudication& adjudication);

// "succeeds" / "fails" and the reason of one result.
nlohmann::json order_result_to_json(const Variant& variant, const OrderResult& result);

}  // namespace adjutant
