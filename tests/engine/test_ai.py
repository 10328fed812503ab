"""The computer opponent: fair (its own view only), a real opponent at normal, and quick."""

from __future__ import annotations

import pytest
from mageduel import ai, dice, scenario, state
from mageduel.compose import new_duel
from mageduel.views import BriefView, CastingView, OptionView, PendingView, SpellInfo, SpellsLeftView, View

from tests.engine.coretools import core_duel, run


def duel(a: str = "tamsin", b: str = "bram", seed: int = 1) -> state.Duel:
    return new_duel(scenario.duel_scenario(a, b), dice.Seeded(seed))


def play(d: state.Duel, brains: dict[str, ai.Opponent], until=None, limit: int = 5000) -> None:
    """Let the computers decide (how fast they do is measured by ``python3 build.py bench``, not here)."""
    for _ in range(limit):
        p = d.pending
        if p is None or (until is not None and until(d)):
            break
        d.apply(p.player, brains[p.player].choose(d.view(p.player)))


def test_levels_are_checked():
    with pytest.raises(ValueError, match="easy, normal, hard"):
        ai.Opponent("impossible")


@pytest.mark.parametrize("level", ai.LEVELS)
def test_each_level_plays_a_whole_mageduel(level):
    d = duel(seed=11)
    play(d, {"p1": ai.Opponent(level, 1), "p2": ai.Opponent("normal", 2)})
    assert d.outcome is not None


def _at_hidden_spell(d: state.Duel, caster_spell: str) -> state.Duel:
    """Play with fixed choices until p2 casts ``caster_spell`` at p1 and p1 is asked to react."""
    for _ in range(2000):
        p = d.pending
        assert p is not None, "the duel ended before the spell was cast"
        if p.player == "p1" and p.kind in ("identify", "counter"):
            return d
        ids = p.option_ids
        if p.kind == "turn" and p.player == "p2":
            cast = [i for i in ids if i.startswith(f"cast {caster_spell}") and "@p1" in i and " def" not in i]
            d.apply("p2", cast[0] if cast else "end")
        elif p.kind == "turn":
            d.apply(p.player, "end")
        else:
            d.apply(p.player, next((i for i in ids if i.startswith(("zone", "prepare 1", "accept"))), ids[0]))
    raise AssertionError("never reached the reaction window")


def test_md26_the_computer_cannot_tell_two_hidden_spells_apart():
    # Same duel, same dice; the caster picks a different spell. The defender's view is the same, and so is
    # its decision: it knows nothing of the spell until it identifies it.
    one = _at_hidden_spell(duel(seed=3), "magic_missile")
    two = _at_hidden_spell(duel(seed=3), "flare")
    v1, v2 = one.view("p1"), two.view("p1")
    assert v1.casting and v1.casting[-1].spell is None
    assert v1.model_dump() == v2.model_dump()
    assert ai.Opponent("hard", 9).choose(v1) == ai.Opponent("hard", 9).choose(v2)


def view_with(
    kind: str, ids: list[str], casting: list[CastingView] | None = None, zone=None, other_at=(2.0, 2.0)
) -> View:
    from mageduel.views import CombatantView

    foe = CombatantView(
        id="p2",
        name="Bo",
        side="b",
        cls="sorcerer",
        level=1,
        position=[*other_at, 0.0],
        hp=8,
        max_hp=8,
        nonlethal=0,
        temp_hp=0,
        status="active",
        conditions=[],
        mirror_images=0,
    )
    return View(
        player="p1",
        kind="mageduel",
        round=1,
        phase="fight",
        order=["p1", "p2"],
        zone=zone,
        me=None,
        others=[foe],
        casting=casting or [],
        events=[],
        pending=PendingView(player="p1", kind=kind, options=[OptionView(id=i, kind=kind) for i in ids]),
    )


def test_normal_identifies_and_counters_an_identified_hostile_spell():
    brain = ai.Opponent("normal", 1)
    assert brain.choose(view_with("identify", ["identify", "pass"])) == "identify"
    known = [
        CastingView(
            caster="p2", targets=["p1"], spell=SpellInfo(id="magic_missile", level=1, school="evocation")
        )
    ]
    ids = ["react duel-counter magic_missile slot1", "pass"]
    assert brain.choose(view_with("counter", ids, known)) == ids[0]


def test_normal_dodges_and_calls_on_its_duel_effort():
    brain = ai.Opponent("normal", 1)
    assert brain.choose(view_with("defend", ["react dodge", "pass"])) == "react dodge"
    assert brain.choose(view_with("effort", ["react effort", "pass"])) == "react effort"


