//! The lobby's and the games' routes: pages, the expansions on offer,
//! creating and listing games, and each game's state, moves, undo, event
//! stream, record and replay.

use super::{Server, bad_query, body_status, lobby_page_text, off_thread, page};
use crate::guard;
use crate::lobby::{GameSlot, Refused};
use crate::proxy::Client;
use crate::{Refusal, Submission, Table};
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{FromRequestParts, Path, Query, RawQuery, State};
use axum::http::request::Parts;
use axum::http::{StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::{Extension, Json};
use carcassonne_setup::describe;
use carcassonne_table::answers::{self, Answer, ChatRequest, UndoRequest};
use serde::Deserialize;
use serde_json::{Value, json};
use std::convert::Infallible;
use std::sync::Arc;

fn page_response(text: &'static str) -> Response {
    ([(header::CACHE_CONTROL, "no-store")], Html(text)).into_response()
}

#[derive(Deserialize)]
pub(super) struct SeatQuery {
    #[serde(default)]
    seat: Option<String>,
}

/// The lobby; an old-style seat link (`/?seat=TOKEN`, as servers before
/// the lobby printed) is sent on to its game.
pub(super) async fn lobby_page(
    State(server): State<Arc<Server>>,
    q: Result<Query<SeatQuery>, QueryRejection>,
) -> Response {
    if let Ok(Query(SeatQuery { seat: Some(token) })) = q
        && !token.is_empty()
    {
        let found = server
            .lobby
            .all()
            .into_iter()
            .find(|g| g.table().viewer(&token).is_some());
        if let Some(g) = found {
            return Redirect::to(&format!("/games/{}/?seat={token}", g.id())).into_response();
        }
    }
    page_response(lobby_page_text())
}

/// A game's page. An unknown game still gets the page, which says so and
/// links to the lobby.
pub(super) async fn game_page() -> Response {
    page_response(page())
}

/// `/games/{id}` without its slash: the page's relative links need it.
pub(super) async fn game_page_bare(Path(id): Path<String>, RawQuery(q): RawQuery) -> Response {
    let query = q.map(|q| format!("?{q}")).unwrap_or_default();
    Redirect::permanent(&format!("/games/{}/{query}", urlencode(&id))).into_response()
}

fn urlencode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// A game id that names no game on the server: a JSON 404.
struct NoGame(String);

impl IntoResponse for NoGame {
    fn into_response(self) -> Response {
        guard::json_error(
            StatusCode::NOT_FOUND,
            format!(
                "no game `{}` on this server (it may have been removed or pruned, or the server restarted with --no-data): see the lobby at /",
                self.0
            ),
        )
    }
}

/// The game `id` names.
fn find(server: &Server, id: &str) -> Result<Arc<GameSlot>, NoGame> {
    id.parse::<u64>()
        .ok()
        .and_then(|n| server.game(n))
        .ok_or_else(|| NoGame(id.to_string()))
}

/// The game a per-game route's `{id}` names, found before the handler
/// runs; an id that names no game answers the JSON 404 of [`NoGame`].
pub(super) struct FoundGame(Arc<GameSlot>);

impl FromRequestParts<Arc<Server>> for FoundGame {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, server: &Arc<Server>) -> Result<FoundGame, Response> {
        let Path(id) = Path::<String>::from_request_parts(parts, server)
            .await
            .map_err(IntoResponse::into_response)?;
        find(server, &id).map(FoundGame).map_err(IntoResponse::into_response)
    }
}

/// `GET /api/bots`: the bot levels the lobby offers, weakest first, each
/// with the engine's name for it, its name in words and what it does.
pub(super) async fn bot_levels() -> Response {
    Json(carcassonne_bots::BOT_LEVELS).into_response()
}

/// `GET /api/expansions`: what `carcassonne expansions --json` prints for
/// the server's expansions (linked and loaded).
pub(super) async fn expansions(State(server): State<Arc<Server>>) -> Response {
    let work = move || -> anyhow::Result<Value> {
        let offer = server.lobby.offer();
        let setup = carcassonne_setup::GameSetup::base_game(&offer.plugins, offer.tiles.as_deref())?;
        describe::expansions(&setup.catalog, &setup.tiles)
    };
    match off_thread(work).await {
        Ok(Ok(v)) => Json(v).into_response(),
        Ok(Err(e)) => guard::json_error(StatusCode::INTERNAL_SERVER_ERROR, format!("{e:#}")),
        Err(r) => r,
    }
}

fn refused(r: Refused) -> Response {
    let status = StatusCode::from_u16(r.status).unwrap_or(StatusCode::BAD_REQUEST);
    guard::json_error(status, r.error)
}

