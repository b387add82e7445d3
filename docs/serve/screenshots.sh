#!/bin/sh
# Regenerates the pictures of `carcassonne serve` in docs/serve/: a game in
# progress as the browser shows it. Needs chromium and curl; run from the
# repository root:   sh docs/serve/screenshots.sh
set -eu
out=docs/serve
port=${PORT:-8765}
cargo build --release -q -p carcassonne-host
dir=$(mktemp -d)
cat > "$dir/game.toml" <<'TOML'
seed = 7
expansions = ["easter", "fruit-trees", "inns-and-cathedrals"]

[[players]]
name = "Ann"

[[players]]
name = "Bob"

[[players]]
name = "Robo"
bot = "greedy"
TOML
target/release/carcassonne serve --config "$dir/game.toml" --record "$dir/game.json" --bind "127.0.0.1:$port" > "$dir/links" &
server=$!
trap 'kill $server; rm -rf "$dir"' EXIT
while ! grep -q hot-seat "$dir/links" 2>/dev/null; do sleep 0.2; done
hot=$(sed -n 's/.*hot-seat.*seat=\([0-9a-f]*\).*/\1/p' "$dir/links")
api="http://127.0.0.1:$port/api"

# Plays option `$1` of the current decision (a move names the version it answers).
choose() {
    version=$(curl -sf "$api/state" | grep -o '"version":[0-9]*' | head -n 1 | cut -d: -f2)
    curl -sf -X POST "$api/move" -H 'Content-Type: application/json' \
        -d "{\"token\":\"$hot\",\"index\":$1,\"version\":$version}" > /dev/null
}
kind() {
    curl -sf "$api/state" | grep -o '"kind":"[a-z]*"' | head -n 1
}
# Plays the first option until the decision is of kind `$1`, after `$2` moves at least.
advance_to() {
    n=0
    while [ "$n" -lt "$2" ] || [ "$(kind)" != "\"kind\":\"$1\"" ]; do
        choose 0
        n=$((n + 1))
    done
}
shot() {
    chromium --headless --no-sandbox --disable-gpu --disable-background-networking --disable-quic \
        --no-first-run --disable-component-update --disable-sync --user-data-dir="$dir/chromium" \
        --virtual-time-budget=5000 --window-size=1400,900 --screenshot="$out/$1" \
        "http://127.0.0.1:$port/?seat=$hot&live=0" 2> /dev/null
}
advance_to deploy 10
shot deploy.png
advance_to place 30
shot place.png
advance_to expansion 0
shot expansion.png
