//! Loading a scenario document: its domain (inline or a file), then the world, simulation,
//! copies, entities, areas, projections, behaviour-tree groups and variants, all reported at
//! JSON Pointers.

use std::path::Path;
use std::sync::Arc;

use serde_json::Value as Json;

use super::diagnostic::{LoadError, Loaded};
use super::document::DOMAIN_FIELDS;
use super::lint::{self, Start};
use super::loading::Loading;
use super::names::Names;
use super::reader::{Node, Obj};
use super::scenario::{AreaSpec, Copies, EntitySpec, ProjectionSpec, Scenario, StartFact};
use super::source::read_document;
use super::syntax;
use crate::core::model::action::ActionId;
use crate::core::model::archetype::ArchetypeId;
use crate::core::model::player_style::PlayerActionId;
use crate::core::model::squad::{MAX_SQUAD_DEPTH, MAX_SQUAD_MEMBERS};
use crate::core::world::ambiance_areas::{Anchor, Area, Falloff, Projection, Shape};
use crate::core::{AttributeId, Domain, Value, ValueType, Vec3, WorldConfig};
use crate::sim::rules::{EngineAction, SimRules, SpawnRule};
use crate::sim::scripted_player::PlayerRule;

/// Most entities a scenario's `entities` list may make, counts included (`copies` repeat them,
/// within `MOTIVE_MAX_ENTITY_CAPACITY_HINT`): each is a spec of a few hundred bytes before the
/// world is made.
pub const MAX_SCENARIO_ENTITIES: usize = 1 << 20;

/// The top-level fields of a scenario document.
const SCENARIO_FIELDS: &[&str] = &[
    "name",
    "description",
    "domain",
    "world",
    "simulation",
    "copies",
    "entities",
    "areas",
    "projections",
    "groups",
    "variants",
    "measures",
];

/// True when `text` looks like a scenario (an object with a `domain`) rather than a domain.
pub fn is_scenario(text: &str) -> bool {
    serde_json::from_str::<Json>(text).is_ok_and(|j| j.get("domain").is_some())
}

/// Loads a scenario from JSON text. A `domain` given as a path is read relative to `base`
/// (the scenario file's folder; the working directory when `None`).
pub fn load_scenario(text: &str, base: Option<&Path>) -> Result<Loaded<Scenario>, LoadError> {
    let mut loading = Loading::default();
    let scenario = syntax::parse(&mut loading.ctx, text).and_then(|json| {
        let root = Node::root(&json);
        if is_domain(&json) {
            loading.ctx.error(
                "",
                "this is a domain, not a scenario: a scenario has a \"domain\" (inline or a \
                 path to this file) and the \"entities\" to start with (`motive validate` checks \
                 a domain alone)",
            );
            return None;
        }
        let obj = loading.ctx.object(&root, SCENARIO_FIELDS)?;
        loading.scenario(&obj, base)
    });
    loading.finish(scenario)
}

/// Whether `json` is a domain document rather than a scenario: no `domain` member, and a
/// member only a domain has.
fn is_domain(json: &Json) -> bool {
    let Some(map) = json.as_object() else {
        return false;
    };
    !map.contains_key("domain")
        && [
            "attributes",
            "actions",
            "archetypes",
            "goals",
            "drives",
            "goap_goals",
        ]
        .iter()
        .any(|k| map.contains_key(*k))
}

/// Loads a scenario file; a `domain` path in it is relative to the file.
pub fn load_scenario_file(path: &Path) -> Result<Loaded<Scenario>, LoadError> {
    load_scenario(&read_document(path)?, path.parent())
}

/// A scenario shipped in `scenarios/`, by file name, instantiated with `npcs` (its own count
/// when `None`) and `seed`: what the crate's unit tests start from.
#[cfg(test)]
pub(crate) fn shipped_instance(file: &str, npcs: Option<u32>, seed: u64) -> super::Instance {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios")
        .join(file);
    let scenario = load_scenario_file(&path).unwrap().value;
    scenario.instantiate(npcs, Some(seed)).unwrap()
}

