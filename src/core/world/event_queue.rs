//! The world's pending events, bounded: an engine that polls seldom, or never (a C tool that
//! only reads state), must not make a world grow without end. The queue holds at most its
//! limit; a new event past it drops the oldest pending one and counts it.
//!
//! **Why the oldest.** What an engine reads after a gap is then the newest stretch of the
//! world's history, in order: the latest requests, and the ends of those that ended. Keeping
//! the oldest instead would hand it requests long over and hide the ones it should act on now.
//! What it missed, it cannot act on: a request never read is never reported, so motive fails
//! it at its timeout (engine-ended actions, unless the timeout is infinite) or ends it itself
//! (timed ones), and a cancellation never read leaves the engine performing an action whose
//! report motive then refuses. The world stays consistent; an engine that sees the dropped
//! count grow resyncs its NPCs from their running actions (`motive_npc_running_action`).
//!
//! **Layout.** One buffer read from `head`: polling takes events from the front by moving
//! `head` (the buffer was shifted for every poll before), and dropping the oldest is the same
//! move. The dead front is shifted out once it is as long as the live part, so each event is
//! moved at most once on average and the buffer holds at most twice the limit. Events stay one
//! slice, oldest first, as the C poll copies them.

use crate::core::model::error::{Error, Result};
use crate::core::model::limits::{at_most, MAX_EVENT_LIMIT};
use crate::core::world::event::Event;

/// Pending events a world keeps by default before it drops the oldest (16 MB of events, in a
/// buffer of at most twice that): four a tick for each of 65,536 NPCs, so a game that polls
/// every tick never loses one below that population.
pub const DEFAULT_EVENT_LIMIT: u32 = 1 << 18;

/// The pending events, oldest first, at most `limit` of them.
#[derive(Debug)]
pub(crate) struct EventQueue {
    buffer: Vec<Event>,
    /// Where the pending events begin in `buffer`.
    head: usize,
    limit: u32,
    /// Events dropped since the world was made.
    dropped: u64,
    /// Events pushed since the world was made: what [`EventQueue::since`] counts from.
    pushed: u64,
}

impl Default for EventQueue {
    fn default() -> Self {
        EventQueue {
            buffer: Vec::new(),
            head: 0,
            limit: DEFAULT_EVENT_LIMIT,
            dropped: 0,
            pushed: 0,
        }
    }
}

impl EventQueue {
    /// The pending events, oldest first.
    pub(crate) fn pending(&self) -> &[Event] {
        &self.buffer[self.head..]
    }

    /// Appends `event`, first dropping the oldest pending ones when the queue is full (more
    /// than one only after a load over the limit); the event in place, for the caller to
    /// finish.
    #[inline]
    pub(crate) fn push(&mut self, event: Event) -> &mut Event {
        let room = self.limit as usize - 1;
        if self.pending().len() > room {
            self.drop_oldest(self.pending().len() - room);
        }
        self.pushed += 1;
        self.buffer.push(event);
        self.buffer.last_mut().expect("just pushed")
    }

    /// How many events have been pushed so far: a mark for [`EventQueue::since`].
    pub(crate) fn mark(&self) -> u64 {
        self.pushed
    }

    /// The pending events pushed after `mark` was taken, oldest first: those still pending
    /// when the queue dropped or handed out older ones meanwhile.
    pub(crate) fn since(&self, mark: u64) -> &[Event] {
        let pending = self.pending();
        // A mark from another world, or from before a load, may lie ahead: nothing after it.
        let new = self.pushed.saturating_sub(mark).min(pending.len() as u64) as usize;
        &pending[pending.len() - new..]
    }

    /// Forgets the oldest `count` pending events (all of them if fewer).
    pub(crate) fn forget(&mut self, count: usize) {
        self.head += count.min(self.pending().len());
        if self.head == self.buffer.len() {
            self.buffer.clear();
            self.head = 0;
        } else if self.head >= self.buffer.len() - self.head {
            self.buffer.drain(..self.head);
            self.head = 0;
        }
    }

    /// Moves every pending event into `out` (appending), oldest first.
    pub(crate) fn drain_into(&mut self, out: &mut Vec<Event>) {
        out.extend(self.buffer.drain(self.head..));
        self.buffer.clear();
        self.head = 0;
    }

