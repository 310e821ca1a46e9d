/*
 * motive_fact_spec.hpp: facts as an engine states them (an editor field, a Blueprint pin) and
 * their application to spawned entities.
 *
 * A FactSpec is a value of any of motive's types: a boolean, a number, a position, or an
 * entity reference: nobody (null), the entity itself, or another entity named by an engine
 * key (an actor's id) that the engine resolves to the entity it spawned for it. Entities spawn
 * in an order the engine does not promise (Unreal's BeginPlay order, say), so a FactSetter
 * applies each fact at once when it can and keeps a fact whose reference has no entity yet
 * until retry() finds one. Type and attribute errors are motive's own, named by attribute.
 */
#ifndef MOTIVE_FACT_SPEC_HPP
#define MOTIVE_FACT_SPEC_HPP

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "motive.hpp"

namespace motive {

/** Which value a FactSpec holds. */
enum class FactKind : std::uint8_t {
    /** A boolean. */
    boolean,
    /** A number. */
    number,
    /** The null entity reference ("at": null). */
    nobody,
    /** A reference to the entity the fact is about. */
    self,
    /** A reference to another entity, by the engine's key for it. */
    entity,
    /** A position (in motive's space: the engine converts first). */
    position,
};

/** A fact's value as the engine states it. */
struct FactSpec {
    /** Which of the fields below holds the value. */
    FactKind kind = FactKind::number;
    /** The boolean (kind boolean). */
    bool boolean = false;
    /** The number (kind number). */
    double number = 0.0;
    /** The engine's key of the referenced entity (kind entity): whatever the engine's
     * resolver understands, an actor's id in Unreal. */
    std::uint64_t reference = 0;
    /** The position (kind position). */
    Vec3 position{};

    /** A boolean. */
    static FactSpec of_bool(bool value) noexcept {
        FactSpec spec;
        spec.kind = FactKind::boolean;
        spec.boolean = value;
        return spec;
    }
    /** A number. */
    static FactSpec of_number(double value) noexcept {
        FactSpec spec;
        spec.kind = FactKind::number;
        spec.number = value;
        return spec;
    }
    /** The null entity reference. */
    static FactSpec no_entity() noexcept {
        FactSpec spec;
        spec.kind = FactKind::nobody;
        return spec;
    }
    /** A reference to the entity the fact is about. */
    static FactSpec itself() noexcept {
        FactSpec spec;
        spec.kind = FactKind::self;
        return spec;
    }
    /** A reference to the entity the engine knows by `key`. */
    static FactSpec entity_of(std::uint64_t key) noexcept {
        FactSpec spec;
        spec.kind = FactKind::entity;
        spec.reference = key;
        return spec;
    }
    /** A position. */
    static FactSpec at(Vec3 where) noexcept {
        FactSpec spec;
        spec.kind = FactKind::position;
        spec.position = where;
        return spec;
    }
};

/**
 * The value `spec` stands for in a fact about `self`. `resolve(key)` returns the Entity the
 * engine spawned for `key`, or the null handle while there is none; an unresolved reference
 * is MOTIVE_STATUS_NOT_FOUND.
 */
template <class Resolve>
Result<Value> fact_value(const FactSpec &spec, Entity self, Resolve &&resolve) {
    switch (spec.kind) {
    case FactKind::boolean:
        return Result<Value>(MOTIVE_STATUS_OK, Value::boolean(spec.boolean));
    case FactKind::number:
        return Result<Value>(MOTIVE_STATUS_OK, Value::number(spec.number));
    case FactKind::nobody:
        return Result<Value>(MOTIVE_STATUS_OK, Value::entity(Entity()));
    case FactKind::self:
        return Result<Value>(MOTIVE_STATUS_OK, Value::entity(self));
    case FactKind::entity: {
        const Entity target = resolve(spec.reference);
        if (target.is_null()) {
            return Status::failure(MOTIVE_STATUS_NOT_FOUND,
                                   "no entity yet for reference " + std::to_string(spec.reference));
        }
        return Result<Value>(MOTIVE_STATUS_OK, Value::entity(target));
    }
    case FactKind::position:
        return Result<Value>(MOTIVE_STATUS_OK, Value::position(spec.position));
    }
    return Status::failure(MOTIVE_STATUS_INVALID_ARGUMENT, "unknown fact kind");
}

/** Whether a fact was written or waits for the entity it refers to. */
enum class FactOutcome : std::uint8_t {
    /** Written now. */
    set,
    /** Kept until retry() resolves its reference. */
    waiting,
};

/** Writes facts about entities, keeping those whose reference has no entity yet. */
class FactSetter {
public:
    /** A fact waiting for the entity it refers to. */
    struct Waiting {
        /** The entity the fact is about. */
        Entity subject;
        /** The attribute. */
        AttributeId attribute = MOTIVE_NO_ID;
        /** The attribute's name, for messages. */
        std::string name;
        /** The value. */
        FactSpec spec;
    };

