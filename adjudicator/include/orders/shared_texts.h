// SPDX-License-Identifier: Apache-2.0
// Several submissions copied into one buffer, for OrderParser::parse_into's `owner`: the
// verdicts of every seat's parse share it instead of a copy each (the server's resolution
// parses each seat's submission on its own and joins their verdicts).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <memory>
#include <string_view>

namespace adjutant {

class SharedTexts {
  public:
    // `text_of(item)` gives each item's text, copied in the items' order.
    template <typename Items, typename TextOf>
    SharedTexts(const Items& items, TextOf&& text_of) {
        std::size_t bytes = 0;
        for (const auto& item : items) bytes += std::string_view(text_of(item)).size();
        std::shared_ptr<char[]> buffer = std::make_shared_for_overwrite<char[]>(bytes);
        std::size_t filled = 0;
        for (const auto& item : items) {
            const std::string_view text = text_of(item);
            std::memcpy(buffer.get() + filled, text.data(), text.size());
            filled += text.size();
        }
        buffer_ = std::move(buffer);
        size_ = bytes;
    }

    // The copy of the next item's text, `original` (asked in the items' order, as copied): no
    // list of the texts is kept, which would cost the resolution an allocation.
    std::string_view next(std::string_view original) {
        const std::size_t size = std::min(original.size(), size_ - read_);
        const std::string_view copy(buffer_.get() + read_, size);
        read_ += size;
        return copy;
    }
    const std::shared_ptr<const char[]>& owner() const { return buffer_; }

  private:
    std::shared_ptr<const char[]> buffer_;
    std::size_t size_ = 0;
    std::size_t read_ = 0;
};

}  // namespace adjutant
