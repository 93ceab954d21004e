// SPDX-License-Identifier: Apache-2.0
#include "report/adjudication_json.h"

#include "adjudicate.h"
#include "position/position_json.h"
#include "report/explanation.h"
#include "variant/variant.h"

namespace adjutant {

nlohmann::json order_result_to_json(const Variant& v, const OrderResult& r) {
    nlohmann::json out;
    out["power"] = v.power_name(r.order.power);
    out["order"] = r.order.text(v);
    out["result"] = r.succeeded ? "succeeds" : "fails";
    if (r.reason != Reason::None)
        out["reason"] = std::string(r.why.empty() ? reason_text(r.reason) : r.why);
    if (r.defaulted) out["default"] = true;
    if (auto explained = explained_order(v, r)) out["explanation"] = *explained;
    return out;
}

nlohmann::json adjudication_to_json(const Variant& v, const ParsedOrders& parsed,
                                    const Adjudication& a) {
    nlohmann::json out;
    out["variant"] = v.name;
    out["phase"] = a.phase.code();
    nlohmann::json orders = nlohmann::json::array();
    for (const OrderVerdict& verdict : parsed.verdicts) {
        if (verdict.accepted()) continue;
        nlohmann::json entry;
        // A line outside any power's section is no power's: "".
        entry["power"] = verdict.power == kNoPower ? std::string() : v.power_name(verdict.power);
        entry["input"] = verdict.input();
        entry["line"] = verdict.line;
        entry["result"] = "illegal";
        entry["reason"] = verdict.error;
        orders.push_back(std::move(entry));
    }
    for (const OrderResult& r : a.results) orders.push_back(order_result_to_json(v, r));
    out["orders"] = std::move(orders);
    nlohmann::json dislodged = nlohmann::json::array();
    for (const DislodgedUnit& d : a.dislodged) {
        nlohmann::json entry;
        entry["power"] = v.power_name(d.unit.power);
        entry["unit"] =
            std::string(1, unit_letter(d.unit.type)) + " " + v.location_text(d.unit.location);
        entry["from"] = v.provinces[d.attacker_from].abbr;
        nlohmann::json retreats = nlohmann::json::array();
        for (const Location& l : d.retreats) retreats.push_back(v.location_text(l));
        entry["retreats"] = std::move(retreats);
        dislodged.push_back(std::move(entry));
    }
    out["dislodged"] = std::move(dislodged);
    if (!a.events.empty()) {
        nlohmann::json events = nlohmann::json::array();
        for (const Event& e : a.events) {
            nlohmann::json entry = {{"kind", e.kind}, {"text", e.text}};
            if (e.power != kNoPower) entry["power"] = v.power_name(e.power);
            if (e.province != kNoProvince) entry["province"] = v.provinces[e.province].abbr;
            if (e.supply_change != 0) entry["supply_change"] = e.supply_change;
            if (e.roll) {
                entry["roll"] = {{"purpose", e.roll->purpose},
                                 {"subject", e.roll->subject},
                                 {"d10", e.roll->value},
                                 {"table", e.roll->table}};
                if (!e.roll->modifiers.empty()) entry["roll"]["modifiers"] = e.roll->modifiers;
            }
            events.push_back(std::move(entry));
        }
        out["events"] = std::move(events);
    }
    out["next"] = position_to_json(v, a.next);
    if (const PowerId w = winner(v, a.next); w != kNoPower) out["winner"] = v.power_name(w);
    return out;
}

}  // namespace adjutant
