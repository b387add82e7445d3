//! Bot names: the strings a configuration's `bot = "…"`, `--bot` and
//! `--bots` accept.
//!
//! - `random`, `greedy`, `lookahead`;
//! - `mcts`: the search at its default budget ([`MctsConfig::default`]);
//! - `mcts:N`: N iterations per decision (deterministic for a seed);
//! - `mcts:0.5s`, `mcts:200ms`: a time budget per decision;
//! - `…:threads=K` after any of those: K search threads (root parallelism;
//!   `threads=0` means one per core);
//! - research knobs, each `…:KEY=X`: `c` (UCT exploration), `widening`,
//!   `figures` (points a figure in supply is worth at the start), `scale`
//!   (the reward's score scale); see [`MctsConfig`].

use crate::mcts::{Budget, MctsBot, MctsConfig};
use crate::{Bot, GreedyBot, LookaheadBot, RandomBot};
use std::fmt;
use std::time::Duration;

/// Most search threads one bot starts (`threads=K`): as many as a
/// simulation's workers, far more than any machine has cores.
pub const MAX_SEARCH_THREADS: usize = 256;

/// The bot families, as named in help texts.
pub const BOT_NAMES: [&str; 4] = ["random", "greedy", "lookahead", "mcts"];

/// A level players choose from, weakest first: the engine's name for the
/// bot, its name in words and what it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct BotLevel {
    /// The bot's name, as configurations write it (`mcts:300`).
    pub spec: &'static str,
    /// Its name for players (`Normal bot`).
    pub name: &'static str,
    /// What it does, in a few words.
    pub description: &'static str,
}

/// The levels the lobby offers, weakest first.
pub const BOT_LEVELS: [BotLevel; 6] = [
    BotLevel {
        spec: "random",
        name: "Beginner bot",
        description: "random legal moves",
    },
    BotLevel {
        spec: "greedy",
        name: "Easy bot",
        description: "the most points this turn",
    },
    BotLevel {
        spec: "lookahead",
        name: "Casual bot",
        description: "thinks one move ahead",
    },
    BotLevel {
        spec: "mcts:300",
        name: "Normal bot",
        description: "a short search",
    },
    BotLevel {
        spec: "mcts",
        name: "Strong bot",
        description: "searches about half a second a move",
    },
    BotLevel {
        spec: "mcts:12000",
        name: "Expert bot",
        description: "searches about two seconds a move",
    },
];

/// A bot's name in words for players: its level's (`mcts:12000` → "Expert
/// bot"), else what it is (`mcts:500` → "Search bot (500 iterations a
/// move)", `mcts:0.5s` → "Search bot (0.5s a move)").
pub fn bot_words(spec: &str) -> String {
    if let Some(level) = BOT_LEVELS.iter().find(|l| l.spec == spec) {
        return level.name.to_string();
    }
    match BotSpec::parse(spec) {
        Ok(BotSpec::Random) => "Random bot".to_string(),
        Ok(BotSpec::Greedy) => "Greedy bot".to_string(),
        Ok(BotSpec::Lookahead) => "Look-ahead bot".to_string(),
        Ok(BotSpec::Mcts(config)) => match config.budget {
            Budget::Iterations(n) => format!("Search bot ({n} iterations a move)"),
            Budget::Time(d) => format!("Search bot ({:.1}s a move)", d.as_secs_f64()),
        },
        Err(_) => format!("{spec} bot"),
    }
}

/// Why a bot name was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown bot `{name}`: {why}; bots: random, greedy, lookahead, mcts, mcts:N (iterations per decision), mcts:0.5s or mcts:200ms (time per decision), each mcts form optionally followed by :threads=K"
)]
pub struct UnknownBot {
    /// The name as given.
    pub name: String,
    /// What is wrong with it.
    pub why: String,
}

/// A parsed bot name.
#[derive(Clone, Debug, PartialEq)]
pub enum BotSpec {
    /// [`RandomBot`].
    Random,
    /// [`GreedyBot`].
    Greedy,
    /// [`LookaheadBot`].
    Lookahead,
    /// [`MctsBot`] with this configuration.
    Mcts(MctsConfig),
}

impl BotSpec {
    /// Parses a bot name (see the module docs).
    pub fn parse(name: &str) -> Result<BotSpec, UnknownBot> {
        let refuse = |why: String| UnknownBot {
            name: name.to_string(),
            why,
        };
        let mut parts = name.trim().split(':');
        match parts.next().unwrap_or("") {
            "random" | "greedy" | "lookahead" if name.contains(':') => {
                Err(refuse("only mcts takes a budget or options".into()))
            }
            "random" => Ok(BotSpec::Random),
            "greedy" => Ok(BotSpec::Greedy),
            "lookahead" => Ok(BotSpec::Lookahead),
            "mcts" => {
                let mut config = MctsConfig::default();
                let mut budget_seen = false;
                let number = |key: &str, v: &str| -> Result<f64, UnknownBot> {
                    v.parse::<f64>()
                        .ok()
                        .filter(|x| x.is_finite() && *x >= 0.0)
                        .ok_or_else(|| refuse(format!("`{key}={v}` needs a number of 0 or more")))
                };
                for part in parts {
                    if let Some((key @ ("c" | "widening" | "figures" | "scale"), v)) = part.split_once('=') {
                        let x = number(key, v)?;
                        match key {
                            "c" => config.exploration = x,
                            "widening" => config.widening = x,
                            "figures" => config.figure_value = x,
                            _ if x > 0.0 => config.reward_scale = x,
                            _ => return Err(refuse("`scale` must be above 0".into())),
                        }
                    } else if let Some(k) = part.strip_prefix("threads=") {
                        config.threads =
                            k.parse()
                                .ok()
                                .filter(|&k: &usize| k <= MAX_SEARCH_THREADS)
                                .ok_or_else(|| {
                                    refuse(format!("`{k}` is not a thread count (0 to {MAX_SEARCH_THREADS})"))
                                })?;
                    } else if budget_seen {
                        return Err(refuse(format!("a second budget `{part}`")));
                    } else {
                        config.budget = parse_budget(part).map_err(refuse)?;
                        budget_seen = true;
                    }
                }
                Ok(BotSpec::Mcts(config))
            }
            other => Err(refuse(format!("no bot is called `{other}`"))),
        }
    }

