// SPDX-License-Identifier: Apache-2.0
// The tokenizer resumed part way through a line, for the driver (parser.cpp): a submission
// heads line after line with the same "Austria:", whose tokens the line before already made.
#pragma once

#include <cstddef>
#include <string_view>

#include "orders/lexer.h"

namespace adjutant {

// Writes the tokens of line[from, end) from `out` on, exactly as tokenize(line) makes them,
// and returns the end of what it wrote. `out` has room for line.size() - from tokens (a token
// is a byte or more). `first`: no token comes before them; otherwise the tokens before are
// tokenize(line)'s tokens of line[0, from), and a token ends at `from` with no separator after
// it. Into a buffer made large enough once rather than pushed one by one: each push tested the
// vector's room and went through a copy on the stack.
Token* tokenize_rest(std::string_view line, std::size_t from, Token* out, bool first);

}  // namespace adjutant
