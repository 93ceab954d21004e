// SPDX-License-Identifier: Apache-2.0
#include "storage/codec.h"

#include <algorithm>
#include <map>

#include "position/position_json.h"
#include "position/sight.h"
#include "report/adjudication_json.h"

namespace adjutant::storage {

namespace {

// The dump every stored and served document goes through (service/text.h, json_text): invalid
// UTF-8 becomes U+FFFD rather than an exception.
std::string document_text(const nlohmann::json& value) {
    return value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace

nlohmann::json position_json(const Variant& variant, const Position& position) {
    return position_to_json(variant, position);
}

std::string position_text(const Variant& variant, const Position& position) {
    return document_text(position_to_json(variant, position));
}

StoredPosition read_position(const Variant& variant, std::string_view text) {
    const auto json = nlohmann::json::parse(text, nullptr, false);
    if (json.is_discarded()) return {std::nullopt, "a stored position is not valid JSON"};
    PositionLoad loaded = position_from_json(variant, json);
    if (loaded.position) return {std::move(loaded.position), {}};
    std::string problem = "a stored position does not fit variant " + variant.name;
    if (!loaded.errors.empty()) problem += ": " + loaded.errors.front();
    return {std::nullopt, std::move(problem)};
}

std::string seen_position_text(const Variant& variant, const Position& position,
                               const Sight& sight) {
    return document_text(seen_position_json(variant, position, sight));
}

namespace {

// A list's item as text: a string as it is, anything else as its JSON.
std::string item_text(const nlohmann::json& item) {
    return item.is_string() ? item.get<std::string>() : item.dump();
}

// "A LIE", or a campaign unit {"unit", "points", "supply", "general"}; a dislodged unit also
// has its "retreats".
UnitStanding decode_unit(const nlohmann::json& unit) {
    UnitStanding out;
    if (!unit.is_object()) {
        out.unit = item_text(unit);
        return out;
    }
    out.unit = unit.value("unit", "?");
    if (unit.contains("points")) out.points = unit.value("points", std::int64_t{0});
    if (unit.contains("supply")) out.supply = unit.value("supply", 0);
    if (unit.contains("general")) out.general = unit.value("general", "");
    for (const auto& retreat : unit.value("retreats", nlohmann::json::array()))
        out.retreats.push_back(item_text(retreat));
    return out;
}

GarrisonStanding decode_garrison(const nlohmann::json& garrison) {
    GarrisonStanding out;
    out.province = garrison.value("province", "?");
    out.points = garrison.value("points", std::int64_t{0});
    if (garrison.contains("general")) out.general = garrison.value("general", "");
    return out;
}

// A position section keyed by power ({"Belgium": [...]}), each entry read by `decode`.
template <typename Entry, typename Decode>
std::map<std::string, std::vector<Entry>> by_power(const nlohmann::json& position,
                                                   const char* section, Decode decode) {
    std::map<std::string, std::vector<Entry>> out;
    if (!position.is_object() || !position.contains(section) || !position[section].is_object())
        return out;
    for (const auto& [power, list] : position[section].items()) {
        auto& entries = out[power];
        for (const auto& entry : list) entries.push_back(decode(entry));
    }
    return out;
}

}  // namespace

PositionStanding position_standing(const Variant& variant, const Position& position,
                                   const Sight* sight) {
    const nlohmann::json document =
        sight ? seen_position_json(variant, position, *sight) : position_to_json(variant, position);
    PositionStanding out;
    out.units = by_power<UnitStanding>(document, "units", decode_unit);
    out.dislodged = by_power<UnitStanding>(document, "dislodged", decode_unit);
    out.garrisons = by_power<GarrisonStanding>(document, "garrisons", decode_garrison);
    out.sieges = by_power<SiegeStanding>(document, "sieges", [](const nlohmann::json& siege) {
        return SiegeStanding{siege.value("province", "?"), siege.value("weeks", 0)};
    });
    if (document.contains("generals") && document["generals"].is_object())
        for (const auto& [power, generals] : document["generals"].items()) {
            auto& pool = out.generals[power];
            for (const auto& general : generals.value("pool", nlohmann::json::array()))
                pool.push_back({general.value("name", "?"), general.value("active", false)});
        }
    return out;
}

WeekRecord decode_week(const Variant& variant, const nlohmann::json& results) {
    const auto report = decode_report(results);
    return report ? decode_week(variant, *report) : WeekRecord{};
}

WeekRecord decode_week(const Variant& variant, const StoredReport& report) {
    WeekRecord week;
    week.phase = report.phase.value_or("");
    if (report.next) {
        const auto next = nlohmann::json::parse(*report.next, nullptr, false);
        if (next.is_object()) {
            PositionLoad loaded = position_from_json(variant, next);
            if (loaded.position) week.next = std::move(*loaded.position);
        }
    }
    if (!report.events) return week;
    for (const StoredEvent& item : *report.events) {
        Event& event = week.events.emplace_back();
        event.kind = item.kind.value_or("");
        event.power = variant.find_power(item.power.value_or(""));
        event.province = variant.find_province(item.province.value_or(""));
        event.text = item.text.value_or("");
        if (item.supply_change) event.supply_change = *item.supply_change;
    }
    return week;
}

nlohmann::json adjudication_json(const Variant& variant, const ParsedOrders& parsed,
                                 const Adjudication& adjudication) {
    return adjudication_to_json(variant, parsed, adjudication);
}

std::string adjudication_text(const Variant& variant, const ParsedOrders& parsed,
                              const Adjudication& adjudication) {
    return document_text(adjudication_to_json(variant, parsed, adjudication));
}

std::string adjudication_text_unexplained(const Variant& variant, const ParsedOrders& parsed,
                                          const Adjudication& adjudication) {
    nlohmann::json report = adjudication_to_json(variant, parsed, adjudication);
    for (nlohmann::json& order : report["orders"]) order.erase("explanation");
    return document_text(report);
}

bool report_explains(std::string_view results_text) {
    const auto report = nlohmann::json::parse(results_text, nullptr, false);
    if (!report.is_object() || !report.contains("orders") || !report["orders"].is_array())
        return false;
    const auto& orders = report["orders"];
    return std::any_of(orders.begin(), orders.end(), [](const nlohmann::json& order) {
        return order.is_object() && order.contains("explanation");
    });
}

nlohmann::json verdicts_json(const std::vector<Verdict>& verdicts) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& verdict : verdicts) {
        nlohmann::json out = {{"line", verdict.line},
                              {"input", verdict.input},
                              {"status", verdict.accepted ? "accepted" : "rejected"}};
        if (verdict.accepted)
            out["order"] = verdict.order;
        else
            out["error"] = verdict.error;
        if (!verdict.note.empty()) out["note"] = verdict.note;
        list.push_back(std::move(out));
    }
    return list;
}

// A JSON string as nlohmann's dump writes it: `"` and `\` escaped, \b \f \n \r \t by
// name, other control bytes as \u00xx; the rest as it is. Text with a byte beyond ASCII goes
// through the dump itself, for its checks of UTF-8 (a bad byte becomes U+FFFD).
void append_json_string(std::string& out, const std::string& text) {
    for (const char c : text)
        if (static_cast<unsigned char>(c) >= 0x80) {
            out += document_text(nlohmann::json(text));
            return;
        }
    static constexpr char kHex[] = "0123456789abcdef";
    out += '"';
    for (const char c : text) {
        switch (c) {
            case '"':
                out += "\\\"";
                break;
            case '\\':
                out += "\\\\";
                break;
            case '\b':
                out += "\\b";
                break;
            case '\f':
                out += "\\f";
                break;
            case '\n':
                out += "\\n";
                break;
            case '\r':
                out += "\\r";
                break;
            case '\t':
                out += "\\t";
                break;
            default:
                if (static_cast<unsigned char>(c) < 0x20) {
                    out += "\\u00";
                    out += kHex[(c >> 4) & 0xf];
                    out += kHex[c & 0xf];
                } else {
                    out += c;
                }
        }
    }
    out += '"';
}

namespace {

void append_field(std::string& out, std::string_view name, const std::string& value) {
    out += '"';
    out += name;
    out += "\":";
    append_json_string(out, value);
    out += ',';
}

}  // namespace

// The keys in the order nlohmann's sorted objects write them: error, input, line, note,
// order, status.
std::string verdicts_text(const std::vector<Verdict>& verdicts) {
    std::string out = "[";
    for (const auto& verdict : verdicts) {
        out += '{';
        if (!verdict.accepted) append_field(out, "error", verdict.error);
        append_field(out, "input", verdict.input);
        out += "\"line\":";
        out += std::to_string(verdict.line);
        out += ',';
        if (!verdict.note.empty()) append_field(out, "note", verdict.note);
        if (verdict.accepted) append_field(out, "order", verdict.order);
        out += verdict.accepted ? "\"status\":\"accepted\"}," : "\"status\":\"rejected\"},";
    }
    if (out.size() > 1) out.pop_back();  // the last comma
    out += ']';
    return out;
}

std::vector<Verdict> decode_verdicts(const nlohmann::json& list) {
    std::vector<Verdict> verdicts;
    for (const auto& item : list) {
        if (!item.is_object()) continue;
        const auto text = [&](const char* key) {
            const auto it = item.find(key);
            return it != item.end() && it->is_string() ? it->get<std::string>() : std::string();
        };
        const auto line = item.find("line");
        verdicts.push_back({line != item.end() && line->is_number_integer() ? line->get<int>() : 0,
                            text("input"), text("status") == "accepted", text("order"),
                            text("error"), text("note")});
    }
    return verdicts;
}

std::vector<ReportOrder> decode_report_orders(const nlohmann::json& list) {
    std::vector<ReportOrder> orders;
    if (!list.is_array()) return orders;
    for (const auto& item : list) {
        if (!item.is_object()) continue;
        ReportOrder& out = orders.emplace_back();
        for (const auto& [key, value] : item.items()) {
            if (value.is_string()) {
                const auto& text = value.get_ref<const std::string&>();
                if (key == "power") {
                    out.power = text;
                    continue;
                }
                if (key == "order") {
                    out.order = text;
                    continue;
                }
                if (key == "input") {
                    out.input = text;
                    continue;
                }
                if (key == "result") {
                    out.result = text;
                    continue;
                }
                if (key == "reason") {
                    out.reason = text;
                    continue;
                }
            } else if (key == "line" && value.is_number_integer()) {
                out.line = value.get<std::int64_t>();
                continue;
            } else if (key == "default" && value.is_boolean()) {
                out.by_default = value.get<bool>();
                continue;
            } else if (key == "explanation") {
                // Read only in the form the adjudicator writes (report/explanation.h), so it
                // is written back the same; any other form is kept as its text.
                if (auto explained = explained_order_from_json(value)) {
                    out.explanation = std::move(*explained);
                    continue;
                }
            }
            out.other.emplace_back(key, document_text(value));
        }
    }
    return orders;
}

std::vector<StoredSeat> decode_seats(const nlohmann::json& list) {
    std::vector<StoredSeat> seats;
    if (!list.is_array()) return seats;
    const auto all_text = [](const nlohmann::json& value) {
        return value.is_array() &&
               std::all_of(value.begin(), value.end(), [](const auto& v) { return v.is_string(); });
    };
    for (const auto& item : list) {
        if (!item.is_object()) continue;
        StoredSeat& seat = seats.emplace_back();
        for (const auto& [key, value] : item.items()) {
            if (value.is_string()) {
                const auto& text = value.get_ref<const std::string&>();
                if (key == "power") {
                    seat.power = text;
                    continue;
                }
                if (key == "text") {
                    seat.text = text;
                    continue;
                }
                if (key == "source") {
                    seat.source = text;
                    continue;
                }
            } else if (key == "orders" && all_text(value)) {
                seat.orders = value.get<std::vector<std::string>>();
                continue;
            }
            seat.other.emplace_back(key, document_text(value));
        }
    }
    return seats;
}

nlohmann::json seats_json(const std::vector<StoredSeat>& seats) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& seat : seats) {
        nlohmann::json out = nlohmann::json::object();
        if (seat.power) out["power"] = *seat.power;
        if (seat.text) out["text"] = *seat.text;
        if (seat.orders) out["orders"] = *seat.orders;
        if (seat.source) out["source"] = *seat.source;
        for (const auto& [key, text] : seat.other) out[key] = nlohmann::json::parse(text);
        list.push_back(std::move(out));
    }
    return list;
}

