"""The first screen drawn at build time (issue 15, web/poster.py): what it holds, and that the built page
carries the current drawing of it, in every language, with no placeholder left."""

from __future__ import annotations

import re
import sys

import pytest

from web import poster
from web.game.app import App
from web.i18n import LANGS

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="drawn at build time, in CPython")


@pytest.mark.parametrize("lang", LANGS)
def test_the_poster_is_the_setup_screen_with_the_roster_the_preview_and_start(lang):
    parts = poster.index_parts(lang)
    assert 'data-screen="setup"' in parts["game"]
    assert len(re.findall(r'<option value="[a-z]+"', parts["game"])) >= 8  # two sides' roster and controls
    assert 'type="submit"' in parts["game"]
    assert parts["arena"].count('<g class="token"') == 2


def test_each_language_gets_its_own_template_for_each_part():
    html = poster.render_all()["index"]
    ids = re.findall(r'<template id="(poster-[a-z]+-[a-z]+)"', html)
    assert sorted(ids) == sorted(f"poster-{part}-{lang}" for part in ("game", "arena") for lang in LANGS)


def test_every_poster_placeholder_of_a_page_has_a_poster():
    import build

    wanted = set()
    for page in (build.ROOT / "static").glob("*.html"):
        wanted |= set(re.findall(r"\{\{poster:([a-z0-9_]+)\}\}", page.read_text(encoding="utf-8")))
    assert wanted <= set(poster.POSTERS)


def test_the_built_page_carries_the_current_drawing():
    import build

    page = build.DIST / "index.html"
    if not page.exists():
        pytest.skip("dist/ is not built")
    text = page.read_text(encoding="utf-8")
    assert "{{" not in text.split("</head>")[1]
    for lang in LANGS:
        assert App(lang=lang).render() in text
