"""`render_index`: one self-contained page listing hands, a table whose rows link to each hand's page.

The table is written out in full on the server side (a thousand rows cost a few milliseconds and read without
JavaScript); `assets/index.js` adds sorting by a click on a column's heading and a filter box. Links are relative
(`relative_href`), so the index and its pages can be moved or mailed as one folder.

Hooks (stable): `table#hands`, each row `tr[data-row]` with `data-href`, each cell `td[data-col="NAME"]` with
`data-sort` (the raw value), the link `a[data-view]`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from baofen_sim.analysis.html.page import escape, page, relative_href

Column = str | tuple[str, str]  # a row key, or (row key, heading)


def render_index(title: str, rows: Sequence[Mapping[str, Any]], columns: Sequence[Column],
                 link_of: Callable[[Mapping[str, Any]], str | None], link_column: str | None = None,
                 intro: str = "") -> str:
    """The index page: `rows` as a table of `columns`; the cell of `link_column` (default: the first column) links
    to `link_of(row)`, a path relative to the index (None: no page for that row). `intro` is a line of text
    above the table. Raises ValueError for an absolute link or a link column that is not a column."""
    keys = [c if isinstance(c, str) else c[0] for c in columns]
    heads = [c if isinstance(c, str) else c[1] for c in columns]
    if not keys:
        raise ValueError("an index needs at least one column")
    link_key = keys[0] if link_column is None else link_column
    if link_key not in keys:
        raise ValueError(f"link column {link_key!r} is not one of the columns {keys}")
    head = "".join(f'<th scope="col" data-col="{escape(k)}" aria-sort="none"><button type="button">{escape(h)}'
                   f'<span class="arrow" aria-hidden="true"></span></button></th>'
                   for k, h in zip(keys, heads, strict=True))
    body = "\n".join(_row(i, row, keys, link_key, link_of(row)) for i, row in enumerate(rows))
    intro_html = f'<p class="intro">{escape(intro)}</p>' if intro else ""
    html = (f'<main class="doc"><h1>{escape(title)}</h1>{intro_html}\n'
            f'<p class="tools"><label>Filter <input type="search" id="filter" placeholder="any text in a row">'
            f'</label> <span id="count" aria-live="polite">{len(rows)} hands</span></p>\n'
            f'<table id="hands" class="hands"><thead><tr>{head}</tr></thead>\n<tbody>\n{body}\n</tbody></table>'
            f"</main>")
    return page(title, html, styles=["base.css", "doc.css"], scripts=["index.js"])


def _row(i: int, row: Mapping[str, Any], keys: list[str], link_key: str, link: str | None) -> str:
    href = None if link is None else relative_href(link)
    cells = []
    for key in keys:
        value = row.get(key)
        text = escape(cell_text(value))
        if key == link_key and href is not None:
            text = f'<a data-view href="{href}">{text}</a>'
        numeric = isinstance(value, int | float) and not isinstance(value, bool)
        cls = ' class="num"' if numeric else ""
        cells.append(f'<td data-col="{escape(key)}" data-sort="{escape(_sort_value(value))}"{cls}>{text}</td>')
    data_href = "" if href is None else f' data-href="{href}"'
    return f'<tr data-row="{i}"{data_href}>{"".join(cells)}</tr>'


def cell_text(value: Any) -> str:
    """A value as a table shows it: numbers without float noise, yes/no, a dash for none, lists space-joined."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:.4f}".rstrip("0").rstrip(".") if value == value else "NaN"
    if isinstance(value, list | tuple):
        return " ".join(cell_text(v) for v in value)
    return str(value)


def _sort_value(value: Any) -> str:
    if isinstance(value, bool):
        return str(int(value))
    if isinstance(value, int | float):
        return repr(value)
    return "" if value is None else cell_text(value)
