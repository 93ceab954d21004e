// SPDX-License-Identifier: Apache-2.0
// The rule modules' parts of a unit (module/rule_module.h's read_unit / write_unit): each module
// keeps what it tracks on a unit in a small value type of its own, and the unit carries it
// wherever it goes (moved, dislodged, copied into the next phase) while the core copies and
// compares it without knowing what it holds. As position/module_state.h for a position, but held
// inside the unit, so that copying a unit allocates nothing.
//
// A module's attribute type `A` is a trivially copyable value of at most kBytes bytes, with `==`,
// whose `A{}` means "nothing tracked": a unit without it equals one with it at `A{}`. A unit
// holds at most kSlots types, one a module (today rivers, sieges and rail keep one each);
// `get<A>()` makes `A` on first use. Classic units hold none.
#pragma once

#include <array>
#include <cstddef>
#include <new>
#include <stdexcept>
#include <type_traits>

namespace adjutant {

class ModuleAttributes {
  public:
    static constexpr std::size_t kSlots = 4;
    static constexpr std::size_t kBytes = 16;

    // The unit's `A`, or nullptr when it has none.
    template <typename A>
    const A* find() const {
        for (const Slot& s : slots_)
            if (s.kind == kind<A>()) return std::launder(reinterpret_cast<const A*>(s.bytes));
        return nullptr;
    }
    // The unit's `A`, or an empty one when it has none (read-only: nothing is made).
    template <typename A>
    const A& get_or_empty() const {
        static const A kNone{};
        const A* found = find<A>();
        return found != nullptr ? *found : kNone;
    }
    // The unit's `A`, made empty when it had none. A part once made keeps its slot, so a
    // reference to it lasts as long as the unit.
    template <typename A>
    A& get() {
        for (Slot& s : slots_)
            if (s.kind == kind<A>()) return *std::launder(reinterpret_cast<A*>(s.bytes));
        for (Slot& s : slots_) {
            if (s.kind != nullptr) continue;
            s.kind = kind<A>();
            return *::new (static_cast<void*>(s.bytes)) A{};
        }
        throw std::logic_error(
            "more rule modules keep attributes on a unit than "
            "ModuleAttributes::kSlots");
    }

    // Equal when every part either side holds equals the other side's (an absent part equals
    // an empty one).
    friend bool operator==(const ModuleAttributes& a, const ModuleAttributes& b) {
        return a.covered_by(b) && b.covered_by(a);
    }

  private:
    // What the core may do with a part without knowing its type.
    struct Kind {
        bool (*empty)(const std::byte* bytes);
        bool (*equal)(const std::byte* a, const std::byte* b);
    };
    struct Slot {
        const Kind* kind = nullptr;  // nullptr: the slot is free
        alignas(8) std::byte bytes[kBytes] = {};
    };

    // One Kind per attribute type, the same in every translation unit; its address is the key.
    template <typename A>
    static const Kind* kind() {
        static_assert(std::is_trivially_copyable_v<A> && sizeof(A) <= kBytes && alignof(A) <= 8,
                      "a module's unit attributes are a small trivially copyable value");
        static constexpr Kind kKind{[](const std::byte* bytes) {
                                        return *std::launder(reinterpret_cast<const A*>(bytes)) ==
                                               A{};
                                    },
                                    [](const std::byte* a, const std::byte* b) {
                                        return *std::launder(reinterpret_cast<const A*>(a)) ==
                                               *std::launder(reinterpret_cast<const A*>(b));
                                    }};
        return &kKind;
    }

    bool covered_by(const ModuleAttributes& other) const {
        for (const Slot& s : slots_) {
            if (s.kind == nullptr) continue;
            const Slot* match = nullptr;
            for (const Slot& o : other.slots_)
                if (o.kind == s.kind) match = &o;
            if (match != nullptr ? !s.kind->equal(s.bytes, match->bytes) : !s.kind->empty(s.bytes))
                return false;
        }
        return true;
    }

    std::array<Slot, kSlots> slots_{};
};

}  // namespace adjutant
