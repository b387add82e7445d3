// The static site's backend: the engine, the linked expansions and the
// bots compiled to WebAssembly (carcassonne-web), in the page. It has the
// shape of backend.js's serverBackend(): the same calls, answering the
// same {status, ok, body} with the JSON of docs/serve-api.md, so the lobby
// and the game page are the server's own (docs/web.md).
//
// The games live in the page's engine and are kept in this browser's
// storage (localStorage) after every change, so that following a link or
// reloading the page loses nothing; another tab's changes come in through
// the storage event. A game's bots think in a Web Worker (worker.js, a
// second copy of the engine rebuilt from the game's record) while a page
// of that game is open, so the page keeps answering during a search.
"use strict";
const backend = (() => {
  const GAME = "carcassonne-web-game-";   // + id: a game as the engine keeps it
  const NEXT = "carcassonne-web-next-id"; // the next game's id: ids are never used twice
  const listeners = new Map();            // game id -> the pages' handlers (listen)
  const thinking = new Set();             // games whose bot is thinking in the worker
  const records = new Map();              // game id -> [length, blob URL] of its record's download
  const OWN = "carcassonne-web-tile-sets"; // the tile editor's sets of one's own (file name -> text)
  let lobby = null;                       // the engine's games, once loaded
  let wasm = null;                        // the engine's module, once loaded
  let tileEditor = null;                  // the tile editor's engine, made when first asked
  let worker = null;
  const rates = [];                       // callers waiting for the worker's search speed

  function storage() { try { return window.localStorage; } catch (e) { return null; } }

  // The engine: loaded once per page, with every game this browser keeps.
  const engine = (async () => {
    const m = await import("./carcassonne_web.js");
    await m.default();
    wasm = m;
    const games = new m.Lobby();
    const kept = storage();
    if (kept) {
      for (let i = 0; i < kept.length; i++) {
        const key = kept.key(i);
        if (!key || !key.startsWith(GAME)) continue;
        const a = JSON.parse(games.load(kept.getItem(key)));
        if (a.status !== 200) console.warn(key + ": " + a.body.error);
      }
      games.reserve(Number(kept.getItem(NEXT)) || 1);
    }
    lobby = games;
    return games;
  })();

  function answer(text) {
    const a = JSON.parse(text);
    return {status: a.status, ok: a.status >= 200 && a.status < 300, body: a.body};
  }

  // Keeps game `id` in this browser's storage as it now stands (or forgets it).
  function keep(id) {
    const kept = storage();
    if (!kept) return;
    try {
      const text = lobby.kept(id);
      if (text === undefined) kept.removeItem(GAME + id);
      else kept.setItem(GAME + id, text);
      kept.setItem(NEXT, String(lobby.next_id()));
    } catch (e) {
      console.error("game " + id + " could not be kept in this browser's storage: " + e);
    }
  }

  // Forgets the kept games the engine no longer holds (a new game made
  // room by dropping the oldest finished one).
  function prune() {
    const kept = storage();
    if (!kept) return;
    const held = new Set(lobby.ids());
    const gone = [];
    for (let i = 0; i < kept.length; i++) {
      const key = kept.key(i);
      if (key && key.startsWith(GAME) && !held.has(Number(key.slice(GAME.length)))) gone.push(key);
    }
    gone.forEach((key) => kept.removeItem(key));
  }

  // Tells the pages following game `id` that it changed, and lets its bots move.
  function changed(id) {
    const on = listeners.get(id);
    if (on) {
      const v = lobby.version(id), n = lobby.chat_count(id);
      for (const h of on) { h.version(v); h.chat(n); }
    }
    think(id);
  }

  function thinker() {
    if (worker) return worker;
    worker = new Worker("worker.js", {type: "module"});
    worker.onmessage = (e) => {
      const m = e.data;
      if (m.kind === "rate") { const done = rates.shift(); if (done) done(m); return; }
      thinking.delete(m.id);
      if (m.kind === "choice") {
        const a = answer(lobby.finish_bot(m.id, m.version, m.choice));
        if (!a.ok) lobby.fail_bots(m.id, a.body.error);
      } else {
        lobby.fail_bots(m.id, "the bots' worker failed: " + m.error);
      }
      keep(m.id);
      changed(m.id);
    };
    worker.onerror = (e) => {
      for (const id of thinking) { lobby.fail_bots(id, "the bots' worker failed: " + (e.message || "it did not start")); changed(id); }
      thinking.clear();
    };
    return worker;
  }

  // When a bot of game `id` must decide and a page follows the game, the
  // worker thinks from the game's record; its choice comes back above.
  function think(id) {
    if (!listeners.has(id) || thinking.has(id)) return;
    const request = lobby.bot_request(id);
    if (request === undefined) return;
    // The record stays text: a JavaScript number would round its 64-bit seed.
    const {version, record} = JSON.parse(request);
    thinking.add(id);
    thinker().postMessage({kind: "think", id, version, record});
  }

  // Another tab changed or deleted a game: this page takes it as it is now.
  window.addEventListener("storage", (e) => {
    if (!lobby || !e.key || !e.key.startsWith(GAME)) return;
    const id = Number(e.key.slice(GAME.length));
    if (e.newValue === null) lobby.forget(id);
    else lobby.load(e.newValue);
    changed(id);
  });

  // The tile editor's routes (docs/serve-api.md's /api/tiles…), answered
  // by the engine's editor over the built-in sets (read-only) and the sets
  // of one's own this browser keeps, stored again after every change; and
  // the lobby's POST /api/games for its "Try it".
  async function editorCall(path, body) {
    await engine;
    if (!tileEditor) {
      const kept = storage();
      tileEditor = new wasm.TileEditor((kept && kept.getItem(OWN)) || "{}");
    }
    const request = JSON.stringify(body || {});
    const keepOwn = (text) => {
      const a = answer(text);
      const kept = storage();
      if (a.ok && kept) {
        try { kept.setItem(OWN, tileEditor.own_files()); }
        catch (e) { return {status: 507, ok: false, body: {ok: false, error: "this browser's storage is full: download the working copy to keep it", diagnostics: []}}; }
      }
      return a;
    };
    const file = path.match(/^\/api\/tiles\/file\?file=(.*)$/);
    if (path === "/api/tiles") return answer(tileEditor.list());
    if (file) return answer(tileEditor.file(decodeURIComponent(file[1])));
    if (path === "/api/tiles/edit") return answer(tileEditor.edit(request));
    if (path === "/api/tiles/write") return keepOwn(tileEditor.write(request));
    if (path === "/api/tiles/new-set") return keepOwn(tileEditor.new_set(request));
    return {status: 404, ok: false, body: {ok: false, error: "no route " + path + " in this page", diagnostics: []}};
  }

  const idOf = (id) => Number(id);
  async function call(work) { await engine; return answer(work(lobby)); }
  // A change to game `id`: kept in this browser and announced.
  async function change(id, work) {
    const a = await call(work);
    keep(idOf(id));
    changed(idOf(id));
    return a;
  }

  return {
    kind: "web",
    gameId: () => new URLSearchParams(location.search).get("game") || "",
    // The server's paths as this site's pages: the lobby is index.html, a
    // game's page game.html?game=ID, its replay replay.html?game=ID, and its
    // record a download made here.
    link(path) {
      if (path === "/") return "index.html";
      if (path === "/editor") return "editor.html";
      let m = path.match(/^\/games\/([^/?]+)\/?(?:\?(.*))?$/);
      if (m) return "game.html?game=" + m[1] + (m[2] ? "&" + m[2] : "");
      m = path.match(/^\/api\/games\/([^/]+)\/replay$/);
      if (m) return "replay.html?game=" + m[1];
      m = path.match(/^\/api\/games\/([^/]+)\/record$/);
      if (m) {
        const id = idOf(m[1]);
        const text = lobby && lobby.record(id);
        if (text === undefined || text === null) return "#";
        const [length, url] = records.get(id) || [];
        if (length === text.length) return url;
        if (url) URL.revokeObjectURL(url);
        const made = URL.createObjectURL(new Blob([text], {type: "application/json"}));
        records.set(id, [text.length, made]);
        return made;
      }
      return path;
    },
    expansions: () => call((l) => l.expansions()),
    bots: () => call((l) => l.bots()),
    tileSets: () => call((l) => l.tile_sets()),
    // The tile editor's calls (editor.html), and "Try it"'s new game.
    editor(path, body) {
      if (path === "/api/games") return this.create(body);
      return editorCall(path, body);
    },
    games: () => call((l) => l.games()),
    check: (config) => call((l) => l.check(JSON.stringify(config))),
    async create(config) {
      const a = await call((l) => l.create(JSON.stringify(config)));
      if (a.ok) { keep(a.body.id); prune(); }
      return a;
    },
    // "Continue a record": a new game from a record file's text.
    async importRecord(text) {
      const a = await call((l) => l.import_record(text));
      if (a.ok) { keep(a.body.id); prune(); }
      return a;
    },
    async remove(id, token) {
      const a = await call((l) => l.remove(idOf(id), JSON.stringify({token})));
      if (a.ok) keep(idOf(id));
      return a;
    },
    state: (id, token, view) => call((l) => l.state(idOf(id), token || undefined, view ? view.join(",") : undefined)),
    move: (id, request) => change(id, (l) => l.submit(idOf(id), JSON.stringify(request))),
    undo: (id, request) => change(id, (l) => l.undo(idOf(id), JSON.stringify(request))),
    chat: (id, request) => change(id, (l) => l.chat(idOf(id), JSON.stringify(request))),
    // The replay viewer's page of game `id` (replay.html).
    replayHtml: (id) => call((l) => l.replay(idOf(id))),
    // Follows game `id` as backend.js's does; its bots think while it is followed.
    listen(id, on) {
      engine.then(() => {
        const key = idOf(id);
        if (!listeners.has(key)) listeners.set(key, new Set());
        listeners.get(key).add(on);
        on.open();
        think(key);
      }, () => on.lost());
    },
    // The search bot's speed in this browser's worker: `iterations` a
    // decision over `decisions` decisions of a base game (docs/web.md).
    searchRate(iterations, decisions) {
      return new Promise((done) => { rates.push(done); thinker().postMessage({kind: "rate", iterations, decisions}); });
    },
  };
})();
