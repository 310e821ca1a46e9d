/*
 * motive.hpp: a header-only C++17 wrapper over motive's C ABI (include/motive.h), and nothing
 * else.
 *
 * - Owners (DomainBuilder, Domain, Diagnostics, World, Arena, Scenario, Sim) are move-only RAII
 *   types: the destructor calls the C destroy function; a moved-from owner is empty, and calls
 *   on it fail with MOTIVE_STATUS_NULL_ARGUMENT like any C call given NULL.
 * - Handles (Entity, Npc, Object, Squad, BtGroup, AmbianceArea, AmbianceProjection) are small
 *   value types.
 * - Fallible calls return a [[nodiscard]] Status or Result<T> carrying the status code and, on
 *   failure only, the message motive_last_error_message() held right after the call (that
 *   message is thread-local and overwritten by the next failure). No exceptions are needed:
 *   Unreal builds without them. With MOTIVE_CPP_EXCEPTIONS (on by default when the compiler
 *   has exceptions) or_throw() turns a failure into a motive::Exception.
 * - Lists are written into caller-owned buffers through Span<T>, so per-frame calls (tick,
 *   polling events, reading a plan or drives) allocate nothing; collect() fills a reused
 *   std::vector that grows only to its high-water mark.
 *
 * Records motive fills in (events, drive states, plan steps, ...) are the C structs themselves,
 * under C++ names (motive::Event is motive_event).
 */
#ifndef MOTIVE_HPP
#define MOTIVE_HPP

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "motive.h"

#ifndef MOTIVE_CPP_EXCEPTIONS
#if defined(__cpp_exceptions) || defined(__EXCEPTIONS) || defined(_CPPUNWIND)
/** 1 when the throwing layer (or_throw, motive::Exception) is compiled in. */
#define MOTIVE_CPP_EXCEPTIONS 1
#else
#define MOTIVE_CPP_EXCEPTIONS 0
#endif
#endif

#if MOTIVE_CPP_EXCEPTIONS
#include <stdexcept>
#endif

namespace motive {

// ---------------------------------------------------------------------------------------------
// Names for the C records and ids
// ---------------------------------------------------------------------------------------------

/** A status code (0 = OK); see Status for one with its message. */
using StatusCode = motive_status;
/** Dense id of an action. */
using ActionId = motive_action_id;
/** Dense id of an attribute. */
using AttributeId = motive_attribute;
/** Dense id of an archetype. */
using ArchetypeId = motive_archetype_id;
/** Dense id of a drive. */
using DriveId = motive_drive_id;
/** Dense id of a UDGOAP goal. */
using GoalId = motive_goal_id;
/** Dense id of a GOAP goal. */
using GoapGoalId = motive_goap_goal_id;
/** Dense id of a world effect. */
using WorldEffectId = motive_world_effect_id;
/** Dense id of an ambiance annotation. */
using AnnotationId = motive_annotation_id;
/** Dense id of a tag. */
using TagId = motive_tag_id;
/** Dense id of a UBC goal. */
using UbcGoalId = motive_ubc_goal_id;
/** Dense id of a UBC predefined plan. */
using UbcPlanId = motive_ubc_plan_id;
/** A hint name's id in a domain. */
using HintId = motive_hint_id;
/** A behaviour tree's id in a domain. */
using BtTreeId = motive_bt_tree_id;
/** A condition tree's index in the tree being built. */
using BtTestId = motive_bt_test_id;
/** An engine callback's name's id in a domain (behaviour trees' call leaves and ask tests). */
using BtCallbackId = motive_bt_callback_id;
/** A play style's id in a domain. */
using PlayerStyleId = motive_player_style_id;
/** A player action's id in a domain. */
using PlayerActionId = motive_player_action_id;
/** A node to add to a behaviour tree. */
using BtNodeDef = motive_bt_node_def;
/** A play style's weight. */
using StyleWeight = motive_style_weight;

/** A position in engine units. */
using Vec3 = motive_vec3;
/** One event drained from a world. */
using Event = motive_event;
/** A drive an NPC holds. */
using DriveState = motive_drive_state;
/** A goal an NPC holds. */
using GoalState = motive_goal_state;
/** One step of an NPC's plan. */
using PlanStep = motive_plan_step;
/** One entry of an NPC's decision history. */
using HistoryEntry = motive_history_entry;
/** A plan weighed at a decision of an NPC's history. */
using HistoryCandidate = motive_history_candidate;
/** The action an NPC is performing. */
using RunningAction = motive_running_action;
/** The goal an NPC's plan pursues. */
using CurrentGoal = motive_current_goal;
/** Summary of an NPC's last UDGOAP decision. */
using Explanation = motive_explanation;
/** One candidate plan state of a decision. */
using Candidate = motive_candidate;
/** The last GOAP decision of an NPC. */
using GoapDecision = motive_goap_decision;
/** One GOAP goal of an NPC as its last think saw it. */
using GoapGoalState = motive_goap_goal_state;
/** One step of a GOAP plan. */
using GoapStep = motive_goap_step;
/** The last UBC decision of an NPC. */
using UbcDecision = motive_ubc_decision;
/** How one UBC plan rated. */
using UbcRating = motive_ubc_rating;
/** An entity found by World::find_suppliers. */
using Found = motive_found;
/** The state of one slot of an entity. */
using SlotState = motive_slot_state;
/** A slot an NPC holds. */
using Claim = motive_claim;
/** Where and how an NPC uses one slot of an archetype. */
using SlotInfo = motive_slot_info;
/** One diagnostic of a load; its strings live in the Diagnostics list. */
using Diagnostic = motive_diagnostic;
/** A response curve. */
using Curve = motive_curve;
/** A condition over facts. */
using Condition = motive_condition;
/** An effect on facts. */
using Effect = motive_effect;
/** A goal condition. */
using GoalCondition = motive_goal_condition;
/** A GOAP goal's relevance. */
using Relevance = motive_relevance;
/** One outcome of an action's outcome table. */
using OutcomeDef = motive_outcome_def;
/** How to create a world. */
using WorldDef = motive_world_def;
/** How to create an NPC. */
using NpcDef = motive_npc_def;
/** How to create a smart object. */
using ObjectDef = motive_object_def;
/** A slot of a smart-object archetype. */
using SlotDef = motive_slot_def;
/** How an archetype thinks. */
using ThinkSettings = motive_think_settings;
/** How GOAP prices an action. */
using ActionPlanning = motive_action_planning;
/** An ambiance modifier. */
using AmbianceModifier = motive_ambiance_modifier;
/** What a simulator has done since it was made. */
using SimStats = motive_sim_stats;
/** What a world's think threads decided ahead (World::parallel_stats). */
using ParallelStats = motive_parallel_stats;
/** The engine's context precondition callback. */
using ContextCallback = motive_context_callback;
/** The engine's GOAP relevance callback. */
using RelevanceCallback = motive_relevance_callback;
/** The engine's behaviour-tree condition callback (ask tests). */
using BtConditionCallback = motive_bt_condition_callback;
/** The engine's behaviour-tree action callback (call leaves). */
using BtActionCallback = motive_bt_action_callback;
/** One recommendation of a squad's order (DomainBuilder::set_action_order). */
using Recommendation = motive_recommendation;
/** How a squad's latest order stands. */
using SquadOrder = motive_squad_order;
/** One recommendation of a squad's latest order to one member, and what the member reported
 * (`report`: a motive_report). */
using RosterEntry = motive_roster_entry;

/** A behaviour-tree node's result for one step: what an action callback answers
 * (motive_bt_status). */
enum class BtStatus : std::uint32_t {
    /** Done, and it worked. */
    succeeded = MOTIVE_BT_STATUS_SUCCEEDED,
    /** Done, and it did not. */
    failed = MOTIVE_BT_STATUS_FAILED,
    /** Not done: stepped again at the next think. */
    in_progress = MOTIVE_BT_STATUS_IN_PROGRESS,
    /** Something that should not happen; at the start phase, a refusal. It clears the NPC's
     * layers. */
    error = MOTIVE_BT_STATUS_ERROR,
};

/** Why an action callback is called (motive_bt_call_phase). */
enum class BtCallPhase : std::uint32_t {
    /** The leaf starts: BtStatus::error refuses, anything else starts it. */
    start = MOTIVE_BT_CALL_PHASE_START,
    /** A think of the started leaf: answer how it stands. */
    step = MOTIVE_BT_CALL_PHASE_STEP,
    /** The leaf is left, finished or abandoned: stop what it started (the answer is ignored). */
    stop = MOTIVE_BT_CALL_PHASE_STOP,
};

// ---------------------------------------------------------------------------------------------
// Library facts
// ---------------------------------------------------------------------------------------------

/** The library's version string ("0.1.0"). */
inline const char *version() noexcept { return motive_version(); }

/** The ABI version of the loaded library (compare with MOTIVE_ABI_VERSION). */
inline std::uint32_t abi_version() noexcept { return motive_abi_version(); }

/** The static name of a status code ("MOTIVE_STATUS_STALE_HANDLE"). */
inline const char *status_name(std::uint32_t code) noexcept { return motive_status_str(code); }

/** Whether a status code is a failure (OK and IN_PROGRESS are not). */
inline bool is_error(std::uint32_t code) noexcept { return motive_status_is_error(code); }

/** The calling thread's last failure message (empty when nothing failed yet). */
inline std::string last_error_message() {
    std::size_t length = 0;
    if (motive_last_error_message(nullptr, 0, &length) == MOTIVE_STATUS_OK) {
        return std::string();
    }
    // Room for the terminating NUL motive writes; the string itself keeps `length` bytes.
    std::string message(length + 1, '\0');
    if (motive_last_error_message(message.data(), message.size(), &length) != MOTIVE_STATUS_OK) {
        return std::string("(the last error message could not be read)");
    }
    message.resize(length);
    return message;
}

#if MOTIVE_CPP_EXCEPTIONS
/** A failed motive call, thrown by or_throw(): its status code and message. */
class Exception : public std::runtime_error {
public:
    /** An exception for `code` with `message`. */
    Exception(StatusCode code, const std::string &message)
        : std::runtime_error(std::string(motive_status_str(code)) + ": " + message), code_(code) {}

    /** The status code of the failure. */
    StatusCode status() const noexcept { return code_; }

private:
    StatusCode code_;
};
#endif

// ---------------------------------------------------------------------------------------------
// Status and Result
// ---------------------------------------------------------------------------------------------

/** The outcome of a call that returns nothing: a status code and, on failure, its message. */
class [[nodiscard]] Status {
public:
    /** Success. */
    Status() noexcept = default;

    /** The outcome `code` of the call just made: on failure, the thread's message is copied
     * now, before another failure overwrites it. */
    explicit Status(StatusCode code) : code_(code), failed_(motive_status_is_error(code)) {
        if (failed_) {
            message_ = last_error_message();
        }
    }

    /** A failure found by the wrapper itself, with its own message. */
    static Status failure(StatusCode code, std::string message) {
        Status status;
        status.code_ = code;
        status.failed_ = true;
        status.message_ = std::move(message);
        return status;
    }

    /** True unless the call failed (MOTIVE_STATUS_IN_PROGRESS is not a failure). */
    bool ok() const noexcept { return !failed_; }
    /** Same as ok(). */
    explicit operator bool() const noexcept { return ok(); }
    /** The status code. */
    StatusCode status() const noexcept { return code_; }
    /** The failure's message; empty on success. */
    const std::string &message() const noexcept { return message_; }

    /** Aborts with the code and message when the call failed: for failures that are bugs. */
    void expect_ok() const {
        if (failed_) {
            std::fprintf(stderr, "motive: %s: %s\n", motive_status_str(code_), message_.c_str());
            std::abort();
        }
    }

#if MOTIVE_CPP_EXCEPTIONS
    /** Throws a motive::Exception when the call failed. */
    void or_throw() const {
        if (failed_) {
            throw Exception(code_, message_);
        }
    }
#endif

private:
    StatusCode code_ = MOTIVE_STATUS_OK;
    bool failed_ = false;
    std::string message_;
};

/** The outcome of a call that produces a `T`: the value on success, else a failed Status. */
template <class T>
class [[nodiscard]] Result {
public:
    /** The outcome of the call just made, which wrote `value` when `code` is not a failure. */
    Result(StatusCode code, T value) : status_(code) {
        if (status_.ok()) {
            value_.emplace(std::move(value));
        }
    }

    /** A failure; a success without a value would be a wrapper bug and becomes one too. */
    Result(Status failure) // NOLINT: implicit by design
        : status_(failure.ok() ? Status::failure(MOTIVE_STATUS_INVALID_ARGUMENT,
                                                 "a successful Result needs a value")
                               : std::move(failure)) {}

    /** True when there is a value. */
    bool ok() const noexcept { return status_.ok(); }
    /** Same as ok(). */
    explicit operator bool() const noexcept { return ok(); }
    /** The status code. */
    StatusCode status() const noexcept { return status_.status(); }
    /** The failure's message; empty on success. */
    const std::string &message() const noexcept { return status_.message(); }
    /** The outcome without the value. */
    const Status &to_status() const noexcept { return status_; }

