// SPDX-License-Identifier: Apache-2.0
// The rule modules' needs (RuleModule::needs; docs/rule-modules.md, "Needs"): every module a
// module needs is registered, the needs form no cycle, and a module's sources include the headers
// of no module it does not need. The last reads the source tree, as the rules suites read their
// cases.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "module/rule_module.h"

using namespace adjutant;

namespace {

// Whether a path of needs from `module` comes back to a module on `path` (depth first). `done`
// holds the modules already known to lead to no cycle.
bool cycle_from(const RuleModule& module, std::vector<std::string_view>& path,
                std::vector<std::string_view>& done) {
    if (std::find(done.begin(), done.end(), module.name) != done.end()) return false;
    if (std::find(path.begin(), path.end(), module.name) != path.end()) {
        path.push_back(module.name);
        return true;
    }
    path.push_back(module.name);
    for (std::string_view need : module.needs)
        if (const RuleModule* other = find_rule_module(need);
            other && cycle_from(*other, path, done))
            return true;
    path.pop_back();
    done.push_back(module.name);
    return false;
}

// The module a folder of adjudicator/rules/ or adjudicator/include/rules/ holds: the one of the
// folder's name, but for the rail network's.
const RuleModule* module_of_folder(const std::string& folder) {
    return find_rule_module(folder == "rail" ? "rail_network" : folder);
}

// The folders a source file names in its `#include "rules/<folder>/..."` lines.
std::vector<std::string> included_folders(const std::filesystem::path& file) {
    std::vector<std::string> folders;
    std::ifstream in(file);
    const std::string prefix = "#include \"rules/";
    for (std::string line; std::getline(in, line);) {
        if (line.rfind(prefix, 0) != 0) continue;
        const std::size_t end = line.find('/', prefix.size());
        if (end != std::string::npos)
            folders.push_back(line.substr(prefix.size(), end - prefix.size()));
    }
    return folders;
}

}  // namespace

TEST_CASE("Rule modules: every need is a registered module other than the module itself") {
    for (const RuleModule* m : rule_modules())
        for (std::string_view need : m->needs) {
            INFO(m->name, " needs ", need);
            CHECK(find_rule_module(need) != nullptr);
            CHECK(need != m->name);
        }
}

TEST_CASE("Rule modules: the needs form no cycle") {
    std::vector<std::string_view> done;
    for (const RuleModule* m : rule_modules()) {
        std::vector<std::string_view> path;
        const bool cycle = cycle_from(*m, path, done);
        std::string shown;
        for (std::string_view name : path)
            shown += std::string(shown.empty() ? "" : " -> ") + std::string(name);
        INFO("cycle: ", shown);
        CHECK_FALSE(cycle);
    }
}

TEST_CASE("Rule modules: a module includes the headers of the modules it needs only") {
    const std::filesystem::path root = ADJUTANT_SOURCE_DIR;
    int files = 0;
    for (const char* tree : {"adjudicator/rules", "adjudicator/include/rules"}) {
        for (const auto& folder : std::filesystem::directory_iterator(root / tree)) {
            if (!folder.is_directory()) continue;
            const std::string name = folder.path().filename().string();
            const RuleModule* module = module_of_folder(name);
            INFO("folder ", folder.path().string());
            REQUIRE(module != nullptr);
            for (const auto& file : std::filesystem::recursive_directory_iterator(folder.path())) {
                if (!file.is_regular_file()) continue;
                ++files;
                for (const std::string& other : included_folders(file.path())) {
                    if (other == name) continue;
                    const RuleModule* needed = module_of_folder(other);
                    INFO(file.path().string(), " includes rules/", other, "/");
                    REQUIRE(needed != nullptr);
                    CHECK(std::find(module->needs.begin(), module->needs.end(), needed->name) !=
                          module->needs.end());
                }
            }
        }
    }
    CHECK(files > 100);  // the tree was found
}
