"""Character panels and the log: plain functions from the viewer's view to HTML.

The viewer's own panel (``view.me``) shows their sheet as it stands: hp and nonlethal damage, abilities,
saves and AC, slots and prepared or known spells, conditions with durations, duel resources (duel effort,
the immediate action, a readied counterspell), and their Ask / Always / Never choice per reaction kind. The
other panels show only what anyone can see (``CombatantView``).
"""

from __future__ import annotations

from html import escape
from typing import Any

from web.game import text
from web.game.board import colour
from web.i18n import integer, t

REACTIONS = ("identify", "counter", "dodge", "parry", "aoo", "effort")
MODES = ("ask", "always", "never")


def _bar(cls: str, value: int, maximum: int, label: str) -> str:
    frac = 0 if maximum <= 0 else max(0.0, min(1.0, value / maximum))
    return (
        f'<div class="bar {cls}" role="meter" aria-label="{escape(label)}" aria-valuemin="0" '
        f'aria-valuemax="{maximum}" aria-valuenow="{value}"><span style="width:{frac * 100:.0f}%"></span>'
        "</div>"
    )


def _conditions(c: Any, lang: str) -> str:
    if not c.conditions:
        return ""
    items = []
    shown: set[tuple[str, int | None]] = set()
    for cond in c.conditions:
        if (cond.name, cond.rounds) in shown:
            continue  # one condition with two modifiers (a dodge's -2 to AC and to Reflex) is said once
        shown.add((cond.name, cond.rounds))
        label = text.word_of(text.gender_of(c, lang), "cond", cond.name, lang)
        if cond.rounds:
            label += " " + text.rounds(cond.rounds, lang)  # "shielded (64 rd.)"
        items.append(f'<li class="cond" data-condition="{escape(cond.name)}">{escape(label)}</li>')
    return f'<ul class="conds" aria-label="{escape(t("panel.conditions", lang))}">{"".join(items)}</ul>'


def combatant(view: Any, c: Any, lang: str, own: bool = False) -> str:
    hp_label = t("panel.hp", lang, hp=integer(c.hp), max=c.max_hp)
    parts = [
        f'<section class="char{" own" if own else ""}" data-id="{escape(c.id)}" style="--side'
        f':{colour(view, c.side)}">',
        f'<h3><span class="swatch" aria-hidden="true"></span>{escape(text.person_name(c, lang))} '
        f"<small>{escape(t('cls.' + c.cls, lang) if text.has('cls.' + c.cls) else c.cls)} "
        f"{escape(t('panel.level', lang, level=c.level))}</small></h3>",
        f'<p class="hp-line"><span class="hp-text">{escape(hp_label)}</span>'
        + (
            f' <span class="nl-text">{escape(text.count("panel.nonlethal", c.nonlethal, lang))}</span>'
            if c.nonlethal
            else ""
        )
        + (
            f' <span class="temp-text">{escape(text.count("panel.temp", c.temp_hp, lang))}</span>'
            if c.temp_hp
            else ""
        )
        + "</p>",
        _bar("hp", c.hp, c.max_hp, hp_label),
    ]
    if c.nonlethal:
        parts.append(_bar("nl", c.nonlethal, c.max_hp, text.count("panel.nonlethal", c.nonlethal, lang)))
    if c.status != "active":
        status = text.status_word(c.status, lang, text.gender_of(c, lang))
        parts.append(f'<p class="status">{escape(status)}</p>')
    if c.mirror_images:
        parts.append(f'<p class="images">{escape(text.count("panel.images", c.mirror_images, lang))}</p>')
    parts.append(_conditions(c, lang))
    if own:
        parts.append(_own(c, lang, view.kind))
    parts.append("</section>")
    return "".join(parts)


