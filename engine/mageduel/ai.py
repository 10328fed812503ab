"""The computer opponent: easy, normal or hard, deciding from its own ``view`` only.

Fairness is structural: :meth:`Opponent.choose` takes a :class:`views.BriefView` — what
``duel.brief_view(me)`` shows that player: the parts of ``duel.view(me)`` the computer reads (a whole
``View`` does as well) — and nothing else. The hidden spell of an opponent (MD-26) is not in it, so the
computer can only react to a spell it has identified, exactly like a person. Public data (the spell
catalogue) is read to know what its own options do.

Levels:

- ``easy`` picks among its three best options at random and often lets reactions pass, but never ends the
  duel itself (staying out, withdrawing, a draw) while it can go on;
- ``normal`` is a real opponent: its strongest hostile spell at a foe, identify and counter what it
  identifies, duel dodge, duel effort, forced-movement spells at a foe near the zone's edge (a push
  out of the zone is an expulsion, MD-11), and a bull rush when it would shove the foe out (MD-22); it
  turns from a spell a foe keeps countering (half its worth per counter in a row, by its own log);
- ``hard`` also casts defensively when threatened, keeps counterspells for spells aimed at itself, and
  does not waste a dodge on a spell it knows has no attack roll or Reflex save (DU-24).

Every decision is a one-ply score over the pending options: no search, so it answers in well under a
millisecond. Ties and the easy level's choices use its own PRNG (``dice.SplitMix64``), never ``random``.

>>> Opponent("normal", seed=1).level
'normal'
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from . import geometry
from .dice import SplitMix64
from .spell_lookup import HOSTILE_KINDS  # one list of hostile effect kinds, shared with the resolver
from .spells import catalogue

if TYPE_CHECKING:
    from .views import BriefView

LEVELS = ("easy", "normal", "hard")
#: Words of a rite answer that a computer never picks when anything else is offered.
GIVING_UP = frozenset({"refuse", "withdraw", "concede", "yield", "surrender", "flee", "stay-out"})
#: What ends the duel by one's own choice: giving up, or declaring a draw (MD-25).
ENDING_IT = GIVING_UP | {"declare-draw"}
#: How near an edge (feet) a foe must stand for a push to be worth more than damage.
EDGE_PUSH_FEET = 10.0
#: MD-25: a computer with only cantrips left (a point of nonlethal damage a round after MD-16) declares a
#: draw while its rivals have more than this many hit points still to lose.
SPENT_MARGIN = 4


def _spell(spell_id: str | None) -> Any:
    if not spell_id:
        return None
    try:
        return catalogue.get(spell_id)
    except Exception:  # noqa: BLE001 - an unknown spell is scored by its slot alone
        return None


_KINDS: dict[str, frozenset[str]] = {}


def _node_kinds(sp: Any) -> frozenset[str]:
    """The kinds of a spell's effect nodes, kept by spell id (the catalogue does not change; every option
    of every decision asks)."""
    sid = getattr(sp, "id", None)
    kinds = _KINDS.get(sid) if isinstance(sid, str) else None
    if kinds is None:
        try:
            kinds = frozenset(getattr(n, "kind", "") for n in sp.nodes())
        except Exception:  # noqa: BLE001
            return frozenset()
        if isinstance(sid, str):
            _KINDS[sid] = kinds
    return kinds


def _hostile(sp: Any) -> bool:
    if sp is None:
        return True
    try:
        if sp.save.harmless or sp.target.kind == "self":
            return False
    except AttributeError:
        return True
    return bool(_node_kinds(sp) & HOSTILE_KINDS)


@lru_cache(maxsize=50_000)
def _words(option_id: str) -> tuple[str, tuple[str, ...], str | None, int | None, bool]:
    """verb, plain words, target id, slot, defensive — the notation of ``mageduel.notation``; kept by id
    (the same few ids come back decision after decision)."""
    words = option_id.split()
    target = None
    slot = None
    defensive = False
    plain = []
    for w in words[1:]:
        if w.startswith("@"):
            target = w[1:]
        elif w.startswith("slot") and w[4:].isdigit():
            slot = int(w[4:])
        elif w == "def":
            defensive = True
        else:
            plain.append(w)
    return (words[0] if words else ""), tuple(plain), target, slot, defensive


class Opponent:
    """A computer player. ``choose(view)`` returns one of ``view.pending.options``' ids."""

    def __init__(self, level: str = "normal", seed: int = 0) -> None:
        if level not in LEVELS:
            raise ValueError(f"level must be one of {', '.join(LEVELS)}, not {level!r}")
        self.level = level
        self.rng = SplitMix64(seed)
        self._opts: dict[str, Any] = {}  # the pending options of the view being decided (their chances)
        #: What it has learnt from the events of its views: who it is, how many events were read and the
        #: last of them. A view's log only grows, so each view reads only its new events (a log that does
        #: not continue the one read, as after loading a save, is read again from the start).
        self._read: tuple[str | None, int, Any] = (None, 0, None)
        self._cast: set[str] = set()  # the spells it has cast
        #: Of its spells, how many times running each was countered (a casting that went through resets it).
        self._countered: dict[str, int] = {}

    # --- the decision ---------------------------------------------------------------------------------

    def choose(self, view: BriefView) -> str:
        p = view.pending
        if p is None or p.options is None or not p.options:
            raise ValueError("the computer was asked to choose with no option of its own in its view")
        if p.kind == "roll":
            return self.roll(p.context, [o.id for o in p.options])
        self._opts = {o.id: o for o in p.options}
        scored = [(self.score(view, o.id, o.kind), o.id) for o in p.options]
        scored.sort(key=lambda s: s[0], reverse=True)
        if self.level == "easy":
            # Careless, not self-defeating: it never ends the duel itself (staying out, withdrawing, a draw)
            # while it has another way to go on.
            going_on = [s for s in scored if _words(s[1])[0] not in ENDING_IT]
            top = (going_on or scored)[:3]
            return top[self.rng.below(len(top))][1]
        best = scored[0][0]
        tied = [oid for s, oid in scored if s == best]
        return tied[self.rng.below(len(tied))]

    def roll(self, context: dict[str, Any], ids: list[str]) -> str:
        """Manual dice (a table with a computer side): roll them as dice, not as a uniform total."""
        count, sides = int(context.get("count", 1)), int(context.get("sides", 20))
        total = sum(self.rng.below(sides) + 1 for _ in range(count))
        wanted = f"roll {total}"
        return wanted if wanted in ids else ids[self.rng.below(len(ids))]

    # --- scores -----------------------------------------------------------------------------------------

    def score(self, view: BriefView, option_id: str, kind: str) -> float:
        verb, plain, target, slot, defensive = _words(option_id)
        easy, hard = self.level == "easy", self.level == "hard"
        if verb == "pass":
            return 1.0
        if verb == "identify":
            return 0.5 if easy and self.rng.below(2) else 40.0
        if verb == "react":
            what = plain[0] if plain else ""
            if what in ("duel-counter", "md-counter", "counter"):
                return self._with_chance(self._counter_score(view, what, slot or 0), option_id)
            if what == "dodge":
                return self._dodge_score(view)
            if what == "parry":
                return 0.5 if easy else 30.0
            if what == "effort":
                return 0.5 if easy else 45.0
            return 5.0
        if verb == "aoo":
            return 40.0
        if verb == "touch":
            # A held touch spell's charge: the spell is already cast, only the touch is left to make.
            return self._with_chance(
                self._cast_score(view, plain[0] if plain else None, None, target, False) + 2, option_id
            )
        if verb == "bull-rush":
            # A shove straight out of the zone expels the foe (MD-22); anywhere else it only provokes.
            need = self._pushes_needed(view, target) if self.level != "easy" and target else None
            if need == 0:
                return self._with_chance(60.0, option_id)
            if need == 1:
                return self._with_chance(27.0, option_id)  # it must beat the CMD by 5: a long shot
            return 0.9
        if verb == "cast":
            return self._with_chance(
                self._cast_score(view, plain[0] if plain else None, slot, target, defensive), option_id
            )
        if verb in ("attack", "full-attack"):
            return self._with_chance(11.0 + (1 if verb == "full-attack" else 0), option_id)
        if verb in ("move", "step") and self.level != "easy" and self._shove_spot(view, option_id):
            # MD-22: a place beside a foe who stands at the zone's edge, from which a bull rush shoves them
            # out — the zone's edges are a way to win a mageduel that no spell can stop.
            return 22.0
        if verb == "move":
            # Closing in from afar is worth a move; next to a foe, moving only provokes (C-10). One with no
            # spell to cast (a fighter) closes in at any distance: its weapons need the foe within reach,
            # and standing off (a plain duel starts 30 ft apart) it would never fight.
            if self._far_from_foes(view) or (not self._has_spells(view) and self._closes_in(view, option_id)):
                return 6.0
            return 0.5
        if verb == "step":
            return 0.8
        if verb == "ready":
            return 7.0 if hard else 3.0
        if verb == "reload":
            return 4.0
        if verb == "end":
            return 1.2
        if verb == "accept":
            return 30.0
        if verb == "go-on":  # DU-9's round-start question: fight on…
            return 20.0
        if verb == "declare-draw":  # …or, in a mageduel, a draw (MD-25): offered when losing, taken when fair
            return 25.0 if not easy and self._wants_draw(view) else 0.2
        if verb in GIVING_UP:
            return 0.0
        if verb == "zone":
            return self._zone_score(plain[0] if plain else "")
        if verb == "prepare":
            n = int(plain[0]) if plain and plain[0].isdigit() else 0
            return 10.0 - abs(n - 2)
        return 5.0

    def _with_chance(self, s: float, option_id: str) -> float:
        """Normal and hard weigh an option by the chance its own view gives it (to hit, that the foe fails
        its save, that a counterspell's check succeeds): between 0.6× and 1.4× the score; a defensive
        casting likely to fail its concentration check is worth less."""
        o = self._opts.get(option_id)
        if o is None or self.level == "easy" or s <= 1.0:
            return s
        chance = getattr(o, "chance", None)
        if chance is not None:
            s *= 0.6 + 0.8 * chance
        concentration = getattr(o, "concentration", None)
        if concentration is not None and concentration < 0.6:
            s -= 6.0 * (1 - concentration)
        return s

    def _cast_score(
        self, view: BriefView, sid: str | None, slot: int | None, target: str | None, defensive: bool
    ) -> float:
        sp = _spell(sid)
        level = slot if slot is not None else (sp.level if sp is not None else 0)
        me = view.me
        foes = {o.id for o in view.others if me is None or o.side != me.side}
        if _hostile(sp):
            s = 20.0 + 6 * level
            kinds = _node_kinds(sp)
            if "damage" in kinds or "missiles" in kinds:
                s += 4
            if "slay" in kinds:
                s += 6
            if target is not None and target not in foes:
                s -= 60  # never at a friend
            if "forced_movement" in kinds and target is not None and self.level != "easy":
                if self._near_edge(view, target):
                    s += 25  # MD-11: a push out of the zone ends the mageduel for the foe
                else:
                    s -= 8
            if sid is not None and self.level != "easy" and s > 0:
                # A spell a foe has countered each time lately will likely be countered again (a foe
                # who knows a cantrip counters it with that cantrip, for nothing): worth half as much
                # for each counter in a row, so the computer turns to another spell, its weapon or a
                # shove instead of trading cantrips that never land.
                s *= 0.5 ** self._counter_streak(view, sid)
        else:
            # A boon: worth casting once, early (its own private casting events remember it).
            s = 15.0 + 2 * level
            if view.phase == "preparation":
                s += 20
            if sid is not None and self._already_cast(view, sid):
                s = 0.8
        if defensive:
            s += 2.0 if self.level != "easy" else -0.5
        return s

    def _counter_score(self, view: BriefView, what: str, slot: int) -> float:
        if self.level == "easy":
            return 0.5 if self.rng.below(3) else 30.0
        known = [
            c for c in view.casting if c.spell is not None and (view.me is None or c.caster != view.me.id)
        ]
        me = view.me.id if view.me is not None else None
        if not known:
            # A dispel without identification (DU-16) spends a slot on what may be a cantrip: the normal
            # computer keeps its slots for spells that hurt; the hard one risks it, cheapest first.
            return 20.0 - slot if self.level == "hard" else 0.5
        cast = known[-1]
        sp = _spell(cast.spell.id) if cast.spell else None
        if not _hostile(sp):
            return 0.5
        if cast.spell is not None and cast.spell.level == 0 and slot > 0:
            return 0.5  # a slot spent to stop a cantrip's point of damage is a slot lost for the duel
        at_me = me in cast.targets or not cast.targets
        if self.level == "hard" and not at_me:
            return 0.5
        # The mageduel's extra counterspell costs no action (MD-12): use it before the duel one.
        return (55.0 if what == "md-counter" else 50.0) + (cast.spell.level if cast.spell else 0) - slot

    def _dodge_score(self, view: BriefView) -> float:
        if self.level == "easy":
            return 0.5 if self.rng.below(2) else 30.0
        if self.level == "hard":
            me = view.me.id if view.me is not None else None
            for cast in view.casting:
                if cast.spell is not None and me in cast.targets:
                    sp = _spell(cast.spell.id)
                    if sp is not None and not sp.attack_kinds and "ref" not in sp.save_kinds:
                        return 0.5  # DU-24: a dodge does nothing against it and is spent anyway
        return 35.0

    def _zone_score(self, text: str) -> float:
        w, _, h = text.partition("x")
        if not (w.isdigit() and h.isdigit()):
            return 1.0
        # A small square zone favours the one who pushes; the computer proposes the smallest square.
        return 10.0 - int(w) / 100 - (0 if w == h else 1)

    # --- what it can see --------------------------------------------------------------------------------

    def _already_cast(self, view: BriefView, sid: str) -> bool:
        self._read_log(view)
        return sid in self._cast

    def _counter_streak(self, view: BriefView, sid: str) -> int:
        """How many of its castings of ``sid`` in a row a foe has countered, up to now."""
        self._read_log(view)
        return self._countered.get(sid, 0)

    def _read_log(self, view: BriefView) -> None:
        me = view.me.id if view.me is not None else None
        who, read, last = self._read
        events = view.events
        if read == len(events) and who == me and (not read or events[-1] is last):
            return  # nothing new since the last read: the usual case, asked for each option scored
        if who != me or read > len(events) or (read and events[read - 1] != last):
            read, self._cast, self._countered = 0, set(), {}
        for e in events[read:]:
            kind = e.kind
            if kind not in ("casting-spell", "spell", "countered"):
                continue
            spell = e.data.get("spell")
            if not isinstance(spell, str):
                continue
            if kind == "countered":
                if e.data.get("caster") == me:
                    self._countered[spell] = self._countered.get(spell, 0) + 1
            elif e.actor == me:
                self._cast.add(spell)
                if kind == "spell":
                    self._countered.pop(spell, None)
        self._read = (me, len(events), events[-1] if events else None)

    def _near_edge(self, view: BriefView, target: str) -> bool:
        if not view.zone:
            return False
        t = next((o for o in view.others if o.id == target), None)
        if t is None:
            return False
        x, y = t.position[0], t.position[1]
        w = view.zone[0]
        return min(x, y, w - x, w - y) <= EDGE_PUSH_FEET

    def _shove_spot(self, view: BriefView, option_id: str) -> bool:
        """Whether a move's destination stands within 5 feet of an active foe whom a bull rush from there
        would shove out of the zone (MD-22)."""
        o = self._opts.get(option_id)
        point = getattr(o, "point", None)
        me = view.me
        if point is None or me is None or not view.zone:
            return False
        for t in view.others:
            if t.side == me.side or t.status != "active" or t.summoned_by is not None:
                continue
            d = ((t.position[0] - point[0]) ** 2 + (t.position[1] - point[1]) ** 2) ** 0.5
            if 0 < d <= 5.0 and self._shoved_out(view, t.id, point, extra=1):
                return True
        return False

    def _shoved_out(self, view: BriefView, target: str, frm: Any = None, extra: int = 0) -> bool:
        """Whether a bull rush (5 feet straight away from the computer, or from ``frm``, and 5 more per 5 by
        which the check beats the CMD, C-13) would carry the target past the zone's border when it beats
        the CMD by ``5 * extra``."""
        need = self._pushes_needed(view, target, frm)
        return need is not None and need <= extra

    def _pushes_needed(self, view: BriefView, target: str, frm: Any = None) -> int | None:
        """How many 5-foot steps beyond a bull rush's first 5 feet would carry the target out of the zone
        (0: the least push does), pushed straight away from ``frm`` (the computer's place by default)."""
        me = view.me
        t = next((o for o in view.others if o.id == target), None)
        if me is None or t is None or not view.zone:
            return None
        origin = frm if frm is not None else me.position
        dx, dy = t.position[0] - origin[0], t.position[1] - origin[1]
        d = (dx * dx + dy * dy) ** 0.5
        if d == 0:
            return None
        w = view.zone[0]
        for k in range(3):
            feet = 5.0 * (k + 1)
            x, y = t.position[0] + feet * dx / d, t.position[1] + feet * dy / d
            if not (0 <= x <= w and 0 <= y <= w):
                return k
        return None

    def _wants_draw(self, view: BriefView) -> bool:
        """MD-25: declare a draw when it cannot win. Either it is spent — no slot left for a spell that
        harms (only cantrips, a point of nonlethal damage each after MD-16) while a rival still has more
        than a few rounds of such points to lose — or it is worn down (three quarters of its hp gone as
        nonlethal damage, MD-14) while every rival still has more than half of theirs. A spent computer
        declares at every check (so two spent rivals end it together); a worn-down one once every five
        rounds. It joins a rival's offer of the last round only when it cannot win either."""
        me = view.me
        if me is None or me.hp <= 0:
            return False
        rivals = [
            o for o in view.others if o.side != me.side and o.status == "active" and o.summoned_by is None
        ]
        if not rivals:
            return False

        def worn(c: Any) -> bool:
            return c.nonlethal >= 0.75 * c.hp

        def fresh(c: Any) -> bool:
            return c.nonlethal < 0.5 * c.hp

        spent = not self._has_harmful_slot(view) and all(o.hp - o.nonlethal > SPENT_MARGIN for o in rivals)
        beaten = worn(me) and all(fresh(o) for o in rivals)
        offers = [e for e in view.events if e.kind == "draw-offered"]
        rival_ids = {o.id for o in rivals}
        if any(e.round >= view.round - 1 and rival_ids & set(e.data.get("who", [])) for e in offers):
            return spent or beaten  # a rival's offer: taken when it cannot win either
        if spent:
            return True  # every round: when the rival is spent too, both declare at the same check
        mine = [e.round for e in offers if me.id in e.data.get("who", [])]
        if mine and view.round - max(mine) < 5:
            return False  # worn down, not every round: the rival has heard the offer
        return beaten

    def _has_harmful_slot(self, view: BriefView) -> bool:
        """Whether it still has a spell of level 1 or more that harms a foe: a prepared one not yet cast
        (a wizard), or a slot to cast a known one (a sorcerer)."""
        me = view.me
        if me is None:
            return False
        for ps in getattr(me, "prepared", []) or []:
            if ps.level >= 1 and not ps.used and _hostile(_spell(ps.spell)) and ps.spell != "dispel_magic":
                return True
        slots = getattr(me, "slots", {}) or {}
        known = getattr(me, "known", {}) or {}
        for level, n in slots.items():
            if n <= 0 or int(level) < 1:
                continue
            usable = [sid for lv, ids in known.items() if 1 <= int(lv) <= int(level) for sid in ids]
            if any(_hostile(_spell(sid)) and sid != "dispel_magic" for sid in usable):
                return True
        return False

    @staticmethod
    def _has_spells(view: BriefView) -> bool:
        """Whether the computer has a spell left to cast: prepared, or known with a slot for it (C-7)."""
        me = view.me
        if me is None:
            return False
        # Cantrips (level 0) need no slot; a wizard's prepared spell is spent once used.
        return (
            any(not s.used for s in me.prepared)
            or bool(me.known.get(0))
            or any(n > 0 and me.known.get(level) for level, n in me.slots.items())
        )

    def _closes_in(self, view: BriefView, option_id: str) -> bool:
        """Whether a move ends nearer the nearest active foe, who stands more than 5 feet away now."""
        point = getattr(self._opts.get(option_id), "point", None)
        me = view.me
        if point is None or me is None:
            return False
        foes = [o.position for o in view.others if o.side != me.side and o.status == "active"]
        if not foes:
            return False
        near = min(foes, key=lambda f: geometry.distance(me.position, f))
        now = geometry.distance(me.position, near)
        return now > 5.0 + geometry.EPSILON and geometry.distance(point, near) < now - geometry.EPSILON

    def _far_from_foes(self, view: BriefView) -> bool:
        me = view.me
        if me is None:
            return False
        best = None
        for o in view.others:
            if o.side == me.side or o.status != "active":
                continue
            d = sum((a - b) ** 2 for a, b in zip(me.position, o.position, strict=False)) ** 0.5
            best = d if best is None else min(best, d)
        return best is not None and best > 30.0


def make(level: str, seed: int = 0) -> Opponent:
    return Opponent(level, seed)
