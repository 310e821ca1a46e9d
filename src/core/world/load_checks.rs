//! What a decoded save must satisfy before a world is made of it ([`World::load`]): every id
//! within the domain, every vector sized from it, the entity table and the squads' tree as the
//! world's own operations leave them. The checksum only finds accidents (FNV-1a, `fnv.rs`), so
//! bytes changed and sealed again decode into any state the format can hold; without these
//! checks such a state loaded and made a later think index out of bounds (a panic the C ABI
//! turns into a poisoned world), or a squad listed under itself made one interrupt walk the
//! hierarchy until memory ran out (an abort no boundary can catch).

use crate::core::model::action::ActionId;
use crate::core::model::entity::{Entity, EntityKind};
use crate::core::model::error::Result;
use crate::core::model::goap::GoapGoalId;
use crate::core::model::smart_object::Claim;
use crate::core::model::squad::{MAX_SQUAD_DEPTH, MAX_SQUAD_MEMBERS};
use crate::core::world::brains::Brains;
use crate::core::world::save::corrupt;
use crate::core::world::{EntityRecord, Mind, World};

impl<B: Brains> World<B> {
    /// Checks a decoded state against its domain and itself; the first thing amiss refuses the
    /// save.
    pub(super) fn check_loaded(&self) -> Result<()> {
        if !self.entities.is_consistent() {
            return Err(corrupt("its entity table is inconsistent"));
        }
        let archetypes = self.domain.archetypes().len();
        let mut npcs = 0;
        for (_, record) in self.entities.iter() {
            if record
                .archetype()
                .is_some_and(|a| a.0 as usize >= archetypes)
            {
                return Err(corrupt("an entity's archetype is not the domain's"));
            }
            npcs += usize::from(record.kind() == EntityKind::Npc);
            if let Some(mind) = record.mind.as_deref() {
                if !self.mind_fits(record, mind) {
                    return Err(corrupt("a mind does not fit its archetype"));
                }
            }
        }
        if npcs != self.npc_count {
            return Err(corrupt("its count of NPCs is not its NPCs'"));
        }
        if !B::shared_fits(&self.brains, &self.domain, self.time) {
            return Err(corrupt(
                "its brains' world-wide state does not fit the domain",
            ));
        }
        if self.outcome_history.len() != self.domain.actions().len() {
            return Err(corrupt(
                "its outcome histories do not match the domain's actions",
            ));
        }
        self.check_squads()
    }

    /// Whether `mind`, in `record`, fits: the brain's own state ([`Brains::fits`]), its plan,
    /// action and claims, and what it commands.
    fn mind_fits(&self, record: &EntityRecord<B>, mind: &Mind<B>) -> bool {
        let Some(archetype) = record.archetype() else {
            return false;
        };
        let domain = &*self.domain;
        let action = |a: ActionId| (a.0 as usize) < domain.actions().len();
        let goal = |g: GoapGoalId| (g.0 as usize) < domain.goap_goals().len();
        // A claim on a live object names one of its slots; one on an object gone is let go.
        let claim_fits = |c: &Claim| {
            self.live_record(c.object)
                .is_none_or(|object| (c.slot as usize) < object.slots.len())
        };
        let command_fits = mind.command.as_deref().is_none_or(|command| {
            command.members.len() <= MAX_SQUAD_MEMBERS
                && command.order.as_ref().is_none_or(|order| {
                    action(order.action) && order.entries.iter().all(|e| goal(e.goal))
                })
        });
        mind.brain
            .fits(domain, domain.archetype(archetype), self.time)
            && mind.plan.iter().all(|step| action(step.action))
            && mind.next_step <= mind.plan.len()
            && mind.running.is_none_or(|r| action(r.step.action))
            && mind.claims.iter().all(claim_fits)
            && command_fits
    }

    /// Checks that the squads form the tree `join_squad` keeps: `World::squads` lists live
    /// squads that command, every member is a live unit whose superior is the squad listing
    /// it, once, every superior lists its subordinate, and no chain of superiors is deeper than
    /// [`MAX_SQUAD_DEPTH`] (so none loops).
    fn check_squads(&self) -> Result<()> {
        let broken = || Err(corrupt("its squads do not form a hierarchy"));
        if !self
            .squads
            .iter()
            .all(|&squad| self.command_of(squad).is_some())
        {
            return broken();
        }
        for (key, record) in self.entities.iter() {
            let unit = Entity::from_key(key, self.serial());
            let Some(mind) = record.mind.as_deref() else {
                continue;
            };
            if let Some(command) = mind.command.as_deref() {
                let listed_once = |(i, m): (usize, &Entity)| !command.members[..i].contains(m);
                let subordinate = |m: &Entity| {
                    self.live_record(*m)
                        .and_then(|r| r.mind.as_deref())
                        .is_some_and(|sub| sub.superior == unit)
                };
                if !command.members.iter().enumerate().all(listed_once)
                    || !command.members.iter().all(subordinate)
                {
                    return broken();
                }
            }
            let mut above = mind.superior;
            for depth in 0.. {
                if above.is_null() {
                    break;
                }
                let lists = self
                    .command_of(above)
                    .is_some_and(|c| depth > 0 || c.members.contains(&unit));
                if depth > MAX_SQUAD_DEPTH || !lists {
                    return broken();
                }
                above = self.superior(above).unwrap_or(Entity::NULL);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::core::model::entity::{Entity, EntityKind};
    use crate::core::World;
    use crate::domain::shipped_instance;

    /// A world of room_clearing's squad, saved after `corrupt` changed it, and loaded again.
    fn reloaded(corrupt: impl FnOnce(&mut World, Entity)) -> crate::core::Result<World> {
        let mut instance = shipped_instance("room_clearing.json", None, 1);
        let squad = instance
            .world
            .entities()
            .find(|&e| instance.world.kind(e).ok() == Some(EntityKind::Squad))
            .expect("a squad");
        corrupt(&mut instance.world, squad);
        let bytes = instance.world.save().unwrap();
        World::load(instance.world.domain().clone(), &bytes)
    }

    /// A squad listed among its own members loaded, and one interrupt then walked the
    /// hierarchy until memory ran out (an abort). A member that names another superior, or one
    /// listed twice, is refused too; the squad as it was loads.
    #[test]
    fn a_save_whose_squads_are_no_tree_is_refused() {
        assert!(reloaded(|_, _| {}).is_ok());
        let refusals: [fn(&mut World, Entity); 3] = [
            |w, squad| w.command_mut(squad).unwrap().members.push(squad),
            |w, squad| {
                let first = w.command(squad).unwrap().members[0];
                w.command_mut(squad).unwrap().members.push(first);
            },
            |w, squad| {
                let first = w.command(squad).unwrap().members[0];
                w.mind_mut(first).unwrap().superior = Entity::NULL;
            },
        ];
        for corrupt in refusals {
            let err = reloaded(corrupt).err().expect("refused");
            assert!(err.message.contains("squads"), "{err}");
        }
    }
}
