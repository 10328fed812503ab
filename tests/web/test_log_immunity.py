"""The log says what an immunity is to. Found playing the page: after "Tobin Ashgale casts Shield." and
"Tobin Ashgale: shielded (+4 AC)", the log read "Tobin Ashgale is immune." — immune to what? Shield makes its
bearer immune to magic missile, and a spell stopped by an immunity is named too (shield against magic
missile, daze again within a minute)."""

from __future__ import annotations

from mageduel.ai import Opponent
from mageduel.compose import new_duel
from mageduel.dice import Seeded
from mageduel.events import Event, EventModel
from mageduel.scenario import duel_scenario

from web.game import panels, text


def _names() -> text.Names:
    names = text.Names({"p1": "Ilse Varro", "p2": "Kael Sunderwind"})
    names.feminine = frozenset({"p1"})
    return names


def _line(kind: str, actor: str, data: dict, lang: str) -> str:
    return text.event_line(EventModel.from_event(Event(1, 1, kind, actor, data)), lang, _names())


def test_shields_immunity_names_magic_missile_in_both_languages():
    data = {"spells": ["magic_missile"], "descriptors": []}
    assert _line("immunity", "p2", data, "en") == "Kael Sunderwind is now immune to Magic Missile."
    assert (
        _line("immunity", "p1", data, "fr") == "Ilse Varro est désormais immunisée contre projectile magique."
    )
    assert (
        _line("immunity", "p2", data, "fr")
        == "Kael Sunderwind est désormais immunisé contre projectile magique."
    )


def test_a_spell_stopped_by_an_immunity_is_named():
    assert _line("immune", "p1", {"spell": "magic_missile"}, "en") == "Ilse Varro is immune to Magic Missile."
    assert _line("immune", "p1", {"spell": "daze"}, "fr") == "Ilse Varro est immunisée contre hébétement."


def test_the_immunity_a_cast_shield_gives_is_said_in_the_log():
    # A whole duel: the first shield cast, and its immunity as the log writes it.
    for seed in range(20):
        duel = new_duel(duel_scenario("ilse", "kael", "mageduel"), Seeded(seed))
        brains = {who: Opponent("normal", seed) for who in duel.players}
        while duel.pending is not None and len(duel.decisions) < 400:
            who = duel.pending.player
            duel.apply(who, brains[who].choose(duel.brief_view(who)))
            found = [e for e in duel.events if e.kind == "immunity"]
            if found:
                names = panels.names_of(duel.view(None), "en")
                line = text.event_line(EventModel.from_event(found[0]), "en", names)
                bearer = names[found[0].actor]
                assert line == f"{bearer} is now immune to Magic Missile."
                return
    raise AssertionError("no shield was cast in 20 duels")
