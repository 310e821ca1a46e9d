/* One entry point per test file; main.c runs them all. */
#ifndef MOTIVE_SUITES_H
#define MOTIVE_SUITES_H

void run_world_tests(void);
void run_handle_tests(void);
void run_packing_tests(void);
void run_position_tests(void);
void run_fact_tests(void);
void run_null_argument_tests(void);
void run_number_tests(void);
void run_status_tests(void);
void run_last_error_tests(void);
void run_version_tests(void);
void run_limit_tests(void);
void run_bound_tests(void);
void run_poison_tests(void);
void run_definition_tests(void);
void run_definition_error_tests(void);
void run_mind_tests(void);
void run_event_tests(void);
void run_event_limit_tests(void);
void run_goap_tests(void);
void run_goap_mind_tests(void);
void run_goap_rebind_tests(void);
void run_smart_object_tests(void);
void run_joint_action_tests(void);
void run_outcome_tests(void);
void run_ambiance_tests(void);
void run_distance_tests(void);
void run_domain_json_tests(void);
void run_ubc_tests(void);
void run_sim_tests(void);
void run_behaviour_tree_tests(void);
void run_engine_contract_tests(void);
void run_squad_tests(void);
void run_save_tests(void);
void run_document_error_tests(void);
void run_parallel_tests(void);

#endif /* MOTIVE_SUITES_H */
