"""Mageduel: wizard duels under the Pathfinder duel rules and the Forgotten Realms mageduel rite.

The engine is pure: no I/O, no browser, no global random, no clock. Given a scenario, a dice
source and the players' decisions it always produces the same events. Clause IDs (DU-*, MD-*,
X-*, C-*) name the rules; ``mageduel.clauses`` states each in French and English.
"""

__version__ = "0.1.0"
