// SPDX-License-Identifier: Apache-2.0
// The tokenizer resumed part way through a line, for the driver (parser.cpp): a submission
// heads line after line with the same "Austria:", whose tokens the line before already made.
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include "orders/lexer.h"

namespace adjutant {

// Appends the tokens of line[from, end) to `tokens`, exactly as tokenize(line) makes them,
// given that `tokens` holds tokenize(line)'s tokens of line[0, from) and a token ends at `from`
// with no separator after it (from == 0 with `tokens` empty is tokenize(line) itself).
void tokenize_rest(std::string_view line, std::size_t from, std::vector<Token>& tokens);

}  // namespace adjutant
