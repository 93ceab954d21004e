// SPDX-License-Identifier: Apache-2.0
// Order legality: an unvalidated order (syntax.h) judged against the position and its phase.
//
// Follows DATC chapter 4: an order that could never be valid whatever the other orders are is
// illegal and rejected here with a message naming the reason; an order that may merely fail
// is accepted and left to the resolver. Adjustment orders are judged in input order against
// the power's allowance, so that ledger is state kept across the lines of one submission.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "orders/order.h"
#include "orders/parser.h"
#include "orders/syntax.h"

namespace adjutant {

struct Variant;
struct Position;
struct Unit;
struct RuleModule;

// The movement phase's order judged, written into `out`, which holds no order, error or note
// yet (the parser passes the line's verdict, an OrderVerdict being a Checked); then the modules'
// refusals. `refusing`: the modules enabled in `variant` with a `refuse` hook
// (RuleModule::refuse), found by the caller once for all its orders.
void check_movement(const Variant& variant, const Position& position, PowerId power,
                    const OrderSyntax& syntax, std::span<const RuleModule* const> refusing,
                    Checked& out);
Checked check_retreat(const Variant& variant, const Position& position, PowerId power,
                      const OrderSyntax& syntax);

// Builds, disbands and waives counted against centres minus units, first come first served
// (DATC 4.D.4 to 4.D.6).
class AdjustmentLedger {
  public:
    AdjustmentLedger(const Variant& variant, const Position& position);
    Checked check(PowerId power, const OrderSyntax& syntax, int line);

  private:
    Checked build(PowerId power, const OrderSyntax& syntax, int line);
    Checked disband(PowerId power, const OrderSyntax& syntax);
    int allowance(PowerId power) const;  // centres - units: > 0 builds, < 0 removals

    const Variant& variant_;
    const Position& position_;
    std::vector<int> build_line_;   // per province: line of the accepted build there, or 0
    std::vector<bool> disbanded_;   // per province: an accepted disband of the unit there
    std::vector<int> builds_used_;  // per power: accepted builds and waives
    std::vector<int> removals_used_;
};

// Shared wording: "A PAR", "F STP/SC", "France".
std::string describe_unit(const Variant& variant, UnitType type, Location where);
std::string province_abbr(const Variant& variant, ProvinceId province);
// Empty when the unit exists and is `power`'s; else "no unit at MUN" or
// "A PAR belongs to France, not Germany".
std::string ownership_error(const Variant& variant, const Unit* unit, ProvinceId where,
                            PowerId power);
// The note for a written unit letter that does not match the unit (ignored: DATC 4.C.2).
std::string letter_note(const Variant& variant, const std::optional<UnitType>& written,
                        const Unit& unit);
// A refusal of a line whose letter was not the unit's: "there is no fleet in VLA; the unit there
// is an army (DATC 4.C.2), which cannot move to SOJ: armies cannot enter sea". It says the
// written type is not there before why the order fails, and never names the unit by a letter
// the player did not write ("A VLA cannot move..." read as the server renaming their fleet).
// `why` is the refusal for the unit as it stands; `dislodged` words it for a retreat, where
// another power's unit may stand in the province too.
std::string letter_refusal(const Variant& variant, UnitType written, const Unit& unit,
                           const std::string& why, bool dislodged = false);

}  // namespace adjutant