/// Loads a domain file.
pub fn load_domain_file(path: &Path) -> Result<Loaded<Arc<Domain>>, LoadError> {
    super::document::load_domain(&read_document(path)?)
}

impl Loading {
    /// Reads a whole scenario; None when anything was wrong.
    fn scenario(&mut self, obj: &Obj, base: Option<&Path>) -> Option<Scenario> {
        let domain_node = obj.require(&mut self.ctx, "domain")?;
        // Only a domain that could not be read at all (no names declared) stops the scenario.
        let built = match &domain_node.json {
            Json::String(path) => self.domain_file(&domain_node, path, base)?,
            _ => {
                let domain_obj = self.ctx.object(&domain_node, DOMAIN_FIELDS)?;
                let built = self.domain_sections(&domain_obj);
                if let Some(domain) = &built {
                    lint::lint_definitions(self, domain);
                }
                built
            }
        };
        let domain = self.built_or_stand_in(built);
        let name = match obj.get("name") {
            Some(n) => self.ctx.str(&n)?.to_owned(),
            None => String::new(),
        };
        let description = match obj.get("description") {
            Some(n) => self.ctx.str(&n)?.to_owned(),
            None => String::new(),
        };
        let config = self.world_config(obj.get("world"));
        let rules = self.rules(obj.get("simulation"), &domain);
        let copies = self.copies(obj.get("copies"));
        let (entities, entity_paths, entity_names) = self.entities(obj);
        let areas = obj
            .list(&mut self.ctx, "areas")
            .iter()
            .filter_map(|a| self.area(a))
            .collect();
        let projections = obj
            .list(&mut self.ctx, "projections")
            .iter()
            .filter_map(|p| self.projection(p, &entity_names))
            .collect();
        let archetypes: Vec<ArchetypeId> = entities.iter().map(|e| e.archetype).collect();
        let groups = self.groups(obj, &domain, &entity_names, &archetypes);
        let spawns = rules.as_ref().map_or(&[][..], |r| &r.spawns[..]);
        let used: Vec<ArchetypeId> = entities
            .iter()
            .map(|e| e.archetype)
            .chain(spawns.iter().map(|s| s.archetype))
            .collect();
        let variants = self.variants(obj.get("variants"), &domain, &used);
        let names: Vec<&str> = variants.iter().map(|v| v.name.as_str()).collect();
        let measures = self.measures(obj.get("measures"), &names);
        let scenario = Scenario {
            name,
            description,
            domain,
            config: config?,
            rules: rules?,
            entities,
            areas,
            projections,
            copies: copies?,
            groups,
            variants,
            measures,
        };
        if self.ctx.has_errors() {
            return None;
        }
        self.lint_entities(&scenario, &entity_paths);
        Some(scenario)
    }

    /// The domain a scenario is checked against: `built` or, when the domain is in error, a
    /// stand-in of the definitions accepted, so that the scenario's own parts are checked too
    /// ([`Loading::partial`]) and one load reports every error of the document.
    fn built_or_stand_in(&mut self, built: Option<Arc<Domain>>) -> Arc<Domain> {
        built.unwrap_or_else(|| {
            self.partial = true;
            // The play styles a built domain would have.
            self.builder.styles_in_use();
            Arc::new(self.builder.domain().clone())
        })
    }

    /// A domain document in another file: its diagnostics are reported with the file's name.
    /// None when it cannot be read as a domain at all; Some(None) when it has errors (its
    /// names are declared all the same).
    fn domain_file(
        &mut self,
        node: &Node,
        path: &str,
        base: Option<&Path>,
    ) -> Option<Option<Arc<Domain>>> {
        let full = base.map_or_else(|| Path::new(path).to_owned(), |b| b.join(path));
        let text = match read_document(&full) {
            Ok(text) => text,
            Err(e) => {
                // The message names the file already.
                for d in e.diagnostics {
                    self.ctx.push(d.severity, &node.path, d.message);
                }
                return None;
            }
        };
        let mut inner = Loading::default();
        let read = syntax::parse(&mut inner.ctx, &text).and_then(|json| {
            let obj = inner.ctx.object(&Node::root(&json), DOMAIN_FIELDS)?;
            Some(inner.domain_sections(&obj))
        });
        if let Some(Some(domain)) = &read {
            lint::lint_definitions(&mut inner, domain);
        }
        for d in inner.ctx.diagnostics {
            let at = if d.path.is_empty() { "/" } else { &d.path };
            let message = format!("in {} at {at}: {}", full.display(), d.message);
            self.ctx.push(d.severity, &node.path, message);
        }
        self.builder = inner.builder;
        self.refs = inner.refs;
        self.curves = inner.curves;
        read
    }

