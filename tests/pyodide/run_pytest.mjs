// Runs the engine's own tests inside Pyodide (Python 3.14) under Node.js, offline, from the built wheels:
// the code we ship is tested in the runtime that runs it.
//
//   node tests/pyodide/run_pytest.mjs --pyodide dist/pyodide --tests tests --wheel=X.whl ... -- engine rules
//
// The repository is mounted at /work (NODEFS); the engine itself comes only from the wheel in
// dist/pyodide (listed in its pyodide-lock.json), never from the source tree.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const pyodideDir = path.resolve(option("--pyodide"));
const testsDir = path.resolve(option("--tests"));
const repo = path.dirname(testsDir);
const wheels = args.filter((a) => a.startsWith("--wheel=")).map((a) => path.resolve(a.slice(8)));
const sep = args.indexOf("--");
const targets = sep >= 0 ? args.slice(sep + 1) : ["engine"];

const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep });
// The stdlib's modules the page never imports are in a second archive the page fetches on demand
// (web/lazy_stdlib.py); Node.js has no XMLHttpRequest, so it is put where the page would write it.
const rest = path.join(pyodideDir, "python_stdlib_rest.zip");
if (existsSync(rest)) pyodide.FS.writeFile("/lib/python_stdlib_rest.zip", readFileSync(rest));
// Raw writes, so pytest's progress dots stay on one line.
pyodide.setStdout({ write: (bytes) => { process.stdout.write(bytes); return bytes.length; } });
pyodide.setStderr({ write: (bytes) => { process.stderr.write(bytes); return bytes.length; } });
const lock = JSON.parse(readFileSync(path.join(pyodideDir, "pyodide-lock.json"), "utf8"));
const shipped = new Set(Object.values(lock.packages).map((p) => p.file_name));
// Shipped wheels by name through the lock file (as the page does); test-only wheels by path.
await pyodide.loadPackage([
  ...Object.keys(lock.packages),
  ...wheels.filter((w) => !shipped.has(path.basename(w))),
], { messageCallback: () => {} });

pyodide.FS.mkdirTree("/work");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: repo }, "/work");
pyodide.globals.set("TARGETS", pyodide.toPy(targets.map((t) => `/work/tests/${t}`)));
const code = await pyodide.runPythonAsync(`
import os, sys, platform
import mageduel
assert mageduel.__file__.startswith(sys.prefix) or "site-packages" in mageduel.__file__, mageduel.__file__
print(f"Pyodide: Python {platform.python_version()} on {sys.platform}; mageduel from {os.path.dirname(mageduel.__file__)}")
os.chdir("/home/pyodide")
import pytest
targets = [t for t in TARGETS if os.path.exists(t)]  # a folder or one test file
int(pytest.main(["-q", "-p", "no:cacheprovider", "--rootdir=/work", "-c", "/work/pyproject.toml", *targets]))
`);
process.exit(Number(code));
