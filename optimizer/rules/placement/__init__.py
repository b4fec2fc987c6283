"""Where new units are placed: supply, control, zones of control, home countries, stacking (27.4, 27.92)."""
