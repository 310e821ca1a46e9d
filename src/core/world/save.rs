//! Saving a world and loading it back (issue 30): the whole running state, every brain's
//! included, in a versioned binary format, so that a loaded world continues exactly as the
//! saved one would have (the same events, from then on).
//!
//! **Format** (all integers little-endian):
//!
//! | bytes | field |
//! | --- | --- |
//! | 4 | magic `MOTV` |
//! | 4 | format version ([`SAVE_FORMAT_VERSION`]) |
//! | 8 | fingerprint of the domain ([`Domain::fingerprint`]) |
//! | 2 | the saved world's serial |
//! | 8 | payload length |
//! | 8 | FNV-1a 64 checksum of the payload |
//! | n | payload: the state, in postcard's encoding of its serde derivation |
//!
//! The state is every field of the world but the domain (the loader passes it and the
//! fingerprint proves it the same), its serial (leased anew), the spatial index (rebuilt),
//! scratch buffers that only ever hold one think's work, and what befell NPCs whose minds were
//! out (`while_out.rs`), which is empty between calls. Handles inside it are written without
//! their world serial and take the loaded world's; nothing else in it depends on the serial
//! (hashes of handles leave it out), so a state saves to the same payload under any serial.
//! What the engine registered (callbacks) is the engine's to register again.
//!
//! **Serials.** The loaded world takes the saved serial when no live world holds it (the usual
//! case: the game destroys the world it saved, then loads), so every handle the engine kept is
//! valid again; otherwise it takes a fresh serial and handles saved by the engine name the
//! wrong world (`WrongWorld`): rebase them with [`World::rebase`].

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::core::model::domain::Domain;
use crate::core::model::entity::{loading_into, Entity, EntityKind};
use crate::core::model::error::{Error, ErrorKind, Result};
use crate::core::model::fnv::fnv1a;
use crate::core::model::outcome::OutcomeHistory;
use crate::core::model::rng::WorldRng;
use crate::core::model::save_context::with_domain;
use crate::core::model::slot_map::SlotMap;
use crate::core::world::ambiance_areas::Ambiance;
use crate::core::world::brains::Brains;
use crate::core::world::event::Event;
use crate::core::world::player_model::PlayerModel;
use crate::core::world::serial::WorldSerial;
use crate::core::world::spatial::WorldSpatial;
use crate::core::world::{EntityRecord, World};

/// The version of the save format this build writes and reads; a save of another version is
/// refused.
pub const SAVE_FORMAT_VERSION: u32 = 1;

/// Bytes before the payload.
pub const SAVE_HEADER_BYTES: usize = 34;

const MAGIC: &[u8; 4] = b"MOTV";

/// The saved state: the world's fields but the domain, the serial and what is rebuilt.
#[derive(Serialize, Deserialize)]
#[serde(bound = "B: Brains")]
struct State<B: Brains> {
    seed: u64,
    time: f64,
    entities: SlotMap<EntityRecord<B>>,
    npc_count: usize,
    plan_budget_per_tick: u32,
    events: Vec<Event>,
    next_request: u32,
    brains: B::Shared,
    budget_left: u32,
    tick_expansions: u32,
    rng: WorldRng,
    outcome_history: Vec<OutcomeHistory>,
    ambiance: Ambiance,
    player: PlayerModel,
    destructions: u64,
    engine_timeout: f64,
    squads: Vec<Entity>,
}

impl<B: Brains> World<B> {
    /// `entity` (a handle the engine saved) as a handle of this world: for a world loaded
    /// under another serial than the one it was saved with.
    pub fn rebase(&self, entity: Entity) -> Entity {
        match entity.is_null() {
            true => entity,
            false => Entity {
                world: self.serial(),
                ..entity
            },
        }
    }

    /// Writes the whole world into a new buffer (format in the module docs). The world is
    /// unchanged. An error while a tick is open ([`World::tick_begin`]).
    pub fn save(&mut self) -> Result<Vec<u8>> {
        // An open tick has minds out of their records (`think_ahead.rs`): nothing to save.
        if self.tick_is_open() {
            return Err(Error::invalid("a tick is open: end it first"));
        }
        let state = self.take_state();
        let payload = with_domain(&self.domain, || postcard::to_stdvec(&state));
        self.put_state(state);
        let payload =
            payload.map_err(|e| Error::invalid(format!("the world cannot be saved: {e}")))?;
        let mut out = Vec::with_capacity(SAVE_HEADER_BYTES + payload.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&SAVE_FORMAT_VERSION.to_le_bytes());
        out.extend_from_slice(&self.domain.fingerprint().to_le_bytes());
        out.extend_from_slice(&self.serial().to_le_bytes());
        out.extend_from_slice(&(payload.len() as u64).to_le_bytes());
        out.extend_from_slice(&fnv1a(&payload).to_le_bytes());
        out.extend_from_slice(&payload);
        Ok(out)
    }

    /// A world rebuilt from `bytes` (made by [`World::save`]) over `domain`, which must be the
    /// domain it was saved with. Refused, creating nothing: another domain, a truncated or
    /// corrupted save, another format version.
    pub fn load(domain: Arc<Domain>, bytes: &[u8]) -> Result<Self> {
        let header = Header::read(bytes)?;
        if header.fingerprint != domain.fingerprint() {
            return Err(Error::invalid(
                "this save belongs to another domain (its fingerprint differs)",
            ));
        }
        let serial = WorldSerial::lease_preferring(header.serial)?;
        let state: State<B> = with_domain(&domain, || {
            loading_into(serial.get(), || postcard::from_bytes(header.payload))
        })
        .map_err(|e| corrupt(format!("its state does not decode ({e})")))?;
        let mut world = World::new_leased(domain, serial, state.seed, 0)?;
        world.put_state(state);
        // Checked before anything is derived from it: deriving reads ids the checks bound.
        world.check_loaded()?;
        world.derive_after_load();
        // Decoded one after the other: laid out in slot order at the first tick.
        world.scattered = world.entities.len();
        world.ambiance.set_world(world.serial());
        world.reserve_plans();
        Ok(world)
    }

