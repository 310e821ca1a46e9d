/*
 * motive_npc_report.hpp: what an NPC's mind holds and why it does what it does, as lines of
 * text for a debugger (the Unreal plugin's Gameplay Debugger category and its Blueprint
 * "explanation"), and as named lists (drives, plan steps) for engine-facing arrays.
 *
 * Every brain gets its plan ("goto(bath) -> wash_in_bath(bath)") and running action; then:
 *   UDGOAP           drives and satisfactions, goals and completeness, the last decision with
 *                    the goal it serves and its best candidates by utility (each candidate's
 *                    whole plan, in execution order);
 *   GOAP             goals with relevance (and bias), the last decision and the plan's cost;
 *   behaviour tree   the layers, highest first, each with its running path (node indices in
 *                    pre-order from the root) and the hints it receives (+ positive, - negative);
 *   UBC              the last decision: the predefined plan, its target and gain.
 * Definitions are named by DomainNames (ids where it has no name); entities by the caller's
 * namer (the engine's actors, a scenario's names), else "entity N". Allocates: for a debugger,
 * not for every NPC every frame (that is motive_debug_line.hpp).
 */
#ifndef MOTIVE_NPC_REPORT_HPP
#define MOTIVE_NPC_REPORT_HPP

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "motive.hpp"
#include "motive_domain_names.hpp"

namespace motive {

/** Which planner drives an NPC, as its queries show it. */
enum class Brain : std::uint8_t {
    /** No mind: created without an archetype (or not an NPC of the world). */
    none,
    /** Drives and utility planning. */
    udgoap,
    /** Goal-oriented action planning. */
    goap,
    /** Hinted behaviour-tree layers. */
    behaviour_tree,
    /** Utility-based control over predefined plans. */
    ubc,
};

/** A brain's name in a report ("UDGOAP", "behaviour tree"). */
inline const char *brain_name(Brain brain) noexcept {
    switch (brain) {
    case Brain::udgoap:
        return "UDGOAP";
    case Brain::goap:
        return "GOAP";
    case Brain::behaviour_tree:
        return "behaviour tree";
    case Brain::ubc:
        return "UBC";
    case Brain::none:
        break;
    }
    return "none";
}

/** A drive an NPC holds, by name. */
struct NamedDrive {
    /** The drive's name (or "drive N"). */
    std::string name;
    /** Satisfaction at the last think, in [0, 1]. */
    double satisfaction = 0.0;
    /** Added at run time (World::add_drive). */
    bool external = false;
};

/** One step of an NPC's plan, by name. */
struct NamedStep {
    /** The action. */
    ActionId action = MOTIVE_NO_ID;
    /** Its name (or "action N"). */
    std::string action_name;
    /** Its target. */
    Entity target;
    /** The target's name (the namer's, or "entity N"). */
    std::string target_name;
};

/** Names an entity for a report; an empty name falls back to "entity N". */
using EntityNamer = std::function<std::string(Entity)>;

/** Builds NPC reports from a world's queries, naming definitions and entities. */
class NpcReport {
public:
    /** Reports naming definitions with `names` (which must outlive the report) and entities
     * with `entity_names`; at most `max_candidates` UDGOAP candidates are listed. */
    explicit NpcReport(const DomainNames &names, EntityNamer entity_names = {},
                       std::size_t max_candidates = 8)
        : names_(&names), entity_names_(std::move(entity_names)), max_candidates_(max_candidates) {}

    /** Which planner drives `npc` (motive_npc_brain); none for an NPC without a mind. */
    static Brain brain(const World &world, Npc npc) {
        const auto brain = world.npc_brain(npc);
        if (!brain.ok()) {
            return Brain::none;
        }
        switch (brain.value()) {
        case MOTIVE_BRAIN_UDGOAP:
            return Brain::udgoap;
        case MOTIVE_BRAIN_GOAP:
            return Brain::goap;
        case MOTIVE_BRAIN_UBC:
            return Brain::ubc;
        case MOTIVE_BRAIN_BT:
            return Brain::behaviour_tree;
        default:
            return Brain::none;
        }
    }

    /** `npc`'s drives by name, internal first. */
    Result<std::vector<NamedDrive>> drives(const World &world, Npc npc) const {
        std::vector<DriveState> states;
        const Status listed =
            collect(states, [&](Span<DriveState> buffer) { return world.npc_drives(npc, buffer); });
        if (!listed.ok()) {
            return listed;
        }
        std::vector<NamedDrive> named;
        named.reserve(states.size());
        for (const DriveState &state : states) {
            named.push_back(
                NamedDrive{names_->label(NameKind::drive, state.drive), state.satisfaction, state.external});
        }
        return Result<std::vector<NamedDrive>>(MOTIVE_STATUS_OK, std::move(named));
    }

