"""Regenerate the golden replays in tests/golden/ (whole duels: scenario + dice + decisions + full event log).

Usage: PYTHONPATH=engine python3 tests/tools/make_golden.py [NAME ...]

Each case is a scenario, a seeded dice source and a plan: (player, option id or predicate) steps taken the
first time they are legal; every other decision is the greedy policy's (seeded, so the whole run is a pure
function of the case). Where a case needs the dice to fall a certain way (a failed save), the first seed in
``seeds`` whose duel ends for the wanted ``reason`` is kept, so the search itself is deterministic. A case
that must not depend on a search (a position no seed reaches) plays with manual dice instead: every natural
is a ``roll N`` decision its ``rolls`` function answers, so the replay holds each die it needs.

Review a regenerated log by eye before committing it: it must read as a duel (tests/golden/README.md).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mageduel import dice, policies, replay, state
from mageduel.compose import new_duel
from mageduel.scenario import Scenario

GOLDEN = Path(__file__).resolve().parent.parent / "golden"

Step = tuple[str, Any]


@dataclass
class Case:
    name: str
    scenario: dict[str, Any]
    reason: str
    plan: list[Step] = field(default_factory=list)
    seeds: range = range(1, 200)
    #: "greedy" or "passive" (turns end at once, reactions pass) for decisions outside the plan.
    fallback: str = "greedy"
    check: Callable[[state.Duel], bool] | None = None
    #: Manual dice: the natural each ``roll`` decision gets, from the decision's context (purpose, code,
    #: roller, count, sides). None: seeded dice.
    rolls: Callable[[dict[str, Any]], int] | None = None


def cast(spell: str, target: str | None = None) -> Callable[[Any], bool]:
    def ok(o: Any) -> bool:
        if o.kind != "cast" or o.data.get("spell") != spell or o.data.get("defensive") or o.data.get("item"):
            return False
        return target is None or target in o.data.get("targets", []) or o.data.get("aim") == target

    return ok


def people(*who: str, sides: list[str] | None = None) -> list[dict[str, Any]]:
    out = []
    for i, w in enumerate(who):
        p: dict[str, Any] = {"id": f"p{i + 1}", "roster": w}
        if sides:
            p["side"] = sides[i]
        out.append(p)
    return out


def creature_attack(o: Any) -> bool:
    """A summoned creature's attack on a rival creature (ids like ``p2s1``)."""
    return o.kind in ("attack", "full-attack") and "s" in o.data["targets"][0][1:]


def summoner_sheet(who: str) -> dict[str, Any]:
    """A roster wizard's sheet with one summon monster I in place of her mage armor."""
    from mageduel import roster

    sheet = roster.get(who).model_dump(mode="json")
    sheet["prepared"]["1"] = ["magic_missile", "magic_missile", "shield", "summon_monster_i"]
    return sheet


def four_mages_dice(ctx: dict[str, Any]) -> int:
    """The manual dice of ``duel_area_dodged_by_two``: initiative puts Tobin, Ysolde, Ilse, Kael in that
    order; every other d20 shows 10 (Ilse saves against the fireball at +4, Kael misses by one) and every
    damage die shows 1, so nobody falls before the bead bursts."""
    if ctx["code"] == "initiative":
        return {"p1": 20, "p2": 15, "p3": 10, "p4": 5}[ctx["roller"]]
    return 10 if ctx["sides"] == 20 else ctx["count"]


