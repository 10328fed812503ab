"""Spells as data: the effect vocabulary (:mod:`.model`) and the catalogue (:mod:`.catalogue`)."""

from .model import Effect, Scaling, Spell, SpellCatalogue, at_level, json_schema

__all__ = ["Effect", "Scaling", "Spell", "SpellCatalogue", "at_level", "json_schema"]
