// SPDX-License-Identifier: Apache-2.0
// The DPjudge map importer: DPjudge's own standard map gives config/variants/standard.json's
// provinces, adjacency and starting position; a small map shows each reading (case marks,
// coasts, includes, DROP, AMEND, renames); every refusal names its file and line.
#include <doctest/doctest.h>

#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "variant/dpjudge_map.h"
#include "variant/variant_json.h"

using namespace adjutant;
using nlohmann::json;

namespace dpjudge_map_test {

std::string source_file(const std::string& relative) {
    std::ifstream in(std::string(ADJUTANT_SOURCE_DIR) + "/" + relative, std::ios::binary);
    REQUIRE_MESSAGE(in.good(), "cannot read ", relative);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// Imports `files[main]`, its includes read from `files`.
MapImport import_files(const std::map<std::string, std::string>& files,
                       const std::string& main = "tiny.map") {
    const MapFileReader reader = [&](const std::string& name) -> std::optional<std::string> {
        const auto it = files.find(name);
        if (it == files.end()) return std::nullopt;
        return it->second;
    };
    return import_dpjudge_map(main, files.at(main), reader, {"tiny", "Tiny", "A test map.", ""});
}

std::vector<std::string> messages(const MapImport& result) {
    std::vector<std::string> out;
    for (const MapImportError& e : result.errors) out.push_back(map_error_text(e));
    return out;
}

// A four-province map with a split coast and a sea; its geography in an included file.
const char* const kTinyMain =
    "# a tiny map\n"
    "USE tiny.geo\n"
    "RED (REDDISH) AAA\n"
    "BLUE (BLUISH) BBB\n"
    "UNOWNED CCC\n"
    "RED\n"
    "A AAA\n"
    "BLUE\n"
    "F BBB\n";

const char* const kTinyGeo =
    "Alpha = aaa alpha+land\n"                  // 1
    "Bravo = bbb\n"                             // 2
    "Charlie = ccc\n"                           // 3
    "Delta (north coast) = ddd/nc\n"            // 4
    "Delta = ddd\n"                             // 5
    "Open Sea = sea the+sea unclear?\n"         // 6
    "LAND AAA ABUTS BBB CCC ddd\n"              // 7
    "COAST BBB ABUTS AAA SEA Ccc DDD/NC ddd\n"  // 8
    "COAST CCC ABUTS AAA Bbb SEA DDD/SC\n"      // 9
    "WATER SEA ABUTS BBB CCC DDD/NC\n"          // 10
    "COAST ddd ABUTS AAA BBB CCC SEA\n"         // 11
    "COAST DDD/NC ABUTS BBB SEA\n"              // 12
    "COAST DDD/SC ABUTS CCC\n";                 // 13

std::map<std::string, std::string> tiny_files() {
    return {{"tiny.map", kTinyMain}, {"tiny.geo", kTinyGeo}};
}

// The tiny map with one line of tiny.geo replaced (1-based), or a line added at the end.
std::map<std::string, std::string> tiny_with_geo_line(int line, const std::string& text) {
    std::istringstream in(kTinyGeo);
    std::string out, l;
    int n = 0;
    while (std::getline(in, l)) out += (++n == line ? text : l) + "\n";
    if (line > n) out += text + "\n";
    auto files = tiny_files();
    files["tiny.geo"] = out;
    return files;
}

std::map<std::string, std::string> tiny_with_main_line(const std::string& text) {
    auto files = tiny_files();
    files["tiny.map"] += text + "\n";
    return files;
}

const json& province(const json& variant, const std::string& abbr) {
    for (const json& p : variant["provinces"])
        if (p["abbr"] == abbr) return p;
    FAIL("no province ", abbr);
    static const json none;
    return none;
}

void check_refused(const std::map<std::string, std::string>& files, const std::string& message) {
    const MapImport result = import_files(files);
    CHECK_FALSE(result.ok());
    CHECK(result.variant_json.empty());
    const std::vector<std::string> got = messages(result);
    CHECK_MESSAGE(std::find(got.begin(), got.end(), message) != got.end(), "expected: ", message,
                  "\ngot: ", got.empty() ? std::string{"nothing"} : got.front());
}

}  // namespace dpjudge_map_test

using namespace dpjudge_map_test;

TEST_CASE("DPjudge's standard map imports as config/variants/standard.json") {
    const std::map<std::string, std::string> files{
        {"standard.map", source_file("tests/variants/dpjudge/standard.map")},
        {"standard.geography", source_file("tests/variants/dpjudge/standard.geography")},
        {"standard.politics", source_file("tests/variants/dpjudge/standard.politics")},
        {"standard.military", source_file("tests/variants/dpjudge/standard.military")},
    };
    const MapFileReader reader = [&](const std::string& name) -> std::optional<std::string> {
        const auto it = files.find(name);
        if (it == files.end()) return std::nullopt;
        return it->second;
    };
    const MapImport result = import_dpjudge_map("standard.map", files.at("standard.map"), reader,
                                                {"standard", "", "", ""});
    for (const std::string& m : messages(result)) MESSAGE(m);
    REQUIRE(result.ok());
    REQUIRE(load_variant(result.variant_json).ok());
    const json got = json::parse(result.variant_json);
    const json want = json::parse(source_file("config/variants/standard.json"));

    // Provinces in the same order (ids follow it) with the same names, types, centres and
    // adjacency; the names match with no mapping. Aliases and drawing points are not compared.
    REQUIRE(got["provinces"].size() == want["provinces"].size());
    for (std::size_t i = 0; i < want["provinces"].size(); ++i) {
        const json& g = got["provinces"][i];
        const json& w = want["provinces"][i];
        CAPTURE(w["abbr"]);
        CHECK(g["abbr"] == w["abbr"]);
        CHECK(g["name"] == w["name"]);
        CHECK(g["type"] == w["type"]);
        CHECK(g.value("supply_center", false) == w.value("supply_center", false));
        CHECK(g.value("army", json::array()) == w.value("army", json::array()));
        CHECK(g.value("fleet", json::array()) == w.value("fleet", json::array()));
        REQUIRE(g.value("coasts", json::array()).size() == w.value("coasts", json::array()).size());
        for (std::size_t c = 0; c < w.value("coasts", json::array()).size(); ++c) {
            CHECK(g["coasts"][c]["coast"] == w["coasts"][c]["coast"]);
            CHECK(g["coasts"][c]["fleet"] == w["coasts"][c]["fleet"]);
        }
    }
    // Powers in the same order, with the same names, adjectives and home centres.
    REQUIRE(got["powers"].size() == want["powers"].size());
    for (std::size_t i = 0; i < want["powers"].size(); ++i) {
        CHECK(got["powers"][i]["name"] == want["powers"][i]["name"]);
        CHECK(got["powers"][i]["adjective"] == want["powers"][i]["adjective"]);
        CHECK(got["powers"][i]["home_centers"] == want["powers"][i]["home_centers"]);
    }
    CHECK(got["start"] == want["start"]);
    CHECK(got["victory"] == want["victory"]);
    CHECK(got["name"] == "standard");
    CHECK_FALSE(got.contains("description"));
}

TEST_CASE("a DPjudge map's readings: includes, case marks, coasts, defaults") {
    const MapImport result = import_files(tiny_files());
    for (const std::string& m : messages(result)) MESSAGE(m);
    REQUIRE(result.ok());
    const VariantLoad load = load_variant(result.variant_json);
    REQUIRE(load.ok());
    const json v = json::parse(result.variant_json);
    CHECK(v["name"] == "tiny");
    CHECK(v["title"] == "Tiny");
    CHECK(v["description"] == "A test map.");
    // Title case ("Ccc") is for fleets only, lower case ("ddd") for armies only.
    CHECK(province(v, "BBB")["army"] == json({"AAA", "DDD"}));
    CHECK(province(v, "BBB")["fleet"] == json({"CCC", "DDD/NC", "SEA"}));
    CHECK(province(v, "AAA")["army"] == json({"BBB", "CCC", "DDD"}));
    CHECK_FALSE(province(v, "AAA").contains("fleet"));
    CHECK(province(v, "AAA")["aliases"] == json({"alpha land"}));
    // An alias marked "unclear" (a trailing "?") is not a name players write.
    CHECK(province(v, "SEA")["aliases"] == json({"the sea"}));
    CHECK(province(v, "SEA")["type"] == "sea");
    const json& ddd = province(v, "DDD");
    CHECK(ddd["type"] == "coast");
    REQUIRE(ddd["coasts"].size() == 2);
    CHECK(ddd["coasts"][0]["coast"] == "NC");
    CHECK(ddd["coasts"][0]["fleet"] == json({"BBB", "SEA"}));
    CHECK(ddd["coasts"][1]["fleet"] == json({"CCC"}));
    CHECK(province(v, "CCC")["supply_center"] == true);
    CHECK(province(v, "DDD")["supply_center"] == false);
    CHECK(v["powers"][0]["name"] == "Red");
    CHECK(v["powers"][0]["adjective"] == "Reddish");
    CHECK(v["powers"][1]["home_centers"] == json({"BBB"}));
    CHECK(v["start"]["phase"] == "S1901M");
    CHECK(v["start"]["units"] == json({{"Red", {"A AAA"}}, {"Blue", {"F BBB"}}}));
    // No VICTORY line: DPjudge's default, a majority of the supply centres.
    CHECK(v["victory"]["centers"] == 2);
}

TEST_CASE("a DPjudge map's later lines amend earlier ones: DROP, AMEND, renames, UNPLAYED") {
    SUBCASE("DROP removes a province and every mention of it") {
        const MapImport r = import_files(tiny_with_main_line("DROP CCC"));
        REQUIRE(r.ok());
        const json v = json::parse(r.variant_json);
        CHECK(v["provinces"].size() == 4);
        CHECK(province(v, "AAA")["army"] == json({"BBB", "DDD"}));
        CHECK(province(v, "DDD")["coasts"][1]["fleet"] == json::array());
    }
    SUBCASE("AMEND adds to and removes from an adjacency list") {
        auto files = tiny_with_main_line("AMEND AAA ABUTS -ddd\nAMEND ddd ABUTS -AAA");
        const MapImport r = import_files(files);
        REQUIRE(r.ok());
        CHECK(province(json::parse(r.variant_json), "AAA")["army"] == json({"BBB", "CCC"}));
    }
    SUBCASE("OLD -> Name renames a province everywhere") {
        const MapImport r = import_files(tiny_with_main_line("AAA -> Zulu = zzz alpha"));
        REQUIRE(r.ok());
        const json v = json::parse(r.variant_json);
        CHECK(province(v, "ZZZ")["name"] == "Zulu");
        CHECK(province(v, "BBB")["army"] == json({"DDD", "ZZZ"}));
        CHECK(v["powers"][0]["home_centers"] == json({"ZZZ"}));
        CHECK(v["start"]["units"]["Red"] == json({"A ZZZ"}));
    }
    SUBCASE("UNPLAYED removes a power and its home centres") {
        const MapImport r = import_files(tiny_with_main_line("UNPLAYED BLUE"));
        REQUIRE(r.ok());
        const json v = json::parse(r.variant_json);
        CHECK(v["powers"].size() == 1);
        CHECK(province(v, "BBB")["supply_center"] == false);
    }
    SUBCASE("BEGIN and VICTORY") {
        const MapImport r =
            import_files(tiny_with_main_line("BEGIN FALL 1650 MOVEMENT\nVICTORY 3"));
        REQUIRE(r.ok());
        const json v = json::parse(r.variant_json);
        CHECK(v["start"]["phase"] == "F1650M");
        CHECK(v["victory"]["centers"] == 3);
    }
}

TEST_CASE("a DPjudge map's RULE BUILD_ANY, OWNS and CENTERS") {
    SUBCASE("RULE BUILD_ANY becomes the rule build_any") {
        const MapImport r = import_files(tiny_with_main_line("RULE BUILD_ANY"));
        REQUIRE(r.ok());
        const json v = json::parse(r.variant_json);
        CHECK(v["rules"] == json{{"build_any", json::object()}});
        const VariantLoad load = load_variant(r.variant_json);
        REQUIRE(load.ok());
        CHECK(load.variant->build_any);
        // Without the line, no rules at all.
        CHECK_FALSE(json::parse(import_files(tiny_files()).variant_json).contains("rules"));
    }
    SUBCASE("OWNS adds to the current power's centres at the start, CENTERS replaces them") {
        // Blue owns CCC besides nothing of its own; Red is not listed and owns its home AAA.
        const MapImport r = import_files(tiny_with_main_line("BLUE\nOWNS BBB\nOWNS CCC BBB"));
        REQUIRE(r.ok());
        const json v = json::parse(r.variant_json);
        CHECK(v["start"]["centers"] == json{{"Blue", {"BBB", "CCC"}}});
        const VariantLoad load = load_variant(r.variant_json);
        REQUIRE(load.ok());
        const Variant& variant = *load.variant;
        CHECK(variant.start_owners[variant.find_province("CCC")] == variant.find_power("Blue"));
        CHECK(variant.start_owners[variant.find_province("AAA")] == variant.find_power("Red"));

        const json replaced = json::parse(
            import_files(tiny_with_main_line("BLUE\nOWNS BBB CCC\nCENTERS CCC")).variant_json);
        CHECK(replaced["start"]["centers"] == json{{"Blue", {"CCC"}}});
        const json none =
            json::parse(import_files(tiny_with_main_line("BLUE\nCENTERS")).variant_json);
        CHECK(none["start"]["centers"] == json{{"Blue", json::array()}});
        CHECK_FALSE(
            json::parse(import_files(tiny_files()).variant_json)["start"].contains("centers"));
    }
    SUBCASE("what OWNS may not say") {
        check_refused(tiny_with_main_line("UNOWNED\nOWNS CCC"),
                      "tiny.map:11: OWNS after UNOWNED: it names the current power's centres");
        check_refused({{"tiny.map", "OWNS AAA\nUSE tiny.geo\nRED AAA\n"}, {"tiny.geo", kTinyGeo}},
                      "tiny.map:1: OWNS before any power's line: it names the current power's "
                      "centres");
        check_refused(tiny_with_main_line("BLUE\nOWNS SC!"),
                      "tiny.map:11: owned centre \"SC!\" is not supported (only plain centres "
                      "are: no SC!, SC? or SC*)");
        check_refused(tiny_with_main_line("BLUE\nOWNS SEA"),
                      "tiny.map:11: SEA is owned at the start but is not a supply centre");
        check_refused(tiny_with_main_line("BLUE\nOWNS CCC\nRED\nOWNS AAA CCC"),
                      "tiny.map:11: CCC is owned at the start by RED and BLUE");
        // Blue claims Red's home, and Red, not listed, owns its home centres: the variant's check.
        const MapImport r = import_files(tiny_with_main_line("BLUE\nOWNS AAA"));
        CHECK_FALSE(r.ok());
    }
}

TEST_CASE("a malformed DPjudge map is refused, naming the file and line") {
    SUBCASE("one-way army adjacency") {
        check_refused(tiny_with_geo_line(7, "LAND AAA ABUTS BBB CCC ddd SEA"),
                      "tiny.geo:7: adjacency AAA-SEA is one-way: SEA does not list AAA");
        check_refused(tiny_with_geo_line(11, "COAST ddd ABUTS BBB CCC SEA"),
                      "tiny.geo:7: adjacency AAA-DDD is one-way: DDD does not list AAA");
        // DDD lists BBB for fleets only ("Bbb"), while BBB lists DDD for armies.
        check_refused(tiny_with_geo_line(11, "COAST ddd ABUTS AAA Bbb CCC SEA"),
                      "tiny.geo:8: army adjacency BBB-DDD is one-way: DDD does not list BBB "
                      "for armies");
    }
    SUBCASE("one-way fleet adjacency") {
        check_refused(tiny_with_geo_line(13, "COAST DDD/SC ABUTS CCC SEA"),
                      "tiny.geo:13: fleet adjacency DDD/SC-SEA is one-way: SEA does not list "
                      "DDD/SC for fleets");
    }
    SUBCASE("unknown abbreviation") {
        check_refused(tiny_with_geo_line(7, "LAND AAA ABUTS BBB CCC ddd XYZ"),
                      "tiny.geo:7: unknown abbreviation \"XYZ\" in the adjacency of AAA");
        check_refused(tiny_with_main_line("RED EEE"),
                      "tiny.map:10: unknown abbreviation \"EEE\" as a supply centre");
        check_refused(tiny_with_main_line("A EEE"),
                      "tiny.map:10: unknown abbreviation \"EEE\" for a unit");
    }
    SUBCASE("a province without a type or without a name") {
        check_refused(tiny_with_geo_line(14, "Echo = eee"),
                      "tiny.geo:14: EEE (Echo) has no type: no WATER, LAND, COAST, PORT or "
                      "SHUT line gives it one");
        check_refused(tiny_with_geo_line(3, "# no name for CCC"),
                      "tiny.geo:9: CCC has no full name (no \"Name = ccc\" line)");
    }
    SUBCASE("an unsupported or unknown rule flag") {
        check_refused(tiny_with_main_line("RULE REMOTE_BUILDS"),
                      "tiny.map:10: unsupported rule flag \"REMOTE_BUILDS\" (building in any "
                      "owned centre is not a variant option of this engine)");
        check_refused(tiny_with_main_line("RULE BUILD_ANY HOME_BUILDS"),
                      "tiny.map:10: unsupported rule flag \"HOME_BUILDS\" (building in another "
                      "power's home centre is not a variant option of this engine)");
        check_refused(tiny_with_main_line("RULE NO_SUCH_FLAG"),
                      "tiny.map:10: unsupported rule flag \"NO_SUCH_FLAG\" (not a rule this "
                      "engine knows)");
    }
    SUBCASE("a directive the engine cannot honour") {
        check_refused(tiny_with_main_line("FLOW SPRING:MOVEMENT"),
                      "tiny.map:10: FLOW is not supported (a phase flow other than spring and "
                      "fall moves with winter adjustments)");
        check_refused(tiny_with_main_line("RED\nINHABITS CCC"),
                      "tiny.map:11: INHABITS is not supported (home centres changed after the "
                      "power's line)");
        check_refused(tiny_with_main_line("VICTORY 3 2"),
                      "tiny.map:10: victory counts that change from year to year are not "
                      "supported");
        check_refused(tiny_with_main_line("BEGIN B.C. 273 MOVEMENT"),
                      "tiny.map:10: start phase \"B.C. 273 MOVEMENT\" is not supported (the "
                      "engine starts in a spring, fall or winter of a numbered year: \"SPRING "
                      "1901 MOVEMENT\")");
        check_refused(tiny_with_geo_line(10, "WATER SEA ABUTS BBB CCC DDD/NC R:AAA"),
                      "tiny.geo:10: special adjacency rule \"R:AAA\" of SEA is not supported "
                      "(adjacency open to one power, a centre's owner or a special move)");
        check_refused(tiny_with_main_line("RED *CCC"),
                      "tiny.map:10: home centre \"*CCC\" is not supported (only plain home "
                      "centres are: no factories, partisans, hidden or alternative homes)");
    }
    SUBCASE("coasts and units") {
        check_refused(tiny_with_geo_line(11, "COAST DDD ABUTS AAA BBB CCC SEA"),
                      "tiny.geo:12: coast DDD/NC: its province is written DDD; a province with "
                      "coasts is written in lower case (\"COAST ddd ABUTS ...\")");
        check_refused(tiny_with_main_line("UNOWNED\nA CCC"),
                      "tiny.map:11: a unit after UNOWNED: neutral units are not supported");
        std::map<std::string, std::string> unit_first{
            {"tiny.map", "A AAA\n" + std::string(kTinyMain)}, {"tiny.geo", kTinyGeo}};
        check_refused(unit_first, "tiny.map:1: a unit before any power's line");
        check_refused(tiny_with_main_line("F AAA"),
                      "tiny.map:10: a fleet cannot stand in AAA (land)");
        check_refused(tiny_with_main_line("F DDD"),
                      "tiny.map:10: a fleet cannot stand in DDD (name its coast)");
    }
    SUBCASE("truncated file") {
        auto files = tiny_files();
        files["tiny.geo"] = std::string(kTinyGeo) + "COAST DDD/SC ABU";
        check_refused(files, "tiny.geo:14: the last line has no line end: the file is truncated");
    }
    SUBCASE("invalid UTF-8") {
        check_refused(tiny_with_geo_line(3, "Charl\xe9 = ccc"),
                      "tiny.geo:3: the file is not UTF-8 text");
        check_refused(tiny_with_geo_line(3, "Charlie = ccc \xf0\x9f"),
                      "tiny.geo:3: the file is not UTF-8 text");
    }
    SUBCASE("a file over the size limit, a 10 MB one among them") {
        auto files = tiny_files();
        files["tiny.geo"] = std::string(10 * 1024 * 1024, '#') + "\n";
        check_refused(files,
                      "tiny.geo: the file is larger than 1048576 bytes, the most a map "
                      "file may hold");
        files["tiny.geo"] = std::string(kMaxMapFileBytes + 1, '\n');
        check_refused(files,
                      "tiny.geo: the file is larger than 1048576 bytes, the most a map "
                      "file may hold");
        files["tiny.geo"] = std::string(kTinyGeo) + "#" + std::string(kMaxMapFileBytes, ' ');
        files["tiny.geo"].resize(kMaxMapFileBytes - 1);
        files["tiny.geo"] += "\n";
        CHECK(import_files(files).ok());
    }
    SUBCASE("includes") {
        check_refused(tiny_with_main_line("USE missing"),
                      "tiny.map:10: included file \"missing.map\" not found");
        check_refused(tiny_with_main_line("USE tiny.geo"),
                      "tiny.map:10: file \"tiny.geo\" is included twice");
        check_refused(tiny_with_main_line("USE ../secret.map"),
                      "tiny.map:10: included file \"../secret.map\" must be a plain file name");
    }
    SUBCASE("no power") {
        std::map<std::string, std::string> files{{"tiny.map", "USE tiny.geo\n"},
                                                 {"tiny.geo", kTinyGeo}};
        check_refused(files, "tiny.map: the map names no power");
    }
}

TEST_CASE("a DPjudge map's drawing points: the PostScript label places, else the graph's layout") {
    const auto files = tiny_files();
    const MapFileReader reader = [&](const std::string& name) -> std::optional<std::string> {
        const auto it = files.find(name);
        if (it == files.end()) return std::nullopt;
        return it->second;
    };
    // Label places as DPjudge's .ps writes them: a comment table and label lines; y counts up.
    const std::string ps =
        "%!PS-Adobe\n"
        "%  100  300 AAA    Alpha\n"
        "%  500  300 BBB    Bravo\n"
        "\t(CCC) 100 100 c\n"
        "\t(SEA) 500 100 w\n"
        "\t(DDD) 300 200 c\n"
        "\t(DDD/NC) 320 220 c\n"
        "\t(Spring) 1 2 x\n";
    const MapImport drawn =
        import_dpjudge_map("tiny.map", files.at("tiny.map"), reader, {"tiny", "", "", ps});
    REQUIRE(drawn.ok());
    const json v = json::parse(drawn.variant_json);
    CHECK(v["map"] == json({{"width", 1000}, {"height", 530}}));
    CHECK(province(v, "AAA")["draw"] == json({{"x", 30}, {"y", 30}}));
    CHECK(province(v, "SEA")["draw"] == json({{"x", 970}, {"y", 500}}));
    CHECK(province(v, "DDD")["draw"] == json({{"x", 500}, {"y", 265}}));
    CHECK(province(v, "DDD")["coasts"][0]["draw"] == json({{"x", 547}, {"y", 218}}));
    // A coast the drawing does not place is drawn beside its province.
    CHECK(province(v, "DDD")["coasts"][1]["draw"] == json({{"x", 512}, {"y", 277}}));

    const MapImport none = import_dpjudge_map("tiny.map", files.at("tiny.map"), reader,
                                              {"tiny", "", "", "%!PS-Adobe\n"});
    CHECK(messages(none) ==
          std::vector<std::string>{"tiny.map: the drawing has no label place of any province"});

    // Without a drawing every point still lies on the canvas (the variant check says so) and
    // no two provinces share one.
    const MapImport laid = import_files(files);
    REQUIRE(laid.ok());
    std::set<std::pair<int, int>> points;
    const json laid_out = json::parse(laid.variant_json);
    for (const json& p : laid_out["provinces"])
        points.insert({p["draw"]["x"].get<int>(), p["draw"]["y"].get<int>()});
    CHECK(points.size() == 5);
}
