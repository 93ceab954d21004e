// SPDX-License-Identifier: Apache-2.0
// The commands a seat writes in a mail body (docs/mail.md): order lines, READY / NOT READY,
// STATUS, HISTORY, HELP, END, draw commands (DRAW, NO DRAW, CONCEDE TO ..., DRAWS; docs/draws.md)
// and press blocks (PRESS TO ... ENDPRESS, docs/press.md). They run
// through the same calls as the web's, and the answer says what each did, then lists the orders in
// force and the deadline.
#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "core/phase.h"
#include "core/text.h"
#include "service/absence.h"
#include "service/friendly_line.h"
#include "service/mail_draws.h"
#include "service/mail_service.h"
#include "service/mail_text.h"
#include "service/results_decode.h"

namespace adjutant::service {

namespace {

// PRESS TO France, Italy (or ALL, or GM); GREY PRESS TO ... for grey press; the lines up to
// ENDPRESS are the message.
struct PressBlock {
    std::vector<std::string> to;
    bool broadcast = false;
    bool anonymous = false;
    std::string text;
};

struct BodyCommands {
    std::vector<std::string> order_lines;
    std::vector<PressBlock> press;
    std::vector<std::string> draws;     // DRAW, NO DRAW, CONCEDE TO ..., DRAWS (mail_draws.h)
    std::vector<std::string> absences;  // SET ABSENCE ... as written (docs/absence.md)
    std::optional<bool> ready;
    bool help = false;
    bool status = false;
    bool history = false;