    /// `{ "seed", "plan_budget_per_tick" }`.
    fn world_config(&mut self, node: Option<Node>) -> Option<WorldConfig> {
        let mut config = WorldConfig {
            seed: 1,
            ..WorldConfig::default()
        };
        let Some(node) = node else {
            return Some(config);
        };
        let obj = self.ctx.object(&node, &["seed", "plan_budget_per_tick"])?;
        if let Some(s) = obj.get("seed") {
            config.seed = self.ctx.whole(&s, u64::MAX)?;
        }
        if let Some(b) = obj.get("plan_budget_per_tick") {
            config.plan_budget_per_tick = self.ctx.whole(&b, u32::MAX as u64)? as u32;
        }
        Some(config)
    }

    /// The `simulation` section.
    fn rules(&mut self, node: Option<Node>, domain: &Domain) -> Option<SimRules> {
        let mut rules = SimRules::new(domain);
        let Some(node) = node else {
            return Some(rules);
        };
        let fields = [
            "speed",
            "step",
            "seconds",
            "action_seconds",
            "actions",
            "spawns",
            "player",
            "reset_on_death",
        ];
        let obj = self.ctx.object(&node, &fields)?;
        rules.speed = obj.number_or(&mut self.ctx, "speed", rules.speed)?;
        rules.step = obj.number_or(&mut self.ctx, "step", rules.step)?;
        rules.seconds = obj.number_or(&mut self.ctx, "seconds", rules.seconds)?;
        rules.action_seconds =
            obj.number_or(&mut self.ctx, "action_seconds", rules.action_seconds)?;
        if let Some(actions) = obj.get("actions") {
            for (action, n) in self.keyed_entries(&actions, |r| &r.actions) {
                let Some(a) = self.ctx.object(&n, &["seconds", "failure_chance"]) else {
                    continue;
                };
                let seconds = match a.get("seconds") {
                    Some(s) => self.ctx.number(&s).map(Some),
                    None => Some(None),
                };
                let failure_chance = a.number_or(&mut self.ctx, "failure_chance", 0.0);
                if let (Some(seconds), Some(failure_chance)) = (seconds, failure_chance) {
                    rules.per_action[ActionId(action).0 as usize] = EngineAction {
                        seconds,
                        failure_chance,
                    };
                }
            }
        }
        // An entry refused (with its error) is left out, and the rules' indices then no
        // longer are the document's: their own checks would point at the wrong entry (the
        // fuzzer found `"player": [0, {...}]` blamed on the 0).
        let mut entry_refused = false;
        for s in obj.list(&mut self.ctx, "spawns") {
            match self.spawn(&s) {
                Some(spawn) => rules.spawns.push(spawn),
                None => entry_refused = true,
            }
        }
        for p in obj.list(&mut self.ctx, "player") {
            match self.player_rule(&p) {
                Some(rule) => rules.player.push(rule),
                None => entry_refused = true,
            }
        }
        if let Some(reset) = obj.get("reset_on_death") {
            let id = self.refs.archetypes.resolve(&mut self.ctx, &reset)?;
            rules.reset_on_death = Some(ArchetypeId(id));
        }
        if entry_refused {
            return None;
        }
        if let Some(fault) = rules.fault(domain) {
            // At the member at fault, not the whole section (issue 31).
            let at = format!("{}{}", node.path, fault.pointer());
            self.ctx.error(&at, fault.error.message);
            return None;
        }
        Some(rules)
    }

