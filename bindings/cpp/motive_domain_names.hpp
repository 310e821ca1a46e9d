/*
 * motive_domain_names.hpp: the names of a domain's definitions by id (actions, attributes,
 * archetypes, drives, goals, GOAP goals, UBC plans, behaviour trees, hints), for debug text,
 * logs and engine-facing lists such as a Gameplay Debugger category or a Blueprint array.
 *
 * Asked of the domain once (Domain::count and Domain::name: motive_domain_count and
 * motive_domain_name), so a domain built in code is named as well as one loaded from JSON, and
 * every definition of a kind can be listed (the hints a behaviour-tree report looks at).
 * Lookups allocate nothing.
 */
#ifndef MOTIVE_DOMAIN_NAMES_HPP
#define MOTIVE_DOMAIN_NAMES_HPP

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "motive.hpp"

namespace motive {

/** A kind of named definition (the kinds of motive_definition_kind a report needs). */
enum class NameKind : std::uint8_t {
    /** An ActionId. */
    action,
    /** An AttributeId. */
    attribute,
    /** An ArchetypeId. */
    archetype,
    /** A DriveId. */
    drive,
    /** A GoalId (UDGOAP). */
    goal,
    /** A GoapGoalId. */
    goap_goal,
    /** A UbcPlanId. */
    ubc_plan,
    /** A BtTreeId. */
    bt_tree,
    /** A HintId. */
    hint,
};

/** The names of a domain's definitions, by kind and id. */
class DomainNames {
public:
    /** How many kinds there are. */
    static constexpr std::size_t kind_count = 9;

    /** The names of every definition of `domain` (none for an empty domain). */
    static DomainNames from_domain(const Domain &domain) {
        DomainNames names;
        for (std::size_t kind = 0; kind < kind_count; ++kind) {
            const std::uint32_t abi_kind = definition_kind(static_cast<NameKind>(kind));
            auto count = domain.count(abi_kind);
            if (!count.ok()) {
                continue;
            }
            std::vector<std::string> &table = names.names_[kind];
            table.resize(count.value());
            for (std::uint32_t id = 0; id < count.value(); ++id) {
                table[id] = domain.name(abi_kind, id).value_or(std::string());
            }
        }
        return names;
    }

    /** The name of definition `id` of `kind`; empty when it is not known. */
    std::string_view name(NameKind kind, std::uint32_t id) const noexcept {
        const std::vector<std::string> &table = names_[index(kind)];
        return id < table.size() ? std::string_view(table[id]) : std::string_view();
    }

    /** The name of definition `id` of `kind`, or its kind and id ("drive 3") when it is not
     * known. */
    std::string label(NameKind kind, std::uint32_t id) const {
        const std::string_view known = name(kind, id);
        if (!known.empty()) {
            return std::string(known);
        }
        return std::string(kind_label(kind)) + " " + std::to_string(id);
    }

    /** How many definitions of `kind` the domain has (their ids are 0 to size - 1). */
    std::size_t size(NameKind kind) const noexcept { return names_[index(kind)].size(); }

    /** What a definition of `kind` is called in a label ("GOAP goal"). */
    static const char *kind_label(NameKind kind) noexcept {
        static const char *const labels[kind_count] = {
            "action", "attribute", "archetype", "drive", "goal", "GOAP goal", "UBC plan", "tree", "hint"};
        return labels[index(kind)];
    }

    /** The motive_definition_kind of `kind`. */
    static std::uint32_t definition_kind(NameKind kind) noexcept {
        static const std::uint32_t kinds[kind_count] = {
            MOTIVE_DEFINITION_KIND_ACTION,    MOTIVE_DEFINITION_KIND_ATTRIBUTE, MOTIVE_DEFINITION_KIND_ARCHETYPE,
            MOTIVE_DEFINITION_KIND_DRIVE,     MOTIVE_DEFINITION_KIND_GOAL,      MOTIVE_DEFINITION_KIND_GOAP_GOAL,
            MOTIVE_DEFINITION_KIND_UBC_PLAN,  MOTIVE_DEFINITION_KIND_BT_TREE,   MOTIVE_DEFINITION_KIND_HINT};
        return kinds[index(kind)];
    }

private:
    static constexpr std::size_t index(NameKind kind) noexcept { return static_cast<std::size_t>(kind); }

    std::vector<std::string> names_[kind_count];
};

} // namespace motive

#endif // MOTIVE_DOMAIN_NAMES_HPP
