"""Gathering Storm factory conversion and mobilization (rule 14): a multi-turn CP-SAT schedule."""
