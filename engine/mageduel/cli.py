"""``python -m mageduel``: simulate, play, replay, validate, schema, roster, lessons.

Exit codes: 0 fine; 1 a replay diverges or a step is illegal; 2 bad input (the messages name each bad
field). No input of any kind produces a traceback: every error is a message on stderr.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel, TypeAdapter, ValidationError

import mageduel as md


class InputError(Exception):
    """Bad input: the message says what and where."""


def _cut(value: object) -> str:

    return md.cut(value)


def _read_json(path: str) -> Any:

    p = Path(path)
    path = path if len(path) <= 80 else _cut(path)
    try:
        if p.stat().st_size > 4 * md.MAX_TEXT:  # refused before reading: not even loaded into memory
            raise InputError(f"{path}: {p.stat().st_size:,} bytes, more than a game file may hold")
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise InputError(f"{path}: is a directory, not a file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"{path}: cannot be read ({_cut(str(exc))})") from None
    try:
        return md.load_json(text, "file")
    except md.BoundsError as exc:
        raise InputError(f"{path}: {exc}") from None


def _validate(model: type[BaseModel], data: Any, what: str) -> Any:

    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise InputError(md.refusal(exc, what)) from None
    except RecursionError:
        raise InputError(f"invalid {what}: nested too deep") from None


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


#: The computer's levels (``ai.Opponent``), each deciding from its own player's view only.
AI_LEVELS = ("easy", "normal", "hard")


def _percentile(values: list[int], q: float) -> float:
    """The q-th percentile (0..100) by linear interpolation between the closest ranks.

    >>> _percentile([1, 2, 3, 4], 50)
    2.5
    >>> _percentile([5, 1, 9], 95)
    8.6
    """
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q / 100
    lo = int(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return round(ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo), 3)


def _deciders(name: str, seed: int) -> Any:
    """A function ``(duel) -> option id`` for ``--policy``: a whole-duel policy (random, greedy) or the
    computer opponent at a level, one per player, each seeing only its own view (MD-26)."""

    if name in AI_LEVELS:
        seeds = md.SplitMix64(seed)
        players: dict[str, md.Opponent] = {}

        def choose(duel: Any) -> str:
            p = duel.pending.player
            if p not in players:
                players[p] = md.Opponent(name, seeds.next_u64())
            return players[p].choose(duel.brief_view(p))

        return choose
    try:
        policy = md.make_policy(name, seed)
    except ValueError:
        raise InputError(
            f"--policy: unknown policy {name!r}: use random, greedy, {', '.join(AI_LEVELS)}"
        ) from None
    return policy.choose


def cmd_simulate(args: argparse.Namespace) -> int:

    for who in (args.a, args.b):
        try:
            md.premade(who)
        except KeyError:
            raise InputError(f"unknown character {_cut(who)}; known: {', '.join(md.premade_ids())}") from None
    if not 1 <= args.games <= 10_000_000:
        raise InputError(f"--games: give 1 to 10,000,000 games, not {_cut(args.games)}")
    if not 0 <= args.seed < 2**64:
        raise InputError(f"--seed: give a whole number from 0 to 2**64 - 1, not {_cut(args.seed)}")
    if not 0 <= args.jobs <= 1024:
        raise InputError(f"--jobs: give 0 (one per core) to 1024, not {_cut(args.jobs)}")
    _deciders(args.policy, 0)  # names a bad --policy before any duel is played
    if args.progress_check is None:
        args.progress_check = args.policy in AI_LEVELS  # the computer plays as in the page
    seeds = md.SplitMix64(args.seed)
    games = []
    for _ in range(args.games):
        dice_seed = seeds.next_u64()
        games.append(
            (args.a, args.b, args.kind, args.policy, bool(args.progress_check), dice_seed, seeds.next_u64())
        )
    start = time.perf_counter()
    wins = {"a": 0, "b": 0}
    draws = 0
    rounds: list[int] = []
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
        rounds.append(duel_rounds)
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
            "progress_check": args.progress_check,
            "seed": args.seed,
            "games": args.games,
            "wins": wins,
            "draws": draws,
            "mean_rounds": round(sum(rounds) / args.games, 3),
            "median_rounds": _percentile(rounds, 50),
            "p95_rounds": _percentile(rounds, 95),
            "max_rounds": max(rounds),
            "end_reasons": dict(sorted(reasons.items())),
            "elapsed": round(time.perf_counter() - start, 3),
        }
    )
    return 0


#: The scenario of each pairing, built once per process.
_SCENARIOS: dict[tuple[str, str, str, bool], Any] = {}


def _simulate_one(game: tuple[str, str, str, str, bool, int, int]) -> tuple[int, str, str | None] | str:
    """One simulated duel from its seeds: (rounds, end reason, "a", "b" or None for a draw), or the
    engine's error as text (so it crosses a process boundary)."""

    a, b, kind, policy, progress_check, dice_seed, pol_seed = game
    key = (a, b, kind, progress_check)
    if key not in _SCENARIOS:
        scenario = md.duel_scenario(a, b, kind)  # type: ignore[arg-type]
        if progress_check:
            # DU-9 / MD-25 as the page plays them: each round starts with go on, withdraw or declare a draw.
            terms = scenario.terms.model_copy(update={"progress_check": True})
            scenario = scenario.model_copy(update={"terms": terms})
        _SCENARIOS[key] = scenario
    choose = _deciders(policy, pol_seed)
    try:
        duel = md.new_duel(_SCENARIOS[key], md.Seeded(dice_seed))
        n = 0
        while duel.pending is not None:
            duel.apply(duel.pending.player, choose(duel))
            n += 1
            if n > 100_000:
                return "a simulated duel did not end after 100000 decisions"
    except md.EngineError as exc:
        return str(exc)
    out = duel.outcome
    assert out is not None
    if out.tie or not out.winners:
        return duel.round, out.reason, None
    return duel.round, out.reason, "a" if "p1" in out.winners else "b"


