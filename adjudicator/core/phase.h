// A game phase: season, year and kind, written as a code such as "S1901M", "F1901R", "W1901A".
//
// The classic cycle is Spring Movement, Spring Retreats, Fall Movement, Fall Retreats, Winter
// Adjustments. Retreat phases with nothing to retreat are skipped by the adjudicator, not here.
#pragma once

#include <compare>
#include <optional>
#include <string>
#include <string_view>

namespace adjutant {

enum class Season : std::uint8_t { Spring, Fall, Winter };
enum class PhaseKind : std::uint8_t { Movement, Retreat, Adjustment };

struct Phase {
    Season season = Season::Spring;
    int year = 1901;
    PhaseKind kind = PhaseKind::Movement;

    std::string code() const;
    // Parses "S1901M" (case-insensitive). nullopt for anything else, including W..M or S..A.
    static std::optional<Phase> parse(std::string_view code);
    // The next phase of the classic cycle, retreats included.
    Phase next() const;

    friend auto operator<=>(const Phase&, const Phase&) = default;
};

}  // namespace adjutant
