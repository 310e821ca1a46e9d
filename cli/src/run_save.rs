//! `motive run --save-at S --save FILE` and `motive run --load FILE`: a run saved mid-way and
//! continued later. The file holds the world's save (`World::save`, versioned, checksummed,
//! naming its domain's fingerprint) and the headless simulator's beside it:
//! `b"MOTVRUN1"`, the world save's length (u64, little-endian), the world save, the simulator
//! save.

use std::error::Error;
use std::path::Path;

use motive::core::World;
use motive::sim::Simulator;

const MAGIC: &[u8; 8] = b"MOTVRUN1";

/// Writes `world` and `simulator` to `path`.
pub fn save(
    path: &Path,
    world: &mut World,
    simulator: &Simulator,
) -> Result<usize, Box<dyn Error>> {
    let world_bytes = world.save()?;
    let sim_bytes = simulator.save()?;
    let mut out = Vec::with_capacity(16 + world_bytes.len() + sim_bytes.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&(world_bytes.len() as u64).to_le_bytes());
    out.extend_from_slice(&world_bytes);
    out.extend_from_slice(&sim_bytes);
    std::fs::write(path, &out).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(out.len())
}

/// Reads a run saved to `path` over `world`'s domain: the world and its simulator.
pub fn load(path: &Path, fresh: &World) -> Result<(World, Simulator), Box<dyn Error>> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let bad = || format!("{}: not a run saved by motive run --save", path.display());
    if bytes.len() < 16 || &bytes[..8] != MAGIC {
        return Err(bad().into());
    }
    let length = u64::from_le_bytes(bytes[8..16].try_into().expect("8 bytes"));
    let rest = &bytes[16..];
    let length = usize::try_from(length)
        .ok()
        .filter(|&l| l <= rest.len())
        .ok_or_else(bad)?;
    let world = World::load(fresh.domain().clone(), &rest[..length])
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let simulator =
        Simulator::load(&rest[length..], &world).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok((world, simulator))
}
