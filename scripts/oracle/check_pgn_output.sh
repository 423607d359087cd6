#!/usr/bin/env bash
# Round-trip check: does PGN written by notate keep python-chess's game trees?
#
# For each corpus file of scripts/oracle/tree_files.sh: run
#   target/release/notate FILE -o OUT.pgn      (default output: PGN export format)
# then compare tree_dump.py of FILE (skipped games removed) with tree_dump.py of OUT.pgn,
# game by game in order (the "game" index is ignored). Prints per file: games compared,
# identical, different, and the first differing pair of JSON lines.
# Builds nothing: run `cargo build --release` first. Override the binary with NOTATE=...
# notate exits 1 when it left out games it could not convert (variants / games python-chess
# rejects); that is accepted. Exit status: 0 if every file is identical, 1 otherwise.
set -uo pipefail
cd "$(dirname "$0")/../.."
. scripts/oracle/tree_files.sh
PY=${PYTHON:-python3}
NOTATE=${NOTATE:-target/release/notate}
[ -x "$NOTATE" ] || { echo "no $NOTATE: run cargo build --release" >&2; exit 2; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
status=0
while IFS=$'\t' read -r in _; do
    name=$(basename "$in" .pgn)
    "$NOTATE" "$in" -o "$TMP/x.pgn" 2> "$TMP/notate.err"
    rc=$?
    if [ "$rc" -ne 0 ] && [ "$rc" -ne 1 ]; then
        echo "$name: notate exited $rc: $(head -c 300 "$TMP/notate.err")"
        status=1; continue
    fi
    [ -f "$TMP/x.pgn" ] || : > "$TMP/x.pgn"
    "$PY" scripts/oracle/tree_dump.py "$in" > "$TMP/orig.jsonl"
    "$PY" scripts/oracle/tree_dump.py "$TMP/x.pgn" > "$TMP/out.jsonl"
    "$PY" scripts/oracle/compare_trees.py "$TMP/orig.jsonl" "$TMP/out.jsonl" "$name (notate rc $rc)" || status=1
    rm -f "$TMP/x.pgn"
done < <(tree_files)
exit $status
