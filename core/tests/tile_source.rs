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
        art: &[],
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

/// A tile file whose tile `W1` names the picture `art`.
fn with_art(art: &str) -> String {
    tiles(1).replace("count = 1\n", &format!("count = 1\nart = {art:?}\n"))
}

const PICTURE: &str =
    "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 100 100\"><circle cx=\"50\" cy=\"50\" r=\"40\"/></svg>";

/// A tile's own picture (`art`): read beside a tile file on disk, from the
/// pictures built in with an expansion's copy, or not at all (the tile is
/// then drawn from its features); a missing or non-SVG picture on disk
/// and a path leaving the tile file's directory are refused by name.
#[test]
fn a_tiles_picture_is_read_beside_its_file_or_from_the_built_in_copy() {
    let catalog = carcassonne_core::Catalog::default();
    let dir = scratch("tile-art");
    std::fs::create_dir_all(dir.join("art")).unwrap();
    std::fs::write(dir.join("art/w1.svg"), PICTURE).unwrap();
    let file = dir.join("wells.toml");
    std::fs::write(&file, with_art("art/w1.svg")).unwrap();
    let set = TileSource::load_path(&file, &catalog).unwrap();
    let art = set.tiles[0].art.as_ref().expect("art");
    assert_eq!(art.path, "art/w1.svg");
    assert_eq!(art.svg.as_deref(), Some(PICTURE));

    // Built in: the picture comes with the copy; without it, none.
    let text: &'static str = Box::leak(with_art("art/w1.svg").into_boxed_str());
    let built = TileFile {
        file_name: "wells.toml",
        embedded: text,
        source: "",
        art: &[("art/w1.svg", PICTURE)],
    };
    let set = TileSource::default().load_file(&built, &catalog).unwrap();
    assert_eq!(set.tiles[0].art.as_ref().unwrap().svg.as_deref(), Some(PICTURE));
    let bare = TileFile { art: &[], ..built };
    let set = TileSource::default().load_file(&bare, &catalog).unwrap();
    assert_eq!(set.tiles[0].art.as_ref().unwrap().svg, None, "drawn from its features");

    // Missing on disk, not SVG, outside the directory.
    std::fs::write(&file, with_art("art/missing.svg")).unwrap();
    let e = TileSource::load_path(&file, &catalog).unwrap_err().to_string();
    assert!(e.contains("tile `W1`") && e.contains("art/missing.svg"), "{e}");
    std::fs::write(dir.join("art/w2.svg"), "just text").unwrap();
    std::fs::write(&file, with_art("art/w2.svg")).unwrap();
    let e = TileSource::load_path(&file, &catalog).unwrap_err().to_string();
    assert!(e.contains("not an SVG picture"), "{e}");
    for bad in ["../w1.svg", "/etc/w1.svg", "art/w1.png"] {
        std::fs::write(&file, with_art(bad)).unwrap();
        let e = TileSource::load_path(&file, &catalog).unwrap_err().to_string();
        assert!(e.contains("tile `art`"), "{bad}: {e}");
    }
}
