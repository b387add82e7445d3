//! The dragon: brought into play and moved by volcanoes, flying six tiles
//! after each dragon tile, eating the figures on the tiles it enters.

use crate::{FLIGHT, State, edible};
use carcassonne_core::figures::Spot;
use carcassonne_core::serde_json::json;
use carcassonne_core::{CoreState, Ctx, Line, Pos, Side};
use serde::Serialize;

/// A flight under way.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Flight {
    /// The tiles it was on in this flight, the one it took off from first:
    /// it enters none of them again.
    pub visited: Vec<Pos>,
    /// The player moving it next.
    pub mover: u8,
}

impl Flight {
    /// Tiles flown so far.
    pub fn steps(&self) -> u8 {
        (self.visited.len() - 1) as u8
    }
}

/// A volcano was placed at `at`: the dragon lands there, coming into play
/// with the first one, when the dragon tiles this expansion set aside
/// (`State::aside`) go back into the bag.
pub(crate) fn to_volcano(state: &mut State, ctx: &mut Ctx<'_>, at: Pos) {
    let kind = state.kinds.dragon;
    match ctx.view().figures().iter().find(|f| f.kind == kind).map(|f| f.id) {
        Some(dragon) => ctx.move_figure(dragon, at, Spot::Tile),
        None => {
            ctx.place_neutral(kind, at, Spot::Tile);
            for tile in std::mem::take(&mut state.aside) {
                ctx.return_tile(tile);
            }
        }
    }
    state.dragon = Some(at);
}

/// A dragon tile's flight begins: the turn's player moves the dragon first.
pub(crate) fn take_off(state: &mut State, ctx: &mut Ctx<'_>) {
    let Some(at) = state.dragon else { return };
    // Room for the whole flight: pushed one by one, the list grew twice
    // in every flight.
    let mut visited = Vec::with_capacity(usize::from(FLIGHT) + 1);
    visited.push(at);
    state.flight = Some(Flight {
        visited,
        mover: ctx.view().turn().player,
    });
    next_step(state, ctx);
}

/// Asks the next mover where the dragon goes, or ends the flight after six
/// tiles or where it has nowhere to go.
fn next_step(state: &mut State, ctx: &mut Ctx<'_>) {
    let Some(flight) = &state.flight else { return };
    let mut any = false;
    if flight.steps() < FLIGHT {
        options(state, ctx.view(), |_| any = true);
    }
    if any {
        let mover = flight.mover;
        state.asking = Some(crate::Asking::Dragon);
        ctx.ask(mover);
    } else {
        state.flight = None;
    }
}

/// The tiles the dragon may enter next: beside it, on the board, not yet
/// entered in this flight, not the fairy's.
pub(crate) fn options(state: &State, view: &CoreState, mut f: impl FnMut(Pos)) {
    let (Some(flight), Some(at)) = (&state.flight, state.dragon) else {
        return;
    };
    let fairy = state.fairy.as_ref().map(|f| f.at);
    for side in Side::ALL {
        let to = at.step(side);
        if view.board().is_occupied(to) && !flight.visited.contains(&to) && fairy != Some(to) {
            f(to);
        }
    }
}

/// The dragon flies to `to` and eats what stands there; the next player
/// moves it next.
pub(crate) fn fly_to(state: &mut State, ctx: &mut Ctx<'_>, to: Pos) {
    let kind = state.kinds.dragon;
    if let Some(dragon) = ctx.view().figures().iter().find(|f| f.kind == kind).map(|f| f.id) {
        ctx.move_figure(dragon, to, Spot::Tile);
    }
    let eaten: Vec<_> = ctx
        .view()
        .figures_on(to)
        .filter(|f| edible(ctx.view(), f))
        .copied()
        .collect();
    for f in &eaten {
        ctx.return_figure(f.id);
    }
    if !eaten.is_empty() {
        ctx.log_with(|| {
            json!({ "eaten": eaten.iter().map(|f| json!({ "owner": f.owner, "kind": f.kind })).collect::<Vec<_>>() })
        });
    }
    state.dragon = Some(to);
    let players = ctx.view().players() as u8;
    if let Some(flight) = &mut state.flight {
        flight.visited.push(to);
        flight.mover = (flight.mover + 1) % players.max(1);
    }
    next_step(state, ctx);
}

/// "The dragon flies north and eats Ann's follower" (the page shows the
/// tile: it is in the option's move).
pub(crate) fn label(state: &State, view: &CoreState, to: Pos) -> String {
    let side = state
        .dragon
        .and_then(|at| Side::ALL.into_iter().find(|&s| at.step(s) == to))
        .map_or("", |s| match s {
            Side::N => "north",
            Side::E => "east",
            Side::S => "south",
            Side::W => "west",
        });
    let victims: Vec<String> = view
        .figures_on(to)
        .filter(|f| edible(view, f))
        .map(|f| {
            let name = view
                .tables()
                .figures()
                .get(f.kind as usize)
                .map_or("figure".to_string(), |d| d.name.to_lowercase());
            format!("{}'s {name}", view.player_name(f.owner))
        })
        .collect();
    if victims.is_empty() {
        format!("The dragon flies {side}")
    } else {
        format!("The dragon flies {side} and eats {}", victims.join(", "))
    }
}

/// "The dragon is flying: 3 of 6 tiles" (the board shows where).
pub(crate) fn line(state: &State) -> Line {
    let aside = state.aside.len();
    match (state.dragon, &state.flight) {
        (None, _) if aside == 0 => Line::new("The dragon is not in play yet"),
        (None, _) => Line::new(format!(
            "The dragon is not in play yet ({aside} dragon tile{} set aside)",
            if aside == 1 { "" } else { "s" }
        )),
        (Some(_), Some(flight)) => Line::new(format!("The dragon is flying: {} of {FLIGHT} tiles", flight.steps())),
        (Some(_), None) => Line::new("The dragon is on the board"),
    }
}
