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


def _reached(kind, record_json, pending_json):
    key = (kind, record_json, pending_json)
    if _LAST.get("key") == key:
        return _LAST["answer"]
    rules = game(kind).rules
    record = json.loads(record_json)
    state = rules.fold(rules.start(msgspec.convert(record["setup"], rules.setup_type)))
    for entry in record["moves"]:
        state = _apply(rules, state, entry["move"])
    stored = state_hash(state)
    answer = None
    for index, move in enumerate(json.loads(pending_json)):
        try:
            state = _apply(rules, state, move)
        except RuleViolation as refusal:
            answer = ({"stored_hash": stored, "refused": index, "code": refusal.code, "detail": refusal.message}, None, None)
            break
    if answer is None:
        answer = ({"stored_hash": stored}, state, None)
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

const loading = (async () => {
  const manifest = await fetch("/recorder/engine/engine.json");
  if (!manifest.ok) {
    missing = manifest.status === 404;
    return null;
  }
  const { wheel } = await manifest.json();
  const { loadPyodide } = await import("/recorder/engine/pyodide.mjs");
  const py = await loadPyodide({ indexURL: "/recorder/engine/" });
  await py.loadPackage(`/recorder/engine/${wheel}`);
  const zip = await (await fetch("/recorder/engine/banquise.zip")).arrayBuffer();
  py.unpackArchive(zip, "zip", { extractDir: "/home/pyodide/banquise" });
  py.runPython(SHIM);
  return py;
})().catch(() => null);

loading.then((py) => self.postMessage({ ready: Boolean(py), missing }));

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
