// SPDX-License-Identifier: Apache-2.0
#include "http/json_views.h"

#include "core/phase.h"
#include "service/codec.h"

namespace adjutant::http {

using Json = nlohmann::json;

Json order_check_json(const service::OrderCheck& check) {
    return {{"phase", check.phase},
            {"phase_name", phase_name(check.phase)},
            {"seq", check.seq},
            {"accepted", check.accepted()},
            {"rejected", check.rejected()},
            {"verdicts", service::verdicts_json(check.verdicts)},
            {"orders", check.orders}};
}

Json order_submission_json(const service::OrderSubmission& submission) {
    Json out = order_check_json(submission.check);
    out["replaced"] = submission.replaced;
    if (submission.submitted_at) out["submitted_at"] = *submission.submitted_at;
    return out;
}

Json phase_orders_json(const service::PhaseOrders& orders) {
    Json seats = Json::array();
    for (const auto& seat : orders.seats) {
        Json entry = {{"power", seat.power},
                      {"submitted", seat.submitted.has_value()},
                      {"ready", seat.ready},
                      {"needs_orders", seat.needs_orders}};
        if (const auto& submitted = seat.submitted) {
            entry["text"] = submitted->text;  // json_text shows unreadable bytes as U+FFFD
            entry["source"] = submitted->source;
            entry["submitted_at"] = submitted->at;
            entry["verdicts"] = service::verdicts_json(submitted->verdicts);
            if (!submitted->unreadable.empty()) entry["unreadable"] = submitted->unreadable;
        }
        seats.push_back(std::move(entry));
    }
    return {{"phase", orders.phase},
            {"phase_name", phase_name(orders.phase)},
            {"seq", orders.seq},
            {"seats", std::move(seats)}};
}

Json ready_json(const service::ReadyFlag& flag) {
    return {{"power", flag.power}, {"ready", flag.ready}};
}

Json seat_grant_json(const service::SeatGrant& seat) {
    return {{"game", seat.game_id}, {"power", seat.power}, {"token", seat.token}};
}

}  // namespace adjutant::http
