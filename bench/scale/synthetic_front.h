// SPDX-License-Identifier: Apache-2.0
// A longer front for the scale bench: the western-front-1914 campaign map tiled `copies` times
// along the front, each copy below the last, joined by roads and double-track rail, with
// `copies` times the armies, garrisons, trains and money. Every rule module of the 1914
// campaign stays on (supply, sieges, rail engineering, LOC max-flow, rail rides). Written as
// variant JSON and loaded with load_variant().
#pragma once

#include <string>

#include "variant/variant.h"

namespace adjutant::bench {

// The variant file's text. Copy 0 is the 1914 map as it is; copy i > 0 has every province,
// line, structure and general suffixed with i ("LIE2", "Aachen-Liège 2", "von Kluck 2").
std::string synthetic_front_json(int copies);

// The same, loaded; exits with a message if the loader rejects it.
Variant synthetic_front(int copies);

// The first week's orders of adjutant_bench's campaign section (marches, two rail rides, an
// army into a Belgian fortress), given in every copy.
std::string synthetic_front_first_week(int copies);

}  // namespace adjutant::bench
