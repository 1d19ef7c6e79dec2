// The project's own rules in this browser (Pyodide, served by the app: service/recorder/engine.py),
// run in a worker (engine-worker.js). Offline, the position after the queued moves is decided by the
// same Python as on the server, and each move is built by the same decisions (domain/building.py). Until
// it has loaded, or where it is not installed, the page builds moves only online.
let worker = null;
let ready = null; // a promise of true (loaded) or false (not installed, failed)
let state = null; // "loading", "ready", "missing" (the server has none), "failed"
let started = null; // "snapshot" (Pyodide's memory after its start, from the server) or "start" (the long way)
let asked = 0;
const waiting = new Map();

const WANTED = "banquise.engine";

// The engine weighs some 14 MB, downloaded once per device: a phone on a metered plan may do without.
export function engineWanted() {
  return localStorage.getItem(WANTED) !== "off";
}

export function wantEngine(yes) {
  localStorage.setItem(WANTED, yes ? "on" : "off");
}

// What the page may say of the engine: "off" (not wanted on this device), "loading", "ready",
// "missing" (this server has no engine to give), "failed" (it did not load here).
export function engineState() {
  if (state === "missing") return state;
  return engineWanted() ? state || "loading" : "off";
}

// How the engine started here, once it has: "snapshot" or "start".
export function engineStarted() {
  return started;
}

export function startEngine() {
  if (!engineWanted()) return Promise.resolve(false);
  if (!ready) {
    state = "loading";
    ready = new Promise((resolve) => {
      try {
        worker = new Worker("/static/recorder/engine-worker.js", { type: "module" });
      } catch {
        state = "failed";
        resolve(false);
        return;
      }
      worker.onmessage = ({ data }) => {
        if ("ready" in data) {
          if (!data.ready) state = data.missing ? "missing" : "failed";
          started = data.started;
          resolve(data.ready);
        }
        else if (waiting.has(data.id)) { waiting.get(data.id)(data.answer); waiting.delete(data.id); }
      };
      worker.onerror = () => { state = "failed"; resolve(false); };
    });
    ready.then((ok) => {
      loaded = ok;
      if (ok) state = "ready";
    });
  }
  return ready;
}

let loaded = false;

// The position after the record's moves and the queued ones: {stored_hash, state_hash, view (the
// owner's, as /replay gives it), decision (the next decision after \`made\`, as POST /moves/next
// answers it, in \`lang\`), finished}, {stored_hash, unknown: the index of a decision not offered} or,
// when the rules refuse a queued move, {stored_hash, refused (its index), code, detail}. null: no
// engine (yet): the page does not wait for one still loading.
export function position(kind, record, pending, players, made = [], lang = "en") {
  if (!loaded || !engineWanted()) return Promise.resolve(null);
  const id = ++asked;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    worker.postMessage({ id, kind, record: JSON.stringify(record), pending: JSON.stringify(pending), players: JSON.stringify(players), made: JSON.stringify(made), lang });
  });
}
