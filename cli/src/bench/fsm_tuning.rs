//! The numbers the hospital's FSMs act on, read from the loaded domain rather than typed in,
//! so that the FSM and the brains act on the same thresholds and perform the same actions: a
//! game team that writes its FSM against motive's data would read them the same way.

use motive::core::model::action::ActionId;
use motive::core::model::archetype::ArchetypeId;
use motive::core::model::condition::{Condition, Operand, Role};
use motive::core::{AttributeId, Domain, Value};

/// A threshold the FSM checks: it acts while `attribute` is below `value`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Threshold {
    /// The fact it reads.
    pub attribute: AttributeId,
    /// Below this, the FSM acts.
    pub value: f64,
}

/// What a character does in the hospital.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Job {
    /// Medicates, feeds, does admin, socializes (S:136).
    Nurse,
    /// Checks stale charts, socializes (S:136, thesis :1314).
    Doctor,
    /// Chats with a lonely patient, then rests (S:136).
    Visitor,
}

/// Everything the FSMs read from the domain.
#[derive(Clone, Copy, Debug)]
pub struct Tuning {
    /// The archetypes the FSMs drive, and the job of each.
    pub jobs: [(ArchetypeId, Job); 3],
    /// The hospital's actions, by what they are for.
    pub get_pills: ActionId,
    /// The backup medicine's `get_backup_pills`, for when the cabinet is empty.
    pub get_backup_pills: ActionId,
    /// Supplied by patients.
    pub give_pills: ActionId,
    /// At the food trolley.
    pub get_food: ActionId,
    /// Supplied by patients.
    pub give_food: ActionId,
    /// At the admin desk.
    pub do_admin: ActionId,
    /// Supplied by beds.
    pub check_chart: ActionId,
    /// Supplied by nurses and doctors.
    pub chat: ActionId,
    /// Supplied by patients, for visitors.
    pub talk: ActionId,
    /// At the rest area.
    pub rest: ActionId,
    /// A patient needs medicine: `give_pills`'s `supplier.medication < 30`.
    pub medicate: Threshold,
    /// A patient needs food: `give_food`'s `supplier.hunger < 30`.
    pub feed: Threshold,
    /// A chart is stale: `check_chart`'s `supplier.chart < 50`.
    pub stale_chart: Threshold,
    /// The cabinet has stock while `pills` is not below `get_pills`'s `supplier.pills >= 1`.
    pub stock: Threshold,
    /// Paperwork is due: the nurse's `admin_done` goal, `paperwork >= 50`.
    pub admin: Threshold,
    /// Time to chat: the staff's `socialize` goal, `social >= 50`.
    pub social: Threshold,
    /// A patient is lonely: the visitors' `socialize` drive, `supplier.company < 30`.
    pub lonely: Threshold,
    /// A visitor is tired: the visitors' `rest` drive, `energy < 100`.
    pub tired: Threshold,
    /// How far short of a target a walk stops: `goto`'s stand-off.
    pub stand_off: f64,
}

impl Tuning {
    /// Reads the tuning from the hospital's `domain`; an error names what is missing.
    pub fn read(domain: &Domain) -> Result<Self, String> {
        let action = |name: &str| {
            let id = domain.actions().find(name);
            id.map(ActionId)
                .ok_or_else(|| format!("the hospital has no action {name:?}"))
        };
        let archetype = |name: &str| {
            let id = domain.archetypes().find(name);
            id.map(ArchetypeId)
                .ok_or_else(|| format!("the hospital has no archetype {name:?}"))
        };
        let precondition = |name: &str| {
            let def = domain.action(action(name)?);
            first_bound(&def.preconditions, Role::Supplier)
                .ok_or_else(|| format!("{name:?} has no threshold on its supplier"))
        };
        let goal = |name: &str| {
            let id = domain
                .goap_goals()
                .find(name)
                .ok_or_else(|| format!("the hospital has no GOAP goal {name:?}"))?;
            let def = domain.goap_goals().get(id).map_err(|e| e.to_string())?;
            first_bound(&def.requirements, Role::Consumer)
                .ok_or_else(|| format!("GOAP goal {name:?} has no threshold"))
        };
        let drive = |name: &str, role: Role| {
            let id = domain
                .drives()
                .find(name)
                .ok_or_else(|| format!("the hospital has no drive {name:?}"))?;
            let def = domain.drives().get(id).map_err(|e| e.to_string())?;
            def.generators
                .iter()
                .find_map(|g| first_bound(&g.conditions, role))
                .ok_or_else(|| format!("drive {name:?} has no threshold"))
        };
        let goto = action("goto")?;
        Ok(Tuning {
            jobs: [
                (archetype("nurse")?, Job::Nurse),
                (archetype("doctor")?, Job::Doctor),
                (archetype("visitor")?, Job::Visitor),
            ],
            get_pills: action("get_pills")?,
            get_backup_pills: action("get_backup_pills")?,
            give_pills: action("give_pills")?,
            get_food: action("get_food")?,
            give_food: action("give_food")?,
            do_admin: action("do_admin")?,
            check_chart: action("check_chart")?,
            chat: action("chat")?,
            talk: action("talk")?,
            rest: action("rest")?,
            medicate: precondition("give_pills")?,
            feed: precondition("give_food")?,
            stale_chart: precondition("check_chart")?,
            stock: precondition("get_pills")?,
            admin: goal("admin_done")?,
            social: goal("socialize")?,
            lonely: drive("socialize", Role::Supplier)?,
            tired: drive("rest", Role::Consumer)?,
            stand_off: domain.action(goto).hints.stand_off,
        })
    }

    /// The job of an entity of `archetype`, if the FSMs drive it.
    pub fn job(&self, archetype: ArchetypeId) -> Option<Job> {
        self.jobs
            .iter()
            .find(|(a, _)| *a == archetype)
            .map(|(_, job)| *job)
    }
}

/// The first comparison of `role`'s fact with a constant number among `conditions`.
fn first_bound(conditions: &[Condition], role: Role) -> Option<Threshold> {
    conditions.iter().find_map(|c| match c {
        Condition::Compare {
            role: r,
            attribute,
            rhs: Operand::Constant(Value::Number(value)),
            ..
        } if *r == role => Some(Threshold {
            attribute: *attribute,
            value: *value,
        }),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench::hospital::HOSPITAL;
    use motive::domain::load_scenario;

    #[test]
    fn the_hospital_s_numbers_are_read_from_its_domain() {
        let scenario = load_scenario(HOSPITAL, None).unwrap().value;
        let domain = &scenario.domain;
        let tuning = Tuning::read(domain).unwrap();
        let named = |t: Threshold| {
            (
                domain.attributes()[t.attribute.0 as usize].name.clone(),
                t.value,
            )
        };
        assert_eq!(named(tuning.medicate), ("medication".into(), 30.0));
        assert_eq!(named(tuning.feed), ("hunger".into(), 30.0));
        assert_eq!(named(tuning.stale_chart), ("chart".into(), 50.0));
        assert_eq!(named(tuning.stock), ("pills".into(), 1.0));
        assert_eq!(named(tuning.admin), ("paperwork".into(), 50.0));
        assert_eq!(named(tuning.social), ("social".into(), 50.0));
        assert_eq!(named(tuning.lonely), ("company".into(), 30.0));
        assert_eq!(named(tuning.tired), ("energy".into(), 100.0));
        assert_eq!(tuning.stand_off, 0.5);
    }
}
