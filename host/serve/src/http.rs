//! The HTTP side of `carcassonne serve`: the lobby and game pages, the JSON
//! API and the event streams over the server's games (see
//! `docs/serve-api.md`).

use super::Table;
use super::editor::{
    Cancel, CancelOnDrop, EDITOR_BODY_LIMIT, Editor, EditorRequest, Failure, NewSet, TileEdit, WorkingEdit,
    WorkingSave, may_save,
};
use super::guard::{self, Limits};
use super::lobby::{GameSlot, Lobby, Offer};
use super::proxy::{self, Client, Proxies};
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{ConnectInfo, DefaultBodyLimit};
use axum::extract::{Query, Request, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::middleware::Next;
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use carcassonne_core::Catalog;
use carcassonne_setup::setup;
use serde::Deserialize;
use serde_json::json;
use std::net::SocketAddr;
use std::sync::{Arc, OnceLock};

/// The game page: inline script and style, no external resources; its
/// backend is the server's API ([`pages`](crate::pages)).
fn page() -> &'static str {
    crate::pages::SERVER_GAME_PAGE.as_str()
}

/// The lobby page, self-contained like [`page`].
fn lobby_page_text() -> &'static str {
    crate::pages::SERVER_LOBBY_PAGE.as_str()
}

/// The tile editor page, self-contained like [`page`].
fn editor_html() -> &'static str {
    crate::pages::SERVER_EDITOR_PAGE.as_str()
}

/// The server's games, the tile editor, and the token of the person who
/// started the server.
pub struct Server {
    lobby: Lobby,
    editor: Editor,
    /// One tile-editor job at a time: a large preview waits its turn
    /// instead of taking every worker thread. A job holds it until it
    /// ends, also after its request gave up (it is then cancelled).
    editor_slot: Arc<tokio::sync::Semaphore>,
    /// Editor jobs running now (0 or 1).
    editor_running: Arc<std::sync::atomic::AtomicUsize>,
    /// Lets its holder preview and save tiles from another machine: shown
    /// only in the terminal that started the server.
    host_token: String,
    /// The address links are made with, once the server listens.
    base: OnceLock<String>,
    /// The event streams open now, in all and by client address.
    streams: Arc<games::OpenStreams>,
    /// The reverse proxies trusted to say who their clients are, and the
    /// public address (`serve --trust-proxy`, `--public-url`).
    proxies: OnceLock<Proxies>,
}

impl Server {
    /// A server holding `table` as game 1, with a tile editor over the
    /// linked expansions' tile files in the default tile directory
    /// ([`setup::tile_source`]).
    pub fn new(table: Table) -> Arc<Server> {
        let catalog = Catalog::linked().unwrap_or_default();
        Server::with_editor(
            table,
            Editor::new(catalog, setup::tile_source(None).unwrap_or_default()),
        )
    }

    /// A server holding `table` as game 1, with the tile editor `editor`
    /// and the default lobby ([`Offer::default`], at most
    /// [`super::lobby::DEFAULT_MAX_GAMES`] games).
    pub fn with_editor(table: Table, editor: Editor) -> Arc<Server> {
        let server = Server::with_lobby(Lobby::new(Offer::default(), super::lobby::DEFAULT_MAX_GAMES), editor);
        if let Err(r) = server.lobby.add(table) {
            unreachable!("an empty lobby has room: {}", r.error);
        }
        server
    }

    /// A server over `lobby` (its games, if any) and the tile editor `editor`.
    pub fn with_lobby(lobby: Lobby, editor: Editor) -> Arc<Server> {
        let host_token = super::Seats::random(0).map(|s| s.hotseat).unwrap_or_default();
        Arc::new(Server {
            lobby,
            editor,
            editor_slot: Arc::new(tokio::sync::Semaphore::new(1)),
            editor_running: Arc::default(),
            host_token,
            base: OnceLock::new(),
            streams: Arc::default(),
            proxies: OnceLock::new(),
        })
    }

