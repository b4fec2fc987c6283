"""Construction limits (27.3) and the Australian and Indian per-turn limits (27.473 B, 27.474 B)."""
