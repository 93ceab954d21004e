// SPDX-License-Identifier: Apache-2.0
#include "variant/variant_adjacency.h"

#include <algorithm>
#include <string_view>

namespace adjutant {

namespace {

bool army_terrain(Terrain t) {
    return t == Terrain::Land || t == Terrain::Coast;
}
bool fleet_terrain(Terrain t) {
    return t == Terrain::Sea || t == Terrain::Coast;
}

const char* terrain_word(Terrain t) {
    switch (t) {
        case Terrain::Land:
            return "land-locked";
        case Terrain::Coast:
            return "coastal";
        case Terrain::Sea:
            return "sea";
        case Terrain::Impassable:
            return "impassable";
    }
    return "?";
}

ProvinceId lookup(const std::unordered_map<std::string, ProvinceId>& by_abbr,
                  std::string_view abbr) {
    auto it = by_abbr.find(std::string(abbr));
    return it == by_abbr.end() ? kNoProvince : it->second;
}

struct ArmyEdge {
    ProvinceId to;
    const std::string* path;
};

struct CheckedFleetEdge {
    FleetEdge edge;
    const std::string* path;
};

void build_army(JsonChecker& checker, Variant& variant, const std::vector<RawAdjacency>& raw,
                const std::unordered_map<std::string, ProvinceId>& by_abbr) {
    const std::size_t n = variant.provinces.size();
    std::vector<std::vector<ArmyEdge>> edges(n);
    for (std::size_t i = 0; i < n; ++i) {
        const Province& from = variant.provinces[i];
        if (raw[i].army.empty()) continue;
        if (!army_terrain(from.terrain)) {
            checker.error(raw[i].army_path, std::string("a ") + terrain_word(from.terrain) +
                                                " province has no army adjacency");
            continue;
        }
        for (const RawEdge& e : raw[i].army) {
            if (e.text.find('/') != std::string::npos) {
                checker.error(e.path,
                              "army adjacency names provinces, not coasts: " + quote_text(e.text));
                continue;
            }
            const ProvinceId to = lookup(by_abbr, e.text);
            if (to == kNoProvince) {
                checker.error(e.path, "unknown province " + quote_text(e.text));
                continue;
            }
            const Province& target = variant.provinces[to];
            if (to == i) {
                checker.error(e.path, from.abbr + " is listed as its own neighbour");
                continue;
            }
            if (!army_terrain(target.terrain)) {
                checker.error(e.path, std::string("army adjacency to ") +
                                          terrain_word(target.terrain) + " province " +
                                          target.abbr);
                continue;
            }
            auto same = [to](const ArmyEdge& a) { return a.to == to; };
            if (std::any_of(edges[i].begin(), edges[i].end(), same)) {
                checker.error(e.path, target.abbr + " is listed twice");
                continue;
            }
            edges[i].push_back(ArmyEdge{to, &e.path});
        }
    }
    variant.army_adjacency.assign(n, {});
    for (std::size_t i = 0; i < n; ++i) {
        for (const ArmyEdge& e : edges[i]) {
            auto back = [i](const ArmyEdge& a) { return a.to == i; };
            if (std::none_of(edges[e.to].begin(), edges[e.to].end(), back))
                checker.error(*e.path, "army adjacency " + variant.provinces[i].abbr + "-" +
                                           variant.provinces[e.to].abbr +
                                           " is one-way: " + variant.provinces[e.to].abbr +
                                           " does not list " + variant.provinces[i].abbr);
            variant.army_adjacency[i].push_back(e.to);
        }
        std::sort(variant.army_adjacency[i].begin(), variant.army_adjacency[i].end());
    }
}

// Resolves "STP/NC" to a location a fleet can be on, or records why not.
std::optional<Location> fleet_target(JsonChecker& checker, const Variant& variant,
                                     const std::unordered_map<std::string, ProvinceId>& by_abbr,
                                     const RawEdge& e) {
    const auto slash = e.text.find('/');
    const std::string_view name = std::string_view(e.text).substr(0, slash);
    const ProvinceId to = lookup(by_abbr, name);
    if (to == kNoProvince) {
        checker.error(e.path, "unknown province " + quote_text(name));
        return std::nullopt;
    }
    const Province& target = variant.provinces[to];
    if (!fleet_terrain(target.terrain)) {
        checker.error(e.path, std::string("fleet adjacency to ") + terrain_word(target.terrain) +
                                  " province " + target.abbr);
        return std::nullopt;
    }
    if (slash == std::string::npos) {
        if (!target.coasts.empty()) {
            checker.error(e.path, "missing coast: " + target.abbr + " has split coasts (" +
                                      variant.coasts_text(to) + ")");
            return std::nullopt;
        }
        return Location{to, Coast::None};
    }
    const std::string_view code = std::string_view(e.text).substr(slash + 1);
    if (target.coasts.empty()) {
        checker.error(e.path, target.abbr + " has no coasts: write " + quote_text(target.abbr));
        return std::nullopt;
    }
    const auto coast = coast_from_code(code);
    if (!coast ||
        std::find(target.coasts.begin(), target.coasts.end(), *coast) == target.coasts.end()) {
        checker.error(e.path, target.abbr + " has no coast " + quote_text(code) + " (" +
                                  variant.coasts_text(to) + ")");
        return std::nullopt;
    }
    return Location{to, *coast};
}

void build_fleet(JsonChecker& checker, Variant& variant, const std::vector<RawAdjacency>& raw,
                 const std::unordered_map<std::string, ProvinceId>& by_abbr) {
    const std::size_t n = variant.provinces.size();
    std::vector<std::vector<CheckedFleetEdge>> edges(n);
    for (std::size_t i = 0; i < n; ++i) {
        const Province& from = variant.provinces[i];
        for (const RawFleetList& list : raw[i].fleet) {
            if (list.edges.empty()) continue;
            if (!fleet_terrain(from.terrain)) {
                checker.error(list.path, std::string("a ") + terrain_word(from.terrain) +
                                             " province has no fleet adjacency");
                continue;
            }
            for (const RawEdge& e : list.edges) {
                const auto to = fleet_target(checker, variant, by_abbr, e);
                if (!to) continue;
                if (to->province == i) {
                    checker.error(e.path, from.abbr + " is listed as its own neighbour");
                    continue;
                }
                const FleetEdge edge{list.from, *to};
                auto same = [&](const CheckedFleetEdge& c) {
                    return c.edge.from == edge.from && c.edge.to == edge.to;
                };
                if (std::any_of(edges[i].begin(), edges[i].end(), same)) {
                    checker.error(e.path, quote_text(e.text) + " is listed twice");
                    continue;
                }
                edges[i].push_back(CheckedFleetEdge{edge, &e.path});
            }
        }
    }
    variant.fleet_adjacency.assign(n, {});
    for (std::size_t i = 0; i < n; ++i) {
        const auto here = static_cast<ProvinceId>(i);
        for (const CheckedFleetEdge& c : edges[i]) {
            const Location origin{here, c.edge.from};
            const Location to = c.edge.to;
            auto back = [&](const CheckedFleetEdge& r) {
                return r.edge.from == to.coast && r.edge.to == origin;
            };
            if (std::none_of(edges[to.province].begin(), edges[to.province].end(), back))
                checker.error(*c.path, "fleet adjacency " + variant.location_text(origin) + "-" +
                                           variant.location_text(to) +
                                           " is one-way: " + variant.location_text(to) +
                                           " does not list " + variant.location_text(origin));
            variant.fleet_adjacency[i].push_back(c.edge);
        }
        std::sort(variant.fleet_adjacency[i].begin(), variant.fleet_adjacency[i].end(),
                  [](const FleetEdge& a, const FleetEdge& b) {
                      return a.from != b.from ? a.from < b.from : a.to < b.to;
                  });
    }
}

}  // namespace

void build_adjacency(JsonChecker& checker, Variant& variant, const std::vector<RawAdjacency>& raw,
                     const std::unordered_map<std::string, ProvinceId>& by_abbr) {
    build_army(checker, variant, raw, by_abbr);
    build_fleet(checker, variant, raw, by_abbr);
    variant.index_adjacency();
}

}  // namespace adjutant