    /// Trusts `proxies` to say who their clients are (once, before
    /// serving; `false` if they were set already).
    pub fn set_proxies(&self, proxies: Proxies) -> bool {
        self.proxies.set(proxies).is_ok()
    }

    /// The proxies trusted to say who their clients are.
    pub fn proxies(&self) -> &Proxies {
        static NONE: OnceLock<Proxies> = OnceLock::new();
        self.proxies.get().unwrap_or_else(|| NONE.get_or_init(Proxies::default))
    }

    /// The address links are made with for a request from `client`: the
    /// public address when one was given; for a request a proxy handed on,
    /// the scheme and host it names (none when it names neither: the
    /// pages then use their own); else the address the server listens on.
    pub fn base_for(&self, client: Option<&Client>) -> Option<String> {
        if let Some(url) = &self.proxies().public_url {
            return Some(url.trim_end_matches('/').to_string());
        }
        match client {
            Some(c) if c.via_proxy => match (&c.proto, &c.host) {
                (Some(proto), Some(host)) => Some(format!("{proto}://{host}")),
                _ => None,
            },
            _ => self.base.get().cloned(),
        }
    }

    /// The games.
    pub fn lobby(&self) -> &Lobby {
        &self.lobby
    }

    /// Game `id`, if the server holds it.
    pub fn game(&self, id: u64) -> Option<Arc<GameSlot>> {
        self.lobby.game(id)
    }

    /// How many tile-editor jobs are running now: a job whose request
    /// timed out stops at its next step (for tests).
    pub fn editor_jobs(&self) -> usize {
        self.editor_running.load(std::sync::atomic::Ordering::SeqCst)
    }

    /// The host token: previewing and saving tiles from another machine
    /// takes it (see `may_edit`).
    pub fn host_token(&self) -> &str {
        &self.host_token
    }
}

/// The routes: `/` (the lobby), `/games/{id}/` (a game's page), `/editor`
/// (the tile editor), and the API under `/api` (`docs/serve-api.md`), with
/// the default [`Limits`].
pub fn router(server: Arc<Server>) -> Router {
    router_with(server, Limits::default())
}

/// Takes a request handed on by a trusted proxy as its client's: the
/// client's address in place of the proxy's (`ConnectInfo`, which the
/// limits and the editor's checks read), and who it is as a [`Client`].
async fn client_address(State(server): State<Arc<Server>>, mut request: Request, next: Next) -> Response {
    if let Some(ConnectInfo(peer)) = request.extensions().get::<ConnectInfo<SocketAddr>>().copied() {
        let client = proxy::client_of(peer.ip(), request.headers(), server.proxies());
        request
            .extensions_mut()
            .insert(ConnectInfo(SocketAddr::new(client.ip, peer.port())));
        request.extensions_mut().insert(client);
    }
    next.run(request).await
}

/// The routes with `limits` on bodies and request times; every error,
/// unknown routes included, is JSON.
pub fn router_with(server: Arc<Server>, limits: Limits) -> Router {
    let clients = axum::middleware::from_fn_with_state(server.clone(), client_address);
    Router::new()
        .route("/", get(lobby_page))
        .route("/games/{id}", get(game_page_bare))
        .route("/games/{id}/", get(game_page))
        .route("/api/expansions", get(expansions))
        .route("/api/bots", get(bot_levels))
        .route("/api/games", get(games_list).post(create_game))
        .route("/api/games/check", post(check_game))
        .route("/api/games/{id}", get(game_summary).delete(delete_game))
        .route("/api/games/{id}/state", get(state))
        .route("/api/games/{id}/move", post(submit))
        .route("/api/games/{id}/undo", post(undo))
        .route("/api/games/{id}/chat", post(chat))
        .route("/api/games/{id}/events", get(events))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/replay", get(replay))
        .route("/editor", get(editor_page))
        .route("/api/tiles", get(tiles_list))
        .route("/api/tiles/file", get(tiles_file))
        .route("/api/tiles/preview", post(tiles_preview))
        .route("/api/tiles/save", post(tiles_save))
        // The page sends a tile file's whole working copy.
        .route(
            "/api/tiles/edit",
            post(tiles_edit).layer(DefaultBodyLimit::max(EDITOR_BODY_LIMIT)),
        )
        .route(
            "/api/tiles/write",
            post(tiles_write).layer(DefaultBodyLimit::max(EDITOR_BODY_LIMIT)),
        )
        .route("/api/tiles/new-set", post(tiles_new_set))
        .route("/api/backup", post(backup_now))
        .fallback(guard::not_found)
        .method_not_allowed_fallback(guard::wrong_method)
        .layer(DefaultBodyLimit::max(limits.body))
        .layer(axum::middleware::from_fn_with_state(
            guard::BodyLimits {
                body: limits.body,
                large: EDITOR_BODY_LIMIT,
                large_paths: &["/api/tiles/edit", "/api/tiles/write"],
            },
            guard::declared_size,
        ))
        .layer(axum::middleware::from_fn_with_state(limits.request, guard::time_limit))
        .layer(clients)
        .with_state(server)
}

