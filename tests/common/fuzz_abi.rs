//! The ABI fuzz target: a sequence of exported C calls drawn from fuzzer bytes (`arbitrary`)
//! and made from Rust on worlds the shipped scenarios make: instantiate and destroy worlds,
//! spawn and destroy entities, tick and step, poll events and report them with real and made-up
//! request ids, set and read facts, claims, interrupts, saves and loads (whole and corrupted),
//! with stale, foreign and null handles and NULL pointers. Panics on a breach of the boundary's
//! contract: a caught panic (`MOTIVE_STATUS_PANIC`) or a poisoned world, a failure without a
//! last-error message, a stale handle not refused as stale, a foreign one not refused as
//! foreign, a NULL not refused as NULL, or two runs of one sequence that differ (in statuses,
//! events, or saves but for their serial: the second run's worlds have other serials). Shared
//! by `tests/fuzz.rs` and the coverage-guided target in `fuzz/`.

use std::ffi::c_char;
use std::ptr::{null, null_mut};
use std::sync::OnceLock;

use arbitrary::{Arbitrary, Unstructured};
use motive::ffi::domain::{motive_domain, motive_domain_destroy};
use motive::ffi::entities::{motive_npc_destroy, motive_object_destroy};
use motive::ffi::events::{motive_event, motive_npc_report_action, motive_world_poll_events};
use motive::ffi::facts::{
    motive_entity_get_fact, motive_entity_set_fact, motive_value, motive_value_data,
};
use motive::ffi::goap_minds::motive_npc_interrupt;
use motive::ffi::handles::{
    motive_entity, motive_entity_as_npc, motive_entity_as_object, motive_npc_entity,
    motive_object_entity,
};
use motive::ffi::last_error::motive_last_error_message;
use motive::ffi::minds::{motive_npc_spawn, motive_npc_think_now, motive_object_spawn};
use motive::ffi::save::{
    motive_sim_load, motive_sim_save, motive_world_load, motive_world_rebase, motive_world_save,
};
use motive::ffi::scenario::{
    motive_scenario, motive_scenario_domain, motive_scenario_instantiate, motive_scenario_load_json,
};
use motive::ffi::sim::{motive_sim, motive_sim_destroy, motive_sim_step};
use motive::ffi::smart_objects::{motive_claim, motive_npc_claims};
use motive::ffi::status::motive_status;
use motive::ffi::vec3::motive_vec3;
use motive::ffi::world::{
    motive_world, motive_world_destroy, motive_world_is_poisoned, motive_world_tick,
    motive_world_time,
};

/// The scenarios the worlds are made from: people using smart objects, squads, BT guards.
const SCENARIOS: [&str; 3] = [
    include_str!("../../scenarios/household.json"),
    include_str!("../../scenarios/squad_drill.json"),
    include_str!("../../scenarios/adaptive_guards.json"),
];

/// Most worlds alive at once, and most calls in one sequence.
const MAX_WORLDS: usize = 4;
const MAX_CALLS: usize = 64;

/// Where a world save names its world's serial (`src/core/world/save.rs`), which corruptions
/// skip: the serial is only a preference (any value loads, the loaded world taking it when
/// free), so whether a flipped one meets a world or handle of the sequence would depend on the
/// serials the process leased before it, not on the sequence.
const SAVE_SERIAL: std::ops::Range<usize> = 16..18;

/// A step length: ordinary, or one the ABI must refuse.
#[derive(Arbitrary, Debug, Clone, Copy)]
enum Dt {
    Tenths(u8),
    Negative,
    NotANumber,
    Infinite,
}

/// An entity handle: one seen in this sequence (alive or not, of any world), or made up.
#[derive(Arbitrary, Debug, Clone, Copy)]
enum Handle {
    Seen(u16),
    MadeUp(u32, u16),
    Null,
}

/// A fact value, of any type tag (valid or not).
#[derive(Arbitrary, Debug, Clone, Copy)]
enum Fact {
    Bool(bool),
    Number(f64),
    Entity(Handle),
    Position(f32, f32, f32),
    BadTag(u32),
}

