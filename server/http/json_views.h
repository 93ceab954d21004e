// SPDX-License-Identifier: Apache-2.0
// The service's typed answers as the API's JSON documents (their schemas are in openapi.json).
// The one place they become JSON: the service returns values, the router sends these.
#pragma once

#include <nlohmann/json.hpp>

#include "service/absence.h"
#include "service/game_results.h"
#include "service/gm_input.h"
#include "service/order_results.h"
#include "service/seat_service.h"
#include "service/week_summary.h"

namespace adjutant::http {

nlohmann::json variant_list_json(const std::vector<service::VariantListing>& variants);
// Without the page's links, which name the request (the router adds them).
nlohmann::json game_page_json(const service::GamePage& page);
nlohmann::json audit_log_json(const service::AuditLog& log);
nlohmann::json order_check_json(const service::OrderCheck& check);
// The answer to PUT /orders: order_check_json's document with "replaced" and "submitted_at",
// as json_text writes it, the verdicts spliced in from the submission's verdicts_text rather
// than built again.
std::string order_submission_text(const service::OrderSubmission& submission);
nlohmann::json phase_orders_json(const service::PhaseOrders& orders);
nlohmann::json ready_json(const service::ReadyFlag& flag);
nlohmann::json seat_grant_json(const service::SeatGrant& seat);
// Assigning powers (docs/assignment.md): a place on the join list, a player's own ranking, the
// join list as the GM reads it (who ranked, never how).
nlohmann::json join_grant_json(const service::JoinGrant& grant);
nlohmann::json power_ranking_json(const service::PowerRanking& ranking);
nlohmann::json join_list_json(const service::JoinList& list);
nlohmann::json created_game_json(const service::CreatedGame& created);
nlohmann::json variant_upload_json(const service::VariantUpload& upload);
nlohmann::json game_variant_upload_json(const service::GameVariantUpload& upload);
nlohmann::json gm_action_result_json(const service::GmActionResult& result);
// What the GM reads before a module's action: the module's view (its own document, sent as it
// is) with "game", "phase", "phase_name" and "seq".
nlohmann::json gm_action_view_json(const service::GmActionView& view);
// The week's summary: {"phase", "powers": [{"power", "armies", "supplied", "out_of_supply",
// "no_supply_left", "extended", "sieges", "rail", "besieged"}]}, each group holding the parts its
// modules wrote; a resolved phase's as GET /phases/{seq}/summary answers it adds "game" and
// "seq".
nlohmann::json week_summary_json(const Variant& variant, const WeekSummary& summary);
nlohmann::json phase_summary_json(const service::PhaseSummary& summary);
// Absences (docs/absence.md): one, a seat's or the game's list, and a declaration's answer.
nlohmann::json absence_json(const service::AbsenceView& absence);
nlohmann::json absence_list_json(const service::AbsenceList& list);
nlohmann::json declared_absence_json(const service::DeclaredAbsence& declared);
nlohmann::json account_absences_json(const std::vector<service::AccountAbsence>& absences);

}  // namespace adjutant::http
