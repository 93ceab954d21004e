// SPDX-License-Identifier: Apache-2.0
#include "service/draw_service.h"

#include <algorithm>
#include <map>

#include "service/attendance.h"
#include "service/game_internal.h"
#include "service/text.h"
#include "storage/audit_details.h"

namespace adjutant::service {

namespace {

// A power survives while it has a unit or a supply centre.
std::vector<std::string> surviving_powers(const Variant& variant, const Position& position) {
    std::vector<std::string> out;
    for (PowerId p = 0; p < variant.powers.size(); ++p) {
        const bool has_unit = std::any_of(position.units.begin(), position.units.end(),
                                          [p](const Unit& u) { return u.power == p; });
        if (has_unit || position.center_count(p) > 0) out.push_back(variant.powers[p].name);
    }
    return out;
}

bool listed(const std::vector<std::string>& list, const std::string& name) {
    return std::find(list.begin(), list.end(), name) != list.end();
}

// Who votes on a proposal: its powers, less the power a concession is made to.
std::vector<std::string> voters(const storage::DrawProposalRow& row) {
    std::vector<std::string> out;
    for (const auto& p : row.powers)
        if (!row.beneficiary || p != *row.beneficiary) out.push_back(p);
    return out;
}

// Each voter's vote: as cast, "civil_disorder" for a seat without a player or in civil
// disorder (attendance::absent_powers), or nothing yet.
std::map<std::string, std::string> votes_of(const storage::DrawProposalRow& row,
                                            const std::vector<std::string>& absent) {
    std::map<std::string, std::string> out;
    for (const auto& v : row.votes) out[v.power] = v.accept ? "accept" : "refuse";
    for (const auto& power : voters(row)) {
        if (out.count(power)) continue;
        if (listed(absent, power)) out[power] = "civil_disorder";
    }
    return out;
}

DrawProposal proposal_for(const storage::DrawProposalRow& row,
                          const std::vector<std::string>& absent, const std::string& reader) {
    DrawProposal p{row.id,          row.phase,  row.kind,   row.proposer,
                   row.beneficiary, row.powers, row.status, row.created_at,
                   row.closed_at,   {},         {},         {}};
    if (row.status != "open")
        for (const auto& [power, vote] : votes_of(row, absent)) p.votes.push_back({power, vote});
    if (!reader.empty() && reader != "GM") {
        p.you_vote = listed(voters(row), reader);
        for (const auto& v : row.votes)
            if (v.power == reader) p.your_vote = v.accept;
    }
    return p;
}

}  // namespace

void DrawService::expire_open(const Locked& locked, std::int64_t game_id, std::int64_t now) {
    locked.store().draws().expire_open(game_id, now);
}

std::optional<GameResult> DrawService::result(const Locked& locked, const storage::GameRow& game) {
    if (game.status != GameStatus::ended) return std::nullopt;
    for (const auto& row : locked.store().draws().proposals(game.id)) {
        if (row.status != "passed") continue;
        if (row.kind == "draw") return GameResult{GameResultKind::draw, row.powers, {}};
        return GameResult{GameResultKind::concession, {}, row.beneficiary.value_or("")};
    }
    if (game.winner) return GameResult{GameResultKind::victory, {}, *game.winner};
    return GameResult{GameResultKind::ended, {}, {}};
}

DrawProposal DrawService::propose(const Caller& caller, std::int64_t game_id,
                                  const std::string& kind,
                                  const std::optional<std::string>& beneficiary) {
    const auto locked = context_.lock();
    return propose(locked, caller, game_id, kind, beneficiary);
}

DrawProposal DrawService::propose(const Locked& locked, const Caller& caller, std::int64_t game_id,
                                  const std::string& kind,
                                  const std::optional<std::string>& beneficiary) {
    require_player(caller, game_id);
    if (kind != "draw" && kind != "concession")
        throw bad_request("field 'kind' must be draw or concession");
    auto& store = locked.store();
    LoadedGame game = locked.load(game_id);
    if (game.row.status == GameStatus::forming) throw conflict("the game has not started");
    if (game.row.status == GameStatus::ended) throw conflict("the game has ended");
    const Variant& variant = game.variant->variant;
    const auto surviving = surviving_powers(variant, game.position);
    if (!listed(surviving, caller.power))
        throw forbidden("only a surviving power may propose a draw or a concession");
    storage::DrawProposalRow row;
    if (kind == "concession") {
        if (!beneficiary) throw bad_request("a concession names the power conceded to ('to')");
        row.beneficiary = canonical_power(variant, *beneficiary);
        if (!listed(surviving, *row.beneficiary))
            throw bad_request(*row.beneficiary + " has been eliminated");
        if (*row.beneficiary == caller.power)
            throw bad_request("a power cannot concede to itself; propose it to the others");
    } else if (beneficiary) {
        throw bad_request("a draw includes every surviving power: it names no one ('to')");
    }
    auto draws = store.draws();
    if (draws.open_proposal(game_id))
        throw conflict("a proposal is already open: vote on it first");
    storage::Transaction transaction(store.database());
    row.game_id = game_id;
    row.seq = game.phase.seq;
    row.phase = game.phase.phase;
    row.kind = kind;
    row.proposer = caller.power;
    row.powers = surviving;
    row.created_at = context_.now();
    row.id = draws.insert(row);
    draws.vote(row.id, caller.power, true, context_.now());
    store.audit(game_id, "player:" + caller.power, "propose_" + kind,
                storage::encode_audit_details(
                    {{"proposal", row.id},
                     {"to", row.beneficiary ? storage::AuditValue(*row.beneficiary) : nullptr}}),
                context_.now());
    // An open proposal is the seats' business: the public's documents change only when a
    // proposal ends the game.
    if (settle(locked, game, row.id)) locked.changed(game_id);
    transaction.commit();
    const auto absent = attendance::absent_powers(locked, game_id);
    for (const auto& r : draws.proposals(game_id))
        if (r.id == row.id) return proposal_for(r, absent, caller.power);
    throw std::logic_error("the new proposal is missing");
}

DrawProposal DrawService::vote(const Caller& caller, std::int64_t game_id, std::int64_t proposal_id,
                               bool accept) {
    const auto locked = context_.lock();
    return vote(locked, caller, game_id, proposal_id, accept);
}

DrawProposal DrawService::vote(const Locked& locked, const Caller& caller, std::int64_t game_id,
                               std::int64_t proposal_id, bool accept) {
    require_player(caller, game_id);
    auto& store = locked.store();
    LoadedGame game = locked.load(game_id);
    auto draws = store.draws();
    const auto open = draws.open_proposal(game_id);
    if (!open || open->id != proposal_id) {
        const auto rows = draws.proposals(game_id);
        if (std::none_of(rows.begin(), rows.end(),
                         [&](const storage::DrawProposalRow& r) { return r.id == proposal_id; }))
            throw not_found("game " + std::to_string(game_id) + " has no proposal " +
                            std::to_string(proposal_id));
        throw conflict("that proposal is not open");
    }
    if (!listed(voters(*open), caller.power))
        throw forbidden(open->beneficiary && *open->beneficiary == caller.power
                            ? "the power conceded to does not vote"
                            : "only the powers of the proposal vote");
    storage::Transaction transaction(store.database());
    if (!draws.vote(proposal_id, caller.power, accept, context_.now()))
        throw conflict("you have voted on this proposal already");
    // A vote is secret while its proposal stays open, and one that fails it shows only in the
    // proposals: the game's documents, their revision and ETags, change only when it passes.
    if (settle(locked, game, proposal_id)) locked.changed(game_id);
    transaction.commit();
    const auto absent = attendance::absent_powers(locked, game_id);
    for (const auto& r : draws.proposals(game_id))
        if (r.id == proposal_id) return proposal_for(r, absent, caller.power);
    throw std::logic_error("the proposal is missing");
}

bool DrawService::settle(const Locked& locked, LoadedGame& game, std::int64_t proposal_id) {
    auto& store = locked.store();
    auto draws = store.draws();
    const auto open = draws.open_proposal(game.row.id);
    if (!open || open->id != proposal_id) return false;
    const auto votes = votes_of(*open, attendance::absent_powers(locked, game.row.id));
    bool all_accept = true;
    for (const auto& power : voters(*open)) {
        const auto it = votes.find(power);
        if (it != votes.end() && it->second == "refuse") {
            draws.close(proposal_id, "failed", context_.now());
            return false;
        }
        all_accept = all_accept && it != votes.end();
    }
    if (!all_accept) return false;
    draws.close(proposal_id, "passed", context_.now());
    // The game ends with the proposal as its result.
    storage::GameRow& row = game.row;
    row.status = GameStatus::ended;
    row.ended_at = context_.now();
    row.deadline.reset();
    row.paused_remaining.reset();
    if (open->kind == "concession") row.winner = open->beneficiary;
    store.update_game(row);
    store.set_phase_deadline(row.id, game.phase.seq, std::nullopt);
    store.audit(row.id, "server", "end",
                storage::encode_audit_details(
                    open->kind == "draw"
                        ? storage::AuditDetails{{"draw", open->powers}}
                        : storage::AuditDetails{{"winner", open->beneficiary.value_or("")}}),
                context_.now());
    return true;
}

DrawList DrawService::list(const Caller& caller, std::int64_t game_id) {
    const auto locked = context_.lock();
    return list(locked, caller, game_id);
}

DrawList DrawService::list(const Locked& locked, const Caller& caller, std::int64_t game_id) {
    auto& store = locked.store();
    const LoadedGame game = locked.load(game_id);
    std::string reader;
    if (caller.game_id == game_id && caller.role == Role::GameMaster) reader = "GM";
    if (caller.game_id == game_id && caller.role == Role::Player) reader = caller.power;
    DrawList out;
    if (game.row.status != GameStatus::ended)
        out.surviving = surviving_powers(game.variant->variant, game.position);
    const auto absent = attendance::absent_powers(locked, game_id);
    for (const auto& row : store.draws().proposals(game_id)) {
        // An open proposal is the game's business: the public sees proposals once closed.
        if (row.status == "open" && reader.empty()) continue;
        out.proposals.push_back(proposal_for(row, absent, reader));
    }
    return out;
}

}  // namespace adjutant::service
