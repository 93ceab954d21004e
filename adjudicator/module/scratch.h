// SPDX-License-Identifier: Apache-2.0
// The rule modules' scratch space (docs/design.md, "Scratch space"): working vectors a turn
// step keeps from week to week, so that a week of the 1914 map does not allocate them all
// again. It lives in the caller's Adjudicator and reaches the steps through their TurnContext
// (`context.scratch`); the library keeps no scratch anywhere else, and no global or per-thread
// state at all.
//
// A step asks for its own type: `context.scratch.get<WeekScratch>()` makes one, value-initialised,
// the first time that Adjudicator runs the step, and hands back the same one every week after.
// Nothing in it may carry a week's meaning to the next: a step sizes or clears what it reads
// before reading it, so an Adjudicator reused for any game or variant gives the results a new
// one gives.
#pragma once

#include <memory>
#include <vector>

namespace adjutant {

class ModuleScratch {
  public:
    // This arena's `S`, made on first use.
    template <typename S>
    S& get() {
        // Made through a function the lookup (scratch.cpp) calls only the first time, so a
        // step that asks does not carry the code that makes an `S`: with it written out in the
        // LOC step, the compiler stopped inlining the step's graph building into it (some 40k
        // instructions more a 1914 week).
        const Make make = []() -> std::unique_ptr<Holder> { return std::make_unique<Of<S>>(); };
        return static_cast<Of<S>&>(find_or_make(key<S>(), make)).value;
    }

  private:
    struct Holder {
        virtual ~Holder() = default;
    };
    using Make = std::unique_ptr<Holder> (*)();
    Holder& find_or_make(const void* key, Make make);
    template <typename S>
    struct Of final : Holder {
        S value{};
    };
    struct Slot {
        const void* key;
        std::unique_ptr<Holder> scratch;
    };

    // One address per scratch type, the same in every translation unit. The tag is constant
    // and never read: only its address is used, as ModuleStates does.
    template <typename S>
    static const void* key() {
        static const char tag = 0;
        return &tag;
    }

    std::vector<Slot> slots_;
};

}  // namespace adjutant
