/*
 * motive_debug_line.hpp: one line of text saying what an NPC is doing, for debug draw and the
 * Visual Logger ("goto -> entity 12, then sit_on_chair (+1 more)"). Written into a fixed buffer
 * the line owns, so drawing every NPC every frame allocates nothing.
 */
#ifndef MOTIVE_DEBUG_LINE_HPP
#define MOTIVE_DEBUG_LINE_HPP

#include <cstddef>
#include <cstdio>
#include <string_view>

#include "motive.hpp"
#include "motive_action_names.hpp"

namespace motive {

/** A reusable line describing an NPC's current action and what follows it. */
class DebugLine {
public:
    /**
     * Describes `npc`'s plan in `world`: "idle" without one; else its current step as
     * "action -> entity N", then the next action and how many more follow. Actions `names`
     * does not know show as "action N". The text is valid until the next describe(); a failed
     * query describes itself ("(npc: MOTIVE_STATUS_STALE_HANDLE)").
     */
    std::string_view describe(const World &world, Npc npc, const ActionNames &names) {
        // A whole plan fits (MOTIVE_MAX_PLAN_DEPTH), so a long plan is never a failure to read.
        PlanStep steps[MOTIVE_MAX_PLAN_DEPTH];
        auto plan = world.npc_plan(npc, steps);
        if (!plan.ok()) {
            return print("(npc: %s)", status_name(plan.status()));
        }
        const Span<const PlanStep> left = plan.value();
        if (left.empty()) {
            return print("idle");
        }
        std::size_t at = append(0, left[0].action, names);
        at += put(at, " -> entity %u", static_cast<unsigned>(left[0].target.index1));
        if (left.size() > 1) {
            at += put(at, ", then ");
            at = append(at, left[1].action, names);
        }
        if (left.size() > 2) {
            put(at, " (+%u more)", static_cast<unsigned>(left.size() - 2));
        }
        return std::string_view(text_);
    }

private:
    // Writes a whole new text; returns it.
    template <class... Args>
    std::string_view print(const char *format, Args... args) {
        put(0, format, args...);
        return std::string_view(text_);
    }

    // Writes at `at` (truncating at the buffer's end); returns how many characters it added.
    template <class... Args>
    std::size_t put(std::size_t at, const char *format, Args... args) {
        if (at >= sizeof text_) {
            return 0;
        }
        const int written = std::snprintf(text_ + at, sizeof text_ - at, format, args...);
        if (written < 0) {
            return 0;
        }
        const std::size_t room = sizeof text_ - at - 1;
        return static_cast<std::size_t>(written) < room ? static_cast<std::size_t>(written) : room;
    }

    // Writes the name of `action` at `at`; returns where the text now ends.
    std::size_t append(std::size_t at, ActionId action, const ActionNames &names) {
        const std::string_view name = names.name(action);
        if (name.empty()) {
            return at + put(at, "action %u", static_cast<unsigned>(action));
        }
        return at + put(at, "%.*s", static_cast<int>(name.size()), name.data());
    }

    char text_[192] = {};
};

} // namespace motive

#endif // MOTIVE_DEBUG_LINE_HPP
