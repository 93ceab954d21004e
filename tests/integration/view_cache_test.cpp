// SPDX-License-Identifier: Apache-2.0
// The view cache (service/view_cache.h): within its byte budget it evicts the views not read
// since its clock hand last passed, keeps a view that is read, never serves a view a write
// dropped, and counts every view and kept text once, while readers read without the lock.
#include <doctest/doctest.h>

#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "app/runtime.h"
#include "service/context.h"
#include "service/crypto.h"
#include "service/game_service.h"
#include "service/view_cache.h"

namespace {

using adjutant::service::ViewBudget;

struct Page {
    std::string body;
};

// The test document's estimate (the cache finds it as it finds the game document's).
std::size_t heap_bytes(const Page& page) {
    return page.body.capacity();
}

using PageView = adjutant::service::View<Page>;
using PageCache = adjutant::service::ViewCache<Page>;

std::shared_ptr<const PageView> page(std::int64_t revision) {
    return std::make_shared<const PageView>("\"p\"", revision, false, Page{std::string(1000, 'x')});
}

// A context for its lock only: the cache's writers hold it.
struct Services {
    Services()
        : db(adjutant::app::open_database(":memory:")),
          context(*db, variants, {}, [] { return true; }) {}

    std::unique_ptr<adjutant::storage::Database> db;
    adjutant::service::VariantRegistry variants;
    adjutant::service::ServiceContext context;
};

// What one page's view costs the budget, without its text.
std::int64_t bytes_of_one_view(Services& services) {
    const auto budget = std::make_shared<ViewBudget>();
    PageCache cache(budget);
    cache.publish(services.context.lock(), 1, page(1));
    return budget->bytes();
}

}  // namespace

TEST_CASE("view cache: past its budget it evicts, and holds no more than the budget") {
    Services services;
    const std::int64_t one = bytes_of_one_view(services);
    CHECK(one > 1000);
    const auto budget = std::make_shared<ViewBudget>();
    budget->set_limit(static_cast<std::size_t>(10 * one + one / 2));  // room for ten views
    PageCache cache(budget);
    for (std::int64_t game = 1; game <= 100; ++game) {
        cache.publish(services.context.lock(), game, page(1));
        CHECK(budget->bytes() <= static_cast<std::int64_t>(budget->limit()));
    }
    CHECK(cache.entries() == 10);
    CHECK(cache.evictions() == 90);
    CHECK(budget->bytes() == 10 * one);
    std::size_t found = 0;
    for (std::int64_t game = 1; game <= 100; ++game) found += cache.find(game) != nullptr;
    CHECK(found == 10);
    cache.clear(services.context.lock());
    CHECK(budget->bytes() == 0);
    CHECK(cache.entries() == 0);
}

TEST_CASE("view cache: a view read since the hand last passed survives; unread ones go first") {
    Services services;
    const std::int64_t one = bytes_of_one_view(services);
    const auto budget = std::make_shared<ViewBudget>();
    budget->set_limit(static_cast<std::size_t>(8 * one + one / 2));  // room for eight views
    PageCache cache(budget);
    for (std::int64_t game = 1; game <= 8; ++game)
        cache.publish(services.context.lock(), game, page(1));
    CHECK(cache.evictions() == 0);
    for (std::int64_t game = 1; game <= 4; ++game) CHECK(cache.find(game));
    for (std::int64_t game = 9; game <= 12; ++game)
        cache.publish(services.context.lock(), game, page(1));
    CHECK(cache.evictions() == 4);
    for (std::int64_t game = 1; game <= 4; ++game) CHECK(cache.find(game) != nullptr);
    for (std::int64_t game = 5; game <= 8; ++game) CHECK(cache.find(game) == nullptr);

    // A game read between every publish stays however many others pass through.
    for (std::int64_t game = 13; game <= 500; ++game) {
        CHECK(cache.find(1) != nullptr);
        cache.publish(services.context.lock(), game, page(1));
    }
    CHECK(cache.find(1) != nullptr);
    CHECK(budget->bytes() <= static_cast<std::int64_t>(budget->limit()));
}

TEST_CASE("view cache: a dropped view is never served, and its text is counted once") {
    Services services;
    const auto budget = std::make_shared<ViewBudget>();
    PageCache cache(budget);
    const auto old = page(1);
    cache.publish(services.context.lock(), 5, old);
    const std::int64_t without_text = budget->bytes();
    const auto text = cache.find(5)->keep_text(std::make_shared<const std::string>(3000, 't'));
    CHECK(budget->bytes() > without_text + 3000);
    // A second rendering is not kept: the first is the view's text.
    CHECK(old->keep_text(std::make_shared<const std::string>(3000, 'u')) == text);
    // A write drops the game's views under the lock, before anything newer is published.
    cache.drop(services.context.lock(), 5);
    CHECK(cache.find(5) == nullptr);
    CHECK(budget->bytes() == 0);
    cache.publish(services.context.lock(), 5, page(2));
    CHECK(cache.find(5)->revision == 2);
    // A view that left the cache counts nothing, even when its text is kept afterwards.
    cache.drop(services.context.lock(), 5);
    const auto late = page(3);
    cache.publish(services.context.lock(), 5, late);
    cache.drop(services.context.lock(), 5);
    late->keep_text(std::make_shared<const std::string>(3000, 'v'));
    CHECK(budget->bytes() == 0);
    // Publishing over a game's view replaces it, and takes the old one's bytes off.
    cache.publish(services.context.lock(), 5, page(4));
    cache.publish(services.context.lock(), 5, page(5));
    CHECK(cache.find(5)->revision == 5);
    CHECK(cache.entries() == 1);
    CHECK(budget->bytes() == without_text);
}