fn body_refusal(e: &JsonRejection) -> Response {
    let status = StatusCode::from_u16(body_status(e)).unwrap_or(StatusCode::BAD_REQUEST);
    guard::json_error(status, format!("bad request body: {}", e.body_text()))
}

/// `POST /api/games`: creates the game the body's configuration describes.
pub(super) async fn create_game(
    State(server): State<Arc<Server>>,
    client: Option<Extension<Client>>,
    body: Result<Json<Value>, JsonRejection>,
) -> Response {
    let config = match body {
        Ok(Json(c)) => c,
        Err(e) => return body_refusal(&e),
    };
    let worker = server.clone();
    match off_thread(move || worker.lobby.create(&config)).await {
        Ok(Ok(slot)) => {
            let base = server.base_for(client.as_ref().map(|Extension(c)| c));
            let answer = slot.table().created(slot.id(), base.as_deref());
            (StatusCode::CREATED, Json(answer)).into_response()
        }
        Ok(Err(r)) => refused(r),
        Err(r) => r,
    }
}

/// `POST /api/games/check`: whether the configuration makes a game, with
/// the message creating it would give; nothing is created.
pub(super) async fn check_game(
    State(server): State<Arc<Server>>,
    body: Result<Json<Value>, JsonRejection>,
) -> Response {
    let config = match body {
        Ok(Json(c)) => c,
        Err(e) => return body_refusal(&e),
    };
    let worker = server.clone();
    let work = move || answers::check(worker.lobby.offer(), &config, worker.lobby.has_room());
    match off_thread(work).await {
        Ok(a) => answer(a),
        Err(r) => r,
    }
}

/// A game as the lobby lists it (nothing secret).
fn summary(slot: &GameSlot, table: &Table) -> Value {
    table.summary(slot.id())
}

/// `GET /api/games`: every game, oldest first.
pub(super) async fn games_list(State(server): State<Arc<Server>>, client: Option<Extension<Client>>) -> Response {
    let games: Vec<Value> = server
        .lobby
        .all()
        .iter()
        .map(|slot| summary(slot, &slot.table()))
        .collect();
    Json(json!({
        "games": games,
        // Each seat's chip, for the form's seats.
        "seat_chips": (0..6).map(carcassonne_table::seat_chip).collect::<Vec<_>>(),
        "max_games": server.lobby.max_games(),
        "base": server.base_for(client.as_ref().map(|Extension(c)| c)),
        // Why the games are served read-only (a full disk at start), if so.
        "read_only": server.lobby.read_only(),
    }))
    .into_response()
}

