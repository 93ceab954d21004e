#include "core/phase.h"

#include <charconv>

namespace adjutant {

std::string Phase::code() const {
    std::string out;
    out += season == Season::Spring ? 'S' : season == Season::Fall ? 'F' : 'W';
    out += std::to_string(year);
    out += kind == PhaseKind::Movement ? 'M' : kind == PhaseKind::Retreat ? 'R' : 'A';
    return out;
}

std::optional<Phase> Phase::parse(std::string_view code) {
    if (code.size() < 3) return std::nullopt;
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
    switch (code.back()) {
        case 'M':
        case 'm':
            phase.kind = PhaseKind::Movement;
            break;
        case 'R':
        case 'r':
            phase.kind = PhaseKind::Retreat;
            break;
        case 'A':
        case 'a':
            phase.kind = PhaseKind::Adjustment;
            break;
        default:
            return std::nullopt;
    }
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