    /// `{ "archetype", "at", "every", "max_alive", "facts" }`.
    fn spawn(&mut self, node: &Node) -> Option<SpawnRule> {
        let obj = self
            .ctx
            .object(node, &["archetype", "at", "every", "max_alive", "facts"])?;
        let archetype = obj.require(&mut self.ctx, "archetype")?;
        let archetype = ArchetypeId(self.refs.archetypes.resolve(&mut self.ctx, &archetype)?);
        let at = obj.require(&mut self.ctx, "at")?;
        let at = self.ctx.vec3(&at)?;
        let every = obj.number(&mut self.ctx, "every")?;
        let max_alive = match obj.get("max_alive") {
            Some(m) => self.ctx.whole(&m, u32::MAX as u64)? as u32,
            None => 1,
        };
        let mut facts = Vec::new();
        if let Some(f) = obj.get("facts") {
            for (attribute, value) in self.fact_entries(&f) {
                facts.push((
                    attribute,
                    self.constant(&value, self.attribute_type(attribute))?,
                ));
            }
        }
        Some(SpawnRule {
            archetype,
            at,
            every,
            max_alive,
            facts,
        })
    }

    /// `{ "action", "from", "until", "every" }`: a player action reported on a schedule.
    fn player_rule(&mut self, node: &Node) -> Option<PlayerRule> {
        let obj = self
            .ctx
            .object(node, &["action", "from", "until", "every"])?;
        let action = obj.require(&mut self.ctx, "action")?;
        let id = self.refs.player_actions.resolve(&mut self.ctx, &action)?;
        Some(PlayerRule {
            action: PlayerActionId(id),
            from: obj.number_or(&mut self.ctx, "from", 0.0)?,
            until: obj.number_or(&mut self.ctx, "until", f64::INFINITY)?,
            every: obj.number(&mut self.ctx, "every")?,
        })
    }

    /// `{ "spacing", "per_row" }`.
    fn copies(&mut self, node: Option<Node>) -> Option<Copies> {
        let mut copies = Copies {
            spacing: Vec3::new(100.0, 0.0, 0.0),
            per_row: 32,
        };
        let Some(node) = node else {
            return Some(copies);
        };
        let obj = self.ctx.object(&node, &["spacing", "per_row"])?;
        if let Some(s) = obj.get("spacing") {
            copies.spacing = self.ctx.vec3(&s)?;
        }
        if let Some(p) = obj.get("per_row") {
            // 0 was taken as 1 without a word; the schema and the docs say 1 or more.
            copies.per_row = self.ctx.whole_between(&p, 1, u32::MAX as u64)? as u32;
        }
        Some(copies)
    }

