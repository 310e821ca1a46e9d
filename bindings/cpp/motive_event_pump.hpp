/*
 * motive_event_pump.hpp: drains every pending event of a world each frame into one reused
 * buffer, so an engine's per-frame event handling allocates nothing once the buffer has grown
 * to the busiest frame's size. Engine-independent; the Unreal plugin's world subsystem uses it.
 */
#ifndef MOTIVE_EVENT_PUMP_HPP
#define MOTIVE_EVENT_PUMP_HPP

#include <cstddef>
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

private:
    std::size_t batch_;
    std::vector<Event> events_;
};

} // namespace motive

#endif // MOTIVE_EVENT_PUMP_HPP
