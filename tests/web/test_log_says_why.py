"""The log says what an immunity is to, and what left a duellist unaffected and why. Found playing the page:
after "Tobin Ashgale casts Shield." and "Tobin Ashgale: shielded (+4 AC)", the log read "Tobin Ashgale is
immune." — immune to what? Shield makes its bearer immune to magic missile, and a spell stopped by an
immunity is named too (shield against magic missile, daze again within a minute). A sweep of the log over
computer duels then found "Ysolde Frostmere is unaffected." with neither the spell nor the reason (a power
word's hit point limit, color spray on one who cannot see, telekinesis and a creature too heavy)."""

from __future__ import annotations

from mageduel.ai import Opponent
from mageduel.compose import new_duel
from mageduel.dice import Seeded
from mageduel.events import Event, EventModel
from mageduel.scenario import duel_scenario

from web.game import text


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


def _computer_duel(a: str, b: str, seeds: int, limit: int, wanted) -> object:
    """The first of ``seeds`` whole mageduels between two computers (at most ``limit`` decisions) whose log
    holds an event ``wanted`` accepts."""
    for seed in range(seeds):
        duel = new_duel(duel_scenario(a, b, "mageduel"), Seeded(seed))
        brains = {who: Opponent("normal", seed) for who in duel.players}
        while duel.pending is not None and len(duel.decisions) < limit:
            who = duel.pending.player
            duel.apply(who, brains[who].choose(duel.brief_view(who)))
        if any(wanted(e) for e in duel.events):
            return duel
    raise AssertionError(f"no such event in {seeds} duels of {a} and {b}")


def test_the_immunity_a_cast_shield_gives_is_said_in_the_log():
    # A whole duel: the first shield cast, and its immunity as the log writes it.
    duel = _computer_duel("ilse", "kael", 20, 400, lambda e: e.kind == "immunity")
    view = duel.view(None)
    names = text.names_of(view, "en")
    first = next(m for m in view.events if m.kind == "immunity")
    assert text.event_line(first, "en", names) == f"{names[first.actor]} is now immune to Magic Missile."


def test_unaffected_says_by_which_spell_and_why():
    cases = [
        (
            {"spell": "power_word_kill", "measure": "hit_points"},
            "en",
            "is unaffected by Power Word Kill: too many hit points.",
        ),
        (
            {"spell": "color_spray", "why": "sightless"},
            "en",
            "is unaffected by Color Spray: the spell reaches only those who can see (C-11).",
        ),
        (
            {"spell": "telekinesis", "why": "too heavy", "weight": 420, "limit": 375},
            "en",
            "is unaffected by Telekinesis: too heavy (420 lb., 375 lb. at most).",
        ),
        (
            {"spell": "telekinesis", "why": "too heavy", "weight": 420, "limit": 375},
            "fr",
            "n'est pas affectée par télékinésie\u202f: trop lourde (420 lb, 375 lb au plus).",
        ),
        (
            {"spell": "power_word_kill", "measure": "hit_points"},
            "fr",
            "n'est pas affectée par mot de pouvoir mortel\u202f: trop de points de vie.",
        ),
        ({"spell": "telekinesis", "why": "a reason yet unsaid"}, "en", "is unaffected by Telekinesis."),
        (
            {"spell": "telekinesis", "why": "too heavy", "weight": 412.5, "limit": 375},
            "fr",
            "n'est pas affectée par télékinésie\u202f: trop lourde (412,5 lb, 375 lb au plus).",
        ),
        ({"spell": "telekinesis", "why": "too heavy"}, "en", "is unaffected by Telekinesis."),  # no weight
    ]
    for data, lang, said in cases:
        assert _line("unaffected", "p1", data, lang) == f"Ilse Varro {said}"
    assert _line("unaffected", "p2", {"spell": "gust_of_wind", "measure": "size"}, "fr").endswith(
        "trop grand."
    )


def test_a_power_word_on_one_with_too_many_hit_points_is_said_so():
    # Whole duels between the level-17 casters, until a power word meets a rival above its hit point limit.
    def above_limit(e) -> bool:
        return e.kind == "unaffected" and e.data.get("measure") == "hit_points"

    view = _computer_duel("aurelian", "ysolde", 30, 600, above_limit).view(None)
    found = next(m for m in view.events if above_limit(m))
    for lang, reason in (("en", ": too many hit points."), ("fr", "\u202f: trop de points de vie.")):
        names = text.names_of(view, lang)
        line = text.event_line(found, lang, names)
        spell = text.spell_name(found.data["spell"], lang)
        assert line.startswith(names[found.actor]) and spell in line and line.endswith(reason), line


