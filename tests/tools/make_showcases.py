"""Write engine/mageduel/data/showcases.json: the built-in scenarios of the wiki widget (``embed.html``).

Usage: PYTHONPATH=engine python3 tests/tools/make_showcases.py

Each showcase is a whole duel that shows rules at work, taken from a golden replay (tests/golden/, made by
make_golden.py): its scenario, dice and decisions (not its event log: the engine replays it), with a title and
a one-line caption in both languages and the clauses it shows. Run it again after the golden replays are
regenerated; tests/engine/test_showcases.py replays every showcase and fails if one no longer plays.
"""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden"
OUT = ROOT / "engine" / "mageduel" / "data" / "showcases.json"
NNBSP = "\u202f"  # French: a narrow no-break space before : ; ! ?

#: id, golden file, clauses shown, title (en, fr), caption (en, fr). Order: the widget's default first.
SHOWCASES = [
    (
        "counterspell",
        "duel_decided_by_counterspell",
        ["DU-12", "DU-13", "DU-14", "DU-15", "DU-5"],
        ("A duel counterspell decides it", "Un contresort de duel décide de tout"),
        (
            "Ilse identifies Kael's magic missile and counters it, then draws first blood.",
            "Ilse identifie le projectile magique de Kael et le contre, puis fait couler le premier sang.",
        ),
    ),
    (
        "first-blood",
        "duel_first_blood",
        ["DU-5"],
        ("A duel to first blood", "Un duel au premier sang"),
        (
            "Ilse against Kael: the first wound ends the duel.",
            "Ilse contre Kael\u202f: la première blessure met fin au duel.",
        ),
    ),
    (
        "parry",
        "duel_duelist_parry",
        ["DU-28", "DU-5"],
        ("A duellist's parry", "La parade du duelliste"),
        (
            "Séverine gives up an attack to hold a parry and turns Garrick's longsword aside; he wins on hits.",
            "Séverine renonce à une attaque pour tenir une parade et détourne l'épée de Garrick\u202f; il gagne aux touches.",
        ),
    ),
    (
        "withdrawal",
        "duel_withdrawal",
        ["DU-9"],
        ("Withdrawing from a duel", "Se retirer d'un duel"),
        (
            "At the start of a round Ilse withdraws: she loses the duel.",
            "Au début d'un round, Ilse se retire\u202f: elle perd le duel.",
        ),
    ),
    (
        "breach",
        "duel_breach",
        ["DU-2"],
        ("Breaking the terms", "Rompre les conditions"),
        (
            "A crossbow bolt in a melee-only duel: the one who breaks the terms loses.",
            "Un carreau d'arbalète dans un duel au corps à corps\u202f: qui rompt les conditions perd.",
        ),
    ),
    (
        "summoned",
        "duel_of_summoned_creatures",
        ["DU-6"],
        ("A duel of summoned creatures", "Un duel de créatures convoquées"),
        (
            "The casters only summon; their creatures fight until one side has none left.",
            "Les lanceurs ne font que convoquer\u202f; leurs créatures se battent jusqu'à ce qu'un camp n'en ait plus.",
        ),
    ),
    (
        "defeat",
        "mageduel_defeat",
        ["MD-14", "MD-16", "MD-21"],
        ("A mageduel won by defeat", "Un duel de mage gagné par défaite"),
        (
            "In Mystra's zone damage is nonlethal: Ilse falls, and nobody dies.",
            "Dans la zone de Mystra les dégâts sont non létaux\u202f: Ilse tombe, et personne ne meurt.",
        ),
    ),
    (
        "expulsion",
        "mageduel_expulsion",
        ["MD-22", "MD-21"],
        ("Thrown out of the zone", "Projeté hors de la zone"),
        (
            "Corvin's telekinesis hurls Tamsin out of the zone: whoever leaves it loses.",
            "La télékinésie de Corvin projette Tamsin hors de la zone\u202f: qui en sort perd.",
        ),
    ),
    (
        "disqualification",
        "mageduel_disqualification",
        ["MD-13", "MD-23"],
        ("Disqualified for a wand", "Disqualifiée pour une baguette"),
        (
            "Odile uses a wand of magic missile on her rival: the rite disqualifies her.",
            "Odile utilise une baguette de projectile magique contre son rival\u202f: le rite la disqualifie.",
        ),
    ),
    (
        "draw",
        "mageduel_draw",
        ["MD-25"],
        ("Both declare a draw", "Les deux déclarent match nul"),
        (
            "At the round's start both mages declare a draw, and the rite ends in a tie.",
            "Au début du round les deux mages déclarent match nul, et le rite s'achève sur une égalité.",
        ),
    ),
    (
        "finger-of-death",
        "mageduel_finger_of_death",
        ["MD-17", "MD-14"],
        ("A killing spell in the zone", "Un sort mortel dans la zone"),
        (
            "Aurelian against Corvin: finger of death deals half the target's maximum hit points.",
            "Aurélien contre Corvin\u202f: doigt de mort inflige la moitié des points de vie maximum de la cible.",
        ),
    ),
    (
        "interference",
        "mageduel_interference",
        ["MD-19"],
        ("Someone walks into the zone", "Quelqu'un entre dans la zone"),
        (
            "A page walks into the zone in the middle of the duel: it ends in a tie.",
            "Un page entre dans la zone au milieu du duel\u202f: il s'achève sur une égalité.",
        ),
    ),
]


def french(text: str) -> str:
    """French typography: a narrow no-break space before : ; ! ? (the texts above are typed with a space)."""
    for mark in ":;!?":
        text = text.replace(f" {mark}", f"{NNBSP}{mark}")
    return text


def main() -> None:
    out = []
    for sid, golden, clauses, title, caption in SHOWCASES:
        data = json.loads((GOLDEN / f"{golden}.json").read_text(encoding="utf-8"))
        out.append(
            {
                "id": sid,
                "title": {"en": title[0], "fr": french(title[1])},
                "caption": {"en": caption[0], "fr": french(caption[1])},
                "clauses": clauses,
                "replay": {k: data[k] for k in ("version", "scenario", "dice", "decisions")},
            }
        )
    text = json.dumps({"version": 1, "showcases": out}, ensure_ascii=False, indent=1)
    OUT.write_text(text + "\n", encoding="utf-8")
    print(f"wrote {len(out)} showcases to {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
