#!/bin/sh
# Remakes docs/screens/<lang>_rules.png and <lang>_table.png (2x) with the headless
# simulator, one run per language: Settings -> Language (RIGHT k times), back (and OK:
# keep the change, when there is one), the rules page "A game" (page 4), then you against three easy bots (stack 20, app seed 14,
# the match of host_tests/keys/bots4.keys) to its 9th key: your turn, a bet open (as docs/screens/table.png).
# Run from anywhere: sh docs/screens/languages.sh
set -e
cd "$(dirname "$0")/../.."
PY=${PY:-.venv/bin/python}
TMP=$(mktemp -d)
MATCH="OK DOWN DOWN DOWN LEFT LEFT SL OK OK"
k=0
for lang in en bg ru nl pt id; do
    rights=""
    keep=""
    at=$k
    i=0
    while [ $i -lt $k ]; do rights="$rights RIGHT"; i=$((i + 1)); done
    if [ $k -gt 0 ]; then keep="OK"; at=$((k + 1)); fi
    keys="DOWN DOWN OK UP UP $rights END $keep DOWN OK RIGHT RIGHT RIGHT END UP UP UP $MATCH"
    rm -rf "$TMP/$lang"
    "$PY" -m tools.sim --seed 14 --scale 2 --keys "$keys" --shots "$TMP/$lang" >/dev/null
    cp "$TMP/$lang/$(printf %04d $((11 + at)))".png "docs/screens/${lang}_rules.png"
    cp "$TMP/$lang/$(printf %04d $((24 + at)))".png "docs/screens/${lang}_table.png"
    k=$((k + 1))
done
rm -rf "$TMP"
