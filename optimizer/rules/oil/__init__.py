"""Construction oil effects: the oil threshold per faction and oil counters spent (27.35)."""
