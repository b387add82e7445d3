//! The HTTP side of `host serve`: the page, the JSON API and the event
//! stream over one [`Table`] (see `docs/serve-api.md`).

use super::editor::{Editor, Failure, TileEdit, may_save};
use super::{Refusal, Submission, Table};
use crate::setup;
use axum::extract::ConnectInfo;
use axum::extract::{Query, State};
use axum::http::{StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use carcassonne_core::Catalog;
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
/// `/api/tiles/file`, `/api/tiles/preview`, `/api/tiles/save`.
pub fn router(server: Arc<Server>) -> Router {
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
        .with_state(server)
}

/// Serves `server` on `listener` until the process ends.
pub async fn run(listener: tokio::net::TcpListener, server: Arc<Server>) -> std::io::Result<()> {
    // The peer address decides who may save tile edits (see `tiles_save`).
    axum::serve(
        listener,
        router(server).into_make_service_with_connect_info::<SocketAddr>(),
    )
    .await
}

async fn editor_page() -> Response {
    ([(header::CACHE_CONTROL, "no-store")], Html(EDITOR_PAGE)).into_response()
}

fn failure(f: Failure) -> Response {
    let status = StatusCode::from_u16(f.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    (status, Json(f.body)).into_response()
}

async fn tiles_list(State(server): State<Arc<Server>>) -> Response {
    Json(server.editor.list()).into_response()
}

#[derive(Deserialize)]
struct FileQuery {
    file: String,
}

async fn tiles_file(State(server): State<Arc<Server>>, Query(q): Query<FileQuery>) -> Response {
    match server.editor.file(&q.file) {
        Ok(v) => Json(v).into_response(),
        Err(f) => failure(f),
    }
}

fn edit_body(body: Result<Json<TileEdit>, axum::extract::rejection::JsonRejection>) -> Result<TileEdit, Failure> {
    body.map(|Json(e)| e).map_err(|e| Failure {
        status: 400,
        body: json!({ "ok": false, "error": format!("bad request body: {}", e.body_text()), "diagnostics": [] }),
    })
}

async fn tiles_preview(
    State(server): State<Arc<Server>>,
    body: Result<Json<TileEdit>, axum::extract::rejection::JsonRejection>,
) -> Response {
    let edit = match edit_body(body) {
        Ok(e) => e,
        Err(f) => return failure(f),
    };
    match server.editor.preview(&edit) {
        Ok(v) => Json(v).into_response(),
        Err(f) => failure(f),
    }
}

/// Saving writes files on the server's machine, so it is for the person at
/// that machine: requests from a loopback address, or carrying the table's
/// hot-seat token (which only the person who started the server has).
async fn tiles_save(
    State(server): State<Arc<Server>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    body: Result<Json<TileEdit>, axum::extract::rejection::JsonRejection>,
) -> Response {
    let edit = match edit_body(body) {
        Ok(e) => e,
        Err(f) => return failure(f),
    };
    let hotseat = server.table().seats().hotseat.clone();
    if !may_save(peer.ip(), edit.token.as_deref(), &hotseat) {
        return failure(Failure {
            status: 403,
            body: json!({
                "ok": false,
                "error": "saving tiles is allowed from the server's own machine (loopback) or with the hot-seat token",
                "diagnostics": [],
            }),
        });
    }
    match server.editor.save(&edit) {
        Ok(v) => Json(v).into_response(),
        Err(f) => failure(f),
    }
}

async fn page() -> Response {
    ([(header::CACHE_CONTROL, "no-store")], Html(PAGE)).into_response()
}

#[derive(Deserialize)]
struct TokenQuery {
    #[serde(default)]
    token: Option<String>,
}

async fn state(State(server): State<Arc<Server>>, Query(q): Query<TokenQuery>) -> Response {
    let table = server.table();
    let viewer = q.token.as_deref().and_then(|t| table.viewer(t));
    if q.token.as_deref().is_some_and(|t| !t.is_empty()) && viewer.is_none() {
        return refusal(
            &table,
            Refusal {
                status: 401,
                error: "unknown seat token: use the link the server printed".into(),
                turn: None,
            },
        );
    }
    Json(table.state_json(viewer)).into_response()
}

/// The refusal for a request body that is not the expected JSON.
fn bad_body(table: &Table, e: &axum::extract::rejection::JsonRejection) -> Response {
    refusal(
        table,
        Refusal {
            status: 400,
            error: format!("bad request body: {}", e.body_text()),
            turn: None,
        },
    )
}

async fn submit(
    State(server): State<Arc<Server>>,
    body: Result<Json<Submission>, axum::extract::rejection::JsonRejection>,
) -> Response {
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

async fn undo(
    State(server): State<Arc<Server>>,
    body: Result<Json<UndoRequest>, axum::extract::rejection::JsonRejection>,
) -> Response {
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
        Json(json!({ "error": r.error, "turn": turn, "version": table.version() })),
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
/// hot-seat link, for a server listening on `addr`.
pub fn banner(table: &Table, addr: std::net::SocketAddr) -> String {
    let base = if addr.ip().is_unspecified() {
        format!("http://<this machine's address>:{}", addr.port())
    } else {
        format!("http://{addr}")
    };
    let game = table.game();
    let mut out = format!(
        "Serving the game on {base} (record after {} moves{})\n",
        table.record().moves.len(),
        if game.is_over() { ", game over" } else { "" }
    );
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
    out.push_str(&format!(
        "  tile editor: {base}/editor (saving from another machine: add ?token=<the hot-seat token>)\n"
    ));
    out.push_str("Keep the seat links secret: a link lets its holder act for that seat.");
    out
}