def test_normal_casts_its_strongest_hostile_spell_at_the_foe():
    brain = ai.Opponent("normal", 1)
    ids = ["cast daze @p2", "cast magic_missile @p2", "move 3,3", "end"]
    assert brain.choose(view_with("turn", ids)) == "cast magic_missile @p2"


def test_a_push_is_worth_more_at_the_zones_edge():
    brain = ai.Opponent("normal", 1)
    push = "cast hydraulic_push @p2"
    from mageduel.spells import catalogue

    if not catalogue.has("hydraulic_push"):
        push = next(
            (
                f"cast {s.id} @p2"
                for s in catalogue.all_spells()
                if any(getattr(n, "kind", "") == "forced_movement" for n in s.nodes())
            ),
            None,
        )
        if push is None:
            pytest.skip("no forced-movement spell in the catalogue")
    sid = push.split()[1]
    at_edge = brain._cast_score(
        view_with("turn", [push], zone=[40, 40], other_at=(1.0, 20.0)), sid, None, "p2", False
    )
    centre = brain._cast_score(
        view_with("turn", [push], zone=[40, 40], other_at=(20.0, 20.0)), sid, None, "p2", False
    )
    assert at_edge > centre


def test_manual_dice_are_rolled_as_dice_in_range():
    brain = ai.Opponent("easy", 4)
    ids = [f"roll {n}" for n in range(2, 13)]
    for _ in range(50):
        choice = brain.roll({"count": 2, "sides": 6}, ids)
        assert choice in ids


def test_normal_beats_a_random_player_more_often_than_not():
    # Twenty seeded mageduels between two 1st-level casters, sides swapped every other duel, so the
    # characters' own strengths cancel out.
    from mageduel.policies import RandomPolicy

    wins = 0
    for seed in range(20):
        a, b = ("tamsin", "bram") if seed % 2 else ("bram", "tamsin")
        d = duel(a, b, seed)
        brain, other = ai.Opponent("normal", seed), RandomPolicy(seed)
        while d.pending is not None:
            p = d.pending.player
            d.apply(p, brain.choose(d.view(p)) if p == "p1" else other.choose(d))
        wins += d.outcome.winners == ["p1"]
    assert wins > 10


def test_next_to_a_foe_the_computer_does_not_walk_into_attacks_of_opportunity():
    brain = ai.Opponent("normal", 1)
    assert brain.choose(view_with("turn", ["move 3,3", "step 2,2", "end"], other_at=(2.0, 2.0))) == "end"


def test_normal_weighs_options_by_the_chance_its_view_gives_them():
    """Ray of frost and acid splash score alike; the view's chance decides — either way round."""
    ids = ["cast ray_of_frost @p2", "cast acid_splash @p2", "end"]
    for likely in ids[:2]:
        v = view_with("turn", ids)
        opts = [
            o.model_copy(update={"chance": 0.9 if o.id == likely else 0.1, "chance_of": "hit"})
            if o.id != "end"
            else o
            for o in v.pending.options
        ]
        v = v.model_copy(update={"pending": v.pending.model_copy(update={"options": opts})})
        assert ai.Opponent("normal", 3).choose(v) == likely


def _progress_duel(seed: int = 3) -> state.Duel:
    sc = scenario.duel_scenario("ilse", "kael")
    sc = sc.model_copy(update={"terms": sc.terms.model_copy(update={"progress_check": True})})
    return new_duel(sc, dice.Seeded(seed))


def test_du9_md25_fresh_the_computer_goes_on_and_never_offers_a_draw():
    d = _progress_duel()
    brains = {"p1": ai.Opponent("normal", 1), "p2": ai.Opponent("hard", 2)}
    play(d, brains, until=lambda d: d.round >= 3 and d.pending.kind == "rite:progress")
    asked = [e for e in d.events if e.kind in ("draw-offered", "draw", "withdrawal")]
    assert asked == [] and d.outcome is None


def test_md25_the_computer_joins_a_draw_a_rival_offered_when_nobody_is_winning():
    d = _progress_duel()
    brain = ai.Opponent("normal", 2)
    kael = d.by_id["p2"]
    for _ in range(5000):
        p = d.pending
        if p is None:
            break
        if any(e.kind == "draw-offered" for e in d.events):
            # Once the draw is on the table, the computer is spent: cantrips left and nothing more (C-7).
            kael.slots = dict.fromkeys(kael.slots, 0)
        if p.player == "p1":  # a person who offers a draw at every round's start, and otherwise ends the turn
            ids = [o.id for o in p.options]
            pick = "declare-draw" if "declare-draw" in ids else ("end" if "end" in ids else None)
            choice = pick or brain.choose(d.view("p1"))
        else:
            choice = brain.choose(d.view("p2"))
        d.apply(p.player, choice)
    assert d.outcome is not None and d.outcome.reason == "draw" and d.outcome.tie
    offers = [e.round for e in d.events if e.kind == "draw-offered"]
    assert offers and max(offers) < d.round  # offered once, then taken up the round after