/// One exported call. World and save indexes wrap over what exists.
#[derive(Arbitrary, Debug, Clone, Copy)]
enum Call {
    Instantiate {
        scenario: u8,
        copies: u8,
        seed: u64,
    },
    DestroyWorld(u8),
    Tick(u8, Dt),
    /// Steps world `0`'s simulator on world `1` (another world's is refused).
    SimStep(u8, u8, Dt),
    Spawn {
        world: u8,
        archetype: u32,
        npc: bool,
        x: f32,
    },
    Destroy(u8, Handle, bool),
    Poll(u8, u8),
    /// Reports to an NPC a request seen in an event, or a made-up one.
    Report {
        world: u8,
        npc: Handle,
        request: Option<u16>,
        made_up: u32,
        outcome: u32,
    },
    SetFact(u8, Handle, u32, Fact),
    GetFact(u8, Handle, u32),
    Claims(u8, Handle, u8),
    Interrupt(u8, Handle),
    ThinkNow(u8, Handle),
    Save(u8),
    /// Loads save `0` over scenario `1`'s domain, its byte `2` (not of its serial) flipped
    /// when given.
    Load(u8, u8, Option<u16>),
    SimSave(u8),
    /// Loads simulator save `0` for world `1`.
    SimLoad(u8, u8),
    Null(NullCall),
}

/// A call with a NULL where a pointer is required.
#[derive(Arbitrary, Debug, Clone, Copy)]
enum NullCall {
    Tick,
    PollBuffer,
    SpawnOut,
    SaveWorld,
    LoadBytes,
    SimStepWorld,
}

/// One live world and the simulator made with it (none for a loaded world).
struct Slot {
    world: *mut motive_world,
    sim: *mut motive_sim,
    /// The serial its handles carry.
    serial: u16,
}

impl Slot {
    /// The slot of `world` and its simulator, with the serial its handles carry.
    ///
    /// # Safety
    /// `world` must be live; `sim` NULL or live.
    unsafe fn new(world: *mut motive_world, sim: *mut motive_sim) -> Self {
        let any = motive_entity {
            index1: 1,
            generation: 0,
            world: 0,
        };
        // SAFETY: forwarded from this function's contract.
        let serial = unsafe { motive_world_rebase(world, any) }.world;
        Slot { world, sim, serial }
    }
}

/// The scenarios, loaded once per process (their loads are not what this target fuzzes).
struct Loaded(Vec<*mut motive_scenario>);

// SAFETY: a loaded scenario is read-only and documented as usable from several threads.
unsafe impl Send for Loaded {}
// SAFETY: as above.
unsafe impl Sync for Loaded {}

fn scenarios() -> &'static [*mut motive_scenario] {
    static LOADED: OnceLock<Loaded> = OnceLock::new();
    &LOADED
        .get_or_init(|| {
            Loaded(
                SCENARIOS
                    .iter()
                    .map(|text| {
                        let mut s = null_mut();
                        // SAFETY: the text is valid for its length; `s` is a writable out.
                        let status = unsafe {
                            motive_scenario_load_json(
                                text.as_ptr().cast(),
                                text.len(),
                                null_mut(),
                                &mut s,
                            )
                        };
                        assert_eq!(status, motive_status::Ok);
                        s
                    })
                    .collect(),
            )
        })
        .0
}

/// The calls `data` describes.
fn calls(data: &[u8]) -> Vec<Call> {
    let mut u = Unstructured::new(data);
    let mut out = Vec::new();
    while out.len() < MAX_CALLS && !u.is_empty() {
        match Call::arbitrary(&mut u) {
            Ok(call) => out.push(call),
            Err(_) => break,
        }
    }
    out
}

/// The calls `data` describes, one a line, to read a failure.
pub fn describe(data: &[u8]) -> String {
    calls(data).iter().map(|c| format!("{c:?}\n")).collect()
}

/// Runs the sequence `data` describes twice, checking the contract after every call and that
/// both runs give the same trace.
pub fn check_sequence(data: &[u8]) {
    let calls = calls(data);
    let first = Driver::run(&calls);
    let second = Driver::run(&calls);
    assert_eq!(first, second, "two runs of one sequence differ");
}

/// Runs `calls` on fresh worlds, returning the trace: each call's status, each event polled
/// and each save made (the world's without its serial, which differs between runs).
struct Driver {
    slots: Vec<Slot>,
    domains: Vec<*mut motive_domain>,
    /// Every handle seen, with whether it is known destroyed (and its world still alive).
    seen: Vec<(motive_entity, bool)>,
    requests: Vec<(motive_entity, u32)>,
    saves: Vec<Vec<u8>>,
    sim_saves: Vec<Vec<u8>>,
    trace: Vec<String>,
}

