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
#include "service/game_service.h"
#include "service/variants.h"
#include "storage/change_listener.h"
#include "storage/database.h"

namespace adjutant::app {

// One server per database file (docs/server.md, "Running"): an exclusive flock(2) on
// "<database>.lock" beside it, held until the object is destroyed (the kernel drops it if the
// process dies, so a kill -9 leaves nothing stale). The file holds the holder's pid, for the
// message.
class DatabaseLock {
  public:
    // nullptr with `error` set when another process holds the lock or the file cannot be
    // opened. ":memory:" and PostgreSQL need no lock (an empty lock is returned).
    static std::unique_ptr<DatabaseLock> acquire(const std::string& database, std::string& error);
    ~DatabaseLock();
    DatabaseLock(const DatabaseLock&) = delete;
    DatabaseLock& operator=(const DatabaseLock&) = delete;
    const std::string& path() const { return path_; }

  private:
    DatabaseLock(int fd, std::string path) : fd_(fd), path_(std::move(path)) {}
    int fd_ = -1;
    std::string path_;
};

// For `serve`, once it holds the lock: why this process may not write the SQLite database
// `database` (the file, the write-ahead log and shared-memory files SQLite keeps beside it, or
// the directory it creates them in), or empty when it may. "cannot write the database
// /var/lib/adjutant/adjutant.db: the file is not writable (Permission denied)". Asked as the
// writes will be made, with the process's effective user: root writes a file of mode 0444,
// and may. Empty for ":memory:" and PostgreSQL.
std::string unwritable_database(const std::string& database);

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
                                                      service::MailService& mail_service);

// On a PostgreSQL database, the listener that applies the other servers' change notices
// (service/other_servers.h), started; null on SQLite, which no other server opens. Destroy it
// (it stops and joins) before the service.
std::unique_ptr<storage::ChangeListener> start_change_listener(const config::ServerConfig& config,
                                                               service::GameService& service);

// The accounts' settings (docs/accounts.md) of a configuration whose mail.web_url is set: the
// links' lifetimes, the sign-in limits, and the addresses the sign-in mails use.
service::AccountSettings account_settings(const config::ServerConfig& config);

}  // namespace adjutant::app
