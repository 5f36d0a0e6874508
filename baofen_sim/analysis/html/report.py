"""`render_report_page`: a report as one self-contained page a designer can mail: sections of text, pre-formatted
tables, inline images (PNG, JPEG or SVG as data URIs), lists of links (relative paths, or `#anchor` on the page) and
example hands whose own pages travel inside this one.

An `Example` is a hand's view model folded into the report: `details#ANCHOR.example` holds the model as a data block,
and the page every hand shares (`view.view_shell`) is in the report once. `assets/report.js` fills the shell with an
example's title and model when it is unfolded, which gives exactly `render_view(model)`, and shows it in a frame
(`iframe.hand-view`, its `srcdoc`); a link `#ANCHOR` unfolds its example, and "Open full size" opens the same page in
a tab of its own (a blob: address made in the page; nothing is fetched). Hooks (stable): `details.example[id]`,
`script.view-model`, `iframe.hand-view`, `button.full-size`."""

from __future__ import annotations

import base64
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from baofen_sim.analysis.html.model import validate_view
from baofen_sim.analysis.html.page import escape, json_script, json_text, page, relative_href
from baofen_sim.analysis.html.view import MODEL_ID, MODEL_SLOT, TITLE_SLOT, view_shell

IMAGE_TYPES = ("image/png", "image/jpeg", "image/svg+xml")
SHELL_ID = "view-shell"  # the data block of the page every example hand shares


@dataclass(frozen=True)
class Text:
    text: str  # a paragraph


@dataclass(frozen=True)
class Preformatted:
    text: str  # a fixed-width table or listing, shown as it is


@dataclass(frozen=True)
class Image:
    data: bytes  # the file's bytes
    mime: str = "image/png"  # one of IMAGE_TYPES
    alt: str = ""  # what the image shows, for screen readers
    caption: str = ""  # a line under the image


@dataclass(frozen=True)
class Links:
    links: Sequence[tuple[str, str]]  # (text, relative path), e.g. ("hand 12: a failed throw", "hands/12.html")


@dataclass(frozen=True)
class Example:
    anchor: str  # the element id a link "#anchor" opens, e.g. "hand-12"
    summary: str  # the line shown while folded, e.g. "hand 12 · T = 0 · 庄 seat 1 ..."
    model: dict[str, Any]  # the hand's view model (model.py): its page is drawn in a frame when unfolded


Block = Text | Preformatted | Image | Links | Example
ANCHOR = re.compile(r"[A-Za-z][-A-Za-z0-9_]*")


@dataclass(frozen=True)
class Section:
    title: str
    blocks: Sequence[Block]


def render_report_page(title: str, sections: Sequence[Section], subtitle: str = "") -> str:
    """The report page. Raises ValueError for an image type it does not inline or a link that is not relative."""
    parts = [f"<h1>{escape(title)}</h1>"]
    if subtitle:
        parts.append(f'<p class="intro">{escape(subtitle)}</p>')
    for section in sections:
        parts.append(f'<section class="report-section"><h2>{escape(section.title)}</h2>')
        parts += [_block(b) for b in section.blocks]
        parts.append("</section>")
    if any(isinstance(b, Example) for section in sections for b in section.blocks):
        model_open, model_close = json_script(MODEL_ID, None).split("null")  # the data block around a model
        parts.append(json_script(SHELL_ID, {"page": view_shell(), "title_slot": TITLE_SLOT, "model_slot": MODEL_SLOT,
                                            "model_block": [model_open, model_close]}))
    return page(title, '<main class="doc">' + "\n".join(parts) + "</main>", styles=["base.css", "doc.css"],
                scripts=["report.js"])


def _block(block: Block) -> str:
    if isinstance(block, Text):
        return f"<p>{escape(block.text)}</p>"
    if isinstance(block, Preformatted):
        return f"<pre>{escape(block.text)}</pre>"
    if isinstance(block, Image):
        if block.mime not in IMAGE_TYPES:
            raise ValueError(f"cannot inline an image of type {block.mime!r} (expected one of {IMAGE_TYPES})")
        data = base64.b64encode(block.data).decode("ascii")
        caption = f"<figcaption>{escape(block.caption)}</figcaption>" if block.caption else ""
        return f'<figure><img src="data:{block.mime};base64,{data}" alt="{escape(block.alt)}">{caption}</figure>'
    if isinstance(block, Links):
        items = "".join(f'<li><a href="{relative_href(href)}">{escape(text)}</a></li>' for text, href in block.links)
        return f'<ul class="links">{items}</ul>'
    if isinstance(block, Example):
        if not ANCHOR.fullmatch(block.anchor):
            raise ValueError(f"an example's anchor must be a letter then letters, digits, - or _: {block.anchor!r}")
        validate_view(block.model)
        title_html = escape(escape(block.model["title"]))  # the title as the page's HTML has it, in an attribute
        return (f'<details class="example" id="{block.anchor}"><summary>{escape(block.summary)}</summary>'
                f'<script type="application/json" class="view-model" data-title-html="{title_html}">'
                f'{json_text(block.model)}</script><noscript><p>This hand\'s page is drawn with JavaScript; please '
                f"enable it.</p></noscript></details>")
    raise TypeError(f"not a report block: {block!r}")
