// SPDX-License-Identifier: Apache-2.0
// Start-up plumbing shared by `serve`, `migrate`, `backup`, `replay` and the tests: open the
// database (creating its directory), apply migrations, load variants from the configured
// directory and from the database (uploads).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "config/server_config.h"
#include "mail/outbox_sender.h"
#include "service/variants.h"
#include "storage/sqlite.h"

namespace adjutant::app {

// Opens `path` and migrates it. Throws storage::Error (including "schema newer than this
// binary"). `applied` receives the number of migrations applied.
std::unique_ptr<storage::Database> open_database(const std::string& path, int* applied = nullptr);

// Loads the variants directory and every uploaded variant; returns the problems found (the
// server starts anyway with the variants that loaded).
std::vector<std::string> load_variants(const config::ServerConfig& config, storage::Database& db,
                                       service::VariantRegistry& registry);

// The outbox sender of `serve`, started; null when mail is disabled in the config. Destroy it
// (it stops and joins) before the service.
std::unique_ptr<mail::OutboxSender> start_mail_sender(const config::ServerConfig& config,
                                                      service::GameService& service);

}  // namespace adjutant::app
