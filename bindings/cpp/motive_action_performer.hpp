/*
 * motive_action_performer.hpp: the engine's half of the event protocol, without the engine.
 *
 * motive requests actions through events; the engine performs them and reports how they went.
 * An ActionPerformer keeps one job per NPC from the drained events: which action on which
 * target, and how the engine performs it (walk there, play it for some seconds, or only show
 * it while motive times it). The engine starts what started() lists, stops what stopped()
 * lists, and calls complete() when a walk ends; advance() reports the timed engine actions.
 * Engine-independent, so it is tested with the wrapper; the Unreal plugin drives its
 * AIControllers with it.
 *
 * Each request says who ends it (motive_event.ended_by): actions motive ends (a timer, a full
 * drive) are only shown and never reported; the engine ends the rest. The table says how the
 * engine performs those: a walk, or an animation of some seconds; an engine action the table
 * does not name plays for default_engine_seconds() and is reported done, so none waits
 * forever (motive would time it out after the world's engine timeout anyway).
 */
#ifndef MOTIVE_ACTION_PERFORMER_HPP
#define MOTIVE_ACTION_PERFORMER_HPP

#include <cstddef>
#include <cstdint>
#include <vector>

#include "motive.hpp"

namespace motive {

/** How the engine performs an action motive requests. */
enum class Performance : std::uint8_t {
    /** motive times it (a duration or until full): shown, never reported; it ends with
     * MOTIVE_EVENT_KIND_ACTION_FINISHED. */
    motive_timed,
    /** The engine walks the NPC to the target, keeping the stand-off, and reports success
     * on arrival (complete()). */
    walk,
    /** The engine plays it for its seconds; advance() then reports success. */
    engine_timed,
};

/** One requested action the engine is performing for one NPC. */
struct Job {
    /** The performer. */
    Npc npc;
    /** The action. */
    ActionId action = MOTIVE_NO_ID;
    /** Its target. */
    Entity target;
    /** The request id motive gave it. */
    std::uint32_t request = 0;
    /** How the engine performs it. */
    Performance performance = Performance::motive_timed;
    /** Distance to keep from the target. */
    double stand_off = 0.0;
    /** Engine-defined animation id. */
    std::uint32_t animation = 0;
    /** Face the target while performing. */
    bool face_target = false;
    /** Seconds left of an engine-timed job. */
    double remaining = 0.0;
};

/** A job that ended, and the event kind that ended it: ACTION_FINISHED also when the engine's
 * own report or timer did, ACTION_REQUESTED when a new request replaced it. */
struct Stop {
    /** The NPC whose job ended. */
    Npc npc;
    /** The ended job's request id. */
    std::uint32_t request = 0;
    /** A motive_event_kind. */
    std::uint32_t kind = 0;
};

/** The engine's jobs, one per NPC, kept from drained events; reused buffers throughout. */
class ActionPerformer {
public:
    /** Says how the engine performs `action` (`seconds` for engine_timed). */
    void set_performance(ActionId action, Performance performance, double seconds = 0.0) {
        if (action >= table_.size()) {
            table_.resize(action + std::size_t{1});
        }
        table_[action] = Entry{performance, seconds};
    }

    /** How the engine performs `action` when it ends it (engine_timed unless set). */
    Performance performance_of(ActionId action) const noexcept {
        const Performance set =
            action < table_.size() ? table_[action].performance : Performance::motive_timed;
        return set == Performance::motive_timed ? Performance::engine_timed : set;
    }

    /** Seconds an engine-ended action the table does not name plays before it is reported
     * done (1 by default). */
    double default_engine_seconds() const noexcept { return default_seconds_; }

    /** Sets default_engine_seconds() (finite and >= 0; anything else is ignored). */
    void set_default_engine_seconds(double seconds) noexcept {
        if (seconds >= 0.0 && seconds <= 1e300) {
            default_seconds_ = seconds;
        }
    }

    /**
     * Takes a frame's drained events, oldest first: a request starts (or replaces) its NPC's
     * job; ACTION_FINISHED, ACTION_FAILED, ACTION_CANCELLED and ACTION_TIMED_OUT end it, and so
     * does ENTITY_ENDED for an NPC that ended. started() and stopped() start afresh here; a job
     * that starts and ends within the same events is in neither. Handle stopped() first.
     */
    void observe(Span<const Event> events) {
        started_.clear();
        stopped_.clear();
        for (const Event &event : events) {
            switch (event.kind) {
            case MOTIVE_EVENT_KIND_ACTION_REQUESTED:
                start(event);
                break;
            case MOTIVE_EVENT_KIND_ACTION_FINISHED:
            case MOTIVE_EVENT_KIND_ACTION_FAILED:
            case MOTIVE_EVENT_KIND_ACTION_CANCELLED:
            case MOTIVE_EVENT_KIND_ACTION_TIMED_OUT:
                end(Entity(event.npc).as_npc(), event.kind);
                break;
            case MOTIVE_EVENT_KIND_ENTITY_ENDED:
                end(Entity(event.target).as_npc(), event.kind);
                break;
            default:
                break; // Claims, outcomes, waiting and plans change no job.
            }
        }
    }

    /** Jobs started by the last observe(): what the engine must begin (walks, animations). */
    Span<const Job> started() const noexcept { return {started_.data(), started_.size()}; }

    /** Jobs ended since the last observe() began: what the engine must stop showing. */
    Span<const Stop> stopped() const noexcept { return {stopped_.data(), stopped_.size()}; }

