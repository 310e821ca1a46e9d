/*
 * Errors as results: a failure carries its status code and the message motive gave at the
 * time of the failure (the C message is thread-local and overwritten by the next failure);
 * success carries no message; IN_PROGRESS is not a failure; the throwing layer throws the same.
 */
#include <doctest/doctest.h>

#include <string>

#include "fixtures.hpp"
#include "motive.hpp"

TEST_CASE("a failure keeps its own message after later failures overwrite motive's") {
    const motive::Domain domain = fixtures::kitchen_domain();
    auto missing_action = domain.find_action("fly");
    auto missing_drive = domain.find_drive("boredom");
    REQUIRE_FALSE(missing_action.ok());
    REQUIRE_FALSE(missing_drive.ok());
    CHECK(missing_action.status() == MOTIVE_STATUS_NOT_FOUND);
    CHECK(missing_action.message().find("fly") != std::string::npos);
    CHECK(missing_drive.message().find("boredom") != std::string::npos);
    CHECK(missing_action.message() != missing_drive.message());
    CHECK(motive::last_error_message() == missing_drive.message());
}

TEST_CASE("success has the OK code and no message, even after a failure") {
    const motive::Domain domain = fixtures::kitchen_domain();
    (void)domain.find_action("fly");
    auto found = domain.find_action("cook");
    REQUIRE(found.ok());
    CHECK(static_cast<bool>(found));
    CHECK(found.status() == MOTIVE_STATUS_OK);
    CHECK(found.message().empty());
    CHECK(found.value() == 1);
}

TEST_CASE("a Status from a failing call names its code") {
    motive::World empty;
    const motive::Status status = empty.tick(0.1);
    CHECK_FALSE(status.ok());
    CHECK(status.status() == MOTIVE_STATUS_NULL_ARGUMENT);
    CHECK(std::string(motive::status_name(status.status())) == "MOTIVE_STATUS_NULL_ARGUMENT");
    CHECK_FALSE(status.message().empty());
}

TEST_CASE("IN_PROGRESS is not a failure; the wrapper's own failures carry their message") {
    CHECK(motive::Status(MOTIVE_STATUS_IN_PROGRESS).ok());
    CHECK(motive::is_error(MOTIVE_STATUS_NO_PLAN));
    CHECK_FALSE(motive::is_error(MOTIVE_STATUS_IN_PROGRESS));
    const motive::Status mine = motive::Status::failure(MOTIVE_STATUS_NOT_FOUND, "no such thing");
    CHECK_FALSE(mine.ok());
    CHECK(mine.message() == "no such thing");
}

TEST_CASE("value_or gives the fallback only on failure") {
    const motive::Domain domain = fixtures::kitchen_domain();
    CHECK(domain.find_action("fly").value_or(99) == 99);
    CHECK(domain.find_action("nap").value_or(99) == 3);
}

TEST_CASE("the library speaks this header's ABI") {
    CHECK(motive::check_abi().ok());
    CHECK(std::string(motive::version()) == MOTIVE_VERSION_STRING);
    CHECK(motive::abi_version() == MOTIVE_ABI_VERSION);
}

#if MOTIVE_CPP_EXCEPTIONS
TEST_CASE("or_throw throws the failure as a motive::Exception and passes values through") {
    const motive::Domain domain = fixtures::kitchen_domain();
    CHECK(domain.find_action("eat_meal").or_throw() == 2);
    try {
        (void)domain.find_action("fly").or_throw();
        FAIL("or_throw did not throw");
    } catch (const motive::Exception &e) {
        CHECK(e.status() == MOTIVE_STATUS_NOT_FOUND);
        CHECK(std::string(e.what()).find("MOTIVE_STATUS_NOT_FOUND") == 0);
        CHECK(std::string(e.what()).find("fly") != std::string::npos);
    }
    motive::World empty;
    CHECK_THROWS_AS(empty.tick(0.1).or_throw(), motive::Exception);
}
#endif

#if defined(MOTIVE_CPP_EXPECT_NO_EXCEPTIONS)
// The -fno-exceptions build (as Unreal's): the throwing layer must be off by itself.
static_assert(MOTIVE_CPP_EXCEPTIONS == 0, "the throwing layer is on without exceptions");
#endif
