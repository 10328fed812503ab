"""Asking before a kept game is touched (issue 11): "New duel" or "Play on" from a replay would replace the
duel in progress that this browser keeps, so the page asks first; and the notice that a save or a link
would not load, with the bad text to download.

Plain functions from the app's state to HTML, so they are tested in CPython like every other screen.
"""

from __future__ import annotations

from html import escape

from web.i18n import t

#: What a confirmation is about: the question's key and the confirming button's key.
ASKS = {
    "new": ("reliab.ask.new", "reliab.ask.new.yes"),
    "play-on": ("reliab.ask.playon", "reliab.ask.playon.yes"),
    "start": ("reliab.ask.start", "reliab.ask.start.yes"),
}


def ask_box(what: str, lang: str) -> str:
    """The question before a kept duel is replaced: go ahead, resume the kept duel, or stay (Esc)."""
    question, yes = ASKS[what]
    return (
        f'<aside class="keys-box confirm-box" role="alertdialog" aria-modal="false" '
        f'aria-labelledby="confirm-title" aria-describedby="confirm-text" data-confirm="{escape(what)}">'
        f'<h3 id="confirm-title">{escape(t("reliab.ask.title", lang))}</h3>'
        f'<p id="confirm-text">{escape(t(question, lang))}</p><div class="options">'
        f'<button type="button" data-act="resume" data-autofocus>{escape(t("reliab.ask.resume", lang))}'
        f'</button><button type="button" data-act="confirm" data-what="{escape(what)}">{escape(t(yes, lang))}'
        f'</button><button type="button" data-act="cancel-confirm" data-key="Escape">'
        f"{escape(t('reliab.ask.stay', lang))}</button></div></aside>"
    )


def set_aside_note(lang: str, stored: bool) -> str:
    """Beside the notice: the save or link that would not load is kept aside; a button downloads it."""
    where = "reliab.aside.kept" if stored else "reliab.aside.memory"
    return (
        f'<p class="note set-aside" data-set-aside="{"stored" if stored else "memory"}">'
        f"{escape(t(where, lang))} "
        f'<button type="button" data-act="download-set-aside">{escape(t("reliab.aside.download", lang))}'
        "</button></p>"
    )