/// Serves `server` on `listener` with the default [`Limits`] until the
/// process ends.
pub async fn run(listener: tokio::net::TcpListener, server: Arc<Server>) -> std::io::Result<()> {
    run_with(listener, server, Limits::default()).await
}

/// Serves `server` on `listener` under `limits` until the process ends.
pub async fn run_with(listener: tokio::net::TcpListener, server: Arc<Server>, limits: Limits) -> std::io::Result<()> {
    guard::serve(listener, router_with(server, limits), limits).await
}

/// Runs `work` on a blocking thread: moves, bots, pictures and tile checks
/// can take long, and the async workers must stay free to answer others.
async fn off_thread<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> Result<T, Response> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| guard::json_error(StatusCode::INTERNAL_SERVER_ERROR, format!("the request failed: {e}")))
}

/// The status for a body that does not read: 413 over the size limit, 415
/// without a JSON content type, else 400 (the API's answer for any body
/// that is not what it takes, where axum would say 422).
fn body_status(e: &JsonRejection) -> u16 {
    match e.status().as_u16() {
        422 => 400,
        s => s,
    }
}

/// A query string that does not read: a JSON 400.
fn bad_query(e: &QueryRejection) -> Response {
    guard::json_error(e.status(), format!("bad query string: {}", e.body_text()))
}

/// Serves `server` on `bind` until the process ends, on a runtime of its
/// own; `started` receives the start-up message ([`banner`]) once the
/// address is bound, so the caller can show the links.
///
/// # Errors
/// The runtime cannot start, the address cannot be bound, or serving fails.
pub fn serve_blocking(server: Arc<Server>, bind: &str, started: impl FnOnce(String)) -> anyhow::Result<()> {
    use anyhow::Context;
    let runtime = tokio::runtime::Runtime::new().context("cannot start the async runtime")?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(bind)
            .await
            .with_context(|| format!("cannot listen on {bind}"))?;
        let addr = listener.local_addr()?;
        let lan = guard::lan_addresses();
        let base = server
            .proxies()
            .public_url
            .clone()
            .unwrap_or_else(|| base_url(addr, &lan));
        let _ = server.base.set(base.trim_end_matches('/').to_string());
        // Where `carcassonne serve backup` finds this server (and its host
        // token, for its owner only) while it holds the database.
        if let Some(store) = server.lobby.store()
            && let Some(data) = store.path().parent()
        {
            crate::backup::write_server_file(data, addr, &server.host_token)
                .context("cannot write the server file beside the games")?;
        }
        started(banner(&server, addr, &lan));
        run(listener, server).await.context("server failed")
    })
}

async fn editor_page() -> Response {
    ([(header::CACHE_CONTROL, "no-store")], Html(editor_html())).into_response()
}