    /** The value; aborts with the failure's message when there is none (Unreal has no
     * exceptions: check ok() first). */
    T &value() & {
        status_.expect_ok();
        return *value_;
    }
    /** The value; aborts when there is none. */
    const T &value() const & {
        status_.expect_ok();
        return *value_;
    }
    /** The value, moved out of a temporary result (by value, so that a range-for over
     * `call().value()` does not outlive it); aborts when there is none. */
    T value() && {
        status_.expect_ok();
        return std::move(*value_);
    }
    /** The value, or `fallback` on failure. */
    T value_or(T fallback) && { return ok() ? std::move(*value_) : std::move(fallback); }

#if MOTIVE_CPP_EXCEPTIONS
    /** The value, moved out; throws a motive::Exception on failure. */
    T or_throw() && {
        status_.or_throw();
        return std::move(*value_);
    }
#endif

private:
    Status status_;
    std::optional<T> value_;
};

// ---------------------------------------------------------------------------------------------
// Span: a view over a caller-owned array (C++17 has no std::span)
// ---------------------------------------------------------------------------------------------

/** `size()` elements at `data()`, owned by someone else. */
template <class T>
class Span {
public:
    /** Empty. */
    constexpr Span() noexcept = default;
    /** `size` elements at `data` (NULL when `size` is 0). */
    constexpr Span(T *data, std::size_t size) noexcept : data_(data), size_(size) {}
    /** A whole array. */
    template <std::size_t N>
    constexpr Span(T (&array)[N]) noexcept : data_(array), size_(N) {} // NOLINT: implicit
    /** A whole contiguous container (std::vector, std::array, std::string). */
    template <class Container,
              class = std::enable_if_t<
                  std::is_convertible_v<decltype(std::declval<Container &>().data()), T *> &&
                  !std::is_same_v<std::decay_t<Container>, Span>>>
    constexpr Span(Container &container) noexcept // NOLINT: implicit
        : data_(container.data()), size_(container.size()) {}
    /** The same elements, read-only. */
    constexpr operator Span<const T>() const noexcept { return {data_, size_}; }

    /** The first element (NULL when empty). */
    constexpr T *data() const noexcept { return data_; }
    /** The number of elements. */
    constexpr std::size_t size() const noexcept { return size_; }
    /** Whether there are none. */
    constexpr bool empty() const noexcept { return size_ == 0; }
    /** Element `i` (below size()). */
    constexpr T &operator[](std::size_t i) const noexcept { return data_[i]; }
    /** Iteration. */
    constexpr T *begin() const noexcept { return data_; }
    /** Iteration. */
    constexpr T *end() const noexcept { return data_ + size_; }
    /** The first `count` elements (at most size()). */
    constexpr Span first(std::size_t count) const noexcept {
        return {data_, count < size_ ? count : size_};
    }
    /** The elements from `offset` on (empty past the end). */
    constexpr Span from(std::size_t offset) const noexcept {
        return offset < size_ ? Span{data_ + offset, size_ - offset} : Span{};
    }

private:
    T *data_ = nullptr;
    std::size_t size_ = 0;
};

/** The outcome of a list query: on success the filled prefix of the caller's buffer; in every
 * case (also MOTIVE_STATUS_BUFFER_TOO_SMALL) how many items the list holds. */
template <class T>
class [[nodiscard]] ListResult : public Result<Span<T>> {
public:
    /** The outcome `code` of a query that reported `count` items into `buffer`. */
    ListResult(StatusCode code, Span<T> buffer, std::size_t count)
        : Result<Span<T>>(code, buffer.first(count)), count_(count) {}
    /** Items the list holds (0 when the query failed before counting). */
    std::size_t count() const noexcept { return count_; }

private:
    std::size_t count_;
};

namespace detail {

/** Runs a list query `(T *buffer, size_t capacity, size_t *out_count) -> motive_status`. */
template <class T, class Query>
ListResult<T> list(Span<T> buffer, Query &&query) {
    std::size_t count = 0;
    const StatusCode code = query(buffer.data(), buffer.size(), &count);
    return ListResult<T>(code, buffer, count);
}

/** Runs a call that writes a `T` through its out-pointer. */
template <class T, class Call>
Result<T> out(Call &&call) {
    T value{};
    const StatusCode code = call(&value);
    return Result<T>(code, std::move(value));
}

} // namespace detail

/**
 * Fills `items` with every item of a list: `query` takes a Span<T> and returns a ListResult<T>
 * (`[&](auto buffer) { return world.npc_drives(npc, buffer); }`). The vector is reused: it grows
 * to the list's size when too small and never shrinks its capacity, so once it has reached its
 * high-water mark this allocates nothing.
 */
template <class T, class Query>
Status collect(std::vector<T> &items, Query &&query) {
    for (;;) {
        items.resize(items.capacity());
        auto listed = query(Span<T>(items));
        if (listed.status() == MOTIVE_STATUS_BUFFER_TOO_SMALL && listed.count() > items.size()) {
            items.resize(listed.count());
            continue;
        }
        items.resize(listed.ok() ? listed.value().size() : 0);
        return listed.to_status();
    }
}

// ---------------------------------------------------------------------------------------------
// Handles: plain values, checked by motive on every use
// ---------------------------------------------------------------------------------------------

/** What every handle shares: its C struct, null when all zero, equality by value. */
template <class Raw, class Self>
class HandleBase {
public:
    /** The null handle. */
    constexpr HandleBase() noexcept = default;
    /** The handle `raw` from C. */
    constexpr HandleBase(Raw raw) noexcept : raw_(raw) {} // NOLINT: implicit from C by design
    /** The C handle. */
    constexpr Raw raw() const noexcept { return raw_; }
    /** Whether this is the null handle. */
    constexpr bool is_null() const noexcept {
        return raw_.index1 == 0 && raw_.generation == 0 && raw_.world == 0;
    }
    /** Same index, generation and world. */
    friend constexpr bool operator==(const Self &a, const Self &b) noexcept {
        return a.raw_.index1 == b.raw_.index1 && a.raw_.generation == b.raw_.generation &&
               a.raw_.world == b.raw_.world;
    }
    /** Not the same handle. */
    friend constexpr bool operator!=(const Self &a, const Self &b) noexcept { return !(a == b); }

private:
    Raw raw_{};
};

class Npc;
class Object;
class Squad;

/** A handle to any entity (NPC, smart object or squad) of one world. */
class Entity : public HandleBase<motive_entity, Entity> {
public:
    using HandleBase::HandleBase;
    /** Packs the handle into 64 bits for components and save files (motive_entity_to_u64). */
    std::uint64_t to_u64() const noexcept { return motive_entity_to_u64(raw()); }
    /** Unpacks a value made by to_u64 (motive_entity_from_u64); validity is checked on use. */
    static Entity from_u64(std::uint64_t bits) noexcept { return motive_entity_from_u64(bits); }
    /** The same entity as an NPC handle (motive_entity_as_npc; checked on use). */
    inline Npc as_npc() const noexcept;
    /** The same entity as a smart-object handle (motive_entity_as_object; checked on use). */
    inline Object as_object() const noexcept;
    /** The same entity as a squad handle (motive_entity_as_squad; checked on use). */
    inline Squad as_squad() const noexcept;
};

/** A handle to an NPC. */
class Npc : public HandleBase<motive_npc, Npc> {
public:
    using HandleBase::HandleBase;
    /** Its entity handle, for facts, positions and targets (motive_npc_entity). */
    Entity entity() const noexcept { return motive_npc_entity(raw()); }
    /** Packs the handle into 64 bits (motive_npc_to_u64). */
    std::uint64_t to_u64() const noexcept { return motive_npc_to_u64(raw()); }
    /** Unpacks a value made by to_u64 (motive_npc_from_u64). */
    static Npc from_u64(std::uint64_t bits) noexcept { return motive_npc_from_u64(bits); }
};

/** A handle to a smart object. */
class Object : public HandleBase<motive_object, Object> {
public:
    using HandleBase::HandleBase;
    /** Its entity handle (motive_object_entity). */
    Entity entity() const noexcept { return motive_object_entity(raw()); }
    /** Packs the handle into 64 bits (motive_object_to_u64). */
    std::uint64_t to_u64() const noexcept { return motive_object_to_u64(raw()); }
    /** Unpacks a value made by to_u64 (motive_object_from_u64). */
    static Object from_u64(std::uint64_t bits) noexcept { return motive_object_from_u64(bits); }
};

/** A handle to a squad (Pittman's command hierarchy): an entity without a body that plans over
 * its own facts and commands its members with orders. */
class Squad : public HandleBase<motive_squad, Squad> {
public:
    using HandleBase::HandleBase;
    /** Its entity handle (motive_squad_entity): for its facts, the squad's shared blackboard,
     * and, through as_npc(), for its brain's state (npc_goap_decision, npc_plan, ...). */
    Entity entity() const noexcept { return motive_squad_entity(raw()); }
};

inline Npc Entity::as_npc() const noexcept { return motive_entity_as_npc(raw()); }
inline Object Entity::as_object() const noexcept { return motive_entity_as_object(raw()); }
inline Squad Entity::as_squad() const noexcept { return motive_entity_as_squad(raw()); }

/** A behaviour-tree group: no body, one high-level tree hinting its members. */
class BtGroup : public HandleBase<motive_bt_group, BtGroup> {
public:
    using HandleBase::HandleBase;
};

/** A handle to a smart-ambiance area. */
class AmbianceArea : public HandleBase<motive_ambiance_area, AmbianceArea> {
public:
    using HandleBase::HandleBase;
};

/** A handle to an ambiance projection. */
class AmbianceProjection : public HandleBase<motive_ambiance_projection, AmbianceProjection> {
public:
    using HandleBase::HandleBase;
};

// ---------------------------------------------------------------------------------------------
// Values and definitions
// ---------------------------------------------------------------------------------------------

/** A typed fact value. */
class Value {
public:
    /** The value `raw` from C. */
    constexpr Value(motive_value raw) noexcept : raw_(raw) {} // NOLINT: implicit from C
    /** A boolean. */
    static Value boolean(bool b) noexcept {
        motive_value v{};
        v.type = MOTIVE_VALUE_TYPE_BOOL;
        v.data.boolean = b;
        return v;
    }
    /** A number. */
    static Value number(double n) noexcept {
        motive_value v{};
        v.type = MOTIVE_VALUE_TYPE_NUMBER;
        v.data.number = n;
        return v;
    }
    /** An entity reference (null allowed). */
    static Value entity(Entity e) noexcept {
        motive_value v{};
        v.type = MOTIVE_VALUE_TYPE_ENTITY;
        v.data.entity = e.raw();
        return v;
    }
    /** A position. */
    static Value position(Vec3 p) noexcept {
        motive_value v{};
        v.type = MOTIVE_VALUE_TYPE_POSITION;
        v.data.position = p;
        return v;
    }
    /** Its type, a motive_value_type. */
    std::uint32_t type() const noexcept { return raw_.type; }
    /** The boolean (type BOOL). */
    bool as_bool() const noexcept { return raw_.data.boolean; }
    /** The number (type NUMBER). */
    double as_number() const noexcept { return raw_.data.number; }
    /** The entity (type ENTITY). */
    Entity as_entity() const noexcept { return raw_.data.entity; }
    /** The position (type POSITION). */
    Vec3 as_position() const noexcept { return raw_.data.position; }
    /** The C value. */
    const motive_value &raw() const noexcept { return raw_; }

private:
    motive_value raw_;
};

/** A world definition at its defaults. */
inline WorldDef world_def() noexcept { return motive_world_def_default(); }
/** An NPC definition at its defaults. */
inline NpcDef npc_def() noexcept { return motive_npc_def_default(); }
/** A smart-object definition at its defaults. */
inline ObjectDef object_def() noexcept { return motive_object_def_default(); }
/** A slot definition at its defaults. */
inline SlotDef slot_def() noexcept { return motive_slot_def_default(); }
/** Think settings at their defaults. */
inline ThinkSettings think_settings() noexcept { return motive_think_settings_default(); }
/** GOAP action planning at its defaults. */
inline ActionPlanning action_planning() noexcept { return motive_action_planning_default(); }
/** An ambiance modifier at its defaults (always on, no change). */
inline AmbianceModifier ambiance_modifier() noexcept { return motive_ambiance_modifier_default(); }
/** A recommendation of `goal` with `bias` to every member, without a target, awaited (a
 * domain file's "recommend" entry with only "goal" and "bias"). To narrow it, point `positions`
 * (members by joining order) at an array; to hand out targets into the recipient's
 * `target_into`, point `targets` (the squad's entity attributes) at one or set
 * `target_supplier`. The arrays are read during DomainBuilder::set_action_order only. */
inline Recommendation recommendation(GoapGoalId goal, double bias) noexcept {
    Recommendation r{};
    r.goal = goal;
    r.bias = bias;
    r.target_into = MOTIVE_NO_ID;
    r.required = true;
    return r;
}
/** The curve value / max over [0, max]. */
inline Curve curve_linear(double max) noexcept { return motive_curve_linear(max); }
/** The curve 1 - value / max over [0, max]. */
inline Curve curve_inverse_linear(double max) noexcept { return motive_curve_inverse_linear(max); }

/** Fails unless the loaded library speaks this header's ABI (call once after loading it). */
inline Status check_abi() {
    if (motive_abi_version() == MOTIVE_ABI_VERSION) {
        return Status();
    }
    return Status::failure(MOTIVE_STATUS_INVALID_ARGUMENT,
                           "the motive library has ABI version " +
                               std::to_string(motive_abi_version()) + ", this header expects " +
                               std::to_string(MOTIVE_ABI_VERSION));
}

/** A NUL-terminated string argument: a C string or a std::string (not a string_view, which
 * need not be terminated). */
class CString {
public:
    /** A C string (NULL is passed on and reported by motive). */
    CString(const char *text) noexcept : text_(text) {} // NOLINT: implicit by design
    /** A std::string, which must outlive the call. */
    CString(const std::string &text) noexcept : text_(text.c_str()) {} // NOLINT
    /** The C string. */
    const char *c_str() const noexcept { return text_; }

private:
    const char *text_;
};

namespace detail {

/** Calls the C destroy function of an owner. */
template <class T, void (*Destroy)(T *)>
struct Destroyer {
    void operator()(T *p) const noexcept { Destroy(p); }
};

/** A unique owner of a C object freed by `Destroy`. */
template <class T, void (*Destroy)(T *)>
using Owned = std::unique_ptr<T, Destroyer<T, Destroy>>;

/** The string `copy(buffer, capacity, &length)` copies out, by the header's convention: asked
 * for its length with no buffer, then copied into one that fits. */
template <class Copy>
Result<std::string> copied_string(Copy copy) {
    std::size_t length = 0;
    const StatusCode asked = copy(nullptr, 0, &length);
    if (asked != MOTIVE_STATUS_BUFFER_TOO_SMALL) {
        // Without a buffer every string is too small: anything else is the failure itself.
        return Result<std::string>(asked, std::string());
    }
    std::string text(length + 1, '\0');
    const StatusCode code = copy(text.data(), text.size(), &length);
    text.resize(length);
    return Result<std::string>(code, std::move(text));
}

/** The bytes `save(buffer, capacity, &size)` writes (motive_world_save, motive_sim_save): asked
 * for their size with no buffer, then written into a vector of that size. */
template <class Save>
Result<std::vector<std::uint8_t>> saved_bytes(Save save) {
    std::size_t size = 0;
    const StatusCode asked = save(nullptr, 0, &size);
    if (asked != MOTIVE_STATUS_BUFFER_TOO_SMALL) {
        // Without a buffer every save is too small: anything else is the failure itself.
        return Result<std::vector<std::uint8_t>>(asked, std::vector<std::uint8_t>());
    }
    std::vector<std::uint8_t> bytes(size);
    const StatusCode code = save(bytes.data(), bytes.size(), &size);
    bytes.resize(size);
    return Result<std::vector<std::uint8_t>>(code, std::move(bytes));
}

} // namespace detail

// ---------------------------------------------------------------------------------------------
// Diagnostics
// ---------------------------------------------------------------------------------------------

/** The diagnostics of the last load into it (errors and lint warnings at JSON Pointers). */
class Diagnostics {
public:
    /** Empty (holds no list). */
    Diagnostics() noexcept = default;
    /** Takes ownership of `owned`. */
    explicit Diagnostics(motive_diagnostics *owned) noexcept : list_(owned) {}