nlohmann::json report_orders_json(const std::vector<ReportOrder>& orders) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& order : orders) {
        nlohmann::json out = nlohmann::json::object();
        if (order.power) out["power"] = *order.power;
        if (order.order) out["order"] = *order.order;
        if (order.input) out["input"] = *order.input;
        if (order.line) out["line"] = *order.line;
        if (order.result) out["result"] = *order.result;
        if (order.reason) out["reason"] = *order.reason;
        if (order.by_default) out["default"] = *order.by_default;
        if (order.explanation) out["explanation"] = *order.explanation;
        for (const auto& [key, text] : order.other) out[key] = nlohmann::json::parse(text);
        list.push_back(std::move(out));
    }
    return list;
}

std::vector<Verdict> read_verdicts(std::string_view text) {
    return decode_verdicts(nlohmann::json::parse(text));
}

bool is_verdict_list(std::string_view text) {
    const auto list = nlohmann::json::parse(text, nullptr, false);
    return !list.is_discarded() && list.is_array();
}

std::string orders_text(const std::vector<StoredOrders>& seats) {
    nlohmann::json list = nlohmann::json::array();
    for (const StoredOrders& seat : seats)
        list.push_back({{"power", seat.power},
                        {"text", seat.text},
                        {"orders", seat.orders},
                        {"source", seat.source}});
    return document_text(list);
}

