"""C-9, the action economy: what is left of a turn's actions and how an action spends it.

A turn (``actions.take_turn``), a cast (``effects.cast_from_option``) and the view all read the same
:class:`Budget`, so it sits below all three.

>>> b = Budget()
>>> spend(b, "move"); (b.move, b.standard)
(False, True)
>>> spend(b, "move"); (b.move, b.standard)   # a second move action takes the standard action's place
(False, False)
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True)
class Budget:
    """C-9: what is left of a turn's actions."""

    standard: bool = True
    move: bool = True
    swift: bool = True
    moved: bool = False  # any movement other than a 5-foot step: no 5-foot step any more
    stepped: bool = False  # a 5-foot step: no other movement any more
    one_action: bool = False  # staggered / slow: only a standard or a move action
    used_action: bool = False

    @property
    def full(self) -> bool:
        return self.standard and self.move and not self.one_action and not self.moved


def spend(b: Budget, what: str) -> None:
    """Spend an action: ``standard`` / ``move`` (a move falls back on the standard action) / ``full``."""
    b.used_action = True
    if what == "full":
        b.standard = b.move = False
    elif what == "standard":
        b.standard = False
    elif what == "move":
        if b.move:
            b.move = False
        else:
            b.standard = False
    elif what == "swift":
        b.swift = False
