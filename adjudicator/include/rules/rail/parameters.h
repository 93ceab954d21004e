// SPDX-License-Identifier: Apache-2.0
// The rail network module's parameters (Oào 18.1 and 18.2, OCS rail movement; docs/rail.md).
// The module reads them from its part of the variant file (rules/rail/parameters.cpp) into
// the campaign map's module parameters (variant/module_params.h), which the core keeps without
// opening. Public, for the server's week summary, which reads each power's rail capacity.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/ids.h"
#include "variant/variant.h"

namespace adjutant::rail {

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

// The variant's parameters: those its file gives, or none (no exceptions, no capacity) when the
// variant does not enable the module (readers that run without it see the defaults, as they always
// have).
inline const RailNetworkRules& parameters(const CampaignMap& map) {
    return map.modules.get_or_default<RailNetworkRules>();
}
inline const RailNetworkRules& parameters(const Variant& variant) {
    return parameters(*variant.campaign);
}

}  // namespace adjutant::rail