    /** A new, empty list. */
    static Result<Diagnostics> create() {
        motive_diagnostics *list = nullptr;
        const StatusCode code = motive_diagnostics_create(&list);
        return Result<Diagnostics>(code, Diagnostics(list));
    }

    /** The number of diagnostics (0 for an empty owner). */
    std::size_t count() const noexcept { return motive_diagnostics_count(list_.get()); }
    /** Diagnostic `index`; its strings are valid until the next load into the list. */
    Result<Diagnostic> get(std::size_t index) const {
        return detail::out<Diagnostic>(
            [&](Diagnostic *d) { return motive_diagnostics_get(list_.get(), index, d); });
    }
    /** The C list (NULL when empty), still owned here. */
    motive_diagnostics *get() const noexcept { return list_.get(); }

private:
    detail::Owned<motive_diagnostics, motive_diagnostics_destroy> list_;
};

// ---------------------------------------------------------------------------------------------
// Domain
// ---------------------------------------------------------------------------------------------

/** An immutable, built domain: the authored definitions worlds are made of. */
class Domain {
public:
    /** Empty (holds no domain). */
    Domain() noexcept = default;
    /** Takes ownership of `owned`. */
    explicit Domain(motive_domain *owned) noexcept : domain_(owned) {}

    /** Loads a domain from JSON text; every error and warning goes to `diagnostics` if given. */
    static Result<Domain> load_json(std::string_view json, Diagnostics *diagnostics = nullptr) {
        motive_domain *domain = nullptr;
        const StatusCode code = motive_domain_load_json(
            json.data(), json.size(), diagnostics ? diagnostics->get() : nullptr, &domain);
        return Result<Domain>(code, Domain(domain));
    }
    /** Loads a domain from a JSON file. */
    static Result<Domain> load_file(CString path, Diagnostics *diagnostics = nullptr) {
        motive_domain *domain = nullptr;
        const StatusCode code = motive_domain_load_file(
            path.c_str(), diagnostics ? diagnostics->get() : nullptr, &domain);
        return Result<Domain>(code, Domain(domain));
    }

    /** The name of definition `id` of `kind` (a motive_definition_kind): for debug text,
     * logs and engine-facing lists, without tables of the game's own. */
    Result<std::string> name(std::uint32_t kind, std::uint32_t id) const {
        return detail::copied_string([&](char *buffer, std::size_t capacity, std::size_t *length) {
            return motive_domain_name(domain_.get(), kind, id, buffer, capacity, length);
        });
    }

    /** How many definitions of `kind` (a motive_definition_kind) the domain has: ids 0..count. */
    Result<std::uint32_t> count(std::uint32_t kind) const {
        return detail::out<std::uint32_t>(
            [&](std::uint32_t *n) { return motive_domain_count(domain_.get(), kind, n); });
    }

    /** The id of the action called `name`. */
    Result<ActionId> find_action(CString name) const {
        return find<ActionId>(motive_domain_find_action, name);
    }
    /** The id of the attribute called `name`. */
    Result<AttributeId> find_attribute(CString name) const {
        return find<AttributeId>(motive_domain_find_attribute, name);
    }
    /** The id of the archetype called `name`. */
    Result<ArchetypeId> find_archetype(CString name) const {
        return find<ArchetypeId>(motive_domain_find_archetype, name);
    }
    /** The id of the drive called `name`. */
    Result<DriveId> find_drive(CString name) const {
        return find<DriveId>(motive_domain_find_drive, name);
    }
    /** The id of the UDGOAP goal called `name`. */
    Result<GoalId> find_goal(CString name) const {
        return find<GoalId>(motive_domain_find_goal, name);
    }
    /** The id of the GOAP goal called `name`. */
    Result<GoapGoalId> find_goap_goal(CString name) const {
        return find<GoapGoalId>(motive_domain_find_goap_goal, name);
    }
    /** The id of the world effect called `name`. */
    Result<WorldEffectId> find_world_effect(CString name) const {
        return find<WorldEffectId>(motive_domain_find_world_effect, name);
    }
    /** The id of the ambiance annotation called `name`. */
    Result<AnnotationId> find_annotation(CString name) const {
        return find<AnnotationId>(motive_domain_find_annotation, name);
    }
    /** The id of the tag called `name`. */
    Result<TagId> find_tag(CString name) const { return find<TagId>(motive_domain_find_tag, name); }
    /** The id of the UBC plan called `name`. */
    Result<UbcPlanId> find_ubc_plan(CString name) const {
        return find<UbcPlanId>(motive_domain_find_ubc_plan, name);
    }
    /** The id of the hint called `name`. */
    Result<HintId> find_hint(CString name) const {
        return find<HintId>(motive_domain_find_hint, name);
    }
    /** The id of the behaviour tree called `name`. */
    Result<BtTreeId> find_bt_tree(CString name) const {
        return find<BtTreeId>(motive_domain_find_bt_tree, name);
    }
    /** The id of the engine callback called `name` (MOTIVE_STATUS_NOT_FOUND when no tree
     * names it). */
    Result<BtCallbackId> find_bt_callback(CString name) const {
        return find<BtCallbackId>(motive_domain_find_bt_callback, name);
    }
    /** The id of the player action called `name`. */
    Result<PlayerActionId> find_player_action(CString name) const {
        return find<PlayerActionId>(motive_domain_find_player_action, name);
    }
    /** The slots of `archetype`, into `buffer`. */
    ListResult<SlotInfo> archetype_slots(ArchetypeId archetype, Span<SlotInfo> buffer) const {
        return detail::list(buffer, [&](SlotInfo *b, std::size_t c, std::size_t *n) {
            return motive_domain_archetype_slots(domain_.get(), archetype, b, c, n);
        });
    }

    /** The C domain (NULL when empty), still owned here. */
    motive_domain *get() const noexcept { return domain_.get(); }

private:
    template <class Id, class Find>
    Result<Id> find(Find find_in_c, CString name) const {
        return detail::out<Id>([&](Id *id) { return find_in_c(domain_.get(), name.c_str(), id); });
    }

    detail::Owned<motive_domain, motive_domain_destroy> domain_;
};

// ---------------------------------------------------------------------------------------------
// BtBuilder
// ---------------------------------------------------------------------------------------------

/**
 * Builds a hinted behaviour tree in code: composites and filters are opened (start) and closed
 * (end) around their children, leaves added in one call; condition trees are built beside them,
 * operands inside open groups. Hand it to DomainBuilder::add_bt_tree.
 */
class BtBuilder {
public:
    /** Empty (holds no builder). */
    BtBuilder() noexcept = default;

    /** A new, empty builder. */
    static Result<BtBuilder> create() {
        motive_bt_builder *builder = nullptr;
        const StatusCode code = motive_bt_builder_create(&builder);
        BtBuilder made;
        made.builder_.reset(builder);
        return Result<BtBuilder>(code, std::move(made));
    }
    /** A node definition of `kind` (a motive_bt_node_kind), the other fields at their defaults. */
    static BtNodeDef node(std::uint32_t kind) noexcept {
        BtNodeDef def = motive_bt_node_def_default();
        def.kind = kind;
        return def;
    }

    /** Opens a composite or filter node. */
    Status start(const BtNodeDef &def) { return Status(motive_bt_builder_start(builder_.get(), &def)); }
    /** Adds a leaf (condition, action, call, plan, hint or flag). */
    Status leaf(const BtNodeDef &def) { return Status(motive_bt_builder_leaf(builder_.get(), &def)); }
    /** Closes the innermost open node. */
    Status end() { return Status(motive_bt_builder_end(builder_.get())); }
    /** Names the selector's next branch: it exposes `hint`. */
    Status branch(HintId hint) { return Status(motive_bt_builder_branch(builder_.get(), hint)); }
    /** Opens a condition group (`op`: a motive_bt_test_op). */
    Status open_test(std::uint32_t op) {
        return Status(motive_bt_builder_test_open(builder_.get(), op));
    }
    /** Closes the innermost group: the condition tree's id outermost, else MOTIVE_NO_ID. */
    Result<BtTestId> close_test() {
        return detail::out<BtTestId>(
            [&](BtTestId *id) { return motive_bt_builder_test_close(builder_.get(), id); });
    }
    /** A test over the NPC's facts (its id when no group is open). */
    Result<BtTestId> test_fact(const Condition &condition) {
        return detail::out<BtTestId>([&](BtTestId *id) {
            return motive_bt_builder_test_fact(builder_.get(), &condition, id);
        });
    }
    /** A hint condition: `hint` is positive in this tree. */
    Result<BtTestId> test_hint(HintId hint) {
        return detail::out<BtTestId>(
            [&](BtTestId *id) { return motive_bt_builder_test_hint(builder_.get(), hint, id); });
    }
    /** `flag` is set on the NPC's blackboard. */
    Result<BtTestId> test_flag(AttributeId flag) {
        return detail::out<BtTestId>(
            [&](BtTestId *id) { return motive_bt_builder_test_flag(builder_.get(), flag, id); });
    }
    /** The engine's condition callback holds for `callback` (World::set_bt_condition_callback). */
    Result<BtTestId> test_ask(BtCallbackId callback) {
        return detail::out<BtTestId>([&](BtTestId *id) {
            return motive_bt_builder_test_ask(builder_.get(), callback, id);
        });
    }

    /** The C builder (NULL when empty), still owned here. */
    motive_bt_builder *get() const noexcept { return builder_.get(); }

private:
    detail::Owned<motive_bt_builder, motive_bt_builder_destroy> builder_;
};

// ---------------------------------------------------------------------------------------------
// DomainBuilder
// ---------------------------------------------------------------------------------------------

/** Collects definitions until build(); each call mirrors motive_domain_builder_<name>. */
class DomainBuilder {
public:
    /** Empty (holds no builder). */
    DomainBuilder() noexcept = default;
    /** Takes ownership of `owned`. */
    explicit DomainBuilder(motive_domain_builder *owned) noexcept : builder_(owned) {}

