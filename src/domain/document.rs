//! Loading a domain document: every section in dependency order, through one builder.

use std::collections::HashMap;
use std::sync::Arc;

use super::diagnostic::{LoadError, Loaded};
use super::lint;
use super::loading::Loading;
use super::reader::{self, Node};
use super::syntax;
use crate::core::model::archetype::ArchetypeId;
use crate::core::model::goal::GoalId;
use crate::core::Domain;

/// The top-level fields of a domain document.
pub const DOMAIN_FIELDS: &[&str] = &[
    "name",
    "description",
    "attributes",
    "curves",
    "tags",
    "annotations",
    "goals",
    "drives",
    "world_effects",
    "actions",
    "goap_goals",
    "ubc_goals",
    "ubc_plans",
    "behaviour_trees",
    "player_styles",
    "player_actions",
    "adaptation",
    "archetypes",
];

/// Loads a domain from JSON text: the domain and its lint warnings, or every error found.
pub fn load_domain(text: &str) -> Result<Loaded<Arc<Domain>>, LoadError> {
    let mut loading = Loading::default();
    let domain = syntax::parse(&mut loading.ctx, text).and_then(|json| {
        let root = Node::root(&json);
        let obj = loading.ctx.object(&root, DOMAIN_FIELDS)?;
        // A domain document alone must define something (a scenario's inline domain may be
        // bare: its own errors then say what is missing). Only when nothing else is wrong: a
        // misspelt section is its own error.
        let sections = ["attributes", "actions", "archetypes"];
        if !loading.ctx.has_errors() && !sections.iter().any(|k| obj.has(k)) {
            loading.ctx.error(
                "",
                "an empty domain: a domain defines the \"attributes\", \"actions\" and \
                 \"archetypes\" its NPCs and smart objects are made of",
            );
            return None;
        }
        loading.domain_sections(&obj)
    });
    if let Some(domain) = &domain {
        lint::lint_definitions(&mut loading, domain);
        lint::lint_archetype_starts(&mut loading, domain);
    }
    loading.finish(domain)
}

impl Loading {
    /// Reads every section of a domain object and builds it; None when anything was wrong.
    pub fn domain_sections(&mut self, obj: &reader::Obj) -> Option<Arc<Domain>> {
        for a in obj.list(&mut self.ctx, "attributes") {
            self.attribute(&a);
        }
        let curves = obj.list(&mut self.ctx, "curves");
        self.named_curves(&curves);
        let tags = obj.list(&mut self.ctx, "tags");
        self.plain_names(&tags, |b, n| b.add_tag(n).map(|t| t.0), |r| &mut r.tags);
        let annotations = obj.list(&mut self.ctx, "annotations");
        self.plain_names(
            &annotations,
            |b, n| b.add_annotation(n).map(|a| a.0),
            |r| &mut r.annotations,
        );
        for g in obj.list(&mut self.ctx, "goals") {
            self.goal(&g);
        }
        for d in obj.list(&mut self.ctx, "drives") {
            self.drive(&d);
        }
        for w in obj.list(&mut self.ctx, "world_effects") {
            self.world_effect(&w);
        }
        let actions = obj.list(&mut self.ctx, "actions");
        for a in &actions {
            self.declare_action(a);
        }
        for a in &actions {
            self.action(a);
        }
        for g in obj.list(&mut self.ctx, "goap_goals") {
            self.goap_goal(&g);
        }
        for a in &actions {
            self.action_order(a);
        }
        for g in obj.list(&mut self.ctx, "ubc_goals") {
            self.ubc_goal(&g);
        }
        for p in obj.list(&mut self.ctx, "ubc_plans") {
            self.ubc_plan(&p);
        }
        for t in obj.list(&mut self.ctx, "behaviour_trees") {
            self.bt_tree(&t);
        }
        self.player_model(obj);
        let archetypes = obj.list(&mut self.ctx, "archetypes");
        for a in &archetypes {
            self.declare_archetype(a);
        }
        for a in &archetypes {
            self.archetype(a);
        }
        self.check_whole_definitions();
        if self.ctx.has_errors() {
            return None;
        }
        let built = self.builder.build();
        self.check(&obj.node.path, built)
    }

    /// What only the whole domain shows (a goal's condition, an archetype's one brain), at the
    /// definition at fault; `build` checks it again, for callers that have no paths. Only when
    /// nothing else is wrong: a rejected condition is its own error.
    fn check_whole_definitions(&mut self) {
        if self.ctx.has_errors() {
            return;
        }
        for (id, path) in sorted(&self.paths.goals) {
            let checked = self.builder.check_goal(GoalId(id));
            self.check(&path, checked);
        }
        for (id, path) in sorted(&self.paths.archetypes) {
            let checked = self.builder.check_archetype(ArchetypeId(id));
            self.check(&path, checked);
        }
    }

    /// The load's result: `value` with the warnings, or every diagnostic when there was an
    /// error (or no value).
    pub fn finish<T>(self, value: Option<T>) -> Result<Loaded<T>, LoadError> {
        match value {
            Some(value) if !self.ctx.has_errors() => Ok(Loaded {
                value,
                warnings: self.ctx.diagnostics,
            }),
            _ => Err(LoadError {
                diagnostics: self.ctx.diagnostics,
            }),
        }
    }
}

/// The paths of definitions by id, in id order (document order).
fn sorted(paths: &HashMap<u32, String>) -> Vec<(u32, String)> {
    let mut sorted: Vec<(u32, String)> = paths.iter().map(|(&id, p)| (id, p.clone())).collect();
    sorted.sort_unstable_by_key(|&(id, _)| id);
    sorted
}
