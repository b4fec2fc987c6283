"""Naval construction (27.7) re-derived by replaying every Naval Construction Chart turn by turn."""