    /** A new, empty builder. */
    static Result<DomainBuilder> create() {
        motive_domain_builder *builder = nullptr;
        const StatusCode code = motive_domain_builder_create(&builder);
        return Result<DomainBuilder>(code, DomainBuilder(builder));
    }
    /** Builds the domain defined so far (the builder stays usable). */
    Result<Domain> build() const {
        motive_domain *domain = nullptr;
        const StatusCode code = motive_domain_builder_build(builder_.get(), &domain);
        return Result<Domain>(code, Domain(domain));
    }

    /** Defines an attribute of `value_type` (a motive_value_type). */
    Result<AttributeId> add_attribute(CString name, std::uint32_t value_type) {
        return detail::out<AttributeId>([&](AttributeId *id) {
            return motive_domain_builder_add_attribute(builder_.get(), name.c_str(), value_type,
                                                       id);
        });
    }
    /** Gives a number attribute a range. */
    Status set_attribute_range(AttributeId attribute, double min, double max) {
        return Status(motive_domain_builder_set_attribute_range(builder_.get(), attribute, min, max));
    }
    /** Defines an action. */
    Result<ActionId> add_action(CString name) {
        return named<ActionId>(motive_domain_builder_add_action, name);
    }
    /** Adds a precondition to an action. */
    Status add_precondition(ActionId action, const Condition &condition) {
        return Status(motive_domain_builder_add_precondition(builder_.get(), action, &condition));
    }
    /** Adds an effect to an action. */
    Status add_effect(ActionId action, const Effect &effect) {
        return Status(motive_domain_builder_add_effect(builder_.get(), action, &effect));
    }
    /** Makes an action check a world effect after it is simulated. */
    Status add_action_world_effect(ActionId action, WorldEffectId world_effect) {
        return Status(
            motive_domain_builder_add_action_world_effect(builder_.get(), action, world_effect));
    }
    /** Sets how long an action runs (`kind`: a motive_duration_kind). */
    Status set_action_duration(ActionId action, std::uint32_t kind, double seconds,
                               AttributeId until_full = 0) {
        return Status(motive_domain_builder_set_action_duration(builder_.get(), action, kind,
                                                                seconds, until_full));
    }
    /** Seconds after its request at which an engine-ended action fails unreported (finite and
     * > 0, or infinity for never); wins over the world's timeout. */
    Status set_action_timeout(ActionId action, double seconds) {
        return Status(motive_domain_builder_set_action_timeout(builder_.get(), action, seconds));
    }
    /** Sets how the engine performs an action at its target. */
    Status set_action_hints(ActionId action, double stand_off, std::uint32_t animation) {
        return Status(
            motive_domain_builder_set_action_hints(builder_.get(), action, stand_off, animation));
    }
    /** Sets how GOAP prices and checks an action. */
    Status set_action_planning(ActionId action, const ActionPlanning &planning) {
        return Status(motive_domain_builder_set_action_planning(builder_.get(), action, &planning));
    }
    /** Sets an action's GOAP cost of distance. */
    Status set_action_distance_curve(ActionId action, const Curve &curve, double max_cost) {
        return Status(motive_domain_builder_set_action_distance_curve(builder_.get(), action,
                                                                      &curve, max_cost));
    }
    /** Gives an action an outcome table (`learning`: a motive_outcome_learning). */
    Status set_action_outcomes(ActionId action, Span<const OutcomeDef> outcomes,
                               std::uint32_t learning, double prior_strength = 1.0) {
        return Status(motive_domain_builder_set_action_outcomes(
            builder_.get(), action, outcomes.data(), outcomes.size(), learning, prior_strength));
    }
    /** Defines an ambiance annotation. */
    Result<AnnotationId> add_annotation(CString name) {
        return named<AnnotationId>(motive_domain_builder_add_annotation, name);
    }
    /** Sets an action's ambiance annotations. */
    Status set_action_annotations(ActionId action, Span<const AnnotationId> annotations) {
        return Status(motive_domain_builder_set_action_annotations(
            builder_.get(), action, annotations.data(), annotations.size()));
    }
    /** Sets an action's ambiance effect. */
    Status set_action_ambiance_effect(ActionId action, const AmbianceModifier &effect) {
        return Status(
            motive_domain_builder_set_action_ambiance_effect(builder_.get(), action, &effect));
    }
    /** Sets the ambiance annotations that apply to an archetype's NPCs. */
    Status set_archetype_annotations(ArchetypeId archetype, Span<const AnnotationId> annotations) {
        return Status(motive_domain_builder_set_archetype_annotations(
            builder_.get(), archetype, annotations.data(), annotations.size()));
    }
    /** Defines an archetype. */
    Result<ArchetypeId> add_archetype(CString name) {
        return named<ArchetypeId>(motive_domain_builder_add_archetype, name);
    }
    /** Makes an archetype supply an action. */
    Status add_supplied_action(ArchetypeId archetype, ActionId action) {
        return Status(motive_domain_builder_add_supplied_action(builder_.get(), archetype, action));
    }
    /** Makes an archetype consume an action. */
    Status add_consumed_action(ArchetypeId archetype, ActionId action) {
        return Status(motive_domain_builder_add_consumed_action(builder_.get(), archetype, action));
    }
    /** Gives an archetype an internal drive. */
    Status add_internal_drive(ArchetypeId archetype, DriveId drive) {
        return Status(motive_domain_builder_add_internal_drive(builder_.get(), archetype, drive));
    }
    /** Sets an archetype's top-level utility (`kind`: a motive_top_level_kind). */
    Status set_top_level(ArchetypeId archetype, std::uint32_t kind, DriveId veto = MOTIVE_NO_ID) {
        return Status(motive_domain_builder_set_top_level(builder_.get(), archetype, kind, veto));
    }
    /** Adds a death condition to an archetype. */
    Status add_death_condition(ArchetypeId archetype, const Condition &condition) {
        return Status(
            motive_domain_builder_add_death_condition(builder_.get(), archetype, &condition));
    }
    /** Makes an archetype's number attribute decay at `rate` per second. */
    Status add_need(ArchetypeId archetype, AttributeId attribute, double rate) {
        return Status(motive_domain_builder_add_need(builder_.get(), archetype, attribute, rate));
    }
    /** Sets how an archetype thinks. */
    Status set_think_settings(ArchetypeId archetype, const ThinkSettings &settings) {
        return Status(
            motive_domain_builder_set_think_settings(builder_.get(), archetype, &settings));
    }
    /** Sets an archetype's UDGOAP distance attenuation. */
    Status set_distance_attenuation(ArchetypeId archetype, const Curve &curve) {
        return Status(
            motive_domain_builder_set_distance_attenuation(builder_.get(), archetype, &curve));
    }
    /** Defines a tag. */
    Result<TagId> add_tag(CString name) { return named<TagId>(motive_domain_builder_add_tag, name); }
    /** Gives an archetype a tag. */
    Status add_archetype_tag(ArchetypeId archetype, TagId tag) {
        return Status(motive_domain_builder_add_archetype_tag(builder_.get(), archetype, tag));
    }
    /** Adds a slot to a smart-object archetype and returns its index. */
    Result<std::uint32_t> add_slot(ArchetypeId archetype, const SlotDef &slot) {
        return detail::out<std::uint32_t>([&](std::uint32_t *index) {
            return motive_domain_builder_add_slot(builder_.get(), archetype, &slot, index);
        });
    }
    /** Sets a starting fact of an archetype's entities. */
    Status set_archetype_state(ArchetypeId archetype, AttributeId attribute, Value value) {
        return Status(motive_domain_builder_set_archetype_state(builder_.get(), archetype,
                                                                attribute, &value.raw()));
    }
    /** Makes an archetype's entities start holding themselves in an entity attribute. */
    Status set_archetype_state_self(ArchetypeId archetype, AttributeId attribute) {
        return Status(
            motive_domain_builder_set_archetype_state_self(builder_.get(), archetype, attribute));
    }
    /** Sets per-object hints for an action an archetype supplies. */
    Status set_archetype_hints(ArchetypeId archetype, ActionId action, double stand_off,
                               std::uint32_t animation, bool face_target) {
        return Status(motive_domain_builder_set_archetype_hints(
            builder_.get(), archetype, action, stand_off, animation, face_target));
    }
    /** Sets an archetype's claim priority. */
    Status set_claim_priority(ArchetypeId archetype, std::uint8_t priority) {
        return Status(motive_domain_builder_set_claim_priority(builder_.get(), archetype, priority));
    }
    /** Sets how an archetype's planners treat contended objects (a motive_contention). */
    Status set_contention(ArchetypeId archetype, std::uint32_t contention, double penalty,
                          double utility_factor) {
        return Status(motive_domain_builder_set_contention(builder_.get(), archetype, contention,
                                                           penalty, utility_factor));
    }
    /** Makes an action on an archetype joint (`chance` by number of optional users). */
    Status set_joint_action(ArchetypeId archetype, ActionId action, double timeout,
                            Span<const double> chance) {
        return Status(motive_domain_builder_set_joint_action(
            builder_.get(), archetype, action, timeout, chance.data(), chance.size()));
    }
    /** Defines a drive of `weight`. */
    Result<DriveId> add_drive(CString name, double weight) {
        return detail::out<DriveId>([&](DriveId *id) {
            return motive_domain_builder_add_drive(builder_.get(), name.c_str(), weight, id);
        });
    }
    /** Adds a goal generator to a drive (`scope`: a motive_trigger_scope). */
    Status add_goal_generator(DriveId drive, std::uint32_t scope, Span<const Condition> conditions,
                              GoalId goal) {
        return Status(motive_domain_builder_add_goal_generator(
            builder_.get(), drive, scope, conditions.data(), conditions.size(), goal));
    }
    /** Adds a removal trigger to a drive. */
    Status add_drive_removal(DriveId drive, const Condition &condition) {
        return Status(motive_domain_builder_add_drive_removal(builder_.get(), drive, &condition));
    }
    /** Defines a UDGOAP goal of `weight`. */
    Result<GoalId> add_goal(CString name, double weight) {
        return detail::out<GoalId>([&](GoalId *id) {
            return motive_domain_builder_add_goal(builder_.get(), name.c_str(), weight, id);
        });
    }
    /** Adds a condition to a goal. */
    Status add_goal_condition(GoalId goal, const GoalCondition &condition) {
        return Status(motive_domain_builder_add_goal_condition(builder_.get(), goal, &condition));
    }
    /** Adds a removal trigger to a goal. */
    Status add_goal_removal(GoalId goal, const Condition &condition) {
        return Status(motive_domain_builder_add_goal_removal(builder_.get(), goal, &condition));
    }
    /** Defines a world effect within `within` units. */
    Result<WorldEffectId> add_world_effect(CString name, double within) {
        return detail::out<WorldEffectId>([&](WorldEffectId *id) {
            return motive_domain_builder_add_world_effect(builder_.get(), name.c_str(), within, id);
        });
    }
    /** Adds a filter to a world effect. */
    Status add_world_effect_filter(WorldEffectId world_effect, const Condition &condition) {
        return Status(motive_domain_builder_add_world_effect_filter(builder_.get(), world_effect,
                                                                    &condition));
    }
    /** Adds an effect to a world effect. */
    Status add_world_effect_effect(WorldEffectId world_effect, const Effect &effect) {
        return Status(
            motive_domain_builder_add_world_effect_effect(builder_.get(), world_effect, &effect));
    }
    /** Defines a GOAP goal of `priority` and `relevance`. */
    Result<GoapGoalId> add_goap_goal(CString name, std::uint32_t priority,
                                     const Relevance &relevance) {
        return detail::out<GoapGoalId>([&](GoapGoalId *id) {
            return motive_domain_builder_add_goap_goal(builder_.get(), name.c_str(), priority,
                                                       &relevance, id);
        });
    }
    /** Adds a requirement to a GOAP goal. */
    Status add_goap_requirement(GoapGoalId goal, const Condition &condition) {
        return Status(motive_domain_builder_add_goap_requirement(builder_.get(), goal, &condition));
    }
    /** Gives an archetype a GOAP goal. */
    Status add_archetype_goap_goal(ArchetypeId archetype, GoapGoalId goal) {
        return Status(motive_domain_builder_add_archetype_goap_goal(builder_.get(), archetype, goal));
    }
    /** Sets an archetype's fallback action. */
    Status set_fallback(ArchetypeId archetype, ActionId action) {
        return Status(motive_domain_builder_set_fallback(builder_.get(), archetype, action));
    }
    /** Defines a UBC goal over `attribute` (`scope`: a motive_ubc_scope; `curve` optional). */
    Result<UbcGoalId> add_ubc_goal(CString name, AttributeId attribute, std::uint32_t scope,
                                   double weight, const Curve *curve = nullptr) {
        return detail::out<UbcGoalId>([&](UbcGoalId *id) {
            return motive_domain_builder_add_ubc_goal(builder_.get(), name.c_str(), attribute,
                                                      scope, weight, curve, id);
        });
    }
    /** Defines a UBC predefined plan. */
    Result<UbcPlanId> add_ubc_plan(CString name) {
        return named<UbcPlanId>(motive_domain_builder_add_ubc_plan, name);
    }
    /** Adds a step to a UBC plan (`on`: a motive_ubc_step_target). */
    Status add_ubc_plan_step(UbcPlanId plan, ActionId action, std::uint32_t on) {
        return Status(motive_domain_builder_add_ubc_plan_step(builder_.get(), plan, action, on));
    }
    /** Gives an archetype a weighted UBC goal. */
    Status add_archetype_ubc_goal(ArchetypeId archetype, UbcGoalId goal, double weight) {
        return Status(
            motive_domain_builder_add_archetype_ubc_goal(builder_.get(), archetype, goal, weight));
    }
    /** Gives an archetype a UBC plan. */
    Status add_archetype_ubc_plan(ArchetypeId archetype, UbcPlanId plan) {
        return Status(motive_domain_builder_add_archetype_ubc_plan(builder_.get(), archetype, plan));
    }

