"""Fuzzing every boundary (issue 11): scenario, character sheet, replay, save, the share-link decoder.

Each input is a valid document with hostile mutations at random places (non-finite and huge numbers,
5,000-digit integers, 100,000-character strings, deep nesting, wrong types, extra and missing keys), or
random text and bytes for the decoder. Every input must either round-trip (parsed, validated, dumped and
validated again to the same model, every number finite) or be refused in one named line of at most 300
characters — never a crash (any other exception), never a wrong acceptance (a mutation known to be invalid
that passed). The counts are written to ``test-artifacts/fuzz-counts.json`` by the last test.
"""

from __future__ import annotations

import base64
import json
import math
import os
import zlib
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mageduel import roster
from mageduel.bounds import MAX_DEPTH, MAX_LINE, BoundsError, load_json, refusal
from mageduel.character import Character
from mageduel.replay import Replay
from mageduel.scenario import Scenario
from pydantic import BaseModel, ValidationError

from web.game.persistence import decode_link, load
from web.game.session import Save, SaveError, Session, Setup, SideSetup

COUNTS: dict[str, Counter[str]] = {}
#: Examples per boundary: 250 in the suite; ``MAGEDUEL_FUZZ_EXAMPLES`` asks for more (the note's figures).
EXAMPLES = int(os.environ.get("MAGEDUEL_FUZZ_EXAMPLES", "250"))
FUZZ = settings(
    max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True
)


def _base_documents() -> dict[str, Any]:
    s = Session(Setup(kind="mageduel", sides=[SideSetup(character="odile", control="normal")] * 2, seed=4))
    s.run_computer(12)
    save = json.loads(s.save_json())
    return {
        "scenario": json.loads(
            Scenario.model_validate(
                {
                    "kind": "duel",
                    "name": "fuzz",
                    "participants": [
                        {"id": "p1", "roster": "ilse", "position": [1.0, 2.0]},
                        {"id": "p2", "character": roster.get("kael").model_dump(mode="json"), "side": "b"},
                    ],
                    "terms": {"end": "hits", "hits": 2},
                    "options": {"max_rounds": 20},
                    "events": [{"kind": "outside_attack", "round": 3}],
                }
            ).model_dump_json()
        ),
        "character": roster.get("odile").model_dump(mode="json"),
        "replay": json.loads(s.replay_json()),
        "save": save,
    }


BASE = _base_documents()

#: Hostile values, each with whether it is invalid wherever it lands (True) or only maybe (False).
HOSTILE = [
    ("NaN", True),
    ("Infinity", True),
    ("-Infinity", True),
    ("1e999", True),
    ("9" * 5000, True),
    ("1e308", False),
    ("-1e-300", False),
    ("-1", False),
    ("0", False),
    ('"' + "x" * 100_000 + '"', False),
    ('""', False),
    ("null", False),
    ("true", False),
    ("[]", False),
    ("{}", False),
    ("[" * (MAX_DEPTH + 5) + "]" * (MAX_DEPTH + 5), True),
    ('{"unexpected": 1}', False),
]


def _paths(doc: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc[:6]):
            out += _paths(v, (*prefix, i))
    return out


PATHS = {name: [p for p in _paths(doc) if p] for name, doc in BASE.items()}
MARK = "\u2603MARK\u2603"
#: Free dictionaries (keys are data, not fields).
FREE = {"data", "outcome", "skills", "prepared", "known", "weapon_enhancements", "context", "participants"}


def _mutate(doc: Any, path: tuple, how: str) -> Any:
    doc = json.loads(json.dumps(doc))
    parent = doc
    for p in path[:-1]:
        parent = parent[p]
    last = path[-1]
    if how == "set":
        parent[last] = MARK
    elif isinstance(parent, dict):
        if how == "delete":
            del parent[last]
        else:
            parent["zz_not_a_field"] = 1
    elif how == "delete":
        del parent[last]  # an item out of a list
    return doc


def _text(doc: Any, value: str) -> str:
    return json.dumps(doc, ensure_ascii=False).replace(json.dumps(MARK, ensure_ascii=False), value)


MODELS: dict[str, type[BaseModel]] = {
    "scenario": Scenario,
    "character": Character,
    "replay": Replay,
    "save": Save,
}


def _finite(x: Any) -> bool:
    if isinstance(x, float):
        return math.isfinite(x)
    if isinstance(x, dict):
        return all(_finite(v) for v in x.values())
    if isinstance(x, list | tuple):
        return all(_finite(v) for v in x)
    return True


