# Sourced by regenerate_trees.sh and check_pgn_output.sh (run from the repo root).
# Prints "INPUT<TAB>EXPECTED" for every corpus file that has a tree oracle.
tree_files() {
    local f
    for f in fixtures/corpus/python-chess_data_pgn/*.pgn \
             fixtures/corpus/scalachess_fixtures/FWWRC.pgn \
             fixtures/corpus/scalachess_fixtures/uzchesscup.pgn \
             fixtures/corpus/chess.js_pgn/*.pgn; do
        printf '%s\tfixtures/expected/trees/%s.jsonl\n' "$f" "$(basename "$f" .pgn)"
    done
    for f in fixtures/corpus/pychess_learn/lessons/*.pgn; do
        printf '%s\tfixtures/expected/trees/pychess_learn/lessons/%s.jsonl\n' "$f" "$(basename "$f" .pgn)"
    done
}