    /// A bot of this kind whose own random choices come from `seed`.
    pub fn build(&self, seed: u64) -> Box<dyn Bot> {
        match self {
            BotSpec::Random => Box::new(RandomBot::new(seed)),
            BotSpec::Greedy => Box::new(GreedyBot::new(seed)),
            BotSpec::Lookahead => Box::new(LookaheadBot::new(seed)),
            BotSpec::Mcts(config) => Box::new(MctsBot::new(config.clone(), seed)),
        }
    }
}

fn parse_budget(s: &str) -> Result<Budget, String> {
    let neither = || format!("`{s}` is neither a number of iterations (1 or more) nor a time such as 0.5s or 200ms");
    let seconds = |x: &str, scale: f64| -> Result<Budget, String> {
        let v: f64 = x.parse().map_err(|_| neither())?;
        if !(v.is_finite() && v > 0.0 && v * scale <= 3600.0) {
            return Err(format!("`{s}`: a time budget lies between 0 and one hour"));
        }
        Ok(Budget::Time(Duration::from_secs_f64(v * scale)))
    };
    if let Some(ms) = s.strip_suffix("ms") {
        seconds(ms, 0.001)
    } else if let Some(sec) = s.strip_suffix('s') {
        seconds(sec, 1.0)
    } else {
        match s.parse::<u32>() {
            Ok(n) if n >= 1 => Ok(Budget::Iterations(n)),
            _ => Err(neither()),
        }
    }
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotSpec::Random => write!(f, "random"),
            BotSpec::Greedy => write!(f, "greedy"),
            BotSpec::Lookahead => write!(f, "lookahead"),
            BotSpec::Mcts(c) => {
                match c.budget {
                    Budget::Iterations(n) => write!(f, "mcts:{n}")?,
                    Budget::Time(d) => write!(f, "mcts:{}ms", d.as_millis())?,
                }
                if c.threads != 1 {
                    write!(f, ":threads={}", c.threads)?;
                }
                let d = MctsConfig::default();
                for (key, x, default) in [
                    ("c", c.exploration, d.exploration),
                    ("widening", c.widening, d.widening),
                    ("figures", c.figure_value, d.figure_value),
                    ("scale", c.reward_scale, d.reward_scale),
                ] {
                    if x != default {
                        write!(f, ":{key}={x}")?;
                    }
                }
                Ok(())
            }
        }
    }
}

/// A bot by name (see the module docs), its own random choices seeded with `seed`.
pub fn bot_by_name(name: &str, seed: u64) -> Result<Box<dyn Bot>, UnknownBot> {
    Ok(BotSpec::parse(name)?.build(seed))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_to_their_bots() {
        assert_eq!(BotSpec::parse("random"), Ok(BotSpec::Random));
        assert_eq!(BotSpec::parse("greedy"), Ok(BotSpec::Greedy));
        assert_eq!(BotSpec::parse("lookahead"), Ok(BotSpec::Lookahead));
        assert_eq!(BotSpec::parse("mcts"), Ok(BotSpec::Mcts(MctsConfig::default())));
        let Ok(BotSpec::Mcts(c)) = BotSpec::parse("mcts:300") else {
            panic!("mcts:300 parses")
        };
        assert_eq!((c.budget, c.threads), (Budget::Iterations(300), 1));
        let Ok(BotSpec::Mcts(c)) = BotSpec::parse("mcts:0.5s:threads=4") else {
            panic!("a time budget with threads parses")
        };
        assert_eq!((c.budget, c.threads), (Budget::Time(Duration::from_millis(500)), 4));
        let Ok(BotSpec::Mcts(c)) = BotSpec::parse("mcts:250ms") else {
            panic!("milliseconds parse")
        };
        assert_eq!(c.budget, Budget::Time(Duration::from_millis(250)));
    }

    #[test]
    fn names_print_back_as_they_parse() {
        for name in [
            "random",
            "greedy",
            "lookahead",
            "mcts:300",
            "mcts:500ms",
            "mcts:1000:threads=2",
            "mcts:100:c=0.3:scale=8",
        ] {
            assert_eq!(BotSpec::parse(name).expect(name).to_string(), name);
        }
    }

    #[test]
    fn bad_names_say_what_is_wrong() {
        for (name, why) in [
            ("alphago", "no bot is called `alphago`"),
            ("mcts:0", "neither a number of iterations"),
            ("mcts:fast", "neither a number of iterations"),
            ("mcts:lots", "neither a number of iterations"),
            ("mcts:-1s", "between 0 and one hour"),
            ("mcts:100:200", "a second budget"),
            ("mcts:threads=many", "not a thread count"),
            ("mcts:100:threads=1024", "not a thread count (0 to 256)"),
            ("greedy:100", "only mcts takes"),
            ("mcts:100:c=-1", "needs a number of 0 or more"),
            ("mcts:100:scale=0", "must be above 0"),
        ] {
            let e = BotSpec::parse(name).expect_err(name);
            assert!(e.to_string().contains(why), "{name}: {e}");
            assert!(e.to_string().contains("mcts:N"), "{e}");
        }
    }
}
