//! An NPC's levels as named numbers, what `--plot` charts and `--trace` counts: a UDGOAP NPC's
//! drive satisfactions (`UdgoapMind::drives`, in [0, 1]) and any NPC's numeric needs (its
//! archetype's decaying attributes, in their ranges).

use motive::core::{AttributeId, Entity, Value, ValueType, World};

/// `npc`'s drive satisfactions by drive name, in the mind's order; none for a mind that is not
/// UDGOAP (or an NPC that is gone).
pub fn satisfactions(world: &World, npc: Entity) -> Vec<(&str, f64)> {
    let Ok(Some(udgoap)) = world.mind(npc).map(|m| m.brain.udgoap()) else {
        return Vec::new();
    };
    let drives = world.domain().drives();
    udgoap
        .drives
        .iter()
        .map(|d| (drives.name(d.drive.0), d.satisfaction))
        .collect()
}

/// The values of `npc`'s numeric needs by attribute name, in the archetype's order.
pub fn need_values(world: &World, npc: Entity) -> Vec<(&str, f64)> {
    let attributes = world.domain().attributes();
    needs(world, npc)
        .into_iter()
        .filter_map(|need| match world.fact(npc, need).map(|f| f.value) {
            Ok(Value::Number(n)) => Some((attributes[need.0 as usize].name.as_str(), n)),
            _ => None,
        })
        .collect()
}

/// The numeric needs of `npc`'s archetype.
pub fn needs(world: &World, npc: Entity) -> Vec<AttributeId> {
    let Ok(Some(archetype)) = world.archetype(npc) else {
        return Vec::new();
    };
    let attributes = world.domain().attributes();
    world
        .domain()
        .archetype(archetype)
        .needs
        .iter()
        .map(|need| need.attribute)
        .filter(|need| attributes[need.0 as usize].value_type == ValueType::Number)
        .collect()
}
