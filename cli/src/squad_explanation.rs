//! What `motive explain` says of a squad beyond its brain: whom it commands, who commands it,
//! and its latest order (what it recommended to whom, with which target, and who reported).

use std::fmt::Write;

use motive::core::{Entity, World};

use crate::roster::Roster;

/// Appends `squad`'s command to `out`; nothing for an entity that commands no one.
pub fn explain(out: &mut String, world: &World, roster: &Roster, squad: Entity) {
    let Ok(command) = world.command(squad) else {
        return;
    };
    let domain = world.domain();
    let superior = world.superior(squad).unwrap_or(Entity::NULL);
    if !superior.is_null() {
        let _ = writeln!(out, "\nsuperior: {}", roster.name(world, superior));
    }
    let members: Vec<String> = command
        .members
        .iter()
        .map(|&m| roster.name(world, m))
        .collect();
    let _ = writeln!(
        out,
        "\nmembers ({}): {}",
        members.len(),
        if members.is_empty() {
            "none".to_owned()
        } else {
            members.join(", ")
        }
    );
    let Some(order) = &command.order else {
        let _ = writeln!(out, "\nno order issued yet");
        return;
    };
    let state = if order.active { "standing" } else { "ended" };
    let _ = writeln!(
        out,
        "\nlatest order: {} issued at {:.2} s ({state})",
        domain.actions().name(order.action.0),
        order.issued
    );
    for entry in &order.entries {
        let target = if entry.target.is_null() {
            String::new()
        } else {
            format!(", target {}", roster.name(world, entry.target))
        };
        let awaited = if entry.awaited {
            "awaited"
        } else {
            "not awaited"
        };
        let _ = writeln!(
            out,
            "  {:<16} {} {:+.2}{target} ({awaited}): {}",
            roster.name(world, entry.member),
            domain.goap_goals().name(entry.goal.0),
            entry.bias,
            entry.report.name()
        );
    }
}