impl Driver {
    fn run(calls: &[Call]) -> Vec<String> {
        let domains = scenarios()
            .iter()
            .map(|&s| {
                let mut d = null_mut();
                // SAFETY: `s` is a live scenario, `d` a writable out.
                assert_eq!(
                    unsafe { motive_scenario_domain(s, &mut d) },
                    motive_status::Ok
                );
                d
            })
            .collect();
        let mut driver = Driver {
            slots: Vec::new(),
            domains,
            seen: Vec::new(),
            requests: Vec::new(),
            saves: Vec::new(),
            sim_saves: Vec::new(),
            trace: Vec::new(),
        };
        for (n, &call) in calls.iter().enumerate() {
            // SAFETY: every pointer the driver passes is live (slots are removed when
            // destroyed) or deliberately NULL; buffers are sized as passed.
            let status = unsafe { driver.call(call) };
            driver.check(n, call, status);
        }
        std::mem::take(&mut driver.trace)
    }

    fn check(&mut self, n: usize, call: Call, status: motive_status) {
        let at = format!("call {n} ({call:?})");
        assert_ne!(status, motive_status::Panic, "{at}: {}", last_error());
        if status != motive_status::Ok && status != motive_status::InProgress {
            assert!(
                !last_error().is_empty(),
                "{at}: {status:?} without a message"
            );
        }
        // Every world still answers, whatever was refused.
        for slot in &self.slots {
            let mut time = 0.0;
            // SAFETY: slots hold live worlds only; `time` is a writable out.
            let (poisoned, answer) = unsafe {
                (
                    motive_world_is_poisoned(slot.world),
                    motive_world_time(slot.world, &mut time),
                )
            };
            assert!(!poisoned, "{at}: poisoned");
            assert_eq!(answer, motive_status::Ok, "{at}: the world does not answer");
        }
        self.trace.push(format!("{status:?}"));
    }

    fn slot(&self, i: u8) -> Option<&Slot> {
        self.slots.get(usize::from(i) % self.slots.len().max(1))
    }

    fn world(&self, i: u8) -> *mut motive_world {
        self.slot(i).map_or(null_mut(), |s| s.world)
    }

    fn handle(&self, h: Handle, world: *mut motive_world) -> motive_entity {
        match h {
            Handle::Seen(i) if !self.seen.is_empty() => {
                self.seen[usize::from(i) % self.seen.len()].0
            }
            Handle::MadeUp(index1, generation) => motive_entity {
                index1,
                generation,
                world: self.serial_of(world).unwrap_or(0),
            },
            _ => motive_entity::default(),
        }
    }

    fn serial_of(&self, world: *mut motive_world) -> Option<u16> {
        self.slots
            .iter()
            .find(|s| s.world == world)
            .map(|s| s.serial)
    }

    /// The status a call on `entity` in `world` must have, when the driver knows it.
    fn expected(&self, world: *mut motive_world, entity: motive_entity) -> Option<motive_status> {
        let serial = self.serial_of(world)?;
        if entity.world != serial
            && entity.world != 0
            && self.slots.iter().any(|s| s.serial == entity.world)
        {
            return Some(motive_status::WrongWorld);
        }
        let dead = self.seen.iter().any(|&(e, dead)| e == entity && dead)
            && !self.seen.iter().any(|&(e, dead)| e == entity && !dead);
        dead.then_some(motive_status::StaleHandle)
    }

    fn note(&mut self, entity: motive_entity) {
        self.seen.push((entity, false));
    }

