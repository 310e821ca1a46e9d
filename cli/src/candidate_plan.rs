//! The plan of one candidate of a UDGOAP decision, in execution order: each candidate's plan
//! is its parent's with its own step inserted at its position, so replaying the insertions
//! from the root rebuilds it.

use motive::core::brains::udgoap::mind::Candidate;
use motive::core::world::Step;

/// The plan of `candidates[index]` (candidates in generation order, so ids are indices and
/// parents come first).
pub fn candidate_plan(candidates: &[Candidate], index: usize) -> Vec<Step> {
    let mut insertions = Vec::new();
    let mut at = Some(index);
    while let Some(i) = at {
        let candidate = &candidates[i];
        if let Some(step) = candidate.step() {
            insertions.push((step, candidate.position() as usize));
        }
        at = candidate.parent().map(|p| p as usize);
    }
    let mut plan = Vec::with_capacity(insertions.len());
    for (step, position) in insertions.into_iter().rev() {
        plan.insert(position.min(plan.len()), step);
    }
    plan
}

#[cfg(test)]
mod tests {
    use super::*;
    use motive::core::brains::udgoap::mind::CandidateFields;
    use motive::core::model::action::ActionId;
    use motive::core::Entity;

    fn candidate(id: u32, parent: Option<u32>, action: u32, position: u32) -> Candidate {
        Candidate::new(CandidateFields {
            id,
            parent,
            step: parent.map(|_| Step {
                action: ActionId(action),
                supplier: Entity::NULL,
            }),
            position,
            depth: 0,
            utility: 0.0,
            complete: false,
            truncated: false,
        })
    }

    #[test]
    fn insertions_replay_into_execution_order() {
        // eat (1), then cook inserted before it (2), then get before cook (3), then a walk
        // appended after eating (4): get, cook, eat, walk.
        let candidates = [
            candidate(0, None, 0, 0),
            candidate(1, Some(0), 10, 0),
            candidate(2, Some(1), 11, 0),
            candidate(3, Some(2), 12, 0),
            candidate(4, Some(3), 13, 3),
        ];
        let actions: Vec<u32> = candidate_plan(&candidates, 4)
            .iter()
            .map(|s| s.action.0)
            .collect();
        assert_eq!(actions, [12, 11, 10, 13]);
        assert!(
            candidate_plan(&candidates, 0).is_empty(),
            "the root plans nothing"
        );
    }
}
