// SPDX-License-Identifier: Apache-2.0
#include "service/mail_text.h"

#include <algorithm>
#include <ctime>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/phase.h"
#include "service/friendly_line.h"
#include "storage/game_status.h"
#include "variant/variant.h"

namespace adjutant::service::mail_text {

namespace {

std::string format_utc(std::int64_t unix_seconds, const char* format) {
    const std::time_t t = static_cast<std::time_t>(unix_seconds);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buffer[64];
    std::strftime(buffer, sizeof buffer, format, &tm);
    return buffer;
}

// `text` as lines of at most `width` characters, each after `indent` spaces, broken between
// words (a word longer than a line stands alone on its line).
std::string indented(const std::string& text, std::size_t indent, std::size_t width) {
    std::string out;
    std::string line;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find(' ', start);
        if (end == std::string::npos) end = text.size();
        const std::string word = text.substr(start, end - start);
        start = end + 1;
        if (word.empty()) continue;
        if (!line.empty() && indent + line.size() + 1 + word.size() > width) {
            out += std::string(indent, ' ') + line + "\n";
            line.clear();
        }
        line += (line.empty() ? "" : " ") + word;
    }
    if (!line.empty()) out += std::string(indent, ' ') + line + "\n";
    return out;
}

std::string join(const std::vector<std::string>& list, const char* separator) {
    std::string out;
    for (const auto& item : list) {
        if (!out.empty()) out += separator;
        out += item;
    }
    return out;
}

// "A LIE", or for a campaign unit "A LIE (250 points, 2 weeks' supply)".
std::string unit_line(const UnitStanding& unit) {
    std::string details;
    if (unit.points) details = std::to_string(*unit.points) + " points";
    if (unit.supply) {
        if (!details.empty()) details += ", ";
        const int weeks = *unit.supply;
        details += std::to_string(weeks) + (weeks == 1 ? " week's supply" : " weeks' supply");
    }
    return details.empty() ? unit.unit : unit.unit + " (" + details + ")";
}

std::string units_text(const std::vector<UnitStanding>& units) {
    std::string out;
    for (const auto& unit : units) {
        if (!out.empty()) out += ", ";
        out += unit_line(unit);
    }
    return out;
}

// A power's entries of a position section keyed by power, or none.
template <typename Entry>
const std::vector<Entry>& of_power(const std::map<std::string, std::vector<Entry>>& section,
                                   const std::string& power) {
    static const std::vector<Entry> none;
    const auto found = section.find(power);
    return found != section.end() ? found->second : none;
}

// Lone Warrior 4g, "Each active general's location must be specified": the power's active generals
// by rank, each with the army or garrison whose `general` he is (a dislodged army's too), and how
// many wait in the pool; empty for a power without a pool.
std::string generals_text(const GameStanding& game, const std::string& power) {
    const auto found = game.generals.find(power);
    if (found == game.generals.end()) return "";
    const std::vector<GeneralStanding>& pool = found->second;
    std::map<std::string, std::string> commands;
    for (const auto* section : {&game.units, &game.dislodged})
        for (const auto& u : of_power(*section, power))
            if (u.general) commands[*u.general] = u.unit;
    for (const auto& g : of_power(game.garrisons, power))
        if (g.general) commands[*g.general] = "G " + g.province;
    std::string active;
    int waiting = 0;
    for (std::size_t i = 0; i < pool.size(); ++i) {
        if (!pool[i].active) {
            ++waiting;
            continue;
        }
        const std::string& name = pool[i].name;
        const auto where = commands.find(name);
        // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) of a literal put before a
        // temporary string.
        active += active.empty() ? "G" : ", G";
        active += std::to_string(i + 1);
        active += " " + name + " (";
        active += where != commands.end() ? where->second : std::string("lost, to be replaced");
        active += ")";
    }
    std::string line = "  generals: ";
    line += active.empty() ? std::string("none in command") : active;
    line += "; ";
    line += std::to_string(waiting);
    line += " waiting in the pool\n";
    return line;
}

}  // namespace

