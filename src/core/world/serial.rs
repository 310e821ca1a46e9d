//! World serials: the 16-bit number every handle carries to name its world.
//!
//! Serials are leased from a process-wide pool and returned when the world is dropped, so two
//! live worlds never share one: a handle used with the wrong live world is always
//! `WrongWorld`. Leases go round-robin, so a just-freed serial is the last to be reused and a
//! handle kept past its world's destruction is unlikely to meet a world with its serial.

use std::sync::Mutex;

use crate::core::model::error::{Error, Result};

/// Serial 0 is never leased: it marks the null handle.
const SERIALS: usize = 1 << 16;

struct Pool {
    in_use: Vec<bool>,
    next: usize,
}

static POOL: Mutex<Pool> = Mutex::new(Pool {
    in_use: Vec::new(),
    next: 1,
});

/// A serial held by one live world; returned to the pool on drop.
#[derive(Debug)]
pub struct WorldSerial(u16);

impl WorldSerial {
    /// Leases the next free serial; fails only when 65,535 worlds are alive at once.
    pub fn lease() -> Result<Self> {
        let mut pool = POOL.lock().unwrap_or_else(|p| p.into_inner());
        if pool.in_use.is_empty() {
            pool.in_use = vec![false; SERIALS];
        }
        for step in 0..SERIALS {
            let serial = (pool.next + step) % SERIALS;
            if serial != 0 && !pool.in_use[serial] {
                pool.in_use[serial] = true;
                pool.next = serial + 1;
                return Ok(WorldSerial(serial as u16));
            }
        }
        Err(Error::invalid(
            "65,535 worlds are alive: destroy one before creating another",
        ))
    }

    /// Leases `serial` when it is free, else the next free one (a loaded world takes back the
    /// serial it was saved with when it can).
    pub fn lease_preferring(serial: u16) -> Result<Self> {
        {
            let mut pool = POOL.lock().unwrap_or_else(|p| p.into_inner());
            if pool.in_use.is_empty() {
                pool.in_use = vec![false; SERIALS];
            }
            let at = usize::from(serial);
            if serial != 0 && !pool.in_use[at] {
                pool.in_use[at] = true;
                return Ok(WorldSerial(serial));
            }
        }
        WorldSerial::lease()
    }

    /// The serial's value (never 0).
    pub fn get(&self) -> u16 {
        self.0
    }
}

impl Drop for WorldSerial {
    fn drop(&mut self) {
        let mut pool = POOL.lock().unwrap_or_else(|p| p.into_inner());
        pool.in_use[usize::from(self.0)] = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn live_serials_are_unique_and_freed_ones_come_back() {
        // Other tests lease serials concurrently, so reason only about our own leases; the
        // exhaustion case runs alone in tests/world_serials.rs.
        let held: Vec<WorldSerial> = (0..1000).map(|_| WorldSerial::lease().unwrap()).collect();
        let mut values: Vec<u16> = held.iter().map(WorldSerial::get).collect();
        values.sort_unstable();
        values.dedup();
        assert_eq!(values.len(), 1000);
        assert!(!values.contains(&0));
        drop(held);
        assert!(WorldSerial::lease().is_ok());
    }
}
