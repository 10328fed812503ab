"""Decision panels: every pending decision of the engine, shown from its legal options.

:func:`generic` answers any kind, including a ``rite:...`` kind the rules modules add tomorrow: one button
per option id. The common kinds get nicer components built on the same option ids — the turn panel with the
spell picker, the reaction prompt, the table assistant's dice entry, the zone-size control. A button reports
``data-act="decide" data-option="<id>"``; nothing here decides what is legal.
"""

from __future__ import annotations

from html import escape
from typing import Any

from web.game import text
from web.game.choice import parse
from web.i18n import t

#: Pending kinds that are a reaction window, and the reaction kind their Ask / Always / Never applies to.
REACTION_OF = {
    "identify": "identify",
    "counter": "counter",
    "defend": "dodge",
    "effort": "effort",
    "aoo": "aoo",
}


def _button(
    oid: str, label: str, key: str | None = None, cls: str = "opt", autofocus: bool = False, extra: str = ""
) -> str:
    k = f' data-key="{escape(key)}"' if key else ""
    hint = f'<kbd aria-hidden="true">{escape(key)}</kbd>' if key and len(key) == 1 else ""
    af = " data-autofocus" if autofocus else ""
    return (
        f'<button type="button" class="{cls}" data-act="decide" data-option="{escape(oid)}"{k}{af}{extra}>'
        f"{hint}<span>{escape(label)}</span></button>"
    )


def _keys() -> list[str]:
    return [str(i) for i in range(1, 10)] + ["0"]


def generic(
    ids: list[str],
    lang: str,
    names: dict[str, str],
    kind: str,
    pending: Any = None,
    opts: dict[str, Any] | None = None,
) -> str:
    """Any decision: its sentence (from the engine's prompt code) and one button per legal option."""
    keys = _keys()
    opts = opts or {}
    buttons = "".join(
        _button(
            oid,
            _with_chance(text.option_label(oid, lang, names, opts.get(oid)), opts.get(oid), lang),
            keys[i] if i < len(keys) else None,
            autofocus=i == 0,
        )
        for i, oid in enumerate(ids)
    )
    sentence = text.prompt(pending, lang, names) if pending is not None else ""
    return (
        f'<section class="decision generic" data-kind="{escape(kind)}" aria-labelledby="decision-title">'
        f'<h2 id="decision-title">{escape(text.pending_title(kind, lang))}</h2>'
        + (f'<p class="prompt">{escape(sentence)}</p>' if sentence else "")
        + f'<div class="options">{buttons}</div></section>'
    )


def options_of(view: Any) -> dict[str, Any]:
    """The pending options by id (``views.OptionView``: what each is about, its DC and chance)."""
    p = view.pending
    return {o.id: o for o in (p.options or [])} if p is not None else {}


def _with_chance(label: str, opt: Any, lang: str) -> str:
    c = text.chance(opt, lang)
    return f"{label} — {c}" if c else label


# --- the turn ------------------------------------------------------------------------------------------


def _available(view: Any, lang: str) -> str:
    """What is left of the turn, as the engine's action budget stands (``PendingView.turn_left``, C-9): a
    standard action, a move, a 5-foot step, a swift action, a full-round action."""
    p = view.pending
    left = p.turn_left if p is not None else None
    items = []
    if left is not None:
        for key, has in (
            ("standard", left.standard),
            ("move", left.move),
            ("step", left.step),
            ("swift", left.swift),
            ("full", left.full),
        ):
            if has:
                items.append(t("turn.left." + key, lang))
    if not items:
        items.append(t("turn.left.none", lang))
    return "".join(f"<li>{escape(i)}</li>" for i in items)


def carries(opt: Any, lang: str) -> str:
    """Precasting (MD-8): during the preparation, whether this casting will carry into the zone or be
    suppressed on entry — the engine's own answer (``OptionView.carries``, from the rite's test)."""
    if getattr(opt, "carries", None) is None:
        return ""
    return " — " + t("precast.carries" if opt.carries else "precast.suppressed", lang)


