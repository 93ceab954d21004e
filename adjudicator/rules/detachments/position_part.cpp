// SPDX-License-Identifier: Apache-2.0
// The detachments module's part of the position document (docs/positions.md): the detachments
// standing, by power, as their provinces, and the provinces each power scouted this week.
//
//   "detachments": {"France": ["MEA", "PAR"]}, "scouted": {"France": ["MET"]}
#include "position/position.h"
#include "position/position_check.h"
#include "position/position_reader.h"
#include "rules/detachments/detachments.h"
#include "rules/detachments/parameters.h"
#include "variant/variant.h"

namespace adjutant::detachments {

namespace {

using nlohmann::json;

template <typename Piece>
void read_provinces(PositionReader& r, const json& doc, const char* key, std::vector<Piece>& out) {
    r.for_each_power(doc, key, [&](PowerId p, const json& item, const std::string& at) {
        if (!r.check().expect(item, at, JsonKind::String)) return;
        const ProvinceId where = r.province(item, at);
        if (where != kNoProvince) out.push_back(Piece{p, where});
    });
}

template <typename Piece>
void write_provinces(const Variant& v, const std::vector<Piece>& pieces, const char* key,
                     json& doc) {
    if (pieces.empty()) return;
    json section = json::object();
    for (const Piece& d : pieces)
        section[v.powers[d.power].name].push_back(v.provinces[d.province].abbr);
    doc[key] = std::move(section);
}

}  // namespace

void read_position(PositionReader& r, const json& doc) {
    DetachmentsState& s = state(r.position());
    read_provinces(r, doc, "detachments", s.detachments);
    read_provinces(r, doc, "scouted", s.scouted);
}

void write_position(const Variant& variant, const Position& position, json& doc) {
    write_provinces(variant, state(position).detachments, "detachments", doc);
    write_provinces(variant, state(position).scouted, "scouted", doc);
}

// One detachment a province at most (4f "Only one detachment may occupy a hex", or the
// variant's number), on known provinces, in normal form.
std::string check_position(const Variant& variant, const Position& position) {
    const DetachmentsState& s = state(position);
    for (const Detachment& d : s.detachments) {
        if (d.province >= variant.province_count() || d.power >= variant.powers.size())
            return "a detachment on an unknown province or of an unknown power";
        const std::size_t most =
            variant.campaign && variant.campaign->modules.enabled("detachments")
                ? static_cast<std::size_t>(detachments::parameters(variant).per_province)
                : 1;
        if (s.count_in(d.province) > most)
            return "more detachments in " + variant.provinces[d.province].abbr +
                   " than one province may hold (4f)";
    }
    for (const Scouted& sc : s.scouted)
        if (sc.province >= variant.province_count() || sc.power >= variant.powers.size())
            return "a scouted province that is unknown, or of an unknown power";
    Position normal = position;
    normal.normalise();
    return normal_form_error("detachments", state(normal) == s);
}

}  // namespace adjutant::detachments
