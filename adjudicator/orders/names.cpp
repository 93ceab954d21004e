// SPDX-License-Identifier: Apache-2.0
#include "orders/names.h"

#include <algorithm>
#include <bit>
#include <cstring>

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

void add(NameTable& names, std::size_t& max_words, std::string_view name, std::size_t id) {
    std::string key;
    const std::size_t words = normalise(name, key);
    if (words == 0) return;
    names.insert(key, id);
    max_words = std::max(max_words, words);
}

}  // namespace

NameIndex::NameIndex(const Variant& variant) {
    for (std::size_t i = 0; i < variant.provinces.size(); ++i) {
        const Province& p = variant.provinces[i];
        add(provinces_, max_province_words_, p.abbr, i);
        add(provinces_, max_province_words_, p.name, i);
        for (const std::string& alias : p.aliases) add(provinces_, max_province_words_, alias, i);
    }
    build_classic_tables(variant);
    three_letter_.assign(26 * 26 * 26, 0);
    std::string name_key;
    for (std::size_t i = 0; i < variant.provinces.size(); ++i) {
        const Province& p = variant.provinces[i];
        const auto note = [&](std::string_view name) {
            const std::size_t words = normalise(name, name_key);
            if (words == 0) return;
            const std::size_t slot =
                three_letter_slot(std::string_view(name_key).substr(0, name_key.find(' ')));
            if (slot == kNoSlot) return;
            std::uint16_t& entry = three_letter_[slot];
            if (words > 1) {
                entry |= kLongerName;
                // A second word of one byte ("eng h") could be a classic line's next word.
                const std::size_t second = name_key.find(' ') + 1;
                const std::size_t second_end = name_key.find(' ', second);
                if ((second_end == std::string::npos ? name_key.size() : second_end) - second == 1)
                    entry |= kNotAlone;
                return;
            }
            if ((entry & kIdBits) == 0 && i + 1 <= kIdBits)  // the first one, as in the table;
                entry |= static_cast<std::uint16_t>(i + 1);  // else the table
            if ((entry & kIdBits) != 0 && keyword_of(name_key) != Keyword::None) entry |= kKeyword;
        };
        note(p.abbr);
        note(p.name);
        for (const std::string& alias : p.aliases) note(alias);
    }
    // A keyword, or a word that begins longer names and has no id here, classic_place leaves.
    for (std::uint16_t& entry : three_letter_)
        if ((entry & kKeyword) != 0 || (entry != 0 && (entry & kIdBits) == 0)) entry |= kNotAlone;
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
        add(powers_, max_power_words_, variant.powers[i].name, i);
        add(powers_, max_power_words_, variant.powers[i].adjective, i);
        for (const std::string& name : {variant.powers[i].name, variant.powers[i].adjective}) {
            std::string key;
            if (normalise(name, key) == 0) continue;
            const bool known = std::any_of(power_words_.begin(), power_words_.end(),
                                           [&](const PowerWord& w) { return w.key == key; });
            if (!known) power_words_.push_back(PowerWord{std::move(key), i});
        }
    }
    for (PowerWord& word : power_words_) {
        if (word.key.size() > 8) continue;
        std::memcpy(&word.packed, word.key.data(), word.key.size());
    }
    for (std::size_t w = 0; w < power_words_.size(); ++w) {
        std::uint8_t& slot = power_slots_[power_slot(power_words_[w].key)];
        slot = slot == 0 && w + 1 < kManyPowers ? static_cast<std::uint8_t>(w + 1) : kManyPowers;
    }
    build_prefix_words();
    classic_lines_ = max_power_words_ == 1 && !power_word("a") && !power_word("f");
}