CASES = [
    Case(
        "mageduel_defeat",
        {
            "name": "Ilse against Kael: won by defeat (MD-14, MD-21)",
            "kind": "mageduel",
            "participants": people("ilse", "kael"),
            "options": {"zone_width": 30, "zone_height": 20},
        },
        "defeat",
    ),
    Case(
        "mageduel_rite_negotiated",
        {
            "name": "Ilse against Kael: zone and preparation settled by checks (MD-4, MD-7, MD-8)",
            "kind": "mageduel",
            "participants": people("ilse", "kael"),
        },
        "defeat",
        plan=[
            ("p1", "zone 46x20"),
            ("p2", "zone 72x46"),
            ("p1", "prepare 1"),
            ("p2", "prepare 2"),
            ("p1", cast("shield")),
            ("p2", cast("mage_armor", "p2")),
        ],
        check=lambda d: any(
            e.kind == "rite" and e.data.get("step") == "zone" and not e.data["agreed"] for e in d.events
        ),
    ),
    Case(
        "mageduel_expulsion",
        {
            "name": "Corvin against Tamsin: thrown out of the zone by telekinesis (MD-22)",
            "kind": "mageduel",
            "participants": people("corvin", "tamsin"),
            "options": {"zone_width": 28},
        },
        "expulsion",
        plan=[("p1", cast("telekinesis", "p2")), ("p1", "choose sustained_force")],
        fallback="passive",
    ),
    Case(
        "mageduel_interference",
        {
            "name": "Ilse against Kael: a page walks into the zone (MD-19)",
            "kind": "mageduel",
            "participants": people("ilse", "kael"),
            "options": {"zone_width": 24},
            "events": [{"kind": "bystander", "round": 3, "who": "a page"}],
        },
        "interference",
    ),
    Case(
        "mageduel_time",
        {
            "name": "Tamsin against Bram: neither strikes, the hour runs out (MD-24)",
            "kind": "mageduel",
            "participants": people("tamsin", "bram"),
            "options": {"zone_width": 4},
        },
        "time",
        fallback="passive",
        seeds=range(1, 2),
    ),
    Case(
        "mageduel_disqualification",
        {
            "name": "Odile against Kael: a wand used against a rival disqualifies (MD-13, MD-23)",
            "kind": "mageduel",
            "participants": people("odile", "kael"),
            "options": {"zone_width": 16},
        },
        "disqualification",
        plan=[("p1", lambda o: o.id.startswith("use item2 magic_missile") and not o.data.get("defensive"))],
    ),
    Case(
        "mageduel_three_way",
        {
            "name": "Ilse, Kael and Odile, every mage for themself",
            "kind": "mageduel",
            "participants": people("ilse", "kael", "odile"),
            "options": {"zone_width": 26},
        },
        "defeat",
    ),
    Case(
        "mageduel_two_against_two",
        {
            "name": "Ilse and Odile against Kael and Bram: sides, allies help each other (DU-3, MD-21)",
            "kind": "mageduel",
            "participants": people("ilse", "kael", "odile", "bram", sides=["a", "b", "a", "b"]),
            "options": {"zone_width": 28},
        },
        "defeat",
    ),
    Case(
        "mageduel_draw",
        {
            "name": "Ilse against Kael: both declare a draw (MD-25)",
            "kind": "mageduel",
            "participants": people("ilse", "kael"),
            "options": {"zone_width": 20},
            "terms": {"kind": "mageduel", "progress_check": True},
        },
        "draw",
        plan=[("p1", "go-on"), ("p2", "go-on"), ("p1", "declare-draw"), ("p2", "declare-draw")],
        fallback="passive",
        seeds=range(1, 2),
    ),
    Case(
        "mageduel_finger_of_death",
        {
            "name": "Aurelian against Corvin: killing spells deal half maximum hit points (MD-17)",
            "kind": "mageduel",
            "participants": people("aurelian", "corvin"),
            "options": {"zone_width": 66},
        },
        "defeat",
        plan=[("p1", cast("finger_of_death", "p2"))],
        check=lambda d: any("MD-17" in e.clauses for e in d.events if e.kind == "damage"),
    ),
    Case(
        "duel_first_blood",
        {
            "name": "Ilse against Kael: a duel to first blood (DU-5)",
            "kind": "duel",
            "participants": people("ilse", "kael"),
            "terms": {"kind": "duel", "end": "first_blood"},
        },
        "first-blood",
    ),
    Case(
        "duel_decided_by_counterspell",
        {
            "name": "Ilse against Kael, first blood: a duel counterspell decides it (DU-12..DU-15)",
            "kind": "duel",
            "participants": people("ilse", "kael"),
            "terms": {"kind": "duel", "end": "first_blood"},
        },
        "first-blood",
        plan=[
            ("p2", cast("magic_missile", "p1")),
            ("p1", "identify"),
            ("p1", "react duel-counter magic_missile slot1"),
            ("p1", cast("magic_missile", "p2")),
        ],
        fallback="passive",
        check=lambda d: any(e.kind == "countered" for e in d.events) and d.outcome.winners == ["p1"],
    ),
    Case(
        "duel_withdrawal",
        {
            "name": "Garrick against Ilse: Ilse withdraws (DU-9)",
            "kind": "duel",
            "participants": people("garrick", "ilse"),
            "terms": {"kind": "duel", "progress_check": True},
        },
        "withdrawal",
        plan=[("p1", "go-on"), ("p2", "go-on"), ("p1", "go-on"), ("p2", "withdraw")],
    ),
    Case(
        "duel_new_after_withdrawal",
        {
            "name": "Ilse, Kael and Odile: Odile withdraws, the other two fight a new duel (DU-9)",
            "kind": "duel",
            "participants": people("ilse", "kael", "odile"),
            "terms": {"kind": "duel", "progress_check": True},
        },
        "defeat",
        plan=[("p3", "withdraw"), ("p1", "new-duel"), ("p2", "new-duel")],
        check=lambda d: any(e.kind == "new-duel" for e in d.events) and bool(d.outcome.earlier),
    ),
    Case(
        "duel_of_summoned_creatures",
        {
            "name": "Ilse against Ilse: their summoned creatures fight for them (DU-6)",
            "kind": "duel",
            "participants": [
                {"id": "p1", "character": summoner_sheet("ilse"), "position": [0, 0]},
                {"id": "p2", "character": summoner_sheet("ilse"), "position": [0, 5]},
            ],
            "terms": {"kind": "duel", "attack_kind": "magic", "fought_by": "summoned"},
        },
        "defeat",
        plan=[
            ("p1", cast("summon_monster_i")),
            ("p2", cast("summon_monster_i")),
            *[(p, creature_attack) for _ in range(8) for p in ("p1", "p2")],
        ],
        fallback="passive",
        check=lambda d: (
            "DU-6" in d.outcome.clauses
            and any(  # the creatures fought each other
                e.kind == "attack" and d.by_id[e.actor].summoned_by and d.by_id[e.data["target"]].summoned_by
                for e in d.events
            )
        ),
    ),
    Case(
        "duel_duelist_parry",
        {
            "name": "Séverine against Garrick, three hits: she holds a parry and uses it free (DU-28)",
            "kind": "duel",
            "participants": [
                {"id": "p1", "roster": "severine", "position": [0, 0]},
                {"id": "p2", "roster": "garrick", "position": [0, 5]},
            ],
            "terms": {"kind": "duel", "end": "hits", "hits": 3},
        },
        "hits",
        plan=[
            ("p1", lambda o: bool(o.data.get("hold_parry"))),
            ("p1", "end"),  # no 5-foot step away: she stays within his sword's reach
            ("p2", lambda o: o.kind == "full-attack" and o.data.get("weapon") == "longsword"),
            ("p1", "react parry rapier"),
        ],
        check=lambda d: any(e.kind == "parry-feature" for e in d.events),
    ),
    Case(
        "duel_breach",
        {
            "name": "Ilse against Garrick, melee only: a crossbow bolt breaks the terms (DU-2)",
            "kind": "duel",
            "participants": [
                {"id": "p1", "roster": "ilse", "position": [0, 0]},
                {"id": "p2", "roster": "garrick", "position": [0, 40]},
            ],
            "terms": {"kind": "duel", "weapon_forms": ["melee"], "breaches": "allowed"},
        },
        "breach",
        plan=[("p1", "attack light_crossbow @p2")],
        check=lambda d: d.outcome.losers == ["p1"],
    ),
    Case(
        "duel_four_way_reactions",
        {
            "name": "Four mages, each for themself: identify, counter and dodge one spell in a round (DU-11..DU-25)",
            "kind": "duel",
            "participants": [
                {"id": "p1", "roster": "corvin", "position": [0, 0]},
                {"id": "p2", "roster": "ilse", "position": [25, 20]},
                {"id": "p3", "roster": "kael", "position": [30, 25]},
                {"id": "p4", "roster": "nadira", "position": [25, 30]},
            ],
            "options": {"max_rounds": 8},
        },
        "time",
        check=lambda d: several_reactions(d),
    ),
    Case(
        "duel_area_dodged_by_two",
        {
            "name": "Four mages: two dodge one fireball, then one delayed blast fireball (DU-22..DU-25)",
            "kind": "duel",
            "participants": [
                {"id": "p1", "roster": "tobin", "position": [0, 0]},
                {"id": "p2", "roster": "ysolde", "position": [0, 10]},
                {"id": "p3", "roster": "ilse", "position": [40, 0]},
                {"id": "p4", "roster": "kael", "position": [40, 10]},
            ],
            "options": {"max_rounds": 3},
        },
        "time",
        plan=[
            # Round 1: Tobin's fireball takes in Ilse and Kael; both dodge, each then saves with +4 (DU-23)
            # and takes -2 once it is resolved (DU-25).
            ("p1", cast("fireball", "p3")),
            ("p3", "react dodge"),
            ("p4", "react dodge"),
            # Ysolde waits a round (Ilse's and Kael's immediate actions are spent until their turns end).
            ("p2", "end"),
            # Round 2: her delayed blast fireball, set to burst a round later: both dodge again, and since the
            # bead reaches nobody now, both -2s begin together when the casting is resolved — the events
            # finding 3 saw come out in a set's order. It bursts on both at her next turn.
            ("p2", cast("delayed_blast_fireball", "p3")),
            ("p2", "choose delay-1"),
            ("p3", "react dodge"),
            ("p4", "react dodge"),
        ],
        fallback="passive",
        seeds=range(1, 2),
        rolls=four_mages_dice,
        check=lambda d: dodged_together(d) == 2,
    ),
]


