// SPDX-License-Identifier: Apache-2.0
// Views of games (the game document, the history: service/game_document.h), by game id, that a
// reader gets with no lock and never a wait for a write's fsync, within a bound on the memory
// they hold (limits.view_cache_bytes, docs/server.md).
//
// How it works:
// - Shards. A game's views live in shard `game_id mod kShards`. A shard is a short immutable
//   list of (game id, view) that a reader gets with one atomic load; a writer copies the one
//   shard it changes, changes the copy and publishes that. So a publish or a drop copies a few
//   entries, however many games are cached: the bound divided by the shards, not the number of
//   games ever read, sets a shard's length.
// - Bytes. Each cached view counts against a budget shared by the game and history caches
//   (ViewBudget): the view with its document's heap blocks (heap_bytes(), game_document.h) when
//   it is published, and its rendered text once a reader keeps it (View::keep_text).
// - Eviction: CLOCK, an approximate least-recently-used. A hit sets the view's `read` mark (an
//   atomic flag, no lock). When a publish leaves the budget over its limit, a hand goes round
//   the shards (each cache has one; the game and history caches' hands move in turn,
//   ViewBudget::make_room): in the shard it visits, a view read since the hand last passed loses
//   its mark and stays, the others are evicted; then it moves to the next shard, until the budget
//   is under its limit. A view is published unmarked: the read that made it does not count, so a
//   game read once (by a crawler) goes before a game that is read again.
//
// Views are published and dropped only by holders of the services' lock (the Locked argument,
// service/context.h). Writes drop a game's views under that lock, so a view made from an old
// revision can never be published after the write that outdated it.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace adjutant::service {

class Locked;

// What a string holds outside itself: its characters, when they do not fit in the string, and
// the allocator's header of their block. For the cache's estimates of its views' bytes.
inline std::size_t heap_bytes(const std::string& text) {
    // An empty string's capacity is what fits in place (no allocation; not a constant
    // expression for every compiler the project builds with).
    const std::size_t in_place = std::string().capacity();
    return text.capacity() > in_place ? text.capacity() + 1 + 16 : 0;
}

// What the cached views hold, in bytes, against one limit, shared by the game and history
// caches. Each cached view holds it too, so that a text kept after its view left the cache, or
// after the caches were destroyed, still has a budget to count against.
class ViewBudget {
  public:
    static constexpr std::size_t kDefaultLimit = 128 * 1024 * 1024;  // limits.view_cache_bytes

    // A cache that counts against the budget: step() moves its clock hand one shard on.
    class Member {
      public:
        virtual void step() = 0;
        virtual std::size_t shards() const = 0;

      protected:
        ~Member() = default;
    };

    std::int64_t bytes() const { return bytes_.load(std::memory_order_relaxed); }
    std::size_t limit() const { return limit_.load(std::memory_order_relaxed); }
    bool over() const { return bytes() > static_cast<std::int64_t>(limit()); }
    void set_limit(std::size_t limit) { limit_.store(limit, std::memory_order_relaxed); }
    void add(std::int64_t bytes) { bytes_.fetch_add(bytes, std::memory_order_relaxed); }

    void join(Member& member) { members_.push_back(&member); }
    void leave(Member& member) { std::erase(members_, &member); }

    // Under the services' lock, after a publish: the members' hands move in turn, one shard
    // each, until the budget is under its limit; two turns of every hand at most (the first
    // may only take read marks off, the second then finds those views unmarked).
    void make_room(const Locked&) {
        std::size_t steps = 0;
        for (const Member* member : members_) steps += 2 * member->shards();
        while (over() && steps > 0)
            for (Member* member : members_) {
                if (!over() || steps == 0) return;
                member->step();
                --steps;
            }
    }

  private:
    std::atomic<std::int64_t> bytes_{0};
    std::atomic<std::size_t> limit_{kDefaultLimit};
    std::vector<Member*> members_;  // joined at construction
};

// What /metrics shows of the caches.
struct ViewCacheFigures {
    std::int64_t bytes = 0;
    std::size_t limit = 0;
    std::size_t entries = 0;
    std::uint64_t evictions = 0;
};

// A document with its strong ETag (quoted, as sent in the header) and the game's revision it
// was made from.
template <typename Document>
struct View {
    View(std::string etag_, std::int64_t revision_, bool fogged_, Document document_)
        : etag(std::move(etag_)),
          revision(revision_),
          fogged(fogged_),
          document(std::move(document_)) {}

