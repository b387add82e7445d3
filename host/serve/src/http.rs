//! The HTTP side of `carcassonne serve`: the page, the JSON API and the event
//! stream over one [`Table`] (see `docs/serve-api.md`).

use super::editor::{
    EDITOR_BODY_LIMIT, Editor, EditorRequest, Failure, NewSet, TileEdit, WorkingEdit, WorkingSave, may_save,
};
use super::guard::{self, Limits};
use super::{Refusal, Submission, Table};
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{ConnectInfo, DefaultBodyLimit};
use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use carcassonne_core::Catalog;
use carcassonne_setup::setup;
use serde::Deserialize;
use serde_json::json;
use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use tokio::sync::watch;

/// The page: inline script and style, no external resources.
const PAGE: &str = include_str!("page.html");

/// The tile editor page, self-contained like [`PAGE`].
const EDITOR_PAGE: &str = include_str!("editor.html");

/// A table shared by the request handlers, with a channel that announces
/// each new state version to the event streams.
pub struct Server {
    table: Mutex<Table>,
    versions: watch::Sender<u64>,
    editor: Editor,
    /// One tile-editor job at a time: a large preview waits its turn
    /// instead of taking every worker thread.
    editor_slot: tokio::sync::Semaphore,
}

impl Server {
    /// Serves `table`, with a tile editor over the linked expansions' tile
    /// files in the default tile directory ([`setup::tile_source`]).
    pub fn new(table: Table) -> Arc<Server> {
        let catalog = Catalog::linked().unwrap_or_default();
        Server::with_editor(
            table,
            Editor::new(catalog, setup::tile_source(None).unwrap_or_default()),
        )
    }

    /// Serves `table` and the tile editor `editor`.
    pub fn with_editor(table: Table, editor: Editor) -> Arc<Server> {
        let (versions, _) = watch::channel(table.version());
        Arc::new(Server {
            table: Mutex::new(table),
            versions,
            editor,
            editor_slot: tokio::sync::Semaphore::new(1),
        })
    }

    /// The table, for reading (tests, the start-up banner).
    pub fn table(&self) -> MutexGuard<'_, Table> {
        // A handler that panicked mid-move cannot leave a half-played move:
        // `Game::play` is all or nothing, so the table is still sound.
        self.table.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// The routes: `/` (the page), `/api/state`, `/api/move`, `/api/undo`,
/// `/api/events`, and the tile editor's `/editor`, `/api/tiles`,
/// `/api/tiles/file`, `/api/tiles/preview`, `/api/tiles/save`, with the
/// default [`Limits`].
pub fn router(server: Arc<Server>) -> Router {
    router_with(server, Limits::default())
}

/// The routes with `limits` on bodies and request times; every error,
/// unknown routes included, is JSON.
pub fn router_with(server: Arc<Server>, limits: Limits) -> Router {
    Router::new()
        .route("/", get(page))
        .route("/api/state", get(state))
        .route("/api/move", post(submit))
        .route("/api/undo", post(undo))
        .route("/api/events", get(events))
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
        .fallback(guard::not_found)
        .method_not_allowed_fallback(guard::wrong_method)
        .layer(DefaultBodyLimit::max(limits.body))
        .layer(axum::middleware::from_fn_with_state(limits.request, guard::time_limit))
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
        started(banner(&server.table(), addr, &guard::lan_addresses()));
        run(listener, server).await.context("server failed")
    })
}

async fn editor_page() -> Response {
    ([(header::CACHE_CONTROL, "no-store")], Html(EDITOR_PAGE)).into_response()
}