TEST_CASE("view cache: readers without the lock never see a view older than the last drop") {
    Services services;
    const std::int64_t one = bytes_of_one_view(services);
    const auto budget = std::make_shared<ViewBudget>();
    budget->set_limit(static_cast<std::size_t>(40 * one));  // evicting as it goes
    PageCache cache(budget);
    constexpr std::int64_t kGames = 64;
    constexpr int kWrites = 3000;
    // The revision each game's last write made; a write drops the old view first.
    std::vector<std::atomic<std::int64_t>> written(kGames);
    std::atomic<bool> done{false};
    std::atomic<int> stale{0};
    std::atomic<long> hits{0};
    std::atomic<int> started{0};
    std::vector<std::thread> readers;
    for (int r = 0; r < 3; ++r)
        readers.emplace_back([&, r] {
            ++started;
            std::int64_t game = r;
            while (!done.load()) {
                game = (game + 7) % kGames;
                const std::int64_t at_least = written[static_cast<std::size_t>(game)].load();
                if (const auto view = cache.find(game)) {
                    ++hits;
                    if (view->revision < at_least) ++stale;
                    view->keep_text(std::make_shared<const std::string>(500, 't'));
                }
            }
        });
    while (started.load() < 3) std::this_thread::yield();
    // At least kWrites, and on until the readers have hit often (on a busy machine they may
    // get little time), within a bound.
    for (int write = 0; write < 100 * kWrites && (write < kWrites || hits.load() < 1000); ++write) {
        if (write % 64 == 0) std::this_thread::yield();
        const std::int64_t game = (write * 13) % kGames;
        const auto locked = services.context.lock();
        cache.drop(locked, game);
        const std::int64_t revision = written[static_cast<std::size_t>(game)].load() + 1;
        written[static_cast<std::size_t>(game)].store(revision);
        cache.publish(locked, game, page(revision));
    }
    done = true;
    for (auto& reader : readers) reader.join();
    CHECK(stale.load() == 0);
    CHECK(hits.load() > 0);
    CHECK(cache.evictions() > 0);
    cache.clear(services.context.lock());
    CHECK(budget->bytes() == 0);
}

TEST_CASE("view cache: the services keep within limits.view_cache_bytes, and a write is seen") {
    using namespace adjutant;
    service::crypto_init();
    const auto dir = std::filesystem::temp_directory_path() /
                     ("adjutant-view-cache-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    config::ServerConfig config;
    config.database = (dir / "test.db").string();
    config.variants_dir = ADJUTANT_SOURCE_DIR "/config/variants";
    {
        auto db = app::open_database(config.database);
        service::VariantRegistry variants;
        app::load_variants(config, *db, variants);
        service::GameService games(*db, variants, "");
        std::vector<std::int64_t> ids;
        for (int n = 0; n < 6; ++n) {
            service::CreateGameRequest request;
            request.name = "cached " + std::to_string(n);
            ids.push_back(games.create_game(request).id);
        }
        for (const auto id : ids) games.views().game_view(service::Viewer{}, id);
        CHECK(games.view_cache_figures().entries == ids.size());
        CHECK(games.view_cache_figures().evictions == 0);
        // Room for about two game documents: reading the six again evicts.
        const auto one = games.view_cache_figures().bytes / static_cast<std::int64_t>(ids.size());
        games.set_limits({0, 64 * 1024, 6 * 3600, static_cast<std::size_t>(2 * one + one / 2)});
        for (const char* power : {"France", "Germany", "Italy"})
            for (const auto id : ids) {
                const auto before = games.views().game_view(service::Viewer{}, id);
                games.join(id, power, {std::string("player of ") + power, std::nullopt});
                const auto after = games.views().game_view(service::Viewer{}, id);
                CHECK(after->revision > before->revision);
                CHECK(games.views().game_view(service::Viewer{}, id)->revision == after->revision);
            }
        const auto figures = games.view_cache_figures();
        CHECK(figures.evictions > 0);
        CHECK(figures.bytes <= static_cast<std::int64_t>(figures.limit));
        CHECK(figures.entries <= 2);
    }
    std::filesystem::remove_all(dir);
}