    /// Makes `call`, returning its status (`OK` for a call skipped for want of a world).
    ///
    /// # Safety
    /// The driver's slots and domains must be live.
    unsafe fn call(&mut self, call: Call) -> motive_status {
        // SAFETY: worlds, simulators and domains come from live slots or are NULL on purpose;
        // every buffer is passed with its own length.
        unsafe {
            match call {
                Call::Instantiate {
                    scenario,
                    copies,
                    seed,
                } => {
                    if self.slots.len() == MAX_WORLDS {
                        return motive_status::Ok;
                    }
                    let s = scenarios()[usize::from(scenario) % SCENARIOS.len()];
                    let (mut world, mut sim) = (null_mut(), null_mut());
                    let status = motive_scenario_instantiate(
                        s,
                        null(),
                        u32::from(copies % 3),
                        seed,
                        &mut world,
                        &mut sim,
                    );
                    if status == motive_status::Ok {
                        self.slots.push(Slot::new(world, sim));
                        self.poll(world, 0);
                    }
                    status
                }
                Call::DestroyWorld(i) => {
                    if !self.slots.is_empty() {
                        let slot = self.slots.remove(usize::from(i) % self.slots.len());
                        motive_sim_destroy(slot.sim);
                        motive_world_destroy(slot.world);
                        // Handles of a destroyed world are foreign to every other: no longer dead in a live world.
                        self.seen.retain(|&(e, _)| e.world != slot.serial);
                    }
                    motive_status::Ok
                }
                Call::Tick(i, dt) => motive_world_tick(self.world(i), seconds(dt)),
                Call::SimStep(i, j, dt) => {
                    let sim = self.slot(i).map_or(null_mut(), |s| s.sim);
                    if sim.is_null() {
                        return motive_status::Ok;
                    }
                    let world = self.world(j);
                    let status = motive_sim_step(sim, world, seconds(dt));
                    if world != self.world(i) {
                        assert_eq!(
                            status,
                            motive_status::InvalidArgument,
                            "a simulator stepped another world"
                        );
                    }
                    status
                }
                Call::Spawn {
                    world: i,
                    archetype,
                    npc,
                    x,
                } => {
                    let world = self.world(i);
                    let at = motive_vec3 { x, y: 0.0, z: 0.0 };
                    let mut out = motive_entity::default();
                    let status = if npc {
                        let mut h = motive_entity_as_npc(out);
                        let s = motive_npc_spawn(world, archetype % 40, at, &mut h);
                        out = motive_npc_entity(h);
                        s
                    } else {
                        let mut h = motive_entity_as_object(out);
                        let s = motive_object_spawn(world, archetype % 40, at, &mut h);
                        out = motive_object_entity(h);
                        s
                    };
                    if status == motive_status::Ok {
                        self.note(out);
                    }
                    status
                }
                Call::Destroy(i, h, npc) => {
                    let world = self.world(i);
                    let e = self.handle(h, world);
                    let status = if npc {
                        motive_npc_destroy(world, motive_entity_as_npc(e))
                    } else {
                        motive_object_destroy(world, motive_entity_as_object(e))
                    };
                    self.expect(world, e, status, true);
                    if status == motive_status::Ok {
                        for s in self.seen.iter_mut().filter(|s| s.0 == e) {
                            s.1 = true;
                        }
                    }
                    status
                }
                Call::Poll(i, capacity) => self.poll(self.world(i), usize::from(capacity % 9)),
                Call::Report {
                    world: i,
                    npc,
                    request,
                    made_up,
                    outcome,
                } => {
                    let world = self.world(i);
                    let (e, request) = match request {
                        Some(r) if !self.requests.is_empty() => {
                            self.requests[usize::from(r) % self.requests.len()]
                        }
                        _ => (self.handle(npc, world), made_up),
                    };
                    let status = motive_npc_report_action(
                        world,
                        motive_entity_as_npc(e),
                        request,
                        outcome % 4,
                    );
                    if outcome % 4 == 1 || outcome % 4 == 2 {
                        self.expect(world, e, status, true);
                    }
                    status
                }
                Call::SetFact(i, h, attribute, fact) => {
                    let world = self.world(i);
                    let e = self.handle(h, world);
                    let value = self.value(fact, world);
                    let status = motive_entity_set_fact(world, e, attribute % 64, &value);
                    self.expect(world, e, status, false);
                    status
                }
                Call::GetFact(i, h, attribute) => {
                    let world = self.world(i);
                    let e = self.handle(h, world);
                    let mut value = self.value(Fact::Bool(false), world);
                    let status = motive_entity_get_fact(world, e, attribute % 64, &mut value);
                    self.expect(world, e, status, false);
                    status
                }
                Call::Claims(i, h, capacity) => {
                    let world = self.world(i);
                    let e = self.handle(h, world);
                    let mut buffer = vec![
                        motive_claim {
                            object: motive_entity::default(),
                            slot: 0
                        };
                        usize::from(capacity % 5)
                    ];
                    let mut count = 0;
                    let status = motive_npc_claims(
                        world,
                        motive_entity_as_npc(e),
                        buffer.as_mut_ptr(),
                        buffer.len(),
                        &mut count,
                    );
                    self.expect(world, e, status, true);
                    status
                }
                Call::Interrupt(i, h) => {
                    let world = self.world(i);
                    let e = self.handle(h, world);
                    let status = motive_npc_interrupt(world, motive_entity_as_npc(e));
                    self.expect(world, e, status, true);
                    status
                }
                Call::ThinkNow(i, h) => {
                    let world = self.world(i);
                    let e = self.handle(h, world);
                    let status = motive_npc_think_now(world, motive_entity_as_npc(e));
                    self.expect(world, e, status, true);
                    status
                }
                Call::Save(i) => {
                    let world = self.world(i);
                    let (status, bytes) = sized(|buffer, capacity, size| {
                        motive_world_save(world, buffer, capacity, size)
                    });
                    if let Some(bytes) = &bytes {
                        let unnamed = [&bytes[..SAVE_SERIAL.start], &bytes[SAVE_SERIAL.end..]];
                        self.trace
                            .push(format!("world save {:x}", digest(&unnamed)));
                    }
                    self.saves.extend(bytes);
                    status
                }
                Call::Load(save, domain, flip) => {
                    if self.saves.is_empty() || self.slots.len() == MAX_WORLDS {
                        return motive_status::Ok;
                    }
                    let mut bytes = self.saves[usize::from(save) % self.saves.len()].clone();
                    if let Some(at) = flip {
                        let at = usize::from(at) % (bytes.len() - SAVE_SERIAL.len());
                        let at = if at < SAVE_SERIAL.start {
                            at
                        } else {
                            at + SAVE_SERIAL.len()
                        };
                        bytes[at] ^= 0x5a;
                    }
                    let domain = self.domains[usize::from(domain) % self.domains.len()];
                    let mut world = null_mut();
                    let status = motive_world_load(domain, bytes.as_ptr(), bytes.len(), &mut world);
                    if status == motive_status::Ok {
                        self.slots.push(Slot::new(world, null_mut()));
                    }
                    status
                }
                Call::SimSave(i) => {
                    let sim = self.slot(i).map_or(null_mut(), |s| s.sim);
                    let (status, bytes) = sized(|buffer, capacity, size| {
                        motive_sim_save(sim, buffer, capacity, size)
                    });
                    if let Some(bytes) = &bytes {
                        self.trace
                            .push(format!("simulator save {:x}", digest(&[bytes])));
                    }
                    self.sim_saves.extend(bytes);
                    status
                }
                Call::SimLoad(save, i) => {
                    let Some(bytes) = self
                        .sim_saves
                        .get(usize::from(save) % self.sim_saves.len().max(1))
                    else {
                        return motive_status::Ok;
                    };
                    let world = self.world(i);
                    let mut sim = null_mut();
                    let status = motive_sim_load(world, bytes.as_ptr(), bytes.len(), &mut sim);
                    // A loaded simulator is only checked for loading: stepping one made for
                    // another world's entities is the caller's mistake the ABI cannot see.
                    motive_sim_destroy(sim);
                    status
                }
                Call::Null(which) => {
                    let world = self.world(0);
                    let mut size = 0;
                    let status = match which {
                        NullCall::Tick => motive_world_tick(null_mut(), 0.1),
                        NullCall::PollBuffer => {
                            motive_world_poll_events(world, null_mut(), 4, &mut size)
                        }
                        NullCall::SpawnOut => {
                            motive_npc_spawn(world, 0, motive_vec3::default(), null_mut())
                        }
                        NullCall::SaveWorld => {
                            motive_world_save(null_mut(), null_mut(), 0, &mut size)
                        }
                        NullCall::LoadBytes => {
                            motive_world_load(self.domains[0], null(), 16, &mut null_mut())
                        }
                        NullCall::SimStepWorld => motive_sim_step(null_mut(), world, 0.1),
                    };
                    assert_eq!(status, motive_status::NullArgument, "{which:?}");
                    status
                }
            }
        }
    }

