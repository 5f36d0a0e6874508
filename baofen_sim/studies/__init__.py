"""Studies every game with a heuristic player can run: self-play tuning of its play parameters (`tune_play`)."""
