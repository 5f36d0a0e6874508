"""HTML pages that work offline, one self-contained file each: a hand's page (`render_view`, from the game-neutral
view model documented in `model.py`).

    model.py    the view model: its fields, and `validate_view`
    page.py     the shared shell: inline styles and scripts from assets/, data as inline JSON, no network
    view.py     `render_view`: the table from above, stepped trick by trick
"""

from baofen_sim.analysis.html.model import ViewModelError, validate_view
from baofen_sim.analysis.html.view import render_view

__all__ = ["ViewModelError", "render_view", "validate_view"]
