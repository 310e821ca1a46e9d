/*
 * motive_save_game.hpp: loading a save in place of a running world, with the engine's side of
 * it, without the engine.
 *
 * World::save() writes the world whole, but not what the engine holds: the jobs its bodies are
 * performing (ActionPerformer::jobs()) and which body plays which entity. A save game keeps
 * those beside the world's bytes: the jobs, and each body's lasting name (an actor's name) with
 * its entity's packed handle. To load, load_in_place() replaces the running world: it checks the
 * bytes first by loading them beside it (a refused save changes nothing), then frees the
 * running world and loads them into its place, so that the loaded world takes back the saved
 * serial and handles kept from before the save (the bodies' saved entities, the game's own) are
 * valid as they are. resume_jobs() then gives the performer the saved jobs: it lists the jobs of
 * the replaced world in stopped() and the saved ones in started(), for the engine to stop and to
 * begin again. Engine callbacks are not saved: register them on the loaded world again.
 * The Unreal plugin's UMotiveSaveGame and UMotiveWorldSubsystem::LoadWorld are this.
 */
#ifndef MOTIVE_SAVE_GAME_HPP
#define MOTIVE_SAVE_GAME_HPP

#include <cstdint>
#include <utility>
#include <vector>

#include "motive.hpp"
#include "motive_action_performer.hpp"

namespace motive {

/**
 * Loads `bytes` (a World::save() of a world over `domain`) in place of `running`. They are
 * first loaded beside it to be checked: a refusal (another domain, a truncated or corrupted
 * save, another format version) is returned and `running` is untouched. Then `running` is freed
 * and the bytes loaded into its place, so that the loaded world takes the saved serial back when
 * no other world holds it: handles kept from before the save stay valid (World::rebase maps them
 * otherwise). The loaded world thinks on as many threads as `running` did and keeps its event
 * limit (a save holds neither: they are the engine's; one thread and the default limit when
 * `running` is empty or poisoned). Costs two loads. `running` may be empty (no world runs yet).
 */
inline Status load_in_place(World &running, const Domain &domain, Span<const std::uint8_t> bytes) {
    {
        Result<World> checked = World::load(domain, bytes);
        if (!checked.ok()) {
            return checked.to_status();
        }
    } // freed before `running`, so that neither holds the saved serial
    const std::uint32_t threads = running.think_threads().value_or(1); // empty or poisoned: 1
    const std::uint32_t event_limit = running.event_limit().value_or(MOTIVE_DEFAULT_EVENT_LIMIT);
    running = World();
    Result<World> loaded = World::load(domain, bytes);
    if (!loaded.ok()) {
        return loaded.to_status(); // only a lack of memory fails a load that succeeded once
    }
    running = std::move(loaded).value();
    // Values read back from a world are ones their setters accept: the load stands.
    (void)running.set_think_threads(threads);
    (void)running.set_event_limit(event_limit);
    return Status();
}

/**
 * Gives `performer` the jobs saved beside the world `loaded` was loaded from (their handles
 * rebased to it: the same handles when it took the saved serial back), replacing the jobs it
 * had: ActionPerformer::resume, whose stopped() then lists the replaced jobs and started() the
 * saved ones.
 */
inline void resume_jobs(ActionPerformer &performer, const World &loaded, Span<const Job> saved) {
    std::vector<Job> jobs(saved.begin(), saved.end());
    for (Job &job : jobs) {
        job.npc = loaded.rebase(job.npc);
        job.target = loaded.rebase(job.target);
    }
    performer.resume(Span<const Job>(jobs.data(), jobs.size()));
}

} // namespace motive

#endif // MOTIVE_SAVE_GAME_HPP