def _ability(me: Any, a: str, v: int, lang: str) -> str:
    """One ability score, with its temporary damage and drain (MD-15) when it has some."""
    dmg = (getattr(me, "ability_damage", None) or {}).get(a, 0)
    drain = (getattr(me, "ability_drain", None) or {}).get(a, 0)
    notes = []
    if dmg:
        notes.append(t("panel.ab.damage", lang, n=dmg))
    if drain:
        notes.append(t("panel.ab.drain", lang, n=drain))
    base = (getattr(me, "base_abilities", None) or {}).get(a)
    extra = ""
    if notes:
        extra = (
            f' <small class="ab-damage">({escape(", ".join(notes))}'
            + (f"; {base}" if base is not None else "")
            + ")</small>"
        )
    cls = ' class="damaged"' if notes else ""
    return f'<span data-ability="{a}"{cls}><abbr>{escape(t("ab." + a, lang))}</abbr> {v}{extra}</span>'


def _ac(me: Any, lang: str) -> str:
    """The three ACs, and on request (a disclosure, reachable by keyboard) the parts the engine made each
    one of (C-4): the same parts an attack roll against them logs."""
    label = escape(t("panel.ac", lang, ac=me.ac, touch=me.touch_ac, ff=me.flat_footed_ac))
    kinds = (
        ("normal", getattr(me, "ac_parts", None)),
        ("touch", getattr(me, "touch_ac_parts", None)),
        ("flat-footed", getattr(me, "flat_footed_ac_parts", None)),
    )
    rows = "".join(
        f'<li data-ac="{k}">{escape(t("acparts.row", lang, what=t("acparts." + k, lang), parts=said))}</li>'
        for k, parts in kinds
        if parts
        for said in (text.ac_parts_text(parts, lang),)
    )
    if not rows:
        return f"<span>{label}</span>"
    return (
        f'<details class="ac-parts" data-keep="ac-{escape(str(me.id))}">'
        f'<summary title="{escape(t("acparts.panel", lang))}">{label}</summary>'
        f'<ul aria-label="{escape(t("acparts.panel", lang))}">{rows}</ul></details>'
    )


def _own(me: Any, lang: str, kind: str = "mageduel") -> str:
    ab = " ".join(_ability(me, a, v, lang) for a, v in me.abilities.items())
    saves = " ".join(f"<span>{escape(t('save.' + s, lang))} {v:+d}</span>" for s, v in me.saves.items())
    out = [
        f'<p class="abilities">{ab}</p>',
        f'<div class="defences">{_ac(me, lang)} {saves}</div>',
    ]
    out.append(_resources(me, lang, kind))
    if me.slots:
        slots = " ".join(
            f'<span class="slot">{escape(t("panel.slot", lang, level=lvl, n=n))}</span>'
            for lvl, n in sorted(me.slots.items())
        )
        out.append(f'<p class="slots" aria-label="{escape(t("panel.slots", lang))}">{slots}</p>')
    spells = []
    if me.prepared:
        for p in sorted(me.prepared, key=lambda p: (p.level, p.spell)):
            cls = ' class="used"' if p.used else ""
            name = text.first_up(text.spell_name(p.spell, lang))
            spells.append(f"<li{cls}>{escape(name)} <small>{p.level}</small></li>")
    elif me.known:
        for lvl, ids in sorted(me.known.items()):
            for sid in ids:
                spells.append(
                    f"<li>{escape(text.first_up(text.spell_name(sid, lang)))} <small>{lvl}</small></li>"
                )
    if spells:
        label = t("panel.prepared" if me.prepared else "panel.known", lang)
        out.append(
            f'<details class="spells"><summary>{escape(label)}</summary><ul>{"".join(spells)}</ul></details>'
        )
    return "".join(out)


