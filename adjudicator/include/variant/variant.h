// SPDX-License-Identifier: Apache-2.0
// The immutable description of a map and its powers, loaded once from a variant file
// (docs/variants.md) and shared read-only by every adjudication.
//
// Province and power ids are indices into `provinces` and `powers`. Adjacency is stored per
// province in small sorted vectors, and for the questions asked of every order (can an army
// move from one province to another, can a fleet reach one) also as a bit per ordered pair of
// provinces: one look where a list was searched.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/ids.h"
#include "core/phase.h"
#include "core/unit.h"
#include "variant/campaign.h"

namespace adjutant {

enum class Terrain : std::uint8_t { Land, Coast, Sea, Impassable };

struct Point {
    double x = 0;
    double y = 0;
};

struct Province {
    std::string abbr;                  // upper case, as players and the DATC write it: "STP"
    std::string name;                  // "St Petersburg"
    std::vector<std::string> aliases;  // lower case alternative names
    Terrain terrain = Terrain::Land;
    std::vector<Coast> coasts;  // non-empty only for split-coast provinces
    bool supply_center = false;
    PowerId home = kNoPower;  // power whose home centre this is
    Point draw;               // label / unit position for the map view
    // Powers for which this supply centre does not count (Colonial's Hong Kong and China).
    std::vector<PowerId> not_a_center_for;
};

// A named rail line such as Colonial's Trans-Siberian Railroad: `A MOS-TSR-IRK` carries one
// unit of `power` along `provinces` in one move (rule module "rail_lines", docs/colonial.md).
struct RailLine {
    std::string name;  // "TSR", as written in orders
    PowerId power = kNoPower;
    UnitType unit_type = UnitType::Army;
    std::vector<ProvinceId> provinces;  // in order along the line
    // A supply centre on the line owned by another power stops the unit there (clarification 1).
    bool stop_at_foreign_centers = false;
};

// A canal such as Suez: fleets pass directly between `a` and `b` only with the permission of
// the power whose unit stands in `via` (rule module "canals").
struct Canal {
    ProvinceId a = kNoProvince;
    ProvinceId b = kNoProvince;
    ProvinceId via = kNoProvince;
    std::string name;  // "SUEZ", as written in PERMIT orders
};

struct Power {
    std::string name;       // "France"
    std::string adjective;  // "French"
    std::vector<ProvinceId> home_centers;
};

struct StartUnit {
    PowerId power = kNoPower;
    UnitType type = UnitType::Army;
    Location location;
    UnitStats stats;  // campaign attributes; empty for classic maps
};

// One directed fleet edge: a fleet on `from` (coast of this province, or None) can move to `to`.
struct FleetEdge {
    Coast from = Coast::None;
    Location to;
};

// What the movement resolver does with a cycle of decisions that has zero or two consistent
// answers (DATC 5.B.9). Variant files name it ("backup_rule", docs/variants.md), so a rule choice
// of DATC 4.A.2 is the variant's, not the resolver's.
enum class BackupRule : std::uint8_t {
    // "szykman": a circle of moves all succeed; in a convoy paradox the convoying fleets in the
    // cycle fail, as if holding (the Szykman rule, DATC 4.A.2).
    Szykman,
};

// A bit per ordered pair of provinces (row `from`, column `to`): maps have at most some
// hundreds of provinces, so the table is a few kilobytes where a list per province was searched.
class ProvinceBits {
  public:
    // `count` provinces, no pair set.
    void reset(std::size_t count) {
        count_ = count;
        words_.assign((count * count + 63) / 64, 0);
    }
    void set(ProvinceId from, ProvinceId to) {
        const std::size_t bit = from * count_ + to;
        words_[bit / 64] |= std::uint64_t{1} << (bit % 64);
    }
    // False for a province outside the table (kNoProvince among them).
    bool test(ProvinceId from, ProvinceId to) const {
        if (from >= count_ || to >= count_) return false;
        const std::size_t bit = from * count_ + to;
        return (words_[bit / 64] >> (bit % 64)) & 1U;
    }