    // --- behaviour trees and the player model ---

    /** The id of the hint called `name`, interned on first use. */
    Result<HintId> hint(CString name) { return named<HintId>(motive_domain_builder_hint, name); }
    /** The id of the engine callback called `name` (for call leaves and ask tests), interned
     * on first use. */
    Result<BtCallbackId> bt_callback(CString name) {
        return named<BtCallbackId>(motive_domain_builder_bt_callback, name);
    }
    /** Adds the tree built in `tree` as `name`; `tree` is emptied. */
    Result<BtTreeId> add_bt_tree(CString name, BtBuilder &tree) {
        return detail::out<BtTreeId>([&](BtTreeId *id) {
            return motive_domain_builder_add_bt_tree(builder_.get(), name.c_str(), tree.get(), id);
        });
    }
    /** Gives an archetype its behaviour-tree layers, the base tree first. */
    Status set_archetype_bt(ArchetypeId archetype, Span<const BtTreeId> layers) {
        return Status(motive_domain_builder_set_archetype_bt(builder_.get(), archetype,
                                                             layers.data(), layers.size()));
    }
    /** Adds a play style. */
    Result<PlayerStyleId> add_player_style(CString name) {
        return named<PlayerStyleId>(motive_domain_builder_add_player_style, name);
    }
    /** Adds a player action showing `styles`. */
    Result<PlayerActionId> add_player_action(CString name, Span<const StyleWeight> styles) {
        return detail::out<PlayerActionId>([&](PlayerActionId *id) {
            return motive_domain_builder_add_player_action(builder_.get(), name.c_str(),
                                                           styles.data(), styles.size(), id);
        });
    }
    /** How the player model learns and how readily NPCs change layers. */
    Status set_adaptation(double decay, double margin) {
        return Status(motive_domain_builder_set_adaptation(builder_.get(), decay, margin));
    }
    /** Lets the player model push `tree` on an archetype's NPCs for players of `serves`. */
    Status add_archetype_adaptive_layer(ArchetypeId archetype, BtTreeId tree,
                                        Span<const StyleWeight> serves) {
        return Status(motive_domain_builder_add_archetype_adaptive_layer(
            builder_.get(), archetype, tree, serves.data(), serves.size()));
    }

    // --- squads ---

    /** Makes `action` an order: motive performs it by recommending `recommendations` (1 to 64)
     * to the squad's members; it ends when every awaited member completed its goal, fails when
     * one fails, times out after `timeout` seconds. The action must have no duration; only
     * squad archetypes may consume it. */
    Status set_action_order(ActionId action, Span<const Recommendation> recommendations,
                            double timeout = 30.0) {
        return Status(motive_domain_builder_set_action_order(
            builder_.get(), action, recommendations.data(), recommendations.size(), timeout));
    }
    /** Makes `archetype` a squad's (World::create_squad makes its squads): bodiless, planning
     * over its own facts; motive writes its number of members and of members that reported
     * the standing order's goals complete to the number attributes given (MOTIVE_NO_ID: none). */
    Status set_archetype_squad(ArchetypeId archetype, AttributeId members_alive = MOTIVE_NO_ID,
                               AttributeId members_reported = MOTIVE_NO_ID) {
        return Status(motive_domain_builder_set_archetype_squad(builder_.get(), archetype,
                                                                members_alive, members_reported));
    }
    /** Marks `attribute` significant (or not): when the engine writes a changed value of it on
     * an NPC or a squad (World::set_fact), that unit re-selects its goal and replans on the
     * next tick (a sensor interrupt), a squad with everything under it. */
    Status set_attribute_significant(AttributeId attribute, bool significant = true) {
        return Status(
            motive_domain_builder_set_attribute_significant(builder_.get(), attribute, significant));
    }
    /** Sets whether `archetype`'s units decide what to do themselves (true by default); one
     * that does not pursues the most recommended goal while it has a recommendation. */
    Status set_archetype_autonomous(ArchetypeId archetype, bool autonomous) {
        return Status(
            motive_domain_builder_set_archetype_autonomous(builder_.get(), archetype, autonomous));
    }

    /** The C builder (NULL when empty), still owned here. */
    motive_domain_builder *get() const noexcept { return builder_.get(); }

private:
    template <class Id, class Add>
    Result<Id> named(Add add_in_c, CString name) {
        return detail::out<Id>([&](Id *id) { return add_in_c(builder_.get(), name.c_str(), id); });
    }

    detail::Owned<motive_domain_builder, motive_domain_builder_destroy> builder_;
};

// ---------------------------------------------------------------------------------------------
// Arena and plan views
// ---------------------------------------------------------------------------------------------

/** A UDGOAP plan in an arena, valid until the arena is reset or destroyed. */
class PlanView {
public:
    /** The view `raw` from C. */
    PlanView(motive_plan_view raw = {}) noexcept : raw_(raw) {} // NOLINT: implicit from C
    /** The steps in execution order. */
    Span<const PlanStep> steps() const noexcept { return {raw_.steps, raw_.count}; }
    /** How the search ended, a motive_search_result. */
    std::uint32_t result() const noexcept { return raw_.result; }
    /** Plan states expanded. */
    std::uint32_t expanded() const noexcept { return raw_.expanded; }
    /** The C view. */
    const motive_plan_view &raw() const noexcept { return raw_; }

private:
    motive_plan_view raw_;
};

/** A GOAP plan in an arena, valid until the arena is reset or destroyed. */
class GoapPlanView {
public:
    /** The view `raw` from C. */
    GoapPlanView(motive_goap_plan_view raw = {}) noexcept : raw_(raw) {} // NOLINT: implicit
    /** The steps in execution order. */
    Span<const GoapStep> steps() const noexcept { return {raw_.steps, raw_.count}; }
    /** The plan's total cost. */
    double cost() const noexcept { return raw_.cost; }
    /** How the search stands, a motive_search_result. */
    std::uint32_t result() const noexcept { return raw_.result; }
    /** Nodes expanded so far. */
    std::uint32_t expanded() const noexcept { return raw_.expanded; }
    /** The C view. */
    const motive_goap_plan_view &raw() const noexcept { return raw_; }

private:
    motive_goap_plan_view raw_;
};

class World;

/** Memory for plan views and the buffers of one GOAP search in flight; one thread at a time. */
class Arena {
public:
    /** Empty (holds no arena). */
    Arena() noexcept = default;
    /** Takes ownership of `owned`. */
    explicit Arena(motive_arena *owned) noexcept : arena_(owned) {}

    /** A new arena reserving `capacity_hint` bytes (0: on first use). */
    static Result<Arena> create(std::size_t capacity_hint = 0) {
        motive_arena *arena = nullptr;
        const StatusCode code = motive_arena_create(capacity_hint, &arena);
        return Result<Arena>(code, Arena(arena));
    }
    /** Forgets every view and search, keeping the memory. */
    Status reset() { return Status(motive_arena_reset(arena_.get())); }
    /** Bytes held for plan views. */
    Result<std::size_t> allocated_bytes() const {
        return detail::out<std::size_t>(
            [&](std::size_t *bytes) { return motive_arena_allocated_bytes(arena_.get(), bytes); });
    }
    /** How the GOAP searches begun in this arena came by their bound actions: bound afresh,
     * or the arena's last binding adjusted (handed to another NPC, recosted, the actions whose
     * facts changed bound again) or kept. */
    Result<motive_goap_bind_stats> goap_bind_stats() const {
        return detail::out<motive_goap_bind_stats>([&](motive_goap_bind_stats *stats) {
            return motive_arena_goap_bind_stats(arena_.get(), stats);
        });
    }
    /** Begins a GOAP search for `npc` towards `goal` (binding happens now, under the lock). */
    inline Status goap_begin(const World &world, Npc npc, GoapGoalId goal,
                             std::uint32_t max_expansions = 0);
    /** Expands at most `max_expansions` more nodes; the result says where the search stands
     * (MOTIVE_STATUS_IN_PROGRESS is ok()). */
    Result<std::uint32_t> goap_step(std::uint32_t max_expansions = UINT32_MAX) {
        return detail::out<std::uint32_t>([&](std::uint32_t *result) {
            return motive_arena_goap_step(arena_.get(), max_expansions, result);
        });
    }
    /** The search's plan, copied into the arena. */
    Result<GoapPlanView> goap_plan() {
        motive_goap_plan_view view{};
        const StatusCode code = motive_arena_goap_plan(arena_.get(), &view);
        return Result<GoapPlanView>(code, view);
    }

    /** The C arena (NULL when empty), still owned here. */
    motive_arena *get() const noexcept { return arena_.get(); }

private:
    detail::Owned<motive_arena, motive_arena_destroy> arena_;
};

// ---------------------------------------------------------------------------------------------
// World
// ---------------------------------------------------------------------------------------------

/** A world: entities, their facts and a clock; stepped by the engine every frame. */
class World {
public:
    /** Empty (holds no world). */
    World() noexcept = default;
    /** Takes ownership of `owned`. */
    explicit World(motive_world *owned) noexcept : world_(owned) {}

    /** A new world of `domain` (which it keeps a reference to). */
    static Result<World> create(const Domain &domain, const WorldDef &def = world_def()) {
        motive_world *world = nullptr;
        const StatusCode code = motive_world_create(domain.get(), &def, &world);
        return Result<World>(code, World(world));
    }

    // --- the frame ---

