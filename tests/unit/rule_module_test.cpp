// SPDX-License-Identifier: Apache-2.0
// The rule-module seam (docs/rule-modules.md): the registry, and the holder of the modules'
// parts of a position.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "module/rule_module.h"
#include "position/module_state.h"

using namespace adjutant;

namespace {

// A module's state as the holder expects one: a value with empty() and normalise().
struct Tally {
    std::vector<int> marks;
    bool empty() const { return marks.empty(); }
    void normalise() { std::sort(marks.begin(), marks.end()); }
    friend bool operator==(const Tally&, const Tally&) = default;
};

struct Flag {
    bool set = false;
    bool empty() const { return !set; }
    void normalise() {}
    friend bool operator==(const Flag&, const Flag&) = default;
};

}  // namespace

TEST_CASE("Rule modules: registered once each, in the week's order, found by name") {
    std::vector<std::string> names;
    for (const RuleModule* m : rule_modules()) {
        REQUIRE(m != nullptr);
        CHECK((m->enabled != nullptr));
        names.emplace_back(m->name);
        CHECK(find_rule_module(m->name) == m);
    }
    CHECK(names == std::vector<std::string>{"tabletop_battles", "army_strength", "reinforcements",
                                            "supply", "sieges", "field_works", "detachments",
                                            "rail_network", "generals", "rivers", "experience",
                                            "fog_of_war"});
    CHECK(find_rule_module("strength") == nullptr);
    CHECK(find_rule_module("") == nullptr);
}

TEST_CASE("Module states: made on first use, copied deeply, compared with absent as empty") {
    ModuleStates a;
    CHECK(a.find<Tally>() == nullptr);
    a.get<Tally>().marks = {3, 1, 2};
    a.get<Flag>().set = true;
    REQUIRE(a.find<Tally>() != nullptr);
    CHECK(a.find<Tally>()->marks.size() == 3);

    ModuleStates b = a;
    CHECK(b == a);
    b.get<Tally>().marks.push_back(4);  // a deep copy: `a` keeps its three marks
    CHECK(a.find<Tally>()->marks.size() == 3);
    CHECK_FALSE(b == a);

    a.normalise();
    CHECK(a.find<Tally>()->marks == std::vector<int>{1, 2, 3});

    ModuleStates none;
    ModuleStates emptied;
    emptied.get<Tally>();  // present but empty
    emptied.get<Flag>();
    CHECK(none == emptied);
    CHECK(emptied == none);
    emptied.get<Flag>().set = true;
    CHECK_FALSE(none == emptied);

    ModuleStates moved = std::move(b);
    CHECK(moved.find<Tally>()->marks.size() == 4);
}
