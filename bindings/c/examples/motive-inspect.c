/*
 * motive-inspect: load a scenario (or a domain), let an NPC decide, and print its drives, its
 * plan and why it chose it. A tool built on include/motive.h alone, in C99.
 *
 *   motive-inspect SCENARIO.json [--npc NAME] [--variant NAME] [--seconds S]
 *       instantiates the scenario (one copy, its own seed), lets its simulator run S seconds
 *       (default 5) and inspects the NPC called NAME (default: the first NPC it spawned);
 *   motive-inspect DOMAIN.json --spawn ARCHETYPE [--object ARCHETYPE@X,Y,Z]...
 *       spawns an NPC of ARCHETYPE at the origin among the objects given, makes it think once
 *       and inspects it.
 *
 * Exit status 0 on success; 1 with every diagnostic on stderr when a file does not load; 2 on
 * bad arguments. The ABI has no id-to-name calls, so names are found by asking the domain
 * about each string literal of the file (motive_domain_find_*): ids whose name is not in the
 * file print as "action 3".
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "motive.h"

#define MAX_OBJECTS 64
#define MAX_ITEMS 256
#define NAME_SIZE 128

/* Looks a name up in a domain: motive_domain_find_action and its kin. */
typedef motive_status (*find_fn)(const motive_domain *, const char *, uint32_t *);

typedef struct options {
    const char *file;
    const char *npc;
    const char *variant;
    const char *spawn;
    const char *objects[MAX_OBJECTS];
    int object_count;
    double seconds;
} options;

typedef struct inspected {
    char *text; /* the file, for names */
    motive_domain *domain;
    motive_world *world;
    motive_sim *sim;
    motive_npc npc;
    char npc_name[NAME_SIZE];
} inspected;

static void usage(FILE *to) {
    fprintf(to, "usage: motive-inspect SCENARIO.json [--npc NAME] [--variant NAME] [--seconds S]\n"
                "       motive-inspect DOMAIN.json --spawn ARCHETYPE [--object ARCHETYPE@X,Y,Z]...\n");
}

/* Prints the calling thread's last motive error after `what`. */
static void report(const char *what, motive_status status) {
    char message[512];
    size_t length = 0;
    if (motive_last_error_message(message, sizeof message, &length) != MOTIVE_STATUS_OK) {
        strcpy(message, "(message too long)");
    }
    fprintf(stderr, "motive-inspect: %s: %s: %s\n", what, motive_status_str(status), message);
}

static bool parse_options(int argc, char **argv, options *o) {
    memset(o, 0, sizeof *o);
    o->seconds = 5.0;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        const char *value = i + 1 < argc ? argv[i + 1] : NULL;
        bool takes_value = arg[0] == '-' && strcmp(arg, "--help") != 0;
        if (takes_value && value == NULL) {
            fprintf(stderr, "motive-inspect: %s needs a value\n", arg);
            return false;
        }
        if (strcmp(arg, "--help") == 0) {
            usage(stdout);
            exit(0);
        } else if (strcmp(arg, "--npc") == 0) {
            o->npc = value;
        } else if (strcmp(arg, "--variant") == 0) {
            o->variant = value;
        } else if (strcmp(arg, "--spawn") == 0) {
            o->spawn = value;
        } else if (strcmp(arg, "--object") == 0) {
            if (o->object_count == MAX_OBJECTS) {
                fprintf(stderr, "motive-inspect: at most %d objects\n", MAX_OBJECTS);
                return false;
            }
            o->objects[o->object_count++] = value;
        } else if (strcmp(arg, "--seconds") == 0) {
            char *end;
            o->seconds = strtod(value, &end);
            if (*end != '\0' || !(o->seconds >= 0.0)) {
                fprintf(stderr, "motive-inspect: --seconds wants a number of seconds, not %s\n", value);
                return false;
            }
        } else if (arg[0] == '-') {
            fprintf(stderr, "motive-inspect: unknown option %s\n", arg);
            return false;
        } else if (o->file == NULL) {
            o->file = arg;
            continue;
        } else {
            fprintf(stderr, "motive-inspect: one file only (%s and %s)\n", o->file, arg);
            return false;
        }
        i++;
    }
    if (o->file == NULL) {
        fprintf(stderr, "motive-inspect: no file given\n");
    }
    return o->file != NULL;
}

/* The whole file at `path`, NUL-terminated (NULL when it cannot be read; motive then says
 * why when it tries). */
