#include "core/phase.h"

#include <charconv>

namespace adjutant {

std::string Phase::code() const {
    if (weekly()) {
        std::string out =
            std::to_string(year) + "W" + (week < 10 ? "0" : "") + std::to_string(week);
        out += kind == PhaseKind::Movement ? 'M' : 'R';
        return out;
    }
    std::string out;
    out += season == Season::Spring ? 'S' : season == Season::Fall ? 'F' : 'W';
    out += std::to_string(year);
    out += kind == PhaseKind::Movement ? 'M' : kind == PhaseKind::Retreat ? 'R' : 'A';
    return out;
}

std::string Phase::name() const {
    if (weekly()) {
        std::string out = std::to_string(year) + ", week " + std::to_string(week);
        if (kind == PhaseKind::Retreat) out += ", retreats";
        return out;
    }
    const char* season_name = season == Season::Spring ? "Spring "
                              : season == Season::Fall ? "Fall "
                                                       : "Winter ";
    const char* kind_name = kind == PhaseKind::Movement  ? " movement"
                            : kind == PhaseKind::Retreat ? " retreats"
                                                         : " adjustments";
    return season_name + std::to_string(year) + kind_name;
}

std::string phase_name(std::string_view code) {
    const auto phase = Phase::parse(code);
    return phase ? phase->name() : std::string(code);
}

namespace {

// The phase kind's letter, shared by classic and weekly codes: M, R or A in either case.
std::optional<PhaseKind> kind_from_letter(char letter) {
    switch (letter) {
        case 'M':
        case 'm':
            return PhaseKind::Movement;
        case 'R':
        case 'r':
            return PhaseKind::Retreat;
        case 'A':
        case 'a':
            return PhaseKind::Adjustment;
        default:
            return std::nullopt;
    }
}

// "1914W32M": year, 'W', week 1-52, M or R.
std::optional<Phase> parse_weekly(std::string_view code) {
    const auto w = code.find_first_of("Ww");
    if (w == std::string_view::npos || w == 0 || code.size() < w + 3) return std::nullopt;
    Phase phase;
    const std::string_view year = code.substr(0, w);
    const std::string_view week = code.substr(w + 1, code.size() - w - 2);
    if (year.size() > 6 || week.empty() || week.size() > 2) return std::nullopt;
    auto [y_end, y_ec] = std::from_chars(year.data(), year.data() + year.size(), phase.year);
    if (y_ec != std::errc() || y_end != year.data() + year.size()) return std::nullopt;
    auto [w_end, w_ec] = std::from_chars(week.data(), week.data() + week.size(), phase.week);
    if (w_ec != std::errc() || w_end != week.data() + week.size()) return std::nullopt;
    if (phase.week < 1 || phase.week > Phase::kWeeksPerYear) return std::nullopt;
    const auto kind = kind_from_letter(code.back());
    if (!kind || *kind == PhaseKind::Adjustment) return std::nullopt;  // weeks have no winter
    phase.kind = *kind;
    return phase;
}

}  // namespace

std::optional<Phase> Phase::parse(std::string_view code) {
    if (code.size() < 3) return std::nullopt;
    if (code.front() >= '0' && code.front() <= '9') return parse_weekly(code);
    Phase phase;
    switch (code.front()) {
        case 'S':
        case 's':
            phase.season = Season::Spring;
            break;
        case 'F':
        case 'f':
            phase.season = Season::Fall;
            break;
        case 'W':
        case 'w':
            phase.season = Season::Winter;
            break;
        default:
            return std::nullopt;
    }
    const auto kind = kind_from_letter(code.back());
    if (!kind) return std::nullopt;
    phase.kind = *kind;
    const std::string_view digits = code.substr(1, code.size() - 2);
    if (digits.empty() || digits.size() > 6) return std::nullopt;
    auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), phase.year);
    if (ec != std::errc() || ptr != digits.data() + digits.size()) return std::nullopt;
    const bool winter = phase.season == Season::Winter;
    if (winter != (phase.kind == PhaseKind::Adjustment)) return std::nullopt;
    return phase;
}

Phase Phase::next() const {
    Phase n = *this;
    if (weekly()) {
        if (kind == PhaseKind::Movement) {
            n.kind = PhaseKind::Retreat;
        } else {
            n.kind = PhaseKind::Movement;
            if (++n.week > kWeeksPerYear) {
                n.week = 1;
                ++n.year;
            }
        }
        return n;
    }
    switch (kind) {
        case PhaseKind::Movement:
            n.kind = PhaseKind::Retreat;
            break;
        case PhaseKind::Retreat:
            if (season == Season::Spring) {
                n.season = Season::Fall;
                n.kind = PhaseKind::Movement;
            } else {
                n.season = Season::Winter;
                n.kind = PhaseKind::Adjustment;
            }
            break;
        case PhaseKind::Adjustment:
            n.season = Season::Spring;
            n.kind = PhaseKind::Movement;
            ++n.year;
            break;
    }
    return n;
}

}  // namespace adjutant