fn failure(f: Failure) -> Response {
    let status = StatusCode::from_u16(f.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    (status, Json(f.body)).into_response()
}

async fn tiles_list(State(server): State<Arc<Server>>) -> Response {
    let Ok(slot) = server.editor_slot.clone().acquire_owned().await else {
        return guard::json_error(StatusCode::SERVICE_UNAVAILABLE, "the tile editor is closed");
    };
    let worker = server.clone();
    match off_thread(move || {
        let _slot = slot;
        worker.editor.list()
    })
    .await
    {
        Ok(v) => Json(v).into_response(),
        Err(r) => r,
    }
}

#[derive(Deserialize)]
struct FileQuery {
    file: String,
}

async fn tiles_file(State(server): State<Arc<Server>>, q: Result<Query<FileQuery>, QueryRejection>) -> Response {
    let Query(q) = match q {
        Ok(q) => q,
        Err(e) => return bad_query(&e),
    };
    let Ok(slot) = server.editor_slot.clone().acquire_owned().await else {
        return guard::json_error(StatusCode::SERVICE_UNAVAILABLE, "the tile editor is closed");
    };
    let worker = server.clone();
    match off_thread(move || {
        let _slot = slot;
        worker.editor.file(&q.file)
    })
    .await
    {
        Ok(Ok(v)) => Json(v).into_response(),
        Ok(Err(f)) => failure(f),
        Err(r) => r,
    }
}

fn edit_body<B>(body: Result<Json<B>, JsonRejection>) -> Result<B, Failure> {
    body.map(|Json(e)| e).map_err(|e| Failure {
        status: body_status(&e),
        body: json!({ "ok": false, "error": format!("bad request body: {}", e.body_text()), "diagnostics": [] }),
    })
}

/// Previewing and saving work on the server's files, so both are for the
/// person at that machine: requests from a loopback address that name a
/// loopback host (not a web page that rebound its name to 127.0.0.1), or
/// carrying the host token (which only the person who started the server
/// was shown).
fn may_edit(server: &Server, peer: SocketAddr, headers: &HeaderMap, token: Option<&str>) -> Result<(), Failure> {
    let hotseat = server.host_token.clone();
    let refuse = |error: String| Failure {
        status: 403,
        body: json!({ "ok": false, "error": error, "diagnostics": [] }),
    };
    if !may_save(peer.ip(), token, &hotseat) {
        return Err(refuse(
            "previewing and saving tiles is allowed from the server's own machine (loopback) or with the host token the server printed at start"
                .into(),
        ));
    }
    let with_token = token.is_some_and(|t| !t.is_empty() && t == hotseat);
    if with_token {
        return Ok(());
    }
    // A request a proxy handed on came from wherever the proxy's clients
    // are, trusted proxy or not.
    if proxy::forwarded(headers) {
        return Err(refuse(
            "the request came through a proxy, so not from the server's own machine: previewing and saving \
             tiles takes the host token the server printed at start"
                .into(),
        ));
    }
    guard::local_request(headers).map_err(refuse)
}

/// An editor job: its answer, or a failure; it stops early (an error nobody
/// reads) once its [`Cancel`] says the request is gone.
type EditorJob<B> = fn(&Editor, &B, &Cancel) -> Result<serde_json::Value, Failure>;

/// Runs one editor job (preview or save) after the permission check, on a
/// blocking thread, one at a time. When the request gives up (its time
/// limit, or the client left), the job is cancelled: it stops at its next
/// step rather than run on for nobody, and holds the editor until then.
async fn edit_job<B: EditorRequest>(
    server: Arc<Server>,
    peer: SocketAddr,
    headers: HeaderMap,
    body: Result<Json<B>, JsonRejection>,
    job: EditorJob<B>,
) -> Response {
    let edit = match edit_body(body) {
        Ok(e) => e,
        Err(f) => return failure(f),
    };
    if let Err(f) = may_edit(&server, peer, &headers, edit.token()) {
        return failure(f);
    }
    let cancel = Cancel::default();
    // Dropped with this request's future, which the time limit drops.
    let _stop = CancelOnDrop(cancel.clone());
    let Ok(slot) = server.editor_slot.clone().acquire_owned().await else {
        return guard::json_error(StatusCode::SERVICE_UNAVAILABLE, "the tile editor is closed");
    };
    let worker = server.clone();
    let work = move || {
        let _slot = slot;
        worker.editor_running.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        let answer = job(&worker.editor, &edit, &cancel);
        worker.editor_running.fetch_sub(1, std::sync::atomic::Ordering::SeqCst);
        answer
    };
    match off_thread(work).await {
        Ok(Ok(v)) => Json(v).into_response(),
        Ok(Err(f)) => failure(f),
        Err(r) => r,
    }
}

async fn tiles_preview(
    State(server): State<Arc<Server>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Result<Json<TileEdit>, JsonRejection>,
) -> Response {
    edit_job(server, peer, headers, body, |e, b, _| e.preview(b)).await
}

async fn tiles_save(
    State(server): State<Arc<Server>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Result<Json<TileEdit>, JsonRejection>,
) -> Response {
    edit_job(server, peer, headers, body, |e, b, _| e.save(b)).await
}

async fn tiles_edit(
    State(server): State<Arc<Server>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Result<Json<WorkingEdit>, JsonRejection>,
) -> Response {
    edit_job(server, peer, headers, body, Editor::edit_until).await
}

async fn tiles_write(
    State(server): State<Arc<Server>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Result<Json<WorkingSave>, JsonRejection>,
) -> Response {
    edit_job(server, peer, headers, body, |e, b, _| e.write(b)).await
}

async fn tiles_new_set(
    State(server): State<Arc<Server>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Result<Json<NewSet>, JsonRejection>,
) -> Response {
    edit_job(server, peer, headers, body, |e, b, _| e.new_set(b)).await
}

/// The body of `POST /api/backup`: the host token.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BackupRequest {
    token: String,
}

