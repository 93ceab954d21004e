// SPDX-License-Identifier: Apache-2.0
// One entry of a stored phase report's "orders" (report/adjudication_json.h), as a value: an
// order adjudicated ({"power", "order", "result", "reason" when it failed, "default" when the
// server ordered it, "explanation" in a movement phase}) or a line refused ({"power", "input",
// "line", "result": "illegal", "reason"}). storage/codec.h reads it from the stored report and
// writes it back; a key it does not read, or one of another type than the report writes, is kept as
// its JSON text, so the entry renders back byte for byte.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "report/explanation.h"

namespace adjutant::storage {

struct ReportOrder {
    std::optional<std::string> power;  // "" for a refused line outside any power's section
    std::optional<std::string> order;
    std::optional<std::string> input;
    std::optional<std::int64_t> line;
    std::optional<std::string> result;  // "succeeds", "fails" or "illegal"
    std::optional<std::string> reason;
    std::optional<bool> by_default;  // the report's "default"
    // Why it came out so (report/explanation.h): movement phases' results.
    std::optional<ExplainedOrder> explanation;
    // The keys read as none of the above, each with its value's JSON text.
    std::vector<std::pair<std::string, std::string>> other;
};

}  // namespace adjutant::storage