def _pace_duel(a: str, b: str, seed: int) -> state.Duel:
    sc = scenario.duel_scenario(a, b)
    sc = sc.model_copy(update={"terms": sc.terms.model_copy(update={"progress_check": True})})
    return new_duel(sc, dice.Seeded(seed))


def test_md25_a_computer_with_only_cantrips_left_declares_a_draw_and_one_with_slots_refuses():
    d = _pace_duel("maelis", "tobin", 3)
    brains = {"p1": ai.Opponent("normal", 1), "p2": ai.Opponent("normal", 2)}
    play(d, brains, until=lambda d: d.phase == "fight" and d.pending.kind == "rite:progress")
    me = d.by_id["p1"]
    for ps in me.prepared:  # p1 has cast every spell it prepared above cantrips (a wizard, C-8)
        if ps.level >= 1:
            ps.used = True
    view = d.view("p1")
    assert not brains["p1"]._has_harmful_slot(view)
    assert brains["p1"]._wants_draw(view)
    assert brains["p2"]._has_harmful_slot(d.view("p2")) and not brains["p2"]._wants_draw(d.view("p2"))


def test_md22_the_computer_walks_beside_a_foe_at_the_edge_and_shoves_from_the_inside():
    d = _pace_duel("maelis", "tobin", 3)
    brains = {"p1": ai.Opponent("normal", 1), "p2": ai.Opponent("normal", 2)}
    play(d, brains, until=lambda d: d.phase == "fight" and d.pending.kind == "turn")
    p = d.pending.player
    foe = d.by_id["p2" if p == "p1" else "p1"]
    w = d.zone.width
    foe.pos = (w / 2, w - 2.0, 0.0)  # 2 feet from the far face
    d.by_id[p].pos = (w / 2, w / 2, 0.0)
    view = d.view(p)
    brain = brains[p]
    brain._opts = {o.id: o for o in view.pending.options}
    spots = [o.id for o in view.pending.options if o.kind == "move" and brain._shove_spot(view, o.id)]
    far = [o.id for o in view.pending.options if o.kind == "move" and o.id not in spots]
    assert all(brain.score(view, s, "move") > brain.score(view, f, "move") for s in spots for f in far)
    # From beside the foe, on the inside, the least push (5 ft) carries them out (MD-22).
    d.by_id[p].pos = (w / 2, w - 6.0, 0.0)
    assert brain._pushes_needed(d.view(p), foe.id) == 0
    d.by_id[p].pos = (w / 2, w - 2.0 - 5.0 - 5.0, 0.0)  # from further in, still pushing the same way
    assert brain._pushes_needed(d.view(p), foe.id) == 0


def test_the_normal_computer_spends_no_slot_to_counter_a_cantrip():
    brain = ai.Opponent("normal", 1)
    me = "p1"
    cast = CastingView(
        caster="p2", targets=[me], spell=SpellInfo(id="ray_of_frost", level=0, school="evocation")
    )
    view = View.model_construct(casting=[cast], me=None, others=[], events=[])
    assert brain._counter_score(view, "md-counter", 3) == 0.5
    fireball = CastingView(
        caster="p2", targets=[me], spell=SpellInfo(id="fireball", level=3, school="evocation")
    )
    view = View.model_construct(casting=[fireball], me=None, others=[], events=[])
    assert brain._counter_score(view, "md-counter", 3) > 50


@pytest.mark.parametrize("pair", [("maelis", "tobin")])
def test_pace_the_setups_first_pairing_ends_in_a_dozen_rounds_by_a_mix_of_endings(pair):
    """Issue 12's pace, normal against normal as the page plays it (progress check on): the median duel
    ends within 12 rounds, and not every duel ends the same way (``simulate`` reports it over more)."""
    rounds, reasons = [], set()
    for seed in range(1, 21):
        d = _pace_duel(*pair, seed)
        play(d, {"p1": ai.Opponent("normal", seed), "p2": ai.Opponent("normal", seed + 100)}, limit=20000)
        assert d.outcome is not None
        rounds.append(d.round)
        reasons.add(d.outcome.reason)
    rounds.sort()
    assert (rounds[9] + rounds[10]) / 2 <= 12, rounds
    assert len(reasons) >= 2, reasons


