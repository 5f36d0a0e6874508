/* The index page: sort by a click on a column's heading (numbers as numbers), filter rows by text, and open a
   row's hand page by a click anywhere in the row. */
(function () {
  "use strict";
  const table = document.getElementById("hands");
  const body = table.tBodies[0];
  const rows = Array.from(body.rows);
  const count = document.getElementById("count");

  function sortBy(th) {
    const col = th.getAttribute("data-col");
    const descending = th.getAttribute("aria-sort") === "ascending";
    table.querySelectorAll("th").forEach((h) => h.setAttribute("aria-sort", "none"));
    th.setAttribute("aria-sort", descending ? "descending" : "ascending");
    const key = (row) => row.querySelector('td[data-col="' + CSS.escape(col) + '"]').getAttribute("data-sort");
    const numeric = rows.every((row) => key(row) === "" || !isNaN(Number(key(row))));
    const sorted = rows.slice().sort((a, b) => {
      const x = key(a);
      const y = key(b);
      const order = numeric ? (x === "" ? -Infinity : Number(x)) - (y === "" ? -Infinity : Number(y))
                            : x.localeCompare(y, undefined, {numeric: true});
      return (descending ? -order : order) || Number(a.dataset.row) - Number(b.dataset.row);
    });
    body.append(...sorted);
  }

  table.querySelectorAll("th").forEach((th) => th.querySelector("button").addEventListener("click", () => sortBy(th)));
  document.getElementById("filter").addEventListener("input", (e) => {
    const words = e.target.value.toLowerCase().split(/\s+/).filter((w) => w);
    let shown = 0;
    rows.forEach((row) => {
      const text = row.textContent.toLowerCase();
      row.hidden = !words.every((w) => text.includes(w));
      if (!row.hidden) shown += 1;
    });
    count.textContent = shown + " of " + rows.length + " hands";
  });
  body.addEventListener("click", (e) => {
    const row = e.target.closest("tr[data-href]");
    if (row && !e.target.closest("a")) location.href = row.getAttribute("data-href");
  });
})();
