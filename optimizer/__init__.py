"""Builds and solves the turn plan (CP-SAT over a networkx map), checks plans, and the `awaw` CLI."""