    /** The rest of `npc`'s plan by name, the running step first (empty when idle). */
    Result<std::vector<NamedStep>> plan(const World &world, Npc npc) const {
        PlanStep steps[MOTIVE_MAX_PLAN_DEPTH];
        auto listed = world.npc_plan(npc, steps);
        if (!listed.ok()) {
            return listed.to_status();
        }
        std::vector<NamedStep> named;
        named.reserve(listed.value().size());
        for (const PlanStep &step : listed.value()) {
            named.push_back(NamedStep{step.action, names_->label(NameKind::action, step.action),
                                      Entity(step.target), entity_name(Entity(step.target))});
        }
        return Result<std::vector<NamedStep>>(MOTIVE_STATUS_OK, std::move(named));
    }

    /** The name of `entity`: the namer's, else "entity N" ("nobody" for the null handle). */
    std::string entity_name(Entity entity) const {
        if (entity.is_null()) {
            return "nobody";
        }
        if (entity_names_) {
            std::string name = entity_names_(entity);
            if (!name.empty()) {
                return name;
            }
        }
        return "entity " + std::to_string(entity.raw().index1);
    }

    /** The whole report of `npc`, one line each: its brain, then what that brain holds (see
     * the file comment). A failed query shows itself ("(npc: MOTIVE_STATUS_STALE_HANDLE)"). */
    std::vector<std::string> lines(const World &world, Npc npc) const {
        std::vector<std::string> out;
        PlanStep probe[1];
        const StatusCode reachable = world.npc_plan(npc, probe).status();
        if (is_error(reachable) && reachable != MOTIVE_STATUS_BUFFER_TOO_SMALL &&
            reachable != MOTIVE_STATUS_INVALID_ARGUMENT) {
            out.push_back(format("(npc: %s)", status_name(reachable)));
            return out;
        }
        const Brain mind = brain(world, npc);
        if (mind == Brain::none) {
            out.push_back("brain: none (an NPC without an archetype's mind)");
            return out;
        }
        out.push_back(std::string("brain: ") + brain_name(mind));
        add_drives_and_goals(world, npc, out);
        add_plan(world, npc, mind, out);
        switch (mind) {
        case Brain::udgoap:
            add_udgoap_decision(world, npc, out);
            break;
        case Brain::goap:
            add_goap_decision(world, npc, out);
            break;
        case Brain::behaviour_tree:
            add_layers(world, npc, out);
            break;
        case Brain::ubc:
            add_ubc_decision(world, npc, out);
            break;
        case Brain::none:
            break;
        }
        return out;
    }

private:
    template <class... Args>
    static std::string format(const char *pattern, Args... args) {
        char text[256];
        std::snprintf(text, sizeof text, pattern, args...);
        return text;
    }

    static const char *search_result(std::uint32_t result) noexcept {
        static const char *const results[] = {"none", "found", "exhausted", "expansion limit", "in progress"};
        return result < sizeof results / sizeof results[0] ? results[result] : "unknown result";
    }

    std::string step_text(ActionId action, Entity target) const {
        return names_->label(NameKind::action, action) + "(" + entity_name(target) + ")";
    }

    // "drives: ..." and "goals: ..." when the NPC holds any.
    void add_drives_and_goals(const World &world, Npc npc, std::vector<std::string> &out) const {
        auto held = drives(world, npc);
        if (held.ok() && !held.value().empty()) {
            std::string line = "drives:";
            for (const NamedDrive &drive : held.value()) {
                line += format(" %s %.2f%s,", drive.name.c_str(), drive.satisfaction,
                               drive.external ? " (external)" : "");
            }
            line.pop_back();
            out.push_back(std::move(line));
        }
        std::vector<GoalState> goals;
        if (collect(goals, [&](Span<GoalState> b) { return world.npc_goals(npc, b); }).ok() && !goals.empty()) {
            std::string line = "goals:";
            for (const GoalState &goal : goals) {
                line += " " + names_->label(NameKind::goal, goal.goal);
                if (Entity(goal.subject) != npc.entity()) {
                    line += " on " + entity_name(Entity(goal.subject));
                }
                line += format(" %.2f,", goal.completeness);
            }
            line.pop_back();
            out.push_back(std::move(line));
        }
    }

