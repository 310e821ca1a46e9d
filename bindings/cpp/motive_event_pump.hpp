/*
 * motive_event_pump.hpp: drains every pending event of a world each frame into one reused
 * buffer, so an engine's per-frame event handling allocates nothing once the buffer has grown
 * to the busiest frame's size, and tells the engine when the world dropped events it never
 * polled (more in one frame than the world's event limit). Engine-independent; the Unreal
 * plugin's world subsystem uses it.
 */
#ifndef MOTIVE_EVENT_PUMP_HPP
#define MOTIVE_EVENT_PUMP_HPP

#include <cstddef>
#include <cstdint>
#include <vector>

#include "motive.hpp"

namespace motive {

/** A per-world event pump: one reused buffer, polled in batches until the world is empty. */
class EventPump {
public:
    /** A pump polling `batch` events per call (at least 1). */
    explicit EventPump(std::size_t batch = 64) : batch_(batch > 0 ? batch : 1) {}

    /**
     * Moves every pending event of `world` into the pump's buffer, oldest first, and returns
     * them: valid until the next drain. A failure (an empty or poisoned world) returns no
     * events; those polled before it are dropped with it.
     */
    Result<Span<const Event>> drain(World &world) {
        // Drops happen as events are made (a tick), never as they are polled: counted first.
        auto total = world.dropped_events();
        if (!total.ok()) {
            return total.to_status();
        }
        // A smaller total is another world the caller did not announce (forget_world): all of
        // its drops are new.
        if (total.value() < total_) {
            forget_world();
        }
        dropped_ = total.value() - total_;
        total_ = total.value();
        std::size_t filled = 0;
        for (;;) {
            if (events_.size() < filled + batch_) {
                events_.resize(filled + batch_);
            }
            auto polled = world.poll_events(Span<Event>(events_).from(filled).first(batch_));
            if (!polled.ok()) {
                return polled.to_status();
            }
            filled += polled.value().size();
            if (polled.value().size() < batch_) {
                return Result<Span<const Event>>(MOTIVE_STATUS_OK, Span<const Event>(events_.data(), filled));
            }
        }
    }

    /** Events the buffer holds room for: its high-water mark so far. */
    std::size_t capacity() const noexcept { return events_.size(); }

    /**
     * Events the world dropped unpolled since the drain before the last one: the oldest of
     * frames that made more than its event limit. 0 in a game within the limit. Requests
     * dropped unread end on their own or time out (`motive_world_set_event_limit`).
     */
    std::uint64_t dropped() const noexcept { return dropped_; }

    /**
     * Whether the last drain found drops worth a warning: the first ever, then each time the
     * world's total has at least doubled since the last warning, so that a world over its
     * limit every frame warns a few times rather than every frame.
     */
    bool warn_dropped() {
        // total_ / 2 < warned_ is total_ < 2 * warned_, without the overflow.
        if (dropped_ == 0 || total_ / 2 < warned_) {
            return false;
        }
        warned_ = total_;
        return true;
    }

    /**
     * Starts counting afresh: the world drained next is another (a load in place), whose
     * drops count from its own start and warn at its first.
     */
    void forget_world() noexcept { dropped_ = total_ = warned_ = 0; }

private:
    std::size_t batch_;
    std::vector<Event> events_;
    std::uint64_t dropped_ = 0;
    std::uint64_t total_ = 0;
    std::uint64_t warned_ = 0;
};

} // namespace motive

#endif // MOTIVE_EVENT_PUMP_HPP
