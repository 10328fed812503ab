"""Run by ``build.py`` in CPython: what ``embed.html`` needs before any runtime loads, as one JSON object on
stdout — every showcase's first frame and every tutorial level's first decision in both languages (drawn
by the same functions as in the page), a showcase's length, the blank poster of a shared replay, the
widget's strings and the parameters' JSON Schema.

    python -m web.embed.posters > build/embed.json
"""

from __future__ import annotations

import json
import sys
from typing import Any

from mageduel import all_showcases, lesson_refs, premades, showcase_ids

from web.embed import frame
from web.embed.params import read, schema
from web.embed.viewer import Viewer
from web.i18n import LANGS, catalogue, t

#: Strings the boot script says itself (the rest of the frame is drawn by Python).
JS_KEYS = (
    "embed.bad",
    "embed.unknown",
    "embed.allowed.",
    "embed.later",
    "embed.loading",
    "embed.failed",
    "embed.replay.",
    "embed.step",  # the bar's step, said as it is dragged
)


def data() -> dict[str, Any]:
    out: dict[str, Any] = {"default": showcase_ids()[0], "schema": schema(), "showcases": {}}
    for show in all_showcases():
        posters = {}
        for lang in LANGS:
            viewer = Viewer(read(f"?scenario={show.id}", ""), lang)
            posters[lang] = viewer.render()
        out["showcases"][show.id] = {"total": len(show.replay.decisions), "posters": posters}
    # Each tutorial level's first decision, as the reader sees it before pressing play (``lesson=``);
    # build.py writes them one file a level, loaded only by a widget that shows that level.
    out["lessons"] = {
        ref: {lang: Viewer(read(f"?lesson={ref}", ""), lang).render() for lang in LANGS}
        for ref in lesson_refs()
    }
    out["blank"] = {
        lang: frame.blank(t("embed.replay.title", lang), t("embed.replay.caption", lang), lang)
        for lang in LANGS
    }
    out["messages"] = {k: v for k, v in catalogue().items() if k.startswith(JS_KEYS)}
    # A shared replay's poster names its duellists before Python runs: the roster's names in both languages.
    out["names"] = {c.id: c.name.model_dump() for c in premades()}
    return out


def main() -> int:
    sys.stdout.write(json.dumps(data(), ensure_ascii=False, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
