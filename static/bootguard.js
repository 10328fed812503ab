// Loads before the modules, as a classic script: classic scripts load where module scripts are blocked (a
// sandboxed frame has an opaque origin, and a module from a host that does not send
// Access-Control-Allow-Origin is refused there). So when a module or the runtime cannot load, this says
// the cause and what the host must send, instead of "Loading" forever; it marks <html data-ready="error"
// data-state="error"> for tests and embedders.
(function () {
  "use strict";
  var root = document.documentElement;
  var opaque = String(self.origin) === "null";

  function say(key, params) {
    var catalogue = {};
    try { catalogue = JSON.parse(document.getElementById("messages").textContent); } catch (e) { /* none */ }
    var lang = root.lang || "en";
    if (!root.lang || root.lang === "en") {
      var nav = String((navigator.languages || [navigator.language || "en"])[0]).slice(0, 2).toLowerCase();
      if (nav === "fr") lang = "fr";
    }
    var entry = catalogue[key] || {};
    var text = entry[lang] || entry.en || key;
    return text.replace(/\{(\w+)\}/g, function (_, name) { return String((params || {})[name] || ""); });
  }

  function hint() {
    var box = document.getElementById("error");
    if (!box || document.getElementById("error-host")) return;
    var p = document.createElement("p");
    p.id = "error-host";
    p.textContent = say("reliab.host.hint");
    box.insertBefore(p, box.querySelector("details"));
  }

  function show(cause, hostHint) {
    if (root.dataset.ready === "true") return;
    if (document.readyState === "loading") {
      document.addEventListener("DOMContentLoaded", function () { show(cause, hostHint); });
      return;
    }
    root.dataset.ready = "error";
    root.dataset.state = "error";
    var loading = document.getElementById("loading");
    var error = document.getElementById("error");
    if (loading) loading.hidden = true;
    if (error) error.hidden = false;
    var details = document.getElementById("error-details");
    if (details && !details.textContent) details.textContent = String(cause).slice(0, 4000);
    if (hostHint) hint();
  }

  // A script or stylesheet that cannot load: its error does not bubble, so listen while it is captured.
  window.addEventListener("error", function (event) {
    var el = event.target;
    if (el && el !== window && el.tagName === "SCRIPT") {
      show(say("reliab.host.module", { url: el.src || "(inline)" }), true);
    }
  }, true);

  // The runtime failing later (boot.js says so with data-ready="error"): in a sandboxed frame the cause is
  // almost always the missing header, so say what the host must send.
  new MutationObserver(function () {
    if (root.dataset.ready === "error") {
      root.dataset.state = "error";
      var details = document.getElementById("error-details");
      var text = details ? details.textContent : "";
      if (opaque || /fetch|import|module|CORS|NetworkError/i.test(text)) hint();
    }
  }).observe(root, { attributes: true, attributeFilter: ["data-ready"] });
})();
