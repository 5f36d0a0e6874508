"""`python -m baofen_sim` runs the command line."""

from baofen_sim.console import main

main()
