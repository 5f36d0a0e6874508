/* The report page. An example hand (details.example) holds its view model; unfolded, its page is the shared shell
   (#view-shell) filled with its title and model, exactly as render_view writes it, shown in a frame. A link
   "#ANCHOR" unfolds its example; "Open full size" opens the same page in a tab of its own (a blob: address made
   here: nothing is fetched). */
(function () {
  "use strict";
  const shellBlock = document.getElementById("view-shell");
  const shell = shellBlock ? JSON.parse(shellBlock.textContent) : null;

  function pageOf(example) {
    const block = example.querySelector("script.view-model");
    const model = shell.model_block[0] + block.textContent + shell.model_block[1];
    return shell.page.split(shell.title_slot).join(block.dataset.titleHtml).split(shell.model_slot).join(model);
  }

  function draw(example) {
    if (!example.open || example.querySelector("iframe.hand-view")) return;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "full-size";
    button.textContent = "Open full size ↗";
    button.addEventListener("click", () => {
      window.open(URL.createObjectURL(new Blob([pageOf(example)], {type: "text/html"})), "_blank");
    });
    const frame = document.createElement("iframe");
    frame.className = "hand-view";
    frame.title = example.querySelector("summary").textContent;
    frame.srcdoc = pageOf(example);
    example.append(button, frame);
  }

  function openTarget() {
    const id = decodeURIComponent(location.hash.slice(1));
    const target = id ? document.getElementById(id) : null;
    if (target && target.matches("details.example")) {
      target.open = true;
      draw(target);
      target.scrollIntoView();
    }
  }

  document.querySelectorAll("details.example").forEach((example) => {
    example.addEventListener("toggle", () => draw(example));
  });
  window.addEventListener("hashchange", openTarget);
  openTarget();
  document.body.setAttribute("data-ready", "true");
})();
