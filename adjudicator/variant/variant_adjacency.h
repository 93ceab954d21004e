// SPDX-License-Identifier: Apache-2.0
// Internal to the variant loader: resolves the per-province neighbour lists once every province
// is known, and checks them (unknown names, terrain, coasts, symmetry).
//
// Edges are collected as text first because a list may name a province defined further down.
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

#include "core/json_check.h"
#include "variant/variant.h"

namespace adjutant {

struct RawEdge {
    std::string text;  // "BUL/SC"
    std::string path;  // "/provinces/3/fleet/1"
};

struct RawFleetList {
    Coast from = Coast::None;
    std::string path;  // the list itself: "/provinces/3/fleet" or ".../coasts/0/fleet"
    std::vector<RawEdge> edges;
};

struct RawAdjacency {
    std::string army_path;  // "/provinces/3/army"
    bool has_army = false;
    std::vector<RawEdge> army;
    std::vector<RawFleetList> fleet;
};

// Fills variant.army_adjacency and variant.fleet_adjacency from `raw` (one per province),
// recording every problem in `checker`. `by_abbr` maps exact abbreviations to ids.
void build_adjacency(JsonChecker& checker, Variant& variant, const std::vector<RawAdjacency>& raw,
                     const std::unordered_map<std::string, ProvinceId>& by_abbr);

}  // namespace adjutant
