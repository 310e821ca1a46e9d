/*
 * A domain document checked as an asset import does: each diagnostic one line with its JSON
 * Pointer, errors and lint warnings told apart; a file that cannot be read, a blank document
 * and a scenario's missing domain file said plainly, never as an empty pointer.
 */
#include <doctest/doctest.h>

#include <string>

#include "fixtures.hpp"
#include "motive.hpp"
#include "motive_diagnostic_lines.hpp"

TEST_CASE("a document that loads has its domain and no lines; a lint warning is a warning line") {
    const std::string kitchen = fixtures::read_file(MOTIVE_TEST_DATA "/kitchen.json");
    const motive::DocumentCheck good = motive::check_document(kitchen, motive::DocumentKind::domain, "Kitchen");
    CHECK(good.ok());
    CHECK(good.domain.find_action("cook").value() == 1);
    CHECK(good.lines.empty());

    const motive::DocumentCheck linted = motive::check_document(
        R"({"name": "lint", "attributes": [{"name": "fed", "type": "bool"}, {"name": "hunger", "type": "number"}],
            "goap_goals": [{"name": "be_fed", "priority": 1,
                            "relevance": {"key": "hunger", "curve": {"type": "linear", "max": 1}},
                            "requirements": [{"key": "fed", "op": "==", "value": true}]}]})",
        motive::DocumentKind::domain, "Lint");
    CHECK(linted.ok());
    REQUIRE(linted.lines.size() == 1);
    CHECK_FALSE(linted.lines[0].error);
    CHECK(linted.warnings() == 1);
    CHECK(linted.lines[0].text.rfind("Lint: warning: /goap_goals/0: GOAP goal \"be_fed\" can never be reached", 0) == 0);
}

TEST_CASE("each error is a line with its JSON Pointer") {
    const motive::DocumentCheck typo =
        motive::check_document(R"({"name": "x", "atributes": []})", motive::DocumentKind::domain, "Typo");
    CHECK(typo.status.status() == MOTIVE_STATUS_PARSE_ERROR);
    CHECK(typo.domain.get() == nullptr);
    REQUIRE(typo.lines.size() == 1);
    CHECK(typo.lines[0].error);
    CHECK(typo.lines[0].text == "Typo: error: /atributes: unknown field \"atributes\" (did you mean \"attributes\"?)");

    // The kitchen as a scenario: one error says it is a domain.
    const std::string kitchen = fixtures::read_file(MOTIVE_TEST_DATA "/kitchen.json");
    const motive::DocumentCheck wrong_kind = motive::check_document(kitchen, motive::DocumentKind::scenario, "Kitchen");
    CHECK_FALSE(wrong_kind.ok());
    CHECK(wrong_kind.errors() == 1);
    CHECK(wrong_kind.lines[0].text.rfind("Kitchen: error: this is a domain, not a scenario", 0) == 0);
}

TEST_CASE("a file that cannot be read, a blank document and a missing domain file say so") {
    const motive::DocumentCheck missing =
        motive::check_file(MOTIVE_TEST_DATA "/no-such-file.json", motive::DocumentKind::domain, "Import");
    CHECK(missing.status.status() == MOTIVE_STATUS_PARSE_ERROR);
    REQUIRE(missing.lines.size() == 1);
    const std::string expected = "Import: error: cannot read " MOTIVE_TEST_DATA "/no-such-file.json: ";
    CHECK(missing.lines[0].text.rfind(expected, 0) == 0);
    CHECK(missing.lines[0].text.size() > expected.size()); // the reason
    CHECK(missing.lines[0].text.find(": : ") == std::string::npos);

    const motive::DocumentCheck blank = motive::check_document(" \n\t", motive::DocumentKind::domain, "New");
    CHECK_FALSE(blank.ok());
    REQUIRE(blank.lines.size() == 1);
    CHECK(blank.lines[0].text == "New: error: the document is empty");

    const motive::DocumentCheck elsewhere = motive::check_document(
        R"({"domain": "no-such-domain.json", "entities": []})", motive::DocumentKind::scenario, "Scenario");
    CHECK_FALSE(elsewhere.ok());
    REQUIRE(elsewhere.lines.size() == 1);
    CHECK(elsewhere.lines[0].text.rfind("Scenario: error: /domain: cannot read no-such-domain.json: ", 0) == 0);

    const motive::DocumentCheck household =
        motive::check_file(MOTIVE_SCENARIOS "/household.json", motive::DocumentKind::scenario, "Household");
    CHECK(household.ok());
    CHECK(household.domain.find_archetype("resident").ok());
}

TEST_CASE("a diagnostic without a pointer is about the whole document") {
    motive::Diagnostic whole{};
    whole.severity = MOTIVE_SEVERITY_ERROR;
    whole.path = "";
    whole.message = "line 1, column 0: EOF while parsing a value";
    CHECK(motive::diagnostic_line(whole, "A").text == "A: error: line 1, column 0: EOF while parsing a value");
    motive::Diagnostic lint{};
    lint.severity = MOTIVE_SEVERITY_WARNING;
    lint.path = "/goals/2";
    lint.message = "never reached";
    const motive::DiagnosticLine line = motive::diagnostic_line(lint, "B");
    CHECK_FALSE(line.error);
    CHECK(line.text == "B: warning: /goals/2: never reached");
}