    std::string etag;
    std::int64_t revision = 0;
    // The document is the public's cut of a game in the fog (service/fog.h): a seat or the GM
    // reads a view made for it instead.
    bool fogged = false;
    Document document;

    // The adapter's rendering of `document` (http/game_documents.h), made by the first reader
    // and kept with the view, so a cached view is rendered once. Every rendering of a view is
    // the same text: when two readers render it, the first kept is the one both get. A view in
    // a cache counts its text against the cache's budget.
    std::shared_ptr<const std::string> text() const { return text_.load(); }
    std::shared_ptr<const std::string> keep_text(std::shared_ptr<const std::string> text) const {
        std::shared_ptr<const std::string> kept;
        if (!text_.compare_exchange_strong(kept, text)) return kept;
        int uncounted = kUncounted;
        if (text_charge_.compare_exchange_strong(uncounted, kCounted))
            budget_->add(static_cast<std::int64_t>(text_bytes(*text)));
        return text;
    }

  private:
    template <typename>
    friend class ViewCache;

    // What a kept text costs: its characters' block, and the block holding the string with
    // its shared_ptr's counts (make_shared), each with the allocator's header.
    static std::size_t text_bytes(const std::string& text) {
        return text.capacity() + 1 + 16 + sizeof(std::string) + 16 + 16;
    }

    mutable std::atomic<std::shared_ptr<const std::string>> text_;
    // The cache's bookkeeping. `read_`: a hit since the clock hand last passed. The text's
    // charge is kUncounted once the view is published, kCounted once its text is kept while
    // it is cached, and kNotCached again when it leaves the cache. Keeping and leaving may
    // race (a reader keeps the text without the lock): each moves the charge with one atomic
    // step, so a text is counted at most once, and taken off only if it was counted.
    enum TextCharge { kNotCached, kUncounted, kCounted };
    mutable std::atomic<bool> read_{false};
    mutable std::atomic<int> text_charge_{kNotCached};
    // Set by the publish, before the view is shared.
    mutable std::shared_ptr<ViewBudget> budget_;
    mutable std::size_t bytes_ = 0;  // the view's own, without its text
};

template <typename Document>
class ViewCache final : private ViewBudget::Member {
  public:
    using Entry = std::shared_ptr<const View<Document>>;

    explicit ViewCache(std::shared_ptr<ViewBudget> budget) : budget_(std::move(budget)) {
        for (auto& shard : shards_) shard.store(empty_);
        budget_->join(*this);
    }
    ViewCache(const ViewCache&) = delete;
    ViewCache& operator=(const ViewCache&) = delete;
    ~ViewCache() {
        budget_->leave(*this);
        for (auto& shard : shards_) {
            const auto held = shard.load();
            for (const auto& slot : *held) uncount(*slot.view);
        }
    }

    // No lock: one atomic load, and the read mark set when it is not set yet (a store only
    // then, so that readers of a hot view do not all write its cache line).
    Entry find(std::int64_t game_id) const {
        const auto shard = shard_of(game_id).load();  // held while its slots are read
        for (const auto& slot : *shard)
            if (slot.game_id == game_id) {
                if (!slot.view->read_.load(std::memory_order_relaxed))
                    slot.view->read_.store(true, std::memory_order_relaxed);
                return slot.view;
            }
        return nullptr;
    }

    // The Locked serialises writers, so a copy never races another writer's publish.
    void publish(const Locked& locked, std::int64_t game_id, Entry view) {
        auto& shard = shard_of(game_id);
        const auto current = shard.load();
        auto next = std::make_shared<Shard>();
        next->reserve(current->size() + 1);
        for (const auto& slot : *current)
            if (slot.game_id == game_id)
                uncount(*slot.view);  // the view it replaces
            else
                next->push_back(slot);
        count(*view);
        next->push_back({game_id, std::move(view)});
        entries_.fetch_add(next->size() - current->size(), std::memory_order_relaxed);
        shard.store(std::move(next));
        budget_->make_room(locked);
    }

