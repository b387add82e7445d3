#!/bin/sh
# Regenerates the pictures of `carcassonne serve` in docs/serve/: the lobby
# (on a desktop and on a phone), a game in progress as the browser shows
# it, and a finished game's final-scoring panel. Needs chromium, curl,
# and for the lobby chromedriver and python3; run from the repository root:
#   sh docs/serve/screenshots.sh
# CARCASSONNE=path/to/carcassonne uses that binary instead of a release build.
set -eu
out=docs/serve
port=${PORT:-8765}
bin=${CARCASSONNE:-}
if [ -z "$bin" ]; then
    cargo build --release -q -p carcassonne-host
    bin=target/release/carcassonne
fi
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
# --no-data: the games of the pictures stay out of the user's database
# (whose ids would make the next run's game another than game 1).
"$bin" serve --no-data --config "$dir/game.toml" --record "$dir/game.json" --bind "127.0.0.1:$port" > "$dir/links" &
server=$!
trap 'kill $server; rm -rf "$dir"' EXIT
while ! grep -q hot-seat "$dir/links" 2>/dev/null; do sleep 0.2; done
hot=$(sed -n 's/.*hot-seat.*seat=\([0-9a-f]*\).*/\1/p' "$dir/links")
api="http://127.0.0.1:$port/api"
game="$api/games/1"

# The state once no bot is thinking (bots move on the server after a move).
settled() {
    while curl -sf "$game/state" | grep -q '"thinking":{'; do sleep 0.1; done
    curl -sf "$game/state"
}
# Plays option `$1` of the current decision (a move names the version it answers).
choose() {
    version=$(settled | grep -o '"version":[0-9]*' | head -n 1 | cut -d: -f2)
    curl -sf -X POST "$game/move" -H 'Content-Type: application/json' \
        -d "{\"token\":\"$hot\",\"index\":$1,\"version\":$version}" > /dev/null
}
kind() {
    settled | grep -o '"kind":"[a-z]*"' | head -n 1
}
# Plays the first option until the decision is of kind `$1`, after `$2` moves at least.
advance_to() {
    n=0
    while [ "$n" -lt "$2" ] || [ "$(kind)" != "\"kind\":\"$1\"" ]; do
        choose 0
        n=$((n + 1))
    done
}
# Screenshot `$1` of page `$2` at window size `$3` (default 1400,900).
shot() {
    chromium --headless --no-sandbox --disable-gpu --disable-background-networking --disable-quic \
        --no-first-run --disable-component-update --disable-sync --user-data-dir="$dir/chromium" \
        --virtual-time-budget=5000 --window-size="${3:-1400,900}" --screenshot="$out/$1" \
        "$2" 2> /dev/null
}
page="http://127.0.0.1:$port/games/1/?seat=$hot&live=0"
advance_to deploy 10
shot deploy.png "$page"
advance_to place 30
shot place.png "$page"
advance_to expansion 0
shot expansion.png "$page"
shot phone-game.png "$page" 390,844

# A finished bots' game beside the game above.
curl -sf -X POST "$api/games" -H 'Content-Type: application/json' \
    -d '{"seed": 3, "expansions": ["fruit-trees"], "players": [{"name": "Greta", "bot": "greedy"}, {"name": "Rand", "bot": "random"}]}' > /dev/null
while ! curl -sf "$api/games" | grep -q '"over":true'; do sleep 0.2; done
# That finished game's final-scoring panel, on a desktop and on a phone.
shot final-scores.png "http://127.0.0.1:$port/games/2/?live=0" 1280,800
shot phone-final-scores.png "http://127.0.0.1:$port/games/2/?live=0" 390,844
# The lobby's expansions under the headings of their groups, opened at the
# filter box above them (`#exp-find`), on a desktop and on a phone:
# through chromedriver, since chromium's --screenshot draws a page scrolled
# by its address only in part.
python3 docs/serve/webshot.py "http://127.0.0.1:$port/#exp-find" "$out/lobby.png" 1280 800 "#expansions .exp-group"
python3 docs/serve/webshot.py "http://127.0.0.1:$port/#exp-find" "$out/phone-lobby.png" 390 844 "#expansions .exp-group"
