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

std::optional<ControlCharacter> find_control_character(std::string_view text, TextLines lines) {
    ControlCharacter at;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if ((c & 0xC0) == 0x80) continue;  // a continuation byte: the same character
        at.offset = i;
        const bool line_break = c == '\t' || c == '\n' || c == '\r';
        if ((c < 0x20 && !(line_break && lines == TextLines::Many)) || c == 0x7F) {
            at.code = c;
            return at;
        }
        // U+0080-U+009F are 0xC2 0x80 to 0xC2 0x9F in UTF-8.
        if (c == 0xC2 && i + 1 < text.size()) {
            const auto next = static_cast<unsigned char>(text[i + 1]);
            if (next >= 0x80 && next <= 0x9F) {
                at.code = next;
                return at;
            }
        }
        if (c == '\n') {
            ++at.line;
            at.character = 1;
        } else {
            ++at.character;
        }
    }
    return std::nullopt;
}

std::string describe(const ControlCharacter& found) {
    char text[96];
    std::snprintf(text, sizeof text, "U+%04X, at line %zu, character %zu",
                  static_cast<unsigned>(found.code), found.line, found.character);
    return text;
}

void require_text(std::string_view text, std::string_view what, TextLines lines) {
    require_utf8(text, what);
    const auto found = find_control_character(text, lines);
    if (!found) return;
    throw bad_request(std::string(what) + " holds a control character, " + describe(*found) +
                      (lines == TextLines::Many
                           ? ": it may hold no control character but tabs and line breaks"
                           : ": it is one line of text with no control character"));
}

void require_utf8(std::string_view text, std::string_view what) {
    const auto problem = find_invalid_utf8(text);
    if (!problem) return;
    throw ApiError(400, "bad_encoding",
                   std::string(what) + " must be UTF-8: " + describe(*problem) +
                       " (send text as UTF-8, e.g. Content-Type: text/plain; charset=utf-8)",
                   EncodingAt{problem->line, problem->byte, problem->offset});
}

}  // namespace adjutant::service
