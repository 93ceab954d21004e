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

std::string join(const nlohmann::json& list, const char* separator) {
    std::string out;
    for (const auto& item : list) {
        if (!out.empty()) out += separator;
        out += item.is_string() ? item.get<std::string>() : item.dump();
    }
    return out;
}

// "A LIE", or for a campaign unit "A LIE (250 points, 2 weeks' supply)".
std::string unit_line(const nlohmann::json& unit) {
    if (!unit.is_object()) return unit.is_string() ? unit.get<std::string>() : unit.dump();
    std::string text = unit.value("unit", "?");
    std::string details;
    if (unit.contains("points"))
        details = std::to_string(unit.value("points", std::int64_t{0})) + " points";
    if (unit.contains("supply")) {
        if (!details.empty()) details += ", ";
        const auto weeks = unit.value("supply", 0);
        details += std::to_string(weeks) + (weeks == 1 ? " week's supply" : " weeks' supply");
    }
    return details.empty() ? text : text + " (" + details + ")";
}

std::string units_text(const nlohmann::json& units) {
    std::string out;
    for (const auto& unit : units) {
        if (!out.empty()) out += ", ";
        out += unit_line(unit);
    }
    return out;
}

// A power's entries of a position section keyed by power ({"Belgium": [...]}), or none.
nlohmann::json of_power(const nlohmann::json& position, const char* section,
                        const std::string& power) {
    if (position.contains(section) && position[section].is_object() &&
        position[section].contains(power))
        return position[section][power];
    return nlohmann::json::array();
}

