//! When the per-tick pass must load an NPC's mind (`advance_npcs`): every tick, while its
//! running action advances with time (a timed action, a wait); once the deadline of the
//! engine action it runs has passed; otherwise never. One number in the entity's record, where
//! a flag and a deadline took two fields, so that the record is one cache line (issue 33,
//! flat scaling). The two never hold together: an action that advances with time is motive's
//! to end, and only an engine-ended one has a deadline (`engine_timeout.rs`).

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// An NPC's alarm: negative infinity while its running action advances with time, else the
/// deadline of its running engine action (infinite when none).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Alarm(f64);

impl Alarm {
    /// Nothing to do in the per-tick pass.
    pub(crate) const NEVER: Alarm = Alarm(f64::INFINITY);

    /// The alarm of a mind whose running action advances with time (`ticks`) or has
    /// `deadline` (infinite when none).
    pub(crate) fn of(ticks: bool, deadline: f64) -> Alarm {
        if ticks {
            Alarm(f64::NEG_INFINITY)
        } else {
            Alarm(deadline)
        }
    }

    /// The running action advances with time: the pass advances it every tick.
    pub(crate) fn ticks(self) -> bool {
        self.0 == f64::NEG_INFINITY
    }

    /// When the running engine action fails unreported; infinite when none runs.
    pub(crate) fn deadline(self) -> f64 {
        if self.ticks() {
            f64::INFINITY
        } else {
            self.0
        }
    }
}

/// Saved as the flag and the deadline it replaced, in that order: the format is unchanged.
impl Serialize for Alarm {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        (self.ticks(), self.deadline()).serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Alarm {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let (ticks, deadline) = <(bool, f64)>::deserialize(deserializer)?;
        Ok(Alarm::of(ticks, deadline))
    }
}

#[cfg(test)]
mod tests {
    use super::Alarm;

    /// Each state reads back as it was made, and saves as the pair it was made from.
    #[test]
    fn an_alarm_keeps_the_flag_and_the_deadline_it_replaced() {
        for (ticks, deadline) in [(false, f64::INFINITY), (true, f64::INFINITY), (false, 12.5)] {
            let alarm = Alarm::of(ticks, deadline);
            assert_eq!((alarm.ticks(), alarm.deadline()), (ticks, deadline));
            let saved = postcard::to_stdvec(&alarm).unwrap();
            assert_eq!(saved, postcard::to_stdvec(&(ticks, deadline)).unwrap());
            assert_eq!(postcard::from_bytes::<Alarm>(&saved).unwrap(), alarm);
        }
        assert_eq!(Alarm::of(false, f64::INFINITY), Alarm::NEVER);
    }
}
