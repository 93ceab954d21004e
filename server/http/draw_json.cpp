// SPDX-License-Identifier: Apache-2.0
#include "http/draw_json.h"

namespace adjutant::http {

nlohmann::json draw_proposal_json(const service::DrawProposal& p) {
    nlohmann::json votes = nlohmann::json::object();
    for (const auto& v : p.votes) votes[v.power] = v.vote;
    nlohmann::json out = {{"id", p.id},
                          {"phase", p.phase},
                          {"kind", p.kind},
                          {"proposer", p.proposer},
                          {"to", p.beneficiary ? nlohmann::json(*p.beneficiary) : nullptr},
                          {"powers", p.powers},
                          {"status", p.status},
                          {"created_at", p.created_at},
                          {"closed_at", p.closed_at ? nlohmann::json(*p.closed_at) : nullptr},
                          // Secret while open: null, not an empty object, so a client cannot
                          // mistake "nobody voted" for "you may not see".
                          {"votes", p.status == "open" ? nlohmann::json(nullptr) : votes}};
    if (p.you_vote) out["you_vote"] = *p.you_vote;
    if (p.your_vote) out["your_vote"] = *p.your_vote ? "accept" : "refuse";
    return out;
}

nlohmann::json draw_list_json(const service::DrawList& list) {
    nlohmann::json proposals = nlohmann::json::array();
    for (const auto& p : list.proposals) proposals.push_back(draw_proposal_json(p));
    return {{"surviving", list.surviving}, {"proposals", std::move(proposals)}};
}

}  // namespace adjutant::http
