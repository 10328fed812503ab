"""Issue 9: a reader finds a clause's code in the module named for its rulebook section.

The duel rules' four duel actions each have their module (the windows that offer them are
``reactions``'); the core combat rules that a turn and a spell share (attacks, the action budget, the
charm rule, the bull rush) sit below both ``actions`` and ``effects``, which keeps the engine free of
import cycles (``test_import_graph``).
"""

from __future__ import annotations

import re

import pytest

from tests.engine.test_import_graph import PACKAGE, build_graph

#: Module -> the clauses of its rulebook section, each of which its source names (as an ID, or within a
#: range such as ``DU-22..DU-25``).
SECTIONS = {
    "duel_counterspell": ("DU-11", "DU-12", "DU-13", "DU-14", "DU-15", "DU-16", "DU-17", "MD-12", "C-12"),
    "duel_effort": ("DU-18", "DU-19", "DU-20", "DU-21"),
    "duel_dodge": ("DU-22", "DU-23", "DU-24", "DU-25"),
    "duel_parry": ("DU-26", "DU-27", "DU-28", "DU-29"),
    "attacks": ("C-4", "C-10"),
    "budget": ("C-9",),
    "charm": ("C-11",),
    "maneuvers": ("C-13",),
    "damage": ("C-6", "DU-18", "DU-20"),
    "spell_options": ("C-7", "DU-10"),
}

#: What a section module may never import: the turn, casting, the driver and the view.
ABOVE = {"mageduel.actions", "mageduel.effects", "mageduel.state", "mageduel.views", "mageduel.ai"}


def named(source: str) -> set[str]:
    """The clause IDs a source names, ranges (``DU-22..DU-25``) spelt out."""
    out = set(re.findall(r"\b((?:DU|MD|X|C)-\d+)\b", source))
    for kind, a, b in re.findall(r"\b(DU|MD|X|C)-(\d+)\.\.(?:DU|MD|X|C)-(\d+)", source):
        out |= {f"{kind}-{n}" for n in range(int(a), int(b) + 1)}
    return out


def test_named_spells_out_ranges():
    assert named("the dodge (DU-22..DU-24), see C-9") == {"DU-22", "DU-23", "DU-24", "C-9"}


@pytest.mark.parametrize("module", sorted(SECTIONS))
def test_a_section_s_module_names_every_clause_of_its_section(module: str):
    source = (PACKAGE / f"{module}.py").read_text(encoding="utf-8")
    missing = [c for c in SECTIONS[module] if c not in named(source)]
    assert not missing, f"{module}.py never names {missing}"


@pytest.mark.parametrize("module", sorted(SECTIONS))
def test_a_section_s_module_imports_nothing_above_it(module: str):
    """No section module reaches the turn, casting, the driver or the view, through any chain of imports."""
    g = build_graph()
    seen, todo = set(), [f"mageduel.{module}"]
    while todo:
        for nxt in g.edges.get(todo.pop(), ()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    assert not seen & ABOVE, sorted(seen & ABOVE)


def test_the_reaction_windows_hold_no_duel_action_s_rule():
    """``reactions`` is the machinery (order, preferences, the immediate action, the defence window):
    the dodge's +4 and -2, the parry's -5 and the counter's DC live in their sections' modules."""
    source = (PACKAGE / "reactions.py").read_text(encoding="utf-8")
    for formula in ("value=-2", '"duel parry", -5', "duel_counter_check(", "identify_dc("):
        assert formula not in source, formula


def test_du23_the_dodge_s_plus_four_is_written_once():
    """The +4 of a duel dodge (to AC against a weapon or spell attack, to the Reflex save) is one named
    modifier, ``duel_dodge.DODGE_BONUS``: no other module writes it."""
    from mageduel.duel_dodge import DODGE_BONUS

    assert DODGE_BONUS == ("duel dodge", 4)
    written = [p.name for p in sorted(PACKAGE.glob("*.py")) if '"duel dodge", 4' in p.read_text("utf-8")]
    assert written == ["duel_dodge.py"], written
