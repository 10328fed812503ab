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
from web.game.choice import Choice, parse
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


def generic(ids: list[str], lang: str, names: dict[str, str], kind: str, prompt: str = "") -> str:
    keys = _keys()
    buttons = "".join(
        _button(
            oid, text.option_label(oid, lang, names), keys[i] if i < len(keys) else None, autofocus=i == 0
        )
        for i, oid in enumerate(ids)
    )
    return (
        f'<section class="decision generic" data-kind="{escape(kind)}" aria-labelledby="decision-title">'
        f'<h2 id="decision-title">{escape(text.pending_title(kind, lang))}</h2>'
        + (f'<p class="prompt">{escape(prompt_text(kind, prompt, lang))}</p>' if prompt else "")
        + f'<div class="options">{buttons}</div></section>'
    )


def prompt_text(kind: str, prompt: str, lang: str) -> str:
    """The engine's prompt is English prose; a kind we know gets its sentence from the catalogue."""
    key = f"prompt.{kind}"
    return t(key, lang) if text.has(key) else prompt


# --- the turn ------------------------------------------------------------------------------------------


def _available(choices: list[Choice], lang: str) -> str:
    """What is left of the turn, read off the legal options (the engine's budget is not in the view)."""
    verbs = {c.verb for c in choices}
    items = []
    if verbs & {"cast", "attack", "full-attack", "ready"}:
        items.append(t("turn.left.standard", lang))
    if "move" in verbs:
        items.append(t("turn.left.move", lang))
    if "step" in verbs:
        items.append(t("turn.left.step", lang))
    if "full-attack" in verbs:
        items.append(t("turn.left.full", lang))
    if not items:
        items.append(t("turn.left.none", lang))
    return "".join(f"<li>{escape(i)}</li>" for i in items)


def carries(view: Any, c: Choice, lang: str) -> str:
    """Precasting (MD-8): during the preparation, whether this casting will carry into the zone or be
    suppressed on entry — the rite's own test (``rite.carries_into_zone``), not ours."""
    if view.phase != "preparation" or view.kind != "mageduel" or view.me is None or not c.spell:
        return ""
    sp = text.spell_info(c.spell)
    if sp is None:
        return ""
    from mageduel import rite

    bearer = c.target or view.me.id
    kept = rite.carries_into_zone(sp, bearer, view.me.id, False)
    return " — " + t("precast.carries" if kept else "precast.suppressed", lang)


def spell_facts(view: Any, spell_id: str, slot: int | None, lang: str) -> str:
    """Level, school, range, save and its DC, slots left — what the picker shows beside a spell."""
    sp = text.spell_info(spell_id)
    me = view.me
    facts = []
    if sp is None:
        return ""
    level = slot if slot is not None else sp.level
    facts.append(t("spell.level", lang, level=level))
    facts.append(text.word("school", sp.school, lang))
    if me is not None:
        try:
            feet = sp.range.feet_at(max(1, me.level))
            facts.append(
                t("spell.range.touch", lang)
                if feet is None
                else t("spell.range", lang, range=text.number_ft(feet, lang))
            )
        except Exception:  # noqa: BLE001
            pass
    save = getattr(sp.save, "kind", "none")
    if save and save != "none" and me is not None:
        from mageduel import checks

        ability = {"wizard": "int", "sorcerer": "cha"}.get(me.cls)
        if ability:
            dc = checks.spell_dc(level, me.abilities.get(ability, 10))
            facts.append(t("spell.save", lang, save=t("save." + save, lang), dc=dc))
    if getattr(sp, "attack_kinds", None):
        facts.append(t("spell.attack", lang))
    if me is not None and level:
        left = me.slots.get(level) if me.slots else None
        if left is None and me.prepared:
            left = sum(1 for p in me.prepared if p.spell == spell_id and p.level == level and not p.used)
        if left is not None:
            facts.append(t("spell.left", lang, n=left))
    return " · ".join(escape(f) for f in facts)


