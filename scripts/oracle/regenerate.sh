#!/usr/bin/env bash
# Regenerate fixtures/corpus/ (small PGN copies) and fixtures/expected/ (python-chess oracle).
# Usage (from anywhere):  scripts/oracle/regenerate.sh [--no-digest]
#   SHARED=/path/to/shared  overrides the corpus location (default: ../shared next to the repo).
# Needs python3 with python-chess 1.11.x:  pip install chess==1.11.2
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
SHARED="${SHARED:-$(cd "$ROOT/../shared" && pwd)}"
C="$SHARED/corpus"
PY="python3 $ROOT/scripts/oracle/python_chess_expected.py"
EXP="$ROOT/fixtures/expected"
COR="$ROOT/fixtures/corpus"
DIGEST=1
[ "${1:-}" = "--no-digest" ] && DIGEST=0

python3 -c 'import chess, sys; v = chess.__version__; print("python-chess", v); sys.exit(0 if v.startswith("1.11.") else 1)' \
  || { echo "need python-chess 1.11.x (pip install chess==1.11.2)" >&2; exit 1; }

mkdir -p "$EXP" "$COR"

# 1. Copy small corpus inputs (< 400 KB each) with their SOURCE.txt, same relative structure.
copy() {  # copy <relative dir> <file>...
  local dir="$1"; shift
  mkdir -p "$COR/$dir"
  cp "$C/$dir/SOURCE.txt" "$COR/$dir/SOURCE.txt"
  for f in "$@"; do
    local size; size=$(stat -c %s "$C/$dir/$f")
    if [ "$size" -ge 409600 ]; then echo "skip (>=400 KB): $dir/$f" >&2; continue; fi
    cp "$C/$dir/$f" "$COR/$dir/$f"
  done
}
(cd "$C/python-chess_data_pgn" && copy python-chess_data_pgn *.pgn)
(cd "$C/chess.js_pgn" && copy chess.js_pgn *.pgn)
copy scalachess_fixtures FWWRC.pgn uzchesscup.pgn
mkdir -p "$COR/pychess_learn"
cp "$C/pychess_learn/SOURCE.txt" "$COR/pychess_learn/SOURCE.txt"
for sub in puzzles lessons; do
  mkdir -p "$COR/pychess_learn/$sub"
  cp "$C/pychess_learn/$sub/"*.pgn "$COR/pychess_learn/$sub/"
done
chmod -R u+w "$COR"

# 2. Per-game expected JSON lines.
for f in "$C"/shakmaty_pgn-reader_benches/*.pgn "$C"/python-chess_data_pgn/*.pgn \
         "$C"/scalachess_fixtures/FWWRC.pgn "$C"/scalachess_fixtures/uzchesscup.pgn "$C"/chess.js_pgn/*.pgn; do
  $PY jsonl "$f" "$EXP/$(basename "$f" .pgn).jsonl"
done
for sub in puzzles lessons; do
  for f in "$C"/pychess_learn/$sub/*.pgn; do
    $PY jsonl "$f" "$EXP/pychess_learn/$sub/$(basename "$f" .pgn).jsonl"
  done
done

# 3. Exceptions table (generated) + hand-written notes.
$PY exceptions "$EXP" "$ROOT/scripts/oracle/exceptions_notes.md" "$EXP/EXCEPTIONS.md"

# 4. gnuchess book digest (145,716 games; ~6-7 min on 2 cores).
if [ "$DIGEST" = 1 ]; then
  $PY digest "$C/gnuchess-book/book_1.02.pgn.gz" "$EXP/gnuchess-book.digest" --encoding latin-1 --jobs 2
fi