def test_a_teleport_says_where_to():
    # Found in the same sweep: "Nadira Ashveil teleports." — where to? As a move says it; in French, the
    # parts of a point with a decimal comma are parted by a semicolon ("(12,5, 20)" read as three numbers).
    data = {"from": [15.0, 0.0, 0.0], "to": [12.5, 20.0, 0.0]}
    assert _line("teleport", "p2", data, "en") == "Kael Sunderwind teleports to (12.5, 20)."
    assert _line("teleport", "p1", data, "fr") == "Ilse Varro se téléporte en (12,5\u202f; 20)."


def test_a_damage_the_rules_bring_to_nothing_says_why_not_takes_0():
    # Found in the sweep: after finger of death's MD-17 half maximum hit points slew Kael, the log read
    # "Kael Sunderwind takes 0 nonlethal damage (54 nonlethal in all)."; a disqualified duellist's attack
    # (MD-23) was "takes 0 damage" too. Each note the engine gives such a damage is now its sentence.
    once = {"amount": 0, "lethal": False, "spell": "finger_of_death", "by": "p1", "hp": 37, "nonlethal": 54}
    once["notes"] = ["already replaced by half maximum hit points (MD-17)"]
    assert _line("damage", "p2", once, "en") == (
        "Finger of Death deals Kael Sunderwind nothing more: MD-17 has already replaced its killing effect"
        " with half the maximum hit points."
    )
    assert _line("damage", "p2", once, "fr").startswith(
        "Doigt de mort n'inflige rien de plus à Kael Sunderwind"
    )
    fails = {"amount": 0, "lethal": True, "by": "p1", "hp": 30}
    fails["notes"] = ["an attack by a disqualified participant fails (MD-23, MD-19)"]
    assert _line("damage", "p2", fails, "en") == (
        "Ilse Varro's attack on Kael Sunderwind fails: a disqualified participant is outside interference"
        " (MD-23, MD-19)."
    )
    assert _line("damage", "p2", fails, "fr").startswith(
        "L'attaque d'Ilse Varro contre Kael Sunderwind échoue"
    )


def test_every_line_of_the_log_begins_with_a_capital():
    # French spell names are written in lower case: « assassin imaginaire terrasse Kael » began a line.
    slay = {"spell": "phantasmal_killer", "outcome": "death"}
    assert _line("slay", "p2", slay, "fr") == "Assassin imaginaire terrasse Kael Sunderwind (mort)."
    assert _line("slay", "p2", slay, "en") == "Phantasmal Killer slays Kael Sunderwind (death)."


def test_a_miss_chance_says_whose_attack_and_a_spent_crowd_says_none_left():
    # The same sweep: "Miss chance 50%: d100 50 — missed." named no one; DU-30's "0 victory points left".
    roll = {"roll": 50, "chance": 50, "hit": False}
    assert (
        _line("miss-chance", "p2", roll, "en")
        == "Kael Sunderwind's attack, miss chance 50%: d100 50 — missed."
    )
    assert (
        _line("miss-chance", "p1", roll, "fr")
        == "Attaque d'Ilse Varro, chance de rater 50 %\u202f: d100 50 — raté."
    )
    spent = {"side": "s1", "attitude": "friendly", "victory_points": 0}
    assert _line("crowd", "p2", spent, "en").endswith("which has no victory points left.")
    assert _line("crowd", "p2", spent, "fr").endswith("à qui il ne reste aucun point de victoire.")
    assert _line("crowd", "p2", {**spent, "victory_points": 2}, "en").endswith(
        "which has 2 victory points left."
    )


def test_how_a_spell_slays_agrees_with_her_in_french():
    # « Désintégration terrasse Nadira Ashveil (réduit en poussière) »: the outcome agrees with the slain.
    for outcome, her, him in (
        ("dust", "réduite en poussière", "réduit en poussière"),
        ("petrified", "pétrifiée", "pétrifié"),
    ):
        assert _line("slay", "p1", {"spell": "disintegrate", "outcome": outcome}, "fr").endswith(f"({her}).")
        assert _line("slay", "p2", {"spell": "disintegrate", "outcome": outcome}, "fr").endswith(f"({him}).")