    /** Advances the world by `dt` seconds: needs, timed actions, due thinks. */
    Status tick(double dt) { return Status(motive_world_tick(world_.get(), dt)); }
    /** Threads `tick` thinks on, the calling thread included (0 or 1: that thread only; at most
     * MOTIVE_MAX_THINK_THREADS); any count gives the events of one thread. */
    Status set_think_threads(std::uint32_t threads) {
        return Status(motive_world_set_think_threads(world_.get(), threads));
    }
    /** Threads `tick` thinks on, the calling thread included: 1 until `set_think_threads`, and
     * again after a load (the count is the machine's, not the save's). */
    Result<std::uint32_t> think_threads() const {
        return detail::out<std::uint32_t>(
            [&](std::uint32_t *t) { return motive_world_think_threads(world_.get(), t); });
    }
    /** What the think threads (motive's own, or the job system's through `think_range`)
     * decided ahead since the world was created or loaded (motive_world_parallel_stats). */
    Result<ParallelStats> parallel_stats() const {
        return detail::out<ParallelStats>(
            [&](ParallelStats *s) { return motive_world_parallel_stats(world_.get(), s); });
    }
    /** Begins a tick whose thinks the engine's job system decides: the number of jobs for
     * `think_range`. Until `tick_end`, other calls fail with MOTIVE_STATUS_TICK_OPEN. */
    Result<std::size_t> tick_begin(double dt) {
        return detail::out<std::size_t>(
            [&](std::size_t *jobs) { return motive_world_tick_begin(world_.get(), dt, jobs); });
    }
    /** Decides ahead for jobs `first` to `first + count - 1` of the open tick; any thread, many
     * at once, on disjoint ranges. Jobs no range covers decide in `tick_end`. */
    Status think_range(std::size_t first, std::size_t count) const noexcept {
        return Status(motive_world_think_range(world_.get(), first, count));
    }
    /** Ends the tick `tick_begin` opened, once every `think_range` has returned. */
    Status tick_end() { return Status(motive_world_tick_end(world_.get())); }
    /** A tick whose thinks run on the engine's job system: `parallel_for(jobs, f)` must call
     * `f(first, count)` on ranges covering at most the jobs, from any threads, and return when
     * all have returned. The events are `tick`'s. The first failing range's status wins. */
    template <class ParallelFor>
    Status tick_parallel(double dt, ParallelFor &&parallel_for) {
        Result<std::size_t> jobs = tick_begin(dt);
        if (!jobs.ok()) {
            return jobs.to_status();
        }
        parallel_for(jobs.value(), [this](std::size_t first, std::size_t count) {
            // A failed range is decided again in tick_end, so it needs no handling here.
            (void)think_range(first, count);
        });
        return tick_end();
    }
    /** Seconds an engine-ended action may go unreported before motive fails it with
     * ACTION_TIMED_OUT, for actions whose domain sets none (default 60; infinity: never). */
    Status set_engine_action_timeout(double seconds) {
        return Status(motive_world_set_engine_action_timeout(world_.get(), seconds));
    }
    /** Which brain decides for `npc` (a motive_brain): which explanation queries answer. */
    Result<std::uint32_t> npc_brain(Npc npc) const {
        return detail::out<std::uint32_t>(
            [&](std::uint32_t *brain) { return motive_npc_brain(world_.get(), npc.raw(), brain); });
    }
    /** Moves up to `buffer.size()` pending events into `buffer`, oldest first; poll again
     * while the buffer comes back full. */
    ListResult<Event> poll_events(Span<Event> buffer) {
        return detail::list(buffer, [&](Event *b, std::size_t c, std::size_t *n) {
            return motive_world_poll_events(world_.get(), b, c, n);
        });
    }
    /** Keeps at most `limit` events pending until polled (1 to MOTIVE_MAX_EVENT_LIMIT; default
     * MOTIVE_DEFAULT_EVENT_LIMIT): past it each new event drops the oldest, counted by
     * `dropped_events`. Not saved: a loaded world has the default (load_in_place keeps it). */
    Status set_event_limit(std::uint32_t limit) {
        return Status(motive_world_set_event_limit(world_.get(), limit));
    }
    /** Most events kept pending until polled (`set_event_limit`). */
    Result<std::uint32_t> event_limit() const {
        return detail::out<std::uint32_t>(
            [&](std::uint32_t *l) { return motive_world_event_limit(world_.get(), l); });
    }
    /** Events dropped unpolled because more than the event limit were pending, since the world
     * was created or loaded: 0 while the game polls every frame. */
    Result<std::uint64_t> dropped_events() const {
        return detail::out<std::uint64_t>(
            [&](std::uint64_t *d) { return motive_world_dropped_events(world_.get(), d); });
    }
    /** Reports how request `request` of `npc` went (`outcome`: a motive_action_outcome). */
    Status report_action(Npc npc, std::uint32_t request, std::uint32_t outcome) {
        return Status(motive_npc_report_action(world_.get(), npc.raw(), request, outcome));
    }
    /** World time in seconds. */
    Result<double> time() const {
        return detail::out<double>([&](double *t) { return motive_world_time(world_.get(), t); });
    }
    /** The world's seed. */
    Result<std::uint64_t> seed() const {
        return detail::out<std::uint64_t>(
            [&](std::uint64_t *s) { return motive_world_seed(world_.get(), s); });
    }
    /** Whether a panic poisoned the world. */
    bool is_poisoned() const noexcept { return motive_world_is_poisoned(world_.get()); }
    /** Planner expansions spent in the last tick. */
    Result<std::uint32_t> last_tick_expansions() const {
        return detail::out<std::uint32_t>([&](std::uint32_t *e) {
            return motive_world_last_tick_expansions(world_.get(), e);
        });
    }

    // --- entities ---

    /** Creates a mindless NPC. */
    Result<Npc> create_npc(const NpcDef &def = npc_def()) {
        motive_npc npc{};
        const StatusCode code = motive_npc_create(world_.get(), &def, &npc);
        return Result<Npc>(code, npc);
    }
    /** Spawns a thinking NPC of `archetype` at `position`. */
    Result<Npc> spawn_npc(ArchetypeId archetype, Vec3 position) {
        motive_npc npc{};
        const StatusCode code = motive_npc_spawn(world_.get(), archetype, position, &npc);
        return Result<Npc>(code, npc);
    }
    /** Destroys an NPC. */
    Status destroy_npc(Npc npc) { return Status(motive_npc_destroy(world_.get(), npc.raw())); }
    /** Whether `npc` is a live NPC of this world. */
    bool is_valid(Npc npc) const noexcept { return motive_npc_is_valid(world_.get(), npc.raw()); }
    /** Creates a smart object with no archetype. */
    Result<Object> create_object(const ObjectDef &def = object_def()) {
        motive_object object{};
        const StatusCode code = motive_object_create(world_.get(), &def, &object);
        return Result<Object>(code, object);
    }
    /** Spawns a smart object of `archetype` at `position`. */
    Result<Object> spawn_object(ArchetypeId archetype, Vec3 position) {
        motive_object object{};
        const StatusCode code = motive_object_spawn(world_.get(), archetype, position, &object);
        return Result<Object>(code, object);
    }
    /** Destroys a smart object. */
    Status destroy_object(Object object) {
        return Status(motive_object_destroy(world_.get(), object.raw()));
    }
    /** Whether `object` is a live smart object of this world. */
    bool is_valid(Object object) const noexcept {
        return motive_object_is_valid(world_.get(), object.raw());
    }
    /** An entity's kind, a motive_entity_kind. */
    Result<motive_entity_kind> entity_kind(Entity entity) const {
        return detail::out<motive_entity_kind>([&](motive_entity_kind *kind) {
            return motive_entity_get_kind(world_.get(), entity.raw(), kind);
        });
    }
    /** An entity's position. */
    Result<Vec3> entity_position(Entity entity) const {
        return detail::out<Vec3>(
            [&](Vec3 *p) { return motive_entity_position(world_.get(), entity.raw(), p); });
    }
    /** Moves an entity (the engine calls this as bodies move). */
    Status set_entity_position(Entity entity, Vec3 position) {
        return Status(motive_entity_set_position(world_.get(), entity.raw(), position));
    }
    /** Writes a fact about an entity. */
    Status set_fact(Entity entity, AttributeId attribute, Value value) {
        return Status(motive_entity_set_fact(world_.get(), entity.raw(), attribute, &value.raw()));
    }
    /** Reads a fact about an entity. */
    Result<Value> fact(Entity entity, AttributeId attribute) const {
        motive_value value{};
        const StatusCode code = motive_entity_get_fact(world_.get(), entity.raw(), attribute, &value);
        return Result<Value>(code, value);
    }
    /** The slot states of an entity. */
    ListResult<SlotState> entity_slots(Entity entity, Span<SlotState> buffer) const {
        return detail::list(buffer, [&](SlotState *b, std::size_t c, std::size_t *n) {
            return motive_entity_slots(world_.get(), entity.raw(), b, c, n);
        });
    }
    /** Suppliers of `action` within `range` of `center`, nearest first (as `user` sees them,
     * when not null). */
    ListResult<Found> find_suppliers(ActionId action, Vec3 center, double range, Npc user,
                                     Span<Found> buffer) {
        return detail::list(buffer, [&](Found *b, std::size_t c, std::size_t *n) {
            return motive_world_find_suppliers(world_.get(), action, center, range, user.raw(), b,
                                               c, n);
        });
    }

    // --- minds ---

    /** Makes `npc` think now. */
    Status think_now(Npc npc) { return Status(motive_npc_think_now(world_.get(), npc.raw())); }
    /** Gives `npc` an external drive. */
    Status add_drive(Npc npc, DriveId drive) {
        return Status(motive_npc_add_drive(world_.get(), npc.raw(), drive));
    }
    /** `npc`'s drives. */
    ListResult<DriveState> npc_drives(Npc npc, Span<DriveState> buffer) const {
        return npc_list(motive_npc_drives, npc, buffer);
    }
    /** `npc`'s goals. */
    ListResult<GoalState> npc_goals(Npc npc, Span<GoalState> buffer) const {
        return npc_list(motive_npc_goals, npc, buffer);
    }
    /** The rest of `npc`'s plan, the running step first. */
    ListResult<PlanStep> npc_plan(Npc npc, Span<PlanStep> buffer) const {
        return npc_list(motive_npc_plan, npc, buffer);
    }
    /** The action `npc` performs (MOTIVE_STATUS_NOT_FOUND when idle). */
    Result<RunningAction> npc_running_action(Npc npc) const {
        return npc_out<RunningAction>(motive_npc_running_action, npc);
    }
    /** The goal `npc`'s plan pursues (MOTIVE_STATUS_NOT_FOUND when none). */
    Result<CurrentGoal> npc_current_goal(Npc npc) const {
        return npc_out<CurrentGoal>(motive_npc_current_goal, npc);
    }
    /** Summary of `npc`'s last UDGOAP decision. */
    Result<Explanation> npc_explain(Npc npc) const {
        return npc_out<Explanation>(motive_npc_explain, npc);
    }
    /** The candidates of `npc`'s last decision. */
    ListResult<Candidate> npc_explain_candidates(Npc npc, Span<Candidate> buffer) const {
        return npc_list(motive_npc_explain_candidates, npc, buffer);
    }
    /** The drive satisfactions behind each candidate (drive_count per candidate). */
    ListResult<double> npc_explain_satisfactions(Npc npc, Span<double> buffer) const {
        return npc_list(motive_npc_explain_satisfactions, npc, buffer);
    }
    /** Plans for `npc` into `arena` without changing it. */
    Result<PlanView> npc_plan_into(Npc npc, Arena &arena, std::uint32_t max_expansions = 0) {
        motive_plan_view view{};
        const StatusCode code =
            motive_npc_plan_into(world_.get(), npc.raw(), arena.get(), max_expansions, &view);
        return Result<PlanView>(code, view);
    }
    /** The slots `npc` holds. */
    ListResult<Claim> npc_claims(Npc npc, Span<Claim> buffer) const {
        return npc_list(motive_npc_claims, npc, buffer);
    }
    /** Sets `npc`'s claim priority. */
    Status set_claim_priority(Npc npc, std::uint8_t priority) {
        return Status(motive_npc_set_claim_priority(world_.get(), npc.raw(), priority));
    }
    // --- history ---

    /** Keeps the last `entries` decisions and events of every NPC (0, the default: off). */
    Status set_history(std::uint32_t entries) {
        return Status(motive_world_set_history(world_.get(), entries));
    }
    /** The number of entries `npc`'s history holds. */
    Result<std::size_t> npc_history_count(Npc npc) const {
        return npc_out<std::size_t>(motive_npc_history_count, npc);
    }
    /** Entry `index` (0 the oldest) of `npc`'s history. */
    Result<HistoryEntry> npc_history_entry(Npc npc, std::size_t index) const {
        return detail::out<HistoryEntry>([&](HistoryEntry *entry) {
            return motive_npc_history_entry(world_.get(), npc.raw(), index, entry);
        });
    }
    /** The plan chosen at entry `index` of `npc`'s history. */
    ListResult<PlanStep> npc_history_plan(Npc npc, std::size_t index,
                                          Span<PlanStep> buffer) const {
        return detail::list(buffer, [&](PlanStep *b, std::size_t c, std::size_t *n) {
            return motive_npc_history_plan(world_.get(), npc.raw(), index, b, c, n);
        });
    }
    /** The plans weighed at entry `index` of `npc`'s history (UDGOAP's candidates). */
    ListResult<HistoryCandidate> npc_history_candidates(Npc npc, std::size_t index,
                                                        Span<HistoryCandidate> buffer) const {
        return detail::list(buffer, [&](HistoryCandidate *b, std::size_t c, std::size_t *n) {
            return motive_npc_history_candidates(world_.get(), npc.raw(), index, b, c, n);
        });
    }
    /** The brain's scores at entry `index` of `npc`'s history. */
    ListResult<double> npc_history_scores(Npc npc, std::size_t index,
                                          Span<double> buffer) const {
        return detail::list(buffer, [&](double *b, std::size_t c, std::size_t *n) {
            return motive_npc_history_scores(world_.get(), npc.raw(), index, b, c, n);
        });
    }

    /** The odds of each outcome of `action` for the next draw. */
    ListResult<double> outcome_probabilities(ActionId action, Span<double> buffer) const {
        return detail::list(buffer, [&](double *b, std::size_t c, std::size_t *n) {
            return motive_world_outcome_probabilities(world_.get(), action, b, c, n);
        });
    }

    // --- GOAP ---