std::string help(const std::string& seat_address) {
    std::string text =
        "Adjutant takes orders by mail. Write one command or order per line:\n"
        "\n"
        "  A PAR-BUR, F BRE-MAO, ...   orders for your power (they replace earlier ones)\n"
        "  READY                       your orders in force are final (NOT READY undoes it)\n"
        "  STATUS or LIST              the position, the deadline, who owns what\n"
        "  HISTORY                     the phases so far and the latest results\n"
        "  PRESS TO Italy, Germany     press: the lines up to ENDPRESS go to those powers\n"
        "  PRESS TO ALL / PRESS TO GM  press to every power / to the GM\n"
        "  GREY PRESS TO Italy         anonymous press, where the game allows it\n"
        "  DRAW / NO DRAW              propose or accept a draw of all survivors / refuse it\n"
        "  CONCEDE TO France           propose or accept a concession to France\n"
        "  DRAWS                       the proposals so far and your votes\n"
        "  SET ABSENCE 2026-12-24 TO 2027-01-02\n"
        "                              away (dates in UTC): a deadline then waits for you\n"
        "  SET PREFERENCE France, Italy\n"
        "                              on a join list: the powers you want, most wanted first\n"
        "  HELP                        this text\n"
        "  END                         ignore the rest of the message\n"
        "\n"
        "Sent to the orders address itself (orders@..., no seat's key), from your own address:\n"
        "\n"
        "  REGISTER                    a sign-in link for your account\n"
        "  SIGNON 12                   your seats in game 12, bound to your account\n"
        "  OBSERVE 12 / UNOBSERVE 12   follow game 12's public results by mail / stop\n"
        "\n"
        "Reading stops at a signature line (\"-- \") and at quoted text (lines starting with\n"
        "\">\"), so you may reply to a confirmation and write above the quote.\n"
        "\n";
    if (seat_address.empty())
        text +=
            "Orders are accepted only when sent from your registered address to your seat's\n"
            "private orders address (orders+...), which Adjutant mails you when you join.\n";
    else
        text += "Your seat's private orders address is " + seat_address +
                "\n(keep it to yourself: with your registered address it is your password).\n";
    return text;
}

std::string deadline(std::optional<std::int64_t> unix_seconds) {
    if (!unix_seconds) return "none";
    return format_utc(*unix_seconds, "%Y-%m-%d %H:%M UTC");
}

std::string rfc3339_date(std::int64_t unix_seconds) {
    return format_utc(unix_seconds, "%Y-%m-%dT%H:%M:%SZ");
}

std::string rfc5322_date(std::int64_t unix_seconds) {
    return format_utc(unix_seconds, "%a, %d %b %Y %H:%M:%S +0000");
}

std::string status(const GameStanding& game) {
    std::string text =
        "Game " + std::to_string(game.id) + " (" + game.name + "), variant " + game.variant + "\n";
    text += "Phase: " + phase_name(game.phase) + ", status " + std::string(to_string(game.status)) +
            ", deadline " + deadline(game.deadline) + "\n\n";
    for (const auto& seat : game.seats) {
        const std::string& power = seat.power;
        text += power + " (" + std::to_string(seat.centers) + " centres";
        if (seat.needs_orders) text += ", to order";
        if (seat.ready) text += ", ready";
        text += "): ";
        const auto& units = of_power(game.units, power);
        text += units.empty() ? "no units" : units_text(units);
        const auto& garrisons = of_power(game.garrisons, power);
        for (std::size_t i = 0; i < garrisons.size(); ++i)
            text += (i == 0 ? "; garrisons: " : ", ") + std::string("G ") + garrisons[i].province +
                    " (" + std::to_string(garrisons[i].points) + " points)";
        text += "\n";
        text += generals_text(game, power);
        for (const auto& d : of_power(game.dislodged, power))
            text += "  dislodged: " + d.unit + " (retreats: " + join(d.retreats, ", ") + ")\n";
    }
    std::string sieges;
    for (const auto& [power, list] : game.sieges)
        for (const auto& siege : list) {
            const int weeks = siege.weeks;
            sieges += (sieges.empty() ? "" : "; ") + power + " besieges " + siege.province +
                      (weeks >= 2 ? std::string(" (laid)")
                                  : " (laying, week " + std::to_string(weeks) + " of 2)");
        }
    if (!sieges.empty()) text += "Sieges: " + sieges + "\n";
    if (game.winner) text += "\nWinner: " + *game.winner + "\n";
    return text;
}

