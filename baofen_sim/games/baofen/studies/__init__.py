"""Baofen's studies: the hand evaluation fit (`fit-eval`), the bid tables (`tune-bids`) and the bidding guide."""
