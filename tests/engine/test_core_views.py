"""MD-26 and the player views: the spell being cast is hidden from others until identified or resolved;
opponents' spells and slots are hidden."""

import json

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
