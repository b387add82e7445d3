#!/usr/bin/env bash
# Fills fuzz/corpus/<target>/ with the project's real files as seeds
# (see docs/fuzzing.md). Safe to run again: it only adds files.
set -euo pipefail
cd "$(dirname "$0")"
root=..
mkdir -p corpus/tile_set corpus/config corpus/record corpus/decisions
cp "$root"/tiles/*.toml "$root"/host/tests/broken-tiles/*.toml corpus/tile_set/
cp seeds/config/*.toml corpus/config/
cp "$root"/core/tests/golden/*.json corpus/record/
for f in "$root"/expansions/*/tests/records/*.json; do
    [ -e "$f" ] && cp "$f" "corpus/record/$(basename "$(dirname "$(dirname "$(dirname "$f")")")")-$(basename "$f")"
done
# Earlier crash inputs, so that a fixed bug stays fixed.
for t in tile_set config record decisions; do
    if [ -d "$root/core/tests/fuzz-regressions/$t" ]; then
        find "$root/core/tests/fuzz-regressions/$t" -type f -exec cp {} "corpus/$t/" \;
    fi
done
# The decision target reads raw bytes: a few fixed starts are enough.
printf '\x00\x00' > corpus/decisions/two-players
printf '\x04\x07' > corpus/decisions/six-players-seed-7
# Zeros: the first listed option at every step, a whole 2-player game.
head -c 1024 /dev/zero > corpus/decisions/whole-game-first-options
echo "corpora: $(for t in tile_set config record decisions; do printf '%s=%s ' "$t" "$(ls corpus/$t | wc -l)"; done)"
