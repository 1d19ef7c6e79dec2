// What the recorder keeps in the browser (IndexedDB): the queue of moves not yet stored by the
// server and the last answers read (for a reload offline). ("templates" held the choices seen so far
// in a game when the page listed them: kept in the schema, unused.)
const DB = "banquise-recorder";
let opened = null;

function open() {
  if (!opened) {
    opened = new Promise((resolve, reject) => {
      const request = indexedDB.open(DB, 1);
      request.onupgradeneeded = () => {
        const db = request.result;
        db.createObjectStore("queue", { keyPath: "id", autoIncrement: true }).createIndex("game", "game");
        db.createObjectStore("cache", { keyPath: "k" });
        db.createObjectStore("templates", { keyPath: "k" }).createIndex("game", "game");
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  }
  return opened;
}

async function run(store, mode, work) {
  const db = await open();
  return new Promise((resolve, reject) => {
    const tx = db.transaction(store, mode);
    let result;
    Promise.resolve(work(tx.objectStore(store))).then((r) => { result = r; });
    tx.oncomplete = () => resolve(result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

const asked = (request) => new Promise((resolve, reject) => {
  request.onsuccess = () => resolve(request.result);
  request.onerror = () => reject(request.error);
});

export async function queued(game) {
  const items = await run("queue", "readonly", (s) => asked(s.index("game").getAll(game)));
  return items.sort((a, b) => a.id - b.id);
}

export const enqueue = (item) => run("queue", "readwrite", (s) => asked(s.add(item)));
export const update = (item) => run("queue", "readwrite", (s) => asked(s.put(item)));
export const remove = (id) => run("queue", "readwrite", (s) => asked(s.delete(id)));

export async function kept(game, what) {
  const row = await run("cache", "readonly", (s) => asked(s.get(`${game}:${what}`)));
  return row ? row.value : null;
}

export const keep = (game, what, value) =>
  run("cache", "readwrite", (s) => asked(s.put({ k: `${game}:${what}`, value })));
