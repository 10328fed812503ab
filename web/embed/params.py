"""The widget's URL parameters: one pydantic model (:class:`EmbedParams`), its JSON Schema (published as
``schemas/embed.schema.json`` and inlined in ``embed.html``, where the boot script checks the parameters
with it before Python runs), and :func:`read`, which keeps every good parameter, names each bad or unknown
one with what is allowed, and goes on with the default.

>>> r = read("?scenario=parry&theme=purple&colour=red", "")
>>> r.params.scenario, r.params.theme, [(p.name, p.kind) for p in r.problems]
('parry', 'auto', [('colour', 'unknown'), ('theme', 'bad')])
>>> problem_text(r.problems[1], "en")
'“theme=purple” ignored: use dark, light, auto.'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any, Literal
from urllib.parse import parse_qsl

from mageduel import lesson_refs, showcase_ids
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from web.i18n import t

#: A built-in scenario, by name (``mageduel.showcases``); the first is the default.
ScenarioId = Literal[tuple(showcase_ids())]  # type: ignore[valid-type]
#: A tutorial level, ``<stage>-<level>`` (``mageduel.lesson_refs()``).
LessonRef = Literal[tuple(lesson_refs())]  # type: ignore[valid-type]
#: The game's share encoding: deflated, URL-safe base64 (``web.game.app.encode_fragment``).
REPLAY_PATTERN = r"^[A-Za-z0-9_-]+$"
MAX_STEP = 9999
#: Parameters read from the fragment (``#replay=…``): a replay is long and is never sent to the server.
FRAGMENT = ("replay", "step")


class EmbedParams(BaseModel):
    """The parameters of ``embed.html``: ``embed.html?scenario=parry&lang=fr&theme=light``."""

    model_config = ConfigDict(extra="forbid", title="Mageduel widget parameters")
    #: A built-in scenario by name.
    scenario: ScenarioId = Field(default=showcase_ids()[0])  # type: ignore[valid-type]
    #: A duel shared from the game, in the fragment (``#replay=…``); it takes the place of ``scenario``.
    replay: str | None = Field(default=None, pattern=REPLAY_PATTERN, max_length=200_000)
    #: Open after this many decisions (0, the default, is the start: the result is never spoiled).
    step: int = Field(default=0, ge=0, le=MAX_STEP)
    #: The interface's language; by default the reader's browser's.
    lang: Literal["fr", "en"] | None = None
    theme: Literal["dark", "light", "auto"] = "auto"
    #: ``watch``: step through; ``try``: play on from this step against the computer.
    mode: Literal["watch", "try"] = "watch"
    #: A tutorial level (``<stage>-<level>``, as the game's ``#lesson=2-3``), played inside the frame; it
    #: takes the place of ``scenario``, ``replay``, ``step`` and ``mode``.
    lesson: LessonRef | None = None  # type: ignore[valid-type]
    #: ``1``: start the rules engine at once and play, without waiting for a press.
    autoplay: Literal["0", "1"] = "0"


@cache
def schema() -> dict[str, Any]:
    return EmbedParams.model_json_schema()


@dataclass(frozen=True)
class Problem:
    """A parameter left out: ``bad`` (its value is not allowed) or ``unknown`` (no such parameter)."""

    name: str
    value: str
    kind: Literal["bad", "unknown"]
    #: For a step beyond the duel's end: the largest allowed.
    maximum: int | None = None


@dataclass
class Reading:
    params: EmbedParams
    problems: list[Problem] = field(default_factory=list)


def pairs(query: str, fragment: str) -> list[tuple[str, str]]:
    """The parameters of a URL's query and fragment, in order (the fragment's after the query's)."""
    return parse_qsl(query.lstrip("?"), keep_blank_values=True) + parse_qsl(
        fragment.lstrip("#"), keep_blank_values=True
    )


def read(query: str, fragment: str) -> Reading:
    """The parameters of ``embed.html``: the good ones kept, each bad or unknown one named in ``problems``
    and left at its default. A parameter given twice keeps its last value."""
    fields = EmbedParams.model_fields
    given: dict[str, str] = {}
    problems = []
    for name, value in pairs(query, fragment):
        if name in fields:
            given[name] = value
        else:
            problems.append(Problem(name, value, "unknown"))
    good: dict[str, Any] = {}
    for name, value in given.items():
        integer = schema()["properties"][name].get("type") == "integer"
        if integer and not (value.isascii() and value.isdigit()):
            problems.append(Problem(name, value, "bad"))  # digits only, as the boot script reads it
            continue
        try:
            EmbedParams.model_validate({name: value})
        except ValidationError:
            problems.append(Problem(name, value, "bad"))
        else:
            good[name] = value
    return Reading(EmbedParams.model_validate(good), problems)


def allowed(name: str, lang: str, maximum: int | None = None) -> str:
    """What a parameter may be, from the model's JSON Schema (the boot script says it the same way)."""
    prop = schema()["properties"][name]
    options = prop.get("anyOf", [prop])
    values = [v for o in options for v in o.get("enum", [o["const"]] if "const" in o else [])]
    if values:
        return t("embed.allowed.one_of", lang, values=", ".join(str(v) for v in values))
    if "pattern" in options[0]:
        return t("embed.allowed.replay", lang)
    top = maximum if maximum is not None else options[0].get("maximum", MAX_STEP)
    return t("embed.allowed.range", lang, minimum=options[0].get("minimum", 0), maximum=top)


def problem_text(p: Problem, lang: str) -> str:
    """One short line naming the parameter and what is allowed."""
    if p.kind == "unknown":
        return t("embed.unknown", lang, name=p.name, allowed=", ".join(EmbedParams.model_fields))
    value = p.value if len(p.value) <= 24 else p.value[:23] + "…"
    return t("embed.bad", lang, name=p.name, value=value, allowed=allowed(p.name, lang, p.maximum))
