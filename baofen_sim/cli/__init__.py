"""The `baofen-sim` command line: a thin Typer layer over the library (DESIGN.md §9), one module per command group.

- `app`: the Typer app and its one rule for errors (one line, exit 2; never a traceback);
- `options`: the options every group shares, defined once;
- `run`: simulate, sweep; `analyse`: report, compare; `records`: judge, replay; `hands`: view, hands (HTML pages);
- `tools`: policies, schema, warmup; `studies`: tune-play and each game's own commands; `bench`; `rules`: the rules
  sub-commands.

Each group module adds its commands to `app` when imported; the order below is the order `--help` lists them in.
"""

from baofen_sim.cli import run  # noqa: F401, I001  (each module registers its commands, in this order)
from baofen_sim.cli import analyse, records, hands, tools, studies, bench, rules  # noqa: F401
from baofen_sim.cli.app import USER_ERRORS, app, error_line, main, package_version

studies.register_game_commands()

__all__ = ["USER_ERRORS", "app", "error_line", "main", "package_version"]
