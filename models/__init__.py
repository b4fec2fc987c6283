"""The game: scenario and plan models and the rule tables (never imports ortools)."""