// Lone Warrior 4g, "Each active general's location must be specified": the power's active generals
// by rank, each with the army or garrison whose `general` he is (a dislodged army's too), and how
// many wait in the pool; empty for a power without a pool.
std::string generals_text(const nlohmann::json& position, const std::string& power) {
    if (!position.contains("generals") || !position["generals"].is_object() ||
        !position["generals"].contains(power))
        return "";
    const nlohmann::json pool = position["generals"][power].value("pool", nlohmann::json::array());
    std::map<std::string, std::string> commands;
    for (const char* section : {"units", "dislodged"})
        for (const auto& u : of_power(position, section, power))
            if (u.is_object() && u.contains("general"))
                commands[u.value("general", "")] = u.value("unit", "?");
    for (const auto& g : of_power(position, "garrisons", power))
        if (g.contains("general")) {
            std::string garrison = "G ";
            garrison += g.value("province", "?");
            commands[g.value("general", "")] = garrison;
        }
    std::string active;
    int waiting = 0;
    for (std::size_t i = 0; i < pool.size(); ++i) {
        if (!pool[i].value("active", false)) {
            ++waiting;
            continue;
        }
        const std::string name = pool[i].value("name", "?");
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
        "  HELP                        this text\n"
        "  END                         ignore the rest of the message\n"
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

std::string deadline(const nlohmann::json& unix_seconds) {
    if (!unix_seconds.is_number_integer()) return "none";
    return format_utc(unix_seconds.get<std::int64_t>(), "%Y-%m-%d %H:%M UTC");
}

std::string rfc3339_date(std::int64_t unix_seconds) {
    return format_utc(unix_seconds, "%Y-%m-%dT%H:%M:%SZ");
}

std::string rfc5322_date(std::int64_t unix_seconds) {
    return format_utc(unix_seconds, "%a, %d %b %Y %H:%M:%S +0000");
}

std::string status(const nlohmann::json& game) {
    std::string text = "Game " + std::to_string(game.value("id", 0)) + " (" +
                       game.value("name", "") + "), variant " + game.value("variant", "") + "\n";
    text += "Phase: " + phase_name(game.value("phase", "")) + ", status " +
            game.value("status", "") + ", deadline " +
            deadline(game.value("deadline", nlohmann::json())) + "\n\n";
    const auto& position = game["position"];
    for (const auto& seat : game["seats"]) {
        const std::string power = seat.value("power", "");
        text += power + " (" + std::to_string(seat.value("centers", 0)) + " centres";
        if (seat.value("needs_orders", false)) text += ", to order";
        if (seat.value("ready", false)) text += ", ready";
        text += "): ";
        const auto units = of_power(position, "units", power);
        text += units.empty() ? "no units" : units_text(units);
        const auto garrisons = of_power(position, "garrisons", power);
        for (std::size_t i = 0; i < garrisons.size(); ++i)
            text += (i == 0 ? "; garrisons: " : ", ") + std::string("G ") +
                    garrisons[i].value("province", "?") + " (" +
                    std::to_string(garrisons[i].value("points", std::int64_t{0})) + " points)";
        text += "\n";
        text += generals_text(position, power);
        if (position.contains("dislodged") && position["dislodged"].contains(power))
            for (const auto& d : position["dislodged"][power])
                text += "  dislodged: " + d.value("unit", "") +
                        " (retreats: " + join(d.value("retreats", nlohmann::json::array()), ", ") +
                        ")\n";
    }
    if (position.contains("sieges") && position["sieges"].is_object()) {
        std::string sieges;
        for (const auto& [power, list] : position["sieges"].items())
            for (const auto& siege : list) {
                const int weeks = siege.value("weeks", 0);
                sieges += (sieges.empty() ? "" : "; ") + power + " besieges " +
                          siege.value("province", "?") +
                          (weeks >= 2 ? std::string(" (laid)")
                                      : " (laying, week " + std::to_string(weeks) + " of 2)");
            }
        if (!sieges.empty()) text += "Sieges: " + sieges + "\n";
    }
    if (game.contains("winner") && game["winner"].is_string())
        text += "\nWinner: " + game["winner"].get<std::string>() + "\n";
    return text;
}

std::string welcome(const nlohmann::json& game, const std::string& power,
                    const std::string& web_url) {
    const std::string id = std::to_string(game.value("id", 0));
    const std::string word = game.value("status", "");
    const auto status = parse_game_status(word);
    std::string text = "Phase: " + phase_name(game.value("phase", ""));
    if (status == GameStatus::forming)
        text += " (the game has not started yet)";
    else if (status != GameStatus::active)
        text += " (the game is " + word + ")";
    // A game that has not started has no deadline yet; the seat is mailed when it starts.
    text += "\nDeadline: " +
            (status == GameStatus::forming
                 ? std::string("set when the game starts (you will be mailed then)")
                 : deadline(game.value("deadline", nlohmann::json()))) +
            "\n";
    const auto units = of_power(game.value("position", nlohmann::json::object()), "units", power);
    text += "Your units: " + (units.empty() ? std::string("none") : units_text(units)) + "\n";
    // The link carries no token: seat tokens are never mailed (docs/mail.md, "Welcome").
    text += "On the web: " + web_url + "/#/game/" + id +
            "\n  (sign in there with the seat token you got when you joined, or from the GM)\n";
    return text;
}

std::string history(const nlohmann::json& phases, const nlohmann::json& latest,
                    const Variant& variant) {
    std::string text = "Phases:\n";
    for (const auto& phase : phases) {
        text += "  " + std::to_string(phase.value("seq", 0)) + " " +
                phase_name(phase.value("phase", ""));
        if (phase.value("resolved", false))
            text += "  resolved " + deadline(phase.value("resolved_at", nlohmann::json())) +
                    "  hash " + phase.value("hash", "").substr(0, 16);
        else
            text += "  (current)";
        text += "\n";
    }
    if (latest.is_object() && latest.contains("results")) {
        text += "\nResults of " + phase_name(latest.value("phase", "")) + ":\n";
        text += results(latest["results"], variant);
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

std::string results(const nlohmann::json& report, const Variant& variant) {
    // Grouped by power, in the variant's order of powers, as the web page groups them; a power
    // the variant does not name (none should) after them, in the order of the report.
    std::vector<std::pair<std::string, std::string>> by_power;
    for (const Power& power : variant.powers) by_power.emplace_back(power.name, "");
    for (const auto& o : report.value("orders", nlohmann::json::array())) {
        const std::string power = o.value("power", "");
        auto group = std::find_if(by_power.begin(), by_power.end(),
                                  [&](const auto& entry) { return entry.first == power; });
        if (group == by_power.end()) group = by_power.insert(by_power.end(), {power, ""});
        std::string& lines = group->second;
        const bool refused = !o.contains("order");
        const std::string input = o.value("input", "");
        lines += "  " + (refused ? input : o.value("order", "")) + "  ->  ";
        if (refused && is_friendly_line(variant, input)) {
            lines += "not an order\n";
            continue;
        }
        lines += o.value("result", "");
        if (o.contains("reason")) lines += " (" + o.value("reason", "") + ")";
        if (o.value("default", false)) lines += " [default]";
        lines += "\n";
    }
    std::string text;
    for (const auto& [power, lines] : by_power)
        if (!lines.empty()) text += power + ":\n" + lines;
    const auto dislodged = report.value("dislodged", nlohmann::json::array());
    if (!dislodged.empty()) text += "Dislodged:\n";
    for (const auto& d : dislodged) {
        text += "  " + d.value("power", "") + " " + d.value("unit", "");
        if (d.contains("from")) text += " (by the attack from " + d.value("from", "") + ")";
        text += "\n";
    }
    if (text.empty()) text = "  (no orders)\n";
    // Campaign rules report what they did as events; a die's value, modifiers and table row are
    // given so that a player can recompute the roll by hand.
    const auto events = report.value("events", nlohmann::json::array());
    if (!events.empty()) text += "Events:\n";
    for (const auto& e : events) {
        text += "  " + e.value("text", "");
        if (e.contains("roll") && e["roll"].is_object()) {
            const auto& r = e["roll"];
            text += "  [d10 " + r.value("purpose", "") + " " + r.value("subject", "") + ": " +
                    std::to_string(r.value("d10", 0));
            if (!r.value("modifiers", "").empty()) text += ", " + r.value("modifiers", "");
            text += ", " + r.value("table", "") + "]";
        }
        text += "\n";
    }
    return text;
}

}  // namespace adjutant::service::mail_text
