"""Four duellists close together (a mageduel of four, C-13: positions are points, so tokens may stand a
foot or two apart): each token's badges and name still cover no other token and no name. Found on a
four-way duel's board, where a row of badges had nowhere free and fell on a token and across names."""

from __future__ import annotations

import math
import re

import pytest
from mageduel.ai import Opponent
from mageduel.compose import new_duel
from mageduel.dice import Seeded
from mageduel.scenario import Participant, Scenario
from mageduel.views import build_view

from web.arena import text_width
from web.game import board

Box = tuple[float, float, float, float]


def _crowded(seed: int):
    """The first moment of a four-way mageduel between computers when three pairs stand under 4 ft apart."""
    roster = ["maelis", "tobin", "ilse", "kael"]
    sc = Scenario(
        kind="mageduel",
        participants=[Participant(id=f"p{i + 1}", roster=r, side=f"s{i + 1}") for i, r in enumerate(roster)],
    )
    duel = new_duel(sc, Seeded(seed))
    brains: dict[str, Opponent] = {}
    while duel.pending is not None and len(duel.decisions) < 3000:
        who = duel.pending.player
        duel.apply(who, brains.setdefault(who, Opponent("normal", seed)).choose(duel.brief_view(who)))
        people = [c for c in duel.participants if c.status == "active"]
        if duel.phase != "fight" or len(people) < 4:
            continue
        near = [math.dist(a.pos[:2], b.pos[:2]) for i, a in enumerate(people) for b in people[i + 1 :]]
        if sum(d < 4 for d in near) >= 3:
            return duel
    pytest.skip("no crowd in this duel")


def _badges(svg: str) -> list[Box]:
    """Every badge's box (left, top, right, bottom) in a board's drawing."""
    return [
        (float(x), float(y), float(x) + float(w), float(y) + float(h))
        for x, y, w, h in re.findall(
            r'<g class="badge"[^>]*><title>[^<]*</title><rect x="([-\d.]+)" y="([-\d.]+)" '
            r'width="([-\d.]+)" height="([-\d.]+)"',
            svg,
        )
    ]


