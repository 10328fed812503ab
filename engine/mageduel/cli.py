"""``python -m mageduel``: simulate, play, replay, validate, schema, roster.

Exit codes: 0 fine; 1 a replay diverges or a step is illegal; 2 bad input (the messages name each bad
field). No input of any kind produces a traceback: every error is a message on stderr.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel, TypeAdapter, ValidationError


class InputError(Exception):
    """Bad input: the message says what and where."""


def _messages(exc: ValidationError, prefix: str = "") -> list[str]:
    out = []
    for err in exc.errors():
        loc = ".".join(str(p) for p in err["loc"]) or "(top level)"
        out.append(f"{prefix}{loc}: {err['msg']}")
    return out


def _read_json(path: str) -> Any:
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise InputError(f"{path}: is a directory, not a file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"{path}: cannot be read ({exc})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(
            f"{path}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})"
        ) from None


def _validate(model: type[BaseModel], data: Any, what: str) -> Any:
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise InputError("\n".join([f"invalid {what}:"] + ["  " + m for m in _messages(exc)])) from None


def _kind_of(data: Any) -> str:
    if not isinstance(data, dict):
        raise InputError("(top level): expected a JSON object (a scenario, a character or a replay)")
    if "decisions" in data or "dice" in data:
        return "replay"
    if "participants" in data:
        return "scenario"
    if "cls" in data or "abilities" in data:
        return "character"
    raise InputError(
        "(top level): cannot tell what this is: a scenario has 'participants', a character "
        "'cls' and 'abilities', a replay 'scenario', 'dice' and 'decisions'"
    )


def _print(obj: Any) -> None:
    print(json.dumps(obj, ensure_ascii=False))


# --- commands --------------------------------------------------------------------------------------------


def cmd_simulate(args: argparse.Namespace) -> int:
    from . import roster
    from .dice import SplitMix64
    from .policies import make

    for who in (args.a, args.b):
        try:
            roster.get(who)
        except KeyError as exc:
            raise InputError(str(exc.args[0])) from None
    if args.games < 1:
        raise InputError("--games: must be at least 1")
    try:
        make(args.policy, 0)
    except ValueError as exc:
        raise InputError(f"--policy: {exc}") from None
    if args.jobs < 0:
        raise InputError("--jobs: must be 0 (every core) or more")
    seeds = SplitMix64(args.seed)
    games = []
    for _ in range(args.games):
        dice_seed = seeds.next_u64()
        games.append((args.a, args.b, args.kind, args.policy, dice_seed, seeds.next_u64()))
    start = time.perf_counter()
    wins = {"a": 0, "b": 0}
    draws = 0
    rounds = 0
    reasons: dict[str, int] = {}
    jobs = min(args.jobs or os.cpu_count() or 1, args.games)
    if jobs > 1:
        # Each duel depends only on its own seeds, so the games split across processes give the same
        # totals as one process playing them in order.
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=jobs) as pool:
            results = list(pool.map(_simulate_one, games, chunksize=max(1, len(games) // (jobs * 4))))
    else:
        results = [_simulate_one(game) for game in games]
    for result in results:
        if isinstance(result, str):
            raise InputError(f"a simulated duel failed: {result}")
        duel_rounds, reason, winner = result
        rounds += duel_rounds
        reasons[reason] = reasons.get(reason, 0) + 1
        if winner is None:
            draws += 1
        else:
            wins[winner] += 1
    _print(
        {
            "a": args.a,
            "b": args.b,
            "kind": args.kind,
            "policy": args.policy,
            "seed": args.seed,
            "games": args.games,
            "wins": wins,
            "draws": draws,
            "mean_rounds": round(rounds / args.games, 3),
            "end_reasons": dict(sorted(reasons.items())),
            "elapsed": round(time.perf_counter() - start, 3),
        }
    )
    return 0


#: The scenario of each pairing, built once per process.
_SCENARIOS: dict[tuple[str, str, str], Any] = {}


def _simulate_one(game: tuple[str, str, str, str, int, int]) -> tuple[int, str, str | None] | str:
    """One simulated duel from its seeds: (rounds, end reason, "a", "b" or None for a draw), or the
    engine's error as text (so it crosses a process boundary)."""
    from .dice import Seeded
    from .policies import make, play_out
    from .scenario import duel_scenario
    from .state import EngineError, new_duel

    a, b, kind, policy, dice_seed, pol_seed = game
    key = (a, b, kind)
    if key not in _SCENARIOS:
        _SCENARIOS[key] = duel_scenario(a, b, kind)  # type: ignore[arg-type]
    try:
        duel = new_duel(_SCENARIOS[key], Seeded(dice_seed))
        play_out(duel, make(policy, pol_seed))
    except EngineError as exc:
        return str(exc)
    out = duel.outcome
    assert out is not None
    if out.tie or not out.winners:
        return duel.round, out.reason, None
    return duel.round, out.reason, "a" if "p1" in out.winners else "b"