    bool any() const {
        return !order_lines.empty() || !press.empty() || !draws.empty() || !absences.empty() ||
               ready || help || status || history;
    }
};

// "GREY PRESS TO France, Italy" -> a block, or nullopt when the line opens none.
std::optional<PressBlock> press_header(const std::string& command) {
    PressBlock block;
    std::string_view rest = command;
    for (const std::string_view grey : {"GREY ", "GRAY ", "ANONYMOUS "})
        if (rest.substr(0, grey.size()) == grey) {
            block.anonymous = true;
            rest.remove_prefix(grey.size());
        }
    constexpr std::string_view kPressTo = "PRESS TO ";
    if (rest.substr(0, kPressTo.size()) != kPressTo) return std::nullopt;
    rest.remove_prefix(kPressTo.size());
    std::string name;
    for (std::size_t i = 0; i <= rest.size(); ++i) {
        const char c = i < rest.size() ? rest[i] : ' ';
        if (c == ',' || c == ' ' || c == '\t') {
            if (!name.empty()) block.to.push_back(name);
            name.clear();
        } else {
            name += c;
        }
    }
    if (block.to.size() == 1 && block.to.front() == "ALL") {
        block.to.clear();
        block.broadcast = true;
    }
    return block;
}

// One command or order per line, case aside; reading stops at END.
BodyCommands read_commands(std::string_view body) {
    BodyCommands out;
    std::size_t start = 0;
    std::optional<PressBlock> open_press;  // the press block being read
    while (start <= body.size()) {
        auto end = body.find('\n', start);
        if (end == std::string_view::npos) end = body.size();
        const std::string line(trim(body.substr(start, end - start)));
        start = end + 1;
        const std::string command = uppercase(line);
        if (open_press) {
            if (command == "ENDPRESS" || command == "END PRESS" || command == "END" ||
                command == "SIGNOFF") {
                out.press.push_back(std::move(*open_press));
                open_press.reset();
                if (command == "END" || command == "SIGNOFF") break;
            } else {
                open_press->text += line + "\n";
            }
            continue;
        }
        if (line.empty()) continue;
        if (auto header = press_header(command)) {
            open_press = std::move(header);
            continue;
        }
        if (command == "HELP")
            out.help = true;
        else if (command == "STATUS" || command == "LIST")
            out.status = true;
        else if (command == "HISTORY")
            out.history = true;
        else if (command == "READY")
            out.ready = true;
        else if (command == "NOT READY" || command == "UNREADY")
            out.ready = false;
        else if (command == "END" || command == "SIGNOFF")
            break;
        else if (command.rfind("SET ABSENCE", 0) == 0)
            out.absences.push_back(line);
        else if (is_draw_command(command))
            out.draws.push_back(command);
        else if (command != "ORDERS")  // a heading some players write above their orders
            out.order_lines.push_back(line);
    }
    // A block the message ends inside is still a message: ENDPRESS is easy to forget.
    if (open_press) out.press.push_back(std::move(*open_press));
    return out;
}

std::string recipients_text(const PressMessage& sent) {
    if (sent.broadcast) return "all powers";
    std::string text;
    for (const auto& r : sent.to) text += (text.empty() ? "" : ", ") + r;
    return text;
}

// A rejected line of one word is almost always a mistyped command, not an order.
void explain_unknown_commands(std::vector<Verdict>& verdicts) {
    for (auto& v : verdicts)
        if (!v.accepted && v.input.find_first_of(" -") == std::string::npos)
            v.error = "unknown command or order (send HELP for the list)";
}

// The verdict of every line, counted: accepted, rejected, and friendly lines that are no orders
// (service/friendly_line.h), which are noted but not counted as rejected.
std::string submission_text(OrderSubmission& answer, const Variant& variant) {
    explain_unknown_commands(answer.check.verdicts);
    const auto friendly = std::count_if(
        answer.check.verdicts.begin(), answer.check.verdicts.end(),
        [&](const Verdict& v) { return !v.accepted && is_friendly_line(variant, v.input); });
    const std::string phase = phase_name(answer.check.phase);
    std::string counts = std::to_string(answer.check.accepted()) + " accepted, " +
                         std::to_string(answer.check.rejected() - friendly) + " rejected";
    if (friendly > 0) counts += ", " + std::to_string(friendly) + " not orders";
    std::string text = answer.replaced
                           ? "Orders received for " + phase + " (" + counts +
                                 "); they replace any earlier orders:\n"
                           : "No line of your message was accepted as an order for " + phase +
                                 ",\nso your orders in force are unchanged (listed below):\n";
    return text + mail_text::verdicts(answer.check.verdicts, variant) + "\n";
}

// READY is about the orders in force, whatever this message's lines did: say which, so a player
// whose new orders were all refused is not surprised by the old ones.
std::string ready_text(bool ready, bool kept_earlier) {
    if (!ready) return "You are no longer ready for this phase.\n\n";
    if (kept_earlier)
        return "You are now ready for this phase with your orders in force below,\n"
               "which are your EARLIER orders (none of this message's lines was\n"
               "accepted). Send NOT READY, or corrected orders, if that is not what\n"
               "you meant.\n\n";
    return "You are now ready for this phase with your orders in force below.\n\n";
}

// njudge's SET ABSENCE <from> [TO <to>]: one day when TO is left out. The dates as
// absence::parse_time reads them.
std::optional<AbsenceRequest> absence_line(const std::string& line) {
    constexpr std::size_t kWords = std::string_view("SET ABSENCE").size();
    const std::string upper = uppercase(line);
    const std::string rest(trim(std::string_view(line).substr(kWords)));
    const std::string upper_rest = uppercase(rest);
    if (rest.empty() || (upper[kWords] != ' ' && upper[kWords] != '\t')) return std::nullopt;
    const auto to = upper_rest.find(" TO ");
    if (to == std::string::npos) return AbsenceRequest{rest, rest, std::nullopt};
    return AbsenceRequest{std::string(trim(std::string_view(rest).substr(0, to))),
                          std::string(trim(std::string_view(rest).substr(to + 4))), std::nullopt};
}

std::string joined_lines(const std::vector<std::string>& lines) {
    std::string joined;
    for (const auto& line : lines) joined += line + "\n";
    return joined;
}

}  // namespace

// Deferred only when nothing the body asks for is read by another power the moment it
// commits: order lines and the commands that only read (STATUS, HISTORY, HELP). Press (and a
// press reply), READY and NOT READY (a resolution may follow) and draw votes keep a synced
// commit, as they have over HTTP.
storage::Durability MailService::durability_of(const MailRequest& request) {
    const BodyCommands commands = read_commands(request.body);
    const bool press_reply = commands.press.empty() && replied_press(request.references);
    const bool only_orders = commands.press.empty() && !press_reply && !commands.ready &&
                             commands.draws.empty() && commands.absences.empty();
    return only_orders ? storage::Durability::Deferred : storage::Durability::Synced;
}

std::string MailService::answer_commands(const Locked& locked, const Caller& caller,
                                         const MailRequest& request) {
    const BodyCommands commands = read_commands(request.body);
    const std::int64_t game_id = caller.game_id;
    std::string text = "Game " + std::to_string(game_id) + ", " + caller.power + ".\n\n";
    // A reply to a press mail is press to that message's sender alone: its whole text is the
    // message, and no line of it is read as an order or a command.
    if (commands.press.empty())
        if (const auto replied = replied_press(request.references))
            return text + answer_press_reply(locked, caller, *replied, request.body);
    for (const auto& block : commands.press) {
        PressDraft draft{block.to, block.broadcast, block.anonymous, block.text};
        try {
            const PressMessage sent = press_.send(locked, caller, game_id, draft, "email");
            text += "Press sent to " + recipients_text(sent) + (sent.anonymous ? " (grey)" : "") +
                    ", message " + std::to_string(sent.id) + ".\n\n";
        } catch (const ApiError& error) {
            text += "Your press was NOT sent: " + std::string(error.what()) + "\n\n";
        }
    }
    bool kept_earlier = false;  // this message's lines were all refused: the earlier orders stand
    if (!commands.order_lines.empty()) {
        try {
            auto answer = orders_.submit(locked, caller, game_id,
                                         joined_lines(commands.order_lines), "email");
            kept_earlier = !answer.replaced;
            const auto variant = locked.load(game_id).variant;
            text += submission_text(answer, variant->variant);
        } catch (const ApiError& error) {
            text += "Your orders were NOT accepted: " + std::string(error.what()) + "\n\n";
        }
    }
    if (commands.ready) {
        try {
            orders_.set_ready(locked, caller, game_id, *commands.ready);
            text += ready_text(*commands.ready, kept_earlier);
        } catch (const ApiError& error) {
            text += "READY failed: " + std::string(error.what()) + "\n\n";
        }
    }
    // After the orders: a draw is voted with the phase's orders already in.
    for (const std::string& command : commands.draws) text += answer_draw(locked, caller, command);
    for (const std::string& line : commands.absences) text += answer_absence(locked, caller, line);
    if (!commands.any()) text += "Your message had no orders and no commands I know.\n\n";
    text += standing_text(locked, caller, commands.status, commands.history);
    if (commands.help || !commands.any()) text += "\n" + mail_text::help(request.recipient);
    return text;
}

std::string MailService::answer_absence(const Locked& locked, const Caller& caller,
                                        const std::string& line) {
    const auto request = absence_line(line);
    if (!request)
        return "SET ABSENCE failed: write SET ABSENCE 2026-12-24 TO 2027-01-02 (dates in UTC, or\n"
               "a date and time such as 2026-12-24T18:00+01:00).\n\n";
    try {
        const DeclaredAbsence declared =
            AbsenceService::declare(locked, caller, caller.game_id, *request, context_.now());
        const AbsenceView& a = declared.absence;
        return "Absence set for " + a.power + ": from " + absence::time_text(a.starts_at) + " to " +
               absence::time_text(a.ends_at) + " (" + std::to_string(a.days) + " day" +
               (a.days == 1 ? "" : "s") + ", absence " + std::to_string(a.id) +
               ").\nThe deadline of " + phase_name(declared.phase) + " is now " +
               mail_text::deadline(declared.deadline) + ".\n\n";
    } catch (const ApiError& error) {
        return "SET ABSENCE failed: " + std::string(error.what()) + "\n\n";
    }
}

std::string MailService::answer_press_reply(const Locked& locked, const Caller& caller,
                                            std::int64_t press_id, const std::string& body) {
    const auto original = locked.store().press().message(caller.game_id, press_id);
    const bool received =
        original && std::find(original->recipients.begin(), original->recipients.end(),
                              caller.power) != original->recipients.end();
    if (!received)
        return "Your reply was NOT sent: it answers no press message of yours in this game.\n";
    if (original->grey)
        return "Your reply was NOT sent: that message was grey press, so its sender is not\n"
               "known to you. Answer with PRESS TO ALL, or to the powers you suspect.\n";
    PressDraft draft{{original->sender}, false, false, body};
    try {
        const PressMessage sent = press_.send(locked, caller, caller.game_id, draft, "email");
        return "Your reply was sent to " + original->sender + " alone, message " +
               std::to_string(sent.id) + ".\n";
    } catch (const ApiError& error) {
        return "Your reply was NOT sent: " + std::string(error.what()) + "\n";
    }
}

// What every answer ends with: the orders in force and the deadline, then the status and the
// history when asked for.
std::string MailService::standing_text(const Locked& locked, const Caller& caller, bool status,
                                       bool history) {
    const std::int64_t game_id = caller.game_id;
    const GameStanding game = game_standing(views_, locked, viewer(caller, game_id), game_id);
    const auto mine = orders_.orders(locked, caller, game_id);
    std::string text = "Your orders in force for " + phase_name(mine.phase) + ":\n";
    if (!mine.seats.empty() && mine.seats[0].submitted)
        text += mail_text::orders_in_force(mine.seats[0].submitted->verdicts);
    else
        text += "  (none submitted)\n";
    // Whether the seat is marked ready, said every time: new orders keep a READY sent before.
    if (game.status != GameStatus::ended && !mine.seats.empty())
        text += mine.seats[0].ready
                    ? "You are marked ready: the phase may be resolved with these orders once\n"
                      "every seat is ready. Send NOT READY if you are still working on them.\n"
                    : "You are not marked ready: send READY when these orders are final.\n";
    text += "Deadline: " + mail_text::deadline(game.deadline) + "\n";
    if (status) text += "\n" + mail_text::status(game);
    if (history) {
        const std::vector<PhaseEntry> phases = phase_entries(views_, locked, game_id);
        const auto resolved = std::find_if(phases.rbegin(), phases.rend(),
                                           [](const PhaseEntry& p) { return p.resolved; });
        const std::optional<PhaseResults> latest =
            resolved == phases.rend()
                ? std::nullopt
                : phase_results(views_, locked, caller, game_id, resolved->seq);
        const auto variant = locked.load(game_id).variant;
        text += "\n" + mail_text::history(phases, latest, variant->variant);
    }
    return text;
}

}  // namespace adjutant::service