def _cast_by(view: View) -> set[str]:
    """The spells ``view``'s player has cast by its log, read from the start."""
    me = view.me.id if view.me is not None else None
    return {
        e.data["spell"]
        for e in view.events
        if e.kind in ("casting-spell", "spell") and e.actor == me and isinstance(e.data.get("spell"), str)
    }


def _counter_streaks(view: View) -> dict[str, int]:
    """Of ``view``'s player's spells, how many times running each was countered, by its log from the start."""
    me = view.me.id if view.me is not None else None
    streaks: dict[str, int] = {}
    for e in view.events:
        if e.kind == "countered" and e.data.get("caster") == me:
            streaks[e.data["spell"]] = streaks.get(e.data["spell"], 0) + 1
        elif e.kind == "spell" and e.actor == me:
            streaks.pop(e.data["spell"], None)
    return streaks


def test_the_computer_values_a_spell_less_each_time_running_a_foe_counters_it():
    """A foe who counters a spell each time will likely counter it again: the normal and hard computer
    value it half as much per counter in a row, and fully again once a casting goes through."""
    d = core_duel(a="maelis", b="tobin", pos_b=(20.0, 0.0), seed=3)
    brains = [ai.Opponent(level, 1) for level in ai.LEVELS]

    def worth() -> list[float]:
        return [b._cast_score(d.view("p2"), "magic_missile", None, "p1", False) for b in brains]

    def tobin_casts_magic_missile(countered: bool) -> None:
        run(d, "p1: end", "p2: cast magic_missile @p1", "p1: identify")
        d.apply("p1", "react duel-counter magic_missile slot1" if countered else "pass")
        while d.pending.player == "p1":
            d.apply("p1", "pass")
        d.apply("p2", "end")

    easy, normal, hard = worth()
    tobin_casts_magic_missile(countered=True)
    assert worth() == [easy, normal / 2, hard / 2]
    tobin_casts_magic_missile(countered=True)
    assert worth() == [easy, normal / 4, hard / 4]
    tobin_casts_magic_missile(countered=False)
    assert worth() == [easy, normal, hard]


def test_the_computer_knows_the_spells_it_cast_reading_only_each_views_new_events():
    """Its memory of its own castings (a boon is cast once) is kept from view to view, each reading only the
    events added since; a view whose log does not continue the one it read (another duel, an earlier
    state) is read again from the start."""
    d, other = duel(seed=5), duel("ilse", "kael", seed=8)
    brain, watcher = ai.Opponent("normal", 1), ai.Opponent("normal", 7)
    early = None
    seen = 0
    for _ in range(400):
        p = d.pending
        if p is None:
            break
        view = d.view(p.player)
        if p.player == "p1":
            watcher._already_cast(view, "shield")
            assert watcher._cast == _cast_by(view)
            assert watcher._countered == _counter_streaks(view)
            seen += 1
            if seen == 20:
                early = view  # a state of the fight, kept to be shown again later
        d.apply(p.player, brain.choose(view) if p.player == "p1" else ai.Opponent("easy", 2).choose(view))
    assert early is not None and _cast_by(d.view("p1")), "the duel should have had p1 cast spells"
    play(other, {"p1": ai.Opponent("normal", 3), "p2": ai.Opponent("normal", 4)}, limit=200)
    elsewhere = other.view("p1")
    # another duel's log, longer than the one read last and not its continuation
    assert (
        len(elsewhere.events) > len(early.events)
        and elsewhere.events[len(early.events) - 1] != early.events[-1]
    )
    for view in (early, elsewhere, early, d.view("p1"), d.view("p2")):
        watcher._already_cast(view, "shield")
        assert watcher._cast == _cast_by(view)
        assert watcher._countered == _counter_streaks(view)


@pytest.mark.parametrize(
    ("a", "b", "kind", "level"),
    [
        ("tamsin", "bram", "mageduel", "normal"),
        ("corvin", "nadira", "mageduel", "hard"),
        ("garrick", "severine", "duel", "easy"),
        ("ilse", "kael", "pace", "normal"),  # MD-25: a computer that is spent declares a draw
    ],
)
def test_the_computer_decides_the_same_from_its_brief_view_as_from_the_whole_view(a, b, kind, level):
    """``duel.brief_view`` (what the page's computer decides from) holds every part of the whole view the
    computer reads: two computers with the same seed, one given each view, make every decision of whole
    duels alike; and the brief view's parts are the whole view's (``me``: its public line and the spells
    it has left; its options without their areas' outlines)."""
    chosen: list[str] = []
    for seed in (1, 2):
        d = (
            _pace_duel(a, b, seed)
            if kind == "pace"
            else new_duel(scenario.duel_scenario(a, b, kind), dice.Seeded(seed))
        )
        chosen += _alike_from_both_views(d, level)
    assert len(chosen) > 30
    if kind == "pace":
        assert "declare-draw" in chosen


