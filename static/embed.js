// The wiki widget's boot script (embed.html): reads and checks the parameters against the published JSON
// Schema (the same pydantic model Python reads them with), paints the build-time poster, posts the height
// to the host, and starts the Python runtime only when a reader presses a control (or with autoplay=1).
// <html data-state>: "poster" once painted, "ready" once Python runs (web/embed/page.py), "error" on failure.
"use strict";
(() => {
  const root = document.documentElement;
  const data = window.MAGEDUEL_EMBED;
  const widget = document.getElementById("widget");
  const status = document.getElementById("w-status");
  const schema = data.schema.properties;

  // --- parameters -----------------------------------------------------------------------------------
  function propOf(name) {
    const prop = schema[name];
    return (prop.anyOf || [prop]).find((o) => o.type !== "null");
  }
  function valid(name, value) {
    const p = propOf(name);
    if (p.enum) return p.enum.includes(value);
    if (p.type === "integer") {
      if (!/^[0-9]+$/.test(value)) return false;
      const n = Number(value);
      return n >= (p.minimum ?? 0) && n <= (p.maximum ?? Infinity);
    }
    if (p.pattern) return new RegExp(p.pattern).test(value) && value.length <= (p.maxLength ?? Infinity);
    return true;
  }
  const pairs = [...new URLSearchParams(location.search), ...new URLSearchParams(location.hash.slice(1))];
  const params = {};
  const problems = [];
  for (const [name, value] of pairs) {
    if (!(name in schema)) problems.push({ name, value, kind: "unknown" });
    else params[name] = value; // a parameter given twice keeps its last value
  }
  for (const [name, value] of Object.entries(params)) {
    if (!valid(name, value)) { problems.push({ name, value, kind: "bad" }); delete params[name]; }
  }
  const get = (name) => params[name] ?? schema[name].default;

  function pickLang() {
    if (params.lang) return params.lang;
    for (const tag of navigator.languages || [navigator.language || "en"]) {
      const base = String(tag).slice(0, 2).toLowerCase();
      if (base === "fr" || base === "en") return base;
    }
    return "en";
  }
  const lang = pickLang();
  root.lang = lang;
  root.dataset.theme = get("theme");
  root.dataset.mode = get("mode");

  function t(key, values = {}) {
    const entry = data.messages[key];
    const text = entry ? (entry[lang] ?? entry.en) : key;
    return text.replace(/\{(\w+)\}/g, (_, k) => String(values[k] ?? `{${k}}`));
  }
  function allowed(name, maximum) {
    const p = propOf(name);
    if (p.enum) return t("embed.allowed.one_of", { values: p.enum.join(", ") });
    if (p.pattern) return t("embed.allowed.replay");
    return t("embed.allowed.range", { minimum: p.minimum ?? 0, maximum: maximum ?? p.maximum });
  }

  // --- the poster -------------------------------------------------------------------------------------
  // A tutorial level (lesson=2-3) takes the place of a scenario or a replay: its poster is its own file.
  const lessonRef = params.lesson || null;
  const show = params.replay || lessonRef ? null : data.showcases[get("scenario")];
  let step = Number(get("step"));
  let later = null;
  if (show && step > show.total) {
    problems.push({ name: "step", value: String(step), kind: "bad", maximum: show.total });
    step = 0;
  } else if (step > 0 && !lessonRef) {
    later = t("embed.later", { n: step }); // only the first frame is drawn before Python
  }
  widget.innerHTML = show ? show.posters[lang] : data.blank[lang];
  if (!show && !lessonRef) describeReplay(params.replay);
  const list = document.getElementById("w-problems");
  for (const p of problems) {
    const li = document.createElement("li");
    li.dataset.param = p.name;
    const value = p.value.length > 24 ? `${p.value.slice(0, 23)}…` : p.value;
    li.textContent = p.kind === "unknown"
      ? t("embed.unknown", { name: p.name, allowed: Object.keys(schema).join(", ") })
      : t("embed.bad", { name: p.name, value, allowed: allowed(p.name, p.maximum) });
    list.append(li);
  }
  list.hidden = problems.length === 0;
  function say(text) { status.textContent = text || ""; status.hidden = !text; }
  say(later);
  window.mageduelEmbed = { params, problems, lang, say };
  if (lessonRef) paintLesson(lessonRef);
  else root.dataset.state = "poster";

  // A level's first decision, drawn at build time (embed-lessons/<ref>.js): fetched by this widget only.
  function paintLesson(ref) {
    const script = document.createElement("script");
    script.src = `./embed-lessons/${encodeURIComponent(ref)}.js`;
    const done = () => {
      const posters = window.MAGEDUEL_LESSON;
      if (posters && root.dataset.state !== "ready") widget.innerHTML = posters[lang] ?? posters.en;
      if (root.dataset.state === "loading") root.dataset.state = "poster";
    };
    script.onload = done;
    script.onerror = done; // the blank poster stays; pressing play still starts the level
    document.head.append(script);
  }

  // A shared replay has no build-time picture: its poster names the duellists and the length, read from
  // the link itself (the game's share encoding: zlib-deflated JSON in URL-safe base64).
  async function describeReplay(packed) {
    if (!packed || !("DecompressionStream" in window)) return;
    try {
      const b64 = packed.replace(/-/g, "+").replace(/_/g, "/");
      const bytes = Uint8Array.from(atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4)), (c) => c.charCodeAt(0));
      const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate"));
      const save = JSON.parse(await new Response(stream).text());
      const scenario = save.replay.scenario;
      const names = scenario.participants.map((p) => {
        const name = p.character ? p.character.name : data.names[p.roster];
        return name ? (name[lang] || name.en) : p.roster || "?";
      });
      const seen = new Map(); // the same character twice: "Ilse Varro", "Ilse Varro II", as the game names them
      names.forEach((name, i) => {
        const n = (seen.get(name) ?? 0) + 1;
        seen.set(name, n);
        if (n > 1) names[i] = `${name} ${["II", "III", "IV"][Math.min(n, 4) - 2]}`;
      });
      const sep = lang === "fr" ? " contre " : " against ";
      const title = widget.querySelector(".w-title");
      if (title && scenario.name) title.textContent = scenario.name;
      const caption = widget.querySelector(".w-caption");
      const n = save.replay.decisions.length;
      const one = n === 1 || (lang === "fr" && n === 0); // French counts 0 as singular, as web/game/text.count
      if (caption) caption.textContent = t(`embed.replay.who.${one ? "one" : "many"}`, { names: names.join(sep), n });
      widget.querySelector(".w-frame").dataset.total = String(n);
    } catch {
      /* an unreadable link: Python names it once a reader presses play */
    }
  }

  // --- names that stay legible in a small frame ---------------------------------------------------------
  // The arena is drawn to scale, its names a fixed share of the ground: in a frame 320 px wide they came out
  // about 5 px tall. Below NAME_FLOOR CSS pixels a name (or the status of one out of the fight, or the scale
  // bar's length) grows to it:
  // its edge nearest its token stays where it was drawn, it is drawn back inside the arena's box if it would
  // cross it, and it grows only as far as it stays clear of the tokens and the other names. The ground's
  // note ("no zone, only the ground"), as small and unreadable there, gives way: hidden where a name now
  // covers it. A condition's badge is kept clear too. Python's redraws (web/patching.py) reset these styles:
  // the observer below sizes them again.
  const NAME_FLOOR = 9;
  const meets = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5
    && b.top < a.bottom - 0.5;
  function legibleNames() {
    observer.disconnect(); // its own changes to the names' style must not call it again
    try {
      sizeAll();
    } finally {
      watch();
    }
  }
  function sizeAll() {
    for (const svg of widget.querySelectorAll(".w-board svg")) {
      const vb = svg.viewBox.baseVal;
      const box = svg.getBoundingClientRect();
      const board = svg.closest(".w-board").getBoundingClientRect();
      if (!vb || !vb.width || !box.width || !box.height) continue;
      const k = Math.max(vb.width / box.width, vb.height / box.height); // user units per CSS px ("meet")
      const labels = [...svg.querySelectorAll(".token-label, .out-label, .scale-label")];
      const others = [...svg.querySelectorAll(".token-disc, .scale-bar, .badge rect"), ...labels];
      for (const label of labels) {
        const size = Number(label.getAttribute("font-size"));
        const want = NAME_FLOOR * k;
        if (!(size > 0) || want <= size * 1.01) {
          if (label.style.fontSize) label.removeAttribute("style");
          continue;
        }
        // A status beside (or under) a token out of the fight ("dying", "expelled") is anchored at the
        // token's side and grows away from it; a name is its token's own.
        const status = label.classList.contains("out-label");
        const scale = label.classList.contains("scale-label");
        const disc = status || scale ? null : label.parentNode.querySelector(".token-disc");
        const dy = Number(label.getAttribute("y")) - Number(disc?.getAttribute("cy") ?? 0);
        const r = Number(disc?.getAttribute("r") ?? 0);
        label.removeAttribute("style");
        const before = label.getBoundingClientRect();
        // What the name must not cover once grown: what it was already clear of as drawn.
        // A badge keeps a pixel of room: the name's outline reaches past its box.
        const room = (el) => {
          const b = el.getBoundingClientRect();
          if (!el.closest(".badge")) return b;
          return { left: b.left - 1.5, right: b.right + 1.5, top: b.top - 1.5, bottom: b.bottom + 1.5 };
        };
        const clear = others.filter((el) => el !== label && el !== disc).map(room)
          .filter((o) => !meets(o, before));
        const sized = (s) => {
          const grow = s - size;
          let y = 0; // the box's edge toward the token stays put (arena.label_box: top -0.85 em, foot +0.25)
          if (scale) y = 0; // the scale's "10 ft": its foot stays on the bar's, and it grows away from the bar
          else if (status && label.getAttribute("text-anchor") === "middle") y = grow * 0.85; // under it: its top
          else if (status) y = grow * 0.3; // beside it: its middle stays level with the token
          else if (dy > r) y = grow * 0.85;
          else if (dy < -r) y = -grow * 0.25;
          label.style.fontSize = `${s}px`;
          label.style.transform = `translate(0px, ${y}px)`;
          const after = label.getBoundingClientRect();
          let x = 0;
          if (!status && !scale && Math.abs(dy) <= r) {
            x = Math.sign(Number(label.getAttribute("x")) - Number(disc.getAttribute("cx")))
              * ((after.width - before.width) / 2) * k;
          }
          const left = after.left + x / k;
          const right = after.right + x / k;
          if (left < board.left) x += (board.left - left) * k;
          else if (right > board.right) x -= (right - board.right) * k;
          if (x) label.style.transform = `translate(${x}px, ${y}px)`;
          const at = label.getBoundingClientRect();
          return !clear.some((o) => meets(o, at));
        };
        if (sized(want)) continue;
        let fits = size;
        let over = want;
        for (let i = 0; i < 6; i++) {
          const mid = (fits + over) / 2;
          if (sized(mid)) fits = mid;
          else over = mid;
        }
        if (fits > size * 1.01) sized(fits);
        else label.removeAttribute("style");
      }
      for (const note of svg.querySelectorAll(".board-note")) {
        note.removeAttribute("style");
        const at = note.getBoundingClientRect();
        if (labels.some((label) => meets(label.getBoundingClientRect(), at))) note.style.visibility = "hidden";
      }
    }
  }
  let sizing = 0;
  const sizeNames = () => { cancelAnimationFrame(sizing); sizing = requestAnimationFrame(legibleNames); };
  if ("ResizeObserver" in window) new ResizeObserver(sizeNames).observe(widget);
  const observer = new MutationObserver(sizeNames);
  const watch = () => observer.observe(widget, {
    childList: true, subtree: true, attributes: true, attributeFilter: ["style", "font-size", "viewBox"],
  });
  watch();
  sizeNames();

  // --- height message for hosts that size the frame to its content -----------------------------------
  let lastHeight = 0;
  function postHeight() {
    const height = Math.ceil(document.body.scrollHeight);
    if (height === lastHeight || window.parent === window) return;
    lastHeight = height;
    window.parent.postMessage({ mageduel: { height } }, "*");
  }
  if ("ResizeObserver" in window) new ResizeObserver(postHeight).observe(document.body);
  window.addEventListener("load", postHeight);
  postHeight();

  // --- the step in the URL, so a reader can link to it -------------------------------------------------
  window.mageduelKeepStep = (n) => {
    const query = new URLSearchParams(location.search);
    const fragment = new URLSearchParams(location.hash.slice(1));
    if (fragment.has("replay") || fragment.has("step")) {
      fragment.set("step", String(n));
      try { history.replaceState(null, "", `#${fragment}`); } catch { location.hash = String(fragment); }
      return;
    }
    query.set("step", String(n));
    try {
      history.replaceState(null, "", `?${query}${location.hash}`);
    } catch {
      // An opaque-origin frame (sandbox without allow-same-origin) may not rewrite its query: the fragment.
      fragment.set("step", String(n));
      try { history.replaceState(null, "", `#${fragment}`); } catch { location.hash = String(fragment); }
    }
  };

  // --- starting Python, on demand ---------------------------------------------------------------------
  // A classic script's import() resolves against about:blank in an opaque-origin frame: absolute URLs.
  const here = (path) => new URL(path, document.baseURI).href;
  const queue = [];
  window.mageduelQueue = queue;
  let booting = false;
  function fail(detail) {
    if (root.dataset.state === "ready" || root.dataset.state === "error") return;
    root.dataset.state = "error";
    // Of a Python traceback, the line that names the error (its last "…Error: …" line): the one line a
    // status bar has room for.
    const lines = String(detail || "unknown error").trim().split("\n").filter((line) => line.trim());
    const named = lines.filter((line) => /^\s*[\w.]*(Error|Exception)\b/.test(line));
    const traceback = /^\s*Traceback/.test(lines[0] || "");
    const cause = traceback ? (named[named.length - 1] ?? lines[lines.length - 1]) : lines.join(" ");
    say(t("embed.failed", { why: cause.trim().slice(0, 300) }));
  }
  async function boot(action) {
    if (action) queue.push(action);
    if (booting) return;
    booting = true;
    root.dataset.booting = "true";
    performance.mark("mageduel:boot");
    say(t("embed.loading"));
    try {
      // The game's own watch (errors, PyScript's error element, the timeout) and storage fallback: modules,
      // loaded on the first press only; if they cannot load, the catch below says why.
      const [{ watchBoot }, { ensureStorage }, { patch }] = await Promise.all([
        import(here("./bootwatch.js")),
        import(here("./idbfallback.js")),
        import(here("./patch.js")),
      ]);
      // How Python's drawing reaches the widget (web/patching.py): only what changed is touched.
      window.mageduelPatch = patch;
      watchBoot(fail);
      await ensureStorage(); // the widget keeps nothing: an in-memory store needs no note
      const script = document.createElement("script");
      script.type = "py";
      script.src = "./web/embed/page.py";
      script.setAttribute("config", "./pyscript.json");
      document.body.append(script);
      await import(here("./pyscript/core.js"));
    } catch (error) {
      fail(error?.message || error);
    }
  }
  window.mageduelBoot = boot;

  // "Open in the full game": a new tab where the host's sandbox allows popups, else this frame goes there.
  widget.addEventListener("click", (event) => {
    const link = event.target.closest('a[data-action="open"]');
    if (!link) return;
    event.preventDefault();
    const opened = window.open(link.href, "_blank");
    if (opened) opened.opener = null;
    else location.href = link.href;
  });
  // Until Python runs, a control boots it and is done once it is ready; then Python answers them itself.
  widget.addEventListener("click", (event) => {
    const el = event.target.closest("[data-action]");
    if (!el || root.dataset.state === "ready" || el.dataset.action === "open" || el.tagName === "INPUT") return;
    event.preventDefault();
    if (!el.disabled) boot(el.dataset.action);
  });
  // The bar: its step said as it is dragged (before Python and after); let go before Python, it boots
  // Python, which then goes to that step.
  widget.addEventListener("input", (event) => {
    const bar = event.target.closest(".w-scrub");
    const shown = widget.querySelector(".w-step");
    if (bar && shown) shown.textContent = t("embed.step", { n: bar.value, total: bar.max });
  });
  widget.addEventListener("change", (event) => {
    const bar = event.target.closest(".w-scrub");
    if (bar && root.dataset.state !== "ready") boot(`at:${bar.value}`);
  });
  document.addEventListener("keydown", (event) => {
    if (root.dataset.state === "ready" || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target.closest?.(".w-scrub")) return; // a focused bar moves itself (its change boots)
    const action = { ArrowRight: "next", ArrowLeft: "back" }[event.key];
    if (action && !lessonRef && !(action === "back" && step === 0)) { event.preventDefault(); boot(action); }
  });
  if (get("autoplay") === "1") boot("play");
  else if (get("mode") === "try") { /* the reader presses a control to start playing */ }
})();
