"""Issue 9: ``web/`` holds no rule formula or rule constant; the view carries what the page draws. Each
pattern below is one the page used to hold (and fails on the code before this change): a spell's range or
area computed from the character's level instead of the caster level in force (C-7), MD-5's bounds
recomputed, the out-of-the-fight statuses copied, a cone's quarter circle and a line's width redrawn, the
actions left guessed from the option verbs (C-9), MD-16's halving written again."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[2] / "web"

#: (what the rule is, files it must not come back to, the pattern that would bring it back)
FORBIDDEN = (
    ("a spell's range in feet (C-7: the view's OptionView.range_ft)", "**/*.py", r"\.feet_at\("),
    ("an area's size at a level, for drawing (the view's OptionView.area)", "game/board.py", r"\.size_at\("),
    ("a formula at the character's level, not the caster level", "**/*.py", r"max\(1, *me\.level\)"),
    ("MD-5's bounds recomputed (the view's zone_bounds, Scenario.zone_bounds)", "**/*.py", r"size_bounds"),
    (
        "the out-of-the-fight statuses copied (the view's out_of_fight)",
        "**/*.py",
        r"[\"'](?:petrified|unconscious|disqualified)[\"']",
    ),
    ("a cone's quarter circle (geometry.Cone: the view's outline)", "**/*.py", r"math\.pi */ *4"),
    ("a line's 5-foot width (geometry.Line)", "**/*.py", r"width[^\n]*\bor 5\b"),
    ("the actions left guessed from option verbs (C-9: turn_left)", "**/*.py", r"[\"']step[\"'] in verbs"),
    ("MD-16's halving (mageduel.halve)", "**/*.py", r"//\s*2\b"),
    (
        "a spell described at the character's level (C-7: the view's OptionView.caster_level)",
        "**/*.py",
        r"view\.me, *[\"']level[\"']",
    ),
    ("MD-5's bounds from clamped caster levels (Scenario.zone_bounds)", "**/*.py", r"caster_level, *1\)"),
)


def offences(root: Path) -> list[str]:
    found = []
    for what, glob, pattern in FORBIDDEN:
        for path in sorted(root.glob(glob)):
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if re.search(pattern, line):
                    found.append(f"{path.relative_to(root)}:{n}: {what}: {line.strip()}")
    return found


def test_web_holds_none_of_the_rule_formulas_the_view_now_carries():
    assert offences(WEB) == []


@pytest.mark.parametrize("what, glob, pattern", FORBIDDEN, ids=[f[0][:40] for f in FORBIDDEN])
def test_each_pattern_catches_the_formula_it_names(tmp_path: Path, what: str, glob: str, pattern: str):
    old = {
        r"\.feet_at\(": "feet = sp.range.feet_at(max(1, me.level))",
        r"\.size_at\(": "size = float(area.size_at(max(1, me.level)))",
        r"max\(1, *me\.level\)": "feet = sp.range.feet_at(max(1, me.level))",
        "size_bounds": "b = size_bounds(levels)",
        r"[\"'](?:petrified|unconscious|disqualified)[\"']": 'OUT = {"dead", "unconscious"}',
        r"math\.pi */ *4": "a1, a2 = ang - math.pi / 4, ang + math.pi / 4",
        r"width[^\n]*\bor 5\b": 'half = float(getattr(area, "width", None) or 5) / 2',
        r"[\"']step[\"'] in verbs": 'if "step" in verbs:',
        r"//\s*2\b": "lo, hi = max(1, span[0] // 2), max(1, span[1] // 2)",
        r"view\.me, *[\"']level[\"']": 'own = getattr(view.me, "level", 1) if view.me is not None else 1',
        r"caster_level, *1\)": "bounds = size_bounds([max(c.caster_level, 1) for c in characters])",
    }[pattern]
    target = tmp_path / "game" / "board.py"
    target.parent.mkdir()
    target.write_text(old + "\n", encoding="utf-8")
    assert len(offences(tmp_path)) >= 1
