"""The rules of Baofen, plainly (RULES.md §5–§6): the auction, the hand as a state, scoring and the table's ledger."""