/// `GET /api/games/{id}`: one game as the lobby lists it.
pub(super) async fn game_summary(FoundGame(slot): FoundGame) -> Response {
    Json(summary(&slot, &slot.table())).into_response()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct TokenBody {
    token: String,
}

/// `DELETE /api/games/{id}`: forgets a game, for the holder of its
/// hot-seat link or the host token.
pub(super) async fn delete_game(
    State(server): State<Arc<Server>>,
    FoundGame(slot): FoundGame,
    body: Result<Json<TokenBody>, JsonRejection>,
) -> Response {
    let token = match body {
        Ok(Json(b)) => b.token,
        Err(e) => return body_refusal(&e),
    };
    let allowed = !token.is_empty()
        && (token == server.host_token || slot.table().viewer(&token) == Some(crate::Viewer::HotSeat));
    if !allowed {
        return guard::json_error(
            StatusCode::FORBIDDEN,
            "removing a game takes its hot-seat token (or the server's host token)",
        );
    }
    let worker = server.clone();
    match off_thread(move || worker.lobby.remove(slot.id())).await {
        Ok(Ok(_)) => Json(json!({ "ok": true })).into_response(),
        Ok(Err(r)) => refused(r),
        Err(r) => r,
    }
}

#[derive(Deserialize)]
pub(super) struct TokenQuery {
    #[serde(default)]
    token: Option<String>,
    /// The board window to draw, `x0,y0,x1,y1` ([`crate::parse_view`]).
    #[serde(default)]
    view: Option<String>,
}

pub(super) async fn state(FoundGame(slot): FoundGame, q: Result<Query<TokenQuery>, QueryRejection>) -> Response {
    let Query(q) = match q {
        Ok(q) => q,
        Err(e) => return bad_query(&e),
    };
    off_thread(move || state_answer(&slot, &q)).await.unwrap_or_else(|r| r)
}

fn state_answer(slot: &GameSlot, q: &TokenQuery) -> Response {
    // Read before the table is locked: a refused window costs no lock.
    if let Some(Err(e)) = q.view.as_deref().map(crate::parse_view) {
        return guard::json_error(StatusCode::BAD_REQUEST, e);
    }
    let a = answers::state(&slot.table(), q.token.as_deref(), q.view.as_deref());
    // Serialised off the lock: the bots move on meanwhile.
    answer(a)
}

/// An answer of the table's (`carcassonne_table::answers`) as a response.
fn answer(a: Answer) -> Response {
    let status = StatusCode::from_u16(a.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    (status, Json(a.body)).into_response()
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

pub(super) async fn submit(FoundGame(slot): FoundGame, body: Result<Json<Submission>, JsonRejection>) -> Response {
    off_thread(move || submit_answer(&slot, body))
        .await
        .unwrap_or_else(|r| r)
}

fn submit_answer(slot: &Arc<GameSlot>, body: Result<Json<Submission>, JsonRejection>) -> Response {
    let answer = {
        let mut table = slot.table();
        let Json(s) = match body {
            Ok(b) => b,
            Err(e) => return bad_body(&table, &e),
        };
        let a = answers::submit(&mut table, &s);
        // Announce every change, also one that ended in an error after the
        // move was played (a failed save): the version says what happened.
        slot.announce(table.version());
        answer(a)
    };
    // The bots answer on their worker; this request is done.
    slot.wake_bots();
    answer
}

/// `POST /api/games/{id}/chat`: a line of chat from a seat (see
/// [`Table::say`]); answers the number of lines.
pub(super) async fn chat(FoundGame(slot): FoundGame, body: Result<Json<ChatRequest>, JsonRejection>) -> Response {
    off_thread(move || {
        let mut table = slot.table();
        let Json(c) = match body {
            Ok(b) => b,
            Err(e) => return bad_body(&table, &e),
        };
        let a = answers::chat(&mut table, &c);
        if a.status == 200 {
            slot.announce_chat(table.chat_len());
        }
        answer(a)
    })
    .await
    .unwrap_or_else(|r| r)
}

pub(super) async fn undo(FoundGame(slot): FoundGame, body: Result<Json<UndoRequest>, JsonRejection>) -> Response {
    off_thread(move || undo_answer(&slot, body)).await.unwrap_or_else(|r| r)
}

fn undo_answer(slot: &Arc<GameSlot>, body: Result<Json<UndoRequest>, JsonRejection>) -> Response {
    let answer = {
        let mut table = slot.table();
        let Json(u) = match body {
            Ok(b) => b,
            Err(e) => return bad_body(&table, &e),
        };
        let a = answers::undo(&mut table, &u);
        slot.announce(table.version());
        answer(a)
    };
    slot.wake_bots();
    answer
}

fn refusal(table: &Table, r: Refusal) -> Response {
    answer(answers::refusal(table, &r))
}

/// Most event streams open at once: half the connection limit, so that
/// watchers cannot take every connection from requests.
pub const MAX_STREAMS: usize = 64;

/// Most event streams open at once from one client address.
pub const MAX_STREAMS_PER_ADDRESS: usize = 8;

/// The event streams open now, in all and by client address.
#[derive(Default)]
pub struct OpenStreams {
    by_address: std::sync::Mutex<std::collections::HashMap<std::net::IpAddr, usize>>,
}

impl OpenStreams {
    /// A place for one more stream from `address`, or why there is none.
    fn take(self: &Arc<Self>, address: std::net::IpAddr) -> Result<StreamPlace, &'static str> {
        let mut open = self.by_address.lock().unwrap_or_else(|e| e.into_inner());
        if open.values().sum::<usize>() >= MAX_STREAMS {
            return Err(
                "the server has as many event streams open as it keeps: the page falls back to asking \
                        again every few seconds; try again later",
            );
        }
        let mine = open.entry(address).or_insert(0);
        if *mine >= MAX_STREAMS_PER_ADDRESS {
            return Err("too many event streams open from your address: close some of this server's pages");
        }
        *mine += 1;
        Ok(StreamPlace {
            streams: self.clone(),
            address,
        })
    }
}

/// One open event stream's place, given back when the stream ends.
struct StreamPlace {
    streams: Arc<OpenStreams>,
    address: std::net::IpAddr,
}

impl Drop for StreamPlace {
    fn drop(&mut self) {
        let mut open = self.streams.by_address.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = open.get_mut(&self.address) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                open.remove(&self.address);
            }
        }
    }
}

