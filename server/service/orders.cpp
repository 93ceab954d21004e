// SPDX-License-Identifier: Apache-2.0
// Orders: submission (replacing earlier orders, unless no line of it was accepted), validation
// without saving, reading back, and ready flags. Verdicts come from the adjudicator's parser, with
// the seat's power as `as_power` so a player can never order another power's units.
#include "core/phase.h"
#include "orders/parser.h"
#include "service/codec.h"
#include "service/game_internal.h"
#include "service/text.h"

namespace adjutant::service {

namespace {

constexpr std::size_t kMaxOrderText = 32 * 1024;

nlohmann::json parse_answer(const Variant& variant, const ParsedOrders& parsed,
                            const storage::PhaseRow& phase) {
    nlohmann::json verdicts = nlohmann::json::array();
    int accepted = 0;
    for (const auto& verdict : parsed.verdicts) {
        verdicts.push_back(verdict_json(verdict));
        if (verdict.accepted()) ++accepted;
    }
    nlohmann::json in_force = nlohmann::json::array();
    for (const auto& order : parsed.orders) in_force.push_back(order.text(variant));
    return {{"phase", phase.phase},
            {"phase_name", phase_name(phase.phase)},
            {"seq", phase.seq},
            {"accepted", accepted},
            {"rejected", static_cast<int>(parsed.verdicts.size()) - accepted},
            {"verdicts", verdicts},
            {"orders", in_force}};
}

// A submission of nothing but refused lines (a note to the GM, orders typed for the wrong
// phase) is a mistake, not a wish to withdraw: it must not replace the orders in force with
// none. An empty submission still withdraws them (docs/server.md, "Orders").
bool refused_outright(const nlohmann::json& answer) {
    return answer.value("accepted", 0) == 0 && answer.value("rejected", 0) > 0;
}

void check_open(const storage::GameRow& game) {
    if (game.status == "ended") throw conflict("the game has ended");
}

}  // namespace

std::string unreadable_orders(const storage::OrderRow& row) {
    if (auto problem = find_invalid_utf8(row.text))
        return "the stored order text is not UTF-8 (" + describe(*problem) + ")";
    const auto verdicts = nlohmann::json::parse(row.verdicts, nullptr, false);
    if (verdicts.is_discarded() || !verdicts.is_array())
        return "the stored verdicts are not a JSON list";
    return {};
}

nlohmann::json GameService::submit_orders(const Caller& caller, std::int64_t game_id,
                                          std::string_view text, std::string_view source) {
    require_player(caller, game_id);
    if (text.size() > kMaxOrderText) throw ApiError(413, "too_large", "order text is too long");
    // Refused at the edge: a text that is not UTF-8 could be stored but not served back or
    // resolved (issue 14, item 2).
    require_utf8(text, "the order text");
    if (source != "web" && source != "email" && source != "api")
        throw bad_request("unknown order source");
    nlohmann::json answer;
    {
        std::lock_guard lock(mutex_);
        Loaded game = load(game_id);
        check_open(game.row);
        const Variant& variant = game.variant->variant;
        ParsedOrders parsed =
            parse_orders(variant, game.position, text, power_id(variant, caller.power));
        answer = parse_answer(variant, parsed, game.phase);
        answer["replaced"] = !refused_outright(answer);
        if (!answer["replaced"]) {
            // "orders" is always what is in force now: here, the earlier submission's.
            nlohmann::json in_force = nlohmann::json::array();
            if (auto earlier = store_.order(game_id, game.phase.seq, caller.power))
                for (const auto& order : parse_orders(variant, game.position, earlier->text,
                                                      power_id(variant, caller.power))
                                             .orders)
                    in_force.push_back(order.text(variant));
            answer["orders"] = std::move(in_force);
            return answer;
        }
        storage::Transaction transaction(store_.database());
        store_.put_order(
            game_id, game.phase.seq,
            storage::OrderRow{caller.power, std::string(text), json_text(answer["verdicts"]),
                              std::string(source), now()});
        transaction.commit();  // synchronous=FULL: on disk before we acknowledge
        answer["submitted_at"] = now();
    }
    return answer;
}

nlohmann::json GameService::validate_orders(const Caller& caller, std::int64_t game_id,
                                            std::string_view text) {
    require_player(caller, game_id);
    if (text.size() > kMaxOrderText) throw ApiError(413, "too_large", "order text is too long");
    require_utf8(text, "the order text");
    std::lock_guard lock(mutex_);
    Loaded game = load(game_id);
    const Variant& variant = game.variant->variant;
    ParsedOrders parsed =
        parse_orders(variant, game.position, text, power_id(variant, caller.power));
    return parse_answer(variant, parsed, game.phase);
}

nlohmann::json GameService::get_orders(const Caller& caller, std::int64_t game_id) {
    if (caller.role == Role::Anonymous) throw unauthorized();
    const bool gm = caller.role == Role::GameMaster && caller.game_id == game_id;
    const bool player = caller.role == Role::Player && caller.game_id == game_id;
    if (!gm && !player) throw forbidden("a token of this game is required");
    std::lock_guard lock(mutex_);
    Loaded game = load(game_id);
    const Variant& variant = game.variant->variant;
    nlohmann::json seats = nlohmann::json::array();
    for (const auto& seat : store_.seats(game_id)) {
        // Before resolution a player sees only their own orders (DESIGN.md §7).
        if (!gm && seat.power != caller.power) continue;
        auto order = store_.order(game_id, game.phase.seq, seat.power);
        nlohmann::json entry = {
            {"power", seat.power},
            {"submitted", order.has_value()},
            {"ready", seat.ready},
            {"needs_orders", needs_orders(variant, game.position, power_id(variant, seat.power))}};
        if (order) {
            entry["text"] = order->text;  // json_text shows unreadable bytes as U+FFFD
            entry["source"] = order->source;
            entry["submitted_at"] = order->submitted_at;
            const std::string problem = unreadable_orders(*order);
            if (problem.empty()) {
                entry["verdicts"] = nlohmann::json::parse(order->verdicts);
            } else {
                // A stored set the server cannot read is shown as such; resolution treats
                // the seat as having sent no orders.
                entry["verdicts"] = nlohmann::json::array();
                entry["unreadable"] = problem;
            }
        }
        seats.push_back(entry);
    }
    return {{"phase", game.phase.phase},
            {"phase_name", phase_name(game.phase.phase)},
            {"seq", game.phase.seq},
            {"seats", seats}};
}

nlohmann::json GameService::set_ready(const Caller& caller, std::int64_t game_id, bool ready) {
    require_player(caller, game_id);
    {
        std::lock_guard lock(mutex_);
        Loaded game = load(game_id);
        check_open(game.row);
        auto seat = store_.seat(game_id, caller.power);
        if (!seat) throw not_found("no seat " + caller.power);
        storage::Transaction transaction(store_.database());
        seat->ready = ready;
        store_.update_seat(*seat);
        changed(game_id);
        transaction.commit();
    }
    maybe_resolve_when_ready(game_id);
    return {{"power", caller.power}, {"ready", ready}};
}

}  // namespace adjutant::service
