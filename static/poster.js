// The build-time first screen (issue 15), between its paint and Python's first drawing: the setup form's
// selects, radios and fields work natively, so what a visitor chooses is remembered here, and a click on
// Start (or any button of the form) is kept, then handed to Python's live form once the page is ready.
// <html data-state>: "poster" while this screen waits, "ready" once Python runs, "error" on failure.

const root = document.documentElement;
const game = document.getElementById("game");
const arena = document.getElementById("arena");
let values = null; // [name, value, checked] of every named field, once the visitor has changed one
const queued = []; // data-act of each button clicked before ready, in order ("start" for the Start button)

function form() {
  return game.querySelector('form[data-act="start"]');
}

function snapshot() {
  const f = form();
  if (!f) return;
  values = [];
  for (const el of f.elements) {
    if (el.name) values.push([el.name, el.value, el.type === "radio" || el.type === "checkbox" ? el.checked : null]);
  }
}

// Put the remembered values in the form; true if any field changed.
function restore(f) {
  let changed = false;
  for (const [name, value, checked] of values || []) {
    for (const el of f.querySelectorAll(`[name="${CSS.escape(name)}"]`)) {
      if (checked === null) {
        if (el.value !== value) { el.value = value; changed = true; }
      } else if (el.value === value && el.checked !== checked) {
        el.checked = checked;
        changed = true;
      }
    }
  }
  return changed;
}

function waiting() {
  return root.dataset.state === "poster";
}

function keep(event, act) {
  event.preventDefault();
  event.stopPropagation();
  snapshot();
  if (queued.at(-1) !== act) queued.push(act);
  if (act === "start") {
    form()?.querySelector('button[type="submit"]')?.setAttribute("aria-busy", "true");
    document.getElementById("poster-queued").hidden = false;
  }
}

game.addEventListener("change", () => { if (waiting()) snapshot(); }, true);
game.addEventListener("input", () => { if (waiting()) snapshot(); }, true);
game.addEventListener("submit", (event) => { if (waiting()) keep(event, "start"); }, true);
game.addEventListener("click", (event) => {
  if (!waiting()) return;
  const button = event.target.closest('button[type="submit"]');
  if (button && form()?.contains(button)) { keep(event, "start"); return; }
  const act = event.target.closest("button[data-act]");
  if (act) keep(event, act.dataset.act);
}, true);

// The language switched before Python: the same screen, drawn in the other language, with the same values.
document.addEventListener("mageduel:lang", (event) => {
  if (!waiting()) return;
  for (const [part, el] of [["game", game], ["arena", arena]]) {
    const poster = document.getElementById(`poster-${part}-${event.detail}`);
    if (poster) el.replaceChildren(poster.content.cloneNode(true));
  }
  const f = form();
  if (f) restore(f);
  if (queued.includes("start")) f?.querySelector('button[type="submit"]')?.setAttribute("aria-busy", "true");
});

// Python is ready and has drawn its own live form: give it what the visitor chose, then what they clicked.
function handOver() {
  document.getElementById("poster-queued").hidden = true;
  // Twice: choosing the kind of fight redraws the characters offered, so a character of the other kind
  // exists only after the first pass.
  for (let pass = 0; pass < 2; pass++) {
    const f = form();
    if (!f || !values || !restore(f)) break;
    const first = f.querySelector("select") || f.elements[0];
    first.dispatchEvent(new Event("change", { bubbles: true }));
  }
  for (const act of queued) {
    const f = form();
    const target = act === "start"
      ? f?.querySelector('button[type="submit"]')
      : game.querySelector(`button[data-act="${CSS.escape(act)}"]`);
    if (!target) break;
    if (act === "start" && f) restore(f);
    target.click();
  }
}

export function ready() {
  if (root.dataset.state === "poster") {
    root.dataset.state = "ready";
    handOver();
  } else {
    root.dataset.state = "ready";
  }
}