    /// Takes every pending event out, oldest first (for a save).
    pub(crate) fn take(&mut self) -> Vec<Event> {
        let mut events = std::mem::take(&mut self.buffer);
        events.drain(..self.head);
        self.head = 0;
        events
    }

    /// Puts `events` back as the pending ones (a load), all of them: a save made under a
    /// higher limit than this queue's keeps its events until the next push or limit trims
    /// them, so that a caller can set its limit on the loaded world first.
    pub(crate) fn put(&mut self, events: Vec<Event>) {
        (self.buffer, self.head) = (events, 0);
    }

    /// Most events kept pending.
    pub(crate) fn limit(&self) -> u32 {
        self.limit
    }

    /// Sets the most events kept pending: 1 to [`MAX_EVENT_LIMIT`]. A queue holding more keeps
    /// the newest and counts the others dropped.
    pub(crate) fn set_limit(&mut self, limit: u32) -> Result<()> {
        at_most(
            "event limit",
            limit,
            MAX_EVENT_LIMIT,
            "MOTIVE_MAX_EVENT_LIMIT",
        )?;
        if limit == 0 {
            return Err(Error::invalid("the event limit must be at least 1, got 0"));
        }
        self.limit = limit;
        self.trim();
        Ok(())
    }

    /// Drops the oldest pending events past the limit, counting them, and gives back room
    /// beyond twice the limit (what a higher limit or a load left).
    fn trim(&mut self) {
        let over = self.pending().len().saturating_sub(self.limit as usize);
        self.drop_oldest(over);
        let most = 2 * self.limit as usize;
        if self.buffer.capacity() > 2 * most {
            self.buffer.shrink_to(most);
        }
    }

    /// Drops the oldest `count` pending events, counting them.
    fn drop_oldest(&mut self, count: usize) {
        self.forget(count);
        self.dropped += count as u64;
    }

    /// Events dropped since the world was made, because the queue was full.
    pub(crate) fn dropped(&self) -> u64 {
        self.dropped
    }
}

#[cfg(test)]
mod tests {
    use std::collections::VecDeque;

    use proptest::prelude::*;

    use super::*;
    use crate::core::model::entity::Entity;
    use crate::core::world::event::{EventKind, NO_SLOT};

    /// Event number `n`: its request says which it is.
    fn event(n: u32) -> Event {
        Event {
            kind: EventKind::NoPlan,
            npc: Entity::NULL,
            action: None,
            target: Entity::NULL,
            request: n,
            hints: Default::default(),
            slot: NO_SLOT,
            outcome: NO_SLOT,
            ended_by: None,
            seconds: 0.0,
        }
    }

    fn requests(events: &[Event]) -> Vec<u32> {
        events.iter().map(|e| e.request).collect()
    }

    /// What a queue is asked to do.
    #[derive(Clone, Debug)]
    enum Op {
        Push,
        Forget(usize),
        Drain,
        Limit(u32),
        SaveAndLoad,
    }

    fn op() -> impl Strategy<Value = Op> {
        prop_oneof![
            8 => Just(Op::Push),
            2 => (0usize..12).prop_map(Op::Forget),
            1 => Just(Op::Drain),
            1 => (1u32..10).prop_map(Op::Limit),
            1 => Just(Op::SaveAndLoad),
        ]
    }