    /** `npc`'s current job, or NULL when it has none. */
    const Job *job(Npc npc) const noexcept {
        const std::size_t slot = npc.raw().index1;
        return slot < jobs_.size() && !jobs_[slot].npc.is_null() && jobs_[slot].npc == npc
                   ? &jobs_[slot]
                   : nullptr;
    }

    /** How many NPCs have a job. */
    std::size_t active() const noexcept {
        std::size_t count = 0;
        for (const Job &job : jobs_) {
            count += job.npc.is_null() ? 0 : 1;
        }
        return count;
    }

    /** Every current job, in NPC slot order: what the engine is performing, to save beside the
     * world (World::save) and resume() after a load. */
    std::vector<Job> jobs() const {
        std::vector<Job> current;
        for (const Job &job : jobs_) {
            if (!job.npc.is_null()) {
                current.push_back(job);
            }
        }
        return current;
    }

    /**
     * After a load (World::load), replaces every job with `jobs`, the jobs() saved beside the
     * loaded world (their handles rebased with World::rebase when the loaded world took another
     * serial). stopped() then lists the jobs it had, as MOTIVE_EVENT_KIND_ACTION_CANCELLED: the
     * engine stops performing them; started() lists `jobs`: the engine begins them again (a walk
     * from where the body stands, an engine-timed job with the seconds it had left). The table
     * of performances is kept.
     */
    void resume(Span<const Job> jobs) {
        started_.clear();
        stopped_.clear();
        for (Job &job : jobs_) {
            if (!job.npc.is_null()) {
                stopped_.push_back(Stop{job.npc, job.request, MOTIVE_EVENT_KIND_ACTION_CANCELLED});
                job = Job{};
            }
        }
        for (const Job &job : jobs) {
            if (job.npc.is_null()) {
                continue;
            }
            const std::size_t slot = job.npc.raw().index1;
            if (slot >= jobs_.size()) {
                jobs_.resize(slot + 1);
            }
            jobs_[slot] = job;
            started_.push_back(job);
        }
    }

    /**
     * Reports `outcome` (a motive_action_outcome) of `npc`'s job to `world` and ends it, with
     * the jobs of the other users of the same joint request (one report serves them all).
     * The jobs end even when motive refuses the report (the request was already replaced);
     * the status says so. MOTIVE_STATUS_NOT_FOUND when the NPC has no job.
     */
    Status complete(World &world, Npc npc, std::uint32_t outcome) {
        const Job *current = job(npc);
        if (current == nullptr) {
            return Status::failure(MOTIVE_STATUS_NOT_FOUND, "the npc has no job to complete");
        }
        const Job done = *current;
        Status reported = world.report_action(npc, done.request, outcome);
        for (Job &other : jobs_) {
            if (!other.npc.is_null() && other.request == done.request && other.target == done.target &&
                other.action == done.action) {
                stopped_.push_back(Stop{other.npc, other.request, MOTIVE_EVENT_KIND_ACTION_FINISHED});
                other = Job{};
            }
        }
        return reported;
    }

    /** Counts engine-timed jobs down by `dt` seconds and reports those that ran out as
     * succeeded; the first refused report's status is returned (the others are still made). */
    Status advance(World &world, double dt) {
        Status first;
        for (Job &job : jobs_) {
            if (job.npc.is_null() || job.performance != Performance::engine_timed) {
                continue;
            }
            job.remaining -= dt;
            if (job.remaining <= 0.0) {
                Status reported = complete(world, job.npc, MOTIVE_ACTION_OUTCOME_SUCCEEDED);
                if (first.ok() && !reported.ok()) {
                    first = std::move(reported);
                }
            }
        }
        return first;
    }

private:
    struct Entry {
        Performance performance = Performance::motive_timed;
        double seconds = 0.0;
    };

    void start(const Event &event) {
        const Npc npc = Entity(event.npc).as_npc();
        const std::size_t slot = npc.raw().index1;
        if (slot >= jobs_.size()) {
            jobs_.resize(slot + 1);
        }
        end(npc, MOTIVE_EVENT_KIND_ACTION_REQUESTED);
        Entry entry = event.action < table_.size() ? table_[event.action] : Entry{};
        if (event.ended_by != MOTIVE_ACTION_END_ENGINE) {
            entry = Entry{}; // motive ends it: shown, never reported
        } else if (entry.performance == Performance::motive_timed) {
            entry = Entry{Performance::engine_timed, default_seconds_};
        }
        Job job;
        job.npc = npc;
        job.action = event.action;
        job.target = event.target;
        job.request = event.request;
        job.performance = entry.performance;
        job.stand_off = event.stand_off;
        job.animation = event.animation;
        job.face_target = event.face_target;
        job.remaining = entry.seconds;
        jobs_[slot] = job;
        started_.push_back(job);
    }

    // Ends `npc`'s job; one the engine has not been told about yet leaves started() instead.
    void end(Npc npc, std::uint32_t kind) {
        const std::size_t slot = npc.raw().index1;
        if (slot >= jobs_.size() || jobs_[slot].npc.is_null() || jobs_[slot].npc != npc) {
            return;
        }
        const std::uint32_t request = jobs_[slot].request;
        jobs_[slot] = Job{};
        for (auto it = started_.begin(); it != started_.end(); ++it) {
            if (it->npc == npc && it->request == request) {
                started_.erase(it);
                return;
            }
        }
        stopped_.push_back(Stop{npc, request, kind});
    }

    std::vector<Entry> table_;
    double default_seconds_ = 1.0;
    // Indexed by the NPC's slot (index1): one job per NPC, found without a search or a map.
    std::vector<Job> jobs_;
    std::vector<Job> started_;
    std::vector<Stop> stopped_;
};

} // namespace motive

#endif // MOTIVE_ACTION_PERFORMER_HPP