def _read_decisions(path: str) -> list[str]:

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
            md.parse_decision(line)
        except ValueError as exc:
            raise InputError(f"{path}, line {i}: {exc}") from None
        out.append(line)
    return out


def cmd_play(args: argparse.Namespace) -> int:

    data = _read_json(args.scenario)
    if isinstance(data, dict) and ("decisions" in data or "dice" in data):
        raise InputError(
            f"{args.scenario[:80]}: this is a replay, not a scenario; check it with 'replay', or play its "
            "'scenario' part"
        )
    if not 0 <= args.seed < 2**64:
        raise InputError(f"--seed: give a whole number from 0 to 2**64 - 1, not {_cut(args.seed)}")
    scenario = _validate(md.Scenario, data, "scenario")
    if args.dice is not None:
        parts = [x.strip() for x in args.dice.split(",") if x.strip()]
        if not parts or any(not x.isdigit() or len(x) > 3 for x in parts):
            raise InputError(
                "--dice: give whole numbers from 1 to 100 separated by commas, e.g. 20,3,14 "
                f"(got {_cut(args.dice)})"
            )
        results = [int(x) for x in parts]
        if any(not 1 <= r <= 100 for r in results) or len(results) > 200_000:
            raise InputError("--dice: every result is a die's face, 1 to 100 (at most 200,000 of them)")
        source: Any = md.Scripted(results)
    else:
        source = md.Seeded(args.seed)
    decisions = _read_decisions(args.decisions) if args.decisions else []
    policy = md.make_policy(args.policy, args.seed)
    printed = 0
    try:
        duel = md.new_duel(scenario, source)
        for n, line in enumerate(decisions, start=1):
            if duel.pending is None:
                raise InputError(f"decision {n} ({_cut(line)}): the duel is already over")
            player, option = md.parse_decision(line)
            try:
                duel.apply(player, option)
            except md.IllegalDecision as exc:
                for e in duel.events[printed:]:
                    _print(md.EventModel.from_event(e).model_dump())
                print(_line(f"decision {n} ({_cut(line)}) is illegal: {exc}"), file=sys.stderr)
                return 1
        while duel.pending is not None:
            duel.apply(duel.pending.player, policy.choose(duel))
    except md.EngineError as exc:
        raise InputError(str(exc)) from None
    for e in duel.events[printed:]:
        _print(md.EventModel.from_event(e).model_dump())
    _print({"outcome": duel.outcome.to_dict() if duel.outcome else None, "rounds": duel.round})
    if args.save:
        try:
            Path(args.save).write_text(md.record(duel).model_dump_json(indent=1), encoding="utf-8")
        except OSError as exc:
            raise InputError(f"--save {_cut(args.save)}: cannot write ({_cut(str(exc))})") from None
    return 0


