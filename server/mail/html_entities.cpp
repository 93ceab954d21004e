// SPDX-License-Identifier: Apache-2.0
#include "mail/html_entities.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>

namespace adjutant::mail {

namespace {

// The longest name of the table, its semicolon included ("CounterClockwiseContourIntegral;").
constexpr std::size_t kLongestName = 32;
constexpr std::uint32_t kReplacement = 0xFFFD;
constexpr std::uint32_t kBeyondUnicode = 0x110000;

bool is_digit(char c) {
    return c >= '0' && c <= '9';
}

bool is_alphanumeric(char c) {
    return is_digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

// The value of a digit of a decimal or a hexadecimal number, or nothing for another character.
std::optional<std::uint32_t> digit_value(char c, bool hex) {
    if (is_digit(c)) return static_cast<std::uint32_t>(c - '0');
    if (hex && c >= 'a' && c <= 'f') return static_cast<std::uint32_t>(c - 'a' + 10);
    if (hex && c >= 'A' && c <= 'F') return static_cast<std::uint32_t>(c - 'A' + 10);
    return std::nullopt;
}

void append_utf8(std::string& out, std::uint32_t code) {
    if (code < 0x80) {
        out += static_cast<char>(code);
    } else if (code < 0x800) {
        out += static_cast<char>(0xC0 | (code >> 6));
        out += static_cast<char>(0x80 | (code & 0x3F));
    } else if (code < 0x10000) {
        out += static_cast<char>(0xE0 | (code >> 12));
        out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (code & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (code >> 18));
        out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (code & 0x3F));
    }
}

const NamedReference* find_name(std::string_view name) {
    const auto table = named_references();
    const auto found = std::lower_bound(
        table.begin(), table.end(), name,
        [](const NamedReference& entry, std::string_view key) { return entry.name < key; });
    return found != table.end() && found->name == name ? &*found : nullptr;
}

// 13.2.5.73 "Named character reference state": the longest name of the table that the text
// after the '&' begins with. Names are letters and digits, most ending in ';'; a name with its
// ';' can only be the whole run of letters and digits with the ';' after it, and a legacy name
// without one is the longest prefix of that run that is in the table.
CharacterReference named(std::string_view html) {
    std::size_t run = 1;
    while (run < html.size() && run <= kLongestName && is_alphanumeric(html[run])) ++run;
    if (run < html.size() && html[run] == ';')
        if (const auto* entry = find_name(html.substr(1, run)))
            return {std::string(entry->text), run + 1};
    for (std::size_t end = std::min(run, kLongestName); end > 1; --end)
        if (const auto* entry = find_name(html.substr(1, end - 1)))
            return {std::string(entry->text), end};
    return {};  // the ambiguous ampersand: the text stays as written
}

// 13.2.5.80 "Numeric character reference end state": the code point a reference's number
// stands for. Controls and noncharacters are parse errors the standard keeps as they are.
std::uint32_t numeric_code_point(std::uint32_t number) {
    // The C1 controls 0x80-0x9F as windows-1252 reads those bytes; 0 where it has none.
    static constexpr std::array<std::uint16_t, 32> kWindows1252 = {
        0x20AC, 0,      0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
        0x2039, 0x0152, 0,      0x017D, 0,      0,      0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
        0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0,      0x017E, 0x0178};
    if (number == 0 || number >= kBeyondUnicode || (number >= 0xD800 && number <= 0xDFFF))
        return kReplacement;
    if (number >= 0x80 && number <= 0x9F && kWindows1252[number - 0x80] != 0)
        return kWindows1252[number - 0x80];
    return number;
}

// 13.2.5.75 to 13.2.5.79: "&#" decimal digits, or "&#x" hexadecimal digits, then an optional
// ';'. Without a digit it is no reference.
CharacterReference numeric(std::string_view html) {
    std::size_t at = 2;  // after "&#"
    const bool hex = at < html.size() && (html[at] == 'x' || html[at] == 'X');
    if (hex) ++at;
    const std::size_t first_digit = at;
    std::uint32_t number = 0;
    for (; at < html.size(); ++at) {
        const auto digit = digit_value(html[at], hex);
        if (!digit) break;
        // Past U+10FFFF the value no longer matters: it is replaced whatever it is.
        number = std::min(number * (hex ? 16 : 10) + *digit, kBeyondUnicode);
    }
    if (at == first_digit) return {};
    if (at < html.size() && html[at] == ';') ++at;
    CharacterReference reference;
    append_utf8(reference.text, numeric_code_point(number));
    reference.length = at;
    return reference;
}

}  // namespace

CharacterReference character_reference(std::string_view html) {
    if (html.size() < 2 || html[0] != '&') return {};
    if (html[1] == '#') return numeric(html);
    if (is_alphanumeric(html[1])) return named(html);
    return {};
}

}  // namespace adjutant::mail