def turn(view: Any, ids: list[str], lang: str, names: dict[str, str], picked: str | None) -> str:
    """The acting participant's turn: actions left, the spell picker, attacks, movement, the rest."""
    choices = [parse(i) for i in ids]
    spells: dict[tuple[str, int | None], list[Choice]] = {}
    attacks, moves, other = [], [], []
    for c in choices:
        if c.verb == "cast" and c.spell:
            spells.setdefault((c.spell, c.slot), []).append(c)
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
        f'<ul class="left" aria-label="{escape(t("turn.left", lang))}">{_available(choices, lang)}</ul>'
    ]
    if spells:
        rows = []
        first = True
        for (sid, slot), group in spells.items():
            key = f"{sid}|{slot if slot is not None else ''}"
            open_ = picked == key
            label = text.spell_name(sid, lang) + (
                " " + t("opt.slot", lang, slot=slot) if slot is not None else ""
            )
            k = next(keys, None)
            rows.append(
                f'<li class="spell{" picked" if open_ else ""}" data-spell="{escape(sid)}">'
                f'<button type="button" class="pick" data-act="pick" data-pick="{escape(key)}" '
                f'aria-expanded="{str(open_).lower()}"{f" data-key={chr(34)}{k}{chr(34)}" if k else ""}'
                f"{' data-autofocus' if first and not picked else ''}>"
                f"{f'<kbd aria-hidden={chr(34)}true{chr(34)}>{k}</kbd>' if k else ''}<span>{escape(label)}</"
                "span></button>"
                f'<span class="facts">{spell_facts(view, sid, slot, lang)}</span>'
            )
            first = False
            if open_:
                targets = "".join(
                    _button(
                        c.id,
                        (text.option_label(c.id, lang, names).replace(label, "").strip() or label)
                        + carries(view, c, lang),
                        cls="opt target",
                        autofocus=i == 0,
                    )
                    for i, c in enumerate(group)
                )
                rows.append(
                    f'<div class="targets" role="group" aria-label="{escape(t("turn.targets", lang))}">'
                    f"{targets}</div>"
                )
            rows.append("</li>")
        parts.append(f'<h3>{escape(t("turn.spells", lang))}</h3><ul class="spell-list">{"".join(rows)}</ul>')
    if attacks:
        parts.append(
            f'<h3>{escape(t("turn.attacks", lang))}</h3><div class="options">'
            + "".join(_button(c.id, text.option_label(c.id, lang, names), next(keys, None)) for c in attacks)
            + "</div>"
        )
    if moves:
        parts.append(
            f'<h3>{escape(t("turn.moves", lang))}</h3><p class="hint">{escape(t("turn.moves.hint", lang))}'
            "</p>"
            '<div class="options moves">'
            + "".join(_button(c.id, text.option_label(c.id, lang, names), cls="opt move") for c in moves)
            + "</div>"
        )
    if other:
        parts.append(
            '<div class="options">'
            + "".join(_button(c.id, text.option_label(c.id, lang, names), next(keys, None)) for c in other)
            + "</div>"
        )
    if "end" in ids:
        parts.append(
            '<div class="options end">'
            + _button("end", t("opt.end", lang), "e", cls="opt end-turn", autofocus=not spells and not picked)
            + "</div>"
        )
    parts.append("</section>")
    return "".join(parts)


# --- reactions --------------------------------------------------------------------------------------------


def reaction(
    view: Any,
    kind: str,
    ids: list[str],
    lang: str,
    names: dict[str, str],
    context: dict[str, Any],
    prefs: dict[str, str],
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
    for g in order + [g for g in groups if g not in order and g != "pass"]:
        for oid in groups.get(g, []):
            buttons.append(
                _button(
                    oid,
                    text.option_label(oid, lang, names),
                    next(keys, None),
                    cls=f"opt react-{g}",
                    autofocus=first,
                )
            )
            first = False
    if "pass" in ids:
        buttons.append(_button("pass", t("opt.pass", lang), "p", cls="opt pass", autofocus=first))
    r = REACTION_OF.get(kind)
    pref = ""
    if r is not None:
        mode = prefs.get(r, "ask")
        pref = (
            '<div class="pref-inline" role="group" aria-label='
            f'"{escape(t("pref.for", lang, what=t("react." + r, lang)))}">'
            f"<span>{escape(t('pref.for', lang, what=t('react.' + r, lang)))}</span>"
            + "".join(
                f'<button type="button" data-act="prefer" data-reaction="{r}" data-mode="{m}" '
                f'aria-pressed="{str(m == mode).lower()}">{escape(t("pref." + m, lang))}</button>'
                for m in ("ask", "always", "never")
            )
            + "</div>"
        )
    return (
        f'<section class="decision reaction" data-kind="{escape(kind)}" role="alertdialog" '
        f'aria-labelledby="decision-title" aria-describedby="decision-sub">'
        f'<h2 id="decision-title">{escape(head)}</h2><p id="decision-sub" class="prompt">{escape(sub)}</p>'
        f'<div class="options">{"".join(buttons)}</div>{pref}</section>'
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


def _slider(name: str, label: str, lo: int, hi: int, value: int, autofocus: bool = False) -> str:
    af = " data-autofocus" if autofocus else ""
    return (
        f'<label class="slider"><span>{escape(label)}</span>'
        f'<input name="{name}" type="range" min="{lo}" max="{hi}" step="1" value="{value}"{af} '
        f'data-live="zone-{name}"><output id="zone-{name}">{value}</output></label>'
    )


def zone(view: Any, ids: list[str], lang: str, names: dict[str, str], context: dict[str, Any]) -> str:
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
                value=" × ".join(str(v) for v in e.data.get("value", [])),
            )
        )
        + "</li>"
        for e in proposals
    )
    default = lo
    return (
        f'<section class="decision zone" data-kind="rite:zone" aria-labelledby="decision-title">'
        f'<h2 id="decision-title">{escape(text.pending_title("rite:zone", lang))}</h2>'
        f'<p class="prompt">{escape(t("zone.bounds", lang, lo=lo, hi=hi))}</p>'
        + (f'<ul class="proposals">{shown}</ul>' if shown else "")
        + '<form class="zone-form" data-act="zone">'
        + _slider("width", t("zone.width", lang), lo, hi, default, autofocus=True)
        + _slider("height", t("zone.height", lang), lo, hi, default)
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
) -> str:
    p = view.pending
    if p is None or p.options is None:
        return ""
    ids = [o.id for o in p.options]
    if p.kind == "turn":
        return turn(view, ids, lang, names, picked)
    if p.kind in REACTION_OF:
        return reaction(view, p.kind, ids, lang, names, p.context, prefs)
    if p.kind == "roll":
        return roll(p.context, lang, roll_error, names.get(p.player, p.player))
    if p.kind == "rite:zone" and p.context.get("bounds"):
        return zone(view, ids, lang, names, p.context)
    return generic(ids, lang, names, p.kind, p.prompt)