static char *read_text(const char *path) {
    FILE *f = fopen(path, "rb");
    char *text = NULL;
    long size;
    if (f == NULL) {
        return NULL;
    }
    if (fseek(f, 0, SEEK_END) == 0 && (size = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0) {
        text = malloc((size_t)size + 1);
        if (text != NULL && fread(text, 1, (size_t)size, f) == (size_t)size) {
            text[size] = '\0';
        } else {
            free(text);
            text = NULL;
        }
    }
    fclose(f);
    return text;
}

/* Writes the name of `id` found by `find` among the file's string literals into `name`, or
 * "<kind> <id>" when none is. */
static const char *name_of(const inspected *in, find_fn find, const char *kind, uint32_t id,
                           char *name) {
    const char *at = in->text;
    while (at != NULL && (at = strchr(at, '"')) != NULL) {
        const char *end = strchr(at + 1, '"');
        size_t length;
        uint32_t found;
        if (end == NULL) {
            break;
        }
        length = (size_t)(end - at - 1);
        if (length > 0 && length < NAME_SIZE && memchr(at + 1, '\\', length) == NULL) {
            memcpy(name, at + 1, length);
            name[length] = '\0';
            if (find(in->domain, name, &found) == MOTIVE_STATUS_OK && found == id) {
                return name;
            }
        }
        at = end + 1;
    }
    snprintf(name, NAME_SIZE, "%s %u", kind, (unsigned)id);
    return name;
}

static const char *action_name(const inspected *in, uint32_t action, char *name) {
    return name_of(in, motive_domain_find_action, "action", action, name);
}

/* The scenario's name for `entity` ("bath", "resident@2"), else "entity N". */
static const char *target_name(const inspected *in, motive_entity entity, char *name) {
    size_t length;
    if (in->sim == NULL ||
        motive_sim_entity_name(in->sim, entity, name, NAME_SIZE, &length) != MOTIVE_STATUS_OK) {
        snprintf(name, NAME_SIZE, "entity %u", (unsigned)entity.index1);
    }
    return name;
}

static void print_diagnostics(const char *file, const motive_diagnostics *diagnostics) {
    for (size_t i = 0; i < motive_diagnostics_count(diagnostics); i++) {
        motive_diagnostic d;
        if (motive_diagnostics_get(diagnostics, i, &d) == MOTIVE_STATUS_OK) {
            fprintf(stderr, "%s: %s: %s%s%s\n", file,
                    d.severity == MOTIVE_SEVERITY_ERROR ? "error" : "warning", d.path,
                    d.path[0] != '\0' ? ": " : "", d.message);
        }
    }
}

/* Scenario mode: instantiate, run, find the NPC. */
static bool open_scenario(const options *o, motive_diagnostics *diagnostics, inspected *in) {
    motive_scenario *scenario = NULL;
    motive_entity entities[MAX_ITEMS];
    size_t count = 0;
    uint64_t seed;
    motive_status status = motive_scenario_load_file(o->file, diagnostics, &scenario);
    if (status != MOTIVE_STATUS_OK) {
        print_diagnostics(o->file, diagnostics);
        report(o->file, status);
        fprintf(stderr, "motive-inspect: (for a domain file, name an NPC archetype with --spawn)\n");
        return false;
    }
    if ((status = motive_scenario_domain(scenario, &in->domain)) != MOTIVE_STATUS_OK ||
        (status = motive_scenario_seed(scenario, &seed)) != MOTIVE_STATUS_OK ||
        (status = motive_scenario_instantiate(scenario, o->variant, 1, seed, &in->world,
                                              &in->sim)) != MOTIVE_STATUS_OK ||
        (status = motive_sim_run(in->sim, in->world, o->seconds)) != MOTIVE_STATUS_OK ||
        (status = motive_sim_entities(in->sim, entities, MAX_ITEMS, &count)) != MOTIVE_STATUS_OK) {
        report(o->file, status);
        motive_scenario_destroy(scenario);
        return false;
    }
    motive_scenario_destroy(scenario);
    for (size_t i = 0; i < count; i++) {
        motive_entity_kind kind;
        size_t length;
        if (motive_entity_get_kind(in->world, entities[i], &kind) != MOTIVE_STATUS_OK ||
            kind != MOTIVE_ENTITY_KIND_NPC ||
            motive_sim_entity_name(in->sim, entities[i], in->npc_name, NAME_SIZE, &length) !=
                MOTIVE_STATUS_OK) {
            continue;
        }
        if (o->npc == NULL || strcmp(o->npc, in->npc_name) == 0) {
            in->npc = motive_entity_as_npc(entities[i]);
            return true;
        }
    }
    fprintf(stderr, "motive-inspect: %s: no NPC %s%s\n", o->file, o->npc ? "called " : "",
            o->npc ? o->npc : "spawned");
    return false;
}

/* Parses "ARCHETYPE@X,Y,Z" into `archetype` (NAME_SIZE bytes) and `at`. */
static bool parse_placement(const char *text, char *archetype, motive_vec3 *at) {
    const char *sign = strchr(text, '@');
    size_t length = sign != NULL ? (size_t)(sign - text) : strlen(text);
    if (length == 0 || length >= NAME_SIZE) {
        return false;
    }
    memcpy(archetype, text, length);
    archetype[length] = '\0';
    at->x = at->y = at->z = 0.0f;
    return sign == NULL || sscanf(sign + 1, "%f,%f,%f", &at->x, &at->y, &at->z) == 3;
}

/* Domain mode: spawn the objects and the NPC, let it think. */
static bool open_domain(const options *o, motive_diagnostics *diagnostics, inspected *in) {
    motive_world_def def = motive_world_def_default();
    motive_archetype_id archetype;
    motive_vec3 origin = {0.0f, 0.0f, 0.0f};
    motive_status status = motive_domain_load_file(o->file, diagnostics, &in->domain);
    if (status != MOTIVE_STATUS_OK) {
        print_diagnostics(o->file, diagnostics);
        report(o->file, status);
        return false;
    }
    if ((status = motive_world_create(in->domain, &def, &in->world)) != MOTIVE_STATUS_OK) {
        report("creating the world", status);
        return false;
    }
    for (int i = 0; i < o->object_count; i++) {
        char name[NAME_SIZE];
        motive_vec3 at;
        motive_object object;
        if (!parse_placement(o->objects[i], name, &at)) {
            fprintf(stderr, "motive-inspect: --object wants ARCHETYPE@X,Y,Z, not %s\n", o->objects[i]);
            return false;
        }
        if ((status = motive_domain_find_archetype(in->domain, name, &archetype)) != MOTIVE_STATUS_OK ||
            (status = motive_object_spawn(in->world, archetype, at, &object)) != MOTIVE_STATUS_OK) {
            report(o->objects[i], status);
            return false;
        }
    }
    if ((status = motive_domain_find_archetype(in->domain, o->spawn, &archetype)) != MOTIVE_STATUS_OK ||
        (status = motive_npc_spawn(in->world, archetype, origin, &in->npc)) != MOTIVE_STATUS_OK ||
        (status = motive_npc_think_now(in->world, in->npc)) != MOTIVE_STATUS_OK) {
        report(o->spawn, status);
        return false;
    }
    snprintf(in->npc_name, NAME_SIZE, "%s", o->spawn);
    return true;
}

static void print_drives(const inspected *in) {
    motive_drive_state drives[MAX_ITEMS];
    size_t count = 0;
    char name[NAME_SIZE];
    if (motive_npc_drives(in->world, in->npc, drives, MAX_ITEMS, &count) != MOTIVE_STATUS_OK ||
        count == 0) {
        return;
    }
    printf("drives:");
    for (size_t i = 0; i < count; i++) {
        printf(" %s %.2f", name_of(in, motive_domain_find_drive, "drive", drives[i].drive, name),
               drives[i].satisfaction);
    }
    printf("\n");
}

static void print_plan(const inspected *in) {
    motive_plan_step steps[MOTIVE_MAX_PLAN_DEPTH];
    motive_running_action running;
    size_t count = 0;
    char name[NAME_SIZE];
    char target[NAME_SIZE];
    motive_status status = motive_npc_plan(in->world, in->npc, steps, MOTIVE_MAX_PLAN_DEPTH, &count);
    if (status != MOTIVE_STATUS_OK) {
        report("reading the plan", status);
        return;
    }
    printf("plan:");
    for (size_t i = 0; i < count; i++) {
        printf("%s %s(%s)", i > 0 ? " ->" : "", action_name(in, steps[i].action, name),
               target_name(in, steps[i].target, target));
    }
    printf("%s\n", count == 0 ? " none" : "");
    if (motive_npc_running_action(in->world, in->npc, &running) == MOTIVE_STATUS_OK) {
        printf("running: %s(%s) for %.2f s, request %u\n", action_name(in, running.action, name),
               target_name(in, running.target, target), running.elapsed, (unsigned)running.request);
    }
}

static const char *search_result(uint32_t result) {
    static const char *const names[] = {"none", "found", "exhausted", "expansion limit", "in progress"};
    return result < sizeof names / sizeof names[0] ? names[result] : "?";
}

/* A UDGOAP decision: the goal served and every candidate plan state considered. */
static bool print_udgoap_decision(const inspected *in) {
    motive_explanation why;
    motive_current_goal goal;
    motive_candidate candidates[MAX_ITEMS];
    size_t count = 0;
    char name[NAME_SIZE];
    char target[NAME_SIZE];
    if (motive_npc_explain(in->world, in->npc, &why) != MOTIVE_STATUS_OK) {
        return false;
    }
    printf("decision at %.2f s (UDGOAP): %s; %u candidates, %u expanded, chosen ", why.time,
           search_result(why.result), (unsigned)why.candidate_count, (unsigned)why.expanded);
    if (why.chosen == MOTIVE_NO_ID) {
        printf("none\n");
    } else {
        printf("#%u\n", (unsigned)why.chosen);
    }
    if (motive_npc_current_goal(in->world, in->npc, &goal) == MOTIVE_STATUS_OK) {
        printf("for goal %s: %.2f -> %.2f\n",
               name_of(in, motive_domain_find_goal, "goal", goal.goal, name), goal.before, goal.after);
    }
    if (motive_npc_explain_candidates(in->world, in->npc, candidates, MAX_ITEMS, &count) ==
        MOTIVE_STATUS_OK) {
        printf("candidates (* chosen; each adds one step to its parent):\n");
        for (size_t i = 0; i < count; i++) {
            const motive_candidate *c = &candidates[i];
            printf("  %c#%u ", c->id == why.chosen ? '*' : ' ', (unsigned)c->id);
            if (c->action == MOTIVE_NO_ID) {
                printf("now");
            } else {
                printf("#%u + %s(%s)", (unsigned)c->parent, action_name(in, c->action, name),
                       target_name(in, c->target, target));
            }
            printf(": utility %.3f%s\n", c->utility, c->complete ? "" : ", incomplete");
        }
    }
    return true;
}

/* A GOAP decision: the goal pursued and what the search cost. */
static bool print_goap_decision(const inspected *in) {
    motive_goap_decision d;
    char name[NAME_SIZE];
    if (motive_npc_goap_decision(in->world, in->npc, &d) != MOTIVE_STATUS_OK) {
        return false;
    }
    printf("decision at %.2f s (GOAP): %s; goal %s, cost %.2f, %u goals tried, %u expanded%s\n",
           d.time, search_result(d.result),
           d.goal == MOTIVE_NO_ID ? "none" : name_of(in, motive_domain_find_goap_goal, "goal", d.goal, name),
           d.cost, (unsigned)d.tried, (unsigned)d.expanded, d.fallback ? ", fallback chosen" : "");
    return true;
}

/* A UBC decision: the predefined plan chosen and what it adds. */
static bool print_ubc_decision(const inspected *in) {
    motive_ubc_decision d;
    char name[NAME_SIZE];
    char target[NAME_SIZE];
    if (motive_npc_ubc_decision(in->world, in->npc, &d) != MOTIVE_STATUS_OK) {
        return false;
    }
    printf("decision at %.2f s (UBC): plan %s on %s, gain %.3f%s\n", d.time,
           d.plan == MOTIVE_NO_ID ? "none" : name_of(in, motive_domain_find_ubc_plan, "plan", d.plan, name),
           target_name(in, d.target, target), d.gain, d.fallback ? ", fallback chosen" : "");
    return true;
}

int main(int argc, char **argv) {
    options o;
    inspected in;
    motive_diagnostics *diagnostics = NULL;
    motive_vec3 at;
    bool opened;
    if (!parse_options(argc, argv, &o)) {
        usage(stderr);
        return 2;
    }
    if (motive_abi_version() != MOTIVE_ABI_VERSION) {
        fprintf(stderr, "motive-inspect: the library's ABI is %u, this tool's %u\n",
                (unsigned)motive_abi_version(), (unsigned)MOTIVE_ABI_VERSION);
        return 1;
    }
    memset(&in, 0, sizeof in);
    in.text = read_text(o.file);
    if (motive_diagnostics_create(&diagnostics) != MOTIVE_STATUS_OK) {
        report("diagnostics", MOTIVE_STATUS_PANIC);
        return 1;
    }
    opened = o.spawn != NULL ? open_domain(&o, diagnostics, &in) : open_scenario(&o, diagnostics, &in);
    if (opened) {
        if (motive_entity_position(in.world, motive_npc_entity(in.npc), &at) != MOTIVE_STATUS_OK) {
            at.x = at.y = at.z = 0.0f;
        }
        printf("%s: npc %s (entity %u) at (%.1f, %.1f, %.1f)\n", o.file, in.npc_name,
               (unsigned)in.npc.index1, at.x, at.y, at.z);
        print_drives(&in);
        print_plan(&in);
        /* Only the NPC's own brain answers its query. */
        if (!print_goap_decision(&in) && !print_ubc_decision(&in) && !print_udgoap_decision(&in)) {
            printf("decision: none\n");
        }
    }
    motive_sim_destroy(in.sim);
    motive_world_destroy(in.world);
    motive_domain_destroy(in.domain);
    motive_diagnostics_destroy(diagnostics);
    free(in.text);
    return opened ? 0 : 1;
}