std::vector<StoredOrders> read_orders(std::string_view text) {
    std::vector<StoredOrders> seats;
    for (const auto& entry : nlohmann::json::parse(text)) {
        std::string orders = entry.at("text").get<std::string>();
        seats.push_back({entry.at("power").get<std::string>(), std::move(orders), {}, {}});
    }
    return seats;
}

namespace {

nlohmann::json event_json(const UnreadableOrdersEvent& e) {
    return {{"type", "unreadable_orders"}, {"power", e.power}, {"reason", e.reason}};
}
nlohmann::json event_json(const MissingOrdersEvent& e) {
    return {{"type", "missing_orders"}, {"power", e.power}, {"policy", e.policy}};
}
nlohmann::json event_json(const DeadlineExtendedEvent& e) {
    return {{"type", "deadline_extended"},
            {"power", e.power},
            {"seconds", e.seconds},
            {"deadline", e.deadline},
            {"remaining", e.remaining}};
}
nlohmann::json event_json(const CivilDisorderEvent& e) {
    return {{"type", "civil_disorder"}, {"power", e.power}, {"missed_phases", e.missed_phases}};
}

}  // namespace

std::string events_text(const std::vector<PhaseEvent>& events) {
    nlohmann::json list = nlohmann::json::array();
    for (const PhaseEvent& event : events)
        list.push_back(std::visit([](const auto& e) { return event_json(e); }, event));
    return document_text(list);
}

