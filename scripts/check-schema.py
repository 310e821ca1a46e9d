#!/usr/bin/env python3
"""Checks docs/domain.schema.json against the shipped scenarios and against probes.

1. Every scenarios/*.json validates against docs/domain.schema.json (JSON Schema draft 2020-12).
2. The schema itself rejects documents that are deliberately wrong (an unknown field, a bad
   operator, an effect with two operations, ...) and accepts a few minimal right ones.
Names and meaning are the Rust loader's to check (tests/scenarios_shipped.rs, `motive
validate`); this script keeps the schema honest, so that editors complete what motive accepts.

Usage: scripts/check-schema.py [document.json ...]   (default: scenarios/*.json, tests/data/*.json)
Prints every problem as `error: <file>: <JSON pointer>: <reason>` (warnings likewise) and exits
1 when there is any error. Needs the `jsonschema` Python package (4.x).
"""

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
        return
    domain = doc["domain"]
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
    "goal condition without curve": {"goals": [{"name": "g", "conditions": [{"key": "x", "change": "increase"}]}]},
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
    "ubc goal without key": {"ubc_goals": [{"name": "g"}]},
    "ubc goal weight 0": {"ubc_goals": [{"name": "g", "key": "x", "weight": 0}]},
    "ubc plan step on a place": {"ubc_plans": [{"name": "p", "steps": [{"action": "a", "on": "cabinet"}]}]},
    "ubc plan without steps": {"ubc_plans": [{"name": "p", "steps": []}]},
    "ubc brain without plans": {"archetypes": [{"name": "a", "ubc": {"goals": ["g"]}}]},
    "variant with an unknown field": {"domain": {}, "variants": {"v": {"archetype": {"a": "b"}}}},
    "variant mapping to a non-name": {"domain": {}, "variants": {"v": {"archetypes": {"a": 2}}}},
    "variant with a bad name": {"domain": {}, "variants": {"9v": {"archetypes": {}}}},
}
GOOD = {
    "empty domain": {},
    "empty scenario": SCENARIO,
    "scenario with a domain path": {"domain": "household.domain.json"},
    "scenario with variants": {"domain": {}, "variants": {
        "goap": {"description": "GOAP visitors", "archetypes": {"visitor": "goap_visitor"}},
        "udgoap": {"archetypes": {"nurse": "udgoap_nurse", "doctor": "udgoap_doctor"}},
        "as_written": {}}},
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
    "every ubc form": {
        "ubc_goals": [{"name": "m", "key": "money"},
                      {"name": "fed", "key": "hunger", "scope": "others", "weight": 0.6,
                       "curve": {"type": "power", "max": 100, "exponent": 0.5}}],
        "ubc_plans": [{"name": "feed", "steps": [
            {"action": "goto", "on": "next"}, {"action": "take_food", "on": "nearest"},
            {"action": "goto", "on": "next"}, {"action": "give_food"}, {"action": "rest", "on": "self"}]}],
        "archetypes": [{"name": "nurse", "brain": "ubc",
                        "ubc": {"goals": ["m", {"goal": "fed", "weight": 2}], "plans": ["feed"]}}]},
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
    paths = argv[1:] or sorted(
        glob.glob(os.path.join(ROOT, "scenarios", "*.json"))
        + glob.glob(os.path.join(ROOT, "tests", "data", "*.json")))
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