def spell_facts(view: Any, spell_id: str, slot: int | None, lang: str, opt: Any = None) -> str:
    """Level, school, range, save and its DC (the engine's, ``OptionView.dc``: Spell Focus, an item's own
    DC), slots left — what the picker shows beside a spell."""
    sp = text.spell_info(spell_id)
    me = view.me
    facts = []
    if sp is None:
        return ""
    level = slot if slot is not None else sp.level
    facts.append(t("spell.level", lang, level=level))
    facts.append(text.word("school", sp.school, lang))
    feet = getattr(opt, "range_ft", None)  # the engine's, at the caster level in force (negative levels)
    if feet is not None:
        facts.append(
            t("spell.range.touch", lang)
            if sp.range.kind == "touch"
            else t("spell.range.personal", lang)
            if feet == 0
            else t("spell.range", lang, range=text.number_ft(feet, lang))
        )
    if opt is not None and opt.dc is not None and opt.save:
        facts.append(t("spell.save", lang, save=t("save." + opt.save, lang), dc=opt.dc))
    if getattr(sp, "attack_kinds", None):
        facts.append(t("spell.attack", lang))
    if me is not None and level:
        left = me.slots.get(level) if me.slots else None
        if left is None and me.prepared:
            left = sum(1 for p in me.prepared if p.spell == spell_id and p.level == level and not p.used)
        if left is not None and not (opt is not None and opt.item):
            facts.append(text.count("spell.left", left, lang))
    # Each fact whole on its line ("Will DC 14", "range 40 ft"): a narrow screen breaks between facts only.
    return " · ".join(f'<span class="fact">{escape(f)}</span>' for f in facts)


def _caster_level(opt: Any) -> int:
    """The caster level a spell option is cast at, as the view carries it (C-7: an item's own, else the
    caster's in force, after negative levels) — never the character's level."""
    return int(getattr(opt, "caster_level", None) or 1)


def group_key(opt: Any) -> str | None:
    """The spell picker's row of a cast option: the spell and its slot, or the spell and the item."""
    if getattr(opt, "kind", None) != "cast" or not getattr(opt, "spell", None):
        return None
    if opt.item:
        return f"{opt.spell}|{opt.item}"
    return f"{opt.spell}|{opt.slot if opt.slot is not None else ''}"


def group(view: Any, key: str | None) -> list[Any]:
    """The options of one picker row (its targets, defensively or not)."""
    if not key:
        return []
    return [o for o in options_of(view).values() if group_key(o) == key]


def _item_word(opt: Any, lang: str) -> str:
    return text.tt(f"item.{opt.item_kind}", lang, t("item.any", lang) if text.has("item.any") else "item")


