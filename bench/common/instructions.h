// SPDX-License-Identifier: Apache-2.0
// Instruction counts for the bench programs, from callgrind: the noise of a shared machine
// moves timings but not the instructions a piece of code executes.
//
// A program asked for counts (--instructions) runs itself again under
//   valgrind --tool=callgrind --collect-atstart=no
// once per figure, with `--count LABEL`; in that run only the code inside a Counted scope
// whose label matches is collected, so set-up and warm-up are left out. The totals line of
// callgrind's output divided by the repetitions inside the scope is the figure.
#pragma once

// Valgrind's header comes with the `valgrind` package (deploy/install-deps.sh --tests). A build
// without it still builds every bench; --instructions then reports that it cannot count.
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define ADJUTANT_HAVE_CALLGRIND 1
#else
#define CALLGRIND_TOGGLE_COLLECT static_cast<void>(0)
#define ADJUTANT_HAVE_CALLGRIND 0
#endif

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>

#include "bench_support.h"

namespace adjutant::bench {

// The label the run was asked to count (--count), or empty.
inline std::string& counted_label() {
    static std::string label;
    return label;
}

// Collection is on inside the scope when `label` is the one being counted.
class Counted {
  public:
    explicit Counted(std::string_view label) : on_(label == counted_label()) {
        if (on_) CALLGRIND_TOGGLE_COLLECT;
    }
    Counted(const Counted&) = delete;
    Counted& operator=(const Counted&) = delete;
    ~Counted() {
        if (on_) CALLGRIND_TOGGLE_COLLECT;
    }

  private:
    bool on_;
};

// Runs `self` (this program) under callgrind with `arguments` and `--count label`, and
// returns the instructions collected divided by `repetitions`; nullopt when valgrind cannot
// run or wrote no totals. `output`, if given, receives what the run printed.
inline std::optional<double> callgrind_instructions(const char* self, const std::string& arguments,
                                                    std::string_view label, long repetitions,
                                                    std::string* output = nullptr) {
    if (!ADJUTANT_HAVE_CALLGRIND) {
        if (output != nullptr) *output = "built without valgrind's headers: no instruction counts";
        return std::nullopt;
    }
    const TempDir dir("adjutant-callgrind");
    const std::string out = (dir.path() / "callgrind.out").string();
    const std::string printed = (dir.path() / "printed.txt").string();
    const std::string command =
        "valgrind --tool=callgrind --collect-atstart=no --callgrind-out-file='" + out + "' '" +
        self + "' " + arguments + " --count " + std::string(label) + " >'" + printed +
        "' 2>/dev/null";
    if (std::system(command.c_str()) != 0) return std::nullopt;
    if (output) {
        std::ifstream text(printed);
        output->assign(std::istreambuf_iterator<char>(text), std::istreambuf_iterator<char>());
    }
    std::ifstream in(out);
    std::string line;
    while (std::getline(in, line))
        if (line.rfind("totals:", 0) == 0 || line.rfind("summary:", 0) == 0)
            return std::strtod(line.c_str() + line.find(':') + 1, nullptr) /
                   static_cast<double>(repetitions);
    return std::nullopt;
}

}  // namespace adjutant::bench
