// SPDX-License-Identifier: Apache-2.0
#include "service/fog.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <string_view>
#include <vector>

#include "position/position_json.h"
#include "position/sight.h"
#include "report/event_readers.h"
#include "service/codec.h"
#include "service/variants.h"
#include "variant/variant.h"

namespace adjutant::service {

namespace {

PowerId power_of(const Variant& variant, const Viewer& viewer) {
    return viewer.power.empty() ? kNoPower : variant.find_power(viewer.power);
}

std::string text_of(const nlohmann::json& entry, const char* key) {
    const auto it = entry.find(key);
    return it != entry.end() && it->is_string() ? it->get<std::string>() : std::string();
}

// The provinces a text names: each word of capitals and digits that is a province's
// abbreviation, wherever it stands ("A VER's line ... VER-TOU-BLD", "STP/NC", "(now at TRY)").
void add_provinces_in_text(const Variant& variant, std::string_view text,
                           std::vector<ProvinceId>& out) {
    auto is_word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; };
    for (std::size_t i = 0; i < text.size();) {
        if (!is_word(text[i])) {
            ++i;
            continue;
        }
        std::size_t end = i;
        while (end < text.size() && is_word(text[end])) ++end;
        const std::string_view word = text.substr(i, end - i);
        i = end;
        if (word.size() < 2 || std::any_of(word.begin(), word.end(), [](char c) {
                return std::islower(static_cast<unsigned char>(c)) != 0;
            }))
            continue;
        const ProvinceId p = variant.find_province(word);
        if (p != kNoProvince && variant.provinces[p].abbr == word) out.push_back(p);
    }
}

// Every province an entry of the record names, in any of its strings (an order, a result, a
// dislodged unit and its retreats, an event's province, text and die) but its power and kind.
void add_provinces_named(const Variant& variant, const nlohmann::json& value,
                         std::vector<ProvinceId>& out) {
    if (value.is_string()) {
        add_provinces_in_text(variant, value.get_ref<const std::string&>(), out);
    } else if (value.is_array()) {
        for (const auto& item : value) add_provinces_named(variant, item, out);
    } else if (value.is_object()) {
        for (const auto& [key, item] : value.items())
            if (key != "power" && key != "kind") add_provinces_named(variant, item, out);
    }
}

struct RecordSight {
    Sight before;
    std::optional<Sight> after;
    bool sees(ProvinceId p) const { return before.sees(p) || (after && after->sees(p)); }
};

// The one rule of what a reader reads of a phase's record (docs/fog-of-war.md, "Events"): its
// own entries whole; of another power's or nobody's, what the entry's readers allow. Orders
// and results are read as their order's kind says (readers_of_order), dislodgements in sight,
// events as their kind says (report/event_readers.h). In sight means every province the entry
// names stands in the reader's sight before the phase or after it, and another power's entry
// names one.
bool reads(const Variant& variant, const RecordSight& sight, const Viewer& viewer,
           const nlohmann::json& entry, EventReaders readers) {
    const std::string owner = text_of(entry, "power");
    if (!viewer.power.empty() && owner == viewer.power) return true;
    if (readers == EventReaders::Owner) return false;
    if (readers == EventReaders::Everyone) return true;
    std::vector<ProvinceId> named;
    add_provinces_named(variant, entry, named);
    if (named.empty()) return owner.empty();
    return std::all_of(named.begin(), named.end(), [&](ProvinceId p) { return sight.sees(p); });
}

// An adjudicator's event has a kind, read by the table; a kind it lacks is its power's alone.
// The server's own events of the phase (missing and unreadable orders, extensions, civil
// disorder: a "type", no kind) name no province, so they are read by the rule of sight: a
// power's by that power.
EventReaders readers_of_event(const nlohmann::json& event) {
    if (!event.contains("kind")) return EventReaders::InSight;
    return event_readers(text_of(event, "kind")).value_or(EventReaders::Owner);
}

// An order whose content is supply (a train sent, a standing supply order, trains or a flotilla
// bought, a garrison's half rations: OrderParser::is_supply_order) tells what the view hides,
// and is its power's alone, though it stand in sight (docs/fog-of-war.md, "Orders that carry
// supply"); any other order is read in sight, as the units it moves are seen.
EventReaders readers_of_order(const OrderParser& parser, const std::string& order) {
    return parser.is_supply_order(order) ? EventReaders::Owner : EventReaders::InSight;
}

template <typename Keep>
void keep_if(nlohmann::json& list, Keep keep) {
    if (!list.is_array()) return;
    nlohmann::json kept = nlohmann::json::array();
    for (auto& entry : list)
        if (keep(entry)) kept.push_back(std::move(entry));
    list = std::move(kept);
}

// Another power's dislodged unit names where it may retreat and where its attacker came from,
// as its view does (position/sight.h): the reader keeps those it sees.
void cut_dislodged(const Variant& variant, const RecordSight& sight, const Viewer& viewer,
                   nlohmann::json& entry) {
    if (!entry.is_object() || (!viewer.power.empty() && text_of(entry, "power") == viewer.power))
        return;
    auto unseen = [&](const nlohmann::json& where) {
        std::vector<ProvinceId> named;
        add_provinces_named(variant, where, named);
        return std::any_of(named.begin(), named.end(),
                           [&](ProvinceId p) { return !sight.sees(p); });
    };
    if (entry.contains("retreats"))
        keep_if(entry["retreats"], [&](const auto& r) { return !unseen(r); });
    if (entry.contains("from") && unseen(entry["from"])) entry.erase("from");
}

}  // namespace

