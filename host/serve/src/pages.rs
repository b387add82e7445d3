//! The pages: the lobby, the game page and the tile editor, each one
//! self-contained file (inline script and style), shared by `carcassonne
//! serve` and the static site. One page, two backends: the pages call a
//! `backend` object (`backend.js`) that the server's copy of each page
//! makes over its HTTP API, and the static site's over the engine compiled
//! to WebAssembly in the page (`site/web.js`, `carcassonne-web`), with the
//! same calls and the same JSON. [`write_static_site`] writes the static
//! site: the same pages, its backend, the worker its bots think in, and
//! the WebAssembly engine (`docs/web.md`).

use anyhow::{Context, Result, bail};
use std::path::{Path, PathBuf};
use std::sync::LazyLock;

/// The game page, before its backend is put in.
const PAGE: &str = include_str!("page.html");

/// The lobby page, before its backend is put in.
const LOBBY: &str = include_str!("lobby.html");

/// The tile editor page, before its backend is put in.
const EDITOR: &str = include_str!("editor.html");

/// The server's backend (`serverBackend()`): the pages' calls as `fetch()`
/// against the API, the event stream as an `EventSource`.
pub const BACKEND_JS: &str = include_str!("backend.js");

/// The static site's backend: the engine in the page, the games kept in
/// the browser's storage.
pub const WEB_JS: &str = include_str!("site/web.js");

/// The static site's Web Worker, where its bots think.
pub const WORKER_JS: &str = include_str!("site/worker.js");

/// The static site's replay page: the replay viewer of a game kept in the
/// browser, drawn by the engine in the page.
pub const REPLAY_HTML: &str = include_str!("site/replay.html");

/// Where a page puts its backend's script, before its own.
const MARK: &str = "<!-- backend -->";

/// Which backend a page is made for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// `carcassonne serve`'s API, over HTTP.
    Server,
    /// The static site's engine in the page (`web.js`).
    Static,
}

fn with_backend(page: &str, backend: Backend) -> String {
    let script = match backend {
        Backend::Server => format!("<script>\n{BACKEND_JS}const backend = serverBackend();\n</script>"),
        Backend::Static => "<script src=\"web.js\"></script>".to_string(),
    };
    page.replacen(MARK, &script, 1)
}

/// The game page for `backend`.
pub fn game_page(backend: Backend) -> String {
    with_backend(PAGE, backend)
}

/// The lobby page for `backend`.
pub fn lobby_page(backend: Backend) -> String {
    with_backend(LOBBY, backend)
}

/// The tile editor page for `backend`.
pub fn editor_page(backend: Backend) -> String {
    with_backend(EDITOR, backend)
}

/// The server's tile editor page, made once.
pub static SERVER_EDITOR_PAGE: LazyLock<String> = LazyLock::new(|| editor_page(Backend::Server));

/// The server's game page, made once.
pub static SERVER_GAME_PAGE: LazyLock<String> = LazyLock::new(|| game_page(Backend::Server));

/// The server's lobby page, made once.
pub static SERVER_LOBBY_PAGE: LazyLock<String> = LazyLock::new(|| lobby_page(Backend::Server));

/// The files wasm-bindgen writes for `carcassonne-web` (`--target web`):
/// the JavaScript glue and the WebAssembly module.
pub const WASM_FILES: [&str; 2] = ["carcassonne_web.js", "carcassonne_web_bg.wasm"];

/// Writes the static site into `out` (created if need be): `index.html`
/// (the lobby), `game.html` (the game page), `editor.html` (the tile
/// editor), `replay.html`, `web.js`,
/// `worker.js`, and the engine from `wasm`, the directory `wasm-bindgen
/// --target web` wrote `carcassonne-web`'s build into ([`WASM_FILES`]).
/// Returns the files written. Any web server of static files serves it
/// (WebAssembly as `application/wasm`); it needs no server of its own.
///
/// # Errors
/// A file of `wasm` is missing, or `out` cannot be written.
pub fn write_static_site(out: &Path, wasm: &Path) -> Result<Vec<PathBuf>> {
    for name in WASM_FILES {
        if !wasm.join(name).is_file() {
            bail!(
                "{} has no {name}: give the directory `wasm-bindgen --target web` wrote carcassonne-web's \
                 build into (docs/web.md)",
                wasm.display()
            );
        }
    }
    std::fs::create_dir_all(out).with_context(|| format!("cannot create {}", out.display()))?;
    let pages = [
        ("index.html", lobby_page(Backend::Static)),
        ("game.html", game_page(Backend::Static)),
        ("editor.html", editor_page(Backend::Static)),
        ("replay.html", REPLAY_HTML.to_string()),
        ("web.js", WEB_JS.to_string()),
        ("worker.js", WORKER_JS.to_string()),
    ];
    let mut written = Vec::new();
    for (name, text) in pages {
        let path = out.join(name);
        carcassonne_setup::write_atomically(&path, &text)?;
        written.push(path);
    }
    for name in WASM_FILES {
        let path = out.join(name);
        std::fs::copy(wasm.join(name), &path)
            .with_context(|| format!("cannot copy {} to {}", wasm.join(name).display(), path.display()))?;
        written.push(path);
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_page_gets_its_backend_once_before_its_script() {
        for page in [PAGE, LOBBY, EDITOR] {
            assert_eq!(page.matches(MARK).count(), 1);
            let server = with_backend(page, Backend::Server);
            let at = server.find("const backend = serverBackend();").unwrap();
            assert!(at < server.find("\"use strict\";\nconst").unwrap_or(usize::MAX));
            assert!(!server.contains(MARK));
            let web = with_backend(page, Backend::Static);
            assert!(web.contains("<script src=\"web.js\"></script>") && !web.contains("serverBackend"));
        }
        // The pages reach their games only through the backend.
        for page in [PAGE, LOBBY, EDITOR] {
            assert!(!page.contains("fetch("), "a page fetches by itself");
            assert!(!page.contains("EventSource"), "a page opens an event stream by itself");
        }
    }
}