    /// The `entities`, with `count` expanded and entity-valued facts resolved by name, the
    /// JSON Pointer each came from, and their names (indices into the entities).
    fn entities(&mut self, obj: &Obj) -> (Vec<EntitySpec>, Vec<String>, Names) {
        let fields = [
            "name",
            "archetype",
            "at",
            "facts",
            "count",
            "spread",
            "members",
        ];
        let mut specs: Vec<EntitySpec> = Vec::new();
        let mut paths = Vec::new();
        // Entity references resolve after every name is known: (entity, attribute, name node).
        let mut references: Vec<(usize, AttributeId, Node)> = Vec::new();
        // A squad's members, also resolved once every name is known: (squad, member nodes).
        let mut memberships: Vec<(usize, Vec<Node>)> = Vec::new();
        // Every name made so far, `#k` copies included (a search of the specs was quadratic).
        let mut declared: std::collections::HashSet<String> = std::collections::HashSet::new();
        for node in obj.list(&mut self.ctx, "entities") {
            let Some(e) = self.ctx.object(&node, &fields) else {
                continue;
            };
            let name = e.str(&mut self.ctx, "name");
            let archetype = e
                .require(&mut self.ctx, "archetype")
                .and_then(|a| self.refs.archetypes.resolve(&mut self.ctx, &a));
            let at = match e.get("at") {
                Some(a) => self.ctx.vec3(&a),
                None => Some(Vec3::default()),
            };
            let count = match e.get("count") {
                // 0 made the entity vanish without a word; the schema and the docs say 1 or more.
                Some(c) => self.ctx.whole_between(&c, 1, 100_000),
                None => Some(1),
            };
            let spread = match e.get("spread") {
                Some(s) => self.ctx.vec3(&s),
                None => Some(Vec3::default()),
            };
            let mut facts = Vec::new();
            let mut own_references = Vec::new();
            if let Some(f) = e.get("facts") {
                for (attribute, value) in self.fact_entries(&f) {
                    let ty = self.attribute_type(attribute);
                    match (&value.json, ty) {
                        (Json::String(_), ValueType::Entity) => {
                            own_references.push((attribute, value));
                        }
                        _ => {
                            if let Some(v) = self.constant(&value, ty) {
                                let checked = self.builder.domain().check_value(attribute, v);
                                if self.check(&value.path, checked).is_some() {
                                    facts.push((attribute, StartFact::Value(v)));
                                }
                            }
                        }
                    }
                }
            }
            let (Some(name), Some(archetype), Some(at), Some(count), Some(spread)) =
                (name, archetype, at, count, spread)
            else {
                continue;
            };
            if declared.contains(name) {
                self.ctx
                    .error(&node.path, format!("entity {name:?} is already defined"));
                continue;
            }
            // Counted before anything is made: twenty entries of 100,000 in 2 KB made two
            // million entities' specs (600 MB) before any check.
            if specs.len() + count as usize > MAX_SCENARIO_ENTITIES {
                self.ctx.error(
                    &node.path,
                    format!(
                        "a scenario lists at most {MAX_SCENARIO_ENTITIES} entities; this entry \
                         makes {}",
                        specs.len() + count as usize
                    ),
                );
                continue;
            }
            let place = |k: f32| {
                Vec3::new(
                    at.x + spread.x * k,
                    at.y + spread.y * k,
                    at.z + spread.z * k,
                )
            };
            // The last of them lies farthest: every position finite, or instantiation failed.
            let farthest = place((count - 1) as f32);
            if !farthest.is_finite() {
                let path = e.get("spread").map_or(node.path.clone(), |s| s.path);
                self.ctx.error(
                    &path,
                    format!(
                        "the entities' positions run past the largest finite one ({farthest:?})"
                    ),
                );
                continue;
            }
            if let Some(m) = e.get("members") {
                let squad = self.partial
                    || self.builder.domain().archetypes().items()[archetype as usize]
                        .squad
                        .is_some();
                if !squad {
                    self.ctx.error(
                        &m.path,
                        "only a squad (an archetype with \"squad\") has members",
                    );
                } else if count != 1 {
                    self.ctx
                        .error(&m.path, "a squad with members is one entity: no \"count\"");
                } else {
                    memberships.push((specs.len(), self.ctx.array(&m)));
                }
            }
            for i in 0..count {
                paths.push(node.path.clone());
                for (attribute, value) in &own_references {
                    references.push((specs.len(), *attribute, value.clone()));
                }
                let name = match i {
                    0 => name.to_owned(),
                    _ => format!("{name}#{}", i + 1),
                };
                declared.insert(name.clone());
                specs.push(EntitySpec {
                    name,
                    archetype: ArchetypeId(archetype),
                    at: place(i as f32),
                    facts: facts.clone(),
                    members: Vec::new(),
                });
            }
        }
        let mut names = Names::new("entity");
        for (i, spec) in specs.iter().enumerate() {
            names.declare(&spec.name, Some(i as u32));
        }
        for (index, attribute, node) in references {
            if let Some(target) = names.resolve(&mut self.ctx, &node) {
                let fact = (attribute, StartFact::Entity(target as usize));
                specs[index].facts.push(fact);
            }
        }
        self.squad_members(&mut specs, &names, memberships);
        (specs, paths, names)
    }

