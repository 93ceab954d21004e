// SPDX-License-Identifier: Apache-2.0
// The order parser's name table (orders/name_table.h): found by the caller's running hash,
// first id kept, and every key still found after the table grows.
#include <doctest/doctest.h>

#include <string>

#include "orders/name_table.h"

using adjutant::NameTable;

TEST_CASE("name table: a key keeps its first id; misses and prefixes are not found") {
    NameTable table;
    table.insert("par", 7);
    table.insert("paris", 7);
    table.insert("par", 9);  // an alias clashing with an abbreviation: the first stays
    CHECK(table.size() == 2);
    const std::size_t* par = table.find(NameTable::hash_of("par"), "par");
    REQUIRE(par != nullptr);
    CHECK(*par == 7);
    CHECK(table.find(NameTable::hash_of("pa"), "pa") == nullptr);
    CHECK(table.find(NameTable::hash_of("pari"), "pari") == nullptr);
    // The same hash with other bytes is no match.
    CHECK(table.find(NameTable::hash_of("par"), "bur") == nullptr);
}

TEST_CASE("name table: the running hash is the hash of the key, and growth keeps every key") {
    std::uint64_t running = NameTable::kEmptyHash;
    for (char c : std::string("mid atlantic ocean")) running = NameTable::hash_step(running, c);
    CHECK(running == NameTable::hash_of("mid atlantic ocean"));
    NameTable table;
    for (std::size_t i = 0; i < 1000; ++i) table.insert("name " + std::to_string(i), i);
    CHECK(table.size() == 1000);
    for (std::size_t i = 0; i < 1000; ++i) {
        const std::string key = "name " + std::to_string(i);
        const std::size_t* id = table.find(NameTable::hash_of(key), key);
        REQUIRE(id != nullptr);
        CHECK(*id == i);
    }
}