    proptest! {
        /// The queue keeps what a plain double-ended queue that drops its front when full
        /// keeps, counts what it drops, and its buffer stays within twice the limit.
        #[test]
        fn keeps_the_newest_within_the_limit(limit in 1u32..10, ops in proptest::collection::vec(op(), 0..300)) {
            let mut queue = EventQueue::default();
            queue.set_limit(limit).unwrap();
            let (mut model, mut model_limit, mut model_dropped) = (VecDeque::new(), limit as usize, 0u64);
            let (mut next, mut drained) = (0u32, Vec::new());
            for op in ops {
                match op {
                    Op::Push => {
                        queue.push(event(next)).seconds = 1.0;
                        while model.len() >= model_limit {
                            model.pop_front();
                            model_dropped += 1;
                        }
                        model.push_back(next);
                        next += 1;
                    }
                    Op::Forget(n) => {
                        queue.forget(n);
                        model.drain(..n.min(model.len()));
                    }
                    Op::Drain => {
                        let before = drained.len();
                        queue.drain_into(&mut drained);
                        prop_assert_eq!(requests(&drained[before..]), model.drain(..).collect::<Vec<_>>());
                    }
                    Op::Limit(l) => {
                        queue.set_limit(l).unwrap();
                        model_limit = l as usize;
                        while model.len() > model_limit {
                            model.pop_front();
                            model_dropped += 1;
                        }
                    }
                    Op::SaveAndLoad => {
                        let saved = queue.take();
                        prop_assert!(queue.pending().is_empty());
                        queue.put(saved);
                    }
                }
                prop_assert_eq!(requests(queue.pending()), model.iter().copied().collect::<Vec<_>>());
                prop_assert!(queue.pending().iter().all(|e| e.seconds == 1.0), "pushed events finished in place");
                prop_assert_eq!(queue.dropped(), model_dropped);
                prop_assert!(queue.buffer.len() <= 2 * queue.limit() as usize);
            }
        }
    }

    #[test]
    fn a_load_over_the_limit_keeps_every_event_until_the_next_push_or_limit() {
        let mut queue = EventQueue::default();
        queue.set_limit(3).unwrap();
        queue.put((0..5).map(event).collect());
        assert_eq!(
            (requests(queue.pending()), queue.dropped()),
            (vec![0, 1, 2, 3, 4], 0)
        );
        queue.push(event(5));
        assert_eq!(
            (requests(queue.pending()), queue.dropped()),
            (vec![3, 4, 5], 3)
        );
        queue.put((0..5).map(event).collect());
        queue.set_limit(4).unwrap();
        assert_eq!(
            (requests(queue.pending()), queue.dropped()),
            (vec![1, 2, 3, 4], 4)
        );
    }

    #[test]
    fn a_lower_limit_gives_back_the_room_a_higher_one_took() {
        let mut queue = EventQueue::default();
        queue.set_limit(4096).unwrap();
        (0..4096).for_each(|n| _ = queue.push(event(n)));
        assert!(queue.buffer.capacity() >= 4096);
        queue.set_limit(16).unwrap();
        assert_eq!(requests(queue.pending()), (4080..4096).collect::<Vec<_>>());
        assert!(queue.buffer.capacity() <= 64, "{}", queue.buffer.capacity());
    }

    #[test]
    fn since_a_mark_gives_what_was_pushed_after_it_and_is_still_pending() {
        let mut queue = EventQueue::default();
        queue.set_limit(4).unwrap();
        queue.push(event(0));
        queue.push(event(1));
        let mark = queue.mark();
        assert!(queue.since(mark).is_empty());
        queue.push(event(2));
        assert_eq!(requests(queue.since(mark)), [2]);
        // Three more: 0 and 1 are dropped, the marked stretch shifts to the front.
        (3..6).for_each(|n| _ = queue.push(event(n)));
        assert_eq!(requests(queue.since(mark)), [2, 3, 4, 5]);
        queue.forget(2);
        assert_eq!(requests(queue.since(mark)), [4, 5]);
        (6..9).for_each(|n| _ = queue.push(event(n)));
        assert_eq!(requests(queue.since(mark)), [5, 6, 7, 8]);
    }

    #[test]
    fn a_limit_out_of_range_is_refused_and_changes_nothing() {
        let mut queue = EventQueue::default();
        queue.push(event(7));
        for bad in [0, MAX_EVENT_LIMIT + 1, u32::MAX] {
            let error = queue.set_limit(bad).unwrap_err();
            assert!(error.to_string().contains("event limit"), "{error}");
        }
        assert!(queue.set_limit(MAX_EVENT_LIMIT).is_ok());
        assert_eq!(
            (queue.limit(), requests(queue.pending()), queue.dropped()),
            (MAX_EVENT_LIMIT, vec![7], 0)
        );
    }

    /// The default limit's memory, as documented: 16 MB of events.
    #[test]
    fn the_default_limit_holds_sixteen_megabytes_of_events() {
        assert_eq!(
            DEFAULT_EVENT_LIMIT as usize * std::mem::size_of::<Event>(),
            16 << 20
        );
    }
}
