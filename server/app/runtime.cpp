// SPDX-License-Identifier: Apache-2.0
#include "app/runtime.h"

#include <filesystem>

#include "service/error.h"
#include "storage/migrations.h"
#include "storage/store.h"

namespace adjutant::app {

std::unique_ptr<storage::Database> open_database(const std::string& path, int* applied) {
    if (path != ":memory:") {
        const auto parent = std::filesystem::path(path).parent_path();
        std::error_code ec;
        if (!parent.empty()) std::filesystem::create_directories(parent, ec);
    }
    auto db = std::make_unique<storage::Database>(path);
    int count = storage::migrate(*db);
    if (applied) *applied = count;
    return db;
}

std::vector<std::string> load_variants(const config::ServerConfig& config, storage::Database& db,
                                       service::VariantRegistry& registry) {
    std::vector<std::string> problems = registry.load_directory(config.variants_dir);
    storage::Store store(db);
    for (const auto& [name, json] : store.variants()) {
        try {
            registry.add(json);
        } catch (const service::ApiError& error) {
            problems.push_back("uploaded variant " + name + ": " + error.what());
        }
    }
    return problems;
}

std::unique_ptr<mail::OutboxSender> start_mail_sender(const config::ServerConfig& config,
                                                      service::GameService& service) {
    if (!config.mail.enabled) return nullptr;
    auto sender = std::make_unique<mail::OutboxSender>(service, config.mail);
    sender->start();
    return sender;
}

}  // namespace adjutant::app
