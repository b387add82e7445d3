//! Seeded bot games with the expansion on: they finish without a hook
//! failing, big followers are offered and used, and no player ever has more
//! than one on the board.

use carcassonne_bots::{Bot, RandomBot};
use carcassonne_core::{Action, Catalog, Game, GameConfig, Rules, TileSource};
use carcassonne_inns_and_cathedrals::INFO;
use std::sync::Arc;

#[test]
fn games_finish_with_one_big_follower_each() {
    let mut catalog = Catalog::default();
    catalog.add(&INFO).unwrap();
    let mut big_deployed = 0;
    for seed in 0..8u64 {
        let mut config = GameConfig::with_players(3);
        config.seed = seed;
        config.expansions = vec![INFO.id.into()];
        let rules = Arc::new(Rules::new(&catalog, &config, &TileSource::default()).unwrap());
        // 71 base tiles after the start tile, plus the expansion's 18.
        assert_eq!(rules.bag_size(), 71 + 18);
        let big = rules
            .figure_index("big-follower")
            .expect("the big follower is in the game");
        let mut game = Game::new(rules).unwrap();
        let mut bot = RandomBot::new(seed);
        let mut options = Vec::new();
        while !game.is_over() {
            game.legal_actions(&mut options);
            let i = bot.choose(&game, &options);
            if matches!(&options[i], Action::Deploy(d) if d.figure == big) {
                big_deployed += 1;
            }
            game.play(&options[i]).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            for player in 0..3u8 {
                let on_board = game
                    .state()
                    .figures()
                    .iter()
                    .filter(|f| f.owner == player && f.kind == big)
                    .count();
                assert!(
                    on_board + usize::from(game.state().supply(player, big)) == 1,
                    "seed {seed}"
                );
            }
        }
    }
    assert!(big_deployed > 0, "random play deploys big followers");
}