    // "plan: a(x) -> b(y)" (GOAP: with its cost) and "running: a(x) for 1.25 s".
    void add_plan(const World &world, Npc npc, Brain mind, std::vector<std::string> &out) const {
        auto steps = plan(world, npc);
        if (!steps.ok()) {
            out.push_back(format("plan: (%s)", status_name(steps.status())));
            return;
        }
        std::string line = "plan";
        if (mind == Brain::goap && !steps.value().empty()) {
            auto decision = world.npc_goap_decision(npc);
            if (decision.ok()) {
                line += format(" (cost %.2f)", decision.value().cost);
            }
        }
        line += ":";
        if (steps.value().empty()) {
            line += " none";
        }
        for (std::size_t i = 0; i < steps.value().size(); ++i) {
            const NamedStep &step = steps.value()[i];
            line += (i > 0 ? " -> " : " ") + step.action_name + "(" + step.target_name + ")";
        }
        out.push_back(std::move(line));
        auto running = world.npc_running_action(npc);
        if (running.ok()) {
            out.push_back("running: " + step_text(running.value().action, Entity(running.value().target)) +
                          format(" for %.2f s", running.value().elapsed));
        }
    }

    // The plan of candidate `id` in execution order: its own step first, then its parent's, up
    // to the root (the search adds each step in front of its parent's plan).
    std::string candidate_plan(const std::vector<Candidate> &candidates, std::uint32_t id) const {
        std::string text;
        for (std::size_t depth = 0; id < candidates.size() && depth <= candidates.size(); ++depth) {
            const Candidate &candidate = candidates[id];
            if (candidate.action == MOTIVE_NO_ID) {
                break;
            }
            text += (text.empty() ? "" : " -> ") + step_text(candidate.action, Entity(candidate.target));
            id = candidate.parent;
        }
        return text.empty() ? std::string("(the state before acting)") : text;
    }

    void add_udgoap_decision(const World &world, Npc npc, std::vector<std::string> &out) const {
        auto explained = world.npc_explain(npc);
        if (!explained.ok()) {
            out.push_back(format("decision: (%s)", status_name(explained.status())));
            return;
        }
        const Explanation why = explained.value();
        if (why.result == MOTIVE_SEARCH_RESULT_NONE && why.candidate_count == 0) {
            out.push_back("decision: none yet");
            return;
        }
        std::string chosen = why.chosen == MOTIVE_NO_ID ? std::string("none") : format("#%u", why.chosen);
        out.push_back(format("decision at %.2f s (UDGOAP): %s; %u candidates, %u expanded, chosen %s", why.time,
                             search_result(why.result), why.candidate_count, why.expanded, chosen.c_str()));
        auto goal = world.npc_current_goal(npc);
        if (goal.ok()) {
            const CurrentGoal &g = goal.value();
            std::string line = "for goal " + names_->label(NameKind::goal, g.goal) + " (drive " +
                               names_->label(NameKind::drive, g.drive) + ")";
            if (Entity(g.subject) != npc.entity()) {
                line += " on " + entity_name(Entity(g.subject));
            }
            out.push_back(line + format(": %.2f -> %.2f", g.before, g.after));
        }
        std::vector<Candidate> candidates;
        if (!collect(candidates, [&](Span<Candidate> b) { return world.npc_explain_candidates(npc, b); }).ok() ||
            candidates.empty()) {
            return;
        }
        // Candidates are listed by id (the root is 0): index by id for the parent walk.
        std::vector<Candidate> by_id(candidates.size());
        for (const Candidate &candidate : candidates) {
            if (candidate.id < by_id.size()) {
                by_id[candidate.id] = candidate;
            }
        }
        std::vector<const Candidate *> best;
        for (const Candidate &candidate : candidates) {
            best.push_back(&candidate);
        }
        // The chosen one first, then by utility, ties by id: a total order, so std::sort (no
        // temporary buffer, unlike stable_sort) gives the same list every time.
        std::sort(best.begin(), best.end(), [&](const Candidate *a, const Candidate *b) {
            if ((a->id == why.chosen) != (b->id == why.chosen)) {
                return a->id == why.chosen;
            }
            if (a->utility != b->utility) {
                return a->utility > b->utility;
            }
            return a->id < b->id;
        });
        const std::size_t shown = std::min(best.size(), max_candidates_);
        out.push_back(format("candidates (best %zu of %zu by utility; * chosen):", shown, best.size()));
        for (std::size_t i = 0; i < shown; ++i) {
            const Candidate &c = *best[i];
            out.push_back(format("  %c#%u ", c.id == why.chosen ? '*' : ' ', c.id) + candidate_plan(by_id, c.id) +
                          format(": utility %.3f%s%s", c.utility, c.complete ? "" : ", incomplete",
                                 c.truncated ? ", truncated" : ""));
        }
    }

