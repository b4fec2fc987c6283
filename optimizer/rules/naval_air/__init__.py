"""Naval air training rates (27.61)."""