def _resources(me: Any, lang: str, kind: str = "mageduel") -> str:
    """Duel resources: the immediate action, duel effort, the counterspells of this round (DU-13 once
    per round, MD-12 the extra one), the attack of opportunity, a readied counterspell, speed."""
    r = getattr(me, "resources", None)
    items: list[tuple[str, bool]] = [
        (
            t("panel.immediate.ready" if me.immediate_ready else "panel.immediate.used", lang),
            me.immediate_ready,
        ),
        (t("panel.effort.used" if me.effort_used else "panel.effort.ready", lang), not me.effort_used),
    ]
    if r is not None:
        if r.duel_counter_limited:
            used = r.duel_counter_used
            items.append(
                (t("panel.counter.duel.used" if used else "panel.counter.duel.ready", lang), not used)
            )
        if kind == "mageduel":
            used = r.md_counter_used
            items.append((t("panel.counter.md.used" if used else "panel.counter.md.ready", lang), not used))
        if r.aoo_used:
            items.append((t("panel.aoo.used", lang), False))
        if r.swift_spent_next:
            items.append((t("panel.swift.spent", lang), False))
        if r.crowd is not None and r.victory_points is not None:  # DU-30: the crowd, the points to win it
            attitude = text.tt(f"attitude.{r.crowd}", lang, r.crowd)
            n = r.victory_points
            items.append((text.count("panel.crowd", n, lang, attitude=attitude), n > 0))
    if me.readied:
        items.append((t("panel.readied", lang), True))
    if getattr(me, "speed", None):
        items.append((t("panel.speed", lang, speed=text.number_ft(me.speed, lang)), True))
    lis = "".join(f'<li class="{"ready" if ok else "spent"}">{escape(label)}</li>' for label, ok in items)
    return f'<ul class="resources" aria-label="{escape(t("panel.resources", lang))}">{lis}</ul>'


def preferences(prefs: dict[str, str], lang: str) -> str:
    """Ask / Always / Never per reaction kind (each a radio group, so the keyboard moves through it)."""
    rows = []
    for r in REACTIONS:
        mode = prefs.get(r, "ask")
        opts = "".join(
            f'<label><input type="radio" name="pref-{r}" value="{m}" data-act="prefer" data-reaction="{r}" '
            f'data-mode="{m}"{" checked" if m == mode else ""}> {escape(t("pref." + m, lang))}</label>'
            for m in MODES
        )
        rows.append(
            f'<fieldset class="pref" data-reaction="{r}"><legend>{escape(t("react." + r, lang))}</legend>'
            f"{opts}</fieldset>"
        )
    return (
        f'<details class="prefs"><summary>{escape(t("pref.title", lang))}</summary>{"".join(rows)}</details>'
    )


def shown_events(view: Any, flt: str = "all") -> list[Any]:
    """The events the log shows: those the filter keeps, less an end of a condition said twice in a row
    (a duel dodge's −2 to AC and to Reflex end together, DU-25: one line says it)."""
    out: list[Any] = []
    for e in view.events:
        if not text.keep(e, flt):
            continue
        if e.kind == "condition-ends" and out and out[-1].kind == e.kind:
            last = out[-1]
            if last.actor == e.actor and last.data == e.data:
                continue
        out.append(e)
    return out


def log_lines(view: Any, lang: str, flt: str = "all") -> list[tuple[Any, str]]:
    names = text.names_of(view, lang)
    return [(e, text.event_line(e, lang, names)) for e in shown_events(view, flt)]


#: Log items already written, by sequence number and language: an event never changes once emitted and the
#: engine hands the same event object to every view of a duel, so the page writes each line once instead of
#: rewriting the whole log (most of a redraw's time, tens of ms under Pyodide) after every decision. An equal
#: event counts too: a duel replayed from its start (a step back in a replay, an Undo) emits the same events
#: again as new objects, and rewriting its 250 lines took 6-11 ms in CPython, 10-15 ms in the page.
_ITEMS: dict[tuple[int, str], tuple[Any, tuple[tuple[str, str], ...], str]] = {}
_ITEMS_MAX = 20_000


def _item(e: Any, lang: str, names: dict[str, str], names_key: tuple[tuple[str, str], ...]) -> str:
    key = (e.seq, lang)
    hit = _ITEMS.get(key)
    if hit is not None and (hit[0] is e or hit[0] == e) and hit[1] == names_key:
        return hit[2]
    line = text.event_line(e, lang, names)
    links = "".join(
        f' <button type="button" class="clause-link" data-act="clause" data-clause="{escape(c)}" '
        f'title="{escape(text.clause_title(c, lang))}">{escape(c)}</button>'
        for c in e.clauses
    )
    html = (
        f'<li class="ev ev-{escape(e.kind)}" data-seq="{e.seq}" data-kind="{escape(e.kind)}">'
        f'<span class="ev-text">{escape(line)}</span>{links}{_roll_ac_parts(e, lang)}</li>'
    )
    if len(_ITEMS) >= _ITEMS_MAX:
        _ITEMS.clear()
    _ITEMS[key] = (e, names_key, html)  # the event is held, so its id is not reused while cached
    return html


