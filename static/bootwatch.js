// The watch over the Python runtime's start, shared by the game (boot.js) and the wiki widget (embed.js):
// whatever stops the start — an uncaught error, a rejected promise, PyScript's own error element, or
// nothing at all for too long — is handed once to the page's fail(cause), which shows the cause on screen
// and marks <html data-state="error">, instead of "Loading" forever (issue 11). Each page keeps its own
// fail(): the game replaces its poster by an error panel, the widget says it in its status line.
export const BOOT_TIMEOUT_MS = 240_000;

export function watchBoot(fail, timeoutMs = BOOT_TIMEOUT_MS) {
  window.addEventListener("error", (event) => fail(event.message || event.error));
  window.addEventListener("unhandledrejection", (event) => fail(event.reason?.message || event.reason));
  // PyScript reports Python and boot errors as .py-error elements: adopt their text instead.
  new MutationObserver(() => {
    const shown = document.querySelector(".py-error");
    if (shown) { fail(shown.textContent); shown.remove(); }
  }).observe(document.body, { childList: true, subtree: true });
  setTimeout(() => fail(`not ready after ${timeoutMs / 1000} s`), timeoutMs);
}