    /** Makes a GOAP NPC drop its plan and replan. */
    Status interrupt(Npc npc) { return Status(motive_npc_interrupt(world_.get(), npc.raw())); }
    /** Sets `npc`'s additive relevance bias for a GOAP goal. */
    Status set_goal_bias(Npc npc, GoapGoalId goal, double bias) {
        return Status(motive_npc_set_goal_bias(world_.get(), npc.raw(), goal, bias));
    }
    /** `npc`'s last GOAP decision. */
    Result<GoapDecision> npc_goap_decision(Npc npc) const {
        return npc_out<GoapDecision>(motive_npc_goap_decision, npc);
    }
    /** `npc`'s GOAP goals. */
    ListResult<GoapGoalState> npc_goap_goals(Npc npc, Span<GoapGoalState> buffer) const {
        return npc_list(motive_npc_goap_goals, npc, buffer);
    }
    /** Plans for `npc` towards `goal` in one call, into `arena`. */
    Result<GoapPlanView> goap_plan_into(Npc npc, GoapGoalId goal, Arena &arena,
                                        std::uint32_t max_expansions = 0) const {
        motive_goap_plan_view view{};
        const StatusCode code = motive_goap_plan_into(world_.get(), npc.raw(), goal, arena.get(),
                                                      max_expansions, &view);
        return Result<GoapPlanView>(code, view);
    }
    /** Sets the context callback (C-shaped; `user` must outlive the world or the callback). */
    Status set_context_callback(ContextCallback callback, void *user) {
        return Status(motive_world_set_context_callback(world_.get(), callback, user));
    }
    /** Sets the context callback to `*check`, called as `bool (Npc, ActionId, Entity)`; it must
     * not throw, and must outlive the world or its replacement. */
    template <class Check>
    Status set_context_callback(Check *check) {
        return set_context_callback(
            [](void *user, motive_npc npc, motive_action_id action, motive_entity target) noexcept {
                return static_cast<bool>((*static_cast<Check *>(user))(Npc(npc), action,
                                                                       Entity(target)));
            },
            check);
    }
    /** Sets the relevance callback (C-shaped; `user` must outlive the world or the callback). */
    Status set_relevance_callback(RelevanceCallback callback, void *user) {
        return Status(motive_world_set_relevance_callback(world_.get(), callback, user));
    }
    /** Sets the relevance callback to `*relevance`, called as `double (Npc, GoapGoalId)`; it
     * must not throw, and must outlive the world or its replacement. */
    template <class Rate>
    Status set_relevance_callback(Rate *relevance) {
        return set_relevance_callback(
            [](void *user, motive_npc npc, motive_goap_goal_id goal) noexcept {
                return static_cast<double>((*static_cast<Rate *>(user))(Npc(npc), goal));
            },
            relevance);
    }

    // --- UBC ---

    /** `npc`'s last UBC decision. */
    Result<UbcDecision> npc_ubc_decision(Npc npc) const {
        return npc_out<UbcDecision>(motive_npc_ubc_decision, npc);
    }
    /** How each of `npc`'s UBC plans rated. */
    ListResult<UbcRating> npc_ubc_ratings(Npc npc, Span<UbcRating> buffer) const {
        return npc_list(motive_npc_ubc_ratings, npc, buffer);
    }

    // --- behaviour trees and the player model ---

    /** Pushes `tree` on top of `npc`'s layers. */
    Status push_bt_layer(Npc npc, BtTreeId tree) {
        return Status(motive_npc_push_bt_layer(world_.get(), npc.raw(), tree));
    }
    /** Removes `npc`'s top layer. */
    Status pop_bt_layer(Npc npc) { return Status(motive_npc_pop_bt_layer(world_.get(), npc.raw())); }
    /** Replaces `npc`'s top layer by `tree` in one step (above another layer `tree` may only
     * hint; a lone base tree's actions must be ones `npc` consumes). MOTIVE_STATUS_NOT_FOUND
     * with no layer; a refused swap changes nothing. */
    Status swap_bt_layer(Npc npc, BtTreeId tree) {
        return Status(motive_npc_swap_bt_layer(world_.get(), npc.raw(), tree));
    }
    /** Removes every layer of `npc`. */
    Status clear_bt_layers(Npc npc) {
        return Status(motive_npc_clear_bt_layers(world_.get(), npc.raw()));
    }
    /** The trees of `npc`'s layers, the highest first. */
    ListResult<BtTreeId> npc_bt_layers(Npc npc, Span<BtTreeId> buffer) const {
        return npc_list(motive_npc_bt_layers, npc, buffer);
    }
    /** The state (a motive_hint_state) of `hint` in `npc`'s layer `level` (0 the highest). */
    Result<std::uint32_t> npc_bt_hint(Npc npc, std::uint32_t level, HintId hint) const {
        return detail::out<std::uint32_t>([&](std::uint32_t *state) {
            return motive_npc_bt_hint(world_.get(), npc.raw(), level, hint, state);
        });
    }
    /** Whether `flag` is set on `npc`'s blackboard. */
    Result<bool> npc_bt_flag(Npc npc, AttributeId flag) const {
        return detail::out<bool>(
            [&](bool *set) { return motive_npc_bt_flag(world_.get(), npc.raw(), flag, set); });
    }
    /** Writes `attribute = value` on `npc`'s blackboard (MOTIVE_STATUS_TYPE_MISMATCH unless
     * the value has the attribute's type; entity references null or live). */
    Status set_bt_blackboard(Npc npc, AttributeId attribute, Value value) {
        return Status(
            motive_npc_bt_set_blackboard(world_.get(), npc.raw(), attribute, &value.raw()));
    }
    /** The entry for `attribute` on `npc`'s blackboard (MOTIVE_STATUS_NOT_FOUND when none). */
    Result<Value> npc_bt_blackboard(Npc npc, AttributeId attribute) const {
        motive_value value{};
        const StatusCode code =
            motive_npc_bt_get_blackboard(world_.get(), npc.raw(), attribute, &value);
        return Result<Value>(code, value);
    }
    /** Removes the entry for `attribute` from `npc`'s blackboard, if it has one. */
    Status remove_bt_blackboard(Npc npc, AttributeId attribute) {
        return Status(motive_npc_bt_remove_blackboard(world_.get(), npc.raw(), attribute));
    }
    /** Sets the behaviour-tree condition callback, asked by ask tests (C-shaped; NULL clears
     * it and every ask is false; `user` must outlive the world or the callback). It runs on the
     * ticking thread while the world is locked: calls on this world from it fail with
     * MOTIVE_STATUS_WORLD_LOCKED. */
    Status set_bt_condition_callback(BtConditionCallback callback, void *user) {
        return Status(motive_world_set_bt_condition_callback(world_.get(), callback, user));
    }
    /** Sets the condition callback to `*ask`, called as `bool (Npc, BtCallbackId)`; it must not
     * throw, and must outlive the world or its replacement. */
    template <class Ask>
    Status set_bt_condition_callback(Ask *ask) {
        return set_bt_condition_callback(
            [](void *user, motive_npc npc, motive_bt_callback_id callback) noexcept {
                return static_cast<bool>((*static_cast<Ask *>(user))(Npc(npc), callback));
            },
            ask);
    }
    /** Sets the behaviour-tree action callback, called by call leaves with a BtCallPhase and
     * answering a BtStatus (C-shaped; NULL clears it and every call leaf fails). The rules of
     * the condition callback apply. */
    Status set_bt_action_callback(BtActionCallback callback, void *user) {
        return Status(motive_world_set_bt_action_callback(world_.get(), callback, user));
    }
    /** Sets the action callback to `*act`, called as `BtStatus (Npc, BtCallbackId, BtCallPhase)`
     * (or returning the status as a std::uint32_t); it must not throw, and must outlive the
     * world or its replacement. */
    template <class Act>
    Status set_bt_action_callback(Act *act) {
        return set_bt_action_callback(
            [](void *user, motive_npc npc, motive_bt_callback_id callback,
               std::uint32_t phase) noexcept {
                return static_cast<std::uint32_t>((*static_cast<Act *>(user))(
                    Npc(npc), callback, static_cast<BtCallPhase>(phase)));
            },
            act);
    }
    /** The running path of `npc`'s layer `level`: node indices from the root down. */
    ListResult<std::uint32_t> npc_bt_running(Npc npc, std::uint32_t level,
                                             Span<std::uint32_t> buffer) const {
        return detail::list(buffer, [&](std::uint32_t *b, std::size_t c, std::size_t *n) {
            return motive_npc_bt_running(world_.get(), npc.raw(), level, b, c, n);
        });
    }
    /** Creates a group led by `tree`, which hints every member's top layer. */
    Result<BtGroup> create_bt_group(BtTreeId tree) {
        motive_bt_group group{};
        const StatusCode code = motive_world_create_bt_group(world_.get(), tree, &group);
        return Result<BtGroup>(code, BtGroup(group));
    }
    /** Destroys a group; its members lose its hints. */
    Status destroy_bt_group(BtGroup group) {
        return Status(motive_world_destroy_bt_group(world_.get(), group.raw()));
    }
    /** Adds a behaviour-tree NPC to a group. */
    Status add_bt_group_member(BtGroup group, Npc npc) {
        return Status(motive_bt_group_add_member(world_.get(), group.raw(), npc.raw()));
    }
    /** Removes an NPC from a group. */
    Status remove_bt_group_member(BtGroup group, Npc npc) {
        return Status(motive_bt_group_remove_member(world_.get(), group.raw(), npc.raw()));
    }
    /** A group's members, in the order they joined. */
    ListResult<motive_npc> bt_group_members(BtGroup group, Span<motive_npc> buffer) const {
        return detail::list(buffer, [&](motive_npc *b, std::size_t c, std::size_t *n) {
            return motive_bt_group_members(world_.get(), group.raw(), b, c, n);
        });
    }
    /** Lets the player model choose `tree` (which may only hint) to lead `group` when the
     * player's style fits `serves`. */
    Status add_bt_group_adaptive_layer(BtGroup group, BtTreeId tree,
                                       Span<const StyleWeight> serves) {
        return Status(motive_bt_group_add_adaptive_layer(world_.get(), group.raw(), tree,
                                                         serves.data(), serves.size()));
    }
    /** The tree leading `group` now: its first, or the adaptive tree the player model chose. */
    Result<BtTreeId> bt_group_tree(BtGroup group) const {
        return detail::out<BtTreeId>(
            [&](BtTreeId *tree) { return motive_bt_group_tree(world_.get(), group.raw(), tree); });
    }
    /** The player performed `action`. */
    Status report_player_action(PlayerActionId action) {
        return Status(motive_world_report_player_action(world_.get(), action));
    }
    /** The player model: a distribution over the domain's play styles. */
    ListResult<double> player_model(Span<double> buffer) const {
        return detail::list(buffer, [&](double *b, std::size_t c, std::size_t *n) {
            return motive_world_player_model(world_.get(), b, c, n);
        });
    }

    // --- squads ---

    /** Creates a squad of `archetype` (a squad's) with no members. */
    Result<Squad> create_squad(ArchetypeId archetype) {
        motive_squad squad{};
        const StatusCode code = motive_squad_create(world_.get(), archetype, &squad);
        return Result<Squad>(code, squad);
    }
    /** Destroys a squad: its standing order is withdrawn, its members leave it (they keep
     * thinking), it leaves its own superior; the handle goes stale. */
    Status destroy_squad(Squad squad) {
        return Status(motive_squad_destroy(world_.get(), squad.raw()));
    }
    /** Whether `squad` is a live squad of this world. */
    bool is_valid(Squad squad) const noexcept {
        return motive_squad_is_valid(world_.get(), squad.raw());
    }
    /** Makes `unit` (a thinking NPC's or another squad's entity) a member of `squad`, last in
     * joining order. Refused: a unit already in a squad, a cycle, a hierarchy deeper than 8
     * levels, more than 256 members. */
    Status add_squad_member(Squad squad, Entity unit) {
        return Status(motive_squad_add_member(world_.get(), squad.raw(), unit.raw()));
    }
    /** Takes `unit` out of `squad` (MOTIVE_STATUS_NOT_FOUND when it is not a member): its
     * recommendations are withdrawn and the standing order no longer waits for it (an order
     * left awaiting none of the members it awaited fails at the end of the next tick). */
    Status remove_squad_member(Squad squad, Entity unit) {
        return Status(motive_squad_remove_member(world_.get(), squad.raw(), unit.raw()));
    }
    /** A squad's members (NPCs and squads), in joining order. */
    ListResult<motive_entity> squad_members(Squad squad, Span<motive_entity> buffer) const {
        return detail::list(buffer, [&](motive_entity *b, std::size_t c, std::size_t *n) {
            return motive_squad_members(world_.get(), squad.raw(), b, c, n);
        });
    }
    /** The squad `unit` (an NPC or a squad) is a member of; the null handle when none. */
    Result<Squad> superior(Entity unit) const {
        motive_squad squad{};
        const StatusCode code = motive_entity_superior(world_.get(), unit.raw(), &squad);
        return Result<Squad>(code, squad);
    }
    /** Interrupts `squad` and everything under it: each unit thinks on the next tick, the GOAP
     * ones re-selecting their goal and replanning (a running action is cancelled). */
    Status interrupt_squad(Squad squad) {
        return Status(motive_squad_interrupt(world_.get(), squad.raw()));
    }
    /** Reports for `member` on `goal`, a goal its squad's standing order recommended to it
     * (`report`: a motive_report, ADOPTED, COMPLETED or FAILED): for units the engine drives
     * itself or whose brain does not weigh goals. A failure fails an order that awaits the
     * member; MOTIVE_STATUS_NOT_FOUND when no standing order awaits such a report. */
    Status report_to_squad(Entity member, GoapGoalId goal, std::uint32_t report) {
        return Status(motive_squad_report(world_.get(), member.raw(), goal, report));
    }
    /** How `squad`'s latest order stands (MOTIVE_STATUS_NOT_FOUND before its first). */
    Result<SquadOrder> squad_order(Squad squad) const {
        return detail::out<SquadOrder>([&](SquadOrder *order) {
            return motive_squad_get_order(world_.get(), squad.raw(), order);
        });
    }
    /** The roster of `squad`'s latest order: each recommendation to each member, in issue
     * order, with what the member reported (empty before its first order). */
    ListResult<RosterEntry> squad_roster(Squad squad, Span<RosterEntry> buffer) const {
        return detail::list(buffer, [&](RosterEntry *b, std::size_t c, std::size_t *n) {
            return motive_squad_roster(world_.get(), squad.raw(), b, c, n);
        });
    }

