"""The whole-hand engine (DESIGN.md §1, §2): the hand-flow kernel and the chunk runner.

`hand_rules.hand_rules(rules)` turns a RuleSet once into the `HandRules` bundle that the non-trick kernels
(`kernels.auction`, `kernels.scoring`, `kernels.ledger`) and the policies read; kernels never see a RuleSet.
"""
