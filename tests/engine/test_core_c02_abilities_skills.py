"""C-2: ability modifiers, skill checks (ranks + ability + 3 for a trained class skill), ability checks."""

from mageduel import checks, roster

from tests.engine.coretools import core_duel


def test_c2_ability_modifier_is_floor_of_half_score_minus_10():
    assert [checks.ability_mod(s) for s in (1, 8, 9, 10, 11, 12, 19, 20)] == [-5, -1, -1, 0, 0, 1, 4, 5]


def test_c2_skill_bonus_adds_three_for_a_trained_class_skill():
    assert checks.skill_bonus(5, 18, True) == 5 + 4 + 3
    assert checks.skill_bonus(0, 18, True) == 4
    assert checks.skill_bonus(5, 18, False) == 9


def test_c2_the_duel_uses_the_sheet_skill_totals():
    d = core_duel()
    ilse = roster.get("ilse")
    assert d.by_id["p1"].skills["spellcraft"] == ilse.skill_total("spellcraft")
    assert dict(d.by_id["p1"].skill_parts("spellcraft"))["spellcraft"] == ilse.skill_total("spellcraft")


def test_c2_spellcraft_untrained_gives_no_identification():
    d = core_duel(a="garrick")  # the fighter has no rank in Spellcraft
    assert "spellcraft" not in d.by_id["p1"].skills
