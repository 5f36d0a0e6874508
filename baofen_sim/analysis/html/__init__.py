"""HTML pages that work offline, one self-contained file each: a hand's page (`render_view`, from the game-neutral
view model documented in `model.py`), an index of hands (`render_index`) and a report page (`render_report_page`).

    model.py    the view model: its fields, and `validate_view`
    page.py     the shared shell: inline styles and scripts from assets/, data as inline JSON, no network
    view.py     `render_view`: the table from above, stepped trick by trick
    index.py    `render_index`: a sortable table of hands, each linking to its page
    report.py   `render_report_page`: sections of text, tables, inline images, links and example hands' pages
    examples.py `example_page`: a hand's page from its game record, through the reference judge
"""

from baofen_sim.analysis.html.index import render_index
from baofen_sim.analysis.html.model import ViewModelError, validate_view
from baofen_sim.analysis.html.report import Example, Image, Links, Preformatted, Section, Text, render_report_page
from baofen_sim.analysis.html.view import render_view

__all__ = ["Example", "Image", "Links", "Preformatted", "Section", "Text", "ViewModelError", "render_index",
           "render_report_page", "render_view", "validate_view"]