def dodged_together(duel: state.Duel) -> int:
    """How many castings of an area spell two or more participants dodged in the same window."""
    found = 0
    dodgers: set[str] = set()
    for e in duel.events:
        if e.kind == "casting":
            dodgers = set()
        elif e.kind == "dodge":
            dodgers.add(e.actor or "")
        elif e.kind == "spell" and e.data.get("point") is not None and len(dodgers) >= 2:
            found += 1
    return found


def several_reactions(duel: state.Duel) -> bool:
    """A round where one spell met an identification, a counterspell and a dodge."""
    seen: set[str] = set()
    for e in duel.events:
        if e.kind == "casting":
            seen = set()
        elif e.kind in ("identified", "duel-counter", "counterspell", "dodge"):
            seen.add("counter" if e.kind in ("duel-counter", "counterspell") else e.kind)
        if {"identified", "counter", "dodge"} <= seen:
            return True
    return False


def greedy_or_passive(kind: str, seed: int) -> Callable[[state.Duel], str]:
    pol = policies.make("greedy", seed)

    def choose(duel: state.Duel) -> str:
        ask = duel.pending
        assert ask is not None
        if kind == "greedy":
            return pol.choose(duel)
        ids = ask.option_ids
        for safe in ("end", "pass", "go-on", "stand-aside", "accept", "prepare 0"):
            if safe in ids:
                return safe
        return ids[0]

    return choose


