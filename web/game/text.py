"""Words for the game: option labels, event lines, roll breakdowns, spell and clause names, in French or
English.

Every sentence comes from the one catalogue (``web/messages.json``) through ``web.i18n.t``; the names of
spells and the statements of clauses come from the engine's own bilingual data (``mageduel.spells``,
``mageduel.clauses``). An event or option the catalogue has no sentence for still gets a plain line, so a
new kind from the rules modules is shown, never dropped.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from typing import Any

from web.game.choice import parse
from web.i18n import catalogue, integer, number, singular
from web.i18n import t as _t

#: The grammatical gender of the participant the sentence being written is about (the sheet's ``gender``:
#: "f", "m" or None): set by :func:`event_line` for its actor and by :func:`status_word`.
_GENDER: ContextVar[str | None] = ContextVar("gender", default=None)


def has(key: str) -> bool:
    return key in catalogue()


def t(key: str, lang: str, **params: object) -> str:
    """The catalogue's text, in the sentence's gender where the catalogue has one (``key.f``, ``key.m``,
    ``key.n``): French agrees with a woman ("Tamsin est désormais tuée"), English in a pronoun ("herself",
    "her turn", a creature's "its")."""
    gender = _GENDER.get()
    if gender is not None and has(f"{key}.{gender}"):
        key += f".{gender}"
    return _t(key, lang, **params)


def feminine(names: dict[str, str]) -> frozenset[str]:
    """The ids of the participants ``names`` (:func:`names_of`) marks as feminine."""
    return getattr(names, "feminine", frozenset())


def gender_in(names: dict[str, str], pid: object) -> str | None:
    """The grammatical gender of participant ``pid`` of ``names``: "f", "m", "n" (a summoned creature whose
    French name is masculine: "its" in English, the masculine in French), or None (not given)."""
    if pid in feminine(names):
        return "f"
    if pid in getattr(names, "masculine", frozenset()):
        return "m"
    return "n" if pid in getattr(names, "neuter", frozenset()) else None


class Names(dict[str, str]):
    """Participants' names by id, with the ids of those spoken of in the feminine and in the masculine."""

    feminine: frozenset[str] = frozenset()
    masculine: frozenset[str] = frozenset()
    neuter: frozenset[str] = frozenset()
    #: The viewer, when the decision on screen is theirs for themselves (not a creature's they decide for):
    #: their spell on themselves reads "on yourself" (« sur vous-même »).
    me: str | None = None


@contextmanager
def _about(gender: str | None) -> Iterator[None]:
    """Within it, sentences agree with a participant of the sheet's ``gender`` (French words, English
    pronouns)."""
    token = _GENDER.set(gender if gender in ("f", "m", "n") else None)
    try:
        yield
    finally:
        _GENDER.reset(token)


def said_of(gender: str | None, key: str, lang: str, **params: object) -> str:
    """``t`` for a sentence about one participant, agreeing with them in French (``gender``: the sheet's).

    >>> said_of("f", "ev.immunity", "fr", actor="Ilse"), said_of(None, "ev.immunity", "fr", actor="Kael")
    ('Ilse est immunisée.', 'Kael est immunisé.')
    """
    with _about(gender):
        return t(key, lang, **params)


def word_of(gender: str | None, group: str, value: str, lang: str) -> str:
    """:func:`word` said of one participant, agreeing with them in French (a status, a condition).

    >>> word_of("f", "cond", "paralyzed", "fr"), word_of(None, "cond", "paralyzed", "fr")
    ('paralysée', 'paralysé')
    """
    with _about(gender):
        return word(group, value, lang)


def status_word(status: str, lang: str, gender: str | None) -> str:
    """A participant's status in words, agreeing with them in French.

    >>> status_word("slain", "fr", "f"), status_word("slain", "fr", None), status_word("slain", "en", "f")
    ('tuée', 'tué', 'slain')
    """
    return word_of(gender, "status", status, lang)


def tt(key: str, lang: str, fallback: str, **params: object) -> str:
    """``t`` with a fallback for keys the catalogue does not hold (engine words we have no sentence for)."""
    return t(key, lang, **params) if has(key) else fallback


@cache
def _spell(spell_id: str) -> Any:
    try:
        from mageduel import spell

        return spell(spell_id)
    except Exception:  # noqa: BLE001 - an unknown id is shown as written
        return None


def spell_name(spell_id: str | None, lang: str) -> str:
    if not spell_id:
        return "?"
    sp = _spell(spell_id)
    if sp is None:
        return spell_id.replace("_", " ")
    return getattr(sp.name, lang, None) or sp.name.en


def spell_info(spell_id: str) -> Any:
    return _spell(spell_id)


def clause(clause_id: str) -> Any:
    try:
        from mageduel import clause as engine_clause

        return engine_clause(clause_id)
    except Exception:  # noqa: BLE001
        return None


def clause_title(clause_id: str, lang: str) -> str:
    c = clause(clause_id)
    return getattr(c.title, lang) if c is not None else clause_id


def clause_statement(clause_id: str, lang: str) -> str:
    c = clause(clause_id)
    return getattr(c.statement, lang) if c is not None else ""


def _creature(creature_id: object) -> Any | None:
    """The catalogue's creature ``creature_id``, or None for one it does not know."""
    try:
        from mageduel import creature

        return creature(str(creature_id))
    except Exception:  # noqa: BLE001 - an unknown creature: its caller says what it can without it
        return None


def creature_name(creature_id: str, lang: str) -> str:
    found = _creature(creature_id)
    if found is None:
        return creature_id.replace("_", " ")  # shown as written
    return getattr(found.name, lang, None) or found.name.en


def creature_short(creature_id: str, lang: str) -> str:
    """A summoned creature's short name for a crowded board ("Water elemental"), or "" if it has none.

    >>> creature_short("small_water_elemental", "fr"), creature_short("wolf", "en")
    ("Élémentaire d'eau", '')
    """
    found = _creature(creature_id)
    short = found.short if found is not None else None
    return (getattr(short, lang, None) or short.en) if short is not None else ""


def gender_of(c: Any, lang: str) -> str | None:
    """The grammatical gender sentences about participant ``c`` (a view's) agree with in ``lang``: the
    sheet's; for a summoned creature, its French name's in French, else "n" (English's "it").

    >>> from types import SimpleNamespace as C
    >>> hyena = C(gender=None, summoned_by="ilse", creature="hyena")
    >>> gender_of(hyena, "fr"), gender_of(hyena, "en"), gender_of(C(gender="f"), "en")
    ('f', 'n', 'f')
    """
    gender = getattr(c, "gender", None)
    if gender is not None or not getattr(c, "summoned_by", None):
        return gender
    found = _creature(getattr(c, "creature", None)) if lang == "fr" else None
    return "f" if found is not None and found.gender_fr == "f" else "n"


def person_name(c: Any, lang: str) -> str:
    """A participant's name as the interface shows it: a summoned creature's from the catalogue, in
    ``lang`` (the engine names it in English), anyone else's as their sheet gives it."""
    creature = getattr(c, "creature", None)
    return creature_name(creature, lang) if creature else c.name


def names_of(view: Any, lang: str) -> Names:
    """Everyone's name by id, in ``lang`` (a summoned creature's is translated: :func:`person_name`)."""
    people = ([view.me] if view.me is not None else []) + list(view.others)
    # Outsiders the scenario placed (MD-10, MD-19) are named in the log too.
    everyone = people + list(getattr(view, "bystanders", []))
    names = Names({c.id: person_name(c, lang) for c in everyone})
    genders = {c.id: gender_of(c, lang) for c in everyone}
    names.feminine = frozenset(pid for pid, g in genders.items() if g == "f")
    names.masculine = frozenset(pid for pid, g in genders.items() if g == "m")
    names.neuter = frozenset(pid for pid, g in genders.items() if g == "n")
    me = view.me.id if view.me is not None else None
    pending = getattr(view, "pending", None)
    if pending is None or (pending.context or {}).get("actor", me) == me:
        names.me = me
    return names


_EXPENDED = re.compile(r"^expended spell (\d+) levels? higher$")


def colon(lang: str) -> str:
    """A colon and its spaces as each language writes them ("a: b", « a\u202f: b »: French puts a narrow
    no-break space before it, as everywhere in the catalogue, so the colon never starts a line)."""
    return "\u202f: " if lang == "fr" else ": "


#: MD-19 / MD-23: the engine's words for an interference, and the sentence each one gets.
_INTERFERENCE = (
    ("walks into", "enters"),
    ("from outside", "attacks"),
    ("inside the zone", "casts"),
    ("comes back", "returns"),
)
#: The engine's ability names, as in "ray_of_enfeeblement (str)".
ABILITY_KEYS = frozenset({"str", "dex", "con", "int", "wis", "cha"})
_SPELL_COND = re.compile(r"^(?P<spell>[a-z_' ]+?)(?: \((?P<what>[a-z]+)\))?$")


def _ongoing(value: str) -> str | None:
    """The spell whose damage goes on each round, from the condition it leaves: "ongoing acid_arrow"."""
    sid = value.removeprefix("ongoing ")
    return sid if sid != value and _spell(sid) is not None else None


def weapon_in_text(value: str, lang: str) -> str:
    """A weapon's name inside a sentence, in lower case as a common noun is ("with your longsword", "avec
    votre épée longue"); :func:`word` gives it as a name, capital first, for lists and sheets.

    >>> weapon_in_text("longsword", "fr"), weapon_in_text("longsword", "en")
    ('épée longue', 'longsword')
    """
    return _first_down(word("weapon", value, lang))


#: A summoned creature's natural attack as the engine names it: the creature, the attack's place in its stat
#: line and, for an attack made more than once (two talons), which one ("eagle_0_1").
_NATURAL = re.compile(r"^(?P<creature>[a-z_]+?)_(?P<attack>\d+)(?:_(?P<nth>\d+))?$")


@cache
def _natural_attack(weapon_id: str) -> tuple[Any, int] | None:
    """The creature's attack a weapon id names, and which of its ``count`` it is (0 for the first)."""
    m = _NATURAL.match(weapon_id)
    if m is None:
        return None
    found = _creature(m.group("creature"))
    if found is None:
        return None  # not a creature's: shown as written
    i = int(m.group("attack"))
    return (found.attacks[i], int(m.group("nth") or 0)) if i < len(found.attacks) else None


def word(group: str, value: str, lang: str) -> str:
    """A short engine word (condition, status, school, weapon…) through ``{group}.{value}``, else as is."""
    if group == "weapon":
        w = _weapon(value)
        if w is not None:
            return w.name_fr if lang == "fr" else w.name_en
        if (natural := _natural_attack(value)) is not None:  # a creature's talons, bite, slam…
            attack, nth = natural
            name = getattr(attack.name, lang, None) or attack.name.en
            return (
                t("weapon.nth", lang, weapon=name, n=nth + 1, count=attack.count)
                if attack.count > 1
                else name
            )
    if group == "mod" and not has(f"mod.{value}"):
        m = _EXPENDED.match(value)
        if m:
            return count("mod.expended", int(m.group(1)), lang)
        if _spell(value) is not None:  # a spell's own modifier (haste, slow, flare, resistance…)
            return spell_name(value, lang)
        if has(f"cond.{value}"):  # a condition's own modifier (blinded, shaken…)
            return t(f"cond.{value}", lang)
    if group == "cond" and (sid := _ongoing(value)) is not None:  # acid arrow's damage each round
        return t("cond.ongoing", lang, spell=spell_name(sid, lang))
    if group == "cond" and not has(f"cond.{value}") and _spell(value) is not None:
        return spell_name(value, lang)  # a condition named after its spell (wall of force…)
    if group == "cond" and not has(f"cond.{value}"):
        # A condition named after its spell in words, with its choice: "resist energy (acid)", or the
        # ability it lowers: "ray of enfeeblement (str)".
        m = _SPELL_COND.match(value)
        sid = m.group("spell").replace(" ", "_") if m else ""
        what = m.group("what") if m else None
        said = tt(f"ab.{what}", lang, what) if what in ABILITY_KEYS else tt(f"choice.{what}", lang, str(what))
        if m and _spell(sid) is not None:
            return f"{spell_name(sid, lang)} ({said})" if what else spell_name(sid, lang)
        if m and sid == "effect" and what in ABILITY_KEYS:  # a penalty that no spell named
            return t("cond.ability-penalty", lang, ability=said)
        if value.endswith(" cloud") and _spell(value[: -len(" cloud")]) is not None:  # cloudkill's, drifting
            return t("cond.cloud", lang, spell=spell_name(value[: -len(" cloud")], lang))
    return tt(f"{group}.{value}", lang, value.replace("_", " ").replace("-", " "))


@cache
def _weapon(weapon_id: str) -> Any:
    try:
        from mageduel import WEAPONS

        return WEAPONS.get(weapon_id)
    except Exception:  # noqa: BLE001
        return None


def _with_weapon(key: str, weapon_id: str | None) -> str:
    """An option's sentence for its weapon: "…unarmed" (« à mains nues ») for an unarmed strike, rather than
    "with your unarmed strike" (« avec votre combat à mains nues »)."""
    w = _weapon(weapon_id or "")
    if w is None and _natural_attack(weapon_id or "") is not None:
        return f"{key}.natural"  # "Attack Ilse (talons)", not "with your talons" (« avec votre serres »)
    return f"{key}.unarmed" if w is not None and w.category == "unarmed" and has(f"{key}.unarmed") else key


def point(p: Any, lang: str) -> str:
    """A point of the floor, in feet: French, whose decimals take a comma, parts them with a semicolon.

    >>> point((12.5, 20.0), "en"), point((12.5, 20.0), "fr")
    ('(12.5, 20)', '(12,5\\u202f; 20)')
    """
    between = "\u202f; " if lang == "fr" else ", "
    return f"({number(float(p[0]), lang)}{between}{number(float(p[1]), lang)})"


# --- options -------------------------------------------------------------------------------------------


def option_label(option_id: str, lang: str, names: dict[str, str], opt: Any = None) -> str:
    """A person's words for one legal option, e.g. ``cast magic_missile @p2`` → "Magic missile at Bo".
    ``opt`` is the option's ``views.OptionView`` when known: its own name from the engine's data (a spell's
    version, a summoned creature) is used first. A label begins with a capital, as a button's words do
    (French spell names are written in lower case: "Projectile magique sur Kael").

    >>> option_label("cast magic_missile @p2", "fr", {"p2": "Kael"})
    'Projectile magique sur Kael'
    """
    return first_up(_option_words(option_id, lang, names, opt))


def _option_words(option_id: str, lang: str, names: dict[str, str], opt: Any = None) -> str:
    own = getattr(opt, "names", None) or {}
    if own:
        return own.get(lang) or own.get("en") or option_id
    c = parse(option_id)
    who = names.get(c.target or "", c.target or "")
    if c.target and c.target not in names and c.target.startswith("wall") and c.target[4:].isdigit():
        who = t("opt.wall", lang, n=c.target[4:])  # disintegrate aimed at a wall of force
    v = c.verb
    if v == "cast":
        text = spell_name(c.spell, lang)
        if c.slot is not None:
            text += " " + t("opt.slot", lang, slot=c.slot)
        if c.target and c.target == getattr(names, "me", None):
            text += " " + t("opt.at.self", lang)
        elif c.target:
            text += " " + t("opt.at", lang, target=who)
        elif c.point is not None:
            text += " " + t("opt.at", lang, target=point(c.point, lang))
        if c.defensive:
            text += " " + t("opt.defensively", lang)
        return text
    if v == "use" and c.value:
        spell = c.value.split()[-1]
        text = t("opt.use", lang, spell=spell_name(spell, lang))
        if c.target and c.target == getattr(names, "me", None):
            text += " " + t("opt.at.self", lang)
        elif c.target:
            text += " " + t("opt.at", lang, target=who)
        if c.defensive:
            text += " " + t("opt.defensively", lang)
        return text
    if v == "react":
        r = c.reaction or ""
        if r in ("duel-counter", "md-counter", "counter"):
            return t(
                f"opt.{r}", lang, spell=spell_name(c.spell, lang), slot=c.slot if c.slot is not None else "?"
            )
        if r == "parry":
            return t(_with_weapon("opt.parry", c.weapon), lang, weapon=weapon_in_text(c.weapon or "", lang))
        return tt(f"opt.react.{r}", lang, r)
    if v in ("attack", "full-attack"):
        text = t(
            _with_weapon(f"opt.{v}", c.weapon), lang, weapon=weapon_in_text(c.weapon or "", lang), target=who
        )
        if option_id.endswith(" hold-parry"):  # DU-28: the last attack given up to hold a parry
            text += " " + t("opt.hold-parry", lang)
        return text
    if v == "aoo":
        return t(_with_weapon("opt.aoo", c.weapon), lang, weapon=weapon_in_text(c.weapon or "", lang))
    if v == "bull-rush" and c.target:
        return t("opt.bull-rush", lang, target=who)
    if v == "wake" and c.target:  # sleep: a slap wakes an ally
        return t("opt.wake", lang, target=who)
    if v == "touch" and c.target and c.value:  # a held touch spell's charge, delivered
        return t("opt.touch", lang, spell=spell_name(c.value, lang), target=who)
    if v in ("move", "step") and c.point is not None:
        return t(f"opt.{v}", lang, point=point(c.point, lang))
    if v == "zone" and c.value:
        w, _, h = c.value.partition("x")
        return t("opt.zone", lang, width=w, height=h)
    if v == "prepare" and c.value and c.value.isdigit():
        return count("prep.rounds", int(c.value), lang)
    if v == "roll" and c.value:
        return c.value
    if v == "choose" and c.value:
        return tt(f"choice.{c.value}", lang, c.value.replace("_", " "))
    if v == "face-off" and c.value:
        return word("skill", c.value, lang)
    if v == "use" and not c.value:
        return t("opt.use", lang, spell="?")
    return tt(f"opt.{option_id}", lang, option_id)


def pending_title(kind: str, lang: str) -> str:
    return tt(f"pend.{kind}", lang, kind.replace("rite:", "").replace("-", " "))


def percent(p: float, lang: str) -> str:
    """0.45 → "45%" (English) or "45 %" (French, with a narrow no-break space)."""
    n = round(p * 100)
    return f"{n}\u202f%" if lang == "fr" else f"{n}%"


def chance(opt: Any, lang: str) -> str:
    """An option's chance as the engine computed it (``OptionView.chance``), in words; "" without one."""
    if opt is None:
        return ""
    bits = []
    p, of = getattr(opt, "chance", None), getattr(opt, "chance_of", None)
    why = getattr(opt, "why", None)
    if p is not None and why:  # issue 12: an option that cannot work says why, with its 0%
        by = getattr(opt, "why_spell", None)
        key = f"ux.why.{why}" + (".by" if by else "")
        bits.append(tt(key, lang, why, p=percent(0.0, lang), spell=spell_name(by, lang) if by else ""))
    elif p is not None and of:
        if of == "sure":
            bits.append(t("chance.sure", lang))
        else:
            bits.append(tt(f"chance.{of}", lang, "{p}", p=percent(p, lang)))
    if getattr(opt, "concentration", None) is not None:
        bits.append(t("chance.concentration", lang, p=percent(opt.concentration, lang)))
    return " · ".join(bits)


def prompt(pending: Any, lang: str, names: dict[str, str]) -> str:
    """The pending decision's sentence from its code and arguments (``PendingView.code`` / ``args``),
    in ``lang``; the engine's English prompt when the catalogue has no sentence for the code."""
    code, args = getattr(pending, "code", "") or "", dict(getattr(pending, "args", {}) or {})
    if code == "rite:answer.offer":
        code = f"rite:answer.offer.{args.get('what', 'duel')}"
    if code == "rite:perform":  # DU-30: said with the duel action it follows (the option's "after")
        options = getattr(pending, "options", None) or []
        after = next((str(o.data["after"]) for o in options if (o.data or {}).get("after")), "")
        if has(f"after.{after}"):
            return t("prompt.rite:perform.after", lang, after=t(f"after.{after}", lang))
    key = "prompt." + code
    if not code or not has(key):
        return getattr(pending, "prompt", "") or ""
    params: dict[str, object] = {}
    for k, v in args.items():
        if k in ("caster", "attacker", "provoker", "challenger", "caller", "actor", "roller"):
            params[k] = names.get(str(v), str(v)) if v else ""
        elif k == "spell":
            params[k] = spell_name(str(v), lang) if v else ""
        elif k == "save":
            params[k] = tt(f"save.{v}", lang, str(v))
        elif k == "why":
            params[k] = tt(f"provoke.{v}", lang, str(v))
        else:
            params[k] = v
    return t(key, lang, **params)


# --- the log -------------------------------------------------------------------------------------------


def count(key: str, n: int, lang: str, **params: object) -> str:
    """``key.one`` or ``key.many`` by ``n`` (French counts 0 and 1 as singular, English only 1).

    >>> count("prep.rounds", 1, "en"), count("prep.rounds", 0, "fr"), count("prep.rounds", 0, "en")
    ('1 preparation round', '0 round de préparation', '0 preparation rounds')
    """
    return t(key + (".one" if singular(n, lang) else ".many"), lang, n=n, **params)


def restoration(data: dict[str, Any], lang: str, names: dict[str, str]) -> list[str]:
    """MD-20, one sentence per participant, saying only what was restored: hit points back, nonlethal
    damage healed, ability points back, the duel's spells ended; a creature summoned in the duel vanishes;
    "nothing to restore" when nothing changed."""
    out = []
    for cid, what in restored(data, lang).items():
        name = names.get(cid, cid)
        if what is None:
            out.append(t("restored.vanished", lang, name=name))
        elif not what:
            out.append(t("restored.nothing", lang, name=name))
        else:
            out.append(t("restored.one", lang, name=name, what=what))
    return out


def restored(data: dict[str, Any], lang: str) -> dict[str, str | None]:
    """What MD-20 gave back to each participant, by id, as one phrase without the name ("24 points of
    nonlethal damage healed; the effect “Glitterdust” ends"): ``""`` when nothing changed, ``None`` for a
    creature summoned in the duel, which vanishes.

    >>> restored({"participants": {"p1": {"nonlethal_healed": 1}, "p2": {}}}, "en")
    {'p1': '1 point of nonlethal damage healed', 'p2': ''}
    """
    out: dict[str, str | None] = {}
    for cid, r in (data.get("participants") or {}).items():
        if r.get("vanished"):
            out[cid] = None
            continue
        back = []
        if r.get("hp_healed"):
            back.append(count("restored.hp", int(r["hp_healed"]), lang))
        if r.get("nonlethal_healed"):
            back.append(count("restored.nl", int(r["nonlethal_healed"]), lang))
        for ab, n in (r.get("abilities_restored") or {}).items():
            if n:
                back.append(count("restored.ability", abs(int(n)), lang, ability=t("ab." + ab, lang)))
        gone: list[str] = []
        for x in r.get("spells_vanished") or []:
            x = _ongoing(str(x)) or x  # acid arrow's damage each round ends with acid arrow: one effect said
            said = spell_name(x, lang) if _spell(x) is not None else word("cond", str(x), lang)
            if said not in gone:
                gone.append(said)
        # Each effect in quotes: a condition's word and a spell's name read as names side by side ("the
        # effects “Ice Storm” and “blinded” end", not "the Ice Storm, blinded effects end").
        spells = listed([quoted(x, lang) for x in gone], lang)
        ended = count("restored.spells", len(gone), lang, spells=spells) if gone else ""
        said = listed(back, lang)
        if ended:
            said = said + t("restored.then", lang) + ended if said else ended
        out[cid] = said
    return out


def breakdown(data: dict[str, Any], lang: str) -> str:
    """A roll as people read it: "d20 14 + 7 caster level + 2 = 23 vs DC 18: countered"; a roll of several
    dice shows each die: "5d6 (6 + 4 + 3 + 4 + 4) = 21"."""
    dice = data.get("dice")
    if isinstance(dice, list) and len(dice) > 1:
        parts = [f"{data.get('die', 'd20')} ({' + '.join(str(d) for d in dice)})"]
    else:
        parts = [f"{data.get('die', 'd20')} {data.get('natural')}"]
    for name, value in data.get("modifiers", []):
        if not value:
            continue
        sign = "+" if value >= 0 else "−"
        parts.append(f"{sign} {abs(value)} {word('mod', str(name), lang)}")
    text = " ".join(parts) + f" = {data.get('total')}"
    against, target = data.get("against"), data.get("target")
    if against:
        vs = word("against", str(against), lang)
        # No number: a DC the roller may not know (an identification's DC tells the spell's level, MD-26).
        text += (
            f" {t('log.vs', lang)} {vs} {target}"
            if target is not None
            else " " + t("log.vs.hidden", lang, what=vs)
        )
    outcome = data.get("outcome")
    if outcome:
        text += colon(lang) + word("outcome", str(outcome), lang)
    return text


_PURPOSES = (
    (re.compile(r"^(fort|ref|will) save against (\w+)$"), "purpose.save"),
    (re.compile(r"^(fort|ref|will) save again against (\w+)$"), "purpose.save.again"),
    (re.compile(r"^duel effort: (fort|ref|will) save again$"), "purpose.effort.again"),
    (re.compile(r"^dispel check against (\w+)$"), "purpose.dispel.against"),
    (re.compile(r"^(\w+) duration$"), "purpose.duration"),
    (re.compile(r"^(\w+) temporary hp$"), "purpose.temp-hp"),
    (re.compile(r"^(\w+) negative levels$"), "purpose.negative-levels"),
    (re.compile(r"^(\w+) ability$"), "purpose.ability"),
    (re.compile(r"^resist (\w+) \(Strength\)$"), "purpose.resist"),
    (re.compile(r"^(\w+) healing$"), "purpose.healing"),
)


def purpose(text: str, lang: str) -> str:
    """The engine states a roll's purpose in English words; known ones are translated, others shown as is."""
    key = "purpose." + text
    if has(key):
        return t(key, lang)
    for pattern, pkey in _PURPOSES:
        m = pattern.match(text)
        if m is None:
            continue
        groups = m.groups()
        save = groups[0] if groups and groups[0] in ("fort", "ref", "will") else None
        spell = groups[-1] if groups and groups[-1] not in ("fort", "ref", "will") else None
        if spell is not None and _spell(spell) is None:
            continue
        return t(
            pkey,
            lang,
            save=t(f"savelong.{save}", lang) if save else "",
            spell=spell_name(spell, lang) if spell else "",
        )
    for prefix in ("attack with ", "initiative (face-off, "):
        if text.startswith(prefix):
            rest = text[len(prefix) :].rstrip(")")
            return t(
                "purpose." + prefix.strip(" ("),
                lang,
                what=weapon_in_text(rest, lang) if "attack" in prefix else word("skill", rest, lang),
            )
    spell_id, sep, rest = text.partition(": ")
    if sep and _spell(spell_id) is not None:  # "ray_of_frost: ranged touch attack"
        # A comma, not a colon: the roll's line puts its colon after the purpose ("Ray of Frost, ranged touch
        # attack: d20 12 …"), and one line had two.
        return f"{spell_name(spell_id, lang)}, {purpose(rest, lang)}"
    if text.endswith(": Will save or flee the zone"):  # MD-6: an animal inside the zone
        name = outsider_name(text[: -len(": Will save or flee the zone")], lang)
        return t("purpose.animal", lang, name=first_up(name))
    if text.endswith(" damage"):
        what = text[: -len(" damage")]
        weapon = _weapon(what) is not None or _natural_attack(what) is not None
        name = weapon_in_text(what, lang) if weapon else spell_name(what, lang)
        return t("purpose.damage", lang, what=name)
    return text


def outsider_name(name: str, lang: str) -> str:
    """Someone from outside the duel as a scenario describes them (MD-6's animal, MD-19's walker-in: "a fox",
    "a page"), in ``lang`` where the catalogue knows the words, else as written.

    >>> outsider_name("a fox", "fr"), outsider_name("Pip the owl", "fr")
    ('un renard', 'Pip the owl')
    """
    return tt(f"outsider.{name.lower()}", lang, name)


def first_up(said: str) -> str:
    """``said`` with a capital first letter, as a sentence or a button begins."""
    return said[:1].upper() + said[1:]


def _first_down(said: str) -> str:
    """``said`` with a small first letter, as a name or a clause inside a sentence is written."""
    return said[:1].lower() + said[1:]


def ac_part_name(name: str, lang: str) -> str:
    """One part of an AC in words (C-4: armour, shield, deflection, natural armour, size, the Dodge feat…);
    a condition's or a spell's part through :func:`word`."""
    key = f"acparts.part.{name}"
    return t(key, lang) if has(key) else word("mod", name, lang)


def ac_parts_text(parts: Any, lang: str) -> str:
    """An AC as the engine made it, part by part: "10 base + 6 armour + 2 shield + 1 Dex = 19"."""
    out: list[str] = []
    total = 0
    for name, value in parts or []:
        total += int(value)
        said = f"{abs(int(value))} {ac_part_name(str(name), lang)}"
        if not out:
            out.append(said if value >= 0 else f"−{said}")
        else:
            out.append(f"{'+' if value >= 0 else '−'} {said}")
    return " ".join(out) + f" = {total}"


def _is_number(v: object) -> bool:
    return isinstance(v, int | float) and not isinstance(v, bool)


def rite_value(value: list[Any], lang: str) -> str:
    """A rite's value given as a list: a zone's [width, height] (MD-5) said as the zone's own line says it,
    "46 × 46 ft, 20 ft high" (the floor is square), not "46 × 20"; anything else joined by " × "."""
    if len(value) == 2 and all(_is_number(v) for v in value):
        width, height = (number(float(v), lang) for v in value)
        return t("rite.zone.size", lang, width=width, height=height)
    return " × ".join(str(v) for v in value)


def quoted(said: str, lang: str) -> str:
    """``said`` in the language's quotation marks: “Blur”, « flou »."""
    return f"«\u202f{said}\u202f»" if lang == "fr" else f"“{said}”"


def listed(names: list[str], lang: str) -> str:
    """Names as a list in words: "Ilse, Kael and Odile", « Ilse, Kael et Odile »."""
    return ", ".join(names[:-1]) + t("way.and", lang) + names[-1] if len(names) > 1 else "".join(names)


def md8_effects(ids: list[str], lang: str, names: dict[str, str]) -> str:
    """The effects MD-8 carries into the zone or suppresses, listed in words: a spell by its name, anything
    else by whose it is (``names``), as the entry's log line and the preparation's forecast say them."""
    return listed([spell_name(x, lang) if _spell(x) is not None else names.get(x, x) for x in ids], lang)


def md8_key(key: str, carried: str, suppressed: str) -> str:
    """MD-8's sentence on what entering carries in and suppresses, with only the parts that hold something
    (no "suppressed: —"): ``key``, ``key.carried``, ``key.suppressed`` or ``key.none``.

    >>> md8_key("rite.suppression.one", "Shield", "")
    'rite.suppression.one.carried'
    """
    if carried and suppressed:
        return key
    return f"{key}.carried" if carried else f"{key}.suppressed" if suppressed else f"{key}.none"


def _compulsion(what: str, lang: str) -> str:
    """A compulsion as the rite names it (MD-3): a condition ("charmed"), one with its spell ("charmed
    (charm_person)"), said by the spell's name, or with where it came from ("charmed (before the duel)")."""
    m = re.match(r"^(?P<cond>[\w ]+) \((?P<source>[^)]+)\)$", what)
    if m and _spell(m["source"]) is not None:
        return spell_name(m["source"], lang)
    return word("cond", m["cond"] if m else what, lang)  # "charmed (before the duel)": the condition


#: C-11: what a confused creature's d100 made it do, as the engine says it, by message.
_CONFUSED = {
    "acts normally": "normal",
    "babbles": "babbles",
    "hurts itself": "hurt",
    "attacks the nearest": "attacks",
}


#: The sentences that count something, and the event's field that says how many: each has ``.one`` and
#: ``.many`` (:func:`count`).
_COUNTED = {
    "ev.negative-levels": "levels",
    "ev.summoned": "rounds",
    "ev.temp-hp": "temp_hp",
    "ev.ability.damage": "amount",
    "ev.ability.drain": "amount",
}


def event_line(e: Any, lang: str, names: dict[str, str]) -> str:
    """One line of the log for an event (``views.EventModel``), agreeing in French with its actor; a
    sentence, so it begins with a capital (French spell names do not: « Assassin imaginaire terrasse… »)."""
    with _about(gender_in(names, e.actor)):
        return first_up(_event_line(e, lang, names))


#: The notes of a damage the rules bring to nothing, and the sentence that says so instead of "takes 0".
_NO_DAMAGE = {
    "already replaced by half maximum hit points (MD-17)": "ev.damage.md17-once",
    "an attack by a disqualified participant fails (MD-23, MD-19)": "ev.damage.md23-fails",
}


def _event_line(e: Any, lang: str, names: dict[str, str]) -> str:
    d = e.data or {}
    actor = names.get(e.actor or "", e.actor or "")

    def nm(cid: Any) -> str:
        return names.get(str(cid), str(cid)) if cid is not None else ""

    k = e.kind
    if k == "roll":
        return f"{actor} — {purpose(str(d.get('purpose', '')), lang)}{colon(lang)}{breakdown(d, lang)}"
    if k in ("casting-spell", "identified", "spell", "countered"):
        params = {
            "actor": actor,
            "spell": spell_name(d.get("spell"), lang),
            "level": d.get("level", "?"),
            "school": word("school", str(d.get("school", "")), lang),
            "caster": nm(d.get("caster")),
        }
        return t(f"ev.{k}", lang, **params)
    if k == "casting":
        aimed = [str(x) for x in d.get("targets") or []]
        targets = listed([nm(x) for x in aimed], lang)
        key = "ev.casting.self" if aimed == [e.actor] else "ev.casting.at" if targets else "ev.casting"
        how = t("ev.casting.defensively", lang) if d.get("defensive") else ""
        return t(key, lang, actor=actor, targets=targets, how=how)
    if k == "damage":
        key = "ev.damage" if d.get("lethal", True) else "ev.damage.nonlethal"
        amount = d.get("amount")
        nothing = next((_NO_DAMAGE[n] for n in d.get("notes") or [] if n in _NO_DAMAGE), None)
        if amount == 0 and nothing is not None:
            return t(nothing, lang, actor=actor, by=nm(d.get("by")), spell=spell_name(d.get("spell"), lang))
        return damage_notes(d.get("notes") or [], lang) + count(
            key,
            int(amount) if isinstance(amount, int | float) else 2,
            lang,
            actor=actor,
            amount=d.get("amount"),
            by=nm(d.get("by")),
            hp=integer(d.get("hp")),
            nonlethal=d.get("nonlethal"),
        )
    if k in ("condition", "condition-ends"):
        text = t(f"ev.{k}", lang, actor=actor, condition=word("cond", str(d.get("condition", "")), lang))
        if k == "condition" and has(f"stat.{d.get('stat')}") and isinstance(d.get("value"), int):
            # One condition with two modifiers (a duel dodge's −2 to AC and to Reflex, DU-25) is two events:
            # say which modifier each one is, so the log does not seem to repeat itself.
            stat, value = str(d["stat"]), d["value"]
            sign = "+" if value >= 0 else "−"
            text += " " + t("log.modifier", lang, value=f"{sign}{abs(value)}", stat=t(f"stat.{stat}", lang))
        if k == "condition" and d.get("rounds"):
            lasts = rounds(int(d["rounds"]), lang)
            # One pair of brackets: "shielded (+4 AC, 70 rd.)", not "shielded (+4 AC) (70 rd.)".
            text = text[:-1] + ", " + lasts[1:] if text.endswith(")") else text + " " + lasts
        return text
    if k == "healed":
        n = d.get("amount")
        n = int(n) if isinstance(n, int | float) else 2
        return count("ev.healed", n, lang, actor=actor, amount=n, hp=integer(d.get("hp")))
    if k == "condition-renewed":  # the same spell again: renewed, not stacked
        return t(
            "rules10.condition-renewed",
            lang,
            actor=actor,
            condition=word("cond", str(d.get("condition", "")), lang),
        )
    if k == "status":
        return t("ev.status", lang, actor=actor, status=word("status", str(d.get("status", "")), lang))
    if k == "maneuver":
        what = str(d.get("maneuver", ""))
        return tt(f"ev.maneuver.{what}", lang, f"{actor} — {what}", actor=actor, target=nm(d.get("target")))
    if k in ("move", "pushed"):
        return t(f"ev.{k}", lang, actor=actor, to=point(d.get("to", (0, 0)), lang))
    if k == "teleport" and isinstance(d.get("to"), list):  # dimension door: where to, as a move says it
        return t("ev.teleport.to", lang, actor=actor, to=point(d["to"], lang))
    if k == "round":
        return t(
            "ev.round.preparation" if d.get("phase") == "preparation" else "ev.round",
            lang,
            round=d.get("round"),
        )
    if k == "initiative":
        return t("ev.initiative", lang, order=", ".join(nm(x) for x in d.get("order", [])))
    if k == "zone":
        return t(
            "ev.zone",
            lang,
            width=number(float(d.get("width", 0)), lang),
            height=number(float(d.get("height", 0)), lang),
        )
    if k == "rite" and d.get("step") == "suppression":
        parts = []
        for cid, r in (d.get("effects") or {}).items():
            carried = md8_effects(r.get("carried", []), lang, names)
            gone = md8_effects(r.get("suppressed", []), lang, names)
            key = md8_key("rite.suppression.one", carried, gone)
            parts.append(t(key, lang, name=nm(cid), carried=carried, suppressed=gone))
        return t("rite.suppression", lang) + (" " + " ".join(parts) if parts else "")
    if k == "rite" and d.get("step") == "entry":
        out = t("rite.entry", lang, names=listed([nm(x) for x in d.get("entered", [])], lang))
        if d.get("excluded"):
            out += " " + t("rite.excluded", lang, names=listed([nm(x) for x in d["excluded"]], lang))
        return out
    if k == "rite" and d.get("step") in ("zone", "preparation") and d.get("agreed") is False:
        value = d.get("value")
        value = rite_value(value, lang) if isinstance(value, list) else value
        if d["step"] == "preparation" and isinstance(value, int):
            value = count("prep.rounds", value, lang)
        return t(f"rite.{d['step']}.won", lang, actor=nm(d.get("winner") or e.actor), value=value)
    if k == "rite":
        step = str(d.get("step", ""))
        if step == "qualification" and d.get("unqualified"):  # MD-1: who may not take part
            who = [nm(x.get("id")) for x in d["unqualified"]]
            return count("rite.unqualified", len(who), lang, names=listed(who, lang))
        if step == "acclimation" and d.get("refused"):  # MD-3: no acclimation under a compulsion
            who = [nm(x.get("id")) for x in d["refused"]]
            held = ", ".join(_compulsion(str(x.get("compulsion", "")), lang) for x in d["refused"])
            return count("rite.unattuned", len(who), lang, names=listed(who, lang), compulsions=held)
        if step == "refusal" and d.get("rival"):  # DU-1, or MD-2: refusing a mageduel admits the wish to kill
            key = "rite.refusal.md2" if "MD-2" in (getattr(e, "clauses", None) or []) else "rite.refusal.du1"
            return t(key, lang, actor=actor, rival=nm(d["rival"]))
        value = d.get("value")
        if isinstance(value, list):
            value = rite_value(value, lang)
        elif step == "preparation-proposal" and isinstance(value, int):
            value = count("prep.rounds", value, lang)
        return tt(
            f"rite.{step}",
            lang,
            f"{actor + ': ' if actor else ''}{step}",
            actor=actor,
            value=value if value is not None else "",
            meaning=d.get("meaning", ""),
        )
    if k in ("withdrawal", "draw-offered"):  # DU-9, MD-25: who answered so at the progress check
        who = [str(x) for x in d.get("who") or []]
        return count(f"ev.{k}", len(who), lang, names=listed([nm(x) for x in who], lang))
    if k == "interference":  # MD-19, MD-23: said by what happened, never the engine's English
        what = str(d.get("what", ""))
        key = next((key for frag, key in _INTERFERENCE if frag in what), "enters")
        who = d.get("who")  # "disqualifiée": agreeing with who acted, not the event's actor
        said = names.get(str(who)) or outsider_name(str(who), lang)  # a participant, or "a page"
        return said_of(gender_in(names, who), f"ev.interference.{key}", lang, who=said)
    if k == "immunity" and d.get("spells") and not d.get("descriptors"):  # shield: magic missile
        return t(
            "ev.immunity.to",
            lang,
            actor=actor,
            spells=listed([spell_name(x, lang) for x in d["spells"]], lang),
        )
    if k == "unaffected" and d.get("spell"):  # by what, and why: C-11's sightless, a spell's tiers, a weight
        why = f"ev.unaffected.{d.get('why') or d.get('measure')}"
        said = t("ev.unaffected.by", lang, actor=actor, spell=spell_name(str(d["spell"]), lang))
        pounds = {a: number(float(d[a]), lang) for a in ("weight", "limit") if _is_number(d.get(a))}
        reason = t(why, lang, **pounds) if has(why) else ""
        return said + (reason if reason and "{" not in reason else ".")  # a weight missing: no reason
    if k == "area-clipped":  # MD-10: an area stops at the zone's faces
        return t(
            "lesson13.area-clipped",
            lang,
            actor=actor,
            spell=spell_name(d.get("spell"), lang),
            who=listed([nm(x) for x in d.get("spared", [])], lang),
        )
    if k == "end":
        return outcome_line(d, lang, names)
    if k == "restored":
        return t("ev.restored", lang, who=" ".join(restoration(d, lang, names)))
    if k == "spell-lost":
        return t("ev.spell-lost", lang, actor=actor, why=word("why", str(d.get("why", "")), lang))
    if k in ("duel-counter", "counterspell"):
        return t(
            "ev.counter",
            lang,
            actor=actor,
            caster=nm(d.get("caster")),
            spell=spell_name(d.get("using"), lang),
        )
    if k in ("attack", "aoo"):
        return t(
            f"ev.{k}",
            lang,
            actor=actor,
            target=nm(d.get("target")),
            weapon=weapon_in_text(str(d.get("weapon", "")), lang),
        )
    if k == "confused":  # C-11: what the d100 made the confused one do
        does = _CONFUSED.get(str(d.get("does", "")))
        if does is not None:
            return t(f"ev.confused.{does}", lang, actor=actor, roll=d.get("roll"), target=nm(d.get("target")))
    if k == "animal":  # MD-6: an animal inside the zone saves or flees
        key = "ev.animal.flees" if d.get("flees") else "ev.animal.stays"
        name = first_up(outsider_name(str(d.get("name", "an animal")), lang))
        return t(key, lang, name=name, dc=d.get("dc"))
    if k == "crowd" and isinstance(d.get("victory_points"), int):  # DU-30: the crowd after a performance
        attitude = tt(f"attitude.{d.get('attitude')}", lang, str(d.get("attitude")))
        n = d["victory_points"]
        if n == 0:  # all spent: no more performances (DU-30)
            return t("ev.crowd.none", lang, actor=actor, attitude=attitude)
        return count("ev.crowd", n, lang, actor=actor, attitude=attitude, vp=n)
    if k == "roll-dc":
        return t(
            "ev.roll-dc",
            lang,
            actor=actor,
            purpose=purpose(str(d.get("purpose", "")), lang),
            dc=d.get("target"),
        )
    mode = f"ev.{k}.{d.get('mode')}"
    key = mode if k == "ability" and (has(mode) or has(mode + ".one")) else f"ev.{k}"
    counted = _COUNTED.get(key)
    if counted is not None and isinstance(d.get(counted), int):  # "1 round", "1 point", "0 point" in French
        key += ".one" if singular(d[counted], lang) else ".many"
    if has(key):
        params: dict[str, object] = {
            a: b for a, b in d.items() if isinstance(b, str | int | float | bool) and not isinstance(b, bool)
        }
        params.update(
            actor=actor,
            caster=nm(d.get("caster")),
            attacker=nm(d.get("attacker")),
            target=nm(d.get("target")),
            by=nm(d.get("by")),
            why=d.get("why", ""),
            turn=actor,
        )
        if d.get("spell"):
            params["spell"] = spell_name(str(d["spell"]), lang)
        if d.get("ability"):
            params["ability"] = tt(f"ab.{d['ability']}", lang, str(d["ability"]))
        if d.get("type"):
            params["type"] = tt(f"choice.{d['type']}", lang, str(d["type"]))
        if d.get("creature"):
            params["creature"] = creature_name(str(d["creature"]), lang)
        if d.get("outcome"):
            params["outcome"] = tt(f"slay.{d['outcome']}", lang, str(d["outcome"]))
        if "hit" in d:
            params["hit"] = t("log.hit" if d["hit"] else "log.missed", lang)
        return t(key, lang, **params)
    # A kind with no sentence yet: its name and data, plainly.
    extra = ", ".join(f"{a}={b}" for a, b in d.items() if not isinstance(b, dict | list))
    return f"{actor + ' — ' if actor else ''}{k}{': ' + extra if extra else ''}"


_NOTES = (
    (re.compile(r"^half of (\d+) \(MD-16\)$"), "ux.dmg.md16"),
    (re.compile(r"^a killing spell deals half of (\d+) maximum hit points \(MD-17\)$"), "ux.dmg.md17"),
    (re.compile(r"^half on a successful save$"), "ux.dmg.saved"),
    (re.compile(r"^resistance (\d+)$"), "ux.dmg.resist"),
    (re.compile(r"^damage reduction (\d+)$"), "ux.dmg.dr"),
    (re.compile(r"^temporary hp (\d+)$"), "ux.dmg.temp"),
    (re.compile(r"^no .+ in a mageduel \(MD-14\)$"), "ux.dmg.md14"),
    (re.compile(r"^the arena prevents the .+ \(DU-31\)$"), "ux.dmg.du31"),
)


def damage_notes(notes: list[str], lang: str) -> str:
    """How a damage's amount came to be, before the sentence: the save's half, MD-16's halving, MD-17,
    a resistance — in words, in the order they applied, as one clause ("Half for a successful save, then
    half of 11, rounded down (MD-16): ")."""
    said = []
    for note in notes:
        for rx, key in _NOTES:
            m = rx.match(str(note))
            if m:
                part = t(key, lang, n=m.group(1) if m.groups() else "")
                said.append(_first_down(part) if said else part)
                break
    return t("ux.dmg.then", lang).join(said) + colon(lang) if said else ""


def outcome_line(out: dict[str, Any], lang: str, names: dict[str, str]) -> str:
    """Who won, or a tie, and why: the title of the ending's clause (MD-21 "Rivals defeated"…)."""
    clauses = out.get("clauses") or []
    why = str(out.get("reason", ""))
    first = clauses[0] if clauses else ""
    reason = clause_title(first, lang) if clauses else word("reason", why, lang)
    # The most precise sentence wins: DU-5's agreed endings share one clause (first blood, first hit, N
    # hits); some clause titles read as a question or name a topic ("When a duel ends", "One hour"), not a
    # reason; everyone down at once is a tie of its own.
    keys = [f"end.du5.{why}", f"end.why.{why}"] + ([f"end.why.{why}.{first}"] if clauses else [])
    keys += [f"end.why.{why}.tie"] if out.get("tie") and clauses else []
    for key in keys:
        if has(key):
            reason = t(key, lang, clause=first)
    if out.get("tie"):
        return t("end.tie", lang, reason=reason)
    who = [names.get(w, w) for w in out.get("winners", [])]
    if len(who) > 1:  # a side of two or more: "Ilse and Odile win", « Ilse et Odile l'emportent »
        return t("end.winners", lang, winners=listed(who, lang), reason=reason)
    return t("end.winner", lang, winners=", ".join(who), reason=reason)


#: Log filters: which event kinds each shows.
FILTERS = {
    "all": None,
    "rolls": {"roll", "roll-off", "initiative"},
    "spells": {
        "casting",
        "casting-spell",
        "identified",
        "not-identified",
        "spell",
        "countered",
        "counterspell",
        "duel-counter",
        "counter-fails",
        "spell-lost",
    },
    "rite": {"rite", "zone", "start", "placed"},
}


def keep(e: Any, flt: str) -> bool:
    kinds = FILTERS.get(flt)
    return kinds is None or e.kind in kinds


#: From how many rounds (ten minutes) an effect's length is also said in minutes or hours.
LONG_ROUNDS = 100


def rounds(n: int, lang: str) -> str:
    """How long an effect lasts, in rounds of 6 seconds — and, once that is ten minutes or more, roughly how
    long in minutes or hours, for "(4193 rd)" alone does not say "all day" (C-9: mage armour, 1 hour a
    level).

    >>> rounds(3, "en"), rounds(62, "fr")
    ('(3 rd.)', '(62 rd)')
    >>> rounds(150, "en"), rounds(4193, "fr")
    ('(150 rd., about 15 min)', '(4193 rd, environ 6 h 59)')
    >>> rounds(4200, "en"), rounds(4230, "en")
    ('(4200 rd., about 7 h)', '(4230 rd., about 7 h 03)')
    """
    if n < LONG_ROUNDS:
        return t("log.rounds", lang, rounds=n)
    return t("log.rounds-long", lang, rounds=n, time=clock_time(n, lang))


def clock_time(n: int, lang: str) -> str:
    """``n`` rounds of 6 seconds as minutes or hours, to the minute: "15 min", "7 h", "6 h 59"."""
    h, m = divmod(round(n / 10), 60)
    if not h:
        return t("time.minutes", lang, m=m)
    if not m:
        return t("time.hours", lang, h=h)
    return t("time.hours-minutes", lang, h=h, mm=f"{m:02d}")


def number_ft(feet: float, lang: str) -> str:
    return f"{number(float(feet), lang)} {t('arena.unit', lang)}"


#: The mageduel rite's steps in order (MD-1..MD-9), and the rite event steps that show each one done.
RITE_STEPS = (
    ("qualification", ("qualification",), "MD-1"),
    ("challenge", ("terms", "challenge", "call", "acceptance", "refusal"), "MD-2"),
    ("acclimation", ("acclimation",), "MD-3"),
    ("zone", ("zone",), "MD-5"),
    ("preparation", ("preparation",), "MD-7"),
    ("suppression", ("suppression",), "MD-8"),
    ("entry", ("entry", "begin"), "MD-9"),
)


def settlement(events: list[Any], what: str, lang: str, names: dict[str, str]) -> str:
    """How the zone's size (MD-4/MD-5) or the preparation rounds (MD-7) were settled: every proposal, and
    when they differ the opposed checks and their winner — read off the rite's own events; "" until then."""
    proposals = [e for e in events if e.kind == "rite" and e.data.get("step") == f"{what}-proposal"]
    done = next((e for e in events if e.kind == "rite" and e.data.get("step") == what), None)
    if done is None:
        return ""

    def value(v: Any) -> str:
        if isinstance(v, list):
            return rite_value(v, lang)
        return count("prep.rounds", v, lang) if what != "zone" and isinstance(v, int) else str(v)

    unit_key = "zone" if what == "zone" else "prep"
    said = ("\u202f; " if lang == "fr" else "; ").join(  # French spaces its semicolon, as the catalogue does
        t(
            "zone.proposal" if what == "zone" else "prep.proposal",
            lang,
            name=names.get(e.actor or "", e.actor or ""),
            value=value(e.data.get("value")),
        )
        for e in proposals
    )
    if done.data.get("agreed", True):
        tail = t(f"{unit_key}.settled.agreed", lang, value=value(done.data.get("value")))
    else:
        rolls = [
            e
            for e in events
            if e.kind == "roll" and str(e.data.get("purpose", "")).startswith(f"{what}: opposed")
        ]
        tail = t(
            f"{unit_key}.settled.opposed",
            lang,
            rolls=", ".join(
                t("zone.roll", lang, name=names.get(e.actor or "", e.actor or ""), total=e.data.get("total"))
                for e in rolls
            ),
            name=names.get(str(done.data.get("winner")), str(done.data.get("winner"))),
            value=value(done.data.get("value")),
        )
    return (said + ". " if said else "") + tail


# --- a spell's effect in one line (issue 12: know what a choice does before making it) --------------------


def _dice_range(describe: str) -> tuple[int, int] | None:
    """The least and the most of dice notation (``"5d6"``, ``"1d4+1"``, ``"10"``)."""
    m = re.fullmatch(r"(?:(\d+)d(\d+))?([+-]\d+)?", describe)
    if not m or not (m.group(1) or m.group(3)):
        return None
    n, die = int(m.group(1) or 0), int(m.group(2) or 0)
    bonus = int(m.group(3) or 0)
    return n + bonus, n * die + bonus


def spell_effect(spell_id: str, caster_level: int, kind: str, lang: str) -> str:
    """One line in our own words: its damage dice and, in a mageduel, what MD-16's halving and MD-14's
    nonlethal damage leave of them; a slaying spell's MD-17; the save and what it does; the area; the
    conditions it brings; how long it lasts.

    >>> spell_effect("fireball", 7, "mageduel", "en")
    '7d6 fire, halved (MD-16): 3–21 nonlethal · Ref half · 20 ft spread · instantaneous'
    """
    sp = spell_info(spell_id)
    if sp is None:
        return ""
    cl = max(1, caster_level)
    mage = kind == "mageduel"
    parts: list[str] = []
    nodes = sp.nodes()
    missiles = next((n for n in nodes if getattr(n, "kind", "") == "missiles"), None)
    slays = any(getattr(n, "kind", "") == "slay" for n in nodes)
    if slays:
        parts.append(t("ux.fx.slay" if mage else "ux.fx.slay.duel", lang))
    damage = next((n for n in nodes if getattr(n, "kind", "") == "damage"), None)
    if damage is not None and not slays:
        said = damage.dice.describe(cl)
        line = f"{said} {tt(f'choice.{damage.type}', lang, str(damage.type))}"
        if missiles is not None:
            line = t("ux.fx.missiles", lang, n=at_level(missiles.count, cl), each=line)
        span = _dice_range(said)
        if mage and span is not None:
            lo, hi = halve(span[0]), halve(span[1])  # MD-16, as the zone halves a hit; MD-14
            line += (
                count("ux.fx.halved.same", lo, lang) if lo == hi else t("ux.fx.halved", lang, lo=lo, hi=hi)
            )
        elif damage.nonlethal:
            line += " " + t("ux.fx.nonlethal", lang)
        parts.append(line)
    conds = [n for n in nodes if getattr(n, "kind", "") == "condition"]
    if conds:
        names = []
        for n in conds:
            for c in (n.condition, *n.also):
                w = word("cond", str(c), lang)
                if w not in names:
                    names.append(w)
        parts.append(", ".join(names))
    if not parts and sp.description is not None:  # a boon or a trick: what it does, in our words
        parts.append(getattr(sp.description, lang, None) or sp.description.en)
    if sp.save.kind != "none":
        outcome = tt(f"ux.fx.on.{sp.save.on_success}", lang, str(sp.save.on_success))
        parts.append(f"{t('save.' + sp.save.kind, lang)} {outcome}")
    if sp.area is not None:
        parts.append(
            t(
                "ux.fx.area",
                lang,
                size=number_ft(float(sp.area.size_at(cl)), lang),
                shape=tt(f"ux.fx.shape.{sp.area.shape}", lang, str(sp.area.shape)),
            )
        )
    d = sp.duration
    if d.unit == "instantaneous":
        parts.append(t("ux.fx.instant", lang))
    elif d.unit == "permanent":
        parts.append(t("ux.fx.permanent", lang))
    else:
        n = d.rounds_at(cl)
        if n >= LONG_ROUNDS:  # C-9: an hour a level reads as hours, not only as thousands of rounds
            parts.append(t("ux.fx.rounds.long", lang, n=n, time=clock_time(n, lang)))
        elif n:
            parts.append(count("ux.fx.rounds", n, lang))
        elif d.dice is not None:
            parts.append(t("ux.fx.rolled", lang, dice=d.dice.describe(cl)))
        if d.concentration:
            parts.append(t("ux.fx.concentration", lang))
    return " · ".join(p for p in parts if p)


def at_level(value: Any, caster_level: int) -> int:
    from mageduel import at_level as _at

    return _at(value, caster_level)


def halve(amount: int) -> int:
    """MD-16: the engine's own halving of a hit in the zone (half, rounded down, at least 1)."""
    from mageduel import halve as _halve

    return _halve(amount)
