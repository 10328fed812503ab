"""Class tables (C-5, C-6, C-8): values copied by hand from the Core Rulebook tables (Table: Wizard,
Table: Sorcerer, Table: Sorcerer Spells Known, Table: Fighter, Table 1-3 bonus spells)."""

import pytest
from mageduel import classes

_ = None


@pytest.mark.parametrize(
    ("level", "expected"),
    [
        (1, (3, 1, _, _, _, _, _, _, _, _)),
        (2, (4, 2, _, _, _, _, _, _, _, _)),
        (5, (4, 3, 2, 1, _, _, _, _, _, _)),
        (9, (4, 4, 4, 3, 2, 1, _, _, _, _)),
        (13, (4, 4, 4, 4, 4, 3, 2, 1, _, _)),
        (17, (4, 4, 4, 4, 4, 4, 4, 3, 2, 1)),
        (20, (4, 4, 4, 4, 4, 4, 4, 4, 4, 4)),
    ],
)
def test_c8_wizard_spells_per_day(level, expected):
    assert classes.spells_per_day("wizard", level) == expected


@pytest.mark.parametrize(
    ("level", "expected"),
    [
        (1, (_, 3, _, _, _, _, _, _, _, _)),
        (4, (_, 6, 3, _, _, _, _, _, _, _)),
        (5, (_, 6, 4, _, _, _, _, _, _, _)),
        (9, (_, 6, 6, 6, 4, _, _, _, _, _)),
        (17, (_, 6, 6, 6, 6, 6, 6, 6, 4, _)),
        (20, (_, 6, 6, 6, 6, 6, 6, 6, 6, 6)),
    ],
)
def test_c8_sorcerer_spells_per_day(level, expected):
    assert classes.spells_per_day("sorcerer", level) == expected


@pytest.mark.parametrize(
    ("level", "expected"),
    [
        (1, (4, 2, _, _, _, _, _, _, _, _)),
        (4, (6, 3, 1, _, _, _, _, _, _, _)),
        (5, (6, 4, 2, _, _, _, _, _, _, _)),
        (9, (8, 5, 4, 3, 2, _, _, _, _, _)),
        (12, (9, 5, 5, 4, 3, 2, 1, _, _, _)),
        (17, (9, 5, 5, 4, 4, 4, 3, 3, 2, _)),
        (20, (9, 5, 5, 4, 4, 4, 3, 3, 3, 3)),
    ],
)
def test_c8_sorcerer_spells_known(level, expected):
    assert classes.spells_known("sorcerer", level) == expected


def test_c8_wizard_has_no_known_limit():
    assert classes.spells_known("wizard", 5) == (None,) * 10


@pytest.mark.parametrize(
    ("cls", "level", "bab"),
    [
        ("wizard", 1, 0),
        ("wizard", 2, 1),
        ("wizard", 7, 3),
        ("wizard", 12, 6),
        ("wizard", 20, 10),
        ("sorcerer", 9, 4),
        ("fighter", 1, 1),
        ("fighter", 6, 6),
        ("fighter", 20, 20),
    ],
)
def test_c4_base_attack_bonus(cls, level, bab):
    assert classes.base_attack_bonus(cls, level) == bab


def test_c4_iterative_attacks_follow_the_table():
    assert classes.attacks_per_full_attack("fighter", 6) == (6, 1)
    assert classes.attacks_per_full_attack("fighter", 16) == (16, 11, 6, 1)
    assert classes.attacks_per_full_attack("wizard", 12) == (6, 1)
    assert classes.attacks_per_full_attack("wizard", 1) == (0,)


@pytest.mark.parametrize(
    ("cls", "level", "saves"),
    [
        ("wizard", 1, (0, 0, 2)),
        ("wizard", 3, (1, 1, 3)),
        ("wizard", 12, (4, 4, 8)),
        ("wizard", 20, (6, 6, 12)),
        ("sorcerer", 5, (1, 1, 4)),
        ("fighter", 1, (2, 0, 0)),
        ("fighter", 3, (3, 1, 1)),
        ("fighter", 6, (5, 2, 2)),
        ("fighter", 20, (12, 6, 6)),
    ],
)
def test_c5_base_saves(cls, level, saves):
    assert tuple(classes.base_save(cls, s, level) for s in ("fort", "ref", "will")) == saves


@pytest.mark.parametrize(
    ("modifier", "expected"),
    [
        (0, (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
        (1, (0, 1, 0, 0, 0, 0, 0, 0, 0, 0)),
        (4, (0, 1, 1, 1, 1, 0, 0, 0, 0, 0)),
        (5, (0, 2, 1, 1, 1, 1, 0, 0, 0, 0)),
        (8, (0, 2, 2, 2, 2, 1, 1, 1, 1, 0)),
        (10, (0, 3, 3, 2, 2, 2, 2, 1, 1, 1)),
    ],
)
def test_c8_bonus_spells_table(modifier, expected):
    assert tuple(classes.bonus_spells(modifier, n) for n in range(10)) == expected


def test_c6_hit_dice():
    assert classes.HIT_DIE == {"wizard": 6, "sorcerer": 6, "fighter": 10}


def test_casting_ability_per_class():
    assert classes.CASTING_ABILITY == {"wizard": "int", "sorcerer": "cha", "fighter": None}


def test_fighter_armor_training_and_bravery():
    assert [classes.armor_training("fighter", n) for n in (2, 3, 7, 11, 15, 20)] == [0, 1, 2, 3, 4, 4]
    assert [classes.bravery("fighter", n) for n in (1, 2, 6, 10, 18)] == [0, 1, 2, 3, 5]
    assert classes.armor_training("wizard", 10) == 0


@pytest.mark.parametrize("level", [0, 21, -3])
def test_level_out_of_range_is_refused(level):
    with pytest.raises(ValueError, match="1 to 20"):
        classes.spells_per_day("wizard", level)
