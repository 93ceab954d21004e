// SPDX-License-Identifier: Apache-2.0
// The campaign part of a variant (docs/variants.md, "Campaign maps"): the map's cities,
// fortresses, roads and rail, the start, and the rule modules' parameters, which the core keeps
// without opening (variant/module_params.h). Classic variants have none of it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/ids.h"
#include "core/unit.h"
#include "variant/module_params.h"

namespace adjutant {

// How standoffs are decided (docs/design.md, "The adjudicator contract"): every unit 1, or its
// strength points.
enum class StrengthKind : std::uint8_t { Unit, Points };

enum class Track : std::uint8_t { Double, Single, Narrow };

struct RailStructure {
    std::string kind;  // "bridge", "tunnel"
    std::string name;
};

struct RailLink {
    ProvinceId a = kNoProvince;
    ProvinceId b = kNoProvince;
    Track track = Track::Double;
    std::string line;  // a named line with exceptional LOC capacity, or empty
    std::vector<RailStructure> structures;
    std::string gauge;  // the gauge it is laid in (OCS rail movement); empty: the map's default
};

struct CampaignMap {
    std::vector<std::uint8_t> city_class;        // per province: 0 (none), 1, 2, 3
    std::vector<std::uint8_t> fortress_class;    // per province: 0 (none), 1, 2, 3
    std::vector<std::uint8_t> railhead;          // per province: 1 for a railhead site
    std::vector<std::vector<PowerId>> map_edge;  // per province: powers with a rail source here
    std::vector<std::vector<ProvinceId>> roads;  // per province, sorted
    std::vector<RailLink> rail_links;
    // Per province: the indices of the rail links that touch it, ordered by the neighbour's id
    // (then by index), so walks over the rail visit neighbours in id order without sorting.
    std::vector<std::vector<std::uint16_t>> rail_links_at;
    std::vector<ProvinceId> capital;  // per power; kNoProvince when off the map
    std::vector<std::string> side;    // per power: allies share a side; empty: alone
    std::string first_week;           // the Monday of the first turn, for display
    // The modules the variant's `rules` section enables (module/rule_module.h), and each one's
    // parameters in a type of its own (rules/<module>/parameters.h).
    ModuleParams modules;
    std::vector<Garrison> start_garrisons;
    std::vector<SupplyTrain> start_trains;
    std::vector<std::int64_t> start_treasury;  // per power
    std::vector<PowerId> start_control;        // per province: who holds the ground at the start

    // Worked out once by the loader (index_sides, index_roads), since the week's searches ask
    // them again and again: whether two powers share a side (per pair, `a * powers + b`), each
    // province's roads in the order of the neighbours' abbreviations, and each province's rank
    // in that order.
    std::vector<std::uint8_t> allied;
    std::vector<std::vector<ProvinceId>> roads_by_abbr;
    std::vector<std::uint32_t> abbr_rank;

    bool road(ProvinceId a, ProvinceId b) const;
    // Fills `rail_links_at` from `rail_links`; the loader calls it once the links are read.
    void index_rail_links();
    // Fills `allied` from `side`; the loader calls it once the powers' sides are read.
    void index_sides();
    // Fills `roads_by_abbr` and `abbr_rank` from `roads` and the provinces' abbreviations.
    void index_roads(const std::vector<std::string>& abbreviations);
    // The province at the other end of link `index` from `from`.
    ProvinceId rail_neighbour(std::uint16_t index, ProvinceId from) const {
        return rail_links[index].a == from ? rail_links[index].b : rail_links[index].a;
    }
    // The index in `rail_links` of the link between `a` and `b`, either way round.
    std::optional<std::uint16_t> rail_link(ProvinceId a, ProvinceId b) const;
    // Whether `a` and `b` are at war: different powers not on the same side.
    bool enemies(PowerId a, PowerId b) const;
    // Whether a city held by `owner` is friendly to `power`: its own or an ally's (Lone Warrior's
    // "friendly city"; docs/campaign.md). An unowned city is nobody's friend.
    bool friendly(PowerId owner, PowerId power) const {
        return owner == power || (owner != kNoPower && !enemies(owner, power));
    }
    // Replacement points a city gives its owner each year (Lone Warrior 4b): 200/100/50.
    std::int64_t replacement_points(ProvinceId province) const;
};

}  // namespace adjutant
