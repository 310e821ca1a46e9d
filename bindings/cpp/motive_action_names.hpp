/*
 * motive_action_names.hpp: action names by id, for logs and debug draw.
 *
 * The C ABI looks names up (motive_domain_find_action) but has no way back from an id to its
 * name. Every action name is a string literal of the domain's JSON, so the table is built by
 * asking the loaded domain about each string literal of its document: those it knows as
 * actions are the actions' names. Built once at load time; lookups allocate nothing.
 */
#ifndef MOTIVE_ACTION_NAMES_HPP
#define MOTIVE_ACTION_NAMES_HPP

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "motive.hpp"

namespace motive {

/** The names of a domain's actions, by id. */
class ActionNames {
public:
    /** The names of the actions of `domain`, loaded from the JSON document `json` (a domain or
     * a scenario with its domain inline). */
    static ActionNames from_document(const Domain &domain, std::string_view json) {
        ActionNames names;
        for (std::size_t at = json.find('"'); at != std::string_view::npos;) {
            const std::size_t end = closing_quote(json, at + 1);
            if (end == std::string_view::npos) {
                break;
            }
            names.learn(domain, json.substr(at + 1, end - at - 1));
            at = json.find('"', end + 1);
        }
        return names;
    }

    /** The name of `action`; empty when it is not known. */
    std::string_view name(ActionId action) const noexcept {
        return action < names_.size() ? std::string_view(names_[action]) : std::string_view();
    }

    /** How many ids up to the highest known one the table covers. */
    std::size_t size() const noexcept { return names_.size(); }

private:
    // The quote closing a string literal whose text starts at `from`, skipping escapes.
    static std::size_t closing_quote(std::string_view json, std::size_t from) {
        for (std::size_t i = from; i < json.size(); ++i) {
            if (json[i] == '\\') {
                ++i;
            } else if (json[i] == '"') {
                return i;
            }
        }
        return std::string_view::npos;
    }

    void learn(const Domain &domain, std::string_view literal) {
        // Names are identifiers, never escaped: a literal with an escape is some other text.
        if (literal.empty() || literal.find('\\') != std::string_view::npos) {
            return;
        }
        const std::string candidate(literal);
        auto found = domain.find_action(candidate);
        if (!found.ok()) {
            return;
        }
        const ActionId id = found.value();
        if (id >= names_.size()) {
            names_.resize(id + std::size_t{1});
        }
        names_[id] = candidate;
    }

    std::vector<std::string> names_;
};

} // namespace motive

#endif // MOTIVE_ACTION_NAMES_HPP
