// SPDX-License-Identifier: Apache-2.0
// Servers sharing one PostgreSQL database keep in memory what they rendered (the views) and
// registered (the variants) from it. A write tells the others through a change notice, sent
// with its transaction's commit (storage::Database::notify_change), and each server applies
// the notices it hears (storage::ChangeListener) here (docs/storage.md, "Telling the other
// servers").
//
// A notice is "<server id> <kind><what>": kind 'g' with a game id (its views are outdated),
// 'v' with a variant's key (read it again). An empty notice means notices may have been missed.
#pragma once

#include <memory>
#include <string>
#include <string_view>

namespace adjutant::service {

class Locked;
class ServiceContext;
struct LoadedVariant;

std::string change_notice(const ServiceContext& context, char kind, std::string_view what);

// Applies another server's notice; ignores this server's own and any it cannot read.
void apply_change_notice(ServiceContext& context, std::string_view notice);

// Registers the variants table's row `key` if it differs from the registry's (or removes the
// registry's when the row is gone), and returns the variant now registered, or nullptr.
std::shared_ptr<const LoadedVariant> stored_variant(ServiceContext& context, const Locked& locked,
                                                    std::string_view key);

}  // namespace adjutant::service
