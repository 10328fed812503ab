"""MD-26 and the player views: the spell being cast is hidden from others until identified or resolved;
opponents' spells and slots are hidden."""

import json

from mageduel.compose import new_duel

from tests.engine.coretools import core_duel, run


def _defender_view(spell: str) -> str:
    d = core_duel(dice=[15, 5] + [10] * 30, pos_b=(20.0, 0.0))
    run(d, f"p1: cast {spell} @p2")
    assert d.pending.player == "p2" and d.pending.kind == "identify"
    return d.view("p2").model_dump_json()


def test_md26_defender_view_is_the_same_whatever_the_spell():
    # Three spells of levels 0, 1 and 2 and three schools: before identification the defender's view is
    # byte for byte the same, so nothing in it can tell them apart.
    views = {_defender_view(s) for s in ("daze", "magic_missile", "scorching_ray")}
    assert len(views) == 1


def test_md26_no_trace_of_the_hidden_spell_in_the_defender_view():
    d = core_duel(dice=[15, 5] + [10] * 30, pos_b=(10.0, 0.0))
    run(d, "p1: cast glitterdust @p2")  # a spell Kael does not know himself
    assert d.pending.player == "p2"
    text = d.view("p2").model_dump_json()
    for trace in ("glitterdust", "Glitterdust", "poudre", "conjuration"):
        assert trace not in text
    view = d.view("p2")
    assert view.casting and view.casting[0].spell is None and view.casting[0].caster == "p1"
    assert d.view("p1").casting[0].spell.id == "glitterdust"  # the caster knows


def test_md26_identified_spell_is_shown_to_the_identifier_only():
    d = core_duel(dice=[15, 5, 20] + [10] * 30, pos_b=(20.0, 0.0))
    run(d, "p1: cast magic_missile @p2", "p2: identify")
    assert d.view("p2").casting[0].spell.id == "magic_missile"
    assert d.view(None).casting[0].spell is None  # an observer did not identify it


def test_opponent_spells_and_slots_are_hidden():
    d = core_duel(dice=[15, 5], pos_b=(20.0, 0.0))
    v = json.loads(d.view("p1").model_dump_json())
    other = v["others"][0]
    assert "slots" not in other and "known" not in other and "prepared" not in other
    assert v["me"]["prepared"] and v["pending"]["options"]
    v2 = json.loads(d.view("p2").model_dump_json())
    assert v2["pending"]["options"] is None  # not p2's decision: no options shown


def test_view_is_json_and_pydantic():
    d = core_duel()
    v = d.view("p1")
    assert type(v).model_validate_json(v.model_dump_json()) == v


# --- what the deciding player is told about their options (DC, chances, resources, prompt codes) -----------

import random  # noqa: E402

from mageduel import dice as _dice  # noqa: E402
from mageduel import scenario as _scenario  # noqa: E402
from mageduel import state as _state  # noqa: E402


def _play(a: str, b: str, seed: int, watch, kind: str = "mageduel", limit: int = 400) -> _state.Duel:
    """A duel with random (seeded) choices; ``watch(duel, view, choice)`` sees every pending decision's
    view and the choice about to be applied."""
    d = new_duel(_scenario.duel_scenario(a, b, kind), _dice.Seeded(seed))
    rng = random.Random(seed)
    for _ in range(limit):
        p = d.pending
        if p is None:
            break
        ids = [o.id for o in p.options]
        if p.kind == "rite:entry":
            choice = "enter"
        elif p.kind == "rite:prepare":
            choice = "prepare 1"
        else:
            choice = rng.choice(ids)
        watch(d, d.view(p.player), choice)
        d.apply(p.player, choice)
    return d


def test_the_shown_save_dc_is_the_dc_the_engine_rolls_against_spell_focus_included():
    """Ilse and Kael have Spell Focus (evocation): the DC the view shows beside a cast option is the DC of
    the save the target then rolls."""
    shown: dict[tuple[str, str], set[int]] = {}
    checked = 0
    focus_seen = False

    def watch(d, v, choice):
        for o in v.pending.options or []:
            if o.dc is not None and o.spell and not o.item:
                shown.setdefault((v.player, o.spell), set()).add(o.dc)

    for seed in range(1, 6):
        d = _play("ilse", "kael", seed, watch)
        for i, e in enumerate(d.events):
            purpose = str(e.data.get("purpose", "")) if e.kind == "roll" else ""
            if " save against " not in purpose or e.data.get("target") is None:
                continue
            spell = purpose.split(" save against ")[1]
            caster = next((x.actor for x in reversed(d.events[:i]) if x.kind == "spell"), None)
            if (caster, spell) not in shown or "item" in str(d.events[i - 1].data):
                continue
            assert e.data["target"] in shown[(caster, spell)], (spell, e.data, shown[(caster, spell)])
            checked += 1
            sp = _spells_get(spell)
            focus_seen |= sp.school == "evocation"
    assert checked >= 3
    assert focus_seen  # at least one Spell Focus spell was checked


def _spells_get(spell_id: str):
    from mageduel.spells import catalogue

    return catalogue.get(spell_id)


