// SPDX-License-Identifier: Apache-2.0
#include "service/fog.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <string_view>
#include <vector>

#include "position/sight.h"
#include "report/event_readers.h"
#include "service/codec.h"
#include "service/variants.h"
#include "storage/codec.h"
#include "variant/variant.h"

namespace adjutant::service {

namespace {

PowerId power_of(const Variant& variant, const Viewer& viewer) {
    return viewer.power.empty() ? kNoPower : variant.find_power(viewer.power);
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

using storage::OtherFields;
using storage::ReportOrder;
using storage::StoredDislodged;
using storage::StoredEvent;
using storage::StoredRoll;

void add_text(const Variant& variant, const std::optional<std::string>& text,
              std::vector<ProvinceId>& out) {
    if (text) add_provinces_in_text(variant, *text, out);
}

bool is_named_key(const std::string& key) {
    return key != "power" && key != "kind";
}

// The strings of the fields the codec keeps as JSON text (storage/stored_report.h), but a
// power's and a kind's.
void add_other(const Variant& variant, const OtherFields& other, std::vector<ProvinceId>& out) {
    for (const auto& [key, text] : other)
        if (is_named_key(key))
            for (const std::string& s : storage::strings_in(text))
                add_provinces_in_text(variant, s, out);
}

bool has_other(const OtherFields& other, std::string_view key) {
    return std::any_of(other.begin(), other.end(), [&](const auto& f) { return f.first == key; });
}

void erase_other(OtherFields& other, std::string_view key) {
    other.erase(
        std::remove_if(other.begin(), other.end(), [&](const auto& f) { return f.first == key; }),
        other.end());
}

// Every province an entry of the record names, in any of its strings (an order, a result, a
// dislodged unit and its retreats, an event's province, text and die) but its power and kind.
void add_provinces_named(const Variant& variant, const ReportOrder& entry,
                         std::vector<ProvinceId>& out) {
    add_text(variant, entry.order, out);
    add_text(variant, entry.input, out);
    add_text(variant, entry.result, out);
    add_text(variant, entry.reason, out);
    add_other(variant, entry.other, out);
}

void add_provinces_named(const Variant& variant, const StoredDislodged& entry,
                         std::vector<ProvinceId>& out) {
    add_text(variant, entry.unit, out);
    add_text(variant, entry.from, out);
    if (entry.retreats)
        for (const std::string& retreat : *entry.retreats)
            add_provinces_in_text(variant, retreat, out);
    add_other(variant, entry.other, out);
}

void add_provinces_named(const Variant& variant, const StoredRoll& roll,
                         std::vector<ProvinceId>& out) {
    add_text(variant, roll.purpose, out);
    add_text(variant, roll.subject, out);
    add_text(variant, roll.table, out);
    add_text(variant, roll.modifiers, out);
    add_other(variant, roll.other, out);
}

void add_provinces_named(const Variant& variant, const StoredEvent& event,
                         std::vector<ProvinceId>& out) {
    add_text(variant, event.type, out);
    add_text(variant, event.province, out);
    add_text(variant, event.text, out);
    if (event.roll) add_provinces_named(variant, *event.roll, out);
    add_other(variant, event.other, out);
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
template <typename Entry>
bool reads(const Variant& variant, const RecordSight& sight, const Viewer& viewer,
           const Entry& entry, EventReaders readers) {
    const std::string owner = entry.power.value_or("");
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
EventReaders readers_of_event(const StoredEvent& event) {
    if (!event.kind && !has_other(event.other, "kind")) return EventReaders::InSight;
    return event_readers(event.kind.value_or("")).value_or(EventReaders::Owner);
}

// An order whose content is supply (a train sent, a standing supply order, trains or a flotilla
// bought, a garrison's half rations: OrderParser::is_supply_order) tells what the view hides,
// and is its power's alone, though it stand in sight (docs/fog-of-war.md, "Orders that carry
// supply"); any other order is read in sight, as the units it moves are seen.
EventReaders readers_of_order(const OrderParser& parser, const std::string& order) {
    return parser.is_supply_order(order) ? EventReaders::Owner : EventReaders::InSight;
}

template <typename Entry, typename Keep>
void keep_if(std::vector<Entry>& list, Keep keep) {
    list.erase(
        std::remove_if(list.begin(), list.end(), [&](const Entry& entry) { return !keep(entry); }),
        list.end());
}

// Another power's dislodged unit names where it may retreat and where its attacker came from,
// as its view does (position/sight.h): the reader keeps those it sees. A "retreats" or "from"
// of another form than the report writes (kept as its text) goes whole when it names a province
// out of sight.
void cut_dislodged(const Variant& variant, const RecordSight& sight, const Viewer& viewer,
                   StoredDislodged& entry) {
    if (!viewer.power.empty() && entry.power.value_or("") == viewer.power) return;
    auto unseen = [&](const std::vector<ProvinceId>& named) {
        return std::any_of(named.begin(), named.end(),
                           [&](ProvinceId p) { return !sight.sees(p); });
    };
    auto unseen_text = [&](const std::string& text) {
        std::vector<ProvinceId> named;
        add_provinces_in_text(variant, text, named);
        return unseen(named);
    };
    if (entry.retreats) keep_if(*entry.retreats, [&](const auto& r) { return !unseen_text(r); });
    if (entry.from && unseen_text(*entry.from)) entry.from.reset();
    for (const char* key : {"retreats", "from"}) {
        std::vector<ProvinceId> named;
        for (const auto& [k, text] : entry.other)
            if (k == key) add_other(variant, {{k, text}}, named);
        if (unseen(named)) erase_other(entry.other, key);
    }
}

// An explanation names the units that decided a result (report/explanation.h): the reader keeps
// those it sees, the others become "a unit you cannot see", and the sentence is made again from
// what is left (docs/fog-of-war.md, "Explanations"). Its own power's entries are cut too: the
// units that bounced its move need not stand in its sight.
void cut_explanation(const Variant& variant, const RecordSight& sight, ReportOrder& entry) {
    if (!entry.explanation) return;
    ExplainedOrder& e = *entry.explanation;
    auto seen_text = [&](const std::string& text) {
        std::vector<ProvinceId> named;
        add_provinces_in_text(variant, text, named);
        return std::all_of(named.begin(), named.end(), [&](ProvinceId p) { return sight.sees(p); });
    };
    auto cut = [&](ExplainedUnit& unit) {
        if (!unit.hidden() && !seen_text(unit.unit)) unit = ExplainedUnit{};
    };
    auto cut_optional = [&](std::optional<ExplainedUnit>& unit) {
        if (unit) cut(*unit);
    };
    for (std::vector<ExplainedStrength>* list : {&e.strengths, &e.held}) {
        for (ExplainedStrength& strength : *list) {
            cut(strength.unit);
            if (strength.unit.hidden() || !seen_text(strength.to)) strength.to.clear();
            for (ExplainedSupport& support : strength.supports) {
                cut(support.supporter);
                cut_optional(support.by);
            }
        }
    }
    cut_optional(e.cut_by);
    cut_optional(e.dislodged_by);
    cut_optional(e.void_target);
    for (ExplainedUnit& unit : e.clashed) cut(unit);
    for (ExplainedUnit& fleet : e.fleets) cut(fleet);
    for (ExplainedUnit& fleet : e.disrupted) cut(fleet);
    e.text = explanation_text(e, entry.order.value_or(""), entry.result.value_or("") == "succeeds");
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
                std::vector<storage::StoredSeat>& seats, storage::StoredReport& report,
                std::vector<StoredEvent>* events) {
    const Variant& variant = loaded.variant;
    const PowerId power = power_of(variant, viewer);
    auto sight_before = sight_of(variant, before, power);
    if (!sight_before) return;
    RecordSight sight{std::move(*sight_before), std::nullopt};
    if (report.next) {
        storage::StoredPosition next = storage::read_position(variant, *report.next);
        if (next.position) {
            sight.after = sight_of(variant, *next.position, power);
            report.next = storage::seen_position_text(variant, *next.position, *sight.after);
        } else {
            report.next.reset();  // never served whole: a record the fog cannot read is cut
        }
    }
    auto in_sight = [&](const StoredDislodged& entry) {
        return reads(variant, sight, viewer, entry, EventReaders::InSight);
    };
    auto order_read = [&](const ReportOrder& entry) {
        return reads(variant, sight, viewer, entry,
                     readers_of_order(loaded.parser(), entry.order.value_or("")));
    };
    auto event_read = [&](const StoredEvent& event) {
        return reads(variant, sight, viewer, event, readers_of_event(event));
    };
    if (report.orders) {
        keep_if(*report.orders, order_read);
        // Another power's failed order gives the resolver's reasons only (docs/fog-of-war.md,
        // "Reasons").
        for (auto& entry : *report.orders) {
            cut_explanation(variant, sight, entry);
            if (entry.power.value_or("") == viewer.power) continue;
            if (has_other(entry.other, "reason")) {
                erase_other(entry.other, "reason");
                entry.reason = std::string();
            }
            if (entry.reason) entry.reason = std::string(others_reason(*entry.reason));
        }
    }
    if (report.dislodged) {
        for (auto& entry : *report.dislodged) cut_dislodged(variant, sight, viewer, entry);
        keep_if(*report.dislodged, in_sight);
    }
    if (report.events) keep_if(*report.events, event_read);
    if (events != nullptr) keep_if(*events, event_read);
    for (auto& seat : seats) {
        // A list of orders of another form than the resolution writes cannot be cut: it goes.
        erase_other(seat.other, "orders");
        if (!seat.orders) continue;
        keep_if(*seat.orders, [&](const std::string& line) {
            ReportOrder entry;
            entry.power = seat.power;
            entry.order = line;
            return order_read(entry);
        });
    }
}

void redact_record(const LoadedVariant& loaded, GameStatus status, const std::string& position,
                   const Viewer& viewer, std::vector<storage::StoredSeat>& seats,
                   storage::StoredReport& report, std::vector<StoredEvent>* events) {
    redact_results(report, seats, viewer);
    if (in_fog(loaded.variant, status, viewer))
        fog_record(loaded, decode_position(loaded.variant, position), viewer, seats, report,
                   events);
}

}  // namespace adjutant::service
