// SPDX-License-Identifier: Apache-2.0
#include "service/other_servers.h"

#include <charconv>

#include <spdlog/spdlog.h>

#include "service/context.h"
#include "service/error.h"
#include "service/text.h"

namespace adjutant::service {

std::string change_notice(const ServiceContext& context, char kind, std::string_view what) {
    std::string notice = context.server_id();
    notice += ' ';
    notice += kind;
    notice += what;
    return notice;
}

std::shared_ptr<const LoadedVariant> stored_variant(ServiceContext& context, const Locked& locked,
                                                    std::string_view key) {
    auto& registry = context.variants();
    auto known = registry.find(key);
    // A name from a URL may be any bytes; PostgreSQL refuses text that is not UTF-8, and no
    // variant is named so.
    if (find_invalid_utf8(key)) return known;
    const auto row = locked.store().variant(key);
    if (!row) {
        // A variant of the variants folder has no row: only an upload that is gone is removed.
        if (known && known->game_id) registry.remove(key);
        return known && known->game_id ? nullptr : known;
    }
    if (known && known->json == row->json) return known;
    try {
        return registry.add(row->json, row->game_id);
    } catch (const ApiError& error) {
        // Another server validated it with the same code; a failure here means a different
        // build: keep serving what this one has.
        spdlog::error("variant {} from the database: {}", key, error.what());
        return known;
    }
}

namespace {

// After notices may have been missed: every view may be outdated, every upload changed.
void refresh_everything(ServiceContext& context) {
    const auto locked = context.lock();
    context.game_cache().clear(locked);
    context.history_cache().clear(locked);
    for (const auto& row : locked.store().variants()) stored_variant(context, locked, row.name);
}

}  // namespace

void apply_change_notice(ServiceContext& context, std::string_view notice) {
    if (notice.empty()) return refresh_everything(context);
    const auto space = notice.find(' ');
    if (space == std::string_view::npos || space + 1 >= notice.size()) return;
    if (notice.substr(0, space) == context.server_id()) return;  // our own write
    const char kind = notice[space + 1];
    const std::string_view what = notice.substr(space + 2);
    if (kind == 'g') {
        std::int64_t game_id = 0;
        const auto [end, error] = std::from_chars(what.data(), what.data() + what.size(), game_id);
        if (error != std::errc() || end != what.data() + what.size()) return;
        const auto locked = context.lock();
        context.game_cache().drop(locked, game_id);
        context.history_cache().drop(locked, game_id);
    } else if (kind == 'v') {
        const auto locked = context.lock();
        stored_variant(context, locked, what);
    }
}

}  // namespace adjutant::service