    /// Asserts the status the driver can predict for a call on `entity` in `world`: exactly,
    /// when the handle is the only argument that may be wrong (`only_handle`), else a failure.
    fn expect(
        &self,
        world: *mut motive_world,
        entity: motive_entity,
        status: motive_status,
        only_handle: bool,
    ) {
        match self.expected(world, entity) {
            Some(expected) if only_handle => assert_eq!(status, expected, "{entity:?}"),
            Some(_) => assert_ne!(status, motive_status::Ok, "{entity:?}"),
            None => {}
        }
    }

    fn value(&self, fact: Fact, world: *mut motive_world) -> motive_value {
        let (r#type, data) = match fact {
            Fact::Bool(b) => (1, motive_value_data { boolean: b }),
            Fact::Number(n) => (2, motive_value_data { number: n }),
            Fact::Entity(h) => (
                3,
                motive_value_data {
                    entity: self.handle(h, world),
                },
            ),
            Fact::Position(x, y, z) => (
                4,
                motive_value_data {
                    position: motive_vec3 { x, y, z },
                },
            ),
            Fact::BadTag(t) => (t, motive_value_data { number: 0.0 }),
        };
        motive_value { r#type, data }
    }

    /// Polls up to `capacity` events of `world` into the trace (handles without their world
    /// serial, which differs between runs), keeping the requests.
    ///
    /// # Safety
    /// `world` must be NULL or live.
    unsafe fn poll(&mut self, world: *mut motive_world, capacity: usize) -> motive_status {
        let mut buffer = vec![std::mem::MaybeUninit::<motive_event>::uninit(); capacity];
        let mut count = 0;
        // SAFETY: the buffer holds `capacity` events.
        let status = unsafe {
            motive_world_poll_events(world, buffer.as_mut_ptr().cast(), capacity, &mut count)
        };
        if status != motive_status::Ok {
            return status;
        }
        for e in &buffer[..count] {
            // SAFETY: the first `count` events were written.
            let e = unsafe { e.assume_init() };
            self.trace.push(format!(
                "{} {}/{} {} {}/{} {} {} {}",
                e.kind,
                e.npc.index1,
                e.npc.generation,
                e.action,
                e.target.index1,
                e.target.generation,
                e.request,
                e.slot,
                e.outcome
            ));
            if e.npc.index1 != 0 {
                self.note(e.npc);
                self.requests.push((e.npc, e.request));
            }
        }
        status
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        // SAFETY: every slot and domain is live and freed exactly once, here.
        unsafe {
            for slot in self.slots.drain(..) {
                motive_sim_destroy(slot.sim);
                motive_world_destroy(slot.world);
            }
            for &d in &self.domains {
                motive_domain_destroy(d);
            }
        }
    }
}

fn seconds(dt: Dt) -> f64 {
    match dt {
        Dt::Tenths(n) => f64::from(n) / 10.0,
        Dt::Negative => -1.0,
        Dt::NotANumber => f64::NAN,
        Dt::Infinite => f64::INFINITY,
    }
}

/// Calls a size-query export twice (size, then bytes), returning its status and the bytes.
fn sized(
    mut f: impl FnMut(*mut u8, usize, *mut usize) -> motive_status,
) -> (motive_status, Option<Vec<u8>>) {
    let mut size = 0;
    let status = f(null_mut(), 0, &mut size);
    if status != motive_status::BufferTooSmall {
        return (status, None);
    }
    let mut bytes = vec![0; size];
    let status = f(bytes.as_mut_ptr(), size, &mut size);
    (status, (status == motive_status::Ok).then_some(bytes))
}

/// A digest of `parts`, for the trace (a save is too long to show whole when two runs differ).
fn digest(parts: &[&[u8]]) -> u64 {
    use std::hash::Hasher;
    let mut hasher = std::hash::DefaultHasher::new();
    for part in parts {
        hasher.write(part);
    }
    hasher.finish()
}

/// The calling thread's last error message.
fn last_error() -> String {
    let mut buffer = [0 as c_char; 512];
    let mut length = 0;
    // SAFETY: the buffer holds 512 bytes.
    unsafe { motive_last_error_message(buffer.as_mut_ptr(), buffer.len(), &mut length) };
    // SAFETY: the export NUL-terminates within the buffer.
    unsafe { std::ffi::CStr::from_ptr(buffer.as_ptr()) }
        .to_string_lossy()
        .into_owned()
}
