"""Issue 11: an imported sheet refused by an engine rule check says why in French on a French page."""

from __future__ import annotations

import json

import pytest
from mageduel import premade

import tests.browser.test_game_play as game_play
from tests.browser.test_game_play import open_game, settle, shoot

pytestmark = pytest.mark.browser
game_site = game_play.game_site


def test_a_sheet_missing_a_feat_prerequisite_is_refused_in_french(page, game_site):
    sheet = premade("tamsin").model_dump(mode="json")
    sheet["feats"] = [{"id": "improved_initiative"}, {"id": "greater_spell_focus", "school": "evocation"}]
    open_game(page, game_site, "fr")
    page.evaluate("localStorage.removeItem('mageduel.save')")
    page.locator("#character0").select_option("import")
    page.locator("#sheet0").fill(json.dumps(sheet))
    page.locator('#game form[data-act="start"] button[type="submit"]').click()
    settle(page)
    said = page.locator("#sheet-errors0").inner_text()
    assert "demande" in said and "needs" not in said, said
    shoot(page, "setup-rule-refusal-fr")