def _read_decisions(path: str) -> list[str]:
    from .notation import parse_decision

    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"{path}: cannot be read ({exc})") from None
    out = []
    for i, line in enumerate(lines, start=1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        try:
            parse_decision(line)
        except ValueError as exc:
            raise InputError(f"{path}, line {i}: {exc}") from None
        out.append(line)
    return out


def cmd_play(args: argparse.Namespace) -> int:
    from .dice import Scripted, Seeded
    from .events import EventModel
    from .notation import parse_decision
    from .policies import make
    from .replay import record
    from .scenario import Scenario
    from .state import EngineError, IllegalDecision, new_duel

    scenario = _validate(Scenario, _read_json(args.scenario), "scenario")
    if args.dice is not None:
        try:
            results = [int(x) for x in args.dice.split(",") if x.strip()]
        except ValueError:
            raise InputError("--dice: give whole numbers separated by commas, e.g. 20,3,14") from None
        if not results or any(r < 1 for r in results):
            raise InputError("--dice: every result must be a whole number of at least 1")
        source: Any = Scripted(results)
    else:
        source = Seeded(args.seed)
    decisions = _read_decisions(args.decisions) if args.decisions else []
    policy = make(args.policy, args.seed)
    printed = 0
    try:
        duel = new_duel(scenario, source)
        for n, line in enumerate(decisions, start=1):
            if duel.pending is None:
                raise InputError(f"decision {n} ({line!r}): the duel is already over")
            player, option = parse_decision(line)
            try:
                duel.apply(player, option)
            except IllegalDecision as exc:
                for e in duel.events[printed:]:
                    _print(EventModel.from_event(e).model_dump())
                print(f"decision {n} ({line!r}) is illegal: {exc}", file=sys.stderr)
                return 1
        while duel.pending is not None:
            duel.apply(duel.pending.player, policy.choose(duel))
    except EngineError as exc:
        raise InputError(str(exc)) from None
    for e in duel.events[printed:]:
        _print(EventModel.from_event(e).model_dump())
    _print({"outcome": duel.outcome.to_dict() if duel.outcome else None, "rounds": duel.round})
    if args.save:
        try:
            Path(args.save).write_text(record(duel).model_dump_json(indent=1), encoding="utf-8")
        except OSError as exc:
            raise InputError(f"--save {args.save}: cannot write ({exc})") from None
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    from .replay import Replay, verify

    replay = _validate(Replay, _read_json(args.file), "replay")
    try:
        check = verify(replay)
    except ValueError as exc:
        raise InputError(str(exc)) from None
    _print(check.to_dict())
    if not check.ok:
        print(check.reason, file=sys.stderr)
        return 1
    return 0


def cmd_validate(args: argparse.Namespace) -> int:
    from .character import Character
    from .replay import Replay
    from .scenario import Scenario

    data = _read_json(args.file)
    kind = _kind_of(data)
    model = {"scenario": Scenario, "character": Character, "replay": Replay}[kind]
    _validate(model, data, kind)
    _print({"ok": True, "kind": kind})
    return 0


def schemas() -> dict[str, Any]:
    """The JSON Schema of every boundary model, by name."""
    from .character import Character
    from .creatures import CreatureCatalogue
    from .dice import DiceSpec
    from .events import EventModel
    from .replay import Replay
    from .roster import Roster
    from .scenario import Scenario
    from .spells.model import SpellCatalogue
    from .terms import Terms
    from .views import View

    return {
        "scenario": Scenario.model_json_schema(),
        "character": Character.model_json_schema(),
        "replay": Replay.model_json_schema(),
        "event": EventModel.model_json_schema(),
        "view": View.model_json_schema(),
        "terms": Terms.model_json_schema(),
        "dice": TypeAdapter(DiceSpec).json_schema(),
        "spells": SpellCatalogue.model_json_schema(),
        "creatures": CreatureCatalogue.model_json_schema(),
        "roster": Roster.model_json_schema(),
    }


def cmd_schema(args: argparse.Namespace) -> int:
    all_schemas = schemas()
    if args.name is None:
        _print(all_schemas)
        return 0
    if args.name not in all_schemas:
        raise InputError(f"schema: unknown name {args.name!r}; known: {', '.join(sorted(all_schemas))}")
    _print(all_schemas[args.name])
    return 0


def cmd_roster(args: argparse.Namespace) -> int:
    from . import roster

    out = []
    for c in roster.all():
        d = c.derived()
        out.append(
            {
                "id": c.id,
                "name": c.name.model_dump(),
                "tagline": c.tagline.model_dump(),
                "cls": c.cls,
                "level": c.level,
                "max_hp": d["max_hp"],
                "ac": d["ac"],
                "caster_level": d["caster_level"],
            }
        )
    _print(out)
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="mageduel", description="Wizard duels: the rules engine.")
    sub = p.add_subparsers(dest="command", required=True)
    s = sub.add_parser("simulate", help="many duels between two premade characters")
    s.add_argument("--a", required=True, help="roster id of the first participant")
    s.add_argument("--b", required=True, help="roster id of the second participant")
    s.add_argument("--games", type=int, default=100)
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--policy", default="random", help="random or greedy")
    s.add_argument("--kind", default="mageduel", choices=["mageduel", "duel"])
    s.add_argument(
        "--jobs",
        type=int,
        default=1,
        help="processes playing at once (0: one per core); same totals",
    )
    s.set_defaults(fn=cmd_simulate)
    pl = sub.add_parser("play", help="play a scenario to the end; events as JSON lines, then the outcome")
    pl.add_argument("scenario")
    g = pl.add_mutually_exclusive_group()
    g.add_argument("--seed", type=int, default=0)
    g.add_argument("--dice", help="scripted naturals, e.g. 20,3,14")
    pl.add_argument("--decisions", help="a file of decisions, one 'player: option' a line")
    pl.add_argument(
        "--policy",
        default="random",
        choices=["random", "greedy"],
        help="who decides once the given decisions run out",
    )
    pl.add_argument("--save", help="write the replay of the game to this file")
    pl.set_defaults(fn=cmd_play)
    r = sub.add_parser("replay", help="verify a replay file")
    r.add_argument("file")
    r.set_defaults(fn=cmd_replay)
    v = sub.add_parser("validate", help="check a scenario, character or replay file")
    v.add_argument("file")
    v.set_defaults(fn=cmd_validate)
    sc = sub.add_parser("schema", help="JSON Schemas of the boundary models")
    sc.add_argument("name", nargs="?")
    sc.set_defaults(fn=cmd_schema)
    ro = sub.add_parser("roster", help="the premade characters")
    ro.set_defaults(fn=cmd_roster)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse has printed its usage message
        return int(exc.code or 0) if exc.code in (0, None) else 2
    try:
        return int(args.fn(args))
    except InputError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # never a traceback, whatever the input
        print(f"internal error ({type(exc).__name__}): {exc}", file=sys.stderr)
        return 3
