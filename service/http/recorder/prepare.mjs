// What makes the recorder's engine start in a second rather than several (run by `make recorder-engine`,
// through service/http/recorder/prepare.py):
//  - Pyodide's memory right after its start (its own snapshot format, checked against its build id when
//    loaded: a snapshot of another Pyodide is refused and the worker starts the long way);
//  - the rules' bytecode compiled by Pyodide's own Python, checked against their source's hash at each import
//    (PEP 552): a module edited since is compiled again in the browser, never run stale.
//
//   node prepare.mjs <pyodide dir> <package zip> <output dir>
import { readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { join } from "node:path";

const [pyodideDir, packageZip, outDir] = process.argv.slice(2);
if (!outDir) {
  console.error("usage: node prepare.mjs <pyodide dir> <package zip> <output dir>");
  process.exit(2);
}
const { loadPyodide } = await import(join(pyodideDir, "pyodide.mjs"));

// The snapshot is taken before anything else runs in it: what the page loads next (msgspec's wheel, the
// rules) is loaded by the page, as without a snapshot.
const fresh = await loadPyodide({ indexURL: pyodideDir + "/", _makeSnapshot: true });
writeFileSync(join(outDir, "snapshot.bin.gz"), gzipSync(fresh.makeMemorySnapshot(), { level: 6 }));

const py = await loadPyodide({ indexURL: pyodideDir + "/" });
py.unpackArchive(new Uint8Array(readFileSync(packageZip)), "zip", { extractDir: "/package" });
py.runPython(`
import compileall, io, os, py_compile, zipfile
compileall.compile_dir("/package", quiet=1, invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH)
out = io.BytesIO()
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
    for root, _, files in sorted(os.walk("/package")):
        for name in sorted(files):
            if name.endswith(".pyc"):
                path = os.path.join(root, name)
                z.write(path, os.path.relpath(path, "/package"))
with open("/bytecode.zip", "wb") as f:
    f.write(out.getvalue())
`);
writeFileSync(join(outDir, "bytecode.zip"), py.FS.readFile("/bytecode.zip"));
