//! Where an expansion's tile file is read from: the tiles directory first,
//! then the file where it was when the expansion was built (so an author's
//! edits apply without rebuilding the plugin), then the built-in copy.

use carcassonne_core::{TileFile, TileSource};
use std::path::PathBuf;

fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A tile file of `count` copies of one field tile.
fn tiles(count: u32) -> String {
    format!(
        "[set]\nid = \"wells\"\n\n[[tile]]\nid = \"W1\"\ncount = {count}\nedges = \"FFFF\"\nfeatures = [{{ kind = \"field\", edges = [\"N\", \"E\", \"S\", \"W\"] }}]\n"
    )
}

#[test]
fn the_file_where_it_was_built_wins_over_the_built_in_copy() {
    let dir = scratch("tile-source-built");
    let source = dir.join("wells.toml");
    // Built with 2 copies; edited since to 5 (as `tiles set-count` does).
    std::fs::write(&source, tiles(5)).unwrap();
    let built_in: &'static str = Box::leak(tiles(2).into_boxed_str());
    let path: &'static str = Box::leak(source.display().to_string().into_boxed_str());
    let file = TileFile {
        file_name: "wells.toml",
        embedded: built_in,
        source: path,
    };
    let catalog = carcassonne_core::Catalog::default();
    let none = TileSource::default();
    let (read_from, _) = none.read_file(&file).unwrap();
    assert_eq!(read_from, path);
    assert_eq!(none.load_file(&file, &catalog).unwrap().total(), 5);

    // A tiles directory with its own copy wins over both.
    let tiles_dir = scratch("tile-source-dir");
    std::fs::write(tiles_dir.join("wells.toml"), tiles(7)).unwrap();
    let with_dir = TileSource {
        dir: Some(tiles_dir.clone()),
    };
    assert_eq!(with_dir.load_file(&file, &catalog).unwrap().total(), 7);

    // Gone from where it was built (a plugin installed elsewhere): the
    // built-in copy.
    std::fs::remove_file(&source).unwrap();
    let (read_from, _) = none.read_file(&file).unwrap();
    assert_eq!(read_from, "<built-in>/wells.toml");
    assert_eq!(none.load_file(&file, &catalog).unwrap().total(), 2);
}
