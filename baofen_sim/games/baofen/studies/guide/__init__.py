"""The bidding guide (issue 12): results/BIDDING_GUIDE.md, its plots and every number in it, made from scratch by
`python scripts/make_guide.py` out of ordinary commands of this package.

Modules: `steps` (the plan: every command of the guide, its data set and budget, run or resumed), `curves` (make
probability and break-even by evaluation), `sweeps` (a run's or a sweep's auction figures, the cap study's verdict),
`numbers` (every number of the guide, into guide.json), `plots` (the PNGs), `format` (how the guide writes a number),
`sections` (its numbered sections) and `text` (the Markdown).
"""
