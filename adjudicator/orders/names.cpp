// SPDX-License-Identifier: Apache-2.0
#include "orders/names.h"

#include <algorithm>

#include "variant/variant.h"

namespace adjutant {

namespace {

// The longest run of words matched against the names (NameIndex::longest's key).
constexpr std::size_t kLongestKey = 128;

// Lower case, words separated by single spaces; returns the number of words.
std::size_t normalise(std::string_view name, std::string& out) {
    out.clear();
    std::size_t words = 0;
    bool gap = true;
    for (char c : name) {
        if (c == ' ' || c == '-' || c == '.' || c == '\t' || c == '_') {
            gap = true;
            continue;
        }
        if (gap) {
            if (!out.empty()) out += ' ';
            ++words;
            gap = false;
        }
        out += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
    }
    return words;
}

}  // namespace

void NameIndex::Names::add(std::string_view name, std::size_t id) {
    std::string key;
    if (normalise(name, key) == 0) return;
    names.insert(key, id);
    // Its first words, each a beginning of a longer name: "north", "north atlantic".
    for (std::size_t space = key.find(' '); space != std::string::npos;
         space = key.find(' ', space + 1))
        beginnings.insert(std::string_view(key).substr(0, space), 0);
}

NameIndex::NameIndex(const Variant& variant) {
    for (std::size_t i = 0; i < variant.provinces.size(); ++i) {
        const Province& p = variant.provinces[i];
        provinces_.add(p.abbr, i);
        provinces_.add(p.name, i);
        for (const std::string& alias : p.aliases) provinces_.add(alias, i);
    }
    build_abbreviations(variant);
    for (const RailLine& line : variant.rail_lines) {
        std::string key;
        normalise(line.name, key);
        rail_lines_.push_back(key);
    }
    for (const Canal& canal : variant.canals) {
        std::string key;
        normalise(canal.name, key);
        canals_.push_back(key);
    }
    for (std::size_t i = 0; i < variant.powers.size(); ++i) {
        powers_.add(variant.powers[i].name, i);
        powers_.add(variant.powers[i].adjective, i);
    }
}

void NameIndex::build_abbreviations(const Variant& variant) {
    abbreviations_.assign(26 * 26 * 26, 0);
    std::vector<bool> begins_longer(abbreviations_.size(), false);
    std::string key;
    const auto note = [&](std::string_view name) {
        const std::size_t words = normalise(name, key);
        const std::size_t slot = abbreviation_slot(std::string_view(key).substr(0, key.find(' ')));
        if (words == 0 || slot == kNoSlot) return;
        if (words > 1) {
            begins_longer[slot] = true;
        } else if (const std::size_t* id = provinces_.names.find(NameTable::hash_of(key), key);
                   id != nullptr && *id + 1 <= UINT16_MAX) {
            abbreviations_[slot] = static_cast<std::uint16_t>(*id + 1);  // the table's id
        }
    };
    for (const Province& p : variant.provinces) {
        note(p.abbr);
        note(p.name);
        for (const std::string& alias : p.aliases) note(alias);
    }
    for (std::size_t slot = 0; slot < abbreviations_.size(); ++slot)
        if (begins_longer[slot]) abbreviations_[slot] = 0;
}

namespace {
std::optional<std::size_t> find_word(const std::vector<std::string>& names, const Token& token) {
    for (std::size_t i = 0; i < names.size(); ++i)
        if (is_word(token, names[i])) return i;
    return std::nullopt;
}
}  // namespace

std::optional<std::size_t> NameIndex::rail_line(const Token& token) const {
    return find_word(rail_lines_, token);
}

std::optional<std::size_t> NameIndex::canal(const Token& token) const {
    return find_word(canals_, token);
}

NameIndex::Match NameIndex::longest(const Names& names, std::span<const Token> tokens,
                                    std::size_t at) {
    Match best;
    char key[kLongestKey];  // longer than any name; a longer run of words cannot match
    std::size_t length = 0;
    std::uint64_t hash = NameTable::kEmptyHash;  // of key[0, length)
    // Word by word, while the words read so far begin a longer name.
    for (std::size_t i = at; i < tokens.size();) {
        if (i > at) {
            // A dash inside a name only when written without spaces: "Mid-Atlantic".
            if (tokens[i].kind == TokenKind::Dash) {
                if (tokens[i].space_before || i + 1 >= tokens.size() || tokens[i + 1].space_before)
                    break;
                ++i;
            }
            if (length + 1 > sizeof key) break;
            key[length++] = ' ';
            hash = NameTable::hash_step(hash, ' ');
        }
        if (tokens[i].kind != TokenKind::Word) break;
        if (length + tokens[i].text.size() > sizeof key) break;
        for (char c : tokens[i].text) {
            const char lower = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
            key[length++] = lower;
            hash = NameTable::hash_step(hash, lower);
        }
        ++i;
        const std::string_view read(key, length);
        if (const std::size_t* id = names.names.find(hash, read)) best = Match{*id, i, true};
        if (names.beginnings.find(hash, read) == nullptr) break;
    }
    return best;
}

}  // namespace adjutant
