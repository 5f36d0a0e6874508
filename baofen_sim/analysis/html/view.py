"""`render_view`: one hand as one self-contained HTML page (the table from above, stepped trick by trick).

The page is drawn in the browser from the view model (`model.py`), which travels inline as JSON; `assets/view.js`
draws it and `assets/view.css` styles it. State 0 is the table before the first lead, state k the table after
trick k. Stepping: the Prev/Next buttons, ←/→, Home/End, the slider, a click on a trick in the list, or `#trick=k`
in the address.

Hooks for tests and screen readers (stable):

    [data-card="SA"][aria-label="ace of spades"]   every card; `data-trump="true"` on trumps
    [data-hand][data-seat="i"]                     seat i's hand as it stands in the shown state
    #trick[data-trick="k"]                         the trick shown (k = 0: none yet)
    [data-play][data-seat="i"]                     seat i's play in it; `data-winner="true"` on the winner's;
                                                   its cards in [data-played-cards], a failed throw's attempted
                                                   cards in [data-failed-throw] [data-attempted]
    [data-trick-winner], [data-trick-points]       the shown trick's winner seat and points (attribute `data-value`)
    [data-score]                                   the running score: data-score-label, -value, -target
    [data-result]                                  the result ([data-result-headline] and rows); `data-final`
                                                   is "true" in the last state
    #tricks li[data-trick="k"]                     the list of all tricks
"""

from __future__ import annotations

from functools import cache
from typing import Any

from baofen_sim.analysis.html.model import validate_view
from baofen_sim.analysis.html.page import escape, json_script, page

MODEL_ID = "view-model"

_BODY = """<div class="app">
<header class="top">
  <h1>{title}</h1>
  <p class="meta" id="meta"></p>
</header>
<main class="layout">
  <section class="board" aria-label="The table">
    <div class="felt" id="felt"></div>
    <nav class="controls" aria-label="Step through the tricks">
      <button type="button" id="first" title="Before the first trick (Home)" aria-label="Start">⇤</button>
      <button type="button" id="prev" title="Previous trick (←)" aria-label="Previous trick">◀ Prev</button>
      <input type="range" id="slider" min="0" max="0" value="0" aria-label="Trick">
      <button type="button" id="next" title="Next trick (→)" aria-label="Next trick">Next ▶</button>
      <button type="button" id="last" title="After the last trick (End)" aria-label="End">⇥</button>
      <output id="counter" for="slider" aria-live="polite"></output>
    </nav>
    <p class="keys">← → step · Home / End · click a trick in the list</p>
    <section class="panel tricks-panel" aria-labelledby="tricks-h"><h2 id="tricks-h">Tricks</h2><ol id="tricks"></ol>
    </section>
  </section>
  <aside class="side">
    <section class="panel score-panel" aria-label="Score"><div id="score"></div></section>
    <section class="panel" aria-labelledby="result-h"><h2 id="result-h">Result</h2><div id="result"></div></section>
    <section class="panel" aria-labelledby="events-h"><h2 id="events-h">Before play</h2><div id="events"></div>
    </section>
  </aside>
</main>
</div>
<noscript><p class="noscript">This page draws the hand with JavaScript; please enable it.</p></noscript>
{data}"""


# Where a hand's own text goes in the page every hand shares (`view_shell`): its title (HTML-escaped, in <title> and
# the heading) and its model's data block. Neither can occur in the shell's assets, the escaped title or the block.
TITLE_SLOT, MODEL_SLOT = "<!--view-title-->", "<!--view-model-->"


def render_view(model: dict[str, Any]) -> str:
    """The HTML page of one hand. Raises ViewModelError (saying which field) for a malformed model."""
    validate_view(model)
    return fill_shell(view_shell(), escape(model["title"]), json_script(MODEL_ID, model))


@cache
def view_shell() -> str:
    """The page of a hand with TITLE_SLOT and MODEL_SLOT in place of its title and its model: what every hand's page
    shares, so that a page holding many hands (a report's examples) holds it once."""
    body = _BODY.format(title=TITLE_SLOT, data=MODEL_SLOT)
    shell = page(TITLE_SLOT, body, styles=["base.css", "cards.css", "view.css"], scripts=["view.js"])
    return shell.replace(escape(TITLE_SLOT), TITLE_SLOT)  # `page` escapes the title it puts in <title>


def fill_shell(shell: str, title_html: str, model_block: str) -> str:
    """The shell with a hand's escaped title and its model's data block in their slots (report.js does the same)."""
    return shell.replace(TITLE_SLOT, title_html).replace(MODEL_SLOT, model_block)
