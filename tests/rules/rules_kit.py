"""Helpers for the rules tests: build scenarios as plain JSON-able dicts (each is a valid input of
``python -m mageduel play``), and drive a duel through its public API with manual dice, answering each
roll by its purpose so that every outcome is exact.

Nothing here writes files or starts processes: the tests also run in Pyodide.
"""

from __future__ import annotations

import ast
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mageduel import dice, state
from mageduel.compose import new_duel
from mageduel.scenario import Scenario

#: Every scenario built by :func:`scenario` is recorded here, so a test can check them all against the
#: ``play`` command's input model (``test_x.py``).
BUILT: list[dict[str, Any]] = []


def scenario(
    *people: str,
    kind: str = "mageduel",
    sides: list[str] | None = None,
    terms: dict[str, Any] | None = None,
    options: dict[str, Any] | None = None,
    events: list[dict[str, Any]] | None = None,
    positions: list[Any] | None = None,
    invalid: bool = False,
    bystanders: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """A scenario as the JSON ``python -m mageduel play`` reads (``invalid``: one a test expects refused)."""
    people = people or ("ilse", "kael")
    parts = []
    for i, who in enumerate(people):
        p: dict[str, Any] = {"id": f"p{i + 1}", "roster": who}
        if sides is not None:
            p["side"] = sides[i]
        if positions is not None and positions[i] is not None:
            p["position"] = list(positions[i])
        parts.append(p)
    data: dict[str, Any] = {"kind": kind, "participants": parts}
    if terms is not None:
        data["terms"] = {"kind": kind, **terms}
    if options is not None:
        data["options"] = options
    if events is not None:
        data["events"] = events
    if bystanders is not None:
        data["bystanders"] = bystanders
    if not invalid:
        BUILT.append(data)
    return data


Rule = tuple[str, Any]


class Driver:
    """Drives a duel with manual dice.

    ``rolls``: (purpose substring, natural or total) pairs, each used once, in order of appearance of a
    matching roll; unmatched rolls take ``default_roll`` (10 on a d20, the lowest total otherwise).
    ``plan``: (player, option id or predicate) pairs, each used once for the first pending decision of that
    player where it is legal; other decisions go to ``fallback`` (default: rite questions take their first
    option, turns ``end``, reactions ``pass``).
    """

    def __init__(
        self,
        data: dict[str, Any],
        rolls: list[Rule] | None = None,
        plan: list[Rule] | None = None,
        fallback: Callable[[Any], str] | None = None,
        default_roll: int = 10,
    ) -> None:
        # Through JSON text, as ``python -m mageduel play`` reads a scenario file: every scenario a rules
        # test plays is thereby a valid input of the command.
        self.scenario = Scenario.model_validate(json.loads(json.dumps(data)))
        self.duel = new_duel(self.scenario, dice.Manual())
        self.rolls = list(rolls or [])
        self.plan = list(plan or [])
        self.fallback = fallback or default_choice
        self.default_roll = default_roll
        self.log: list[tuple[str, str]] = []
        self.rolloffs = 0

    # -- the choices ---------------------------------------------------------------------------------

    def _roll(self, ask: Any) -> str:
        purpose = ask.context.get("purpose", ask.prompt)
        count, sides = ask.context["count"], ask.context["sides"]
        for i, (needle, value) in enumerate(self.rolls):
            if needle in purpose:
                del self.rolls[i]
                return f"roll {value}"
        if "roll-off" in purpose:
            self.rolloffs += 1
            return f"roll {21 - self.rolloffs % 20}"  # never the same twice in a row
        if sides == 20 and count == 1:
            return f"roll {self.default_roll}"
        return f"roll {count}"

    def _planned(self, ask: Any) -> str | None:
        for i, (player, want) in enumerate(self.plan):
            if player != ask.player:
                continue
            if callable(want):
                found = next((o.id for o in ask.options if want(o)), None)
            else:
                found = want if ask.find(want) is not None else None
            if found is not None:
                del self.plan[i]
                return found
            return None  # this player's next planned step is not legal yet: keep it for later
        return None

    def step(self) -> None:
        ask = self.duel.pending
        assert ask is not None
        if ask.kind == "roll":
            choice = self._roll(ask)
        else:
            choice = self._planned(ask) or self.fallback(ask)
        self.log.append((ask.player, choice))
        self.duel.apply(ask.player, choice)

    def run(self, until: Callable[[state.Duel], bool] | None = None, max_steps: int = 20000) -> state.Duel:
        """Decide until the duel ends (or ``until`` holds)."""
        for _ in range(max_steps):
            if self.duel.pending is None or (until is not None and until(self.duel)):
                return self.duel
            self.step()
        raise AssertionError(f"no end after {max_steps} steps; pending {self.duel.pending}")

    # -- reading the log -------------------------------------------------------------------------------

    def events(self, kind: str | None = None, clause: str | None = None) -> list[Any]:
        return [
            e
            for e in self.duel.events
            if (kind is None or e.kind == kind) and (clause is None or clause in e.clauses)
        ]

    def rite(self, step: str) -> list[Any]:
        return [e for e in self.duel.events if e.kind == "rite" and e.data.get("step") == step]


def default_choice(ask: Any) -> str:
    ids = ask.option_ids
    if ask.kind == "turn":
        return "end"
    if "pass" in ids:
        return "pass"
    if ask.kind == "rite:progress":
        return "go-on"
    if ask.kind == "rite:disqualified":
        return "stand-aside"
    if ask.kind == "rite:answer":
        return "accept"
    if ask.kind == "rite:prepare":
        return "prepare 0"
    return ids[0]


def first(pred: Callable[[Any], bool]) -> Callable[[Any], bool]:
    return pred


def casting(spell: str, target: str | None = None) -> Callable[[Any], bool]:
    """A predicate for a ``cast`` option of ``spell`` (at ``target`` if given), never defensive."""

    def ok(o: Any) -> bool:
        if o.kind != "cast" or o.data.get("spell") != spell or o.data.get("defensive"):
            return False
        if target is None:
            return True
        return target in o.data.get("targets", []) or o.data.get("aim") == target

    return ok


def summoner(data: dict[str, Any], index: int = 0) -> dict[str, Any]:
    """Give participant ``index`` (Ilse) a prepared summon monster I in place of her mage armor."""
    from mageduel import roster

    sheet = roster.get(data["participants"][index]["roster"]).model_dump(mode="json")
    sheet["prepared"]["1"] = ["magic_missile", "magic_missile", "shield", "summon_monster_i"]
    data["participants"][index] = {"id": data["participants"][index]["id"], "character": sheet}
    return data


def zone_opts(width: int, height: int | None = None) -> dict[str, Any]:
    return {"zone_width": width, "zone_height": height or width}


def collect_test_names(root: Path) -> list[tuple[str, str]]:
    """(test function name, file relative to ``root``) for every ``test_*.py`` under ``root``, read with
    ``ast`` without running anything (so it works in Pyodide too)."""
    found: list[tuple[str, str]] = []
    for path in sorted(root.rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test_"):
                found.append((node.name, path.relative_to(root).as_posix()))
    return found