def turn(view: Any, ids: list[str], lang: str, names: dict[str, str], picked: str | None) -> str:
    """The acting participant's turn: actions left, the spell picker (spells and items, each with its DC
    and chance), attacks with their chance, movement, the rest."""
    opts = options_of(view)
    choices = [parse(i) for i in ids]
    rows: dict[str, list[Any]] = {}
    attacks, moves, other = [], [], []
    for c in choices:
        o = opts.get(c.id)
        key = group_key(o)
        if key is not None:
            rows.setdefault(key, []).append(o)
        elif c.verb in ("attack", "full-attack"):
            attacks.append(c)
        elif c.verb in ("move", "step"):
            moves.append(c)
        elif c.verb != "end":
            other.append(c)
    keys = iter(_keys())
    parts = [
        f'<section class="decision turn" data-kind="turn" aria-labelledby="decision-title">'
        f'<h2 id="decision-title">{escape(t("turn.title", lang))}</h2>'
        f'<ul class="left" aria-label="{escape(t("turn.left", lang))}">{_available(view, lang)}</ul>'
    ]
    if rows:
        out = []
        first = True
        for key, members in rows.items():
            o0 = members[0]
            open_ = picked == key
            label = text.spell_name(o0.spell, lang)
            if o0.item:
                label = f"{_item_word(o0, lang)}{text.colon(lang)}{label}"
            elif o0.slot:
                label += " " + t("opt.slot", lang, slot=o0.slot)
            label = text.first_up(label)  # a button's words begin with a capital (« Aspersion acide »)
            k = next(keys, None)
            out.append(
                f'<li class="spell{" picked" if open_ else ""}" data-spell="{escape(o0.spell)}">'
                f'<button type="button" class="pick" data-act="pick" data-pick="{escape(key)}" '
                f'aria-expanded="{str(open_).lower()}"{f" data-key={chr(34)}{k}{chr(34)}" if k else ""}'
                f"{' data-autofocus' if first and not picked else ''}>"
                f"{f'<kbd aria-hidden={chr(34)}true{chr(34)}>{k}</kbd>' if k else ''}<span>{escape(label)}</"
                "span></button>"
                f'<span class="facts">{spell_facts(view, o0.spell, o0.slot, lang, o0)}</span>'
                + (
                    f'<span class="fx">{escape(fx)}</span>'
                    if (fx := text.spell_effect(o0.spell, _caster_level(o0), view.kind, lang))
                    else ""
                )
            )
            first = False
            if open_:
                targets = "".join(
                    _button(
                        o.id,
                        _with_chance(_target_label(o, lang, names), o, lang) + carries(o, lang),
                        cls="opt target",
                        autofocus=i == 0,
                        extra=f' title="{escape(t("chance.title", lang))}"' if o.chance is not None else "",
                    )
                    for i, o in enumerate(members)
                )
                if any(o.point is not None and not o.item for o in members):
                    # DU-10: an area spell may be centred on any point, not only where someone stands.
                    targets += (
                        f'<button type="button" class="opt aim" data-act="aim-point">'
                        f"<span>{escape(t('aim.button', lang))}</span></button>"
                    )
                out.append(
                    f'<div class="targets" role="group" aria-label="{escape(t("turn.targets", lang))}">'
                    f"{targets}</div>"
                )
            out.append("</li>")
        parts.append(f'<h3>{escape(t("turn.spells", lang))}</h3><ul class="spell-list">{"".join(out)}</ul>')
    if attacks:
        parts.append(
            f'<h3>{escape(t("turn.attacks", lang))}</h3><div class="options">'
            + "".join(
                _button(
                    c.id,
                    _with_chance(text.option_label(c.id, lang, names), opts.get(c.id), lang),
                    next(keys, None),
                )
                for c in attacks
            )
            + "</div>"
        )
    if moves:
        left = view.pending.turn_left if view.pending is not None else None
        speed = (left.move_feet or 0) if left is not None else getattr(view.me, "speed", 0) or 0
        reach = (" " + t("board.reach", lang, feet=text.number_ft(speed, lang))) if speed else ""
        hint = "turn.moves.hint" if view.zone else "turn.moves.hint.ground"  # a plain duel has no zone
        parts.append(
            f'<h3>{escape(t("turn.moves", lang))}</h3><p class="hint">{escape(t(hint, lang))}'
            f"{escape(reach)}</p>"
            '<div class="options moves">'
            + "".join(
                _button(c.id, text.option_label(c.id, lang, names), cls="opt move").replace(
                    'data-act="decide"', 'data-act="preview-move"', 1
                )
                for c in moves
            )
            + "</div>"
        )
    if other:
        parts.append(
            '<div class="options">'
            + "".join(
                _button(
                    c.id,
                    _with_chance(text.option_label(c.id, lang, names, opts.get(c.id)), opts.get(c.id), lang),
                    next(keys, None),
                )
                for c in other
            )
            + "</div>"
        )
    if "end" in ids:
        parts.append(
            '<div class="options end">'
            + _button("end", t("opt.end", lang), "e", cls="opt end-turn", autofocus=not rows and not picked)
            + "</div>"
        )
    parts.append("</section>")
    return "".join(parts)