/// `POST /api/backup`: copies the games' database into the data
/// directory's `backups/` with SQLite's online backup API, for the holder
/// of the host token (`carcassonne serve backup` reads it from the data
/// directory's `server.json`); answers the copy's path, size and games.
async fn backup_now(State(server): State<Arc<Server>>, body: Result<Json<BackupRequest>, JsonRejection>) -> Response {
    let token = match body {
        Ok(Json(b)) => b.token,
        Err(e) => {
            let status = StatusCode::from_u16(body_status(&e)).unwrap_or(StatusCode::BAD_REQUEST);
            return guard::json_error(status, format!("bad request body: {}", e.body_text()));
        }
    };
    if token.is_empty() || token != server.host_token {
        return guard::json_error(StatusCode::FORBIDDEN, "a backup takes the server's host token");
    }
    let Some(store) = server.lobby.store().cloned() else {
        return guard::json_error(
            StatusCode::CONFLICT,
            "this server keeps its games in memory only (--no-data): there is nothing to back up",
        );
    };
    let Ok(_slot) = server.editor_slot.acquire().await else {
        return guard::json_error(StatusCode::SERVICE_UNAVAILABLE, "the server is closing");
    };
    match off_thread(move || crate::backup::backup_store(&store)).await {
        Ok(Ok(made)) => Json(json!({
            "ok": true,
            "path": made.path.display().to_string(),
            "bytes": made.bytes,
            "games": made.games,
        }))
        .into_response(),
        Ok(Err(e)) => guard::json_error(StatusCode::INTERNAL_SERVER_ERROR, format!("{e:#}")),
        Err(r) => r,
    }
}

mod games;
use games::{
    bot_levels, chat, check_game, create_game, delete_game, events, expansions, game_page, game_page_bare,
    game_summary, games_list, lobby_page, record, replay, state, submit, undo,
};

/// The address links are made with for a server listening on `addr`: this
/// machine's first LAN address (`lan`) when it listens on every interface.
fn base_url(addr: SocketAddr, lan: &[std::net::IpAddr]) -> String {
    let url = |ip: std::net::IpAddr| format!("http://{}", SocketAddr::new(ip, addr.port()));
    if addr.ip().is_unspecified() {
        lan.first()
            .map(|ip| url(*ip))
            .unwrap_or_else(|| format!("http://<this machine's address>:{}", addr.port()))
    } else {
        format!("http://{addr}")
    }
}

