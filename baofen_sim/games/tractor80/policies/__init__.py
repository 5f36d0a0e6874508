"""The 80分 decisions of the policies (RULES.md §7.3): showings, 反底s, the bury, and the sampler's 80分 search."""
