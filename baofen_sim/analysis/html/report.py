"""`render_report_page`: a report as one self-contained page a designer can mail: sections of text, pre-formatted
tables, inline images (PNG, JPEG or SVG as data URIs) and lists of links to example hands (relative paths)."""

from __future__ import annotations

import base64
from collections.abc import Sequence
from dataclasses import dataclass

from baofen_sim.analysis.html.page import escape, page, relative_href

IMAGE_TYPES = ("image/png", "image/jpeg", "image/svg+xml")


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


@dataclass(frozen=True)
class Links:
    links: Sequence[tuple[str, str]]  # (text, relative path), e.g. ("hand 12: a failed throw", "hands/12.html")


Block = Text | Preformatted | Image | Links


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
    return page(title, '<main class="doc">' + "\n".join(parts) + "</main>", styles=["base.css", "doc.css"],
                scripts=[])


def _block(block: Block) -> str:
    if isinstance(block, Text):
        return f"<p>{escape(block.text)}</p>"
    if isinstance(block, Preformatted):
        return f"<pre>{escape(block.text)}</pre>"
    if isinstance(block, Image):
        if block.mime not in IMAGE_TYPES:
            raise ValueError(f"cannot inline an image of type {block.mime!r} (expected one of {IMAGE_TYPES})")
        data = base64.b64encode(block.data).decode("ascii")
        return f'<figure><img src="data:{block.mime};base64,{data}" alt="{escape(block.alt)}"></figure>'
    if isinstance(block, Links):
        items = "".join(f'<li><a href="{relative_href(href)}">{escape(text)}</a></li>' for text, href in block.links)
        return f'<ul class="links">{items}</ul>'
    raise TypeError(f"not a report block: {block!r}")