bool in_fog(const Variant& variant, GameStatus status, const Viewer& viewer) {
    return !viewer.gm && status != GameStatus::ended && hides_positions(variant);
}

FogView fog_view(const Variant& variant, Position& position, const Viewer& viewer) {
    FogView fog{viewer.power, {}, sight_of(variant, position, power_of(variant, viewer))};
    if (!fog.sight) return fog;
    position = seen_position(variant, position, *fog.sight);
    for (std::size_t p = 0; p < variant.province_count(); ++p)
        if (fog.sight->sees(static_cast<ProvinceId>(p)))
            fog.seen.push_back(variant.provinces[p].abbr);
    return fog;
}

void fog_record(const LoadedVariant& loaded, const Position& before, const Viewer& viewer,
                nlohmann::json& orders, nlohmann::json& results, nlohmann::json* events) {
    const Variant& variant = loaded.variant;
    const PowerId power = power_of(variant, viewer);
    auto sight_before = sight_of(variant, before, power);
    if (!sight_before) return;
    RecordSight sight{std::move(*sight_before), std::nullopt};
    if (results.is_object() && results.contains("next")) {
        PositionLoad next = position_from_json(variant, results["next"]);
        if (next.ok()) {
            sight.after = sight_of(variant, *next.position, power);
            results["next"] = seen_position_json(variant, *next.position, *sight.after);
        } else {
            results.erase("next");  // never served whole: a record the fog cannot read is cut
        }
    }
    auto in_sight = [&](const nlohmann::json& entry) {
        return entry.is_object() && reads(variant, sight, viewer, entry, EventReaders::InSight);
    };
    auto order_read = [&](const nlohmann::json& entry) {
        return entry.is_object() &&
               reads(variant, sight, viewer, entry,
                     readers_of_order(loaded.parser(), text_of(entry, "order")));
    };
    auto event_read = [&](const nlohmann::json& event) {
        return event.is_object() && reads(variant, sight, viewer, event, readers_of_event(event));
    };
    if (results.is_object()) {
        if (results.contains("orders")) {
            keep_if(results["orders"], order_read);
            // Another power's failed order gives the resolver's reasons only (docs/fog-of-war.md,
            // "Reasons").
            for (auto& entry : results["orders"]) {
                if (text_of(entry, "power") == viewer.power || !entry.contains("reason")) continue;
                const std::string reason = text_of(entry, "reason");
                entry["reason"] = std::string(others_reason(reason));
            }
        }
        if (results.contains("dislodged")) {
            if (results["dislodged"].is_array())
                for (auto& entry : results["dislodged"])
                    cut_dislodged(variant, sight, viewer, entry);
            keep_if(results["dislodged"], in_sight);
        }
        if (results.contains("events")) keep_if(results["events"], event_read);
    }
    if (events != nullptr) keep_if(*events, event_read);
    if (orders.is_array())
        for (auto& seat : orders) {
            if (!seat.is_object() || !seat.contains("orders")) continue;
            const nlohmann::json power = seat.value("power", nlohmann::json());
            keep_if(seat["orders"], [&](const nlohmann::json& line) {
                return line.is_string() &&
                       order_read(nlohmann::json{{"power", power}, {"order", line}});
            });
        }
}

void redact_record(const LoadedVariant& loaded, GameStatus status, const std::string& position,
                   const Viewer& viewer, nlohmann::json& orders, nlohmann::json& results,
                   nlohmann::json* events) {
    redact_results(results, orders, viewer);
    if (in_fog(loaded.variant, status, viewer))
        fog_record(loaded, decode_position(loaded.variant, position), viewer, orders, results,
                   events);
}

}  // namespace adjutant::service