def _alike_from_both_views(d: state.Duel, level: str) -> list[str]:
    """Play ``d`` out, checking each decision as above; the options chosen."""
    brief_brains: dict[str, ai.Opponent] = {}
    whole_brains: dict[str, ai.Opponent] = {}
    chosen: list[str] = []
    while d.pending is not None and len(chosen) < 3000:
        who = d.pending.player
        brief, whole = d.brief_view(who), d.view(who)
        assert isinstance(brief, BriefView) and not isinstance(brief, View)
        common = set(BriefView.model_fields) - {"me"}
        drawn = {"pending": {"options": {"__all__": {"area"}}}}  # where an area falls: drawn, never read
        assert brief.model_dump(include=common, exclude=drawn) == whole.model_dump(
            include=common, exclude=drawn
        )
        assert brief.pending is None or all(o.area is None for o in brief.pending.options or [])
        assert whole.me is not None and brief.me is not None
        assert brief.me.model_dump() == whole.me.model_dump(include=set(SpellsLeftView.model_fields))
        seed = len(brief_brains)
        one = brief_brains.setdefault(who, ai.Opponent(level, seed)).choose(brief)
        assert whole_brains.setdefault(who, ai.Opponent(level, seed)).choose(whole) == one
        d.apply(who, one)
        chosen.append(one)
    assert d.outcome is not None
    return chosen


def test_an_easy_computer_plays_carelessly_but_never_throws_the_duel_away():
    """Easy picks at random among its three best options, but not among the ways of ending the duel
    itself — staying out of the zone (MD-9), withdrawing (DU-9), declaring a draw (MD-25) — while it has
    any other: two easy computers enter the zone and fight each of these mageduels out."""
    for seed in range(6):
        d = _pace_duel("maelis", "tobin", seed)  # each round asks whether they go on (DU-9)
        brains = {"p1": ai.Opponent("easy", seed), "p2": ai.Opponent("easy", seed + 50)}
        asked = 0
        while d.pending is not None:
            p = d.pending
            choice = brains[p.player].choose(d.view(p.player))
            if p.kind in ("rite:entry", "rite:progress"):
                asked += 1
                assert choice in ("enter", "go-on"), (seed, d.round, choice)
            d.apply(p.player, choice)
        assert asked > 6, seed
        assert d.outcome is not None and d.outcome.reason not in ("excluded", "withdrawal", "draw"), seed


def against_a_waiting_foe(a: str, b: str, level: str, seed: int = 5) -> state.Duel:
    """A plain duel where the person (``a``) ends every turn where she stands and the computer plays ``b``."""
    d = new_duel(scenario.duel_scenario(a, b, "duel"), dice.Seeded(seed))
    brain = ai.Opponent(level, seed)
    for _ in range(400):
        p = d.pending
        if p is None:
            break
        if p.player == "p1":
            d.apply("p1", "end" if any(o.id == "end" for o in p.options) else p.options[0].id)
        else:
            d.apply("p2", brain.choose(d.view("p2")))
    return d


def _first_round_of(d: state.Duel, kind: str, actor: str) -> int | None:
    rnd = 0
    for e in d.view(None).events:
        if e.kind == "round":
            rnd += 1
        elif e.kind == kind and e.actor == actor:
            return rnd
    return None


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_computer_with_only_weapons_closes_in_from_a_plain_duels_start(level):
    """Found playing Garrick against a computer Séverine (two fighters, a plain duel, 30 ft apart): she
    ended every turn where she stood, a hundred rounds, since a move was worth something only beyond 30 ft.
    One with no spell to cast now closes in until its weapons reach; a caster still keeps its distance."""
    d = against_a_waiting_foe("garrick", "severine", level)
    assert d.outcome is not None and d.outcome.winners == ["p2"], d.round
    first = _first_round_of(d, "attack", "p2")
    assert first is not None and first <= 3, first
    # A caster with spells left casts from where she stands, a whole duel long, at a foe 30 ft away.
    d = against_a_waiting_foe("kael", "ilse", level)
    cast, moved = _first_round_of(d, "casting", "p2"), _first_round_of(d, "move", "p2")
    assert d.round >= 5 and cast == 1 and moved is None, (d.round, cast, moved)
