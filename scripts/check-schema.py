#!/usr/bin/env python3
"""Checks the shipped scenarios before (and besides) the Rust loader.

1. Every scenarios/*.json validates against docs/domain.schema.json (JSON Schema draft 2020-12).
2. The schema itself rejects documents that are deliberately wrong (an unknown field, a bad
   operator, an effect with two operations, ...) and accepts a few minimal right ones.
3. Every name a scenario refers to resolves (attributes, curves, tags, annotations, goals,
   drives, world effects, actions, GOAP goals, archetypes, entities), with the roles, value
   types and operators docs/domain-format.md allows where it is used; and every entity starts
   with the facts its actions add to, subtract from, let decay or plan over (an add to an
   unknown fact does nothing, and GOAP reads an unknown number as NaN).

Usage: scripts/check-schema.py [scenario.json ...]   (default: scenarios/*.json)
Prints every problem as `error: <file>: <JSON pointer>: <reason>` (warnings likewise) and exits
1 when there is any error. Needs the `jsonschema` Python package (4.x).
"""

import difflib
import glob
import json
import os
import sys

try:
    import jsonschema
except ImportError:  # pragma: no cover
    print("error: the jsonschema Python package is needed (pip install jsonschema)", file=sys.stderr)
    sys.exit(2)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCHEMA_PATH = os.path.join(ROOT, "docs", "domain.schema.json")

ACTION_ROLES = ("consumer", "supplier")
GOAL_ROLES = ("consumer", "supplier")
TRIGGER_ROLES = ("consumer", "supplier")
SELF_ROLES = ("consumer",)
WORLD_EFFECT_ROLES = ("consumer", "supplier", "other")
ORDERED_OPS = ("<", "<=", ">", ">=")


def pointer(*parts):
    out = ""
    for p in parts:
        out += "/" + str(p).replace("~", "~0").replace("/", "~1")
    return out


class Report:
    def __init__(self):
        self.errors = 0
        self.warnings = 0

    def error(self, where, path, message):
        self.errors += 1
        print(f"error: {where}: {path or '/'}: {message}")

    def warning(self, where, path, message):
        self.warnings += 1
        print(f"warning: {where}: {path or '/'}: {message}")


def load_schema():
    with open(SCHEMA_PATH, encoding="utf-8") as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def schema_errors(validator, doc):
    """Every schema error as (JSON pointer, message), read through anyOf/oneOf: when one branch
    got further into the value than the others, its errors; otherwise one error naming the
    shapes the value could have taken and why each did not fit."""
    out = []
    for e in sorted(validator.iter_errors(doc), key=lambda e: list(e.absolute_path)):
        out.extend(flatten(e, doc))
    return out


def at_pointer(doc, path):
    for part in path:
        try:
            doc = doc[part]
        except (KeyError, IndexError, TypeError):
            return None
    return doc


def describe(e):
    if e.validator == "required":
        return "needs " + e.message.split(" is a required property")[0]
    return e.message


def flatten(e, doc):
    """The errors of `e`, through anyOf and oneOf (see schema_errors)."""
    if e.validator in ("anyOf", "oneOf") and e.context:
        branches = {}
        for c in e.context:
            branches.setdefault(c.relative_schema_path[0], []).append(c)
        # jsonschema reports a `false` property schema without its path: such errors are
        # recomputed from the branch schema below, and never count as getting further.
        deep = {k: v for k, v in branches.items()
                if any(len(c.relative_path) > 0 and c.validator is not None for c in v)}
        if len(deep) == 1:
            return [x for c in next(iter(deep.values())) for x in flatten(c, doc)]
        parts = []
        for k, errs in sorted(branches.items()):
            schema = e.validator_value[k] if isinstance(e.validator_value, list) else {}
            title = schema.get("title") or f"form {k + 1}"
            why = sorted({(pointer(*c.relative_path) + " " if c.relative_path else "") + describe(c)
                          for c in errs if c.validator is not None})
            if isinstance(e.instance, dict):
                banned = [p for p, v in schema.get("properties", {}).items() if v is False and p in e.instance]
                if banned:
                    why.append(", ".join(repr(b) for b in banned) + " not allowed")
            parts.append(f"{title}: {'; '.join(why) or 'does not fit'}")
        return [(pointer(*e.absolute_path), "fits none of its forms (" + " | ".join(parts) + ")")]
    if e.validator == "oneOf":
        return [(pointer(*e.absolute_path), "fits more than one of its forms: " + e.message)]
    if e.validator is None:  # a `false` property schema: name the member it forbids
        parent = at_pointer(doc, e.absolute_path)
        if isinstance(parent, dict):
            banned = [k for k, v in parent.items() if v == e.instance and type(v) is type(e.instance)]
            if banned:
                return [(pointer(*e.absolute_path, k), f"{k!r} is not allowed here") for k in banned[:1]]
    return [(pointer(*e.absolute_path), describe(e))]