    void add_goap_decision(const World &world, Npc npc, std::vector<std::string> &out) const {
        std::vector<GoapGoalState> goals;
        if (collect(goals, [&](Span<GoapGoalState> b) { return world.npc_goap_goals(npc, b); }).ok() &&
            !goals.empty()) {
            std::string line = "goals:";
            for (const GoapGoalState &goal : goals) {
                line += " " + names_->label(NameKind::goap_goal, goal.goal) + format(" relevance %.2f", goal.relevance);
                if (goal.bias != 0.0) {
                    line += format(" (bias %+.2f)", goal.bias);
                }
                line += goal.satisfied ? " met;" : ";";
            }
            line.pop_back();
            out.push_back(std::move(line));
        }
        auto decided = world.npc_goap_decision(npc);
        if (!decided.ok()) {
            return;
        }
        const GoapDecision &d = decided.value();
        if (d.result == MOTIVE_SEARCH_RESULT_NONE && d.tried == 0 && !d.fallback) {
            out.push_back(d.queued ? "decision: none yet (planning queued)" : "decision: none yet");
            return;
        }
        const std::string goal = d.goal == MOTIVE_NO_ID ? std::string("none") : names_->label(NameKind::goap_goal, d.goal);
        out.push_back(format("decision at %.2f s (GOAP): %s; goal %s, cost %.2f, %u goals tried, %u expanded%s%s", d.time,
                             search_result(d.result), goal.c_str(), d.cost, d.tried, d.expanded,
                             d.fallback ? ", fallback chosen" : "", d.queued ? ", replanning queued" : ""));
    }

    void add_layers(const World &world, Npc npc, std::vector<std::string> &out) const {
        std::vector<BtTreeId> layers;
        if (!collect(layers, [&](Span<BtTreeId> b) { return world.npc_bt_layers(npc, b); }).ok()) {
            return;
        }
        std::string line = "layers (highest first):";
        for (BtTreeId tree : layers) {
            line += " " + names_->label(NameKind::bt_tree, tree) + ",";
        }
        line.pop_back();
        out.push_back(std::move(line));
        std::vector<std::uint32_t> path;
        for (std::uint32_t level = 0; level < layers.size(); ++level) {
            std::string layer = format("layer %u ", level) + names_->label(NameKind::bt_tree, layers[level]) + ": running";
            const Status read = collect(path, [&](Span<std::uint32_t> b) { return world.npc_bt_running(npc, level, b); });
            if (!read.ok()) {
                layer += format(" (%s)", status_name(read.status()));
            } else if (path.empty()) {
                layer += " nothing";
            }
            for (std::size_t i = 0; read.ok() && i < path.size(); ++i) {
                layer += format(i == 0 ? " %u" : " > %u", path[i]);
            }
            std::string hints;
            for (std::uint32_t hint = 0; hint < names_->size(NameKind::hint); ++hint) {
                auto state = world.npc_bt_hint(npc, level, hint);
                if (!state.ok() || state.value() == MOTIVE_HINT_STATE_NEUTRAL || names_->name(NameKind::hint, hint).empty()) {
                    continue;
                }
                hints += " " + names_->label(NameKind::hint, hint) +
                         (state.value() == MOTIVE_HINT_STATE_POSITIVE ? "+" : "-");
            }
            out.push_back(layer + (hints.empty() ? std::string() : "; hints:" + hints));
        }
    }

    void add_ubc_decision(const World &world, Npc npc, std::vector<std::string> &out) const {
        auto decided = world.npc_ubc_decision(npc);
        if (!decided.ok()) {
            return;
        }
        const UbcDecision &d = decided.value();
        const std::string plan = d.plan == MOTIVE_NO_ID ? std::string("none") : names_->label(NameKind::ubc_plan, d.plan);
        out.push_back(format("decision at %.2f s (UBC): plan %s on %s, gain %.3f%s", d.time, plan.c_str(),
                             entity_name(Entity(d.target)).c_str(), d.gain, d.fallback ? ", fallback chosen" : ""));
    }

    const DomainNames *names_;
    EntityNamer entity_names_;
    std::size_t max_candidates_;
};

} // namespace motive

#endif // MOTIVE_NPC_REPORT_HPP
