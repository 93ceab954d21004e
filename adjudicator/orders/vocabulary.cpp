// SPDX-License-Identifier: Apache-2.0
#include "orders/vocabulary.h"

#include <stdexcept>
#include <string>

namespace adjutant {

namespace {

char lower(char c) {
    return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

// The hash of a spelling in lower case, and the slot it starts its search at.
std::uint32_t hash_step(std::uint32_t hash, char c) {
    return hash * 33 + static_cast<unsigned char>(c);
}
std::size_t first_slot(std::uint32_t hash, std::size_t slots) {
    return (hash ^ (hash >> 9)) & (slots - 1);
}

[[noreturn]] void refuse(const char* why, std::string_view spelling) {
    throw std::invalid_argument(std::string(why) + ": '" + std::string(spelling) + "'");
}

}  // namespace

Vocabulary::Vocabulary(std::span<const std::string_view> more) {
    spellings_.push_back("");
    for (std::size_t id = 1; id < kKeywordCount; ++id) add(kKeywordSpellings[id]);
    for (const std::string_view spelling : more) add(spelling);
}

void Vocabulary::add(std::string_view spelling) {
    if (spelling.empty() || spelling.size() > kMaxLength)
        refuse("an order word is 1 to 16 letters", spelling);
    for (const char c : spelling)
        if (c != lower(c) || static_cast<unsigned char>(c) >= 128)
            refuse("an order word is listed in lower case ASCII", spelling);
    if (find(spelling) != kNoWord) return;  // another module's word, or the core's
    if (spellings_.size() > 255) refuse("the order language has more than 255 words", spelling);
    const auto id = static_cast<WordId>(spellings_.size());
    spellings_.push_back(spelling);
    maybe_[spelling.size() * 32 + fold(spelling.front())] |= std::uint32_t{1}
                                                             << fold(spelling.back());
    if (spelling.size() == 1) {
        const auto c = static_cast<unsigned char>(spelling[0]);
        one_byte_[c] = id;
        if (c >= 'a' && c <= 'z') one_byte_[c - 'a' + 'A'] = id;
        return;
    }
    std::uint32_t hash = 0;
    for (const char c : spelling) hash = hash_step(hash, c);
    std::size_t i = first_slot(hash, kSlots);
    while (slots_[i] != kNoWord) i = (i + 1) & (kSlots - 1);
    slots_[i] = id;
}

WordId Vocabulary::lookup(std::string_view word) const {
    // Lowered and hashed in one pass over the word, as add hashes the spellings.
    char lowered[kMaxLength];
    std::uint32_t hash = 0;
    for (std::size_t i = 0; i < word.size(); ++i) {
        lowered[i] = lower(word[i]);
        hash = hash_step(hash, lowered[i]);
    }
    const std::string_view wanted(lowered, word.size());
    for (std::size_t i = first_slot(hash, kSlots);; i = (i + 1) & (kSlots - 1)) {
        const WordId id = slots_[i];
        if (id == kNoWord) return kNoWord;
        if (spellings_[id] == wanted) return id;
    }
}

const Vocabulary& core_vocabulary() {
    static const Vocabulary core;
    return core;
}

Keyword keyword_of(std::string_view word) {
    return static_cast<Keyword>(core_vocabulary().find(word));
}

}  // namespace adjutant
