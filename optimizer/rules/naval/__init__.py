"""Shipyards and the Naval Construction Chart over a horizon of turns (27.7-27.9)."""
