// SPDX-License-Identifier: Apache-2.0
// The rule modules' parts of a variant (module/rule_module.h): which modules the variant's
// `rules` section enables, and each enabled module's parameters in a type of its own, defined in
// the module's folder (`rules/<module>/parameters.h`). The campaign map keeps them without
// knowing what they hold, as a position keeps the modules' states (position/module_state.h).
//
// A module's parameter type `P` is a copyable value with its rule's numbers as defaults. A
// variant holds at most one `P`; the module's `read_parameters` makes it with `get<P>()` and
// every reader asks `find<P>()`, which is null when the variant does not enable the module.
#pragma once

#include <algorithm>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace adjutant {

class ModuleParams {
  public:
    ModuleParams() = default;
    ModuleParams(const ModuleParams& other) { *this = other; }
    ModuleParams& operator=(const ModuleParams& other) {
        if (this == &other) return *this;
        enabled_ = other.enabled_;
        slots_.clear();
        slots_.reserve(other.slots_.size());
        for (const Slot& s : other.slots_) slots_.push_back(Slot{s.key, s.params->clone()});
        return *this;
    }
    ModuleParams(ModuleParams&&) noexcept = default;
    ModuleParams& operator=(ModuleParams&&) noexcept = default;
    ~ModuleParams() = default;

    // Whether the variant's `rules` section names the module called `name` (`"rules":
    // {"field_works": {}}`): the loader records it before the module reads its part.
    bool enabled(std::string_view name) const {
        return std::find(enabled_.begin(), enabled_.end(), name) != enabled_.end();
    }
    void enable(std::string_view name) {
        if (!enabled(name)) enabled_.emplace_back(name);
    }

    // The variant's `P`, or nullptr when it has none (the module is off).
    template <typename P>
    const P* find() const {
        for (const Slot& s : slots_)
            if (s.key == key<P>()) return &static_cast<const Of<P>&>(*s.params).value;
        return nullptr;
    }
    // The variant's `P`, or one with its defaults when it has none (read-only: nothing is made).
    template <typename P>
    const P& get_or_default() const {
        static const P kDefaults{};
        const P* found = find<P>();
        return found != nullptr ? *found : kDefaults;
    }
    // The variant's `P`, made with its defaults when it had none.
    template <typename P>
    P& get() {
        for (Slot& s : slots_)
            if (s.key == key<P>()) return static_cast<Of<P>&>(*s.params).value;
        slots_.push_back(Slot{key<P>(), std::make_unique<Of<P>>()});
        return static_cast<Of<P>&>(*slots_.back().params).value;
    }

  private:
    struct Holder {
        virtual ~Holder() = default;
        virtual std::unique_ptr<Holder> clone() const = 0;
    };
    template <typename P>
    struct Of final : Holder {
        P value;
        std::unique_ptr<Holder> clone() const override { return std::make_unique<Of>(*this); }
    };
    struct Slot {
        const void* key;
        std::unique_ptr<Holder> params;
    };

    // One address per parameter type, the same in every translation unit.
    template <typename P>
    static const void* key() {
        static const char tag = 0;
        return &tag;
    }

    std::vector<std::string> enabled_;
    std::vector<Slot> slots_;
};

}  // namespace adjutant
