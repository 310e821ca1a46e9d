/*
 * The doctest runner of the C++ wrapper's tests, with a closing line in the form the top-level
 * test script adds up: "cpp (<variant>): N passed, M failed" (test cases). MOTIVE_CPP_VARIANT
 * names the build (plain, asan-ubsan, no-exceptions); scripts/test-cpp sets it.
 */
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <cstdio>

#ifndef MOTIVE_CPP_VARIANT
#define MOTIVE_CPP_VARIANT "plain"
#endif

namespace {

// Only test_run_end matters: doctest's own summary counts differently from the test script.
struct Summary : doctest::IReporter {
    explicit Summary(const doctest::ContextOptions &) {}
    void report_query(const doctest::QueryData &) override {}
    void test_run_start() override {}
    void test_run_end(const doctest::TestRunStats &stats) override {
        const unsigned failed = stats.numTestCasesFailed;
        std::printf("cpp (%s): %u passed, %u failed\n", MOTIVE_CPP_VARIANT,
                    stats.numTestCasesPassingFilters - failed, failed);
    }
    void test_case_start(const doctest::TestCaseData &) override {}
    void test_case_reenter(const doctest::TestCaseData &) override {}
    void test_case_end(const doctest::CurrentTestCaseStats &) override {}
    void test_case_exception(const doctest::TestCaseException &) override {}
    void subcase_start(const doctest::SubcaseSignature &) override {}
    void subcase_end() override {}
    void log_assert(const doctest::AssertData &) override {}
    void log_message(const doctest::MessageData &) override {}
    void test_case_skipped(const doctest::TestCaseData &) override {}
};

} // namespace

REGISTER_LISTENER("motive-summary", 1, Summary);