// power_prefix's words: those of power_words_ that a prefix of eight bytes holds with its
// colon, each of the lexer's word bytes (so that the colon after it is the line's first).
void NameIndex::build_prefix_words() {
    if (std::endian::native != std::endian::little || max_power_words_ > 1) return;
    std::array<std::vector<PrefixWord>, 32> by_first;
    for (const PowerWord& power : power_words_) {
        const std::string& key = power.key;
        if (key.size() < 2 || key.size() > 7 || power.id >= kNoPower) continue;
        const bool plain = std::all_of(key.begin(), key.end(), [](char c) {
            return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '\'';
        });
        if (!plain) continue;
        PrefixWord word;
        word.key = 0;
        for (std::size_t i = 0; i <= key.size(); ++i) {
            const char c = i < key.size() ? key[i] : ':';
            word.key |= std::uint64_t{static_cast<unsigned char>(c)} << (8 * i);
            word.mask |= std::uint64_t{0xFF} << (8 * i);
            if (c >= 'a' && c <= 'z') word.fold |= std::uint64_t{0x20} << (8 * i);
        }
        word.length = static_cast<std::uint8_t>(key.size() + 1);
        word.id = static_cast<PowerId>(power.id);
        by_first[static_cast<unsigned char>(key.front()) & 31u].push_back(word);
    }
    for (std::size_t b = 0; b < by_first.size(); ++b) {
        prefix_begin_[b] = static_cast<std::uint16_t>(prefix_more_.size());
        if (by_first[b].empty()) continue;
        prefix_first_[b] = by_first[b].front();
        prefix_first_[b].more = by_first[b].size() > 1;
        prefix_more_.insert(prefix_more_.end(), by_first[b].begin() + 1, by_first[b].end());
    }
    prefix_begin_[32] = static_cast<std::uint16_t>(prefix_more_.size());
}

std::size_t NameIndex::more_power_prefix(std::uint64_t bytes, PowerId& id) const {
    const std::size_t first = bytes & 31u;
    for (std::size_t i = prefix_begin_[first]; i < prefix_begin_[first + 1]; ++i) {
        const PrefixWord& word = prefix_more_[i];
        if (((bytes | word.fold) & word.mask) == word.key) {
            id = word.id;
            return word.length;
        }
    }
    return 0;
}

