// SPDX-License-Identifier: Apache-2.0
#include "service/feed_service.h"

#include <algorithm>
#include <vector>

#include "core/phase.h"
#include "service/crypto.h"
#include "service/game_internal.h"
#include "service/mail_text.h"
#include "service/results_decode.h"
#include "service/text.h"

namespace adjutant::service {

namespace {

constexpr std::size_t kMaxPhaseEntries = 50;
constexpr std::size_t kMaxPressEntries = 100;

// Text for an XML document: bytes that are not UTF-8 become U+FFFD, control characters that XML
// 1.0 forbids are dropped, and the five special characters are escaped. A stored order line
// may hold any byte (a seat sees its own refused lines), so nothing reaches the feed raw.
std::string xml_text(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    while (!text.empty()) {
        const auto bad = find_invalid_utf8(text);
        const std::size_t good = bad ? bad->offset : text.size();
        for (const char ch : text.substr(0, good)) {
            const auto c = static_cast<unsigned char>(ch);
            if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') continue;
            switch (ch) {
                case '&':
                    out += "&amp;";
                    break;
                case '<':
                    out += "&lt;";
                    break;
                case '>':
                    out += "&gt;";
                    break;
                case '"':
                    out += "&quot;";
                    break;
                case '\'':
                    out += "&apos;";
                    break;
                default:
                    out += ch;
            }
        }
        if (!bad) break;
        out += "\xEF\xBF\xBD";
        text.remove_prefix(good + 1);
    }
    return out;
}

struct Entry {
    std::string id;
    std::string title;
    std::int64_t updated = 0;
    std::string content;
};

std::string feed_recipients_text(const PressMessage& m) {
    if (m.broadcast) return "all powers";
    std::string text;
    for (const auto& r : m.to) text += (text.empty() ? "" : ", ") + r;
    return text;
}

}  // namespace

std::string FeedService::feed_key(const std::string& token_hash) {
    return sha256_hex("adjutant-feed:" + token_hash).substr(0, 32);
}

std::string FeedService::atom(std::int64_t game_id, const std::string& key) {
    std::vector<Entry> entries;
    Caller reader;  // anonymous: the public feed
    std::string title;
    std::int64_t updated = 0;
    {
        const auto locked = context_.lock();
        auto& store = locked.store();
        const LoadedGame game = locked.load(game_id);
        if (!key.empty()) {
            for (const auto& seat : store.seats(game_id))
                if (seat.token_hash && constant_time_equal(feed_key(*seat.token_hash), key))
                    reader = Caller{Role::Player, game_id, seat.power};
            if (reader.role == Role::Anonymous)
                throw ApiError(403, "bad_feed_key", "no seat of this game has that feed key");
        }
        title = "Game " + std::to_string(game_id) + " (" + game.row.name + ")" +
                (reader.power.empty() ? "" : ": " + reader.power);
        updated = game.row.created_at;
        const Viewer viewer = service::viewer(reader, game_id);
        auto phases = store.phases(game_id);
        std::size_t first = 0;
        if (phases.size() > kMaxPhaseEntries) first = phases.size() - kMaxPhaseEntries;
        for (std::size_t i = first; i < phases.size(); ++i) {
            const auto& phase = phases[i];
            if (!phase.resolved_at || !phase.results) continue;
            const auto results = stored_results(game, phase, viewer);
            if (!results) continue;
            entries.push_back({"tag:adjutant,2026:game-" + std::to_string(game_id) + "-phase-" +
                                   std::to_string(phase.seq),
                               phase_name(phase.phase) + " resolved", *phase.resolved_at,
                               "Results of " + phase_name(phase.phase) + ":\n" +
                                   mail_text::results(*results, game.variant->variant)});
        }
    }
    // Press as the reader may read it (the public: once published), newest last.
    try {
        const PressPage page = press_.read(reader, game_id, 0, 100000);
        std::size_t first = 0;
        if (page.messages.size() > kMaxPressEntries)
            first = page.messages.size() - kMaxPressEntries;
        for (std::size_t i = first; i < page.messages.size(); ++i) {
            const auto& m = page.messages[i];
            entries.push_back({"tag:adjutant,2026:game-" + std::to_string(game_id) + "-press-" +
                                   std::to_string(m.id),
                               "Press from " + m.from + " to " + feed_recipients_text(m), m.sent_at,
                               m.text});
        }
    } catch (const ApiError& error) {
        if (error.status() != 401 && error.status() != 403) throw;  // unpublished: no press
    }
    std::stable_sort(entries.begin(), entries.end(),
                     [](const Entry& a, const Entry& b) { return a.updated > b.updated; });
    if (!entries.empty()) updated = std::max(updated, entries.front().updated);

    std::string xml =
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
        "<feed xmlns=\"http://www.w3.org/2005/Atom\">\n";
    xml += "  <id>tag:adjutant,2026:game-" + std::to_string(game_id) +
           (reader.power.empty() ? "" : "-" + xml_text(reader.power)) + "</id>\n";
    xml += "  <title>" + xml_text(title) + "</title>\n";
    xml += "  <updated>" + mail_text::rfc3339_date(updated) + "</updated>\n";
    xml += "  <author><name>Adjutant</name></author>\n";
    xml += "  <link rel=\"alternate\" href=\"/#/game/" + std::to_string(game_id) + "\"/>\n";
    for (const auto& e : entries) {
        xml += "  <entry>\n    <id>" + e.id + "</id>\n    <title>" + xml_text(e.title) +
               "</title>\n    <updated>" + mail_text::rfc3339_date(e.updated) +
               "</updated>\n    <content type=\"text\">" + xml_text(e.content) +
               "</content>\n  </entry>\n";
    }
    xml += "</feed>\n";
    return xml;
}

}  // namespace adjutant::service
