// SPDX-License-Identifier: Apache-2.0
// The one pattern every statement of the storage layer follows: prepare (cached), bind ?1, ?2,
// ... in order, step, reset. Shared by the store files (store.cpp, press_store.cpp); nothing
// outside server/storage/ includes it.
#pragma once

#include <optional>
#include <string_view>
#include <type_traits>
#include <vector>

#include "storage/database.h"

namespace adjutant::storage::statements {

// The reset runs on every way out, a throw included, so no half-read SELECT keeps its read
// snapshot of the WAL open.
template <typename... Values>
Statement& bind_all(Database& db, std::string_view sql, const Values&... values) {
    Statement& s = db.prepare(sql);
    int index = 0;
    (s.bind(++index, values), ...);
    return s;
}

class ResetOnExit {
  public:
    explicit ResetOnExit(Statement& s) : s_(s) {}
    ResetOnExit(const ResetOnExit&) = delete;
    ResetOnExit& operator=(const ResetOnExit&) = delete;
    ~ResetOnExit() { s_.reset(); }

  private:
    Statement& s_;
};

template <typename... Values>
void execute(Database& db, std::string_view sql, const Values&... values) {
    bind_all(db, sql, values...).run();
}

template <typename Read, typename... Values>
auto query_one(Database& db, std::string_view sql, Read read, const Values&... values)
    -> std::optional<std::invoke_result_t<Read, const Statement&>> {
    Statement& s = bind_all(db, sql, values...);
    ResetOnExit reset(s);
    if (!s.step()) return std::nullopt;
    return read(s);
}

template <typename Read, typename... Values>
auto query_all(Database& db, std::string_view sql, Read read, const Values&... values)
    -> std::vector<std::invoke_result_t<Read, const Statement&>> {
    Statement& s = bind_all(db, sql, values...);
    ResetOnExit reset(s);
    std::vector<std::invoke_result_t<Read, const Statement&>> rows;
    while (s.step()) rows.push_back(read(s));
    return rows;
}

}  // namespace adjutant::storage::statements
