//! The expansion's tile set: 24 tiles, one of each, with 9 wine, 6 grain
//! and 5 cloth symbols (Wikicarpedia: "24 Land Tiles (9 Wine, 6 Grain,
//! 5 Cloth, 4 w/o Goods)").

use carcassonne_testkit::Kit;
use carcassonne_traders_and_builders::INFO;
use std::collections::BTreeMap;

#[test]
fn twenty_four_tiles_with_twenty_goods_symbols() {
    let kit = Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"));
    let mut config = carcassonne_core::GameConfig::with_players(2);
    config.expansions = vec![INFO.id.into()];
    let rules = kit.rules(&config);
    let ours: Vec<_> = rules.tiles().iter().filter(|t| t.id().starts_with("TB-")).collect();
    assert_eq!(ours.len(), 24);
    assert!(ours.iter().all(|t| t.def.count == 1));
    let mut symbols: BTreeMap<String, u32> = BTreeMap::new();
    let mut without = 0;
    for t in &ours {
        let goods: Vec<String> = t
            .def
            .features
            .iter()
            .filter_map(|f| f.attributes.get(INFO.id)?.get("goods")?.as_str().map(String::from))
            .collect();
        if goods.is_empty() {
            without += 1;
        }
        for g in goods {
            *symbols.entry(g).or_default() += 1;
        }
    }
    assert_eq!(symbols["wine"], 9);
    assert_eq!(symbols["grain"], 6);
    assert_eq!(symbols["cloth"], 5);
    assert_eq!(without, 4);
}