def test_a_zone_proposed_is_said_as_the_zone_itself_is():
    # A golden duel's log read "Kael proposes a zone of 72 × 46 ft." and then "The zone is 72 × 72 ft, 46 ft
    # high.": the rite gives the side and the height (MD-5), and the floor is square.
    assert _line("rite", "p1", {"step": "zone-proposal", "value": [46, 20]}, "en") == (
        "Ilse Varro proposes a zone of 46 × 46 ft, 20 ft high."
    )
    won = {"step": "zone", "agreed": False, "value": [72, 46], "winner": "p2"}
    assert _line("rite", "p2", won, "fr") == (
        "Kael Sunderwind remporte les tests opposés\u202f: la zone fait 72 × 72 pieds, 46 pieds de haut."
    )
    agreed = {"step": "zone", "agreed": True, "value": [20, 20]}
    assert _line("rite", "p1", agreed, "en") == "The zone is agreed: 20 × 20 ft, 20 ft high."
    assert text.rite_value([28.5, 30], "fr") == "28,5 × 28,5 pieds, 30 pieds de haut"


def test_several_names_in_a_line_read_as_a_list_in_words():
    """« Entrée simultanée (MD-9) : Maëlis Brunemarais, Tobin Cendrebise entrent dans la zone » read as two
    phrases: the entry, exclusion, withdrawal, draw and clipped-area lines join names with "and"."""
    three = text.Names({"p1": "Ilse Varro", "p2": "Kael Sunderwind", "p3": "Odile Marchétoile"})

    def line(kind: str, data: dict, lang: str) -> str:
        return text.event_line(EventModel.from_event(Event(1, 1, kind, "p1", data)), lang, three)

    entry = {"step": "entry", "entered": ["p1", "p2"], "excluded": ["p3"]}
    assert line("rite", entry, "fr") == (
        "Entrée simultanée (MD-9)\u202f: Ilse Varro et Kael Sunderwind entrent dans la zone. "
        "Exclus, faute d'être entrés à temps\u202f: Odile Marchétoile."
    )
    assert line("draw-offered", {"who": ["p1", "p2", "p3"]}, "en") == (
        "Ilse Varro, Kael Sunderwind and Odile Marchétoile declare a draw; the others fight on (MD-25)."
    )
    assert line("withdrawal", {"who": ["p2", "p3"]}, "fr").startswith(
        "Kael Sunderwind et Odile Marchétoile se retirent"
    )
    clipped = {"spell": "fireball", "spared": ["p2", "p3"]}
    assert line("area-clipped", clipped, "en").endswith(
        "it does not reach Kael Sunderwind and Odile Marchétoile, outside."
    )


def test_a_damage_halved_twice_says_so_in_one_clause():
    """A saved fireball in the zone read "Half for a successful save: Half of 11, rounded down (MD-16): …"
    — two colons and a capital mid-sentence. The steps now read in order, as one clause."""
    data = {
        "amount": 5,
        "lethal": False,
        "nonlethal_total": 5,
        "notes": ["half on a successful save", "half of 11 (MD-16)"],
    }
    assert _line("damage", "p2", data, "en").startswith(
        "Half for a successful save, then half of 11, rounded down (MD-16): Kael Sunderwind takes 5 nonlethal"
    )
    assert _line("damage", "p1", data, "fr").startswith(
        "Moitié grâce à la sauvegarde réussie, puis la moitié de 11, arrondie à l'inférieur (MD-16)\u202f: Ilse Varro subit 5"
    )
    one = {**data, "notes": ["half of 11 (MD-16)"]}
    assert _line("damage", "p2", one, "en").startswith(
        "Half of 11, rounded down (MD-16): Kael Sunderwind takes 5"
    )


def test_every_way_a_damage_is_cut_is_said():
    """An eagle's bite on a stoneskinned summoner read "Half of 2, rounded down (MD-16): Aurelian Vey takes 0
    nonlethal damage": the damage reduction that took the last point was not said, nor temporary hit points,
    MD-14's spared death or DU-31's arena."""
    cases = {
        "damage reduction 1": ("Damage reduction 1 subtracted", "Réduction des dégâts 1 retranchée"),
        "temporary hp 4": (
            "4 taken off the temporary hit points",
            "4 retranchés des points de vie temporaires",
        ),
        "no dust in a mageduel (MD-14)": (
            "Nobody dies in a mageduel (MD-14)",
            "Personne ne meurt dans un mageduel",
        ),
        "the arena prevents the death (DU-31)": (
            "The arena prevents a killing effect (DU-31)",
            "L'arène empêche",
        ),
    }
    for note, (en, fr) in cases.items():
        data = {"amount": 0, "lethal": False, "nonlethal": 3, "notes": ["half of 2 (MD-16)", note]}
        assert _line("damage", "p2", data, "en").startswith(
            f"Half of 2, rounded down (MD-16), then {en[:1].lower()}{en[1:]}"
        )
        assert fr[:1].lower() + fr[1:] in _line("damage", "p1", data, "fr")