/// What an event stream still has to say.
enum Watching {
    /// Versions and chat line counts as they come.
    Game(
        tokio::sync::watch::Receiver<u64>,
        tokio::sync::watch::Receiver<usize>,
        Arc<GameSlot>,
        StreamPlace,
    ),
    /// The game is over: one `over` event, then the stream ends.
    Over,
    Done,
}

/// `GET /api/games/{id}/events`: the game's versions as they change
/// (`event: version`), and `event: over` once the game has ended, when the
/// stream closes. At most [`MAX_STREAMS`] streams are open at once, and
/// [`MAX_STREAMS_PER_ADDRESS`] from one client address; another is
/// answered `503`, and the page asks for the state every few seconds
/// instead.
pub(super) async fn events(
    State(server): State<Arc<Server>>,
    axum::extract::ConnectInfo(peer): axum::extract::ConnectInfo<std::net::SocketAddr>,
    FoundGame(slot): FoundGame,
) -> Response {
    let place = match server.streams.take(peer.ip()) {
        Ok(place) => place,
        Err(why) => return guard::json_error_closing(StatusCode::SERVICE_UNAVAILABLE, why),
    };
    let mut rx = slot.subscribe();
    let chat = slot.subscribe_chat();
    // The first item is the current version, so a page that connects late
    // (or reconnects) learns where the game stands.
    rx.mark_changed();
    let stream = futures_util::stream::unfold(Watching::Game(rx, chat, slot, place), |watching| async move {
        match watching {
            Watching::Game(mut rx, mut chat, slot, place) => {
                // A `chat` event says a line came, a `version` event that
                // the game changed.
                let event = tokio::select! {
                    biased;
                    changed = rx.changed() => {
                        changed.ok()?;
                        let v = *rx.borrow_and_update();
                        Event::default().event("version").data(v.to_string())
                    }
                    changed = chat.changed() => {
                        changed.ok()?;
                        let n = *chat.borrow_and_update();
                        Event::default().event("chat").data(n.to_string())
                    }
                };
                // A finished game changes no more: its watchers are let go.
                let next = if slot.table().game().is_over() {
                    drop(place);
                    Watching::Over
                } else {
                    Watching::Game(rx, chat, slot, place)
                };
                Some((Ok::<_, Infallible>(event), next))
            }
            Watching::Over => Some((Ok(Event::default().event("over").data("")), Watching::Done)),
            Watching::Done => None,
        }
    });
    // `X-Accel-Buffering: no`: nginx passes each event on as it comes
    // instead of holding it in its buffer (Caddy does so by itself).
    (
        [("x-accel-buffering", "no")],
        Sse::new(stream).keep_alive(KeepAlive::default()),
    )
        .into_response()
}

/// `GET /api/games/{id}/record`: the game record so far, to download.
pub(super) async fn record(FoundGame(slot): FoundGame) -> Response {
    let text = slot.table().record().to_json();
    (
        [
            (header::CONTENT_TYPE, "application/json".to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"carcassonne-game-{}.json\"", slot.id()),
            ),
        ],
        text,
    )
        .into_response()
}

/// `GET /api/games/{id}/replay`: the replay viewer of the record so far
/// (what `carcassonne render` writes), for a record of at most
/// [`crate::MAX_REPLAY_MOVES`] moves.
pub(super) async fn replay(State(server): State<Arc<Server>>, FoundGame(slot): FoundGame) -> Response {
    let record = {
        let table = slot.table();
        let moves = table.record().moves.len();
        if moves > crate::MAX_REPLAY_MOVES {
            return guard::json_error(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!(
                    "this game has {moves} moves; the server draws replays of at most {}: \
                     download the record (/api/games/{}/record) and run `carcassonne render RECORD` \
                     to make the replay on your machine",
                    crate::MAX_REPLAY_MOVES,
                    slot.id()
                ),
            );
        }
        table.record().clone()
    };
    let offer = server.lobby.offer().clone();
    let work = move || -> anyhow::Result<String> {
        let setup = carcassonne_setup::GameSetup::for_record(&record, &offer.plugins, offer.tiles.as_deref())?;
        Ok(carcassonne_render::replay_html(&record, &setup.catalog, &setup.tiles)?)
    };
    match off_thread(work).await {
        Ok(Ok(html)) => page_html(html),
        Ok(Err(e)) => guard::json_error(StatusCode::INTERNAL_SERVER_ERROR, format!("{e:#}")),
        Err(r) => r,
    }
}

fn page_html(html: String) -> Response {
    ([(header::CACHE_CONTROL, "no-store")], Html(html)).into_response()
}
