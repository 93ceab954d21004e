// SPDX-License-Identifier: Apache-2.0
// What the mails show of a position, by power, as values: the units (with a campaign unit's
// strength, supply and general, and a dislodged unit's retreats), the garrisons, the sieges and
// each power's pool of generals. Several of these are sections a rule module writes into the
// position document (position/position_json.h, docs/positions.md); storage/codec.h reads them
// from that document, so the service needs neither the JSON nor the modules' names.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace adjutant::storage {

// One unit of a position section: "A LIE", a campaign unit's strength and weeks of supply, the
// general in command of it, and a dislodged unit's retreats.
struct UnitStanding {
    std::string unit = "?";
    std::optional<std::int64_t> points;
    std::optional<int> supply;
    std::optional<std::string> general;
    std::vector<std::string> retreats;
};

struct GarrisonStanding {
    std::string province = "?";
    std::int64_t points = 0;
    std::optional<std::string> general;
};

// A general of a power's pool, in order of rank (Lone Warrior 4g).
struct GeneralStanding {
    std::string name = "?";
    bool active = false;
};

struct SiegeStanding {
    std::string province = "?";
    int weeks = 0;
};

// The position's sections, keyed by power; a power with no entry in a section is absent from it
// (for `generals`: a power without a pool).
struct PositionStanding {
    std::map<std::string, std::vector<UnitStanding>> units;
    std::map<std::string, std::vector<UnitStanding>> dislodged;
    std::map<std::string, std::vector<GarrisonStanding>> garrisons;
    std::map<std::string, std::vector<GeneralStanding>> generals;
    std::map<std::string, std::vector<SiegeStanding>> sieges;
};

}  // namespace adjutant::storage
