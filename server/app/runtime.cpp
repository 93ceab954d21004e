// SPDX-License-Identifier: Apache-2.0
#include "app/runtime.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "service/error.h"
#include "storage/migrations.h"
#include "storage/open.h"
#include "storage/store.h"

namespace adjutant::app {

std::unique_ptr<DatabaseLock> DatabaseLock::acquire(const std::string& database,
                                                    std::string& error) {
    // Several servers on one PostgreSQL database is what that backend is for: they claim due
    // work with row locks instead (docs/storage.md).
    if (database == ":memory:" || storage::is_postgres_uri(database))
        return std::unique_ptr<DatabaseLock>(new DatabaseLock(-1, ""));
    const auto parent = std::filesystem::path(database).parent_path();
    std::error_code ec;
    if (!parent.empty()) std::filesystem::create_directories(parent, ec);
    const std::string path = database + ".lock";
    const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) {
        error = "cannot open the lock file " + path + ": " + std::strerror(errno);
        return nullptr;
    }
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        const int code = errno;
        char pid[32] = {};
        const auto n = ::pread(fd, pid, sizeof pid - 1, 0);
        ::close(fd);
        std::string holder = n > 0 ? std::string(pid, static_cast<std::size_t>(n)) : "";
        while (!holder.empty() && (holder.back() == '\n' || holder.back() == ' '))
            holder.pop_back();
        if (code == EWOULDBLOCK)
            error = "another adjutant server is already using " + database + " (" +
                    (holder.empty() ? "a process" : "pid " + holder) + " holds " + path +
                    "); refusing to start: two servers on one database would serve stale "
                    "state and race to resolve deadlines";
        else
            error = "cannot lock " + path + ": " + std::strerror(code);
        return nullptr;
    }
    const std::string pid = std::to_string(::getpid()) + "\n";
    if (::ftruncate(fd, 0) == 0) {
        [[maybe_unused]] const auto written = ::pwrite(fd, pid.data(), pid.size(), 0);
    }
    return std::unique_ptr<DatabaseLock>(new DatabaseLock(fd, path));
}

DatabaseLock::~DatabaseLock() {
    if (fd_ >= 0) ::close(fd_);  // closing drops the lock; the file stays, harmlessly
}

namespace {

// Why the process's effective user may not access `path` for `mode` (errno's words), or empty.
std::string access_refusal(const std::string& path, int mode) {
    if (::faccessat(AT_FDCWD, path.c_str(), mode, AT_EACCESS) == 0) return {};
    return std::strerror(errno);
}

}  // namespace

std::string unwritable_database(const std::string& database) {
    if (database == ":memory:" || storage::is_postgres_uri(database)) return {};
    const std::string cannot = "cannot write the database " + database + ": ";
    // Each file that exists; SQLite creates the missing ones in the directory.
    for (const std::string suffix : {"", "-wal", "-shm"}) {
        const std::string file = database + suffix;
        if (::access(file.c_str(), F_OK) != 0) continue;
        if (const std::string why = access_refusal(file, W_OK); !why.empty())
            return cannot + (suffix.empty() ? "the file" : "its " + file) + " is not writable (" +
                   why + ")";
    }
    const std::filesystem::path parent = std::filesystem::path(database).parent_path();
    const std::string directory = parent.empty() ? std::string(".") : parent.string();
    if (const std::string why = access_refusal(directory, W_OK | X_OK); !why.empty())
        return cannot + "its directory " + directory + " is not writable (" + why +
               "), and SQLite keeps its write-ahead log there";
    return {};
}

std::unique_ptr<storage::Database> open_database(const std::string& path, int* applied) {
    if (path != ":memory:" && !storage::is_postgres_uri(path)) {
        const auto parent = std::filesystem::path(path).parent_path();
        std::error_code ec;
        if (!parent.empty()) std::filesystem::create_directories(parent, ec);
    }
    auto db = storage::connect(path);
    int count = storage::migrate(*db);
    if (applied) *applied = count;
    return db;
}

std::vector<std::string> load_variants(const config::ServerConfig& config, storage::Database& db,
                                       service::VariantRegistry& registry) {
    std::vector<std::string> problems = registry.load_directory(config.variants_dir);
    storage::Store store(db);
    for (const auto& row : store.variants()) {
        try {
            registry.add(row.json, row.game_id);
        } catch (const service::ApiError& error) {
            problems.push_back("uploaded variant " + row.name + ": " + error.what());
        }
    }
    return problems;
}

std::unique_ptr<mail::OutboxSender> start_mail_sender(const config::ServerConfig& config,
                                                      service::MailService& mail_service) {
    if (!config.mail.enabled) return nullptr;
    auto sender = std::make_unique<mail::OutboxSender>(mail_service, config.mail);
    sender->start();
    return sender;
}

std::unique_ptr<storage::ChangeListener> start_change_listener(const config::ServerConfig& config,
                                                               service::GameService& service) {
    if (!storage::is_postgres_uri(config.database)) return nullptr;
    auto listener = std::make_unique<storage::ChangeListener>(
        config.database,
        [&service](std::string_view notice) { service.apply_change_notice(notice); });
    listener->start();
    return listener;
}

service::AccountSettings account_settings(const config::ServerConfig& config) {
    service::AccountSettings settings;
    settings.link_seconds = config.accounts.link_seconds;
    settings.session_seconds = config.accounts.session_seconds;
    settings.sign_ins_per_hour_per_email = config.accounts.sign_ins_per_hour_per_email;
    settings.sign_ins_per_hour_per_address = config.accounts.sign_ins_per_hour_per_address;
    settings.mail = {config.mail.domain, config.mail.orders_local_part, config.mail.web_url};
    return settings;
}

}  // namespace adjutant::app