def cmd_replay(args: argparse.Namespace) -> int:

    replay = _validate(md.Replay, _read_json(args.file), "replay")
    try:
        check = md.verify(replay)
    except ValueError as exc:
        raise InputError(str(exc)) from None
    _print(check.to_dict())
    if not check.ok:
        print(_line(check.reason), file=sys.stderr)
        return 1
    return 0


def cmd_validate(args: argparse.Namespace) -> int:

    data = _read_json(args.file)
    kind = _kind_of(data)
    model = {"scenario": md.Scenario, "character": md.Character, "replay": md.Replay}[kind]
    _validate(model, data, kind)
    _print({"ok": True, "kind": kind})
    return 0


def schemas() -> dict[str, Any]:
    """The JSON Schema of every boundary model, by name."""

    return {
        "scenario": md.Scenario.model_json_schema(),
        "character": md.Character.model_json_schema(),
        "replay": md.Replay.model_json_schema(),
        "event": md.EventModel.model_json_schema(),
        "view": md.View.model_json_schema(),
        "terms": md.Terms.model_json_schema(),
        "dice": TypeAdapter(md.DiceSpec).json_schema(),
        "spells": md.SpellCatalogue.model_json_schema(),
        "creatures": md.CreatureCatalogue.model_json_schema(),
        "roster": md.Roster.model_json_schema(),
        "showcases": md.Showcases.model_json_schema(),
        "lessons": md.LessonBook.model_json_schema(),
    }


def cmd_schema(args: argparse.Namespace) -> int:
    all_schemas = schemas()
    if args.name is None:
        _print(all_schemas)
        return 0
    if args.name not in all_schemas:
        raise InputError(f"schema: unknown name {_cut(args.name)}; known: {', '.join(sorted(all_schemas))}")
    _print(all_schemas[args.name])
    return 0


def cmd_roster(args: argparse.Namespace) -> int:

    out = []
    for c in md.premades():
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


def cmd_lessons(args: argparse.Namespace) -> int:
    """The rules tutorial: list the levels, or (``--check``) play every level as a test."""

    try:
        md.lesson_book()
    except ValidationError as exc:
        raise InputError(md.refusal(exc, "lessons file")) from None
    if not args.check:
        out = [
            {
                "level": ref,
                "id": f"{md.lesson_stage(ref).id}/{md.lesson(ref).id}",
                "title": md.lesson(ref).title.model_dump(),
                "teaches": md.lesson(ref).teaches,
            }
            for ref in md.lesson_refs()
        ]
        if args.json:
            _print(out)
        else:
            for row in out:
                print(
                    f"{row['level']:>5}  {row['id']:<28} {row['title']['en']}  ({', '.join(row['teaches'])})"
                )
        return 0

    report = md.check_lessons()
    for r in report.levels:
        mark = "ok" if not r.failures else "FAIL"
        line = f"{r.ref:>5}  {r.id:<22} {mark:<4} {r.decisions} decision(s); shows {', '.join(r.clauses)}"
        if r.refused:
            line += f" (refusing a wrong move: {', '.join(r.refused)})"
        print(line, file=sys.stderr if args.json else sys.stdout)
    for f in report.failures:
        print(f"failure: {f}", file=sys.stderr)
    if report.missing:
        print(f"clauses no level shows: {', '.join(report.missing)}", file=sys.stderr)
    if args.json:
        _print(report.summary())
    else:
        total = len(report.covered) + len(report.missing)
        print(
            f"{report.stages} stages, {len(report.levels)} levels; clauses shown "
            f"{len(report.covered)}/{total}; failures {len(report.failures)}"
        )
    return 0 if report.ok else 1


#: Duels per part of ``soak --jobs``: small enough for even work and progress, large enough that a part's
#: start-up (its scenarios' seeds skipped to, its result sent back) costs nothing.
SOAK_PART = 100


def _soak_part(part: tuple[int, int, int, bool, int]) -> Any:
    """One part of a soak, in a worker process: duels ``start`` to ``stop - 1`` of soak ``seed``."""
    start, stop, seed, check, every = part
    return md.run_soak(stop, seed, check=check, every=every, start=start)


