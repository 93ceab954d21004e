// SPDX-License-Identifier: Apache-2.0
// The week's summary of a resolved campaign phase through the server (docs/mail.md,
// docs/web.md): the stored results, as storage's codec read them (storage/stored_report.h),
// read back as the week's record (codec.h's decode_week), the summary the rule modules write of
// it (report/week_summary.h), and that summary as mail's text (the API's document is the HTTP
// adapter's: http/json_views.h).
//
// `power` empty is the GM's summary (every power); a power's name gives that player's. The
// results are the record as its reader reads it: under fog of war, the player's view of it
// (service/fog.h).
//
// Pure: no I/O, no clock. Never throws on a well-formed report; missing fields read as empty.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "report/week_summary.h"
#include "storage/stored_report.h"
#include "variant/variant.h"

namespace adjutant::service {

struct LoadedVariant;

WeekSummary summarize_week(const Variant& variant, const storage::StoredReport& report,
                           std::string_view power = {});

// A resolved phase's summary as the API answers it (GET /games/{id}/phases/{seq}/summary),
// which the HTTP adapter writes (http/json_views.h's phase_summary_json): the variant names the
// powers of the summary's groups.
struct PhaseSummary {
    std::int64_t game_id = 0;
    std::int64_t seq = 0;
    std::shared_ptr<const LoadedVariant> loaded_variant;
    WeekSummary summary;
};

// The summary as plain text for mail: one heading line per power, then a few indented lines.
// Empty when the summary has no powers.
std::string week_summary_text(const Variant& variant, const WeekSummary& summary);

}  // namespace adjutant::service
