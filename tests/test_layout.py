"""The package's shape (issue 37; DESIGN.md §2): the core below, the games beside each other, the CLI on top.

- No module is over 500 lines (a room to split by concern), the CLI's over 400.
- No import circle among the package's modules, counting the imports inside functions too.
- Kernels import only downward: never the engine, policies, runs, I/O, analysis, CLI or a game.
- No module outside `baofen_sim/games/` names a game or branches on one: no game package imported, no game id,
  preset or game-specific identifier in its code (comments, docstrings and sentences of text may speak of the
  games; the option names of the shared sections are rule-file keys, not game names). What differs between games
  is a method or hook of the game interface (`games/interface.py`), and the registry is the one list of games.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

from baofen_sim.games import GAMES
from baofen_sim.rules.ruleset import GAME_OPTIONS, SECTION_OF, SHARED_SECTION_NUMBERS

PACKAGE = Path(__file__).resolve().parent.parent / "baofen_sim"
MAX_LINES, MAX_CLI_LINES = 500, 400
GAME_WORDS = re.compile(r"tractor[-_]?80|80fen|zhaopengyou|zpy|\bbaofen\b(?![-_]sim)|\bGame\.[A-Z]", re.IGNORECASE)
SHARED_OPTIONS = {name for name, section in SECTION_OF.items() if section in SHARED_SECTION_NUMBERS}


def modules() -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its own name)."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imports(path: Path, known: dict[str, Path]) -> set[str]:
    """The package's modules that `path` imports, at the top or inside functions (`from x import y` counts y when y
    is a module, else x)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("baofen_sim"):
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                found.add(full if full in known else node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name.startswith("baofen_sim"))
    return {name for name in found if name in known}


def test_no_module_is_over_500_lines_and_no_cli_module_over_400():
    too_long = {}
    for name, path in modules().items():
        lines = len(path.read_text().splitlines())
        if lines > (MAX_CLI_LINES if name.startswith("baofen_sim.cli") else MAX_LINES):
            too_long[name] = lines
    assert not too_long, f"modules to split by concern: {too_long}"


def test_no_import_circle():
    known = modules()
    graph = {name: imports(path, known) - {name} for name, path in known.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles: list[list[str]] = []

    def visit(name: str) -> None:  # Tarjan's strongly connected components
        index[name] = low[name] = len(index)
        stack.append(name)
        for other in graph[name]:
            if other not in index:
                visit(other)
                low[name] = min(low[name], low[other])
            elif other in stack:
                low[name] = min(low[name], index[other])
        if low[name] == index[name]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == name:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    for name in graph:
        if name not in index:
            visit(name)
    assert not circles, f"import circles: {circles}"


def test_kernels_import_only_downward():
    known = modules()
    upward = re.compile(r"^baofen_sim\.(engine|io|policies|analysis|runs|cli|games|dev|studies)\b")
    found = {name: sorted(m for m in imports(path, known) if upward.match(m))
             for name, path in known.items() if name.startswith("baofen_sim.kernels")}
    assert not {name: up for name, up in found.items() if up}


def code_tokens(path: Path) -> list[tuple[int, str]]:
    """(line, text) of the names and short strings of a module's code: no comments, docstrings, or strings that
    are sentences (text with a space in it)."""
    tokens = list(tokenize.generate_tokens(io.StringIO(path.read_text()).readline))
    found = []
    for i, token in enumerate(tokens):
        if token.type == tokenize.NAME:
            found.append((token.start[0], token.string))
        elif token.type == tokenize.STRING:
            before = next((t for t in reversed(tokens[:i]) if t.type not in (tokenize.NL, tokenize.COMMENT)), None)
            docstring = before is None or before.type in (tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT)
            if not docstring and " " not in token.string:
                found.append((token.start[0], token.string))
    return found


def game_names_outside_games() -> dict[str, list[str]]:
    """module -> 'line: token' for each game name in the code of a module outside baofen_sim/games/."""
    found: dict[str, list[str]] = {}
    for name, path in modules().items():
        if name.startswith("baofen_sim.games"):
            continue
        for line, text in code_tokens(path):
            if text.strip("\"'") in SHARED_OPTIONS:
                continue
            if GAME_WORDS.search(text.replace("baofen_sim", "").replace("baofen-sim", "")):
                found.setdefault(name, []).append(f"{line}: {text}")
    return found


def test_no_module_outside_games_names_a_game():
    assert not game_names_outside_games()


def test_the_scan_finds_game_names_where_they_are():
    """The scan is not blind: it finds game names in the games' own modules, and the registry lists every game."""
    tractor80 = modules()["baofen_sim.games.tractor80.engine.chunk"]
    assert any(GAME_WORDS.search(text) for _, text in code_tokens(tractor80))
    assert [game.id for game in GAMES] == list(GAME_OPTIONS)
    assert all((PACKAGE / "games" / game.package.rsplit(".", 1)[1] / "__init__.py").exists() for game in GAMES)
