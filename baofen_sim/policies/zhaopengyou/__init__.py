"""The 找朋友 decisions of the policies (RULES.md §7.4): `random` only so far (`random_calls`)."""
