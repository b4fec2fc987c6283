"""Force pools, prices and BRPs: what may be built and what can be paid (27.1, 27.2, 27.5, 27.11-27.14, 40.244)."""