fn failure(f: Failure) -> Response {
    let status = StatusCode::from_u16(f.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    (status, Json(f.body)).into_response()
}

async fn tiles_list(State(server): State<Arc<Server>>) -> Response {
    let Ok(_slot) = server.editor_slot.acquire().await else {
        return guard::json_error(StatusCode::SERVICE_UNAVAILABLE, "the tile editor is closed");
    };
    let worker = server.clone();
    match off_thread(move || worker.editor.list()).await {
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
    let Ok(_slot) = server.editor_slot.acquire().await else {
        return guard::json_error(StatusCode::SERVICE_UNAVAILABLE, "the tile editor is closed");
    };
    let worker = server.clone();
    match off_thread(move || worker.editor.file(&q.file)).await {
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
/// carrying the table's hot-seat token (which only the person who started
/// the server has).
fn may_edit(server: &Server, peer: SocketAddr, headers: &HeaderMap, token: Option<&str>) -> Result<(), Failure> {
    let hotseat = server.table().seats().hotseat.clone();
    let refuse = |error: String| Failure {
        status: 403,
        body: json!({ "ok": false, "error": error, "diagnostics": [] }),
    };
    if !may_save(peer.ip(), token, &hotseat) {
        return Err(refuse(
            "previewing and saving tiles is allowed from the server's own machine (loopback) or with the hot-seat token"
                .into(),
        ));
    }
    let with_token = token.is_some_and(|t| !t.is_empty() && t == hotseat);
    if with_token {
        return Ok(());
    }
    guard::local_request(headers).map_err(refuse)
}

/// Runs one editor job (preview or save) after the permission check, on a
/// blocking thread, one at a time.
async fn edit_job<B: EditorRequest>(
    server: Arc<Server>,
    peer: SocketAddr,
    headers: HeaderMap,
    body: Result<Json<B>, JsonRejection>,
    job: fn(&Editor, &B) -> Result<serde_json::Value, Failure>,
) -> Response {
    let edit = match edit_body(body) {
        Ok(e) => e,
        Err(f) => return failure(f),
    };
    if let Err(f) = may_edit(&server, peer, &headers, edit.token()) {
        return failure(f);
    }
    let Ok(_slot) = server.editor_slot.acquire().await else {
        return guard::json_error(StatusCode::SERVICE_UNAVAILABLE, "the tile editor is closed");
    };
    let worker = server.clone();
    match off_thread(move || job(&worker.editor, &edit)).await {
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
    edit_job(server, peer, headers, body, Editor::preview).await
}

async fn tiles_save(
    State(server): State<Arc<Server>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Result<Json<TileEdit>, JsonRejection>,
) -> Response {
    edit_job(server, peer, headers, body, Editor::save).await
}

async fn tiles_edit(
    State(server): State<Arc<Server>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Result<Json<WorkingEdit>, JsonRejection>,
) -> Response {
    edit_job(server, peer, headers, body, Editor::edit).await
}

async fn tiles_write(
    State(server): State<Arc<Server>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Result<Json<WorkingSave>, JsonRejection>,
) -> Response {
    edit_job(server, peer, headers, body, Editor::write).await
}

async fn tiles_new_set(
    State(server): State<Arc<Server>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Result<Json<NewSet>, JsonRejection>,
) -> Response {
    edit_job(server, peer, headers, body, Editor::new_set).await
}

async fn page() -> Response {
    ([(header::CACHE_CONTROL, "no-store")], Html(PAGE)).into_response()
}

#[derive(Deserialize)]
struct TokenQuery {
    #[serde(default)]
    token: Option<String>,
}

async fn state(State(server): State<Arc<Server>>, q: Result<Query<TokenQuery>, QueryRejection>) -> Response {
    let Query(q) = match q {
        Ok(q) => q,
        Err(e) => return bad_query(&e),
    };
    off_thread(move || state_answer(&server, &q))
        .await
        .unwrap_or_else(|r| r)
}

fn state_answer(server: &Server, q: &TokenQuery) -> Response {
    let table = server.table();
    let viewer = q.token.as_deref().and_then(|t| table.viewer(t));
    if q.token.as_deref().is_some_and(|t| !t.is_empty()) && viewer.is_none() {
        return refusal(
            &table,
            Refusal {
                status: 401,
                error: "unknown seat token: use the link the server printed".into(),
                turn: None,
                kind: None,
            },
        );
    }
    Json(table.state_json(viewer)).into_response()
}

/// The refusal for a request body that is not the expected JSON (413 for
/// one over the size limit).
fn bad_body(table: &Table, e: &JsonRejection) -> Response {
    refusal(
        table,
        Refusal {
            status: body_status(e),
            error: format!("bad request body: {}", e.body_text()),
            turn: None,
            kind: None,
        },
    )
}

async fn submit(State(server): State<Arc<Server>>, body: Result<Json<Submission>, JsonRejection>) -> Response {
    off_thread(move || submit_answer(&server, body))
        .await
        .unwrap_or_else(|r| r)
}

fn submit_answer(server: &Server, body: Result<Json<Submission>, JsonRejection>) -> Response {
    let mut table = server.table();
    let Json(s) = match body {
        Ok(b) => b,
        Err(e) => return bad_body(&table, &e),
    };
    let result = table.submit(&s);
    // Announce every change, also one that ended in an error after moves
    // were played (a failing bot): the version says what happened.
    server.versions.send_replace(table.version());
    match result {
        Ok(()) => Json(json!({ "ok": true, "version": table.version() })).into_response(),
        Err(r) => refusal(&table, r),
    }
}

/// The body of `POST /api/undo`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UndoRequest {
    token: String,
    #[serde(default)]
    version: Option<u64>,
}

async fn undo(State(server): State<Arc<Server>>, body: Result<Json<UndoRequest>, JsonRejection>) -> Response {
    off_thread(move || undo_answer(&server, body))
        .await
        .unwrap_or_else(|r| r)
}

fn undo_answer(server: &Server, body: Result<Json<UndoRequest>, JsonRejection>) -> Response {
    let mut table = server.table();
    let Json(u) = match body {
        Ok(b) => b,
        Err(e) => return bad_body(&table, &e),
    };
    let result = table.undo(&u.token, u.version);
    server.versions.send_replace(table.version());
    match result {
        Ok(()) => Json(json!({ "ok": true, "version": table.version() })).into_response(),
        Err(r) => refusal(&table, r),
    }
}

fn refusal(table: &Table, r: Refusal) -> Response {
    let status = StatusCode::from_u16(r.status).unwrap_or(StatusCode::BAD_REQUEST);
    let turn = r.turn.map(|p| {
        json!({
            "seat": p,
            "name": table.game().state().player_name(p),
        })
    });
    (
        status,
        Json(json!({ "error": r.error, "kind": r.kind, "turn": turn, "version": table.version() })),
    )
        .into_response()
}

async fn events(State(server): State<Arc<Server>>) -> Sse<impl futures_util::Stream<Item = Result<Event, Infallible>>> {
    let mut rx = server.versions.subscribe();
    // The first item is the current version, so a page that connects late
    // (or reconnects) learns where the game stands.
    rx.mark_changed();
    let stream = futures_util::stream::unfold(rx, |mut rx| async move {
        rx.changed().await.ok()?;
        let v = *rx.borrow_and_update();
        Some((Ok(Event::default().event("version").data(v.to_string())), rx))
    });
    Sse::new(stream).keep_alive(KeepAlive::default())
}

/// The start-up message: one secret link per person's seat and the
/// hot-seat link, for a server listening on `addr`. A server listening on
/// every interface links to this machine's first LAN address (`lan`, from
/// [`guard::lan_addresses`]), lists the others and warns that the links
/// are the only credential.
pub fn banner(table: &Table, addr: std::net::SocketAddr, lan: &[std::net::IpAddr]) -> String {
    let url = |ip: std::net::IpAddr| format!("http://{}", SocketAddr::new(ip, addr.port()));
    let base = if addr.ip().is_unspecified() {
        lan.first()
            .map(|ip| url(*ip))
            .unwrap_or_else(|| format!("http://<this machine's address>:{}", addr.port()))
    } else {
        format!("http://{addr}")
    };
    let game = table.game();
    let mut out = format!(
        "Serving the game on {base} (record after {} moves{}, seed {})\n",
        table.record().moves.len(),
        if game.is_over() { ", game over" } else { "" },
        table.record().config.seed
    );
    if addr.ip().is_unspecified() {
        let others: Vec<String> = lan.iter().skip(1).map(|ip| url(*ip)).collect();
        if !others.is_empty() {
            out.push_str(&format!("  also reachable as {}\n", others.join(", ")));
        }
        out.push_str(
            "  WARNING: listening on every network interface: anyone on these networks can open the page, \
             and a seat link is the only thing that proves a seat; share each link with its player only\n",
        );
    }
    out.push_str(&format!(
        "  hot-seat (every person's seat): {base}/?seat={}\n",
        table.seats().hotseat
    ));
    for (i, token) in table.seats().seats.iter().enumerate() {
        let p = i as u8;
        let name = game.state().player_name(p);
        if table.is_human(p) {
            out.push_str(&format!("  seat {} ({name}): {base}/?seat={token}\n", i + 1));
        } else {
            out.push_str(&format!("  seat {} ({name}): bot\n", i + 1));
        }
    }
    // Previewing and saving need a loopback address and host, or the
    // hot-seat token (see `may_edit`).
    let remote = format!("{base}/editor?token=<the hot-seat token>");
    let editor = if addr.ip().is_loopback() {
        format!("{base}/editor")
    } else if addr.ip().is_unspecified() {
        format!(
            "http://localhost:{}/editor on this machine; from another machine: {remote}",
            addr.port()
        )
    } else {
        remote
    };
    out.push_str(&format!("  tile editor: {editor}\n"));
    out.push_str("Keep the seat links secret: a link lets its holder act for that seat.");
    out
}
