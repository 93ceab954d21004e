// SPDX-License-Identifier: Apache-2.0
// What the map view needs from a variant file beyond the rules: the canvas, each power's colour
// and the drawing points of split coasts. Kept apart from Variant because the adjudicator
// never reads it.
#pragma once

#include <string>
#include <vector>

#include "core/ids.h"
#include "variant/variant.h"

namespace adjutant {

struct CoastPoint {
    Location where;  // a split coast: province plus coast
    Point draw;
};

struct VariantDisplay {
    std::string title;  // "Standard Diplomacy"
    double width = 0;   // canvas that every Point lies in
    double height = 0;
    std::vector<std::string> power_colors;  // per power, "#rrggbb"
    std::vector<CoastPoint> coast_points;   // one per split coast, in province order
};

}  // namespace adjutant