    /// Gives every loaded mind the room for plans and claims a spawned one has
    /// ([`crate::core::Mind::new`]): decoding sized them to what they held.
    fn reserve_plans(&mut self) {
        let domain = self.domain.clone();
        for record in self.entities.values_mut() {
            if let (Some(archetype), Some(mind)) = (record.archetype(), record.mind.as_deref_mut())
            {
                let steps = B::plan_steps(&domain, archetype);
                mind.plan
                    .reserve_exact(steps.saturating_sub(mind.plan.len()));
                mind.claims
                    .reserve_exact(steps.saturating_sub(mind.claims.len()));
            }
        }
    }

    /// Moves the saved fields out (leaving empty ones), for [`World::save`].
    fn take_state(&mut self) -> State<B> {
        State {
            seed: self.seed,
            time: self.time,
            entities: std::mem::take(&mut self.entities),
            npc_count: self.npc_count,
            plan_budget_per_tick: self.plan_budget_per_tick,
            events: self.events.take(),
            next_request: self.next_request,
            brains: std::mem::take(&mut self.brains),
            budget_left: self.budget_left,
            tick_expansions: self.tick_expansions,
            rng: self.rng.clone(),
            outcome_history: std::mem::take(&mut self.outcome_history),
            ambiance: std::mem::take(&mut self.ambiance),
            player: std::mem::replace(&mut self.player, PlayerModel::new(1, 0.5)),
            destructions: self.destructions,
            engine_timeout: self.engine_timeout,
            squads: std::mem::take(&mut self.squads),
        }
    }

    /// Puts saved fields in (what [`World::take_state`] took out, or a decoded state, which
    /// [`World::derive_after_load`] then completes).
    fn put_state(&mut self, state: State<B>) {
        self.seed = state.seed;
        self.time = state.time;
        self.entities = state.entities;
        self.npc_count = state.npc_count;
        self.plan_budget_per_tick = state.plan_budget_per_tick;
        self.events.put(state.events);
        self.next_request = state.next_request;
        // Callbacks the engine registered are not saved: a save puts back its own, a load
        // starts with none.
        self.brains = state.brains;
        self.budget_left = state.budget_left;
        self.tick_expansions = state.tick_expansions;
        self.rng = state.rng;
        self.outcome_history = state.outcome_history;
        self.ambiance = state.ambiance;
        self.player = state.player;
        self.destructions = state.destructions;
        self.engine_timeout = state.engine_timeout;
        self.squads = state.squads;
    }

    /// What a loaded world derives from its state rather than saves: the tended entities and
    /// the spatial index (rebuilt before it is next used). Not on a save, which leaves the
    /// world as it was (a save reset the spatial cell size the engine had set).
    fn derive_after_load(&mut self) {
        self.tend_all();
        self.spatial = WorldSpatial::for_domain(&self.domain);
        self.spatial.changed(EntityKind::Object);
        self.spatial.changed(EntityKind::Npc);
    }
}

/// The header of a save, checked, and its payload.
struct Header<'b> {
    fingerprint: u64,
    serial: u16,
    payload: &'b [u8],
}

impl<'b> Header<'b> {
    fn read(bytes: &'b [u8]) -> Result<Self> {
        if bytes.len() < SAVE_HEADER_BYTES {
            return Err(corrupt(format!(
                "{} bytes is shorter than a save's header ({SAVE_HEADER_BYTES})",
                bytes.len()
            )));
        }
        if &bytes[..4] != MAGIC {
            return Err(corrupt("it does not start with MOTV"));
        }
        let u64_at = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"));
        let version = u32::from_le_bytes(bytes[4..8].try_into().expect("4 bytes"));
        if version != SAVE_FORMAT_VERSION {
            return Err(Error::new(
                ErrorKind::InvalidArgument,
                format!(
                    "save format version {version}; this build reads version {SAVE_FORMAT_VERSION}"
                ),
            ));
        }
        let length = u64_at(18);
        let payload = &bytes[SAVE_HEADER_BYTES..];
        if payload.len() as u64 != length {
            return Err(corrupt(format!(
                "its payload is {} bytes where the header says {length}",
                payload.len()
            )));
        }
        if fnv1a(payload) != u64_at(26) {
            return Err(corrupt("its checksum does not match"));
        }
        Ok(Header {
            fingerprint: u64_at(8),
            serial: u16::from_le_bytes(bytes[16..18].try_into().expect("2 bytes")),
            payload,
        })
    }
}

/// The error of a save that does not decode into a world: `why`.
pub(super) fn corrupt(why: impl std::fmt::Display) -> Error {
    Error::new(
        ErrorKind::InvalidArgument,
        format!("not a valid save: {why}"),
    )
}

#[cfg(test)]
mod tests {
    use crate::domain::shipped_instance;

    /// A save leaves the world as it was: it reset the spatial cell size the engine had set
    /// (and rebuilt the index), as only a load should.
    #[test]
    fn a_save_leaves_the_spatial_tuning_as_it_was() {
        let mut instance = shipped_instance("hospital.json", Some(32), 1);
        let world = &mut instance.world;
        world.tick(0.1).unwrap();
        world.set_spatial_cell_size(3.0).unwrap();
        let first = world.save().unwrap();
        assert_eq!(world.spatial_cell_size(), 3.0);
        assert_eq!(world.save().unwrap(), first, "saved twice, the same bytes");
    }
}