def test_a_hit_chance_is_the_chance_of_the_attack_roll_the_engine_then_makes():
    """The chance beside an attack (a ray, a weapon) is d20 + the roll's own bonus against the AC it is
    rolled against, natural 1 and 20 included, shared among the target's mirror images — when nothing
    changes in between (no dodge or parry; concealment left out)."""
    checked = 0
    for seed in range(1, 6):
        chosen: list[tuple[int, object, int, str]] = []

        def watch(d, v, choice, chosen=chosen):
            o = next((o for o in v.pending.options or [] if o.id == choice), None)
            if o is not None and o.chance_of == "hit":
                tid = (
                    o.targets[0] if o.targets else v.pending.args.get("provoker")
                )  # an attack of opportunity
                t = next(c for c in v.others if c.id == tid)
                hidden = any(
                    c.stat == "concealment" or c.name in ("invisible", "blinded") for c in t.conditions
                )
                if not hidden and not any(c.name == "blinded" for c in v.me.conditions):
                    chosen.append((len(d.events), o, t.mirror_images, v.player))

        d = _play("ilse", "kael", seed, watch)
        for start, o, images, who in chosen:
            after = []
            what = o.weapon or o.spell
            for e in d.events[start:]:
                if e.kind == "turn" or (
                    e.kind == "roll"
                    and e.actor == who
                    and "attack" in str(e.data.get("purpose"))
                    and what in str(e.data.get("purpose"))
                ):
                    after.append(e)
                    break
                after.append(e)
            roll = after[-1] if after and after[-1].kind == "roll" else None
            if roll is None or any(e.kind in ("dodge", "parry") for e in after):
                continue
            bonus = sum(v for _, v in roll.data["modifiers"])
            want = max(1, min(19, 21 - (roll.data["target"] - bonus))) / 20 / (images + 1)
            assert round(o.chance, 4) == round(want, 4), (o.id, roll.data, o.chance)
            checked += 1
    assert checked >= 3


def test_resources_say_the_duel_counterspell_of_this_round_is_spent():
    d = core_duel(dice=[15, 5] + [10] * 60, pos_b=(20.0, 0.0))
    me = d.view("p2").me
    assert me.resources.duel_counter_used is False and me.resources.duel_counter_limited
    d.by_id["p2"].duel_counter_round = d.round
    assert d.view("p2").me.resources.duel_counter_used is True
    d.by_id["p2"].ability_damage["int"] = 3
    v = d.view("p2").me
    assert v.ability_damage == {"int": 3} and v.abilities["int"] == v.base_abilities["int"] - 3
    assert v.speed == d.by_id["p2"].speed_now() > 0


def test_every_pending_decision_has_a_prompt_code_and_reaction_kinds():
    seen: set[str] = set()

    def watch(d, v, choice):
        p = v.pending
        assert p.code, p.kind
        seen.add(p.kind)
        if p.kind in ("identify", "counter", "defend", "aoo", "effort"):
            assert p.reactions and all(o.reaction in p.reactions for o in p.options if o.id != "pass")

    for seed in range(1, 4):
        _play("ilse", "kael", seed, watch)
    assert {"turn", "identify", "rite:zone"} <= seen


def test_md26_no_chance_or_prompt_argument_gives_the_hidden_spell_away():
    """Before identification the defender's counter options carry a chance only for a dispel (its DC is
    the caster's level), and the prompt's arguments name the caster and the targets, never the spell."""
    d = core_duel(dice=[15, 5] + [1] * 30, pos_b=(20.0, 0.0))
    run(d, "p1: cast magic_missile @p2")
    assert d.pending.kind == "identify"
    v = d.view("p2")
    assert set(v.pending.args) == {"caster", "targets"}
    run(d, "p2: identify")  # a natural 1: not identified
    if d.pending is not None and d.pending.player == "p2" and d.pending.kind == "counter":
        for o in d.view("p2").pending.options:
            if o.chance is not None:
                assert o.spell in ("dispel_magic", "greater_dispel_magic"), o


def test_md8_the_entry_forecast_is_what_the_rite_then_carries_and_suppresses():
    compared = 0
    for a, b, seed in (
        ("odile", "ilse", 1),
        ("ilse", "kael", 2),
        ("kael", "odile", 3),
        ("nadira", "ilse", 4),
    ):
        last: dict[str, tuple[int, dict]] = {}

        def watch(d, v, choice, last=last):
            if v.me is not None and v.me.entry_forecast is not None:
                last[v.player] = (len(d.events), v.me.entry_forecast)

        d = _play(a, b, seed, watch)
        step = next(
            (i for i, e in enumerate(d.events) if e.kind == "rite" and e.data.get("step") == "suppression"),
            None,
        )
        if step is None:
            continue
        report = d.events[step].data["effects"]
        for player, (at, forecast) in last.items():
            if any(e.kind in ("spell", "summoned", "condition-ends") for e in d.events[at:step]):
                continue  # something changed after the last look
            got = report.get(player, {"carried": [], "suppressed": []})
            assert sorted(forecast["carried"]) == sorted(got["carried"]), (a, b, seed, player)
            assert sorted(forecast["suppressed"]) == sorted(got["suppressed"]), (a, b, seed, player)
            compared += 1 if forecast["carried"] or forecast["suppressed"] else 0
    assert compared >= 2