namespace {

// Reads an object's keys into a value: `read(key, value)` takes the keys it types and says so;
// the others are kept as their JSON text.
template <typename Read>
void read_object(const nlohmann::json& object, OtherFields& other, Read read) {
    for (const auto& [key, value] : object.items())
        if (!read(key, value)) other.emplace_back(key, document_text(value));
}

bool take_text(const nlohmann::json& value, std::optional<std::string>& out) {
    if (!value.is_string()) return false;
    out = value.get<std::string>();
    return true;
}

bool take_integer(const nlohmann::json& value, std::optional<std::int64_t>& out) {
    if (!value.is_number_integer()) return false;
    out = value.get<std::int64_t>();
    return true;
}

bool all_text(const nlohmann::json& value) {
    return value.is_array() &&
           std::all_of(value.begin(), value.end(), [](const auto& v) { return v.is_string(); });
}

StoredRoll decode_roll(const nlohmann::json& roll) {
    StoredRoll out;
    read_object(roll, out.other, [&](const std::string& key, const nlohmann::json& value) {
        if (key == "purpose") return take_text(value, out.purpose);
        if (key == "subject") return take_text(value, out.subject);
        if (key == "d10") return take_integer(value, out.d10);
        if (key == "table") return take_text(value, out.table);
        if (key == "modifiers") return take_text(value, out.modifiers);
        return false;
    });
    return out;
}

StoredEvent decode_event(const nlohmann::json& event) {
    StoredEvent out;
    read_object(event, out.other, [&](const std::string& key, const nlohmann::json& value) {
        if (key == "kind") return take_text(value, out.kind);
        if (key == "type") return take_text(value, out.type);
        if (key == "power") return take_text(value, out.power);
        if (key == "province") return take_text(value, out.province);
        if (key == "text") return take_text(value, out.text);
        if (key == "supply_change") return take_integer(value, out.supply_change);
        if (key == "roll" && value.is_object()) {
            out.roll = decode_roll(value);
            return true;
        }
        return false;
    });
    return out;
}

StoredDislodged decode_dislodged(const nlohmann::json& entry) {
    StoredDislodged out;
    read_object(entry, out.other, [&](const std::string& key, const nlohmann::json& value) {
        if (key == "power") return take_text(value, out.power);
        if (key == "unit") return take_text(value, out.unit);
        if (key == "from") return take_text(value, out.from);
        if (key == "retreats" && all_text(value)) {
            out.retreats = value.get<std::vector<std::string>>();
            return true;
        }
        return false;
    });
    return out;
}

void put_other(nlohmann::json& out, const OtherFields& other) {
    for (const auto& [key, text] : other) out[key] = nlohmann::json::parse(text);
}

template <typename T>
void put(nlohmann::json& out, const char* key, const std::optional<T>& value) {
    if (value) out[key] = *value;
}

nlohmann::json roll_json(const StoredRoll& roll) {
    nlohmann::json out = nlohmann::json::object();
    put(out, "purpose", roll.purpose);
    put(out, "subject", roll.subject);
    put(out, "d10", roll.d10);
    put(out, "table", roll.table);
    put(out, "modifiers", roll.modifiers);
    put_other(out, roll.other);
    return out;
}

nlohmann::json event_json(const StoredEvent& event) {
    nlohmann::json out = nlohmann::json::object();
    put(out, "kind", event.kind);
    put(out, "type", event.type);
    put(out, "power", event.power);
    put(out, "province", event.province);
    put(out, "text", event.text);
    put(out, "supply_change", event.supply_change);
    if (event.roll) out["roll"] = roll_json(*event.roll);
    put_other(out, event.other);
    return out;
}

nlohmann::json dislodged_json(const std::vector<StoredDislodged>& list) {
    nlohmann::json out = nlohmann::json::array();
    for (const StoredDislodged& entry : list) {
        nlohmann::json item = nlohmann::json::object();
        put(item, "power", entry.power);
        put(item, "unit", entry.unit);
        put(item, "from", entry.from);
        put(item, "retreats", entry.retreats);
        put_other(item, entry.other);
        out.push_back(std::move(item));
    }
    return out;
}

void collect_strings(const nlohmann::json& value, std::vector<std::string>& out) {
    if (value.is_string()) {
        out.push_back(value.get<std::string>());
    } else if (value.is_array()) {
        for (const auto& item : value) collect_strings(item, out);
    } else if (value.is_object()) {
        for (const auto& [key, item] : value.items())
            if (key != "power" && key != "kind") collect_strings(item, out);
    }
}

}  // namespace