def _soak(
    count: int,
    seed: int,
    jobs: int,
    check: bool = True,
    every: int = 1,
    progress: Any = None,
    progress_every: int = 0,
    out: Any = None,
    journal: Path | None = None,
    resumed: dict[str, int] | None = None,
) -> Any:
    """The soak over ``jobs`` processes: the duels cut in parts of :data:`SOAK_PART`, played by a pool,
    the parts' summaries merged in duel order into ``out`` — exactly the summary one process gives (each
    duel depends only on its own seeds). ``progress(summary)`` is called about every ``progress_every``
    duels. Stopped from outside (KeyboardInterrupt), ``out`` holds the duels done so far (in one process:
    every duel played out; over several: every part merged in order), and the parts not begun are dropped.

    ``journal``: a file that keeps each part's summary as it is merged; run again with the same file, the
    soak takes the parts already there and plays only the rest, so a long soak can be stopped and resumed
    and still give the one-process summary; ``resumed`` gets the duels and decisions taken from it."""
    out = md.SoakSummary() if out is None else out
    if journal is None and (jobs <= 1 or count <= SOAK_PART):
        return md.run_soak(
            count, seed, check=check, every=every, progress=progress, progress_every=progress_every, out=out
        )
    parts = [
        (start, min(start + SOAK_PART, count), seed, check, every) for start in range(0, count, SOAK_PART)
    ]
    head = {"count": count, "seed": seed, "check": check, "every": every, "part": SOAK_PART}
    if journal is not None:
        head["engine"] = _engine_digest()  # parts played by another engine are not this soak's
    kept = _journal_read(journal, head) if journal is not None else []
    for part in kept:
        out.merge(part)
    if resumed is not None:
        resumed.update(duels=out.duels, decisions=out.decisions)
    reported = out.duels
    sink = journal.open("a", encoding="utf-8") if journal is not None else None

    def take(part: Any, bounds: tuple[int, int, int, bool, int]) -> None:
        nonlocal reported
        out.merge(part)
        if sink is not None:
            line = {"soak": head, "start": bounds[0], "stop": bounds[1], "summary": part.to_state()}
            sink.write(json.dumps(line, separators=(",", ":")) + "\n")
            sink.flush()
            os.fsync(sink.fileno())
        if progress is not None and progress_every and out.duels - reported >= progress_every:
            reported = out.duels
            progress(out)

    todo = parts[len(kept) :]
    try:
        if jobs <= 1:
            for bounds in todo:
                part = md.SoakSummary()
                try:
                    md.run_soak(bounds[1], seed, check=check, every=every, start=bounds[0], out=part)
                except KeyboardInterrupt:
                    out.merge(part)  # the duels of the unfinished part count, but stay out of the journal
                    raise
                take(part, bounds)
        else:
            import multiprocessing

            # A stop from outside (KeyboardInterrupt) leaves the with-block by Pool.terminate: the parts
            # under way are dropped with the rest, and no worker is left behind.
            with multiprocessing.Pool(jobs) as pool:
                # imap: in order, each part as soon as it and those before it are done
                for bounds, part in zip(todo, pool.imap(_soak_part, todo), strict=True):
                    take(part, bounds)
    finally:
        if sink is not None:
            sink.close()
    return out


def _engine_digest() -> str:
    """A digest of the engine's own code and data: the soak's journal is resumed only by the same engine."""
    root = Path(md.__file__).parent
    h = hashlib.sha256()
    for f in sorted(p for p in root.rglob("*") if p.suffix in (".py", ".json") and p.is_file()):
        h.update(f.relative_to(root).as_posix().encode() + b"\0" + f.read_bytes() + b"\0")
    return h.hexdigest()[:16]


def _journal_read(journal: Path, head: dict[str, Any]) -> list[Any]:
    """The parts a soak's journal already holds, in order; a line cut short by a stop mid-write (the last
    one) is dropped from the file. Refused in one line if the file holds another soak's parts."""
    if not journal.exists():
        return []
    name = _cut(str(journal))
    try:
        lines = journal.read_text(encoding="utf-8").splitlines(keepends=True)
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"--journal: cannot read {name}: {_cut(str(exc))}") from None
    kept: list[Any] = []
    good = 0
    for n, line in enumerate(lines):
        try:
            entry = json.loads(line)
            part = md.SoakSummary.from_state(entry["summary"])
            bounds = (entry["start"], entry["stop"])
        except (ValueError, KeyError, TypeError, AttributeError):
            if n == len(lines) - 1:
                break  # cut short by a stop while it was written: played again
            raise InputError(f"--journal: line {n + 1} of {name} is not a soak's part") from None
        if entry.get("soak") != head:
            raise InputError(
                f"--journal: {name} holds another soak's parts ({_cut(json.dumps(entry.get('soak')))}); "
                "give a new file, or the same --duels, --seed and --twin-every with the same engine"
            )
        start = len(kept) * SOAK_PART
        if bounds != (start, min(start + SOAK_PART, head["count"])):
            raise InputError(f"--journal: line {n + 1} of {name} is not the part that comes next")
        kept.append(part)
        good += len(line.encode("utf-8"))
    if good != journal.stat().st_size:
        with journal.open("r+b") as f:
            f.truncate(good)
    return kept


