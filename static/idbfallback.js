// Storage for the Python runtime, shared by the game (boot.js) and the wiki widget (embed.js): PyScript
// opens IndexedDB at start, and a cross-site or sandboxed frame may have it blocked; then an in-memory
// IndexedDB (fake-indexeddb, shipped with the site) stands in, so the page still starts. Marks
// <html data-storage> "persistent" or "memory" and returns which.

function probeIndexedDB() {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), 2000);
    const done = (ok) => { clearTimeout(timer); resolve(ok); };
    try {
      const request = indexedDB.open("mageduel-probe");
      request.onsuccess = () => { request.result.close(); done(true); };
      request.onerror = () => done(false);
      request.onblocked = () => done(false);
    } catch {
      done(false);
    }
  });
}

export async function ensureStorage() {
  const root = document.documentElement;
  if ("indexedDB" in window && (await probeIndexedDB())) {
    root.dataset.storage = "persistent";
    return "persistent";
  }
  // Resolved against this module's own address, so it loads from an opaque-origin frame too.
  const fake = await import("./vendor/fake-indexeddb/index.js");
  for (const name of ["indexedDB", "IDBCursor", "IDBCursorWithValue", "IDBDatabase", "IDBFactory", "IDBIndex",
    "IDBKeyRange", "IDBObjectStore", "IDBOpenDBRequest", "IDBRequest", "IDBTransaction", "IDBVersionChangeEvent"]) {
    Object.defineProperty(globalThis, name, { value: fake[name], configurable: true, writable: true });
  }
  root.dataset.storage = "memory";
  return "memory";
}