def _check(name: str, text: str, surely_invalid: bool) -> None:
    """The contract of a boundary: round-trip, or one named line; never a crash or a wrong acceptance."""
    counts = COUNTS.setdefault(name, Counter())
    counts["tried"] += 1
    model = MODELS[name]
    try:
        data = load_json(text, name)
        obj = model.model_validate(data)
    except BoundsError as exc:
        line = str(exc)
    except ValidationError as exc:
        line = refusal(exc, name)
    except Exception as exc:  # noqa: BLE001 - the one thing a boundary must never do
        counts["crashes"] += 1
        raise AssertionError(f"{name}: {type(exc).__name__}: {str(exc)[:200]}") from None
    else:
        dumped = obj.model_dump(mode="json")
        again = model.model_validate_json(obj.model_dump_json())
        if surely_invalid or again != obj or not _finite(dumped):
            counts["wrongly accepted"] += 1
            raise AssertionError(f"{name}: accepted {text[:200]}")
        counts["round-tripped"] += 1
        return
    assert line.startswith(f"invalid {name}") and "\n" not in line and len(line) <= MAX_LINE, line
    counts["refused in one named line"] += 1


mutation = st.tuples(
    st.integers(min_value=0), st.sampled_from(HOSTILE), st.sampled_from(["set", "delete", "extra"])
)


def _fuzz(name: str, pick: tuple) -> None:
    index, (value, invalid), how = pick
    path = PATHS[name][index % len(PATHS[name])]
    doc = _mutate(BASE[name], path, how)
    if how == "set":
        _check(name, _text(doc, value), invalid)
    else:
        # An extra key is surely refused where the parent is a model (they forbid extras), not inside the
        # free dictionaries (an event's data, an outcome, skills, spell lists).
        parent = BASE[name]
        for p in path[:-1]:
            parent = parent[p]
        free = any(p in FREE for p in path[:-1])
        _check(name, json.dumps(doc), how == "extra" and isinstance(parent, dict) and not free)


@FUZZ
@given(mutation)
def test_fuzz_scenario(pick):
    _fuzz("scenario", pick)


@FUZZ
@given(mutation)
def test_fuzz_character(pick):
    _fuzz("character", pick)


@FUZZ
@given(mutation)
def test_fuzz_replay(pick):
    _fuzz("replay", pick)


@FUZZ
@given(mutation)
def test_fuzz_save(pick):
    _fuzz("save", pick)


@FUZZ
@given(mutation)
def test_fuzz_save_through_the_page(pick):
    """The page's own path (``persistence.load``): a session, or a SaveError of one line — in English
    (its message) and, as a French page shows it, in French (``SaveError.said``)."""
    index, (value, _invalid), how = pick
    path = PATHS["save"][index % len(PATHS["save"])]
    doc = _mutate(BASE["save"], path, how)
    text = _text(doc, value) if how == "set" else json.dumps(doc)
    counts = COUNTS.setdefault("page save", Counter())
    counts["tried"] += 1
    try:
        load(text, lang="fr")
    except SaveError as exc:
        assert "\n" not in str(exc) and len(str(exc)) <= MAX_LINE + 80, str(exc)
        said = exc.said("fr")
        assert "\n" not in said and len(said) <= MAX_LINE + 80, said
        counts["refused in one named line"] += 1
    except Exception as exc:  # noqa: BLE001
        counts["crashes"] += 1
        raise AssertionError(f"{type(exc).__name__}: {str(exc)[:200]}") from None
    else:
        counts["round-tripped"] += 1


def _link(payload: bytes) -> str:
    return "replay=" + base64.urlsafe_b64encode(zlib.compress(payload)).decode().rstrip("=")


@FUZZ
@given(
    st.one_of(
        st.text(max_size=300).map(lambda s: "replay=" + s),
        st.binary(max_size=300).map(_link),
        st.text(max_size=300).map(lambda s: _link(s.encode("utf-8", "surrogatepass"))),
        st.sampled_from(["", "#", "replay=", "#replay=%%%", "nothing", "replay===="]),
    )
)
def test_fuzz_share_link_decoder(fragment):
    counts = COUNTS.setdefault("share link", Counter())
    counts["tried"] += 1
    try:
        text = decode_link(fragment)
    except SaveError as exc:
        assert "\n" not in str(exc) and len(str(exc)) <= MAX_LINE
        counts["refused in one named line"] += 1
        return
    except Exception as exc:  # noqa: BLE001
        counts["crashes"] += 1
        raise AssertionError(f"{type(exc).__name__}: {exc}") from None
    assert len(text.encode("utf-8")) <= 1_000_000
    try:
        load(text)
    except SaveError as exc:
        assert "\n" not in str(exc)
        counts["refused in one named line"] += 1
    else:
        counts["wrongly accepted"] += 1  # random bytes that make a valid save: not expected
        raise AssertionError(f"accepted {fragment[:100]}")


def test_fuzz_counts_are_written_and_clean():
    """The last test of the file: the counts of every boundary, kept for the note."""
    import build

    total = Counter()
    for counts in COUNTS.values():
        total.update(counts)
    out = {"total": dict(total), **{k: dict(v) for k, v in sorted(COUNTS.items())}}
    build.ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (build.ARTIFACTS / "fuzz-counts.json").write_text(json.dumps(out, indent=1), encoding="utf-8")
    if COUNTS:  # run alone (-k), there is nothing to count
        assert total["crashes"] == 0 and total["wrongly accepted"] == 0
        assert total["tried"] == total["round-tripped"] + total["refused in one named line"]
