/*
 * The motive C ABI test suite: runs every test file's tests and prints one summary line,
 * "c-abi (<variant>): N passed, M failed", where <variant> is argv[1] (how the library was
 * linked and instrumented, e.g. "shared" or "asan-ubsan-static"). Exits non-zero on failure.
 */
#include <stdio.h>

#include "motive_test.h"
#include "suites.h"

int main(int argc, char **argv) {
    const char *variant = argc > 1 ? argv[1] : "unnamed";
    run_world_tests();
    run_handle_tests();
    run_packing_tests();
    run_position_tests();
    run_fact_tests();
    run_null_argument_tests();
    run_number_tests();
    run_status_tests();
    run_last_error_tests();
    run_version_tests();
    run_limit_tests();
    run_bound_tests();
    run_poison_tests();
    run_definition_tests();
    run_definition_error_tests();
    run_mind_tests();
    run_event_tests();
    run_event_limit_tests();
    run_goap_tests();
    run_goap_mind_tests();
    run_goap_rebind_tests();
    run_smart_object_tests();
    run_joint_action_tests();
    run_outcome_tests();
    run_ambiance_tests();
    run_distance_tests();
    run_domain_json_tests();
    run_ubc_tests();
    run_sim_tests();
    run_parallel_tests();
    run_behaviour_tree_tests();
    run_engine_contract_tests();
    run_squad_tests();
    run_save_tests();
    run_document_error_tests();
    return motive_test_summary(variant);
}
