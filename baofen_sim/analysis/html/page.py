"""The shell every HTML page of the package shares: one self-contained file, readable offline.

Styles and scripts come inline from `assets/` (package data); data comes inline as JSON in a
`<script type="application/json">` tag. Nothing is fetched: no CDN, no web font, no image URL.
"""

from __future__ import annotations

import html
import json
from functools import cache
from importlib import resources
from typing import Any
from urllib.parse import quote, urlsplit


@cache
def asset(name: str) -> str:
    """The text of `assets/NAME` (a stylesheet or a script), read once per process."""
    return resources.files(__package__).joinpath("assets").joinpath(name).read_text(encoding="utf-8")


def escape(text: Any) -> str:
    """Text for an HTML element or a quoted attribute."""
    return html.escape(str(text), quote=True)


def json_script(element_id: str, data: Any) -> str:
    """`data` as a JSON data block that no string in it can close or comment out (`json_text`)."""
    return f'<script type="application/json" id="{escape(element_id)}">{json_text(data)}</script>'


def json_text(data: Any) -> str:
    """`data` as JSON for a data block: `<`, `>` and `&` are written as \\u escapes (JSON.parse reads them back
    unchanged), so `</script>` and `<!--` never appear."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


def inline_script(code: str) -> str:
    """A script of ours inline (our assets never contain `</script`)."""
    if "</script" in code.lower():
        raise ValueError("an inline script must not contain '</script'")
    return f"<script>\n{code}\n</script>"


def page(title: str, body: str, styles: list[str], scripts: list[str], lang: str = "en") -> str:
    """A complete HTML document: `styles` and `scripts` are asset names, inlined in that order after `body`."""
    css = "\n".join(asset(name) for name in styles)
    js = "\n".join(inline_script(asset(name)) for name in scripts)
    return (f'<!DOCTYPE html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; img-src data:; "
            f"style-src 'unsafe-inline'; script-src 'unsafe-inline'\">\n"
            f"<title>{escape(title)}</title>\n<style>\n{css}\n</style>\n</head>\n"
            f"<body>\n{body}\n{js}\n</body>\n</html>\n")


def relative_href(link: str) -> str:
    """`link` for an href attribute, after checking that it is a relative path (pages link to files beside them,
    so a folder of pages can be moved or mailed whole): no scheme, no host, no leading slash."""
    parts = urlsplit(link)
    if parts.scheme or parts.netloc or link.startswith(("/", "\\")):
        raise ValueError(f"links must be relative paths, got {link!r}")
    return escape(quote(link, safe="/#?&=%+,;@"))