def play(case: Case, seed: int) -> state.Duel:
    sc = Scenario.model_validate(case.scenario)
    duel = new_duel(sc, dice.Manual() if case.rolls is not None else dice.Seeded(seed))
    plan = list(case.plan)
    fallback = greedy_or_passive(case.fallback, seed)
    for _ in range(200_000):
        ask = duel.pending
        if ask is None:
            return duel
        if ask.kind == "roll" and case.rolls is not None:
            duel.apply(ask.player, f"roll {case.rolls(ask.context)}")
            continue
        choice = None
        for i, (player, want) in enumerate(plan):
            if player != ask.player:
                continue
            if callable(want):
                choice = next((o.id for o in ask.options if want(o)), None)
            elif ask.find(want) is not None:
                choice = want
            if choice is not None:
                del plan[i]
            break
        duel.apply(ask.player, choice or fallback(duel))
    raise RuntimeError(f"{case.name}: no end")


def dump(rep: replay.Replay) -> str:
    """One decision and one event per line, so a log reads (and diffs) well."""
    data = json.loads(rep.model_dump_json())
    lines = ["{"]
    lines.append(f'"version": {json.dumps(data["version"])},')
    lines.append(f'"scenario": {json.dumps(data["scenario"], ensure_ascii=False)},')
    lines.append(f'"dice": {json.dumps(data["dice"])},')
    lines.append('"decisions": [')
    lines.append(",\n".join(json.dumps(d, ensure_ascii=False) for d in data["decisions"]))
    lines.append("],")
    lines.append('"events": [')
    lines.append(",\n".join(json.dumps(e, ensure_ascii=False) for e in data["events"]))
    lines.append("],")
    lines.append(f'"outcome": {json.dumps(data["outcome"], ensure_ascii=False)}')
    lines.append("}")
    return "\n".join(lines) + "\n"


def make(case: Case) -> tuple[int, state.Duel]:
    for seed in case.seeds:
        duel = play(case, seed)
        if duel.outcome.reason == case.reason and (case.check is None or case.check(duel)):
            return seed, duel
    raise RuntimeError(f"{case.name}: no seed in {case.seeds} ends with {case.reason!r}")


def main(argv: list[str]) -> int:
    wanted = set(argv)
    for case in CASES:
        if wanted and case.name not in wanted:
            continue
        seed, duel = make(case)
        rep = replay.record(duel)
        (GOLDEN / f"{case.name}.json").write_text(dump(rep), encoding="utf-8")
        out = duel.outcome
        print(
            f"{case.name}: seed {seed}, {len(duel.decisions)} decisions, {len(duel.events)} events, "
            f"{out.reason} {out.winners or ''} {out.text}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
