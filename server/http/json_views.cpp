// SPDX-License-Identifier: Apache-2.0
#include "http/json_views.h"

#include "core/phase.h"
#include "http/game_documents.h"
#include "http/press_json.h"
#include "service/codec.h"
#include "service/variants.h"

namespace adjutant::http {

using Json = nlohmann::json;

namespace {

template <typename Item, typename Render>
Json array_of(const std::vector<Item>& items, Render render) {
    Json list = Json::array();
    for (const auto& item : items) list.push_back(render(item));
    return list;
}

Json variant_json(const service::VariantListing& variant) {
    return {{"name", variant.name},
            {"title", variant.title},
            {"powers", variant.powers},
            {"provinces", variant.provinces},
            {"victory_centers", variant.victory_centers}};
}

Json game_listing_json(const service::GameListing& game) {
    return {{"id", game.id},
            {"name", game.name},
            {"variant", game.variant},
            {"status", std::string(to_string(game.status))},
            {"phase", game.phase.value_or("")},
            {"phase_name", game.phase ? phase_name(*game.phase) : ""},
            {"deadline", game.deadline ? Json(*game.deadline) : nullptr},
            {"open_seats", game.open_seats},
            {"sandbox", game.sandbox}};
}

// A detail that is not JSON throws here, inside the router's guard (400, as it always was).
Json audit_entry_json(const storage::AuditRow& entry) {
    return {{"id", entry.id},
            {"actor", entry.actor},
            {"action", entry.action},
            {"detail", Json::parse(entry.detail)},
            {"at", entry.at}};
}

Json optional_time(const std::optional<std::int64_t>& t) {
    return t ? Json(*t) : Json(nullptr);
}

Json guidance_json(const service::Guidance& g) {
    return {{"kind", g.kind},
            {"to_order", g.to_order},
            {"ordered", g.ordered},
            {"ready", g.ready},
            {"deadline", optional_time(g.deadline)},
            {"remind_from", optional_time(g.remind_from)},
            {"remind", g.remind},
            {"text", g.text}};
}

Json seat_orders_json(const service::SeatOrders& seat) {
    Json entry = {{"power", seat.power},
                  {"submitted", seat.submitted.has_value()},
                  {"ready", seat.ready},
                  {"needs_orders", seat.needs_orders},
                  {"guidance", guidance_json(seat.guidance)}};
    if (const auto& submitted = seat.submitted) {
        entry["text"] = submitted->text;  // json_text shows unreadable bytes as U+FFFD
        entry["source"] = submitted->source;
        entry["submitted_at"] = submitted->at;
        entry["verdicts"] = service::verdicts_json(submitted->verdicts);
        if (!submitted->unreadable.empty()) entry["unreadable"] = submitted->unreadable;
    }
    return entry;
}

}  // namespace

Json variant_list_json(const std::vector<service::VariantListing>& variants) {
    Json out = Json::object();
    out["variants"] = array_of(variants, variant_json);
    return out;
}

Json game_page_json(const service::GamePage& page) {
    Json out = Json::object();
    out["games"] = array_of(page.games, game_listing_json);
    out["next_after"] = page.next_after ? Json(*page.next_after) : Json(nullptr);
    return out;
}

Json audit_log_json(const service::AuditLog& log) {
    return {{"game", log.game_id}, {"audit", array_of(log.entries, audit_entry_json)}};
}

Json order_check_json(const service::OrderCheck& check) {
    return {{"phase", check.phase},
            {"phase_name", phase_name(check.phase)},
            {"seq", check.seq},
            {"accepted", check.accepted()},
            {"rejected", check.rejected()},
            {"verdicts", service::verdicts_json(check.verdicts)},
            {"orders", check.orders}};
}

// Written as json_text writes the document: its keys sorted (accepted, orders, phase,
// phase_name, rejected, replaced, seq, submitted_at, verdicts), strings escaped alike.
std::string order_submission_text(const service::OrderSubmission& submission) {
    const service::OrderCheck& check = submission.check;
    std::string text = R"({"accepted":)";
    text += std::to_string(check.accepted());
    text += R"(,"orders":[)";
    for (std::size_t i = 0; i < check.orders.size(); ++i) {
        if (i > 0) text += ',';
        service::append_json_string(text, check.orders[i]);
    }
    text += R"(],"phase":)";
    service::append_json_string(text, check.phase);
    text += R"(,"phase_name":)";
    service::append_json_string(text, phase_name(check.phase));
    text += R"(,"rejected":)";
    text += std::to_string(check.rejected());
    text += submission.replaced ? R"(,"replaced":true,"seq":)" : R"(,"replaced":false,"seq":)";
    text += std::to_string(check.seq);
    if (submission.submitted_at) {
        text += R"(,"submitted_at":)";
        text += std::to_string(*submission.submitted_at);
    }
    text += R"(,"verdicts":)";
    text += submission.verdicts_text.empty() ? service::verdicts_text(check.verdicts)
                                             : submission.verdicts_text;
    text += '}';
    return text;
}

Json phase_orders_json(const service::PhaseOrders& orders) {
    return {{"phase", orders.phase},
            {"phase_name", phase_name(orders.phase)},
            {"seq", orders.seq},
            {"seats", array_of(orders.seats, seat_orders_json)}};
}

Json ready_json(const service::ReadyFlag& flag) {
    return {{"power", flag.power}, {"ready", flag.ready}};
}

Json seat_grant_json(const service::SeatGrant& seat) {
    return {{"game", seat.game_id}, {"power", seat.power}, {"token", seat.token}};
}

Json join_grant_json(const service::JoinGrant& grant) {
    return {{"game", grant.game_id}, {"place", grant.place}, {"token", grant.token}};
}

Json power_ranking_json(const service::PowerRanking& ranking) {
    return {{"game", ranking.game_id},
            {"place", ranking.place},
            {"player", ranking.player},
            {"assignment", service::to_string(ranking.mode)},
            {"ranking", ranking.ranking.empty() ? Json("any") : Json(ranking.ranking)},
            {"power", ranking.power ? Json(*ranking.power) : Json(nullptr)},
            {"status", std::string(to_string(ranking.status))}};
}

Json join_list_json(const service::JoinList& list) {
    Json players = Json::array();
    for (const auto& p : list.players)
        players.push_back({{"place", p.place},
                           {"player", p.player},
                           {"ranked", p.ranked},
                           {"power", p.power ? Json(*p.power) : Json(nullptr)},
                           {"joined_at", p.joined_at}});
    return {{"game", list.game_id},
            {"assignment", service::to_string(list.mode)},
            {"open_seats", list.open_seats},
            {"players", std::move(players)}};
}

Json created_game_json(const service::CreatedGame& created) {
    return {{"game", game_document_json(created.game)}, {"gm_token", created.gm_token}};
}

Json variant_upload_json(const service::VariantUpload& upload) {
    return {{"name", upload.name}, {"title", upload.title}};
}

Json game_variant_upload_json(const service::GameVariantUpload& upload) {
    return {{"variant", upload.variant}, {"game", game_document_json(upload.game)}};
}

Json gm_action_result_json(const service::GmActionResult& result) {
    Json out = {{"game", game_document_json(result.game)}};
    if (result.resolved) out["resolved"] = *result.resolved;
    if (result.press) out["press"] = press_rules_json(*result.press);
    if (result.settings) out["gm_email"] = result.gm_email ? Json(*result.gm_email) : Json();
    return out;
}

Json gm_action_view_json(const service::GmActionView& view) {
    Json out = view.view;
    out["game"] = view.game_id;
    out["phase"] = view.phase;
    out["phase_name"] = phase_name(view.phase);
    out["seq"] = view.seq;
    return out;
}

namespace {

Json summary_armies_json(const std::vector<SummaryArmy>& armies, bool with_loss) {
    Json out = Json::array();
    for (const SummaryArmy& a : armies) {
        Json entry = {{"unit", a.unit}, {"why", a.why}};
        if (with_loss) entry["loss"] = a.loss;
        out.push_back(std::move(entry));
    }
    return out;
}

Json summary_sieges_json(const std::vector<SummarySiege>& sieges) {
    Json out = Json::array();
    for (const SummarySiege& s : sieges) {
        Json entry = {{"fortress", s.fortress}, {"besieger", s.besieger}, {"stage", s.stage}};
        if (s.garrison) entry["garrison"] = *s.garrison;
        out.push_back(std::move(entry));
    }
    return out;
}

Json summary_group_json(const Variant& variant, const PowerSummary& group) {
    Json out = {{"power", variant.powers[group.power].name}};
    if (const auto& supply = group.supply) {
        out["armies"] = supply->armies;
        out["supplied"] = supply->supplied;
        out["out_of_supply"] = summary_armies_json(supply->out_of_supply, true);
        out["no_supply_left"] = summary_armies_json(supply->no_supply_left, false);
        out["extended"] = summary_armies_json(supply->extended, false);
    }
    if (group.sieges) out["sieges"] = summary_sieges_json(*group.sieges);
    if (const auto& rail = group.rail)
        out["rail"] = {{"capacity", rail->capacity},
                       {"used", rail->used},
                       {"rides", rail->rides},
                       {"refused", rail->refused}};
    if (group.besieged) out["besieged"] = summary_sieges_json(*group.besieged);
    return out;
}

}  // namespace

Json week_summary_json(const Variant& variant, const WeekSummary& summary) {
    Json out = {{"phase", summary.phase}, {"powers", Json::array()}};
    for (const PowerSummary& group : summary.powers)
        out["powers"].push_back(summary_group_json(variant, group));
    return out;
}

Json phase_summary_json(const service::PhaseSummary& summary) {
    Json out = week_summary_json(summary.loaded_variant->variant, summary.summary);
    out["game"] = summary.game_id;
    out["seq"] = summary.seq;
    return out;
}

Json absence_json(const service::AbsenceView& a) {
    Json out = {{"id", a.id},
                {"power", a.power},
                {"from", a.starts_at},
                {"to", a.ends_at},
                {"days", a.days},
                {"state", a.state},
                {"created_at", a.created_at},
                {"closed_at", optional_time(a.closed_at)},
                {"closed_by", a.closed_by ? Json(*a.closed_by) : Json()}};
    if (a.note) out["note"] = *a.note;
    return out;
}

Json absence_list_json(const service::AbsenceList& list) {
    Json seats = Json::array();
    for (const auto& seat : list.seats)
        seats.push_back({{"power", seat.power},
                         {"days_per_player", seat.allowance.days_per_player},
                         {"granted", seat.allowance.granted},
                         {"used", seat.allowance.used},
                         {"left", seat.allowance.left()}});
    return {{"settings",
             {{"absence_days_per_player", list.settings.days_per_player},
              {"absence_cooldown_phases", list.settings.cooldown_phases}}},
            {"seats", std::move(seats)},
            {"absences", array_of(list.absences, absence_json)}};
}

Json declared_absence_json(const service::DeclaredAbsence& declared) {
    return {{"absence", absence_json(declared.absence)},
            {"phase", declared.phase},
            {"deadline", optional_time(declared.deadline)}};
}

Json account_absences_json(const std::vector<service::AccountAbsence>& absences) {
    Json seats = Json::array();
    for (const service::AccountAbsence& one : absences) {
        Json seat = {{"game_id", one.game_id}, {"game_name", one.game_name}, {"power", one.power}};
        if (one.declared) seat["declared"] = declared_absence_json(*one.declared);
        if (one.refused) seat["refused"] = {{"code", *one.refused_code}, {"message", *one.refused}};
        seats.push_back(std::move(seat));
    }
    return {{"seats", std::move(seats)}};
}

}  // namespace adjutant::http