    /// Resolves each squad's members: thinking NPCs or squads, each in one squad at most, and
    /// no squad under itself (P:201: a tree).
    fn squad_members(
        &mut self,
        specs: &mut [EntitySpec],
        names: &Names,
        memberships: Vec<(usize, Vec<Node>)>,
    ) {
        let archetypes = self.builder.domain().archetypes().items();
        let thinks: Vec<bool> = specs
            .iter()
            .map(|s| archetypes[s.archetype.0 as usize].thinks())
            .collect();
        let squads: Vec<bool> = specs
            .iter()
            .map(|s| archetypes[s.archetype.0 as usize].squad.is_some())
            .collect();
        let mut superior: Vec<Option<usize>> = vec![None; specs.len()];
        for (squad, nodes) in memberships {
            if nodes.len() > MAX_SQUAD_MEMBERS {
                self.ctx.error(
                    &nodes[MAX_SQUAD_MEMBERS].path,
                    format!("a squad has at most {MAX_SQUAD_MEMBERS} members"),
                );
                continue;
            }
            for node in nodes {
                let Some(member) = names.resolve(&mut self.ctx, &node) else {
                    continue;
                };
                let member = member as usize;
                if !thinks[member] && !self.partial {
                    self.ctx.error(
                        &node.path,
                        format!(
                            "{:?} does not think: a squad's members are NPCs or squads",
                            specs[member].name
                        ),
                    );
                } else if let Some(other) = superior[member] {
                    self.ctx.error(
                        &node.path,
                        format!(
                            "{:?} is a member of squad {:?} already: a unit has one superior",
                            specs[member].name, specs[other].name
                        ),
                    );
                } else if Self::commands(&superior, member, squad) {
                    self.ctx.error(
                        &node.path,
                        format!(
                            "{:?} commands {:?}: making it a member would make a cycle",
                            specs[member].name, specs[squad].name
                        ),
                    );
                } else if let Some(depth) = Self::too_deep(&superior, specs, &squads, squad, member)
                {
                    // As `World::join_squad` counts it: the squad, those above it, and the
                    // levels below the member. The last link of a path sees all of it.
                    self.ctx.error(
                        &node.path,
                        format!(
                            "a hierarchy is at most {MAX_SQUAD_DEPTH} levels deep; this would \
                             make {depth}"
                        ),
                    );
                } else {
                    superior[member] = Some(squad);
                    specs[squad].members.push(member);
                }
            }
        }
    }

    /// The depth a hierarchy would have with `member` under `squad`, if it is past
    /// [`MAX_SQUAD_DEPTH`]: the squad and its superiors so far, plus the member's levels.
    fn too_deep(
        superior: &[Option<usize>],
        specs: &[EntitySpec],
        squads: &[bool],
        squad: usize,
        member: usize,
    ) -> Option<usize> {
        let mut above = 0;
        let mut at = Some(squad);
        while let Some(s) = at.filter(|_| above <= MAX_SQUAD_DEPTH) {
            above += 1;
            at = superior[s];
        }
        fn height(specs: &[EntitySpec], squads: &[bool], unit: usize, below: usize) -> usize {
            if !squads[unit] || below > MAX_SQUAD_DEPTH {
                return usize::from(squads[unit]);
            }
            let members = specs[unit].members.iter();
            1 + members
                .map(|&m| height(specs, squads, m, below + 1))
                .max()
                .unwrap_or(0)
        }
        let depth = above + height(specs, squads, member, 0);
        (depth > MAX_SQUAD_DEPTH).then_some(depth)
    }

    /// Whether `unit` is `squad` or above it in the chain of command so far.
    fn commands(superior: &[Option<usize>], unit: usize, squad: usize) -> bool {
        let mut at = Some(squad);
        // Each step goes up; a chain is never longer than the entities.
        for _ in 0..=superior.len() {
            match at {
                Some(s) if s == unit => return true,
                Some(s) => at = superior[s],
                None => return false,
            }
        }
        false
    }

