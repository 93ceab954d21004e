// SPDX-License-Identifier: Apache-2.0
// What a test of the services builds its GameService on: a SQLite database of its own in a
// temporary directory (named after the test and the process, so two test programs running at
// once do not meet), with the shipped variants loaded. The directory goes with it. A fixture
// derives from it and adds its service; the service, a member of the fixture, is destroyed
// before the database it uses.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <memory>
#include <string>

#include "app/runtime.h"
#include "service/crypto.h"
#include "service/game_service.h"
#include "storage/database.h"

namespace adjutant::testing {

struct DatabaseOnFile {
    explicit DatabaseOnFile(const std::string& name)
        : dir(std::filesystem::temp_directory_path() /
              ("adjutant-" + name + "-" + std::to_string(::getpid()))) {
        service::crypto_init();
        std::filesystem::remove_all(dir);
        std::filesystem::create_directories(dir);
        config::ServerConfig config;
        config.database = (dir / "test.db").string();
        config.variants_dir = ADJUTANT_SOURCE_DIR "/config/variants";
        db = app::open_database(config.database);
        app::load_variants(config, *db, variants);
    }
    ~DatabaseOnFile() {
        db.reset();
        std::filesystem::remove_all(dir);
    }
    DatabaseOnFile(const DatabaseOnFile&) = delete;
    DatabaseOnFile& operator=(const DatabaseOnFile&) = delete;

    std::filesystem::path dir;
    std::unique_ptr<storage::Database> db;
    service::VariantRegistry variants;
};

}  // namespace adjutant::testing
