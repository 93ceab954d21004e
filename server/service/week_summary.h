// SPDX-License-Identifier: Apache-2.0
// The week's summary of a resolved campaign phase, for the GM and the players (docs/mail.md,
// docs/web.md): per power, who is out of supply and why, who is Extended, its sieges and their
// stage, and the rail capacity its rides used. Short and grouped by power: the full event log
// stays in the results.
//
// Built from the stored adjudication report (report/adjudication_json.h: its events and its
// `next` position) and nothing else, so mail and web show the same summary. `power` empty is
// the GM's summary (every power); a power's name gives that player's: its own group, and the
// sieges other powers lay to its fortresses (which its garrisons see). A classic variant, or a
// report without campaign data, gives an empty `powers` list.
//
// Pure: no I/O, no clock. Never throws on a well-formed report; missing fields read as empty.
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "variant/variant.h"

namespace adjutant::service {

nlohmann::json week_summary(const Variant& variant, const nlohmann::json& results,
                            std::string_view power = {});

// The summary as plain text for mail: one heading line per power, then a few indented lines.
// Empty when the summary has no powers.
std::string week_summary_text(const nlohmann::json& summary);

}  // namespace adjutant::service
