// SPDX-License-Identifier: Apache-2.0
#include "storage/draw_store.h"

#include <nlohmann/json.hpp>

#include "storage/statements.h"

namespace adjutant::storage {

using statements::execute;
using statements::query_all;
using statements::query_one;

namespace {

constexpr const char* kProposalColumns =
    "SELECT id, game_id, seq, phase, kind, proposer, beneficiary, powers, status, created_at, "
    "closed_at FROM draw_proposals ";

DrawProposalRow read_proposal(const Statement& s) {
    DrawProposalRow row;
    row.id = s.integer(0);
    row.game_id = s.integer(1);
    row.seq = s.integer(2);
    row.phase = s.text(3);
    row.kind = s.text(4);
    row.proposer = s.text(5);
    row.beneficiary = s.optional_text(6);
    // The server wrote this JSON array; a row edited by hand reads as having no powers.
    const auto powers = nlohmann::json::parse(s.text(7), nullptr, false);
    if (powers.is_array())
        for (const auto& p : powers)
            if (p.is_string()) row.powers.push_back(p.get<std::string>());
    row.status = s.text(8);
    row.created_at = s.integer(9);
    row.closed_at = s.optional_integer(10);
    return row;
}

}  // namespace

std::int64_t DrawStore::insert(const DrawProposalRow& r) {
    execute(db_,
            "INSERT INTO draw_proposals (game_id, seq, phase, kind, proposer, beneficiary, "
            "powers, status, created_at, closed_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, "
            "?10)",
            r.game_id, r.seq, r.phase, r.kind, r.proposer, r.beneficiary,
            nlohmann::json(r.powers).dump(), r.status, r.created_at, r.closed_at);
    return db_.last_insert_id();
}

std::vector<DrawVoteRow> DrawStore::votes(std::int64_t proposal_id) {
    return query_all(
        db_, "SELECT power, accept, at FROM draw_votes WHERE proposal_id = ?1 ORDER BY power",
        [](const Statement& s) {
            return DrawVoteRow{s.text(0), s.integer(1) != 0, s.integer(2)};
        },
        proposal_id);
}

std::vector<DrawProposalRow> DrawStore::proposals(std::int64_t game_id) {
    static const std::string sql = std::string(kProposalColumns) + "WHERE game_id = ?1 ORDER BY id";
    auto rows = query_all(db_, sql, read_proposal, game_id);
    for (auto& row : rows) row.votes = votes(row.id);
    return rows;
}

std::optional<DrawProposalRow> DrawStore::open_proposal(std::int64_t game_id) {
    static const std::string sql = std::string(kProposalColumns) +
                                   "WHERE game_id = ?1 AND status = 'open' ORDER BY id LIMIT 1";
    auto row = query_one(db_, sql, read_proposal, game_id);
    if (row) row->votes = votes(row->id);
    return row;
}

bool DrawStore::vote(std::int64_t proposal_id, const std::string& power, bool accept,
                     std::int64_t at) {
    execute(db_,
            "INSERT INTO draw_votes (proposal_id, power, accept, at) VALUES (?1, ?2, ?3, ?4) "
            "ON CONFLICT (proposal_id, power) DO NOTHING",
            proposal_id, power, std::int64_t{accept}, at);
    return db_.changes() > 0;
}

void DrawStore::close(std::int64_t proposal_id, const std::string& status, std::int64_t at) {
    execute(db_,
            "UPDATE draw_proposals SET status = ?2, closed_at = ?3 WHERE id = ?1 AND status = "
            "'open'",
            proposal_id, status, at);
}

bool DrawStore::expire_open(std::int64_t game_id, std::int64_t at) {
    execute(db_,
            "UPDATE draw_proposals SET status = 'expired', closed_at = ?2 WHERE game_id = ?1 AND "
            "status = 'open'",
            game_id, at);
    return db_.changes() > 0;
}

}  // namespace adjutant::storage
