// SPDX-License-Identifier: Apache-2.0
// A game phase, written as a code: "S1901M", "F1901R", "W1901A" in the classic cycle, or
// "1914W32M", "1914W32R" for the weekly turns of campaigns (year, week 1-52, kind).
//
// The classic cycle is Spring Movement, Spring Retreats, Fall Movement, Fall Retreats, Winter
// Adjustments. A weekly cycle is Movement, Retreats each week, with no adjustment phase; the
// year's seasonal steps happen between week 52 and week 1. Retreat phases with nothing to
// retreat are skipped by the adjudicator, not here.
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
    int week = 0;  // 1-52 in a weekly cycle; 0 in the classic cycle

    static constexpr int kWeeksPerYear = 52;

    bool weekly() const { return week != 0; }
    std::string code() const;
    // As people write it, for mail and the web: "Spring 1901 movement", "Winter 1901
    // adjustments", "1914, week 32" (a week's movement), "1914, week 32, retreats".
    std::string name() const;
    // Parses "S1901M" or "1914W32M" (case-insensitive). nullopt for anything else, including
    // W..M, S..A and weekly adjustment phases.
    static std::optional<Phase> parse(std::string_view code);
    // The next phase of the phase's cycle, retreats included.
    Phase next() const;

    friend bool operator==(const Phase&, const Phase&) = default;
};

// The name of the phase a code stands for (Phase::name); a string that is no phase code is
// returned as it is, so a caller never shows less than it was given.
std::string phase_name(std::string_view code);

}  // namespace adjutant