std::string welcome(const GameStanding& game, const std::string& power,
                    const std::string& web_url) {
    const std::string id = std::to_string(game.id);
    std::string text = "Phase: " + phase_name(game.phase);
    if (game.status == GameStatus::forming)
        text += " (the game has not started yet)";
    else if (game.status != GameStatus::active)
        text += " (the game is " + std::string(to_string(game.status)) + ")";
    // A game that has not started has no deadline yet; the seat is mailed when it starts.
    text += "\nDeadline: " +
            (game.status == GameStatus::forming
                 ? std::string("set when the game starts (you will be mailed then)")
                 : deadline(game.deadline)) +
            "\n";
    const auto& units = of_power(game.units, power);
    text += "Your units: " + (units.empty() ? std::string("none") : units_text(units)) + "\n";
    // The link carries no token: seat tokens are never mailed (docs/mail.md, "Welcome").
    text += "On the web: " + web_url + "/#/game/" + id +
            "\n  (sign in there with the seat token you got when you joined, or from the GM)\n";
    return text;
}

std::string history(const std::vector<PhaseEntry>& phases,
                    const std::optional<PhaseResults>& latest, const Variant& variant) {
    std::string text = "Phases:\n";
    for (const auto& phase : phases) {
        text += "  " + std::to_string(phase.seq) + " " + phase_name(phase.phase);
        if (phase.resolved)
            text +=
                "  resolved " + deadline(phase.resolved_at) + "  hash " + phase.hash.substr(0, 16);
        else
            text += "  (current)";
        text += "\n";
    }
    if (latest) {
        text += "\nResults of " + phase_name(latest->phase) + ":\n";
        text += results(latest->results, variant);
    }
    return text;
}

std::string verdicts(const std::vector<Verdict>& verdicts, const Variant& variant) {
    std::string text;
    for (const auto& v : verdicts) {
        text += "  " + v.input + "  ->  ";
        text += v.accepted                           ? "accepted: " + v.order
                : is_friendly_line(variant, v.input) ? std::string("not an order")
                                                     : "REJECTED: " + v.error;
        if (!v.note.empty()) text += " (" + v.note + ")";
        text += "\n";
    }
    return text;
}

std::string orders_in_force(const std::vector<Verdict>& verdicts) {
    std::string text;
    for (const auto& v : verdicts)
        if (v.accepted && v.note.find("replaced") == std::string::npos)
            text += "  " + v.order + "\n";
    return text.empty() ? "  (none)\n" : text;
}

std::string results(const PhaseReport& report, const Variant& variant) {
    // Grouped by power, in the variant's order of powers, as the web page groups them; a power
    // the variant does not name (none should) after them, in the order of the report.
    std::vector<std::pair<std::string, std::string>> by_power;
    for (const Power& power : variant.powers) by_power.emplace_back(power.name, "");
    for (const auto& o : report.orders) {
        auto group = std::find_if(by_power.begin(), by_power.end(),
                                  [&](const auto& entry) { return entry.first == o.power; });
        if (group == by_power.end()) group = by_power.insert(by_power.end(), {o.power, ""});
        std::string& lines = group->second;
        const bool refused = !o.order;
        lines += "  " + (refused ? o.input : *o.order) + "  ->  ";
        if (refused && is_friendly_line(variant, o.input)) {
            lines += "not an order\n";
            continue;
        }
        lines += o.result;
        if (o.reason) lines += " (" + *o.reason + ")";
        if (o.by_default) lines += " [default]";
        lines += "\n";
        // Why, under the line (docs/mail.md, "Results").
        if (o.why) lines += indented(*o.why, 6, 76);
    }
    std::string text;
    for (const auto& [power, lines] : by_power)
        if (!lines.empty()) text += power + ":\n" + lines;
    if (!report.dislodged.empty()) text += "Dislodged:\n";
    for (const auto& d : report.dislodged) {
        text += "  " + d.power + " " + d.unit;
        if (d.from) text += " (by the attack from " + *d.from + ")";
        text += "\n";
    }
    if (text.empty()) text = "  (no orders)\n";
    // Campaign rules report what they did as events; a die's value, modifiers and table row are
    // given so that a player can recompute the roll by hand.
    if (!report.events.empty()) text += "Events:\n";
    for (const auto& e : report.events) {
        text += "  " + e.text;
        if (e.roll) {
            const DieRoll& r = *e.roll;
            text += "  [d10 " + r.purpose + " " + r.subject + ": " + std::to_string(r.d10);
            if (!r.modifiers.empty()) text += ", " + r.modifiers;
            text += ", " + r.table + "]";
        }
        text += "\n";
    }
    return text;
}

}  // namespace adjutant::service::mail_text
