"""The 找朋友 decisions of the policies (RULES.md §7.4): `random` (`random_calls`), the heuristic's calls, overcalls,
concession and bury (`heuristic`), the sampler's card play (`sampler`), dispatched per policy set (`dispatch`)."""
