/*
 * Probabilistic outcomes through the C ABI, on the wizard domain's drink action: the book's
 * lever odds (90/7/3, 001_3e3461db8de0826f.txt:903) set as an outcome table, read back as the
 * world's odds, and every rejected table leaving the builder unchanged.
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "fixtures.h"
#include "motive_test.h"
#include "suites.h"
#include "wizard.h"

/* Outcome `i` of the lever: weight 90, 7 or 3; the first empties the potion's mana. */
static motive_outcome_def lever_outcome(int i, const motive_effect *empties) {
    static const double weights[3] = {90.0, 7.0, 3.0};
    motive_outcome_def def;
    memset(&def, 0, sizeof def);
    def.weight = weights[i];
    def.effects = i == 0 ? empties : NULL;
    def.effect_count = i == 0 ? 1 : 0;
    return def;
}

/* The wizard's builder, and the lever's outcomes in `outcomes`, the first emptying the potion
 * through `*empties`. */
static bool lever_on_drink(motive_domain_builder **b, wizard_ids *w, motive_effect *empties,
                           motive_outcome_def outcomes[3]) {
    int i;
    ENSURE_OR_RETURN(wizard_builder(b, w), false);
    *empties = effect_change(MOTIVE_ROLE_SUPPLIER, MOTIVE_EFFECT_OP_SET, w->mana_amount,
                             operand_number(0.0));
    for (i = 0; i < 3; i++) {
        outcomes[i] = lever_outcome(i, empties);
    }
    return true;
}

static void test_the_lever_odds_read_back_from_the_world(void) {
    motive_domain_builder *b = NULL;
    wizard_ids w;
    motive_domain *domain = NULL;
    motive_world *world = NULL;
    motive_world_def def = motive_world_def_default();
    motive_outcome_def outcomes[3];
    motive_effect empties;
    double odds[3];
    size_t count = 0;
    ENSURE(lever_on_drink(&b, &w, &empties, outcomes));
    ENSURE_OK(motive_domain_builder_set_action_outcomes(b, w.drink, outcomes, 3,
                                                        MOTIVE_OUTCOME_LEARNING_FIXED, 0.0));
    ENSURE_OK(motive_domain_builder_build(b, &domain));
    ENSURE_OK(motive_world_create(domain, &def, &world));
    ENSURE_STATUS(motive_world_outcome_probabilities(world, w.drink, odds, 2, &count),
                  MOTIVE_STATUS_BUFFER_TOO_SMALL);
    ENSURE(count == 3);
    ENSURE_OK(motive_world_outcome_probabilities(world, w.drink, odds, 3, &count));
    ENSURE(fabs(odds[0] - 0.90) < 1e-12 && fabs(odds[1] - 0.07) < 1e-12 &&
           fabs(odds[2] - 0.03) < 1e-12);
    /* An action without outcomes, an unknown action, and missing arguments. */
    SENTINEL(count);
    ENSURE_STATUS(motive_world_outcome_probabilities(world, w.melee, odds, 3, &count),
                  MOTIVE_STATUS_NOT_FOUND);
    ENSURE_LAST_ERROR_CONTAINS("has no outcomes");
    ENSURE_STATUS(motive_world_outcome_probabilities(world, 999, odds, 3, &count),
                  MOTIVE_STATUS_NOT_FOUND);
    ENSURE_UNTOUCHED(count);
    ENSURE_STATUS(motive_world_outcome_probabilities(world, w.drink, odds, 3, NULL),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_world_outcome_probabilities(NULL, w.drink, odds, 3, &count),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    motive_world_destroy(world);
    motive_domain_destroy(domain);
    motive_domain_builder_destroy(b);
}

static void test_rejected_outcome_tables_change_nothing(void) {
    motive_domain_builder *b = NULL;
    wizard_ids w;
    motive_outcome_def outcomes[3];
    motive_effect bad_effect;
    motive_effect empties;
    ENSURE(lever_on_drink(&b, &w, &empties, outcomes));
    ENSURE_REJECTED(motive_domain_builder_set_action_outcomes(b, w.drink, outcomes, 0,
                                                              MOTIVE_OUTCOME_LEARNING_FIXED, 0.0),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_REJECTED(motive_domain_builder_set_action_outcomes(b, w.drink, NULL, 3,
                                                              MOTIVE_OUTCOME_LEARNING_FIXED, 0.0),
                    MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_REJECTED(motive_domain_builder_set_action_outcomes(b, w.drink, outcomes, 3, 7, 0.0),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("learning");
    ENSURE_REJECTED(motive_domain_builder_set_action_outcomes(b, w.drink, outcomes, 3,
                                                              MOTIVE_OUTCOME_LEARNING_COUNTS, 0.0),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_REJECTED(motive_domain_builder_set_action_outcomes(b, 999, outcomes, 3,
                                                              MOTIVE_OUTCOME_LEARNING_FIXED, 0.0),
                    MOTIVE_STATUS_NOT_FOUND);
    outcomes[1].weight = -1.0;
    ENSURE_REJECTED(motive_domain_builder_set_action_outcomes(b, w.drink, outcomes, 3,
                                                              MOTIVE_OUTCOME_LEARNING_FIXED, 0.0),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    outcomes[1].weight = 0.5; /* not a whole count of objects */
    ENSURE_REJECTED(
        motive_domain_builder_set_action_outcomes(b, w.drink, outcomes, 3,
                                                  MOTIVE_OUTCOME_LEARNING_WITHOUT_REPLACEMENT, 0.0),
        MOTIVE_STATUS_INVALID_ARGUMENT);
    outcomes[1].weight = 7.0;
    outcomes[2].effect_count = 1; /* but its effects are NULL */
    ENSURE_REJECTED(motive_domain_builder_set_action_outcomes(b, w.drink, outcomes, 3,
                                                              MOTIVE_OUTCOME_LEARNING_FIXED, 0.0),
                    MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("outcomes[2].effects");
    bad_effect = effect_change(MOTIVE_ROLE_SUPPLIER, MOTIVE_EFFECT_OP_SET, 999,
                               operand_number(0.0));
    outcomes[2].effects = &bad_effect;
    ENSURE_REJECTED(motive_domain_builder_set_action_outcomes(b, w.drink, outcomes, 3,
                                                              MOTIVE_OUTCOME_LEARNING_FIXED, 0.0),
                    MOTIVE_STATUS_NOT_FOUND);
    outcomes[2] = lever_outcome(2, &empties);
    ENSURE_OK(motive_domain_builder_set_action_outcomes(
        b, w.drink, outcomes, 3, MOTIVE_OUTCOME_LEARNING_COUNTS, 10.0));
    ENSURE(builds(b));
    motive_domain_builder_destroy(b);
}

void run_outcome_tests(void) {
    RUN_TEST(test_the_lever_odds_read_back_from_the_world);
    RUN_TEST(test_rejected_outcome_tables_change_nothing);
}
