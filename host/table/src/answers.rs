//! The answers of a game's API routes (`docs/serve-api.md`), as a status
//! and a JSON body: the server's HTTP handlers send them, the static
//! site's engine hands them to the page, so both speak alike.

use crate::configure::{self, Offer, Refused};
use crate::{Refusal, Submission, Table};
use serde::Deserialize;
use serde_json::{Value, json};

/// An answer: the HTTP status and the JSON body.
#[derive(Clone, Debug, PartialEq)]
pub struct Answer {
    /// HTTP status code.
    pub status: u16,
    /// The body.
    pub body: Value,
}

impl Answer {
    /// `200` with `body`.
    pub fn ok(body: Value) -> Answer {
        Answer { status: 200, body }
    }

    /// `status` with `{"error": message}`.
    pub fn error(status: u16, message: impl Into<String>) -> Answer {
        Answer {
            status,
            body: json!({ "error": message.into() }),
        }
    }

    /// The answer as one JSON object, `{"status": …, "body": …}` (what
    /// the static site's engine hands the page).
    pub fn to_json(&self) -> String {
        json!({ "status": self.status, "body": self.body }).to_string()
    }
}

impl From<Refused> for Answer {
    fn from(r: Refused) -> Answer {
        Answer::error(r.status, r.error)
    }
}

/// The body of `POST /api/games/{id}/undo`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UndoRequest {
    /// The seat (or hot-seat) token.
    pub token: String,
    /// The state version the request was made on (required).
    #[serde(default)]
    pub version: Option<u64>,
}

/// The body of `POST /api/games/{id}/chat`: a seat's token and what it says.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChatRequest {
    /// The seat's token.
    pub token: String,
    /// What it says.
    pub text: String,
}

/// A refusal of `table`'s, with the seat whose turn it is.
pub fn refusal(table: &Table, r: &Refusal) -> Answer {
    Answer {
        status: r.status,
        body: table.refusal_json(r),
    }
}

/// `GET /api/games/{id}/state?token=…&view=…`: the state seen by
/// `token`'s seat, the board drawn in `view` (`x0,y0,x1,y1`); an unknown
/// token is refused (401: the page then watches instead), a bad window too
/// (400).
pub fn state(table: &Table, token: Option<&str>, view: Option<&str>) -> Answer {
    let window = match view.map(crate::parse_view).transpose() {
        Ok(w) => w,
        Err(e) => return Answer::error(400, e),
    };
    let viewer = token.and_then(|t| table.viewer(t));
    if token.is_some_and(|t| !t.is_empty()) && viewer.is_none() {
        return refusal(
            table,
            &Refusal {
                status: 401,
                error: "unknown seat token: this link is not a seat of this game".into(),
                turn: None,
                kind: None,
            },
        );
    }
    Answer::ok(table.state_json_in(viewer, window))
}

/// `POST /api/games/{id}/move`: plays a person's decision.
pub fn submit(table: &mut Table, s: &Submission) -> Answer {
    match table.submit(s) {
        Ok(()) => Answer::ok(json!({ "ok": true, "version": table.version() })),
        Err(r) => refusal(table, &r),
    }
}

/// `POST /api/games/{id}/undo`: takes back the last move.
pub fn undo(table: &mut Table, u: &UndoRequest) -> Answer {
    match table.undo(&u.token, u.version) {
        Ok(()) => Answer::ok(json!({ "ok": true, "version": table.version() })),
        Err(r) => refusal(table, &r),
    }
}

/// `POST /api/games/{id}/chat`: a line of chat; answers the number of lines.
pub fn chat(table: &mut Table, c: &ChatRequest) -> Answer {
    match table.say(&c.token, &c.text) {
        Ok(lines) => Answer::ok(json!({ "ok": true, "lines": lines })),
        Err(r) => refusal(table, &r),
    }
}

/// `POST /api/games/check`: whether the configuration `body` makes a game
/// with `offer`, and whether one more game fits now (`room`).
pub fn check(offer: &Offer, body: &Value, room: bool) -> Answer {
    let setup = match configure::setup_from_json(offer, body) {
        Ok(s) => s,
        Err(r) => return r.into(),
    };
    match setup.rules() {
        Ok(rules) => Answer::ok(json!({ "ok": true, "tiles": rules.bag_size() + 1, "room": room })),
        Err(e) => Answer::error(400, format!("{e:#}")),
    }
}

/// The refusal of a request whose body does not read (`what` says why).
pub fn bad_body(table: &Table, what: impl std::fmt::Display) -> Answer {
    refusal(
        table,
        &Refusal {
            status: 400,
            error: format!("bad request body: {what}"),
            turn: None,
            kind: None,
        },
    )
}
