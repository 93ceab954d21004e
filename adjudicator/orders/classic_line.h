// SPDX-License-Identifier: Apache-2.0
// The common classic order line read straight from its bytes: "England: F LON S A WAL - YOR".
//
// Nearly every line a player or a random game writes is one of a few classic forms: an optional
// one-word power prefix, a unit letter and one-word province names (nearly always the
// three-letter abbreviations, a coast written "/nc"), with H, -, S or C. The
// general path tokenizes such a line (a token of 32 bytes and a keyword look per word), finds
// the power, and reads the tokens through the order syntax and the modules' readers. This
// reader walks the bytes once and builds the same OrderSyntax, with no token stored; any other
// line (a coast, a name of several words, a module's word, a slip) it leaves to the general
// path. A line of single spaces and three-letter names is read straight, with no word walked;
// any other such line word by word.
#pragma once

#include <string_view>

#include "core/ids.h"
#include "orders/names.h"
#include "orders/syntax.h"

namespace adjutant {

struct ClassicLine {
    PowerId power = kNoPower;  // the prefix's power; kNoPower when the line has none
    OrderSyntax order;
};

// Whether `line` (trimmed, no comment) is a classic line this reader knows; then `out` (made
// by default, and written by nothing but this function) holds what the general path reads from
// it: the power its prefix names and the order's syntax, the prefix found and the order read
// without error. Otherwise `out` is unspecified and the line is the general path's. Never true for
// a line the general path reads otherwise, whichever rule modules are registered
// (tests/unit/classic_line_test.cpp compares the two on many lines).
bool read_classic_line(const NameIndex& names, std::string_view line, ClassicLine& out);

// Whether the parser tries read_classic_line before the general path (true unless a test turns
// it off, to parse the same text both ways).
void use_classic_lines(bool on);

}  // namespace adjutant
