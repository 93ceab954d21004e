#include "adjudicate.h"

#include <algorithm>

#include "resolve/movement.h"
#include "resolve/phases.h"
#include "variant/variant.h"

namespace adjutant {

std::string_view reason_text(Reason reason) {
    switch (reason) {
        case Reason::None:
            return "";
        case Reason::Bounced:
            return "bounced";
        case Reason::Dislodged:
            return "dislodged";
        case Reason::Cut:
            return "support cut";
        case Reason::Void:
            return "void: the ordered unit does not do what this order expects";
        case Reason::NoConvoy:
            return "no convoy route";
        case Reason::Paradox:
            return "convoy paradox: the fleet holds (Szykman rule)";
        case Reason::Disbanded:
            return "retreat bounced: disbanded";
        case Reason::Illegal:
            return "illegal";
        case Reason::StoppedShort:
            return "stopped short of its destination";
        case Reason::CanalClosed:
            return "no passage through the canal";
    }
    return "";
}

Adjudicator::Adjudicator() : movement_(std::make_unique<MovementResolver>()) {}
Adjudicator::~Adjudicator() = default;

Adjudication Adjudicator::run(const Variant& variant, const Position& position,
                              std::span<const Order> orders,
                              std::uint64_t /*seed: classic rules roll no dice*/) {
    switch (position.phase.kind) {
        case PhaseKind::Movement:
            return adjudicate_movement(variant, position, orders, *movement_);
        case PhaseKind::Retreat:
            return adjudicate_retreats(variant, position, orders);
        case PhaseKind::Adjustment:
            return adjudicate_adjustments(variant, position, orders);
    }
    return {};
}

Adjudication adjudicate(const Variant& variant, const Position& position,
                        std::span<const Order> orders, std::uint64_t seed) {
    return Adjudicator().run(variant, position, orders, seed);
}

PowerId winner(const Variant& variant, const Position& position) {
    if (variant.victory_centers <= 0) return kNoPower;
    for (std::size_t p = 0; p < variant.powers.size(); ++p)
        if (position.center_count(static_cast<PowerId>(p)) >= variant.victory_centers)
            return static_cast<PowerId>(p);
    return kNoPower;
}

}  // namespace adjutant
