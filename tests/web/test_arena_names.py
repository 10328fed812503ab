"""Duellists' names on the arena: where tokens stand close together, or against a face of the zone, each
name is still written where it covers no other token and no other name. Found in the widget at 320 px: in
the `defeat` showcase Kael stands against the north face with Ilse five feet from him, and his name lay
across hers and over her token; in crowded four-way duels, whole names lay over each other."""

from __future__ import annotations

import random
import re

from web.arena import ArenaView, Token, first_name, render_svg, text_width, token_radius

Box = tuple[float, float, float, float]
NAMES = ["Kael Sunderwind", "Ilse Varro", "Maëlis Duskfen", "Tobin Ashgale"]
W = 30.0


def _svg(points: list[tuple[float, float]], names: list[str] = NAMES, short: bool = True) -> str:
    tokens = tuple(
        Token(n, "wizard", 5, x, y, i, short=first_name(n) if short else "")
        for i, (n, (x, y)) in enumerate(zip(names, points, strict=False))
    )
    return render_svg(ArenaView(W, W, 28, 245, tokens), "en")


def _labels(svg: str) -> list[tuple[str, str, Box]]:
    """Each token's whole name (``data-name``), the name written, and the written name's box."""
    out = []
    for whole, x, y, size, written in re.findall(
        r'<g class="token" data-name="([^"]+)".*?class="token-label" x="([-\d.]+)" y="([-\d.]+)" '
        r'text-anchor="middle" font-size="([-\d.]+)"[^>]*>([^<]+)',
        svg,
    ):
        x, y, size = float(x), float(y), float(size)
        half = text_width(written, size) / 2
        out.append((whole, written, (x - half, y - size * 0.85, x + half, y + size * 0.25)))
    return out


def _covering(svg: str, points: list[tuple[float, float]]) -> int:
    """How many written names cover another token's disc or another written name."""
    r = token_radius(W)
    labels = _labels(svg)
    bad = 0
    for i, (_, _, b) in enumerate(labels):
        on_token = any(
            j != i and b[0] - r < x < b[2] + r and b[1] - r < W - y < b[3] + r
            for j, (x, y) in enumerate(points)
        )
        on_name = any(
            j != i and b[0] < o[2] and o[0] < b[2] and b[1] < o[3] and o[1] < b[3]
            for j, (_, _, o) in enumerate(labels)
        )
        bad += on_token or on_name
    return bad


def test_a_name_against_a_face_goes_beside_its_token_inside_the_zone():
    # The defeat showcase at decision 50: Kael against the north face, casting (a ring round him), Ilse five
    # feet south of him. Over him is outside the wall, under him is Ilse: beside him, just inside the face.
    from mageduel import new_duel, parse_decision, showcase

    from web.game import board

    replay = showcase("defeat").replay
    duel = new_duel(replay.scenario, replay.dice.source())
    for line in replay.decisions[:50]:
        duel.apply(*parse_decision(line))
    points = [(c.pos[0], c.pos[1]) for c in duel.participants]
    assert points == [(15.0, 25.0), (15.0, 30.0)] and duel.zone.width == W
    svg = board.render(duel.view(None), "en")
    (_, ilse, _), (_, kael, kbox) = _labels(svg)
    assert (ilse, kael) == ("Ilse Varro", "Kael Sunderwind")
    assert _covering(svg, points) == 0
    assert 0 < kbox[1] and kbox[0] > 15.0  # inside the zone, to his right
    assert kbox[3] < 5.0  # by him, not down by Ilse (5 ft south)


def test_crowded_duellists_are_named_by_their_first_names_where_whole_names_would_cover_others():
    points = [(11.0, 19.0), (18.0, 16.0), (13.0, 18.0)]
    assert _covering(_svg(points, NAMES[:3], short=False), points) == 2  # whole names only
    svg = _svg(points, NAMES[:3])
    labels = _labels(svg)
    assert [(whole, written) for whole, written, _ in labels] == [
        ("Kael Sunderwind", "Kael Sunderwind"),
        ("Ilse Varro", "Ilse Varro"),
        ("Maëlis Duskfen", "Maëlis"),  # the whole name stays the token's own (data-name)
    ]
    assert _covering(svg, points) == 0


