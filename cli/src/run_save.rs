//! `motive run --save-at S --save FILE` and `motive run --load FILE`: a run saved mid-way and
//! continued later. The file holds the world's save (`World::save`, versioned, checksummed,
//! naming its domain's fingerprint), the headless simulator's and the scenario's measures
//! beside it: `b"MOTVRUN2"`, then each of the world, simulator and measures saves as its
//! length (u64, little-endian) and its bytes.

use std::error::Error;
use std::path::Path;

use motive::core::World;
use motive::sim::{Measure, Measurement, Simulator};

const MAGIC: &[u8; 8] = b"MOTVRUN2";

/// The largest run file `--load` reads: well above a 50,000-NPC hospital's save, and a bound
/// on what a wrong path (a device, a huge file) can make it read.
const MAX_RUN_BYTES: u64 = 2 << 30;

/// A run as saved: its world, the engine playing its part, what the scenario measured.
pub struct SavedRun {
    /// The world.
    pub world: World,
    /// The headless engine.
    pub simulator: Simulator,
    /// The measures, counted up to the save.
    pub measurement: Measurement,
}

/// Writes `world`, `simulator` and `measurement` to `path`; the bytes written.
pub fn save(
    path: &Path,
    world: &mut World,
    simulator: &Simulator,
    measurement: &Measurement,
) -> Result<usize, Box<dyn Error>> {
    let parts = [world.save()?, simulator.save()?, measurement.save()?];
    let mut out = Vec::with_capacity(8 + parts.iter().map(|p| 8 + p.len()).sum::<usize>());
    out.extend_from_slice(MAGIC);
    for part in &parts {
        out.extend_from_slice(&(part.len() as u64).to_le_bytes());
        out.extend_from_slice(part);
    }
    std::fs::write(path, &out).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(out.len())
}

/// Reads a run saved to `path` over `fresh`'s domain, measuring `measures`.
pub fn load(
    path: &Path,
    fresh: &World,
    measures: Vec<Measure>,
) -> Result<SavedRun, Box<dyn Error>> {
    let bytes = read_bounded(path)?;
    let bad = || format!("{}: not a run saved by motive run --save", path.display());
    let rest = bytes.strip_prefix(MAGIC).ok_or_else(bad)?;
    let (world_bytes, rest) = part(rest).ok_or_else(bad)?;
    let (sim_bytes, rest) = part(rest).ok_or_else(bad)?;
    let (measure_bytes, rest) = part(rest).ok_or_else(bad)?;
    if !rest.is_empty() {
        return Err(bad().into());
    }
    let named = |e: motive::core::Error| format!("{}: {e}", path.display());
    let world = World::load(fresh.domain().clone(), world_bytes).map_err(named)?;
    let simulator = Simulator::load(sim_bytes, &world).map_err(named)?;
    let measurement = Measurement::load(measures, measure_bytes, &world).map_err(named)?;
    Ok(SavedRun {
        world,
        simulator,
        measurement,
    })
}

/// The first length-prefixed part of `bytes` and what follows it.
fn part(bytes: &[u8]) -> Option<(&[u8], &[u8])> {
    let length = u64::from_le_bytes(bytes.get(..8)?.try_into().ok()?);
    let rest = &bytes[8..];
    let length = usize::try_from(length).ok().filter(|&l| l <= rest.len())?;
    Some(rest.split_at(length))
}

/// The bytes of the regular file at `path`, at most [`MAX_RUN_BYTES`] of them.
fn read_bounded(path: &Path) -> Result<Vec<u8>, Box<dyn Error>> {
    use std::io::Read;
    let named = |e: std::io::Error| format!("{}: {e}", path.display());
    let file = std::fs::File::open(path).map_err(named)?;
    if !file.metadata().map_err(named)?.is_file() {
        return Err(format!("{}: not a run saved by motive run --save", path.display()).into());
    }
    let mut bytes = Vec::new();
    file.take(MAX_RUN_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(named)?;
    if bytes.len() as u64 > MAX_RUN_BYTES {
        return Err(format!(
            "{}: larger than {MAX_RUN_BYTES} bytes, the most a saved run may be",
            path.display()
        )
        .into());
    }
    Ok(bytes)
}
