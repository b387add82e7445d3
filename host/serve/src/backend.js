// The backend of the lobby and the game page: where their games live.
// One page, two backends: `serverBackend()` asks `carcassonne serve` over
// HTTP (docs/serve-api.md); the static site's web.js makes a backend of
// the same shape over the engine compiled to WebAssembly, in the page.
// Every call answers a promise of {status, ok, body}, body being the JSON
// of the route of the same name; a call that cannot reach its games
// rejects (the page then says the connection is lost).
"use strict";
function serverBackend() {
  async function call(path, method, body, signal) {
    const options = {method: method || "GET", cache: "no-store"};
    if (body !== undefined) { options.headers = {"Content-Type": "application/json"}; options.body = JSON.stringify(body); }
    if (signal) options.signal = signal;
    const r = await fetch(path, options);
    const answer = await r.json().catch(() => ({error: "the server answered " + r.status}));
    return {status: r.status, ok: r.ok, body: answer};
  }
  const game = (id) => "/api/games/" + encodeURIComponent(id);
  return {
    kind: "server",
    // The game a page at this address shows: its path is /games/{id}/.
    gameId: () => decodeURIComponent((location.pathname.match(/^\/games\/([^/]+)/) || [])[1] || ""),
    // A path of the server's (a game's link, the lobby, a record) as a link of this site.
    link: (path) => path,
    expansions: () => call("/api/expansions"),
    bots: () => call("/api/bots"),
    tileSets: () => call("/api/tiles"),
    // The tile editor's calls (editor.html): a route of /api/tiles… (GET
    // without a body, POST with one), or the lobby's POST /api/games.
    editor: (path, body) => call(path, body === undefined ? "GET" : "POST", body),
    games: () => call("/api/games"),
    check: (config) => call("/api/games/check", "POST", config),
    create: (config) => call("/api/games", "POST", config),
    remove: (id, token) => call(game(id), "DELETE", {token}),
    state: (id, token, view, signal) => call(game(id) + "/state?token=" + encodeURIComponent(token || "") + (view ? "&view=" + view.join(",") : ""), "GET", undefined, signal),
    move: (id, request) => call(game(id) + "/move", "POST", request),
    undo: (id, request) => call(game(id) + "/undo", "POST", request),
    chat: (id, request) => call(game(id) + "/chat", "POST", request),
    // Follows game `id`: `on.version(v)` and `on.chat(n)` as they change,
    // `on.over()` once it has ended, `on.open()` when connected, `on.lost()`
    // when the connection is lost (it is made again every two seconds
    // until `on.stopped()` says to stop). The server's event stream, or
    // asking every two seconds (`on.poll()`) without EventSource.
    listen(id, on) {
      if (!window.EventSource) { setInterval(() => on.poll(), 2000); return; }
      const connect = () => {
        if (on.stopped && on.stopped()) return;
        const es = new EventSource(game(id) + "/events");
        // A connection that does not open within a few seconds (a server
        // restarting, its machine unreachable for a while) is dropped and
        // made again, so the page resumes by itself soon after the server is back.
        const stuck = setTimeout(() => {
          if (es.readyState === EventSource.OPEN) return;
          es.close(); on.lost(); setTimeout(connect, 2000);
        }, 5000);
        es.addEventListener("open", () => { clearTimeout(stuck); on.open(); });
        es.addEventListener("version", (e) => on.version(Number(e.data)));
        es.addEventListener("chat", (e) => on.chat(Number(e.data)));
        // A finished game changes no more: the server lets its watchers go.
        es.addEventListener("over", () => { es.close(); on.over(); });
        // A stream refused (the server keeps few) or lost: the state is
        // asked for at once, which also tells a busy server from a lost one.
        es.onerror = () => { clearTimeout(stuck); es.close(); on.lost(); setTimeout(connect, 2000); };
      };
      connect();
    },
  };
}
