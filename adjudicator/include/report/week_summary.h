// SPDX-License-Identifier: Apache-2.0
// The week's summary of a resolved campaign phase, for the GM and the players (docs/mail.md,
// docs/web.md): per power, who is out of supply and why, who is Extended, its sieges and their
// stage, and the rail capacity its rides used. Short and grouped by power: the full event log
// stays in the results.
//
// Made from the week's record alone (the position it left and its events, as the results store
// them), so mail and web show the same summary; under fog of war the record is the reader's
// view of it. Each rule module writes its own part of a power's summary (RuleModule::summary):
// the core names none. `only` a power gives that player's summary: its own group, and the
// sieges other powers lay to its fortresses (which its garrisons see); kNoPower the GM's, every
// power. A classic variant, or a record without its position, gives no powers.
//
// Pure: no I/O, no clock.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "result/adjudication.h"

namespace adjutant {

struct Variant;

// An army the summary tells of, and why ("no train in LIE to send; its line runs to LIE (3
// roads)"); `loss` the event of what it lost, for an army out of supply this week.
struct SummaryArmy {
    std::string unit;  // "A CHR"
    std::string why;
    std::string loss;
};

// A power's armies and their supply (the supply module's part).
struct SummarySupply {
    int armies = 0;
    int supplied = 0;
    std::vector<SummaryArmy> out_of_supply;   // starved this week
    std::vector<SummaryArmy> no_supply_left;  // starve next week unless supplied
    std::vector<SummaryArmy> extended;        // draw Extended supply
};

// A siege and its stage ("laying siege, week 1 of 2"); a siege that ended this week has the
// event's words for its stage and no garrison.
struct SummarySiege {
    std::string fortress;
    std::string besieger;
    std::optional<std::string> garrison;  // the garrison's power; empty when none is known
    std::string stage;
};

// A power's rail capacity and what its rides used of it (the rail module's part).
struct SummaryRail {
    std::int64_t capacity = 0;
    std::int64_t used = 0;
    int rides = 0;
    int refused = 0;
};

struct PowerSummary {
    PowerId power = kNoPower;
    std::optional<SummarySupply> supply;
    std::optional<std::vector<SummarySiege>> sieges;  // laid by the power, and ended this week
    std::optional<SummaryRail> rail;
    // A player's summary only: the sieges laid to the power's fortresses.
    std::optional<std::vector<SummarySiege>> besieged;
};

struct WeekSummary {
    std::string phase;  // the phase resolved: "1914W35M"
    std::vector<PowerSummary> powers;
};

// A resolved week as its results store it: the phase, the position it left (none when the
// record holds none the variant reads) and its events.
struct WeekRecord {
    std::string phase;
    std::optional<Position> next;
    std::vector<Event> events;
};

WeekSummary week_summary(const Variant& variant, const WeekRecord& record, PowerId only = kNoPower);

}  // namespace adjutant
