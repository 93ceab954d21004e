// DATC v3.0 chapter 6: every case is data in tests/datc/, run by this one driver.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <iostream>

#include "rules_case.h"

using namespace adjutant;
using namespace adjutant::testing;

TEST_CASE("DATC v3.0 chapter 6") {
    const std::filesystem::path dir = std::filesystem::path(ADJUTANT_SOURCE_DIR) / "tests" / "datc";
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(dir))
        if (entry.path().extension() == ".txt") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    REQUIRE(!files.empty());

    std::vector<std::string> file_errors;
    std::vector<RulesCase> cases;
    for (const auto& file : files) {
        auto parsed = parse_rules_cases(read_text_file(file.string()), file.filename().string(), file_errors);
        cases.insert(cases.end(), parsed.begin(), parsed.end());
    }
    for (const auto& error : file_errors) FAIL_CHECK(error);

    int passed = 0;
    for (const RulesCase& c : cases) {
        const auto problems = run_rules_case(standard_variant(), c);
        if (problems.empty()) {
            ++passed;
            continue;
        }
        std::string text;
        for (const auto& p : problems) text += "\n    " + p;
        FAIL_CHECK(c.id << " " << c.title << " (" << c.file << ":" << c.line << ")" << text);
    }
    std::cout << "DATC v3.0 chapter 6: " << passed << " of " << cases.size() << " cases passed\n";
    CHECK(passed == static_cast<int>(cases.size()));
}
