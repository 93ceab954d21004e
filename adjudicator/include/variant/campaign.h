// SPDX-License-Identifier: Apache-2.0
// The campaign part of a variant (docs/variants.md, "Campaign maps"): what the campaign rule
// modules read. Classic variants have none of it.
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

// Lone Warrior section 4, with its numbers as defaults.
struct SupplyRules {
    int train_speed = 2;         // provinces a train moves per week
    int attrition_percent = 10;  // share of points an unsupplied army loses per week
    int carry_weeks = 2;         // weeks of supply an army can carry
    int train_cost = 2;          // points for one supply train (one week of supply)
};

// Oào 18.1 and 18.2 and OCS rail movement as variant parameters (docs/rail.md).
struct RailNetworkRules {
    // Inside `port_region`, the lines of `port_side` are operational when connected to `port`
    // instead of the map edge (18.2, the Belgian exception).
    ProvinceId port = kNoProvince;
    std::string port_side;
    std::vector<std::uint8_t> port_region;  // per province: 1 inside the region
    // Links of single track that the named side's armies may ride (18.1, Abancourt-Eu-Abbeville).
    std::vector<std::uint16_t> single_track_exception;  // rail_links indices, sorted
    std::string single_track_side;
    std::vector<std::int64_t> rail_capacity;  // per power: supply points a turn (OCS rail movement)
    // `rail_capacity` was given: supply trains riding the rail spend it too (OCS rail movement's
    // supply points, docs/campaign.md "Supply by rail"). Without it trains ride within the LOC
    // capacity alone.
    bool rail_capacity_given = false;
    // Armies a named line's provinces carry at the exceptional capacity (18.1.2): line name and
    // armies, e.g. {"Aachen-Liège", 5}. A named line missing here carries 3.
    std::vector<std::pair<std::string, int>> exceptional_lines;
    // 18.3, Réseau du Nord: the named side marks no railheads before the week `railheads_from`
    // (its year and week; 0 when the rule is off). Until then its rail is operational wherever
    // it holds a line joined to its source, at the capacity its track allows.
    std::string unmarked_side;
    int railheads_from_year = 0;
    int railheads_from_week = 0;
    // OCS rail movement, "ancho de vía": the gauges the map's rail is laid in, the default first;
    // empty when the map has one gauge and the rule is off. A power's trains run only on its own
    // gauge until railway engineers convert a line (docs/gauge.md).
    std::vector<std::string> gauges;
    std::vector<std::uint8_t> link_gauge;   // per rail link: its gauge as the game starts
    std::vector<std::uint8_t> power_gauge;  // per power: the gauge its trains run on
};

// Lone Warrior 4c, army strength (docs/army-strength.md): "An army must be at least 250 points and
// not more than 750 points to be sent out on campaign".
struct ArmyStrengthRules {
    int min_points = 250;
    int max_points = 750;
};

// Lone Warrior 5b, field fortifications (docs/field-works.md).
struct FieldWorksRules {
    // The share of an army's points its works add when it stands in them: 100, every battalion
    // in an entrenchment and every battery in a redoubt, so the points count twice.
    int defence_percent = 100;
};

// Lone Warrior 4g, the pools of generals (docs/generals.md): "Each nation has a pool of twenty
// generals ranked from 1 to 20".
struct GeneralsRules {
    int pool = 20;  // the generals in each power's pool, ranked G1 to G<pool>
    // Per power: the names of its generals in rank order, for the starting pool and then for
    // the replacements of the fallen. A power with too few names gets "<Power> general N".
    std::vector<std::vector<std::string>> names;
};

// Lone Warrior 4a, rivers and barges (docs/rivers.md): "Supply lines may be traced along a river
// to a friendly city if a barge flotilla is operating from this city as a supply carrier. This
// supply line can be cut by an enemy army holding a bridge hexside unless a friendly army also
// holds the bridge hexside."
struct River {
    std::string name;                  // "Meuse"
    std::vector<ProvinceId> course;    // its navigable course, upstream first, each next by road
    std::vector<std::uint8_t> bridge;  // per course province: 1 where a bridge crosses it
    std::vector<std::string> bridge_name;  // per course province: the bridge's town, or empty
};

struct RiversRules {
    std::int64_t flotilla_cost = 200;  // 4e: "Barge Flotilla (12 boats + 72 Sailors) 200"
    std::vector<River> rivers;
    // Per province: the indices of the rivers whose course passes through it, ascending.
    std::vector<std::vector<std::uint8_t>> rivers_at;

    // The place of `province` on river `river`'s course, or -1 when it is not on it.
    int course_index(std::size_t river, ProvinceId province) const;
};

// Lone Warrior 4f, detachments (docs/detachments.md): "Only one detachment may occupy a hex and
// only two detachments may be deployed per city controlled"; 4e prices one at 15 points.
struct DetachmentRules {
    int cost = 15;         // points from the treasury for one detachment
    int per_city = 2;      // detachments a power may keep per city it controls
    int per_province = 1;  // detachments of all powers one province may hold
};

// Lone Warrior 4d, experience (docs/experience.md): "Each nation starts with 250 points worth of
// guards or veterans." Each power's starting points of guards (elite) or veterans, and the army
// that holds them, by the province it starts in.
struct ExperienceStart {
    PowerId power = kNoPower;
    ProvinceId army = kNoProvince;  // the start army that holds them
    bool guards = false;            // elite guards; veterans otherwise
    std::int64_t points = 250;
};

struct ExperienceRules {
    std::vector<ExperienceStart> start;  // at most one a power
    // The elite points `power` started with: 4d, "The percentage of guards may never be
    // increased during the campaign but the original number may be maintained."
    std::int64_t starting_elite(PowerId power) const;
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
    SupplyRules supply;
    RailNetworkRules rail;
    FieldWorksRules field_works;
    ArmyStrengthRules army_strength;
    GeneralsRules generals;
    RiversRules rivers;
    DetachmentRules detachments;
    ExperienceRules experience;
    // The modules the variant's `rules` section enables (module/rule_module.h).
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