// The classic line reader's tables (classic_line.h): the one-word names no longer name begins
// with, and the short ones among them by their bytes.
void NameIndex::build_classic_tables(const Variant& variant) {
    // The first words of the names of several words: a word among them may be read
    // together with the next (NameIndex::longest), so it is not classic_words_'s.
    NameTable first_words;
    std::string key;
    const auto note_first = [&](std::string_view name) {
        if (normalise(name, key) > 1) first_words.insert(key.substr(0, key.find(' ')), 0);
    };
    for (const Province& p : variant.provinces) {
        note_first(p.abbr);
        note_first(p.name);
        for (const std::string& alias : p.aliases) note_first(alias);
    }
    const auto note_word = [&](std::string_view name, std::size_t id) {
        if (normalise(name, key) == 1 && keyword_of(key) == Keyword::None &&
            first_words.find(NameTable::hash_of(key), key) == nullptr)
            classic_words_.insert(key, id);
    };
    for (std::size_t i = 0; i < variant.provinces.size(); ++i) {
        const Province& p = variant.provinces[i];
        note_word(p.abbr, i);
        note_word(p.name, i);
        for (const std::string& alias : p.aliases) note_word(alias, i);
    }
    // The short ones again by their bytes, each with the id the table kept for it.
    std::vector<ShortWord> shorts;
    const auto note_short = [&](std::string_view name) {
        // Of the lexer's word bytes only, as the words looked up are (classic_line.cpp).
        if (normalise(name, key) != 1 || key.size() > 8 ||
            !std::all_of(key.begin(), key.end(), [](char c) {
                return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '\'';
            }))
            return;
        const std::size_t* id = classic_words_.find(NameTable::hash_of(key), key);
        if (id == nullptr || key.find('\0') != std::string::npos) return;
        ShortWord w;
        std::memcpy(&w.key, key.data(), key.size());
        w.id = *id + 1;
        shorts.push_back(w);
    };
    for (const Province& p : variant.provinces) {
        note_short(p.abbr);
        note_short(p.name);
        for (const std::string& alias : p.aliases) note_short(alias);
    }
    if (std::endian::native == std::endian::little && !shorts.empty()) {
        std::size_t size = 4;
        short_shift_ = 62;
        while (size < 2 * shorts.size()) {
            size *= 2;
            --short_shift_;
        }
        short_words_.assign(size, ShortWord{});
        for (const ShortWord& w : shorts) {
            std::size_t i = short_slot(w.key);
            while (short_words_[i].key != 0 && short_words_[i].key != w.key)
                i = (i + 1) & (size - 1);
            short_words_[i] = w;  // the same key twice has the same id
        }
    }
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

NameIndex::Match NameIndex::power(std::span<const Token> tokens, std::size_t at) const {
    if (max_power_words_ > 1) return longest(powers_, max_power_words_, tokens, at);
    // Every name is one word: the first token alone, compared as longest() would find it.
    if (at < tokens.size() && tokens[at].kind == TokenKind::Word)
        if (const std::optional<std::size_t> id = power_word(tokens[at].text))
            return Match{*id, at + 1, true};
    return Match{};
}

std::optional<std::size_t> NameIndex::power_word_in_eight(std::string_view word) const {
    if (std::endian::native != std::endian::little || max_power_words_ > 1 || word.empty() ||
        word.size() > 8)
        return power_word(word);
    std::uint64_t bytes;
    std::memcpy(&bytes, word.data(), 8);
    if (word.size() < 8) bytes &= (std::uint64_t{1} << (8 * word.size())) - 1;
    bytes = lower_eight(bytes);
    const std::uint8_t slot = power_slots_[power_slot(word)];
    if (slot == 0) return std::nullopt;
    if (slot != kManyPowers) {
        const PowerWord& power = power_words_[slot - 1u];
        if (power.key.size() <= 8)  // no byte of a word is zero: equal bytes, equal words
            return bytes == power.packed ? std::optional<std::size_t>(power.id) : std::nullopt;
    }
    return power_word(word);
}

std::size_t NameIndex::classic_word(std::string_view word) const {
    if (word.empty() || word.size() > kLongestKey) return 0;
    char key[kLongestKey];
    std::uint64_t hash = NameTable::kEmptyHash;
    for (std::size_t i = 0; i < word.size(); ++i) {
        const char c = word[i];
        key[i] = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
        hash = NameTable::hash_step(hash, key[i]);
    }
    const std::size_t* id = classic_words_.find(hash, std::string_view(key, word.size()));
    return id != nullptr ? *id + 1 : 0;
}

std::optional<std::size_t> NameIndex::power_word(std::string_view word) const {
    if (max_power_words_ > 1 || word.empty() || word.size() > kLongestKey) return std::nullopt;
    // Lowered as is_word lowers a token: the key is the normalised name.
    const auto same = [&](const PowerWord& power) {
        if (power.key.size() != word.size()) return false;
        for (std::size_t i = 0; i < word.size(); ++i) {
            char c = word[i];
            if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
            if (c != power.key[i]) return false;
        }
        return true;
    };
    const std::uint8_t slot = power_slots_[power_slot(word)];
    if (slot == 0) return std::nullopt;
    if (slot != kManyPowers) {
        const PowerWord& power = power_words_[slot - 1u];
        return same(power) ? std::optional<std::size_t>(power.id) : std::nullopt;
    }
    for (const PowerWord& power : power_words_)
        if (same(power)) return power.id;
    return std::nullopt;
}

NameIndex::Match NameIndex::longest(const NameTable& names, std::size_t max_words,
                                    std::span<const Token> tokens, std::size_t at) const {
    Match best;
    char key[kLongestKey];  // longer than any name; a longer run of words cannot match
    std::size_t length = 0;
    std::uint64_t hash = NameTable::kEmptyHash;  // of key[0, length)
    std::size_t i = at;
    // Bounded by the longest name's word count, so matching is linear in the line length.
    for (std::size_t words = 0; words < max_words && i < tokens.size(); ++words) {
        if (words > 0) {
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
        if (const std::size_t* id = names.find(hash, std::string_view(key, length)))
            best = Match{*id, i, true};
    }
    return best;
}

}  // namespace adjutant
