// Boots the page before and around Python: language, progress, storage fallback, errors, then PyScript.
// Python (web/main.py) sets data-ready="true" on <html> once the arena is drawn; <html data-state> follows
// (poster -> ready, or error), and the build-time first screen hands over to Python (poster.js).
import { watchBoot } from "./bootwatch.js";
import { ensureStorage } from "./idbfallback.js";
import { patch } from "./patch.js";
import { ready as posterReady } from "./poster.js";

const root = document.documentElement;
// How Python's drawing reaches the page (web/game/browser.py): only what changed is touched.
window.mageduelPatch = patch;
const catalogue = JSON.parse(document.getElementById("messages").textContent);
const LANGS = ["en", "fr"];

function storedLang() {
  try { return localStorage.getItem("mageduel.lang"); } catch { return null; }
}

function pickLang() {
  const asked = new URLSearchParams(location.search).get("lang");
  if (LANGS.includes(asked)) return asked;
  const stored = storedLang();
  if (LANGS.includes(stored)) return stored;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = String(tag).slice(0, 2).toLowerCase();
    if (LANGS.includes(base)) return base;
  }
  return "en";
}

export function t(key, params = {}) {
  const entry = catalogue[key];
  const text = entry ? (entry[root.lang] ?? entry.en) : key;
  return text.replace(/\{(\w+)\}/g, (_, name) => String(params[name] ?? `{${name}}`));
}

function setLang(lang) {
  root.lang = lang;
  document.title = t("title");
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of document.querySelectorAll("[data-i18n-aria]")) el.setAttribute("aria-label", t(el.dataset.i18nAria));
  for (const button of document.querySelectorAll("[data-lang]")) {
    button.setAttribute("aria-pressed", String(button.dataset.lang === lang));
  }
  try { localStorage.setItem("mageduel.lang", lang); } catch { /* storage blocked: the choice lasts this visit */ }
  document.dispatchEvent(new CustomEvent("mageduel:lang", { detail: lang }));
}

for (const button of document.querySelectorAll("[data-lang]")) {
  button.addEventListener("click", () => setLang(button.dataset.lang));
}
setLang(pickLang());

// --- progress: the bytes of the runtime, counted as the browser fetches them ---------------------
const progress = document.getElementById("progress");
const stage = document.getElementById("stage");
const totalBytes = Number(root.dataset.bootBytes || 0);
let loadedBytes = 0;
function showProgress() {
  if (!totalBytes) return;
  progress.value = Math.min(loadedBytes / totalBytes, 1);
  // A decimal comma in French, as web/i18n.py's number() writes it: "2,4 sur 18,2 Mo".
  const mb = (n) => {
    const text = (n / 1e6).toFixed(1);
    return root.lang === "fr" ? text.replace(".", ",") : text;
  };
  stage.textContent = `${t(stage.dataset.i18n)} — ${t("loading.progress", { loaded: mb(loadedBytes), total: mb(totalBytes) })}`;
}
if (totalBytes && "PerformanceObserver" in window) {
  progress.value = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (/\/pyodide\//.test(entry.name)) loadedBytes += entry.decodedBodySize || entry.encodedBodySize || 0;
    }
    showProgress();
  }).observe({ type: "resource", buffered: true });
}
document.addEventListener("mageduel:stage", (event) => {
  stage.dataset.i18n = event.detail;
  stage.textContent = t(event.detail);
  showProgress();
});

// --- errors: one readable panel, and data-ready="error" for tests and embedders ---------------------
export function fail(detail) {
  if (root.dataset.ready === "true" || root.dataset.ready === "error") return;
  root.dataset.ready = "error";
  root.dataset.state = "error";
  // Python never became ready, so #game holds at most the build-time first screen, which cannot be played
  // without it: the cause replaces it.
  document.getElementById("game").replaceChildren();
  document.getElementById("arena").replaceChildren();
  document.getElementById("loading").hidden = true;
  document.getElementById("error").hidden = false;
  document.getElementById("error-details").textContent = String(detail || "unknown error").slice(0, 4000);
}
watchBoot(fail);

async function registerServiceWorker() {
  // Cache-first service worker: after one visit the site works offline. Not where storage is blocked.
  if (root.dataset.storage !== "persistent" || !("serviceWorker" in navigator)) return;
  if (new URLSearchParams(location.search).has("nosw")) return;
  try { await navigator.serviceWorker.register("./sw.js"); } catch { /* offline use is a bonus, never a blocker */ }
}

// Register only once ready, so precaching never competes with the first load.
new MutationObserver((_, observer) => {
  if (root.dataset.ready === "true") { observer.disconnect(); posterReady(); registerServiceWorker(); }
}).observe(root, { attributes: true, attributeFilter: ["data-ready"] });

try {
  // Where a frame has IndexedDB blocked, the runtime starts on an in-memory one and the page says so.
  if ((await ensureStorage()) === "memory") document.getElementById("storage-note").hidden = false;
  await import("./pyscript/core.js");
} catch (error) {
  fail(error?.message || error);
}
