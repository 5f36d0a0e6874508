/* The hand page: draws the view model (the JSON in #view-model, documented in model.py) and steps through its
   tricks. State 0 is the table before the first lead, state k the table after trick k. Nothing here knows the
   game: labels, roles, teams and the score come as data. */
(function () {
  "use strict";
  const model = JSON.parse(document.getElementById("view-model").textContent);
  const seats = model.seats;
  const tricks = model.tricks;
  const trumps = new Set(model.trump_cards);
  const SUITS = {S: ["♠", "spades"], H: ["♥", "hearts"], C: ["♣", "clubs"], D: ["♦", "diamonds"]};
  const RANKS = {A: "ace", K: "king", Q: "queen", J: "jack"};
  const TEAM_COLOURS = ["#9be7ff", "#ffb3c1", "#c5e1a5", "#ffe082", "#d1c4e9"];
  const $ = (id) => document.getElementById(id);
  const fill = (node, children) => node.replaceChildren(...children.filter((c) => c !== null && c !== undefined));

  function el(tag, attrs, children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "class") node.className = value;
      else if (key === "text") node.textContent = value;
      else node.setAttribute(key, value === true ? "true" : String(value));
    }
    for (const child of children || []) if (child !== null && child !== undefined) node.append(child);
    return node;
  }

  // ----- cards ---------------------------------------------------------------------------------------------
  function cardName(code) {
    if (code === "BJ") return "big joker";
    if (code === "LJ") return "little joker";
    const rank = code.slice(1);
    return (RANKS[rank] || rank) + " of " + SUITS[code[0]][1];
  }

  function card(code, mini) {
    const joker = code === "BJ" || code === "LJ";
    const trump = trumps.has(code);
    const classes = ["card"];
    if (mini) classes.push("mini");
    if (joker) classes.push("joker", code === "BJ" ? "big" : "little");
    else classes.push("s-" + code[0]);
    if (code.slice(1) === "10") classes.push("ten");
    const name = cardName(code);
    const rank = joker ? (code === "BJ" ? "★" : "☆") : code.slice(1);
    const suit = joker ? "" : SUITS[code[0]][0];
    return el("span", {class: classes.join(" "), "data-card": code, role: "img", "aria-label": name,
                       "data-trump": trump, "aria-description": trump ? "trump" : null,
                       title: name + (trump ? " (trump)" : "")}, [
      el("span", {class: "cr", "aria-hidden": "true"}, [el("b", {text: rank}), el("i", {text: suit})]),
      el("span", {class: "pip", "aria-hidden": "true", text: joker ? "JOKER" : suit}),
    ]);
  }

  function cardRow(codes, className) {
    return el("span", {class: className || "cards"}, codes.map((c) => card(c, true)));
  }

  // a gap between the hand's suits: trumps are one group, each plain suit another
  const groupOf = (code) => (trumps.has(code) ? "T" : code[0]);

  // ----- where the seats sit: seat 0 at the bottom, then on round the table (right, the top from right to
  // left, left); the top row and its trick slots are laid out right to left (CSS row-reverse)
  function positions(count) {
    if (count <= 2) return ["bottom", "top"].slice(0, count);
    const spots = ["bottom", "right"];
    for (let i = 0; i < count - 3; i++) spots.push("top");
    spots.push("left");
    return spots;
  }
  const spots = positions(seats.length);
  const topCount = spots.filter((s) => s === "top").length;

  // ----- the state after k tricks ---------------------------------------------------------------------------
  function handAt(seat, k) {
    const gone = new Map();
    for (let t = 0; t < k; t++) {
      for (const play of tricks[t].plays) {
        if (play.seat !== seat) continue;
        for (const c of play.cards) gone.set(c, (gone.get(c) || 0) + 1);
      }
    }
    return seats[seat].hand.filter((c) => {
      const left = gone.get(c) || 0;
      if (left > 0) { gone.set(c, left - 1); return false; }
      return true;
    });
  }

  function revealedAt(k) {
    const roles = seats.map(() => []);
    const teams = seats.map((s) => s.team);
    for (let t = 0; t < k; t++) {
      const note = tricks[t].note;
      if (!note || note.seat === null || note.seat === undefined) continue;
      if (note.role) roles[note.seat].push(note.role);
      if (note.team) teams[note.seat] = note.team;
    }
    return {roles, teams};
  }

  function takenAt(seat, k) {
    let sum = 0;
    for (let t = 0; t < k; t++) if (tricks[t].winner === seat) sum += tricks[t].points || 0;
    return sum;
  }

  function scoreAt(k) {
    if (k > 0) return tricks[k - 1].score;
    if (model.score_start) return model.score_start;
    if (!tricks.length) return null;
    const first = tricks[0].score;
    return {label: first.label, value: 0, target: first.target, target_label: first.target_label};
  }

  // ----- drawing ------------------------------------------------------------------------------------------
  const teamNames = [...new Set(seats.map((s) => s.team).concat(tricks.map((t) => t.note && t.note.team))
    .filter((t) => t))];
  const teamColour = (team) => TEAM_COLOURS[teamNames.indexOf(team) % TEAM_COLOURS.length];

  function seatPanel(i) {
    const wrap = spots[i] === "left" || spots[i] === "right" || (spots[i] === "top" && topCount > 1);
    return el("div", {class: "seat pos-" + spots[i] + (wrap ? " wrap" : ""), "data-seat-panel": i}, [
      el("div", {class: "seat-head"}, [
        el("span", {class: "seat-name", text: seats[i].label}),
        el("span", {class: "roles", id: "roles-" + i}),
        el("span", {class: "team", id: "team-" + i, hidden: true}),
        el("span", {class: "taken", id: "taken-" + i, "data-taken": 0}),
      ]),
      el("div", {class: "hand", "data-hand": true, "data-seat": i, role: "group",
                 "aria-label": seats[i].label + "'s hand"}),
    ]);
  }

  function playSlot(i) {
    return el("div", {class: "play", "data-play": true, "data-seat": i, "data-winner": "false",
                      "aria-label": seats[i].label + "'s play"});
  }

  function buildTable() {
    const felt = $("felt");
    const areas = {top: el("div", {class: "row-top"}), left: el("div", {class: "col-left"}),
                   right: el("div", {class: "col-right"}), bottom: el("div", {class: "row-bottom"})};
    const slots = {top: el("div", {class: "slot-top"}), left: el("div", {class: "slot-left"}),
                   right: el("div", {class: "slot-right"}), bottom: el("div", {class: "slot-bottom"})};
    seats.forEach((_, i) => { areas[spots[i]].append(seatPanel(i)); slots[spots[i]].append(playSlot(i)); });
    const center = el("div", {class: "center", id: "trick", "data-trick": 0, "aria-live": "polite"},
                      [slots.top, slots.left, el("div", {class: "info", id: "info"}), slots.right, slots.bottom]);
    felt.append(areas.top, areas.left, center, areas.right, areas.bottom);
  }

  function buildMeta() {
    const chips = [model.game, "rules: " + model.rules, "hand " + model.hand].map(
      (text) => el("span", {class: "chip", text: text}));
    const trump = model.trump;
    const level = model.level ? " · level " + model.level : "";
    let trumpChip;
    if (trump && SUITS[trump]) {
      trumpChip = el("span", {class: "chip trump-chip", "data-trump-suit": trump}, [
        "trump ", el("span", {class: "sym s-" + trump, text: SUITS[trump][0]}), " " + SUITS[trump][1] + level]);
    } else {
      const text = trump === "NT" ? "no trump (NT)" + level : "no trump chosen" + level;
      trumpChip = el("span", {class: "chip trump-chip", "data-trump-suit": trump || "", text: text});
    }
    $("meta").append(...chips, trumpChip);
  }

  function buildEvents() {
    const list = el("ol", {class: "events"}, model.events.map((e) => el("li", {
      "data-event-kind": e.kind, "data-event-seat": e.seat === null ? null : e.seat}, [
      el("span", {class: "kind", text: e.kind}),
      e.seat === null ? null : el("span", {class: "who", text: seats[e.seat].label}),
      el("span", {class: "text", text: e.text}),
      e.cards.length ? cardRow(e.cards) : null,
    ])));
    const stock = el("div", {class: "stock"});
    if (model.kitty.length) {
      stock.append(el("span", {text: "kitty"}),
                   el("span", {class: "cards", "data-kitty": true}, model.kitty.map((c) => card(c, true))));
    }
    if (model.bury) {
      stock.append(el("span", {text: "bury (" + seats[model.bury.seat].label + ")"}),
                   el("span", {class: "cards", "data-bury": true}, model.bury.cards.map((c) => card(c, true))));
    }
    const none = model.events.length ? null : el("p", {text: "Nothing before the first lead."});
    fill($("events"), [none, list, stock]);
  }

  const rowText = (value) => (value === null ? "—" : value === true ? "yes" : value === false ? "no" : value);

  function buildResult() {
    const box = $("result");
    if (!model.result) {
      const stopped = model.stopped ? "No result: judging stopped at an illegal step. " + model.stopped : null;
      box.append(el("p", {class: "headline" + (stopped ? " stopped" : ""), "data-result-headline": true,
                          "data-stopped": stopped ? "true" : null,
                          text: stopped || "No result: the record stops before the end of the hand."}));
      return;
    }
    box.setAttribute("data-result", "true");
    box.append(el("p", {class: "headline", "data-result-headline": true, text: model.result.headline}),
               el("dl", {class: "result-rows"}, model.result.rows.flatMap(([key, value]) => [
                 el("dt", {text: key}), el("dd", {"data-result-key": key, text: rowText(value)})])));
  }

  function buildTrickList() {
    const list = $("tricks");
    list.style.setProperty("--seats", seats.length);
    list.append(el("li", {class: "tl-head", "aria-hidden": "true"},
                   [el("span", {text: "#"}), ...seats.map((s) => el("span", {text: s.label})),
                    el("span", {class: "num", text: "pts"})]));
    tricks.forEach((trick) => {
      const cells = seats.map((_, i) => {
        const play = trick.plays.find((p) => p.seat === i);
        const cls = ["tl-cell", trick.winner === i ? "win" : "", trick.leader === i ? "lead" : ""].join(" ");
        const cell = el("span", {class: cls}, play ? play.cards.map((c) => card(c, true)) : []);
        if (play && play.failed_throw) cell.append(el("span", {class: "x", title: "failed throw", text: "✗"}));
        return cell;
      });
      const row = el("li", {class: "tl-row", "data-trick": trick.number, tabindex: "-1"}, [
        el("span", {class: "tl-no", text: trick.number}), ...cells,
        el("span", {class: "num", text: trick.points === null ? "" : "+" + trick.points}),
      ]);
      row.addEventListener("click", () => show(trick.number));
      list.append(row);
    });
  }

  // ----- one state ----------------------------------------------------------------------------------------
  function drawHands(k) {
    const {roles, teams} = revealedAt(k);
    const winner = k > 0 ? tricks[k - 1].winner : null;
    seats.forEach((seat, i) => {
      const cards = handAt(i, k);
      const hand = document.querySelector('[data-hand][data-seat="' + i + '"]');
      hand.replaceChildren(...cards.map((c, j) => {
        const node = card(c, false);
        if (j > 0 && groupOf(c) !== groupOf(cards[j - 1])) node.classList.add("group-start");
        return node;
      }));
      hand.setAttribute("aria-label", seat.label + "'s hand, " + cards.length + " cards");
      $("roles-" + i).replaceChildren(
        ...seat.roles.map((r) => el("span", {class: "role", "data-role": r, text: r})),
        ...roles[i].map((r) => el("span", {class: "role revealed", "data-role": r, text: r})));
      const team = $("team-" + i);
      team.hidden = !teams[i];
      team.textContent = teams[i] || "";
      team.style.setProperty("--team", teams[i] ? teamColour(teams[i]) : "");
      const taken = takenAt(i, k);
      $("taken-" + i).textContent = "took " + taken + " pts";
      $("taken-" + i).setAttribute("data-taken", taken);
      document.querySelector('[data-seat-panel="' + i + '"]').classList.toggle("is-winner", winner === i);
    });
  }

  function drawPlay(slot, play, trick) {
    const isWinner = trick.winner === play.seat;
    slot.setAttribute("data-winner", isWinner ? "true" : "false");
    const tags = [el("span", {text: seats[play.seat].label})];
    if (trick.leader === play.seat) tags.push(el("span", {class: "tag lead", text: "led"}));
    if (play.ruff) tags.push(el("span", {class: "tag ruff", "data-ruff": true, text: "ruff"}));
    if (isWinner) tags.push(el("span", {class: "tag win", text: "wins"}));
    const parts = [el("div", {class: "play-label"}, tags)];
    const fail = play.failed_throw;
    if (fail) {
      parts.push(el("div", {class: "failed", "data-failed-throw": true}, [
        el("span", {class: "tag fail", text: "failed throw" + (fail.text ? " · " + fail.text : "")}),
        el("span", {class: "attempted", "data-attempted": true, "aria-label": "attempted throw"},
           fail.attempted.map((c) => card(c, false))),
        el("span", {class: "forced-label", "data-forced": fail.forced.join(" "),
                    text: fail.forced.length ? "forced to lead ↓" : "free re-lead ↓"}),
      ]));
    }
    parts.push(el("div", {class: "played", "data-played-cards": true}, play.cards.map((c) => card(c, false))));
    slot.replaceChildren(...parts);
  }

  function drawTrick(k) {
    const center = $("trick");
    center.setAttribute("data-trick", k);
    document.querySelectorAll("[data-play]").forEach((slot) => {
      slot.replaceChildren();
      slot.setAttribute("data-winner", "false");
    });
    const info = $("info");
    if (k === 0) {
      const leader = tricks.length ? seats[tricks[0].leader].label + " leads the first trick" : "No tricks played";
      const bury = model.bury ? el("div", {class: "bury"}, [seats[model.bury.seat].label + " buried ",
                                                            cardRow(model.bury.cards)]) : null;
      fill(info, [el("div", {class: "trick-no", text: "Before the first trick"}),
                  el("div", {class: "winner-line", text: leader}),
                  el("div", {"data-trick-winner": true, "data-value": ""}),
                  el("div", {"data-trick-points": true, "data-value": ""}), bury]);
      return;
    }
    const trick = tricks[k - 1];
    trick.plays.forEach((play) => drawPlay(document.querySelector('[data-play][data-seat="' + play.seat + '"]'),
                                           play, trick));
    const done = trick.winner !== null;
    fill(info, [
      el("div", {class: "trick-no", text: "Trick " + k + " of " + tricks.length}),
      el("div", {class: "winner-line", "data-trick-winner": true, "data-value": done ? trick.winner : "",
                 text: done ? seats[trick.winner].label + " wins" : "the record stops in this trick"}),
      el("div", {class: "points", "data-trick-points": true, "data-value": trick.points === null ? "" : trick.points},
         trick.points === null ? [] : [String(trick.points), el("small", {text: " points"})]),
      trick.note ? el("div", {class: "note", "data-note": true, text: trick.note.text}) : null]);
  }

  function drawScore(k) {
    const score = scoreAt(k);
    const box = $("score");
    if (!score) { box.replaceChildren(); return; }
    const hasTarget = score.target !== null && score.target !== undefined;
    const node = el("div", {"data-score": true, "data-score-label": score.label, "data-score-value": score.value,
                            "data-score-target": hasTarget ? score.target : null}, [
      el("div", {class: "score-label", text: score.label}),
      el("div", {class: "score-value"}, [
        el("span", {class: "big", text: score.value}),
        hasTarget ? el("span", {class: "of", text: "/ " + score.target + " " + (score.target_label || "target")})
                  : null]),
    ]);
    if (hasTarget && score.target > 0) {
      const scale = Math.max(2 * score.target, score.value);
      node.append(el("div", {class: "bar", "aria-hidden": "true"}, [
        el("div", {class: "fill", style: "width:" + Math.max(0, 100 * score.value / scale) + "%"}),
        el("div", {class: "mark", style: "left:" + (100 * score.target / scale) + "%"})]));
    }
    box.replaceChildren(node);
  }

  function drawControls(k) {
    const n = tricks.length;
    $("slider").max = n;
    $("slider").value = k;
    $("slider").setAttribute("aria-valuetext", k === 0 ? "before the first trick" : "after trick " + k);
    $("counter").textContent = k === 0 ? "Start · " + n + " tricks" : "Trick " + k + " / " + n;
    $("prev").disabled = $("first").disabled = k === 0;
    $("next").disabled = $("last").disabled = k === n;
    $("result").setAttribute("data-final", k === n ? "true" : "false");
    const list = $("tricks");
    list.querySelectorAll(".tl-row").forEach((row) => {
      const current = Number(row.getAttribute("data-trick")) === k;
      row.classList.toggle("current", current);
      if (current) row.setAttribute("aria-current", "step"); else row.removeAttribute("aria-current");
      if (current && (row.offsetTop < list.scrollTop + 20 ||
                      row.offsetTop + row.offsetHeight > list.scrollTop + list.clientHeight)) {
        list.scrollTop = row.offsetTop - list.clientHeight / 2;
      }
    });
  }

  let state = -1;
  function show(k) {
    k = Math.max(0, Math.min(tricks.length, Number(k) || 0));
    if (k === state) return;
    state = k;
    drawHands(k);
    drawTrick(k);
    drawScore(k);
    drawControls(k);
    try { history.replaceState(null, "", "#trick=" + k); } catch (err) { /* a sandboxed frame */ }
  }

  // ----- stepping -----------------------------------------------------------------------------------------
  function bindControls() {
    $("first").addEventListener("click", () => show(0));
    $("prev").addEventListener("click", () => show(state - 1));
    $("next").addEventListener("click", () => show(state + 1));
    $("last").addEventListener("click", () => show(tricks.length));
    $("slider").addEventListener("input", (e) => show(e.target.value));
    document.addEventListener("keydown", (e) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const target = e.target;
      if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.isContentEditable)) {
        return;  // the slider steps itself with the arrow keys
      }
      const to = {ArrowRight: state + 1, ArrowLeft: state - 1, Home: 0, End: tricks.length}[e.key];
      if (to === undefined) return;
      e.preventDefault();
      show(to);
    });
  }

  buildMeta();
  buildTable();
  buildEvents();
  buildResult();
  buildTrickList();
  bindControls();
  const fromHash = /trick=(\d+)/.exec(location.hash);
  show(fromHash ? Number(fromHash[1]) : 0);
  document.body.setAttribute("data-ready", "true");
})();