def _target_label(o: Any, lang: str, names: dict[str, str]) -> str:
    """A picker row's button: at whom (or where, or on oneself), and whether defensively. A spell of the
    one deciding on themselves reads "on yourself", not their own name (:attr:`text.Names.me`)."""
    aim = getattr(o, "aim", None)
    me = getattr(names, "me", None)
    if me is not None and not aim and list(o.targets) == [me]:
        label = t("opt.at.self", lang)
    elif o.targets or aim:
        who = text.listed([names.get(x, x) for x in (o.targets or [aim])], lang)
        label = t("opt.at", lang, target=who)
    elif o.point is not None or parse(o.id).point is not None:
        label = t("opt.at", lang, target=text.point(o.point or parse(o.id).point, lang))
    else:
        label = t("opt.self", lang)
    if o.defensive:
        label += " " + t("opt.defensively", lang)
    others = [x for x in getattr(o, "affected", None) or [] if x != aim and x not in o.targets]
    if others:  # an area that would also take in others (a friend, oneself): said before it is cast
        label += " " + t("opt.also", lang, names=", ".join(names.get(x, x) for x in others))
    return label


# --- reactions --------------------------------------------------------------------------------------------


#: Above this many duel counterspell options (a sorcerer's every known spell × every slot that can power
#: it: a hundred at level 17), the prompt asks for the spell and the slot in two lists, not a wall of buttons.
CHOOSER_FROM = 7


def _counter_chooser(
    ids: list[str], opts: dict[str, Any], lang: str, picked: str | None, key: str | None
) -> str:
    """DU-12's duel counterspell, choosing the spell and then the slot: two lists (each change redraws, the
    slots listed are those the engine offers with that spell) and one button for the exact legal option,
    with its chance."""
    by_spell: dict[str, list[int]] = {}
    for oid in ids:
        c = parse(oid)
        if c.spell and c.slot is not None:
            by_spell.setdefault(c.spell, []).append(c.slot)

    def score(oid: str) -> tuple[float, int]:
        o = opts.get(oid)
        chance = o.chance if o is not None and o.chance is not None else 0.0
        return (-chance, parse(oid).slot or 0)

    spell, _, slot_text = (picked or "").partition("|")
    if spell not in by_spell:
        spell = parse(min(ids, key=score)).spell or next(
            iter(by_spell)
        )  # the best chance, cheapest slot first
        slot_text = ""
    slots = sorted(by_spell[spell])
    slot = int(slot_text) if slot_text.isdigit() and int(slot_text) in slots else None
    if slot is None:
        slot = parse(min((i for i in ids if parse(i).spell == spell), key=score)).slot or slots[0]
    chosen = next(i for i in ids if parse(i).spell == spell and parse(i).slot == slot)
    spells = "".join(
        f'<option value="{escape(sid)}"{" selected" if sid == spell else ""}>'
        f"{escape(text.first_up(text.spell_name(sid, lang)))}</option>"
        for sid in sorted(by_spell, key=lambda x: text.spell_name(x, lang).lower())
    )
    slot_list = "".join(
        f'<option value="{n}"{" selected" if n == slot else ""}>'
        f"{escape(t('spell.level', lang, level=n))}</option>"
        for n in slots
    )
    return (
        f'<div class="counter-chooser" role="group" aria-label="{escape(t("react.chooser", lang))}">'
        f'<span class="chooser-title">{escape(t("react.chooser", lang))}</span>'
        f"<label>{escape(t('react.chooser.spell', lang))} "
        '<select id="counter-spell" data-act="counter-choose" '
        f'data-field="spell" data-other="{slot}">{spells}</select></label>'
        f"<label>{escape(t('react.chooser.slot', lang))} "
        '<select id="counter-slot" data-act="counter-choose" '
        f'data-field="slot" data-other="{escape(spell)}">{slot_list}</select></label>'
        + _button(
            chosen,
            _with_chance(text.option_label(chosen, lang, {}, opts.get(chosen)), opts.get(chosen), lang),
            key,
            cls="opt react-duel-counter",
        )
        + "</div>"
    )


