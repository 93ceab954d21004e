// SPDX-License-Identifier: Apache-2.0
#include "storage/codec.h"

#include <algorithm>

#include "position/position_json.h"
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

WeekRecord decode_week(const Variant& variant, const nlohmann::json& results) {
    WeekRecord week;
    if (!results.is_object()) return week;
    const auto text = [](const nlohmann::json& object, const char* key) {
        const auto it = object.find(key);
        return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
    };
    week.phase = text(results, "phase");
    if (const auto next = results.find("next"); next != results.end() && next->is_object()) {
        PositionLoad loaded = position_from_json(variant, *next);
        if (loaded.position) week.next = std::move(*loaded.position);
    }
    const auto events = results.find("events");
    if (events == results.end() || !events->is_array()) return week;
    for (const auto& item : *events) {
        if (!item.is_object()) continue;
        Event& event = week.events.emplace_back();
        event.kind = text(item, "kind");
        event.power = variant.find_power(text(item, "power"));
        event.province = variant.find_province(text(item, "province"));
        event.text = text(item, "text");
        if (const auto change = item.find("supply_change");
            change != item.end() && change->is_number_integer())
            event.supply_change = change->get<std::int64_t>();
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
        for (const auto& [key, text] : order.other) out[key] = nlohmann::json::parse(text);
        list.push_back(std::move(out));
    }
    return list;
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

}  // namespace adjutant::storage