    /**
     * Writes `attribute` = `spec` about `subject` in `world` (of `domain`): set now, or waiting
     * when `spec` refers to a key `resolve` cannot resolve yet. Fails, with a message naming
     * the attribute, for an attribute the domain lacks or a value motive refuses (a type that
     * is not the attribute's, a dead entity).
     */
    template <class Resolve>
    Result<FactOutcome> set(World &world, const Domain &domain, Entity subject, std::string_view attribute,
                            const FactSpec &spec, Resolve &&resolve) {
        const std::string name(attribute);
        auto found = domain.find_attribute(name);
        if (!found.ok()) {
            return named_failure(name, found.to_status());
        }
        Waiting fact{subject, found.value(), name, spec};
        Attempt attempt = write(world, fact, resolve);
        if (attempt.unresolved) {
            waiting_.push_back(std::move(fact));
            return Result<FactOutcome>(MOTIVE_STATUS_OK, FactOutcome::waiting);
        }
        if (!attempt.status.ok()) {
            return attempt.status;
        }
        return Result<FactOutcome>(MOTIVE_STATUS_OK, FactOutcome::set);
    }

    /**
     * Writes every waiting fact whose reference `resolve` now resolves. A fact motive refuses
     * is dropped and passed to `refused(const Waiting &, const Status &)`. Returns how many
     * were written.
     */
    template <class Resolve, class Refused>
    std::size_t retry(World &world, Resolve &&resolve, Refused &&refused) {
        std::size_t written_count = 0;
        std::size_t kept = 0;
        for (std::size_t i = 0; i < waiting_.size(); ++i) {
            Waiting &fact = waiting_[i];
            const Attempt attempt = write(world, fact, resolve);
            if (attempt.status.ok()) {
                ++written_count;
                continue;
            }
            if (!attempt.unresolved) {
                refused(static_cast<const Waiting &>(fact), attempt.status);
                continue;
            }
            if (kept != i) {
                waiting_[kept] = std::move(fact);
            }
            ++kept;
        }
        waiting_.resize(kept);
        return written_count;
    }

    /** Drops the waiting facts about `subject` (it ended). */
    void forget(Entity subject) {
        std::size_t kept = 0;
        for (std::size_t i = 0; i < waiting_.size(); ++i) {
            if (waiting_[i].subject == subject) {
                continue;
            }
            if (kept != i) {
                waiting_[kept] = std::move(waiting_[i]);
            }
            ++kept;
        }
        waiting_.resize(kept);
    }

    /** Drops every waiting fact (the world ended). */
    void clear() noexcept { waiting_.clear(); }

    /** The facts still waiting, oldest first. */
    const std::vector<Waiting> &waiting() const noexcept { return waiting_; }

    /** "fact "at" of entity 13 waits for reference 7": for a log at the end of a level's
     * start. */
    static std::string describe(const Waiting &fact) {
        return "fact \"" + fact.name + "\" of entity " + std::to_string(fact.subject.raw().index1) +
               " waits for reference " + std::to_string(fact.spec.reference);
    }

private:
    static Status named_failure(const std::string &name, const Status &failure) {
        return Status::failure(failure.status(), "fact \"" + name + "\": " + failure.message());
    }

    // How writing one fact went: written (ok), waiting for its reference, or refused.
    struct Attempt {
        bool unresolved = false;
        Status status;
    };

    template <class Resolve>
    Attempt write(World &world, const Waiting &fact, Resolve &resolve) {
        auto value = fact_value(fact.spec, fact.subject, resolve);
        if (!value.ok()) {
            return Attempt{value.status() == MOTIVE_STATUS_NOT_FOUND, named_failure(fact.name, value.to_status())};
        }
        const Status written = world.set_fact(fact.subject, fact.attribute, value.value());
        return Attempt{false, written.ok() ? written : named_failure(fact.name, written)};
    }

    std::vector<Waiting> waiting_;
};

} // namespace motive

#endif // MOTIVE_FACT_SPEC_HPP