std::vector<StoredEvent> decode_events(const nlohmann::json& list) {
    std::vector<StoredEvent> events;
    if (!list.is_array()) return events;
    for (const auto& item : list)
        if (item.is_object()) events.push_back(decode_event(item));
    return events;
}

std::optional<std::vector<StoredEvent>> read_events(std::string_view text) {
    const auto list = nlohmann::json::parse(text, nullptr, false);
    if (list.is_discarded() || !list.is_array()) return std::nullopt;
    return decode_events(list);
}

nlohmann::json stored_events_json(const std::vector<StoredEvent>& events) {
    nlohmann::json list = nlohmann::json::array();
    for (const StoredEvent& event : events) list.push_back(event_json(event));
    return list;
}

std::optional<std::vector<StoredSeat>> read_seats(std::string_view text) {
    const auto list = nlohmann::json::parse(text, nullptr, false);
    if (list.is_discarded() || !list.is_array()) return std::nullopt;
    return decode_seats(list);
}

// A list's item that is not an object is skipped rather than the list kept whole as its text:
// the service cuts every list it serves (service/fog.h), and a list kept as text would pass
// uncut.
std::optional<StoredReport> decode_report(const nlohmann::json& report) {
    if (!report.is_object()) return std::nullopt;
    StoredReport out;
    read_object(report, out.other, [&](const std::string& key, const nlohmann::json& value) {
        if (key == "variant") return take_text(value, out.variant);
        if (key == "phase") return take_text(value, out.phase);
        if (key == "winner") return take_text(value, out.winner);
        if (key == "next") {
            out.next = document_text(value);
            return true;
        }
        if (!value.is_array()) return false;
        if (key == "orders") {
            out.orders = decode_report_orders(value);
            return true;
        }
        if (key == "dislodged") {
            out.dislodged.emplace();
            for (const auto& item : value)
                if (item.is_object()) out.dislodged->push_back(decode_dislodged(item));
            return true;
        }
        if (key == "events") {
            out.events = decode_events(value);
            return true;
        }
        return false;
    });
    return out;
}

std::optional<StoredReport> read_report(std::string_view text) {
    const auto report = nlohmann::json::parse(text, nullptr, false);
    if (report.is_discarded()) return std::nullopt;
    return decode_report(report);
}

nlohmann::json report_json(const StoredReport& report) {
    nlohmann::json out = nlohmann::json::object();
    put(out, "variant", report.variant);
    put(out, "phase", report.phase);
    if (report.orders) out["orders"] = report_orders_json(*report.orders);
    if (report.dislodged) out["dislodged"] = dislodged_json(*report.dislodged);
    if (report.events) out["events"] = stored_events_json(*report.events);
    if (report.next) out["next"] = nlohmann::json::parse(*report.next);
    put(out, "winner", report.winner);
    put_other(out, report.other);
    return out;
}

std::string report_text(const StoredReport& report) {
    return document_text(report_json(report));
}

std::vector<std::string> strings_in(std::string_view json_text) {
    std::vector<std::string> out;
    const auto value = nlohmann::json::parse(json_text, nullptr, false);
    if (!value.is_discarded()) collect_strings(value, out);
    return out;
}

}  // namespace adjutant::storage