/// The start-up message: the lobby's address, the host token for the tile
/// editor, and for each game the server started with one secret link per
/// person's seat and the hot-seat link, for a server listening on `addr`.
/// A server listening on every interface links to this machine's first LAN
/// address (`lan`, from [`guard::lan_addresses`]), lists the others and
/// warns that the links are the only credential.
pub fn banner(server: &Server, addr: SocketAddr, lan: &[std::net::IpAddr]) -> String {
    let url = |ip: std::net::IpAddr| format!("http://{}", SocketAddr::new(ip, addr.port()));
    let base = match &server.proxies().public_url {
        Some(public) => public.trim_end_matches('/').to_string(),
        None => base_url(addr, lan),
    };
    let mut out = format!(
        "Serving the lobby on {base}/ (create games there; at most {} at once)\n",
        server.lobby.max_games()
    );
    if let Some(public) = &server.proxies().public_url {
        out.push_str(&format!(
            "  behind a reverse proxy at {public} (listening on {addr}; forwarding headers believed from {})\n",
            if server.proxies().trusted.is_empty() {
                "no address: give --trust-proxy".to_string()
            } else {
                server
                    .proxies()
                    .trusted
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            }
        ));
    } else if addr.ip().is_unspecified() {
        let others: Vec<String> = lan.iter().skip(1).map(|ip| url(*ip)).collect();
        if !others.is_empty() {
            out.push_str(&format!("  also reachable as {}\n", others.join(", ")));
        }
        out.push_str(
            "  WARNING: listening on every network interface: anyone on these networks can open the lobby and \
             create games, and a seat link is the only thing that proves a seat; share each link with its player only\n",
        );
    }
    if let Some(store) = server.lobby.store() {
        out.push_str(&format!("Games are kept in {}\n", store.path().display()));
        if let Some(why) = store.read_only() {
            out.push_str(&format!(
                "  WARNING: {why}: the games are served READ-ONLY (they can be watched, their records \
                 downloaded; no move, chat, new game or deletion is taken). Free some space and restart the \
                 server to play on.\n"
            ));
        }
    }
    let mut kept = 0;
    for slot in server.lobby.all() {
        let table = slot.table();
        if table.seats().is_none() {
            // Kept in the database, which holds only the tokens' hashes:
            // listed in the lobby, links as handed out at creation.
            kept += 1;
            continue;
        }
        let game = table.game();
        let id = slot.id();
        out.push_str(&format!(
            "Game {id} (record after {} moves{}, seed {}): watch {base}/games/{id}/\n",
            table.record().moves.len(),
            if game.is_over() { ", game over" } else { "" },
            table.record().config.seed
        ));
        let Some(seats) = table.seats() else {
            continue;
        };
        out.push_str(&format!(
            "  hot-seat (every person's seat): {base}/games/{id}/?seat={}\n",
            seats.hotseat
        ));
        for (i, token) in seats.seats.iter().enumerate() {
            let p = i as u8;
            let name = game.state().player_name(p);
            if table.is_human(p) {
                out.push_str(&format!("  seat {} ({name}): {base}/games/{id}/?seat={token}\n", i + 1));
            } else {
                out.push_str(&format!("  seat {} ({name}): bot\n", i + 1));
            }
        }
    }
    if kept > 0 {
        out.push_str(&format!(
            "Resumed {kept} {} from the database (listed in the lobby; every link handed out still works)\n",
            if kept == 1 { "game" } else { "games" }
        ));
    }
    // Previewing and saving need a loopback address and host, or the host
    // token (see `may_edit`).
    let remote = format!("{base}/editor?token={}", server.host_token);
    let editor = if addr.ip().is_loopback() {
        format!("{base}/editor (from another machine: {remote})")
    } else if addr.ip().is_unspecified() {
        format!(
            "http://localhost:{}/editor on this machine; from another machine: {remote}",
            addr.port()
        )
    } else {
        remote
    };
    out.push_str(&format!("Tile editor: {editor}\n"));
    out.push_str("Keep the seat links and the host token secret: a link lets its holder act for that seat.");
    out
}