def reaction(
    view: Any,
    kind: str,
    ids: list[str],
    lang: str,
    names: dict[str, str],
    context: dict[str, Any],
    prefs: dict[str, str],
    picked: str | None = None,
) -> str:
    """ "Your opponent is casting a spell at you": identify, counterspells, dodge, parry, effort, pass."""
    caster = names.get(str(context.get("caster") or context.get("attacker") or ""), "")
    head = {
        "identify": t("react.head.casting", lang, caster=caster),
        "counter": t("react.head.casting", lang, caster=caster),
        "defend": t("react.head.attack", lang, caster=caster),
        "effort": t("react.head.effort", lang),
        "aoo": t("react.head.aoo", lang),
    }.get(kind, text.pending_title(kind, lang))
    known = next(
        (c.spell for c in view.casting if c.spell is not None and c.caster == context.get("caster")), None
    )
    if known is not None:
        sub = t("react.known", lang, spell=text.spell_name(known.id, lang), level=known.level)
    elif kind in ("identify", "counter"):
        sub = t("react.hidden", lang)
    else:
        sub = ""
    keys = iter(_keys())
    buttons = []
    groups: dict[str, list[str]] = {}
    for oid in ids:
        c = parse(oid)
        groups.setdefault(c.reaction or c.verb, []).append(oid)
    order = ["identify", "md-counter", "duel-counter", "counter", "dodge", "parry", "effort", "aoo"]
    first = True
    opts = options_of(view)
    for g in order + [g for g in groups if g not in order and g != "pass"]:
        if g == "duel-counter" and len(groups.get(g, [])) >= CHOOSER_FROM:
            buttons.append(_counter_chooser(groups[g], opts, lang, picked, next(keys, None)))
            continue
        for oid in groups.get(g, []):
            buttons.append(
                _button(
                    oid,
                    _with_chance(text.option_label(oid, lang, names, opts.get(oid)), opts.get(oid), lang),
                    next(keys, None),
                    cls=f"opt react-{g}",
                    autofocus=first,
                )
            )
            first = False
    if "pass" in ids:
        buttons.append(_button("pass", t("opt.pass", lang), "p", cls="opt pass", autofocus=first))
    kinds = list(getattr(view.pending, "reactions", None) or [])
    if not kinds and REACTION_OF.get(kind):
        kinds = [REACTION_OF[kind]]
    pref = "".join(_pref_row(r, prefs, lang) for r in kinds)
    sentence = text.prompt(view.pending, lang, names) if kind in ("effort", "aoo") else ""
    targets = list((getattr(view.pending, "args", None) or {}).get("targets") or [])
    if kind in ("identify", "counter") and targets and view.player not in targets:
        head = text.prompt(view.pending, lang, names) or head  # cast at someone else, or nobody
    intent = intent_line(view, context, lang, names) if kind in ("identify", "counter", "defend") else ""
    return (
        f'<section class="decision reaction" data-kind="{escape(kind)}" role="alertdialog" '
        f'aria-labelledby="decision-title" aria-describedby="decision-sub">'
        f'<h2 id="decision-title">{escape(head)}</h2>'
        f'<p id="decision-sub" class="prompt">{escape(" ".join(x for x in (sentence, sub) if x))}</p>'
        + (f'<p class="intent" data-intent="">{escape(intent)}</p>' if intent else "")
        + f'<div class="options">{"".join(buttons)}</div>{pref}</section>'
    )