# ---------------------------------------------------------------------------------------------
# Name resolution


class Domain:
    """The names of one domain document, by kind, and where each was defined."""

    KINDS = ("attributes", "curves", "goals", "drives", "world_effects", "actions", "goap_goals",
             "archetypes")

    def __init__(self, doc, base, report, where):
        self.doc = doc
        self.base = base  # JSON pointer prefix of the domain inside its file
        self.report = report
        self.where = where
        self.defs = {}
        for kind in self.KINDS:
            table = {}
            for i, item in enumerate(doc.get(kind, [])):
                name = item.get("name")
                if name in table:
                    self.err(pointer(kind, i, "name"), f"duplicate {kind[:-1].replace('_', ' ')} name {name!r}")
                table.setdefault(name, item)
            self.defs[kind] = table
        for kind in ("tags", "annotations"):
            names = doc.get(kind, [])
            self.defs[kind] = {n: n for n in names}
        self.used = {kind: set() for kind in self.defs}

    # -- reporting --
    def err(self, path, message):
        self.report.error(self.where, self.base + path, message)

    def warn(self, path, message):
        self.report.warning(self.where, self.base + path, message)

    def ref(self, kind, name, path, what=None):
        """Resolves `name` among `kind`; reports an unknown one with a suggestion."""
        table = self.defs[kind]
        if name in table:
            self.used[kind].add(name)
            return table[name]
        what = what or kind[:-1].replace("_", " ")
        close = difflib.get_close_matches(str(name), [str(k) for k in table], n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        self.err(path, f"unknown {what} {name!r}{hint}")
        return None

    def attr_type(self, name, path):
        a = self.ref("attributes", name, path, "attribute")
        return a.get("type") if a else None

    # -- values --
    @staticmethod
    def value_type(v):
        if isinstance(v, bool):
            return "bool"
        if isinstance(v, (int, float)):
            return "number"
        if v is None:
            return "entity"
        if isinstance(v, list):
            return "position"
        return None

    def check_role(self, role, roles, path):
        if role not in roles:
            self.err(path, f"role {role!r} is not bound here (allowed: {', '.join(roles)})")

    def operand_type(self, v, path, roles):
        """The value type of an operand (constant, {of, key} or {entity}), checking it."""
        if isinstance(v, dict) and "key" in v:
            self.check_role(v.get("of", "consumer"), roles, path + "/of")
            return self.attr_type(v["key"], path + "/key")
        if isinstance(v, dict) and "entity" in v:
            self.check_role(v["entity"], roles, path + "/entity")
            return "entity"
        return self.value_type(v)

    def curve(self, c, path):
        if isinstance(c, str):
            self.ref("curves", c, path, "curve")

    # -- conditions and effects --
    def condition(self, c, path, roles, goap=False):
        of = c.get("of", "consumer")
        self.check_role(of, roles, path + "/of")
        if "within" in c:
            self.check_role(c.get("near"), roles, path + "/near")
            if goap:
                self.err(path, "a GOAP requirement compares the NPC's own attributes; no distances")
            return
        t = self.attr_type(c.get("key"), path + "/key")
        if "curve" in c:
            self.curve(c["curve"], path + "/curve")
            if t and t != "number":
                self.err(path + "/key", f"a graded condition needs a number, {c['key']!r} is a {t}")
            if goap:
                self.err(path, "a GOAP requirement is a comparison, not a graded score")
            return
        op = c.get("op")
        if t and op in ORDERED_OPS and t != "number":
            self.err(path + "/op", f"{op} needs a number, {c['key']!r} is a {t}")
        rhs = self.operand_type(c.get("value"), path + "/value", roles)
        if t and rhs and rhs != t:
            self.err(path + "/value", f"{c['key']!r} is a {t}, compared with a {rhs}")
        if goap and t == "position":
            self.err(path + "/key", "GOAP plans over booleans, numbers and entities, not positions")

    def conditions(self, cs, path, roles, goap=False):
        for i, c in enumerate(cs or []):
            self.condition(c, f"{path}/{i}", roles, goap)

    def effect(self, e, path, roles):
        self.check_role(e.get("of", "consumer"), roles, path + "/of")
        if "move_to" in e:
            self.check_role(e["move_to"], roles, path + "/move_to")
            return
        if "end" in e:
            return
        t = self.attr_type(e.get("key"), path + "/key")
        for op in ("add", "subtract"):
            if op in e:
                if t and t != "number":
                    self.err(path + "/key", f"{op} needs a number, {e['key']!r} is a {t}")
                rhs = self.operand_type(e[op], f"{path}/{op}", roles)
                if rhs and rhs != "number":
                    self.err(f"{path}/{op}", f"the amount must be a number, got a {rhs}")
        if "set" in e:
            rhs = self.operand_type(e["set"], path + "/set", roles)
            if t and rhs and rhs != t:
                self.err(path + "/set", f"{e['key']!r} is a {t}, set to a {rhs}")

    def effects(self, es, path, roles):
        for i, e in enumerate(es or []):
            self.effect(e, f"{path}/{i}", roles)

    def names(self, kind, names, path, what=None):
        for i, n in enumerate(names or []):
            self.ref(kind, n, f"{path}/{i}", what)

    def modifier(self, m, path):
        self.names("annotations", m.get("annotations"), path + "/annotations", "annotation")

    # -- the whole domain --
    def check(self):
        d = self.doc
        for i, a in enumerate(d.get("attributes", [])):
            if "min" in a and "max" in a and not a["min"] < a["max"]:
                self.err(pointer("attributes", i), "min must be below max")
        for i, g in enumerate(d.get("goals", [])):
            p = pointer("goals", i)
            for j, c in enumerate(g.get("conditions", [])):
                cp = f"{p}/conditions/{j}"
                self.check_role(c.get("of", "consumer"), GOAL_ROLES, cp + "/of")
                t = self.attr_type(c.get("key"), cp + "/key")
                if t and t != "number":
                    self.err(cp + "/key", f"a goal condition needs a number, {c['key']!r} is a {t}")
                self.curve(c.get("curve"), cp + "/curve")
            self.conditions(g.get("removal"), p + "/removal", GOAL_ROLES)
        for i, dr in enumerate(d.get("drives", [])):
            p = pointer("drives", i)
            for j, gen in enumerate(dr.get("generators", [])):
                gp = f"{p}/generators/{j}"
                self.ref("goals", gen.get("goal"), gp + "/goal", "goal")
                self.conditions(gen.get("when"), gp + "/when", TRIGGER_ROLES)
            self.conditions(dr.get("removal"), p + "/removal", SELF_ROLES)
        for i, w in enumerate(d.get("world_effects", [])):
            p = pointer("world_effects", i)
            self.conditions(w.get("filter"), p + "/filter", WORLD_EFFECT_ROLES)
            self.effects(w.get("effects"), p + "/effects", WORLD_EFFECT_ROLES)
        for i, a in enumerate(d.get("actions", [])):
            p = pointer("actions", i)
            self.conditions(a.get("preconditions"), p + "/preconditions", ACTION_ROLES)
            self.effects(a.get("effects"), p + "/effects", ACTION_ROLES)
            self.names("world_effects", a.get("world_effects"), p + "/world_effects", "world effect")
            dur = a.get("duration")
            if isinstance(dur, dict) and "until_full" in dur:
                attr = self.ref("attributes", dur["until_full"], p + "/duration/until_full", "attribute")
                if attr and ("max" not in attr or attr.get("type") != "number"):
                    self.err(p + "/duration/until_full", f"'until full' needs a number with a range, {dur['until_full']!r} has none")
            if "distance_cost" in a:
                self.curve(a["distance_cost"].get("curve"), p + "/distance_cost/curve")
            for j, o in enumerate(a.get("outcomes", {}).get("table", [])):
                self.effects(o.get("effects"), f"{p}/outcomes/table/{j}/effects", ACTION_ROLES)
            self.names("annotations", a.get("annotations"), p + "/annotations", "annotation")
            if "ambiance_effect" in a:
                self.modifier(a["ambiance_effect"], p + "/ambiance_effect")
        for i, g in enumerate(d.get("goap_goals", [])):
            p = pointer("goap_goals", i)
            self.conditions(g.get("requirements"), p + "/requirements", SELF_ROLES, goap=True)
            rel = g.get("relevance")
            if isinstance(rel, dict):
                t = self.attr_type(rel.get("key"), p + "/relevance/key")
                if t and t != "number":
                    self.err(p + "/relevance/key", f"relevance needs a number, {rel['key']!r} is a {t}")
                self.curve(rel.get("curve"), p + "/relevance/curve")
            for j, r in enumerate(g.get("requirements", [])):
                if r.get("key") and r.get("op") == "==" and r.get("value") is False:
                    setters = [
                        e for act in d.get("actions", []) for e in act.get("effects", [])
                        if e.get("key") == r["key"] and e.get("of", "consumer") == "consumer" and "set" in e
                    ]
                    if setters and all(e["set"] is True for e in setters):
                        self.warn(f"{p}/requirements/{j}", f"GOAP goal asks for {r['key']} == false while actions only ever set it to true: an inverted falsehood? (P:367)")
        for i, a in enumerate(d.get("archetypes", [])):
            self.archetype(a, pointer("archetypes", i))
        self.unused()

    def archetype(self, a, p):
        self.names("actions", a.get("consumes"), p + "/consumes", "action")
        self.names("actions", a.get("supplies"), p + "/supplies", "action")
        self.names("drives", a.get("drives"), p + "/drives", "drive")
        self.names("goap_goals", a.get("goap_goals"), p + "/goap_goals", "GOAP goal")
        self.names("tags", a.get("tags"), p + "/tags", "tag")
        self.names("annotations", a.get("annotations"), p + "/annotations", "annotation")
        drives, goals = a.get("drives", []), a.get("goap_goals", [])
        brain = a.get("brain")
        if drives and goals:
            self.err(p, "an archetype has drives (UDGOAP) or GOAP goals, not both")
        if brain == "udgoap" and (not drives or goals):
            self.err(p + "/brain", "brain udgoap needs drives and no GOAP goals")
        if brain == "goap" and (not goals or drives):
            self.err(p + "/brain", "brain goap needs GOAP goals and no drives")
        if brain == "none" and (drives or goals):
            self.err(p + "/brain", "brain none takes no drives and no GOAP goals")
        if (drives or goals) and not a.get("consumes"):
            self.warn(p, "an NPC type that consumes no action can do nothing")
        top = a.get("top_level")
        if isinstance(top, dict):
            veto = top.get("linear_with_bad_death")
            self.ref("drives", veto, p + "/top_level/linear_with_bad_death", "drive")
            if veto not in drives:
                self.err(p + "/top_level/linear_with_bad_death", f"the vetoing drive {veto!r} is not one of the archetype's drives")
        for j, n in enumerate(a.get("needs", [])):
            t = self.attr_type(n.get("key"), f"{p}/needs/{j}/key")
            if t and t != "number":
                self.err(f"{p}/needs/{j}/key", f"a need decays a number, {n['key']!r} is a {t}")
        self.conditions(a.get("death"), p + "/death", SELF_ROLES)
        fb = a.get("fallback")
        if fb is not None:
            self.ref("actions", fb, p + "/fallback", "action")
            if fb not in a.get("consumes", []) or fb not in a.get("supplies", []):
                self.err(p + "/fallback", f"the fallback {fb!r} must be consumed and supplied by the archetype")
            if not goals:
                self.err(p + "/fallback", "a fallback is for GOAP NPCs")
        for key, v in a.get("state", {}).items():
            t = self.attr_type(key, f"{p}/state/{key}")
            vt = self.value_type(v)
            if t and vt != t:
                self.err(f"{p}/state/{key}", f"{key!r} is a {t}, got a {vt}")
        for j, s in enumerate(a.get("slots", [])):
            users = s.get("users", {})
            self.names("archetypes", users.get("archetypes"), f"{p}/slots/{j}/users/archetypes", "archetype")
            self.names("tags", users.get("tags"), f"{p}/slots/{j}/users/tags", "tag")
        for action in a.get("hints", {}):
            self.ref("actions", action, f"{p}/hints/{action}", "action")
            if action not in a.get("supplies", []):
                self.err(f"{p}/hints/{action}", f"hints for {action!r}, which the archetype does not supply")
        if "joint_action" in a:
            act = a["joint_action"].get("action")
            self.ref("actions", act, p + "/joint_action/action", "action")
            if act not in a.get("supplies", []):
                self.err(p + "/joint_action/action", f"joint action {act!r} is not supplied by the archetype")
        if "distance_attenuation" in a:
            self.curve(a["distance_attenuation"], p + "/distance_attenuation")

    def unused(self):
        d = self.doc
        consumed = {x for a in d.get("archetypes", []) for x in a.get("consumes", [])}
        supplied = {x for a in d.get("archetypes", []) for x in a.get("supplies", [])}
        for i, a in enumerate(d.get("actions", [])):
            if a.get("name") not in consumed:
                self.warn(pointer("actions", i), f"action {a.get('name')!r} is consumed by no archetype")
            if a.get("name") not in supplied:
                self.warn(pointer("actions", i), f"action {a.get('name')!r} is supplied by no archetype")
        labels = {"curves": "curve", "goals": "goal", "drives": "drive", "world_effects": "world effect",
                  "goap_goals": "GOAP goal", "tags": "tag", "annotations": "annotation"}
        for kind, label in labels.items():
            for name in self.defs[kind]:
                if name not in self.used[kind]:
                    self.warn(pointer(kind), f"{label} {name!r} is never used")


# ---------------------------------------------------------------------------------------------
# Scenarios


def expand_names(entities):
    """Entity names as spawned: name, name#2, … for a count."""
    names = {}
    for i, e in enumerate(entities):
        for k in range(e.get("count", 1)):
            names.setdefault(e["name"] if k == 0 else f"{e['name']}#{k + 1}", i)
    return names


def initial_needs(dom, archetype):
    """Attributes an entity of `archetype` must start with: (attribute, why)."""
    d, a = dom.doc, archetype
    actions = {x.get("name"): x for x in d.get("actions", [])}
    wes = {x.get("name"): x for x in d.get("world_effects", [])}
    out = []

    def add_sub(effects, role, why):
        for e in effects or []:
            if e.get("of", "consumer") == role and ("add" in e or "subtract" in e):
                out.append((e.get("key"), why))

    for name in a.get("consumes", []):
        act = actions.get(name, {})
        add_sub(act.get("effects"), "consumer", f"{name} adds to or subtracts from it")
        for o in act.get("outcomes", {}).get("table", []):
            add_sub(o.get("effects"), "consumer", f"an outcome of {name} adds to or subtracts from it")
        for we in act.get("world_effects", []):
            add_sub(wes.get(we, {}).get("effects"), "consumer", f"world effect {we} of {name} changes it")
        dur = act.get("duration")
        if isinstance(dur, dict) and "until_full" in dur:
            out.append((dur["until_full"], f"{name} runs until it is full"))
        if a.get("goap_goals"):
            for c in act.get("preconditions", []):
                if c.get("of", "consumer") == "consumer" and "op" in c and c.get("op") in ORDERED_OPS:
                    out.append((c.get("key"), f"GOAP plans {name} over it (unknown numbers are NaN)"))
    for name in a.get("supplies", []):
        act = actions.get(name, {})
        add_sub(act.get("effects"), "supplier", f"supplied {name} adds to or subtracts from it")
    for n in a.get("needs", []):
        out.append((n.get("key"), "it decays as a need"))
    goap = {g.get("name"): g for g in d.get("goap_goals", [])}
    for g in a.get("goap_goals", []):
        for c in goap.get(g, {}).get("requirements", []):
            t = dom.defs["attributes"].get(c.get("key"), {}).get("type")
            if t == "number":
                out.append((c.get("key"), f"GOAP goal {g} requires it (unknown numbers are NaN)"))
    return out


def check_scenario(path, doc, validator, report):
    where = os.path.relpath(path, ROOT)
    for p, msg in schema_errors(validator, doc):
        report.error(where, p, msg)
    if not isinstance(doc, dict):
        return
    expected = os.path.relpath(SCHEMA_PATH, os.path.dirname(os.path.abspath(path)))
    if doc.get("$schema") != expected:
        report.warning(where, "/$schema", f"expected {expected!r} so that editors find the schema")
    if "domain" not in doc:
        dom = Domain(doc, "", report, where)  # a bare domain document
        dom.check()
        return
    domain = doc["domain"]
    base = "/domain"
    if isinstance(domain, str):
        dpath = os.path.join(os.path.dirname(os.path.abspath(path)), domain)
        try:
            with open(dpath, encoding="utf-8") as f:
                domain = json.load(f)
        except (OSError, ValueError) as e:
            report.error(where, "/domain", f"cannot load {domain!r}: {e}")
            return
        for p, msg in schema_errors(validator, domain):
            report.error(os.path.relpath(dpath, ROOT), p, msg)
        where_dom, base = os.path.relpath(dpath, ROOT), ""
    else:
        where_dom = where
    if not isinstance(domain, dict):
        return
    dom = Domain(domain, base, report, where_dom)
    dom.check()

    def err(p, m):
        report.error(where, p, m)

    entities = doc.get("entities", [])
    names = expand_names(entities)
    seen = set()
    for i, e in enumerate(entities):
        if e.get("name") in seen:
            err(pointer("entities", i, "name"), f"duplicate entity name {e['name']!r}")
        seen.add(e.get("name"))

    def facts(fs, p):
        for key, v in (fs or {}).items():
            attr = dom.defs["attributes"].get(key)
            if attr is None:
                close = difflib.get_close_matches(key, list(dom.defs["attributes"]), n=1)
                err(f"{p}/{key}", f"unknown attribute {key!r}" + (f" (did you mean {close[0]!r}?)" if close else ""))
                continue
            t = attr.get("type")
            if isinstance(v, str):
                if t != "entity":
                    err(f"{p}/{key}", f"{key!r} is a {t}; only entity attributes may name an entity")
                elif v not in names:
                    err(f"{p}/{key}", f"unknown entity {v!r}")
            elif Domain.value_type(v) != t:
                err(f"{p}/{key}", f"{key!r} is a {t}, got a {Domain.value_type(v)}")

    def starts_with(archetype_name, fs, p, what):
        a = dom.defs["archetypes"].get(archetype_name)
        if a is None:
            err(p + "/archetype", f"unknown archetype {archetype_name!r}")
            return
        dom.used["archetypes"].add(archetype_name)
        have = set(a.get("state", {})) | set(fs or {})
        for key, why in initial_needs(dom, a):
            if key not in have:
                err(p, f"{what} of {archetype_name!r} starts without {key!r}, but {why}")
                have.add(key)  # once per attribute

    for i, e in enumerate(entities):
        p = pointer("entities", i)
        facts(e.get("facts"), p + "/facts")
        starts_with(e.get("archetype"), e.get("facts"), p, f"entity {e.get('name')!r}")
    sim = doc.get("simulation", {})
    for i, s in enumerate(sim.get("spawns", [])):
        p = pointer("simulation", "spawns", i)
        facts(s.get("facts"), p + "/facts")
        starts_with(s.get("archetype"), s.get("facts"), p, "a spawned entity")
    actions = dom.defs["actions"]
    for name in sim.get("actions", {}):
        p = pointer("simulation", "actions", name)
        act = actions.get(name)
        if act is None:
            close = difflib.get_close_matches(name, list(actions), n=1)
            err(p, f"unknown action {name!r}" + (f" (did you mean {close[0]!r}?)" if close else ""))
        elif act.get("duration", "engine") != "engine":
            report.warning(where, p, f"{name!r} is timed by motive, not performed by the engine")
    for i, area in enumerate(doc.get("areas", [])):
        for j, m in enumerate(area.get("modifiers", [])):
            for k, n in enumerate(m.get("annotations", [])):
                if n not in dom.defs["annotations"]:
                    err(pointer("areas", i, "modifiers", j, "annotations", k), f"unknown annotation {n!r}")
    for i, pr in enumerate(doc.get("projections", [])):
        if isinstance(pr.get("anchor"), str) and pr["anchor"] not in names:
            err(pointer("projections", i, "anchor"), f"unknown entity {pr['anchor']!r}")
        for k, n in enumerate(pr.get("modifier", {}).get("annotations", [])):
            if n not in dom.defs["annotations"]:
                err(pointer("projections", i, "modifier", "annotations", k), f"unknown annotation {n!r}")
    placed = {e.get("archetype") for e in entities} | {s.get("archetype") for s in sim.get("spawns", [])}
    for i, a in enumerate(domain.get("archetypes", [])):
        if a.get("name") not in placed and (a.get("drives") or a.get("goap_goals") or a.get("consumes")):
            report.warning(where_dom, f"{base}/archetypes/{i}", f"NPC type {a.get('name')!r} has no entity in the scenario")


# ---------------------------------------------------------------------------------------------
# The schema must reject these (and accept the minimal right ones).

SCENARIO = {"domain": {}}
BAD = {
    "unknown field in an action": {"actions": [{"name": "a", "cost_per_distanse": 1}]},
    "unknown field at the top": {"atributes": []},
    "bad operator": {"actions": [{"name": "a", "preconditions": [{"key": "x", "op": "=", "value": 1}]}]},
    "effect with two operations": {"actions": [{"name": "a", "effects": [{"key": "x", "add": 1, "set": 2}]}]},
    "effect with add and move_to": {"actions": [{"name": "a", "effects": [{"key": "x", "add": 1, "move_to": "supplier"}]}]},
    "effect with no operation": {"actions": [{"name": "a", "effects": [{"key": "x"}]}]},
    "negative amount": {"actions": [{"name": "a", "effects": [{"key": "x", "subtract": -1}]}]},
    "move_to with a key": {"actions": [{"name": "a", "effects": [{"key": "x", "move_to": "supplier"}]}]},
    "condition mixing compare and within": {"actions": [{"name": "a", "preconditions": [{"key": "x", "op": "==", "value": 1, "within": 2, "near": "supplier"}]}]},
    "unknown role": {"actions": [{"name": "a", "effects": [{"of": "target", "key": "x", "add": 1}]}]},
    "unknown attribute type": {"attributes": [{"name": "x", "type": "string"}]},
    "range on a bool": {"attributes": [{"name": "x", "type": "bool", "min": 0, "max": 1}]},
    "min without max": {"attributes": [{"name": "x", "type": "number", "min": 0}]},
    "bad name": {"attributes": [{"name": "9lives", "type": "bool"}]},
    "cost below 1": {"actions": [{"name": "a", "cost": 0.5}]},
    "goal without conditions": {"goals": [{"name": "g", "conditions": []}]},
    "goal condition without change": {"goals": [{"name": "g", "conditions": [{"key": "x", "curve": "c"}]}]},
    "bad scope": {"drives": [{"name": "d", "generators": [{"goal": "g", "scope": "everyone"}]}]},
    "bad brain": {"archetypes": [{"name": "a", "brain": "fsm"}]},
    "logistic without steepness": {"curves": [{"name": "c", "type": "logistic", "midpoint": 0.5}]},
    "exponent on a linear curve": {"curves": [{"name": "c", "type": "linear", "exponent": 2}]},
    "bad duration": {"actions": [{"name": "a", "duration": {"minutes": 2}}]},
    "relevance above 1": {"goap_goals": [{"name": "g", "relevance": 2}]},
    "claim priority above 255": {"archetypes": [{"name": "a", "claim_priority": 300}]},
    "max_depth above 32": {"archetypes": [{"name": "a", "think": {"max_depth": 40}}]},
    "scenario with unknown field": {"domain": {}, "entites": []},
    "scenario entity without archetype": {"domain": {}, "entities": [{"name": "e", "at": [0, 0, 0]}]},
    "position of two numbers": {"domain": {}, "entities": [{"name": "e", "archetype": "a", "at": [0, 0]}]},
    "failure chance above 1": {"domain": {}, "simulation": {"actions": {"a": {"failure_chance": 2}}}},
    "inline domain with a bad field": {"domain": {"actions": [{"name": "a", "costs": 1}]}},
}
GOOD = {
    "empty domain": {},
    "empty scenario": SCENARIO,
    "scenario with a domain path": {"domain": "household.domain.json"},
    "every condition form": {"actions": [{"name": "a", "preconditions": [
        {"key": "x", "op": "<", "value": 50},
        {"of": "supplier", "key": "amount", "op": ">", "value": 0},
        {"key": "mana", "op": ">=", "value": {"of": "supplier", "key": "cost"}},
        {"key": "at_node", "op": "==", "value": {"entity": "supplier"}},
        {"within": 2, "of": "consumer", "near": "supplier"},
        {"of": "supplier", "key": "health", "curve": {"type": "inverse_linear", "max": 100}},
        {"key": "target", "op": "==", "value": None},
        {"key": "home", "op": "!=", "value": [1, 2, 3]}]}]},
    "every effect form": {"actions": [{"name": "a", "effects": [
        {"key": "x", "add": 20}, {"of": "supplier", "key": "amount", "subtract": 1},
        {"key": "has_meal", "set": True}, {"key": "mana", "add": {"of": "supplier", "key": "m"}},
        {"key": "at", "set": {"entity": "supplier"}}, {"move_to": "supplier"},
        {"of": "supplier", "end": True}]}]},
    "every curve form": {"curves": [
        {"name": "a", "type": "linear", "max": 100},
        {"name": "b", "type": "inverse_linear", "max": 100},
        {"name": "c", "type": "linear", "min": 0, "max": 1, "slope": 2, "offset": -0.5},
        {"name": "d", "type": "power", "max": 100, "exponent": 2},
        {"name": "e", "type": "logistic", "max": 100, "steepness": 10, "midpoint": 0.5},
        {"name": "f", "type": "piecewise", "max": 100, "points": [[0, 0], [0.5, 0.2], [1, 1]]}]},
}


def check_schema_rejects(validator, report):
    where = "docs/domain.schema.json"
    for label, doc in BAD.items():
        if validator.is_valid(doc):
            report.error(where, "/", f"accepts a wrong document ({label}): {json.dumps(doc)}")
    for label, doc in GOOD.items():
        errs = schema_errors(validator, doc)
        for p, msg in errs:
            report.error(where, p, f"rejects a right document ({label}): {msg}")


def main(argv):
    report = Report()
    try:
        validator = load_schema()
    except (OSError, ValueError, jsonschema.exceptions.SchemaError) as e:
        print(f"error: docs/domain.schema.json: {e}")
        return 1
    check_schema_rejects(validator, report)
    paths = argv[1:] or sorted(glob.glob(os.path.join(ROOT, "scenarios", "*.json")))
    if not paths:
        report.error("scenarios", "/", "no scenario found")
    for path in paths:
        try:
            with open(path, encoding="utf-8") as f:
                doc = json.load(f)
        except (OSError, ValueError) as e:
            report.error(os.path.relpath(path, ROOT), "/", str(e))
            continue
        check_scenario(path, doc, validator, report)
    print(f"{len(paths)} scenario(s), {len(BAD)} wrong and {len(GOOD)} right schema probes: "
          f"{report.errors} error(s), {report.warnings} warning(s)")
    return 1 if report.errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
