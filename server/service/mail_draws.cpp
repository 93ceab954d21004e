// SPDX-License-Identifier: Apache-2.0
// Draw commands in a seat's mail body (mail_draws.h). They run through the same calls as the
// web's and the API's (DrawService), so the rules and the secrecy of votes are the same: the
// answer tells the sender their own vote and, once it closes, the result.
#include "service/mail_draws.h"

#include <array>
#include <optional>
#include <string>

#include "core/phase.h"
#include "core/text.h"
#include "service/mail_service.h"

namespace adjutant::service {

namespace {

enum class DrawWish { Draw, Refuse, Concede, List };

struct DrawCommand {
    DrawWish wish = DrawWish::List;
    std::string power;  // for a concession, as written
};

bool starts_with(std::string_view text, std::string_view prefix) {
    return text.substr(0, prefix.size()) == prefix;
}

std::optional<DrawCommand> read_draw_command(std::string_view command) {
    constexpr std::array<std::string_view, 4> kDraw{"DRAW", "SET DRAW", "PROPOSE DRAW",
                                                    "ACCEPT DRAW"};
    constexpr std::array<std::string_view, 5> kRefuse{"NO DRAW", "NODRAW", "SET NODRAW",
                                                      "SET NO DRAW", "REFUSE DRAW"};
    for (std::string_view word : kDraw)
        if (command == word) return DrawCommand{DrawWish::Draw, ""};
    for (std::string_view word : kRefuse)
        if (command == word) return DrawCommand{DrawWish::Refuse, ""};
    if (command == "DRAWS") return DrawCommand{DrawWish::List, ""};
    for (std::string_view prefix : {std::string_view("CONCEDE TO "), std::string_view("CONCEDE ")})
        if (starts_with(command, prefix) && command.size() > prefix.size())
            return DrawCommand{DrawWish::Concede, std::string(command.substr(prefix.size()))};
    return std::nullopt;
}

std::string powers_text(const std::vector<std::string>& powers) {
    std::string text;
    for (std::size_t i = 0; i < powers.size(); ++i)
        text += (i == 0 ? "" : i + 1 == powers.size() ? " and " : ", ") + powers[i];
    return text;
}

std::string proposal_name(const DrawProposal& p) {
    const std::string what = p.kind == "concession" && p.beneficiary
                                 ? "concession to " + *p.beneficiary
                                 : "draw of " + powers_text(p.powers);
    return "proposal " + std::to_string(p.id) + " (a " + what + ", by " + p.proposer + ")";
}

std::string outcome_text(const DrawProposal& p) {
    if (p.status == "passed")
        return p.kind == "concession" && p.beneficiary
                   ? "It has PASSED: the game ends, conceded to " + *p.beneficiary + ".\n"
                   : "It has PASSED: the game ends in a draw of " + powers_text(p.powers) + ".\n";
    if (p.status == "failed") return "It has FAILED: a power refused it.\n";
    if (p.status == "expired") return "It has expired with its phase.\n";
    return "It stays open until every power in it has voted or the phase resolves; the votes\n"
           "are secret until then.\n";
}

std::string list_text(const DrawList& list) {
    if (list.proposals.empty()) return "No draw or concession has been proposed in this game.\n";
    std::string text = "Draws and concessions in this game:\n";
    for (const DrawProposal& p : list.proposals) {
        text += "  " + proposal_name(p) + ", " + phase_name(p.phase) + ": " + p.status;
        if (p.your_vote) text += std::string(", your vote ") + (*p.your_vote ? "accept" : "refuse");
        text += "\n";
    }
    return text;
}

}  // namespace

bool is_draw_command(std::string_view command) {
    return read_draw_command(command).has_value();
}

std::string MailService::answer_draw(const Locked& locked, const Caller& caller,
                                     const std::string& command) {
    const auto wish = read_draw_command(command);
    if (!wish) return "";
    const std::int64_t game = caller.game_id;
    try {
        if (wish->wish == DrawWish::List)
            return list_text(draws_.list(locked, caller, game)) + "\n";
        // The open proposal, if any: DRAW and CONCEDE accept it when it is what they ask for.
        std::optional<DrawProposal> open;
        for (const DrawProposal& p : draws_.list(locked, caller, game).proposals)
            if (p.status == "open") open = p;
        if (wish->wish == DrawWish::Refuse) {
            if (!open) return "NO DRAW: there is no open proposal to refuse.\n\n";
            const DrawProposal voted = draws_.vote(locked, caller, game, open->id, false);
            return "You refused " + proposal_name(voted) + ".\n" + outcome_text(voted) + "\n";
        }
        const bool wanted =
            open && (wish->wish == DrawWish::Draw
                         ? open->kind == "draw"
                         : open->kind == "concession" && open->beneficiary &&
                               uppercase(*open->beneficiary) == uppercase(wish->power));
        if (wanted) {
            const DrawProposal voted = draws_.vote(locked, caller, game, open->id, true);
            return "You accepted " + proposal_name(voted) + ".\n" + outcome_text(voted) + "\n";
        }
        const DrawProposal made =
            wish->wish == DrawWish::Draw
                ? draws_.propose(locked, caller, game, "draw", std::nullopt)
                : draws_.propose(locked, caller, game, "concession", wish->power);
        return "You proposed " + proposal_name(made) + "; your own vote is accept.\n" +
               outcome_text(made) + "\n";
    } catch (const ApiError& error) {
        return command + " failed: " + std::string(error.what()) + "\n\n";
    }
}

}  // namespace adjutant::service