def intent_line(view: Any, context: dict[str, Any], lang: str, names: dict[str, str]) -> str:
    """The rival's intent (Slay the Spire's way): the spell being cast — named once known (MD-26) — at
    whom, and what this defender may still do about it this round: identify it (DU-12), the mageduel's
    extra counterspell (MD-12), a duel counterspell (DU-13), a duel dodge (DU-22)."""
    who = str(context.get("caster") or context.get("attacker") or "")
    cast = next((c for c in reversed(view.casting) if c.caster == who), None)
    if cast is None or view.me is None:
        return ""
    spell = (
        f"{text.spell_name(cast.spell.id, lang)} ({t('spell.level', lang, level=cast.spell.level)})"
        if cast.spell is not None
        else t("ux.intent.hidden", lang)
    )
    aimed = list(cast.targets) or list((getattr(view.pending, "args", None) or {}).get("targets") or [])
    at = [t("ux.intent.you", lang) if x == view.me.id else names.get(x, x) for x in aimed]
    if at:
        said = t("ux.intent", lang, caster=names.get(who, who), spell=spell, targets=", ".join(at))
    else:  # an area aimed at a point: who stands there
        point = cast.point or [0.0, 0.0]
        people = [view.me, *view.others]
        there = [c.id for c in people if abs(c.position[0] - point[0]) + abs(c.position[1] - point[1]) < 1.0]
        if view.me.id in there:
            aimed = [view.me.id]
            place = t("ux.intent.at.you", lang)
        elif there:
            place = t("ux.intent.at.them", lang, name=names.get(there[0], there[0]))
        else:
            place = text.point(point, lang)
        said = t("ux.intent.area", lang, caster=names.get(who, who), spell=spell, place=place)
    res = view.me.resources
    ids = {
        o.id.split()[0] + (" " + o.id.split()[1] if o.id.startswith("react ") else "")
        for o in view.pending.options or []
    }
    may = []
    if "identify" in ids:
        may.append(t("ux.may.identify", lang))
    if res is not None and view.kind == "mageduel" and not res.md_counter_used:
        may.append(t("ux.may.md-counter", lang))
    if res is not None and res.immediate_ready and not res.duel_counter_used:
        may.append(t("ux.may.duel-counter", lang))
    useless = ""
    if res is not None and res.immediate_ready and view.me.id in aimed:
        if getattr(cast, "dodge_useless", False):  # DU-24: the engine knows the dodge would do nothing
            useless = " " + t("acparts.intent.dodge-useless", lang)
        else:
            may.append(t("ux.may.dodge", lang))
    sep = "\u202f; " if lang == "fr" else "; "
    return (
        said + " " + (t("ux.may", lang, what=sep.join(may)) if may else t("ux.may.nothing", lang)) + useless
    )


def _pref_row(r: str, prefs: dict[str, str], lang: str) -> str:
    """Ask / Always / Never for one reaction kind, right in the prompt."""
    mode = prefs.get(r, "ask")
    what = t("pref.for", lang, what=text.tt("react." + r, lang, r))
    return (
        f'<div class="pref-inline" role="group" data-reaction="{escape(r)}" aria-label="{escape(what)}">'
        f"<span>{escape(what)}</span>"
        + "".join(
            f'<button type="button" data-act="prefer" data-reaction="{escape(r)}" data-mode="{m}" '
            f'aria-pressed="{str(m == mode).lower()}">{escape(t("pref." + m, lang))}</button>'
            for m in ("ask", "always", "never")
        )
        + "</div>"
    )


# --- the table assistant ---------------------------------------------------------------------------------


def roll(context: dict[str, Any], lang: str, error: str | None, name: str) -> str:
    count, sides = int(context.get("count", 1)), int(context.get("sides", 20))
    what = text.purpose(str(context.get("purpose", "")), lang)
    lo, hi = count, count * sides
    err = (
        '<p class="field-error" id="roll-error" role="alert"'
        f">{escape(t('roll.error.' + error, lang, lo=lo, hi=hi))}</p>"
        if error
        else ""
    )
    return (
        '<section class="decision roll" data-kind="roll" data-purpose='
        f'"{escape(str(context.get("purpose", "")))}" '
        f'data-dice="{count}d{sides}" aria-labelledby="decision-title">'
        f'<h2 id="decision-title">{escape(t("roll.title", lang, name=name))}</h2>'
        f'<p class="prompt">{escape(t("roll.ask", lang, dice=f"{count}d{sides}", what=what))}</p>'
        '<form class="roll-form" data-act="typed-roll" novalidate><label for="roll-value"'
        f">{escape(t('roll.label', lang, lo=lo, hi=hi))}</label>"
        f'<input id="roll-value" name="roll" type="number" inputmode="numeric" min="{lo}" max="{hi}" '
        "required "
        f"data-autofocus{' aria-invalid=true aria-describedby=roll-error' if error else ''}>"
        f'<button type="submit" class="opt">{escape(t("roll.enter", lang))}</button>'
        f'<button type="button" class="opt" data-act="auto-roll" data-key="r">{escape(t("roll.auto", lang))}'
        "</button>"
        f"</form>{err}</section>"
    )


