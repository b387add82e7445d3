//! The big follower's deployments in players' words, on a real game: the
//! core labels them from the figure's name and the feature's place.

use carcassonne_core::{Action, Catalog, Game, GameConfig, Rules, TileSource};
use std::sync::Arc;

#[test]
fn big_follower_options_name_the_figure_and_the_place() {
    let mut catalog = Catalog::default();
    catalog.add(&carcassonne_inns_and_cathedrals::INFO).unwrap();
    let mut config = GameConfig::with_players(2);
    config.expansions = vec!["inns-and-cathedrals".into()];
    config.seed = 3;
    let mut game = Game::new(Arc::new(Rules::new(&catalog, &config, &TileSource::default()).unwrap())).unwrap();
    let big = game.rules().figure_index("big-follower").unwrap();
    let mut options = Vec::new();
    let mut seen = 0;
    while !game.is_over() && seen < 5 {
        game.legal_actions(&mut options);
        for a in &options {
            let Action::Deploy(d) = a else { continue };
            let label = game.action_label(a);
            if d.figure == big {
                seen += 1;
                assert!(label.starts_with("Big follower "), "{label}");
                // The follower on the same spot reads the same but for the figure.
                let same = options
                    .iter()
                    .find(|o| matches!(o, Action::Deploy(f) if f.figure != big && f.spot == d.spot && f.pos == d.pos));
                if let Some(follower) = same {
                    let theirs = game.action_label(follower);
                    let place = label.trim_start_matches("Big follower ");
                    assert!(theirs.ends_with(place), "{theirs} / {label}");
                }
            }
        }
        // Deploy a big follower when offered, so later options change too.
        let pick = options
            .iter()
            .position(|a| matches!(a, Action::Deploy(d) if d.figure == big))
            .unwrap_or(0);
        game.play(&options[pick]).unwrap();
    }
    assert!(seen >= 5, "the big follower was offered");
    let lines = game.presented_expansion_state(0);
    assert!(
        lines
            .iter()
            .any(|l| l.text.starts_with("A road with an inn: 2 points a tile"))
    );
}