    void drop(const Locked&, std::int64_t game_id) {
        auto& shard = shard_of(game_id);
        const auto current = shard.load();
        const auto found = std::find_if(current->begin(), current->end(),
                                        [&](const Slot& slot) { return slot.game_id == game_id; });
        if (found == current->end()) return;
        uncount(*found->view);
        auto next = std::make_shared<Shard>(*current);
        next->erase(next->begin() + (found - current->begin()));
        entries_.fetch_sub(1, std::memory_order_relaxed);
        shard.store(std::move(next));
    }

    void clear(const Locked&) {
        for (auto& shard : shards_) {
            const auto held = shard.load();
            for (const auto& slot : *held) uncount(*slot.view);
            shard.store(empty_);
        }
        entries_.store(0, std::memory_order_relaxed);
    }

    // For /metrics: the views held, and how many were evicted to keep within the budget.
    std::size_t entries() const { return entries_.load(std::memory_order_relaxed); }
    std::uint64_t evictions() const { return evictions_.load(std::memory_order_relaxed); }

  private:
    // Enough shards that within the default budget each holds a handful of views (a game's
    // view with its text is some 10 kB: 128 MB is about 13,000 views, 3 a shard).
    static constexpr std::size_t kShards = 4096;
    struct Slot {
        std::int64_t game_id;
        Entry view;
    };
    using Shard = std::vector<Slot>;
    using CachedView = View<Document>;

    std::atomic<std::shared_ptr<const Shard>>& shard_of(std::int64_t game_id) {
        return shards_[static_cast<std::uint64_t>(game_id) % kShards];
    }
    const std::atomic<std::shared_ptr<const Shard>>& shard_of(std::int64_t game_id) const {
        return shards_[static_cast<std::uint64_t>(game_id) % kShards];
    }

    // Counts a view that enters the cache: the view with its document's heap blocks
    // (heap_bytes(), game_document.h), its etag's, and what the shard's slot and the
    // make_shared block add; its text when one is kept (View::keep_text).
    void count(const CachedView& view) {
        view.budget_ = budget_;
        view.bytes_ = sizeof(CachedView) + sizeof(Slot) + 32 + heap_bytes(view.etag) +
                      heap_bytes(view.document);
        budget_->add(static_cast<std::int64_t>(view.bytes_));
        view.text_charge_.store(CachedView::kUncounted);
        if (const auto text = view.text()) {  // kept before it was published
            int uncounted = CachedView::kUncounted;
            if (view.text_charge_.compare_exchange_strong(uncounted, CachedView::kCounted))
                budget_->add(static_cast<std::int64_t>(CachedView::text_bytes(*text)));
        }
    }

    // Takes a view that leaves the cache off the budget: its own bytes, and its text's if that
    // was counted.
    void uncount(const CachedView& view) {
        auto bytes = static_cast<std::int64_t>(view.bytes_);
        if (view.text_charge_.exchange(CachedView::kNotCached) == CachedView::kCounted)
            bytes += static_cast<std::int64_t>(CachedView::text_bytes(*view.text()));
        budget_->add(-bytes);
    }

    // The clock hand visits one shard (see the top of the file).
    void step() override {
        auto& shard = shards_[hand_];
        hand_ = (hand_ + 1) % kShards;
        const auto current = shard.load();
        if (current->empty()) return;
        auto next = std::make_shared<Shard>();
        for (const auto& slot : *current)
            if (slot.view->read_.exchange(false, std::memory_order_relaxed))
                next->push_back(slot);
            else
                uncount(*slot.view);
        if (next->size() == current->size()) return;  // marks taken off, nothing evicted
        evictions_.fetch_add(current->size() - next->size(), std::memory_order_relaxed);
        entries_.fetch_sub(current->size() - next->size(), std::memory_order_relaxed);
        shard.store(std::move(next));
    }
    std::size_t shards() const override { return kShards; }

    std::shared_ptr<ViewBudget> budget_;
    const std::shared_ptr<const Shard> empty_ = std::make_shared<const Shard>();
    std::array<std::atomic<std::shared_ptr<const Shard>>, kShards> shards_;
    std::size_t hand_ = 0;  // the shard the clock hand visits next; under the lock
    std::atomic<std::size_t> entries_{0};
    std::atomic<std::uint64_t> evictions_{0};
};

struct GameDocument;
struct HistoryDocument;
using GameView = View<GameDocument>;
using HistoryView = View<HistoryDocument>;

}  // namespace adjutant::service