def _soak_twin(args: argparse.Namespace) -> tuple[Any, str]:
    """The same duels in another process under another ``PYTHONHASHSEED`` (digests only), started now."""
    import os
    import subprocess

    own = os.environ.get("PYTHONHASHSEED", "")
    other = str((int(own) + 1) % 4294967296) if own.isdigit() else "0"
    cmd = [sys.executable, "-m", "mageduel", "soak", "--duels", str(args.duels), "--seed", str(args.seed)]
    cmd += ["--digests", "--twin-every", str(args.twin_every), "--jobs", str(args.jobs)]
    if args.journal:
        cmd += ["--journal", args.journal + ".twin"]
    env = {**os.environ, "PYTHONHASHSEED": other}
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    return proc, f"{own or 'random'} and {other}"


def cmd_soak(args: argparse.Namespace) -> int:
    if not 1 <= args.duels <= 10_000_000:
        raise InputError(f"--duels: give 1 to 10,000,000 duels, not {_cut(str(args.duels))}")
    if not 0 <= args.seed < 2**64:
        raise InputError(f"--seed: give a whole number from 0 to 2**64 - 1, not {_cut(str(args.seed))}")
    if not 1 <= args.twin_every <= args.duels:
        raise InputError(f"--twin-every: give 1 to --duels ({args.duels}), not {args.twin_every}")
    if not 0 <= args.jobs <= 1024:
        raise InputError(f"--jobs: give 0 (one per core) to 1024, not {_cut(args.jobs)}")
    jobs = args.jobs or os.cpu_count() or 1
    journal = Path(args.journal) if args.journal else None
    if args.digests:
        every = args.twin_every
        for d in _soak(args.duels, args.seed, jobs, check=False, every=every, journal=journal).digests:
            print(d)
        return 0
    twin = None if args.no_twin else _soak_twin(args)
    start = time.perf_counter()

    def progress(s: md.SoakSummary) -> None:
        elapsed = time.perf_counter() - start
        rate = round((s.duels - resumed["duels"]) / elapsed, 2)
        line = {**s.to_dict(), "elapsed_s": round(elapsed, 1), "duels_per_s": rate}
        line.pop("first_findings", None)
        print(json.dumps({"progress": line}), file=sys.stderr, flush=True)

    summary = md.SoakSummary()
    resumed = {"duels": 0, "decisions": 0}
    interrupted = False
    try:
        _soak(
            args.duels,
            args.seed,
            jobs,
            progress=progress,
            progress_every=args.progress,
            out=summary,
            journal=journal,
            resumed=resumed,
        )
    except KeyboardInterrupt:
        # Stopped from outside (Ctrl-C, or SIGINT to this process): the summary of the duels done so far,
        # marked as such; the twin's comparison needs the whole run, so it is left out.
        interrupted = True
    elapsed = time.perf_counter() - start
    out = summary.to_dict()
    out["elapsed_s"] = round(elapsed, 1)
    # The rates are this run's: duels taken from a journal were played by an earlier one.
    played, decided = summary.duels - resumed["duels"], summary.decisions - resumed["decisions"]
    out["duels_per_s"] = round(played / elapsed, 2) if elapsed else None
    out["decisions_per_s"] = round(decided / elapsed) if elapsed else None
    if journal is not None:
        out["journal"] = {"resumed_duels": resumed["duels"], "played_now": played}
    if interrupted:
        out["interrupted"] = {"asked": args.duels, "done": summary.duels}
        if twin is not None:
            import signal
            import subprocess

            twin[0].send_signal(signal.SIGINT)  # it stops its own workers as this process did
            try:
                twin[0].communicate(timeout=60)
            except subprocess.TimeoutExpired:
                twin[0].kill()
                twin[0].communicate()
            out["hash_seeds"] = {"seeds": twin[1], "skipped": "interrupted before the end"}
            twin = None
    if twin is not None:
        proc, seeds = twin
        got, err = proc.communicate()
        mine = summary.digests[:: args.twin_every]
        theirs = got.split()
        if proc.returncode != 0 or len(theirs) != len(mine):
            out["hash_seeds"] = {"seeds": seeds, "error": _cut(err.strip() or f"exit {proc.returncode}")}
            out["invariant_breaks"] += 1
        else:
            # A duel whose check broke (or raised) stopped early here; the twin, not checking, went on.
            pairs = [(i * args.twin_every, a, b) for i, (a, b) in enumerate(zip(mine, theirs, strict=True))]
            differ = [n for n, a, b in pairs if a != b and a not in ("broken", "exception")]
            out["hash_seeds"] = {"seeds": seeds, "compared": len(mine), "differ": len(differ)}
            if differ:
                out["invariant_breaks"] += len(differ)
                out["breaks"]["hash-seed"] = len(differ)
                out["hash_seeds"]["first_differing_duels"] = differ[:10]
    if args.json:
        _print(out)
    else:
        print(
            f"{out['duels']} duels, {out['decisions']} decisions in {out['elapsed_s']} s "
            f"({out['duels_per_s']} duels/s): {out['exceptions']} exceptions, "
            f"{out['invariant_breaks']} invariant breaks"
        )
        for f in out["first_findings"]:
            print(f"  duel {f['duel']}: {f['what']}: {f['detail']}")
        if "hash_seeds" in out:
            print(f"  hash seeds {out['hash_seeds']}")
    if interrupted:
        sys.stdout.flush()
        return 130
    return 0 if out["exceptions"] == 0 and out["invariant_breaks"] == 0 else 1


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="mageduel", description="Wizard duels: the rules engine.")
    sub = p.add_subparsers(dest="command", required=True)
    s = sub.add_parser("simulate", help="many duels between two premade characters")
    s.add_argument("--a", required=True, help="roster id of the first participant")
    s.add_argument("--b", required=True, help="roster id of the second participant")
    s.add_argument("--games", type=int, default=100)
    s.add_argument("--seed", type=int, default=0)
    s.add_argument(
        "--policy",
        default="random",
        help="random, greedy, or the computer opponent's level for both sides: easy, normal, hard",
    )
    s.add_argument("--kind", default="mageduel", choices=["mageduel", "duel"])
    s.add_argument(
        "--progress-check",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="each round starts with go on, withdraw or declare a draw (DU-9, MD-25), as the page plays; "
        "on by default for the computer's levels",
    )
    s.add_argument("--json", action="store_true", help="the report is one JSON object (always so)")
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
    le = sub.add_parser("lessons", help="the rules tutorial's levels; --check plays each as a test")
    le.add_argument("--check", action="store_true", help="play every level's solution and wrong moves")
    le.add_argument("--json", action="store_true", help="end with one JSON line (the summary)")
    le.set_defaults(fn=cmd_lessons)
    so = sub.add_parser("soak", help="many random duels, checking the rules' invariants at every decision")
    so.add_argument("--duels", type=int, default=100)
    so.add_argument("--seed", type=int, default=0)
    so.add_argument("--json", action="store_true", help="print the summary as JSON")
    so.add_argument("--no-twin", action="store_true", help="skip the comparison under another hash seed")
    so.add_argument("--twin-every", type=int, default=1, help="compare every Nth duel under the other seed")
    so.add_argument("--progress", type=int, default=0, help="a JSON progress line on stderr every N duels")
    so.add_argument(
        "--jobs",
        type=int,
        default=1,
        help="processes playing at once (0: one per core; the twin uses as many); the same summary",
    )
    so.add_argument(
        "--journal",
        help="keep each part's summary in this file; run again with it to resume a stopped soak",
    )
    so.add_argument("--digests", action="store_true", help=argparse.SUPPRESS)
    so.set_defaults(fn=cmd_soak)
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
        print(_line(str(exc)), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # never a traceback, whatever the input
        print(_line(f"internal error ({type(exc).__name__}): {exc}"), file=sys.stderr)
        return 3


def _line(message: str) -> str:

    return md.one_line(message)