def test_first_names_are_written_only_where_they_say_whose_token_it_is():
    # Two Ilses: "Ilse" would not tell them apart, so both keep their whole names, even crowded.
    points = [(11.0, 19.0), (18.0, 16.0), (13.0, 18.0)]
    svg = _svg(points, ["Kael Sunderwind", "Ilse Varro", "Ilse Duskfen"])
    assert [written for _, written, _ in _labels(svg)] == ["Kael Sunderwind", "Ilse Varro", "Ilse Duskfen"]
    # A one-word name has no shorter form.
    assert first_name("Séverine") == "" and first_name("Maëlis Duskfen") == "Maëlis"


def test_names_in_crowds_cover_fewer_tokens_and_names_with_first_names():
    # Two to four duellists within four feet of a point anywhere in the zone, walls included.
    rng = random.Random(7)
    whole = short = written_short = 0
    for _ in range(400):
        n = rng.choice([2, 3, 4])
        cx, cy = rng.uniform(0, W), rng.uniform(0, W)
        points = [
            (min(W, max(0.0, cx + rng.uniform(-4, 4))), min(W, max(0.0, cy + rng.uniform(-4, 4))))
            for _ in range(n)
        ]
        whole += _covering(_svg(points, short=False), points)
        svg = _svg(points)
        short += _covering(svg, points)
        written_short += sum(w != written for w, written, _ in _labels(svg))
    assert written_short > 0
    assert short < whole * 0.7


def _written(svg: str) -> list[tuple[str, str, Box] | tuple[str, None, None]]:
    """Each token's whole name, and the name written and its box, or None where none is written."""
    out: list = []
    for chunk in svg.split('<g class="token" ')[1:]:
        whole = re.search(r'data-name="([^"]+)"', chunk).group(1)
        found = re.search(
            r'class="token-label" x="([-\d.]+)" y="([-\d.]+)" text-anchor="middle" font-size="([-\d.]+)"'
            r"[^>]*>([^<]+)</text></g>",
            chunk.split("</g>")[0] + "</g>",
        )
        if found is None:
            assert f"<title>{whole}</title>" in chunk.split("</g>")[0], whole  # named on hover
            out.append((whole, None, None))
            continue
        x, y, size, written = float(found[1]), float(found[2]), float(found[3]), found[4]
        half = text_width(written, size) / 2
        out.append((whole, written, (x - half, y - size * 0.85, x + half, y + size * 0.25)))
    return out


def test_a_crowd_of_summoned_creatures_writes_short_names_or_none_never_names_over_names():
    """Found in a replay of two Aurelians: three small water elementals and a lantern archon summoned round
    Aurelian Vey, their names written over each other. A creature's short name is tried now ("Water
    elemental"), shared by creatures of one kind; where neither fits, no name is written (its token names
    itself on hover)."""
    w = 50.0
    cross = [(20.0, 25.0), (20.0, 20.0), (15.0, 20.0), (25.0, 20.0), (20.0, 15.0)]
    names = ["Aurelian Vey II", "Lantern archon", "Small water elemental", "Small water elemental"]
    names += ["Small water elemental"]
    shorts = {"Lantern archon": "Archon", "Small water elemental": "Water elemental"}
    tokens = [Token("Aurelian Vey", "wizard", 20, 20.0, 10.0, 0, short="Aurelian")]
    tokens += [
        Token(
            n,
            "wizard",
            20,
            x,
            y,
            0 if n != "Aurelian Vey II" else 1,
            short=shorts.get(n, ""),
            minor=n in shorts,
        )
        for n, (x, y) in zip(names, cross, strict=True)
    ]
    svg = render_svg(ArenaView(w, w, 28, 245, tuple(tokens)), "en")
    written = _written(svg)
    assert len(written) == len(tokens)
    boxes = [b for _, _, b in written if b is not None]
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert not (a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]), (a, b)
    said = {whole: name for whole, name, _ in written}
    assert said["Aurelian Vey"] == "Aurelian Vey" and said["Aurelian Vey II"] == "Aurelian Vey II"
    assert "Water elemental" in [name for _, name, _ in written]  # the short name, shared by one kind
    unnamed = [whole for whole, name, _ in written if name is None]
    assert unnamed and all(whole in shorts for whole in unnamed)  # only creatures go unnamed
