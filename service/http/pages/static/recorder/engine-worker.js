// The engine's own thread: Pyodide, msgspec and the project's rules loaded away from the page's
// thread (the page stays responsive while they load). Asked by engine.js, one message per question.
const SHIM = `
import json, sys
sys.path.insert(0, "/home/pyodide/banquise")
import msgspec
from domain import building
from domain.errors import RuleViolation
from domain.kinds import game  # registers the kinds the package holds: the page names none
from domain.game import Perspective, state_hash
import choices

EVERYTHING = Perspective(kind="omniscient")  # the owner's board, as the recorder draws it


def _apply(rules, state, move):
    for event in rules.decide(state, msgspec.convert(move, rules.move_type)):
        state = rules.evolve(state, event)
    return state


_LAST = {}  # the last position reached: the page asks again at each decision of a move
_FOLDS = {}  # by what was folded ("stored", "ahead"): the moves applied and the state after them


def _after(slot, kind, setup, moves):
    """The state after the moves from the setup, going on from the slot's last fold where its moves
    begin these: a game recorded a move at a time is folded once, not again at every move."""
    rules = game(kind).rules
    last = _FOLDS.get(slot)
    if last is not None and last[0] == (kind, setup) and moves[: len(last[1])] == last[1]:
        done, state = last[1], last[2]
    else:
        done, state = [], rules.fold(rules.start(msgspec.convert(setup, rules.setup_type)))
    for index in range(len(done), len(moves)):
        try:
            state = _apply(rules, state, moves[index])
        except RuleViolation as refusal:
            refusal.at = index  # the move refused; the last fold is left as it was
            raise
    _FOLDS[slot] = ((kind, setup), list(moves), state)
    return state


def _reached(kind, record_json, pending_json):
    key = (kind, record_json, pending_json)
    if _LAST.get("key") == key:
        return _LAST["answer"]
    record = json.loads(record_json)
    stored_moves = [entry["move"] for entry in record["moves"]]
    stored = state_hash(_after("stored", kind, record["setup"], stored_moves))
    pending = json.loads(pending_json)
    try:
        answer = ({"stored_hash": stored}, _after("ahead", kind, record["setup"], stored_moves + pending), None)
    except RuleViolation as refusal:
        index = refusal.at - len(stored_moves)  # the first pending move refused
        answer = ({"stored_hash": stored, "refused": index, "code": refusal.code, "detail": refusal.message}, None, None)
    _LAST.clear()
    _LAST.update(key=key, answer=answer)
    return answer


def position(kind, record_json, pending_json, players_json, made_json, lang):
    head, state, _ = _reached(kind, record_json, pending_json)
    if state is None:
        return json.dumps(head)
    rules = game(kind).rules
    players = json.loads(players_json)
    paths = _LAST.get(("paths", lang))  # the decisions said in the page's language
    if paths is None:
        paths = _LAST[("paths", lang)] = list(game(kind).build(state, players, lang)) if not rules.is_finished(state) else []
    answer = {**head, "state_hash": state_hash(state), "view": rules.view(state, EVERYTHING),
              "finished": rules.is_finished(state)}
    if paths:
        try:
            built = building.next_decision(paths, json.loads(made_json))
        except building.Refused as refused:
            return json.dumps({**head, "unknown": refused.at, "detail": refused.detail})
        answer["decision"] = choices.next_decision(kind, -1, players, built)
    return msgspec.json.encode(answer).decode()
`;

let missing = false; // the server has no engine to give (not installed there), not a failure here
let started = "start"; // how Pyodide started: "snapshot" (its memory after a start, made by the server) or "start"

// Pyodide's memory right after its start (service/http/recorder/prepare.mjs): a second instead of several.
// A snapshot this Pyodide refuses (another build of it) or that does not arrive: the long way, as before.
async function fromSnapshot(loadPyodide, name) {
  try {
    const answer = await fetch(`/recorder/engine/${name}`);
    if (!answer.ok) return null;
    const memory = await new Response(answer.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
    const py = await loadPyodide({ indexURL: "/recorder/engine/", _loadSnapshot: new Uint8Array(memory) });
    started = "snapshot";
    return py;
  } catch {
    return null;
  }
}

const loading = (async () => {
  const manifest = await fetch("/recorder/engine/engine.json");
  if (!manifest.ok) {
    missing = manifest.status === 404;
    return null;
  }
  const { wheel, snapshot } = await manifest.json();
  const { loadPyodide } = await import("/recorder/engine/pyodide.mjs");
  const py = (snapshot && await fromSnapshot(loadPyodide, snapshot)) || await loadPyodide({ indexURL: "/recorder/engine/" });
  await py.loadPackage(`/recorder/engine/${wheel}`);
  const zip = await (await fetch("/recorder/engine/banquise.zip")).arrayBuffer();
  py.unpackArchive(zip, "zip", { extractDir: "/home/pyodide/banquise" });
  py.runPython(SHIM);
  return py;
})().catch(() => null);

loading.then((py) => self.postMessage({ ready: Boolean(py), missing, started }));

self.onmessage = async ({ data }) => {
  const py = await loading;
  if (!py) return self.postMessage({ id: data.id, answer: null });
  try {
    const answer = py.globals.get("position")(data.kind, data.record, data.pending, data.players, data.made || "[]", data.lang || "en");
    self.postMessage({ id: data.id, answer: JSON.parse(answer) });
  } catch (error) {
    self.postMessage({ id: data.id, answer: null, error: String(error) });
  }
};