  private:
    std::size_t count_ = 0;
    std::vector<std::uint64_t> words_;
};

struct Variant {
    std::string name;
    std::vector<Province> provinces;
    std::vector<Power> powers;
    // Per province. Code that changes them calls index_adjacency() before asking again.
    std::vector<std::vector<ProvinceId>> army_adjacency;  // sorted
    std::vector<std::vector<FleetEdge>> fleet_adjacency;
    std::vector<StartUnit> start_units;
    Phase start_phase;
    int victory_centers = 0;
    std::vector<RailLine> rail_lines;
    std::vector<Canal> canals;
    StrengthKind strength = StrengthKind::Unit;
    BackupRule backup_rule = BackupRule::Szykman;
    // DPjudge's RULE BUILD_ANY (the rule "build_any", docs/variants.md): a power builds in any
    // supply centre it owns and that stands empty, not only in its home centres.
    bool build_any = false;
    // Who owns each province at the start, when the variant file says ("start.centers"); empty:
    // each power owns its home centres.
    std::vector<PowerId> start_owners;
    // Campaign maps only (docs/variants.md, "Campaign maps"): weekly turns, cities,
    // fortresses, roads, rail links, the campaign's start and its rule parameters.
    std::optional<CampaignMap> campaign;

    // Lower-cased abbreviation, name and aliases -> province. Built by index_names().
    std::unordered_map<std::string, ProvinceId> province_by_name;

    // Rebuilds the province name map (powers are found by comparing their few names).
    void index_names();
    // Rebuilds the bits army_can_move and fleet_can_reach read from army_adjacency and
    // fleet_adjacency (the loader calls it once they are filled).
    void index_adjacency();

    ProvinceId find_province(std::string_view name) const;  // kNoProvince if unknown
    PowerId find_power(std::string_view name) const;        // kNoPower if unknown
    // "France"; "nobody" for kNoPower (or an id the variant does not have).
    std::string power_name(PowerId power) const;
    std::size_t province_count() const { return provinces.size(); }

    // Inline, one look: asked for every army's move by the parser and the resolver.
    bool army_can_move(ProvinceId from, ProvinceId to) const { return army_moves_.test(from, to); }
    // Fleet on `from` (with its coast) to exactly `to` (with its coast).
    bool fleet_can_move(Location from, Location to) const;
    // Fleet on `from` can reach some coast of province `to`: what a support needs (DATC 6.B.4).
    // One look from a province without split coasts, where a fleet stands on no coast; a fleet on
    // one coast of a split province has its edges searched.
    bool fleet_can_reach(Location from, ProvinceId to) const {
        return from.coast == Coast::None ? fleet_moves_.test(from.province, to)
                                         : fleet_reaches_from_coast(from, to);
    }
    // Unit of `type` on `from` can reach province `to` by itself (no convoy).
    bool can_reach(UnitType type, Location from, ProvinceId to) const {
        return type == UnitType::Army ? army_can_move(from.province, to)
                                      : fleet_can_reach(from, to);
    }
    // Coasts of `to` a fleet on `from` can move to, in coast order.
    std::vector<Coast> reachable_coasts(Location from, ProvinceId to) const;
    // Whether a unit of `type` may stand on `where` (armies on land/coast without a coast,
    // fleets on sea/coast, with a coast exactly when the province is split).
    bool can_stand(UnitType type, Location where) const;

    // "STP/SC", "PAR".
    std::string location_text(Location where) const;
    // A split province's coasts for messages: "STP/NC, STP/SC".
    std::string coasts_text(ProvinceId province) const;

    // Whether `power` may build in `province` when it owns it at the adjustment phase and no
    // unit stands there: one of its home centres (DATC 6.I.6), or with build_any any supply
    // centre that counts for it.
    bool build_site(PowerId power, ProvinceId province) const;

    // The canal joining a and b (either order), or nullptr.
    const Canal* canal_between(ProvinceId a, ProvinceId b) const;
    // The rail line named `name` (case-insensitive), or nullptr.
    const RailLine* find_rail_line(std::string_view name) const;
    // Whether owning `province` counts as a supply centre for `power`. Inline, and most centres
    // count for every power: their list of exceptions, empty, is not searched.
    bool counts_as_center(ProvinceId province, PowerId power) const {
        const Province& p = provinces[province];
        return p.supply_center && (p.not_a_center_for.empty() || !excepted(p, power));
    }

  private:
    bool fleet_reaches_from_coast(Location from, ProvinceId to) const;
    // Whether `power` is among the powers for which `p` is not a centre.
    static bool excepted(const Province& p, PowerId power);

    ProvinceBits army_moves_;   // from index_adjacency(): army_adjacency as bits
    ProvinceBits fleet_moves_;  // and the fleet edges from no coast, by their province
};

}  // namespace adjutant