def _roll_ac_parts(e: Any, lang: str) -> str:
    """A roll against an AC: the parts of that AC on request (a disclosure the keyboard reaches), as the
    engine logged them with the roll (C-4, DU-23, DU-25)."""
    d = e.data or {}
    parts = d.get("target_parts")
    if e.kind != "roll" or not parts or d.get("target") is None:
        return ""
    what = text.word("against", str(d.get("against") or "AC"), lang)
    summary = t("acparts.summary", lang, what=what, n=d.get("target"))
    return (
        f'<details class="ac-parts" data-keep="ac-roll-{e.seq}"><summary>{escape(summary)}</summary>'
        f"<span>{escape(text.ac_parts_text(parts, lang))}</span></details>"
    )


def log(view: Any, lang: str, flt: str = "all", limit: int = 250) -> str:
    """The log: newest last, each line with its clause links; filters; copy as text; an ARIA live region."""
    names = text.names_of(view, lang)
    names_key = tuple(sorted(names.items()))
    shown = shown_events(view, flt)[-limit:]
    items = [_item(e, lang, names, names_key) for e in shown]
    filters = "".join(
        f'<button type="button" data-act="filter" data-filter="{f}" aria-pressed="{str(f == flt).lower()}">'
        f"{escape(t('log.filter.' + f, lang))}</button>"
        for f in text.FILTERS
    )
    return (
        f'<section class="log" aria-labelledby="log-title"><div class="log-head">'
        f'<h2 id="log-title">{escape(t("log.title", lang))}</h2>'
        f'<div class="log-filters" role="group" aria-label="{escape(t("log.filters", lang))}">{filters}</div>'
        '<button type="button" class="copy-log" data-act="copy-log" data-key="c"'
        f">{escape(t('log.copy', lang))}</button>"
        f'</div><ol id="log-list" class="log-list" tabindex="0" aria-relevant="additions" '
        f'aria-label="{escape(t("log.title", lang))}">{"".join(items)}</ol></section>'
    )


def log_text(view: Any, lang: str) -> str:
    """The whole log as plain text (the copy button), with each line's clauses."""
    out = []
    for e, line in log_lines(view, lang):
        clauses = f" [{', '.join(e.clauses)}]" if e.clauses else ""
        out.append(f"{t('log.round.short', lang, round=e.round)} {line}{clauses}")
    return "\n".join(out)


def _lesson_link(clause_id: str, lang: str) -> str:
    """ "See it in a lesson": the first tutorial level that shows the clause happening (issue 13)."""
    from web.lesson import lesson_for_clause

    ref = lesson_for_clause(clause_id)
    if ref is None:
        return ""
    return (
        f'<p><a href="#lesson={ref}" class="lesson-link" data-act="lesson" data-do="open" data-ref="{ref}">'
        f"{escape(t('lesson.see', lang))}</a></p>"
    )


def keys_button(lang: str, extra: str = "") -> str:
    """The round "?" that opens the keyboard shortcuts (the key "?" presses it), on the duel's bar and a
    lesson's head; ``extra`` classes place it."""
    label = escape(t("keys.title", lang))
    classes = f"keys-button {extra}".strip()
    return (
        f'<button type="button" class="{classes}" data-act="keys" data-key="?" aria-label="{label}" '
        f'title="{label}">?</button>'
    )


def clause_box(clause_id: str, lang: str) -> str:
    title = text.clause_title(clause_id, lang)
    statement = text.clause_statement(clause_id, lang)
    return (
        f'<aside class="clause-box" role="dialog" aria-modal="false" aria-labelledby="clause-title">'
        f'<h3 id="clause-title">{escape(clause_id)} — {escape(title)}</h3><p>{escape(statement)}</p>'
        f"{_lesson_link(clause_id, lang)}"
        f'<button type="button" data-act="close-clause" data-key="Escape" data-autofocus>'
        f"{escape(t('ui.close', lang))}</button></aside>"
    )
