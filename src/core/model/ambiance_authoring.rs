//! Defining smart ambiance (thesis ch. 7, 000_16db0c300c7e0e65.txt:1652-1790): annotations,
//! each action's annotations and ambiance effect, and the annotations applicable to each NPC
//! archetype. Same rules as the rest of [`DomainBuilder`]: every call validates what it adds,
//! and a rejected call changes nothing.

use crate::core::model::action::ActionId;
use crate::core::model::ambiance::{AnnotationId, Annotations, Modifier, MAX_ANNOTATIONS};
use crate::core::model::archetype::ArchetypeId;
use crate::core::model::domain::{Domain, DomainBuilder};
use crate::core::model::error::{Error, Result};

impl DomainBuilder {
    /// Defines an ambiance annotation (`loud`, `nervous`, `suspicious`).
    pub fn add_annotation(&mut self, name: &str) -> Result<AnnotationId> {
        if self.domain.annotations.len() >= MAX_ANNOTATIONS as usize {
            return Err(Error::invalid(format!(
                "a domain has at most {MAX_ANNOTATIONS} annotations"
            )));
        }
        self.domain.annotations.add(name, ()).map(AnnotationId)
    }

    /// Sets the annotations of `action` (replacing any): ambiance modifiers carrying one of
    /// them change its GOAP cost (:1698). Every id must be defined.
    pub fn set_action_annotations(
        &mut self,
        action: ActionId,
        annotations: &[AnnotationId],
    ) -> Result<()> {
        let set = self.domain.annotation_set(annotations)?;
        self.domain.actions_mut().get_mut(action.0)?.annotations = set;
        Ok(())
    }

    /// Sets the ambiance effect of `action` (replacing any): each successful performance adds
    /// `effect` as an event modifier to every area containing the performer, starting
    /// `effect.start()` seconds after the performance (0: at once, :1746). Its annotations
    /// must be defined and its start must be ≥ 0.
    pub fn set_action_ambiance_effect(&mut self, action: ActionId, effect: Modifier) -> Result<()> {
        self.domain.check_annotations(effect.annotations())?;
        if effect.start() < 0.0 {
            return Err(Error::invalid(format!(
                "an ambiance effect's start is a delay after the performance and must be >= 0, got {}",
                effect.start()
            )));
        }
        self.domain.actions_mut().get_mut(action.0)?.ambiance_effect = Some(effect);
        Ok(())
    }

    /// Sets the annotations applicable to `archetype`'s NPCs (replacing any): which of their
    /// actions' costs ambiance may change (:1698). Every id must be defined.
    pub fn set_archetype_annotations(
        &mut self,
        archetype: ArchetypeId,
        annotations: &[AnnotationId],
    ) -> Result<()> {
        let set = self.domain.annotation_set(annotations)?;
        self.domain
            .archetypes
            .get_mut(archetype.0)?
            .applicable_annotations = set;
        Ok(())
    }
}

impl Domain {
    /// Checks every annotation of `annotations` is defined: a modifier naming an unknown one
    /// could never apply, which is an authoring mistake to report, not to ignore.
    pub fn check_annotations(&self, annotations: &Annotations) -> Result<()> {
        annotations
            .iter()
            .try_for_each(|id| self.annotations.get(id.0).map(drop))
    }

    /// The set of `ids`, each checked to be defined.
    fn annotation_set(&self, ids: &[AnnotationId]) -> Result<Annotations> {
        for id in ids {
            self.annotations.get(id.0)?;
        }
        Ok(ids.iter().copied().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::model::ambiance::Rate;
    use crate::core::model::error::ErrorKind;

    fn modifier(start: f64, ids: &[AnnotationId]) -> Modifier {
        let instant = Rate::Instantaneous;
        let set = ids.iter().copied().collect();
        Modifier::new(start, -1.0, set, instant, 2.0, instant).unwrap()
    }

    #[test]
    fn annotations_are_named_found_and_attached() {
        let mut b = DomainBuilder::new();
        let loud = b.add_annotation("loud").unwrap();
        let nervous = b.add_annotation("nervous").unwrap();
        assert_eq!((loud, nervous), (AnnotationId(0), AnnotationId(1)));
        let dup = b.add_annotation("loud").unwrap_err();
        assert_eq!(dup.kind, ErrorKind::AlreadyExists);
        let run = b.add_action("run").unwrap();
        b.set_action_annotations(run, &[nervous]).unwrap();
        b.set_action_ambiance_effect(run, modifier(0.5, &[nervous]))
            .unwrap();
        let pedestrian = b.add_archetype("pedestrian").unwrap();
        b.set_archetype_annotations(pedestrian, &[nervous, loud])
            .unwrap();
        let domain = b.build().unwrap();
        assert_eq!(domain.annotations().find("nervous"), Some(1));
        assert_eq!(domain.annotations().find("quiet"), None);
        let action = domain.action(run);
        assert!(action.annotations.contains(nervous) && !action.annotations.contains(loud));
        assert_eq!(action.ambiance_effect.as_ref().unwrap().start(), 0.5);
        let applicable = &domain.archetype(pedestrian).applicable_annotations;
        assert!(applicable.contains(loud) && applicable.contains(nervous));
    }

    #[test]
    fn rejected_calls_change_nothing() {
        let mut b = DomainBuilder::new();
        let loud = b.add_annotation("loud").unwrap();
        let chat = b.add_action("chat").unwrap();
        let npc = b.add_archetype("npc").unwrap();
        b.set_action_annotations(chat, &[loud]).unwrap();
        let unknown = AnnotationId(5);
        let kind = |r: Result<()>| r.unwrap_err().kind;
        assert_eq!(
            kind(b.set_action_annotations(chat, &[loud, unknown])),
            ErrorKind::NotFound
        );
        assert_eq!(
            kind(b.set_action_annotations(ActionId(9), &[loud])),
            ErrorKind::NotFound
        );
        assert_eq!(
            kind(b.set_action_ambiance_effect(chat, modifier(0.0, &[unknown]))),
            ErrorKind::NotFound
        );
        assert_eq!(
            kind(b.set_action_ambiance_effect(chat, modifier(-1.0, &[loud]))),
            ErrorKind::InvalidArgument
        );
        assert_eq!(
            kind(b.set_archetype_annotations(npc, &[unknown])),
            ErrorKind::NotFound
        );
        assert_eq!(
            kind(b.set_archetype_annotations(ArchetypeId(3), &[loud])),
            ErrorKind::NotFound
        );
        assert_eq!(
            b.add_annotation("not a name").unwrap_err().kind,
            ErrorKind::InvalidArgument
        );
        let domain = b.build().unwrap();
        assert_eq!(domain.annotations().len(), 1);
        assert!(domain.action(chat).annotations.contains(loud));
        assert_eq!(domain.action(chat).ambiance_effect, None);
        assert!(domain.archetype(npc).applicable_annotations.is_empty());
    }
}
