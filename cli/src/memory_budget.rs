//! `motive validate`'s statement of resource use: the most heap each archetype's entities can
//! hold under the domain's declared limits (`motive::core::brains::memory_bound`), and the most
//! any of its NPCs needs.

use motive::core::brains::memory_bound::MemoryBound;
use motive::core::model::archetype::ArchetypeId;
use motive::core::Domain;

/// One line per archetype, then the domain's most per NPC, each prefixed with `file`.
pub fn lines(file: &str, domain: &Domain) -> Vec<String> {
    let archetypes = domain.archetypes();
    let mut lines = Vec::new();
    let mut most: Option<(usize, &str, &str)> = None;
    for id in 0..archetypes.len() as u32 {
        let name = archetypes.name(id);
        let bound = MemoryBound::of(domain, ArchetypeId(id));
        let total = bound.total();
        lines.push(match bound.brain {
            Some(brain) => {
                if most.is_none_or(|(bytes, ..)| total > bytes) {
                    most = Some((total, name, brain.name()));
                }
                format!(
                    "{file}: archetype {name} ({} NPC): at most {} bytes per NPC \
                     (entity {}, mind {}, brain {})",
                    brain.name(),
                    thousands(total),
                    thousands(bound.entity),
                    thousands(bound.mind),
                    thousands(bound.brain_state)
                )
            }
            None => format!(
                "{file}: archetype {name} (object): at most {} bytes per object",
                thousands(total)
            ),
        });
    }
    if let Some((bytes, name, brain)) = most {
        lines.push(format!(
            "{file}: this domain needs at most {} bytes per NPC ({name}, {brain}), \
             beside the domain and the planners' scratch",
            thousands(bytes)
        ));
    }
    lines
}

/// `n` with commas between thousands.
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    // A comma before every digit three, six, ... from the end.
    let first = digits.len() % 3;
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && i % 3 == first {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::thousands;

    #[test]
    fn thousands_are_separated() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(1234567), "1,234,567");
    }
}
