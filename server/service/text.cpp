// SPDX-License-Identifier: Apache-2.0
#include "service/text.h"

#include <cstdio>

#include "service/error.h"

namespace adjutant::service {

namespace {

// Bytes a sequence of `length` may continue with after `lead`, per RFC 3629's table.
bool valid_second(unsigned char lead, unsigned char second) {
    if (lead == 0xE0) return second >= 0xA0 && second <= 0xBF;  // no overlong 3-byte forms
    if (lead == 0xED) return second >= 0x80 && second <= 0x9F;  // no surrogates
    if (lead == 0xF0) return second >= 0x90 && second <= 0xBF;  // no overlong 4-byte forms
    if (lead == 0xF4) return second >= 0x80 && second <= 0x8F;  // nothing past U+10FFFF
    return second >= 0x80 && second <= 0xBF;
}

}  // namespace

std::optional<Utf8Problem> find_invalid_utf8(std::string_view text) {
    std::size_t line = 1;
    std::size_t line_start = 0;
    std::size_t i = 0;
    while (i < text.size()) {
        const auto c = static_cast<unsigned char>(text[i]);
        std::size_t length = 0;
        if (c < 0x80)
            length = 1;
        else if (c >= 0xC2 && c <= 0xDF)
            length = 2;
        else if (c >= 0xE0 && c <= 0xEF)
            length = 3;
        else if (c >= 0xF0 && c <= 0xF4)
            length = 4;
        bool ok = length > 0 && i + length <= text.size();
        if (ok && length > 1) {
            ok = valid_second(c, static_cast<unsigned char>(text[i + 1]));
            for (std::size_t k = 2; ok && k < length; ++k) {
                const auto next = static_cast<unsigned char>(text[i + k]);
                ok = next >= 0x80 && next <= 0xBF;
            }
        }
        if (!ok) return Utf8Problem{line, i - line_start + 1, i, c};
        if (c == '\n') {
            ++line;
            line_start = i + 1;
        }
        i += length;
    }
    return std::nullopt;
}

std::string describe(const Utf8Problem& problem) {
    char text[128];
    std::snprintf(text, sizeof text,
                  "line %zu, byte %zu (offset %zu): byte 0x%02X is not valid UTF-8", problem.line,
                  problem.byte, problem.offset, problem.value);
    return text;
}

void require_utf8(std::string_view text, std::string_view what) {
    const auto problem = find_invalid_utf8(text);
    if (!problem) return;
    const nlohmann::json details = {
        {"line", problem->line}, {"byte", problem->byte}, {"offset", problem->offset}};
    throw ApiError(400, "bad_encoding",
                   std::string(what) + " must be UTF-8: " + describe(*problem) +
                       " (send text as UTF-8, e.g. Content-Type: text/plain; charset=utf-8)",
                   details.dump());
}

}  // namespace adjutant::service