# --- the zone (MD-4 / MD-5) -------------------------------------------------------------------------------


def _slider(
    name: str, label: str, lo: int, hi: int, value: int, autofocus: bool = False, act: str = ""
) -> str:
    af = " data-autofocus" if autofocus else ""
    on = f' data-act="{act}"' if act else ""
    return (
        f'<label class="slider"><span>{escape(label)}</span>'
        f'<input name="{name}" type="range" min="{lo}" max="{hi}" step="1" value="{value}"{af}{on} '
        f'data-live="zone-{name}"><output id="zone-{name}">{value}</output></label>'
    )


def zone(
    view: Any,
    ids: list[str],
    lang: str,
    names: dict[str, str],
    context: dict[str, Any],
    proposed: int | None = None,
) -> str:
    """MD-4 / MD-5: propose the zone's side and height; the board draws the zone at the side being
    proposed (``proposed``, from the width slider) before it is sent."""
    bounds = context.get("bounds", {})
    lo, hi = int(bounds.get("minimum", 0)), int(bounds.get("maximum", 0))
    proposals = [e for e in view.events if e.kind == "rite" and e.data.get("step") == "zone-proposal"]
    shown = "".join(
        "<li>"
        + escape(
            t(
                "zone.proposal",
                lang,
                name=names.get(e.actor or "", e.actor or ""),
                value=text.rite_value(list(e.data.get("value", [])), lang),
            )
        )
        + "</li>"
        for e in proposals
    )
    default = min(max(proposed, lo), hi) if proposed is not None else lo
    return (
        f'<section class="decision zone" data-kind="rite:zone" aria-labelledby="decision-title">'
        f'<h2 id="decision-title">{escape(text.pending_title("rite:zone", lang))}</h2>'
        f'<p class="prompt">{escape(t("zone.bounds", lang, lo=lo, hi=hi))}</p>'
        + (f'<ul class="proposals">{shown}</ul>' if shown else "")
        + '<form class="zone-form" data-act="zone">'
        + _slider("width", t("zone.width", lang), lo, hi, default, autofocus=True, act="zone-size")
        + _slider("height", t("zone.height", lang), lo, hi, max(default, lo))
        + f'<button type="submit" class="opt" data-key="Enter">{escape(t("zone.propose", lang))}</button>'
        + "</form>"
        f'<p class="hint">{escape(t("zone.hint", lang))}</p></section>'
    )


def panel(
    view: Any,
    lang: str,
    names: dict[str, str],
    picked: str | None,
    prefs: dict[str, str],
    roll_error: str | None,
    zone_size: int | None = None,
) -> str:
    p = view.pending
    if p is None or p.options is None:
        return ""
    ids = [o.id for o in p.options]
    if p.kind == "turn":
        return turn(view, ids, lang, names, picked)
    if p.kind in REACTION_OF:
        return reaction(view, p.kind, ids, lang, names, p.context, prefs, picked)
    if p.kind == "roll":
        return roll(p.context, lang, roll_error, names.get(p.player, p.player))
    if p.kind == "rite:zone" and p.context.get("bounds"):
        return zone(view, ids, lang, names, p.context, zone_size)
    return generic(ids, lang, names, p.kind, p, options_of(view))
