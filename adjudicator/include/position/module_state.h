// SPDX-License-Identifier: Apache-2.0
// The rule modules' parts of a position (module/rule_module.h): each module keeps what it
// tracks from week to week in a value type of its own, and the position copies, compares and
// normalises it without knowing what it holds.
//
// A module's state type `S` is a regular value (copyable, `==`) with
//   bool empty() const   nothing tracked: a position without it equals one with it empty
//   void normalise()     restores its sorted invariants after edits
// and may have
//   void carry_over()    drops what lasts one phase only, as the next phase starts from it
// A position holds at most one `S`; `get<S>()` makes it on first use. Classic positions hold
// none.
#pragma once

#include <memory>
#include <utility>
#include <vector>

namespace adjutant {

class ModuleStates {
  public:
    ModuleStates() = default;
    ModuleStates(const ModuleStates& other) { *this = other; }
    ModuleStates& operator=(const ModuleStates& other) {
        if (this == &other) return *this;
        slots_.clear();
        slots_.reserve(other.slots_.size());
        for (const Slot& s : other.slots_) slots_.push_back(Slot{s.key, s.state->clone()});
        return *this;
    }
    ModuleStates(ModuleStates&&) noexcept = default;
    ModuleStates& operator=(ModuleStates&&) noexcept = default;
    ~ModuleStates() = default;

    // The position's `S`, or nullptr when it has none.
    template <typename S>
    const S* find() const {
        for (const Slot& s : slots_)
            if (s.key == key<S>()) return &static_cast<const Of<S>&>(*s.state).value;
        return nullptr;
    }
    // The position's `S`, or an empty one when it has none (read-only: nothing is made).
    template <typename S>
    const S& get_or_empty() const {
        static const S kNone{};
        const S* found = find<S>();
        return found != nullptr ? *found : kNone;
    }
    // The position's `S`, made empty when it had none.
    template <typename S>
    S& get() {
        for (Slot& s : slots_)
            if (s.key == key<S>()) return static_cast<Of<S>&>(*s.state).value;
        slots_.push_back(Slot{key<S>(), std::make_unique<Of<S>>()});
        return static_cast<Of<S>&>(*slots_.back().state).value;
    }

    void normalise() {
        for (Slot& s : slots_) s.state->normalise();
    }

    // The states the next phase starts from: each whole, less what lasts one phase only.
    ModuleStates carried_over() const {
        ModuleStates next = *this;
        for (Slot& s : next.slots_) s.state->carry_over();
        return next;
    }

    // Equal when every state either side holds equals the other side's (an absent state
    // equals an empty one).
    friend bool operator==(const ModuleStates& a, const ModuleStates& b) {
        return a.covered_by(b) && b.covered_by(a);
    }

  private:
    struct Holder {
        virtual ~Holder() = default;
        virtual std::unique_ptr<Holder> clone() const = 0;
        virtual bool equals(const Holder* other) const = 0;  // other may be null: absent
        virtual void normalise() = 0;
        virtual void carry_over() = 0;
    };
    template <typename S>
    struct Of final : Holder {
        S value;
        std::unique_ptr<Holder> clone() const override { return std::make_unique<Of>(*this); }
        bool equals(const Holder* other) const override {
            return other == nullptr ? value.empty() : value == static_cast<const Of&>(*other).value;
        }
        void normalise() override { value.normalise(); }
        void carry_over() override {
            if constexpr (requires(S & s) { s.carry_over(); }) value.carry_over();
        }
    };
    struct Slot {
        const void* key;
        std::unique_ptr<Holder> state;
    };

    // One address per state type, the same in every translation unit.
    template <typename S>
    static const void* key() {
        static const char tag = 0;
        return &tag;
    }

    bool covered_by(const ModuleStates& other) const {
        for (const Slot& s : slots_) {
            const Holder* match = nullptr;
            for (const Slot& o : other.slots_)
                if (o.key == s.key) match = o.state.get();
            if (!s.state->equals(match)) return false;
        }
        return true;
    }

    std::vector<Slot> slots_;
};

}  // namespace adjutant