def _meets(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _on_disc(box: Box, cx: float, cy: float, r: float) -> bool:
    nx, ny = min(max(cx, box[0]), box[2]), min(max(cy, box[1]), box[3])
    return (nx - cx) ** 2 + (ny - cy) ** 2 < r**2


@pytest.mark.parametrize("seed", [1, 4])
def test_four_duellists_close_together_have_their_badges_and_names_clear_of_each_other(seed):
    svg = board.render(build_view(_crowded(seed), "p1"), "en")
    discs = [
        tuple(map(float, m))
        for m in re.findall(r'class="hp-track" cx="([-\d.]+)" cy="([-\d.]+)" r="([-\d.]+)"', svg)
    ]
    names: list[Box] = []
    for x, y, size, name in re.findall(
        r'class="token-label" x="([-\d.]+)" y="([-\d.]+)" text-anchor="middle" font-size="([-\d.]+)"[^>]*>([^<]+)',
        svg,
    ):
        x, y, size = float(x), float(y), float(size)
        half = text_width(name, size) / 2
        names.append((x - half, y - size * 0.85, x + half, y + size * 0.25))
    badges = _badges(svg)
    assert len(discs) == 4 and len(names) == 4 and badges
    for i, a in enumerate(names):
        assert not any(_meets(a, b) for b in names[i + 1 :]), "two names over each other"
    for b in badges:
        assert not any(_meets(b, n) for n in names), ("a badge over a name", b)
        assert not any(_on_disc(b, cx, cy, r) for cx, cy, r in discs), ("a badge over a token", b)


def test_a_fallen_duellists_status_is_not_covered_by_its_own_badges():
    """Found at the end of a plain duel (Séverine's rapier left Garrick dying, off balance after his duel
    dodge): his name under the token and hers over it, the badge row went beside the token, where "dying" is
    written. The status is placed first now, and badges keep clear of it as of a name."""
    from tests.engine.test_ai import against_a_waiting_foe

    duel = against_a_waiting_foe("garrick", "severine", "normal")
    svg = board.render(build_view(duel, "p1"), "en")
    label = re.search(
        r'class="out-label" x="([-\d.]+)" y="([-\d.]+)" text-anchor="(start|end)" font-size="([-\d.]+)"'
        r"[^>]*>([^<]+)",
        svg,
    )
    assert label is not None and label[5] == "dying", "the duel this test is about"
    x, y, size = float(label[1]), float(label[2]), float(label[4])
    width = text_width(label[5], size)
    left = x if label[3] == "start" else x - width
    status = (left, y - size * 0.85, left + width, y + size * 0.25)
    badges = _badges(svg)
    assert badges, "the fallen duellist's badges this test is about"
    assert not any(_meets(b, status) for b in badges), (badges, status)


def _out_labels(svg: str) -> list[tuple[str, Box]]:
    """Each status written beside a token out of the fight: its words and box."""
    found = []
    for x, y, anchor, size, label in re.findall(
        r'class="out-label" x="([-\d.]+)" y="([-\d.]+)" text-anchor="(\w+)" font-size="([-\d.]+)"'
        r"[^>]*>([^<]+)",
        svg,
    ):
        x, y, size = float(x), float(y), float(size)
        width = text_width(label, size)
        left = {"start": x, "end": x - width, "middle": x - width / 2}[anchor]
        found.append((label, (left, y - size * 0.85, left + width, y + size * 0.25)))
    return found


@pytest.mark.parametrize("seed", [2, 3, 5])
def test_a_fallen_duellists_status_is_not_written_over_their_own_name(seed):
    """Found at the end of a mageduel the page played (Nadira against Corvin): Corvin stood just over her, so
    her name went beside her token, on the right, where "tuée" was written too. The status takes another
    side then, and clears the viewer's dashed ring."""
    sc = Scenario(
        kind="mageduel",
        participants=[
            Participant(id="p1", roster="nadira", side="s1"),
            Participant(id="p2", roster="corvin", side="s2"),
        ],
    )
    duel = new_duel(sc, Seeded(seed))
    brains: dict[str, Opponent] = {}
    while duel.pending is not None:
        who = duel.pending.player
        duel.apply(who, brains.setdefault(who, Opponent("hard", seed)).choose(duel.brief_view(who)))
    for lang in ("en", "fr"):
        svg = board.render(build_view(duel, "p1"), lang)
        labels = _out_labels(svg)
        assert [w for w, _ in labels] == [{"en": "slain", "fr": "tuée"}[lang]], "the duel this test is about"
        names = []
        for x, y, size, name in re.findall(
            r'class="token-label" x="([-\d.]+)" y="([-\d.]+)" text-anchor="middle" font-size="([-\d.]+)"'
            r"[^>]*>([^<]+)",
            svg,
        ):
            half = text_width(name, float(size)) / 2
            names.append(
                (
                    float(x) - half,
                    float(y) - float(size) * 0.85,
                    float(x) + half,
                    float(y) + float(size) * 0.25,
                )
            )
        (_, status), me_ring = (
            labels[0],
            re.search(r'class="me-ring" cx="([-\d.]+)" cy="([-\d.]+)" r="([-\d.]+)"', svg),
        )
        assert not any(_meets(status, n) for n in names), (status, names)
        cx, cy, r = map(float, me_ring.groups())
        assert not _on_disc(status, cx, cy, r), "the status crosses the viewer's own dashed ring"
        for cx, cy, r in re.findall(r'class="hp-track" cx="([-\d.]+)" cy="([-\d.]+)" r="([-\d.]+)"', svg):
            assert not _on_disc(status, float(cx), float(cy), float(r)), "the status over a token"


def test_in_a_crowd_a_fallen_duellists_status_stays_by_its_token_and_off_its_own_name():
    """A four-way mageduel (two Brams, Nadira, Kael) where the second Bram fell a foot from Kael: every side
    of his token covered something, and "slain" went over his own name. Among the four places next to the
    token, the status now takes the one that covers least."""
    sc = Scenario(
        kind="mageduel",
        participants=[
            Participant(id=f"p{i + 1}", roster=r, side=f"s{i + 1}")
            for i, r in enumerate(["bram", "nadira", "kael", "bram"])
        ],
    )
    duel = new_duel(sc, Seeded(847))
    brains: dict[str, Opponent] = {}
    while duel.pending is not None and len(duel.decisions) < 700:
        who = duel.pending.player
        duel.apply(who, brains.setdefault(who, Opponent("normal", 847)).choose(duel.brief_view(who)))
    p4 = next(c for c in duel.participants if c.id == "p4")
    assert p4.status == "slain" and math.dist(p4.pos[:2], duel.participants[2].pos[:2]) < 1.5, "the crowd"
    svg = board.render(build_view(duel, "p1"), "en")
    mine = svg.split('class="token-state" data-id="p4"')[1].split('class="token-state"')[0]  # his marks
    ((_, status),) = _out_labels(mine)
    names = [
        (
            float(x) - text_width(n, float(size)) / 2,
            float(y) - float(size) * 0.85,
            float(x) + text_width(n, float(size)) / 2,
            float(y) + float(size) * 0.25,
        )
        for x, y, size, n in re.findall(
            r'class="token-label" x="([-\d.]+)" y="([-\d.]+)" text-anchor="middle" font-size="([-\d.]+)"'
            r"[^>]*>([^<]+)",
            svg,
        )
    ]
    assert not any(_meets(status, n) for n in names), (status, names)
