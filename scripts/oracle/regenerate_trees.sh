#!/usr/bin/env bash
# Regenerate fixtures/expected/trees/*.jsonl (python-chess game trees) with tree_dump.py.
# Needs python-chess 1.11.x (pip install chess==1.11.2). Run from anywhere.
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/oracle/tree_files.sh
PY=${PYTHON:-python3}
mkdir -p fixtures/expected/trees/pychess_learn/lessons
tree_files | while IFS=$'\t' read -r in out; do
    "$PY" scripts/oracle/tree_dump.py "$in" > "$out"
    echo "$out: $(wc -l < "$out") games"
done