    // --- ambiance ---

    /** Adds an axis-aligned box ambiance area. */
    Result<AmbianceArea> add_ambiance_box(Vec3 min, Vec3 max,
                                          Span<const AmbianceModifier> location) {
        motive_ambiance_area area{};
        const StatusCode code = motive_world_add_ambiance_box(world_.get(), min, max,
                                                              location.data(), location.size(), &area);
        return Result<AmbianceArea>(code, area);
    }
    /** Adds a ball-shaped ambiance area. */
    Result<AmbianceArea> add_ambiance_sphere(Vec3 center, double radius,
                                             Span<const AmbianceModifier> location) {
        motive_ambiance_area area{};
        const StatusCode code = motive_world_add_ambiance_sphere(
            world_.get(), center, radius, location.data(), location.size(), &area);
        return Result<AmbianceArea>(code, area);
    }
    /** Removes an ambiance area. */
    Status remove_ambiance_area(AmbianceArea area) {
        return Status(motive_world_remove_ambiance_area(world_.get(), area.raw()));
    }
    /** Projects a modifier around an entity (`falloff`: a motive_ambiance_falloff). */
    Result<AmbianceProjection> add_ambiance_projection(Entity source, double radius,
                                                       const AmbianceModifier &modifier,
                                                       std::uint32_t falloff) {
        motive_ambiance_projection projection{};
        const StatusCode code = motive_world_add_ambiance_projection(
            world_.get(), source.raw(), radius, &modifier, falloff, &projection);
        return Result<AmbianceProjection>(code, projection);
    }
    /** Removes an ambiance projection. */
    Status remove_ambiance_projection(AmbianceProjection projection) {
        return Status(motive_world_remove_ambiance_projection(world_.get(), projection.raw()));
    }
    /** How ambiance changes `action`'s GOAP cost for `npc` now. */
    Result<double> npc_ambiance_cost_delta(Npc npc, ActionId action) const {
        return detail::out<double>([&](double *delta) {
            return motive_npc_ambiance_cost_delta(world_.get(), npc.raw(), action, delta);
        });
    }

    // --- spatial index ---

    /** Sets the spatial index's cell size. */
    Status set_spatial_cell_size(float cell_size) {
        return Status(motive_world_set_spatial_cell_size(world_.get(), cell_size));
    }
    /** The spatial index's cell size. */
    Result<float> spatial_cell_size() const {
        return detail::out<float>(
            [&](float *size) { return motive_world_spatial_cell_size(world_.get(), size); });
    }
    /** Rebuilds the spatial index now. */
    Status refresh_spatial_index() {
        return Status(motive_world_refresh_spatial_index(world_.get()));
    }

    // --- saving and loading ---

    /** Writes the whole world into `buffer` (motive_world_save): on success the filled prefix;
     * count() is the save's size in bytes, also when the buffer is too small
     * (MOTIVE_STATUS_BUFFER_TOO_SMALL, nothing written): pass an empty span to learn it. For an
     * engine's own buffer (an Unreal TArray<uint8>); save() returns a vector. The world is
     * unchanged; engine callbacks are not saved. */
    ListResult<std::uint8_t> save(Span<std::uint8_t> buffer) {
        return detail::list(buffer, [&](std::uint8_t *b, std::size_t c, std::size_t *n) {
            return motive_world_save(world_.get(), b, c, n);
        });
    }
    /** The whole world's save, in a new vector (motive_world_save: the size, then the bytes).
     * Between two calls that tick nothing, the bytes are the same. Engine callbacks are not
     * saved: register them again on the loaded world. */
    Result<std::vector<std::uint8_t>> save() {
        return detail::saved_bytes([&](std::uint8_t *buffer, std::size_t capacity, std::size_t *size) {
            return motive_world_save(world_.get(), buffer, capacity, size);
        });
    }
    /** Rebuilds a world from `bytes` (a save()) over `domain`, the domain it was saved with
     * (motive_world_load); it continues exactly as the saved world would have. It takes back the
     * saved world's serial when no live world holds it, so handles kept from before the save are
     * valid again; otherwise rebase() them. Refused with MOTIVE_STATUS_INVALID_ARGUMENT, making
     * nothing: another domain, a truncated or corrupted save, another format version, more than
     * MOTIVE_MAX_SAVE_BYTES. */
    static Result<World> load(const Domain &domain, Span<const std::uint8_t> bytes) {
        motive_world *world = nullptr;
        const StatusCode code = motive_world_load(domain.get(), bytes.data(), bytes.size(), &world);
        return Result<World>(code, World(world));
    }
    /** `entity`, a handle kept from the world this one was loaded from, as a handle of this
     * world (motive_world_rebase): needed only when load() could not take the saved serial back
     * (a world holding it was alive). Null stays null; on an empty world, null. */
    Entity rebase(Entity entity) const noexcept {
        return motive_world_rebase(world_.get(), entity.raw());
    }
    /** An NPC handle kept from the saved world, as a handle of this one (see rebase(Entity)). */
    Npc rebase(Npc npc) const noexcept { return rebase(npc.entity()).as_npc(); }
    /** A smart-object handle kept from the saved world, as a handle of this one. */
    Object rebase(Object object) const noexcept { return rebase(object.entity()).as_object(); }
    /** A squad handle kept from the saved world, as a handle of this one. */
    Squad rebase(Squad squad) const noexcept { return rebase(squad.entity()).as_squad(); }

    /** The C world (NULL when empty), still owned here. */
    motive_world *get() const noexcept { return world_.get(); }

private:
    template <class T, class Query>
    ListResult<T> npc_list(Query query_in_c, Npc npc, Span<T> buffer) const {
        return detail::list(buffer, [&](T *b, std::size_t c, std::size_t *n) {
            return query_in_c(world_.get(), npc.raw(), b, c, n);
        });
    }
    template <class T, class Read>
    Result<T> npc_out(Read read_in_c, Npc npc) const {
        return detail::out<T>([&](T *out) { return read_in_c(world_.get(), npc.raw(), out); });
    }

    detail::Owned<motive_world, motive_world_destroy> world_;
};

inline Status Arena::goap_begin(const World &world, Npc npc, GoapGoalId goal,
                                std::uint32_t max_expansions) {
    return Status(
        motive_arena_goap_begin(arena_.get(), world.get(), npc.raw(), goal, max_expansions));
}

// ---------------------------------------------------------------------------------------------
// Scenarios and the headless simulator
// ---------------------------------------------------------------------------------------------

/** The headless engine stand-in playing the engine's part for one world. */
class Sim {
public:
    /** Empty (holds no simulator). */
    Sim() noexcept = default;
    /** Takes ownership of `owned`. */
    explicit Sim(motive_sim *owned) noexcept : sim_(owned) {}

    /** Advances `world` (the one made with this simulator) by `dt` seconds. */
    Status step(World &world, double dt) {
        return Status(motive_sim_step(sim_.get(), world.get(), dt));
    }
    /** Runs `world` for `seconds` in steps of the scenario's step length, the last shortened. */
    Status run(World &world, double seconds) {
        return Status(motive_sim_run(sim_.get(), world.get(), seconds));
    }
    /** The scenario's step length in seconds. */
    Result<double> step_length() const {
        return detail::out<double>(
            [&](double *seconds) { return motive_sim_step_length(sim_.get(), seconds); });
    }
    /** What the simulator has done since it was made. */
    Result<SimStats> stats() const {
        return detail::out<SimStats>(
            [&](SimStats *stats) { return motive_sim_get_stats(sim_.get(), stats); });
    }
    /** The entities the scenario spawned, in spawn order (some may have ended since). */
    ListResult<motive_entity> entities(Span<motive_entity> buffer) const {
        return detail::list(buffer, [&](motive_entity *b, std::size_t c, std::size_t *n) {
            return motive_sim_entities(sim_.get(), b, c, n);
        });
    }
    /** The scenario's name for `entity` ("resident", "resident@2"): for tools and logs. */
    Result<std::string> entity_name(Entity entity) const {
        return detail::copied_string([&](char *buffer, std::size_t capacity, std::size_t *length) {
            return motive_sim_entity_name(sim_.get(), entity.raw(), buffer, capacity, length);
        });
    }

    /** The simulator's state (what it performs, its spawner, its draws, the scenario's entity
     * names) in a new vector (motive_sim_save): saved beside its world's (World::save), it lets
     * a tool continue a scenario run exactly. */
    Result<std::vector<std::uint8_t>> save() const {
        return detail::saved_bytes([&](std::uint8_t *buffer, std::size_t capacity, std::size_t *size) {
            return motive_sim_save(sim_.get(), buffer, capacity, size);
        });
    }
    /** Writes the simulator's state into `buffer` (motive_sim_save), as World::save(Span) does. */
    ListResult<std::uint8_t> save(Span<std::uint8_t> buffer) const {
        return detail::list(buffer, [&](std::uint8_t *b, std::size_t c, std::size_t *n) {
            return motive_sim_save(sim_.get(), b, c, n);
        });
    }
    /** Rebuilds a simulator from `bytes` (a save()) for `world`, the world loaded from the save
     * taken with it (motive_sim_load). */
    static Result<Sim> load(const World &world, Span<const std::uint8_t> bytes) {
        motive_sim *sim = nullptr;
        const StatusCode code = motive_sim_load(world.get(), bytes.data(), bytes.size(), &sim);
        return Result<Sim>(code, Sim(sim));
    }

    /** The C simulator (NULL when empty), still owned here. */
    motive_sim *get() const noexcept { return sim_.get(); }

private:
    detail::Owned<motive_sim, motive_sim_destroy> sim_;
};

/** A world made from a scenario and the simulator that plays the engine's part in it. */
struct Instance {
    /** The world, every entity spawned and every fact set. */
    World world;
    /** Its simulator. */
    Sim sim;
};

/** A loaded scenario: a domain, entities, simulation rules and variants. Read-only. */
class Scenario {
public:
    /** Empty (holds no scenario). */
    Scenario() noexcept = default;
    /** Takes ownership of `owned`. */
    explicit Scenario(motive_scenario *owned) noexcept : scenario_(owned) {}

    /** Loads a scenario from JSON text (a domain path in it is relative to the working
     * directory). */
    static Result<Scenario> load_json(std::string_view json, Diagnostics *diagnostics = nullptr) {
        motive_scenario *scenario = nullptr;
        const StatusCode code = motive_scenario_load_json(
            json.data(), json.size(), diagnostics ? diagnostics->get() : nullptr, &scenario);
        return Result<Scenario>(code, Scenario(scenario));
    }
    /** Loads a scenario file (a domain path in it is relative to the file). */
    static Result<Scenario> load_file(CString path, Diagnostics *diagnostics = nullptr) {
        motive_scenario *scenario = nullptr;
        const StatusCode code = motive_scenario_load_file(
            path.c_str(), diagnostics ? diagnostics->get() : nullptr, &scenario);
        return Result<Scenario>(code, Scenario(scenario));
    }

    /** A new reference to the scenario's domain, for its names. */
    Result<Domain> domain() const {
        motive_domain *domain = nullptr;
        const StatusCode code = motive_scenario_domain(scenario_.get(), &domain);
        return Result<Domain>(code, Domain(domain));
    }
    /** The seed the scenario gives its world. */
    Result<std::uint64_t> seed() const {
        return detail::out<std::uint64_t>(
            [&](std::uint64_t *seed) { return motive_scenario_seed(scenario_.get(), seed); });
    }
    /** A world of `copies` copies of the scenario (0 counts as 1) seeded with `seed`, as
     * written (`variant` NULL) or as the named variant, with its simulator. */
    Result<Instance> instantiate(CString variant, std::uint32_t copies, std::uint64_t seed) const {
        motive_world *world = nullptr;
        motive_sim *sim = nullptr;
        const StatusCode code = motive_scenario_instantiate(scenario_.get(), variant.c_str(),
                                                            copies, seed, &world, &sim);
        return Result<Instance>(code, Instance{World(world), Sim(sim)});
    }

    /** The C scenario (NULL when empty), still owned here. */
    motive_scenario *get() const noexcept { return scenario_.get(); }

private:
    detail::Owned<motive_scenario, motive_scenario_destroy> scenario_;
};

#if defined(MOTIVE_TEST_HOOKS)
/** Test-only calls, present when the library is built with the test-hooks feature. */
namespace testing {
/** Makes motive panic inside `world`, to test the panic firewall and poisoning. */
inline Status debug_panic(World &world) { return Status(motive_debug_panic(world.get())); }
} // namespace testing
#endif

} // namespace motive

#endif // MOTIVE_HPP