    /// `{ "name", "shape": { "sphere": { "center", "radius" } } | { "box": { "min", "max" } },
    /// "modifiers" }`.
    fn area(&mut self, node: &Node) -> Option<AreaSpec> {
        let obj = self.ctx.object(node, &["name", "shape", "modifiers"])?;
        let shape_node = obj.require(&mut self.ctx, "shape")?;
        let shape_obj = self.ctx.object(&shape_node, &["sphere", "box"])?;
        let shape = match (shape_obj.get("sphere"), shape_obj.get("box")) {
            (Some(s), None) => {
                let s = self.ctx.object(&s, &["center", "radius"])?;
                let center = s.require(&mut self.ctx, "center")?;
                Shape::Sphere {
                    center: self.ctx.vec3(&center)?,
                    radius: s.number(&mut self.ctx, "radius")?,
                }
            }
            (None, Some(b)) => {
                let b = self.ctx.object(&b, &["min", "max"])?;
                let (min, max) = (
                    b.require(&mut self.ctx, "min")?,
                    b.require(&mut self.ctx, "max")?,
                );
                Shape::Box {
                    min: self.ctx.vec3(&min)?,
                    max: self.ctx.vec3(&max)?,
                }
            }
            _ => {
                self.ctx
                    .error(&shape_node.path, "a shape is one of \"sphere\" and \"box\"");
                return None;
            }
        };
        let modifiers = obj
            .list(&mut self.ctx, "modifiers")
            .iter()
            .filter_map(|m| self.modifier(m))
            .collect();
        // The area's own checks (finite, not inverted), made as the world will make them.
        let checked = Area::new(shape, Vec::new());
        self.check(&shape_node.path, checked)?;
        Some(AreaSpec { shape, modifiers })
    }

    /// `{ "anchor": entity name, "radius", "modifier", "falloff" }`.
    fn projection(&mut self, node: &Node, entities: &Names) -> Option<ProjectionSpec> {
        let obj = self
            .ctx
            .object(node, &["anchor", "radius", "modifier", "falloff"])?;
        let anchor = obj.require(&mut self.ctx, "anchor")?;
        let source = entities.resolve(&mut self.ctx, &anchor)? as usize;
        let radius_node = obj.require(&mut self.ctx, "radius")?;
        let radius = self.ctx.number(&radius_node)?;
        let modifier = obj.require(&mut self.ctx, "modifier")?;
        let modifier = self.modifier(&modifier)?;
        let falloff = match obj.get("falloff") {
            Some(f) => [Falloff::Constant, Falloff::Linear]
                [self.ctx.choice(&f, &["constant", "linear"])?],
            None => Falloff::Constant,
        };
        // The projection's own checks, made as the world will make them (anchored at the
        // origin here: the source is placed when the scenario is instantiated, so a refusal
        // is the radius's).
        let checked = Projection::new(
            Anchor::At(Vec3::default()),
            radius,
            modifier.clone(),
            falloff,
        );
        self.check(&radius_node.path, checked)?;
        Some(ProjectionSpec {
            source,
            radius,
            modifier,
            falloff,
        })
    }

    /// Lint per NPC entity, in the scenario and in each of its variants: goals already
    /// satisfied by how it starts (once per archetype and starting facts).
    fn lint_entities(&mut self, scenario: &Scenario, paths: &[String]) {
        let mut seen = Vec::new();
        self.lint_starts(scenario, paths, "", &mut seen);
        for name in scenario.variant_names() {
            let varied = scenario
                .with_variant(name)
                .expect("a variant of the scenario");
            self.lint_starts(&varied, paths, &format!(" in variant {name:?}"), &mut seen);
        }
    }

    /// [`Loading::lint_entities`] for one cast: `context` follows each entity's name.
    fn lint_starts(
        &mut self,
        scenario: &Scenario,
        paths: &[String],
        context: &str,
        seen: &mut Vec<(ArchetypeId, Vec<(AttributeId, Value)>)>,
    ) {
        for (spec, path) in scenario.entities.iter().zip(paths) {
            let def = scenario.domain.archetype(spec.archetype);
            if !def.thinks() {
                continue;
            }
            let mut facts = def.state.clone();
            for (a, f) in &spec.facts {
                if let StartFact::Value(v) = f {
                    facts.retain(|(b, _)| b != a);
                    facts.push((*a, *v));
                }
            }
            if seen
                .iter()
                .any(|(arch, f)| *arch == spec.archetype && *f == facts)
            {
                continue;
            }
            let start = Start {
                archetype: spec.archetype,
                facts: &facts,
                path,
                label: format!("entity {:?}{context}", spec.name),
            };
            let domain = scenario.domain.clone();
            lint::satisfied_at_start(self, &domain, &start);
            seen.push((spec.archetype, facts));
        }
    }
}
