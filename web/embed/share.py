"""Share → Embed in the full game: the widget's snippet for the duel on screen and a step, a live preview of
it, and a copy button — plain functions to HTML; ``web.game.app.App`` shows the box and copies the snippet.

>>> print(snippet("http://localhost:8000/", "replay=abc", 4, "fr"))  # doctest: +NORMALIZE_WHITESPACE
<iframe src="http://localhost:8000/embed.html?lang=fr#replay=abc&amp;step=4"
style="width:100%;aspect-ratio:3/2;border:0" sandbox="allow-scripts" loading="lazy"
title="Mageduel"></iframe>
"""

from __future__ import annotations

from html import escape

from web.i18n import t


def widget_url(site: str, fragment: str, step: int, lang: str) -> str:
    """The widget's address for a duel shared in the game's encoding (``replay=…``), opening at ``step``."""
    base = site if site.endswith("/") else site + "/"
    return f"{base}embed.html?lang={lang}#{fragment}&step={max(0, step)}"


def snippet(site: str, fragment: str, step: int, lang: str) -> str:
    """The one iframe line an editor pastes: 3/2, no border, scripts only (no cookies, no storage)."""
    return (
        f'<iframe src="{escape(widget_url(site, fragment, step, lang))}" '
        'style="width:100%;aspect-ratio:3/2;border:0" sandbox="allow-scripts" loading="lazy" '
        f'title="{escape(t("title", lang))}"></iframe>'
    )


def embed_box(site: str, fragment: str, step: int, total: int, lang: str) -> str:
    """The box: the step to open at, the snippet to copy, and the widget itself as a live preview."""
    code = snippet(site, fragment, step, lang)
    return (
        '<aside class="embed-box" role="dialog" aria-labelledby="embed-box-title">'
        f'<h3 id="embed-box-title">{escape(t("embed.share.title", lang))}</h3>'
        f'<p class="embed-hint">{escape(t("embed.share.hint", lang))}</p>'
        f'<label class="embed-step">{escape(t("embed.share.step", lang))} '
        f'<input type="number" name="step" min="0" max="{total}" value="{step}" '
        'data-act="embed-step"></label>'
        f'<textarea class="embed-code" readonly rows="3" aria-label="{escape(t("embed.share.code", lang))}">'
        f"{escape(code)}</textarea>"
        '<div class="options">'
        f'<button type="button" class="primary" data-act="copy-embed" data-autofocus>'
        f"{escape(t('embed.share.copy', lang))}</button>"
        f'<button type="button" data-act="embed" data-key="Escape">{escape(t("ui.close", lang))}</button>'
        "</div>"
        f'<div class="embed-preview"><iframe src="{escape(widget_url(site, fragment, step, lang))}" '
        f'sandbox="allow-scripts" title="{escape(t("embed.share.preview", lang))}"></iframe></div></aside>'
    )
