//! The HTTP side of `host serve`: the page, the JSON API and the event
//! stream over one [`Table`] (see `docs/serve-api.md`).

use super::{Refusal, Submission, Table};
use axum::extract::{Query, State};
use axum::http::{StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::json;
use std::convert::Infallible;
use std::sync::{Arc, Mutex, MutexGuard};
use tokio::sync::watch;

/// The page: inline script and style, no external resources.
const PAGE: &str = include_str!("page.html");

/// A table shared by the request handlers, with a channel that announces
/// each new state version to the event streams.
pub struct Server {
    table: Mutex<Table>,
    versions: watch::Sender<u64>,
}

impl Server {
    /// Serves `table`.
    pub fn new(table: Table) -> Arc<Server> {
        let (versions, _) = watch::channel(table.version());
        Arc::new(Server {
            table: Mutex::new(table),
            versions,
        })
    }

    /// The table, for reading (tests, the start-up banner).
    pub fn table(&self) -> MutexGuard<'_, Table> {
        // A handler that panicked mid-move cannot leave a half-played move:
        // `Game::play` is all or nothing, so the table is still sound.
        self.table.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// The routes: `/` (the page), `/api/state`, `/api/move`, `/api/undo`, `/api/events`.
pub fn router(server: Arc<Server>) -> Router {
    Router::new()
        .route("/", get(page))
        .route("/api/state", get(state))
        .route("/api/move", post(submit))
        .route("/api/undo", post(undo))
        .route("/api/events", get(events))
        .with_state(server)
}

/// Serves `server` on `listener` until the process ends.
pub async fn run(listener: tokio::net::TcpListener, server: Arc<Server>) -> std::io::Result<()> {
    axum::serve(listener, router(server)).await
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

async fn submit(
    State(server): State<Arc<Server>>,
    body: Result<Json<Submission>, axum::extract::rejection::JsonRejection>,
) -> Response {
    let mut table = server.table();
    let Json(s) = match body {
        Ok(b) => b,
        Err(e) => {
            return refusal(
                &table,
                Refusal {
                    status: 400,
                    error: format!("bad request body: {}", e.body_text()),
                    turn: None,
                },
            );
        }
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
        Err(e) => {
            return refusal(
                &table,
                Refusal {
                    status: 400,
                    error: format!("bad request body: {}", e.body_text()),
                    turn: None,
                },
            );
        }
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
    out.push_str("Keep the seat links secret: a link lets its holder act for that seat.");
    out
}
