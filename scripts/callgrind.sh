#!/usr/bin/env bash
# Instructions executed (callgrind's Ir) by notate binaries on the same inputs,
# as a Markdown table: the measure to compare builds with on a busy machine,
# where wall and CPU time are noise.
#
# Usage:  scripts/callgrind.sh BINARY [BINARY...]
#   BINARY        a notate binary (e.g. target/release/notate, or one built
#                 from an older commit); one column each
#   CG_GAMES=N    games of the gnuchess book to read (default 5000)
#
# Inputs, all written by the first BINARY so that every column reads the same
# bytes: the book's first N games as SAN; the same games in each national form
# of scripts/bench.sh (--preset fide-ru, ru-classic, fide-es, --lang de,
# --castling 0); and fixtures/pages/pages.pgn (prose-woven pages). Each read is
# `BINARY -q -j 1 FILE -o /dev/null` under valgrind --tool=callgrind.
#
# Needs valgrind and ../shared/corpus/gnuchess-book/book_1.02.pgn.gz.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
GAMES=${CG_GAMES:-5000}
BOOK="$ROOT/../shared/corpus/gnuchess-book/book_1.02.pgn.gz"
say() { printf '%s\n' "$*" >&2; }
die() { say "callgrind.sh: $*"; exit 2; }

[[ $# -ge 1 ]] || die "usage: scripts/callgrind.sh BINARY [BINARY...]"
command -v valgrind > /dev/null || die "valgrind is needed (apt-get install valgrind)"
[[ -f $BOOK ]] || die "the gnuchess book is absent: $BOOK"
[[ "$GAMES" =~ ^[1-9][0-9]*$ ]] || die "CG_GAMES must be a positive integer, not \`$GAMES\`"
for b in "$@"; do [[ -x $b ]] || die "not an executable: $b"; done

TMP=$(mktemp -d "${TMPDIR:-/tmp}/notate-callgrind.XXXXXX")
trap 'rm -rf "$TMP"' EXIT INT TERM

FORMS=(
    "SAN|"
    "fide-ru|--preset fide-ru"
    "ru-classic|--preset ru-classic"
    "fide-es|--preset fide-es"
    "de|--lang de"
    "castling 0|--castling 0"
)
# awk stops reading after N games: gzip then dies of SIGPIPE, which is no failure.
{ gzip -dc "$BOOK" || true; } | awk -v n="$GAMES" '/^\[Event / { g++ } g > n { exit } { print }' > "$TMP/en.pgn"
INPUTS=()
for i in "${!FORMS[@]}"; do
    IFS='|' read -r label flags <<< "${FORMS[i]}"
    # shellcheck disable=SC2086 # the flags are words
    "$1" -q $flags "$TMP/en.pgn" > "$TMP/in_$i.pgn" || true
    INPUTS+=("$label ($GAMES games)|$TMP/in_$i.pgn")
done
INPUTS+=("pages (fixtures/pages/pages.pgn)|$ROOT/fixtures/pages/pages.pgn")

instructions() {
    # instructions BINARY FILE: the Ir total of one read.
    local out="$TMP/cg.out"
    valgrind --tool=callgrind --callgrind-out-file="$out" "$1" -q -j 1 "$2" -o /dev/null \
        > /dev/null 2> "$TMP/valgrind.err" || true
    grep -m1 '^summary:' "$out" | awk '{ print $2 }'
}

header="| input |"
rule="|---|"
for b in "$@"; do
    header+=" \`$b\` |"
    rule+="---:|"
done
[[ $# -ge 2 ]] && { header+=" last ÷ first |"; rule+="---:|"; }
echo "$header"
echo "$rule"
for entry in "${INPUTS[@]}"; do
    IFS='|' read -r label file <<< "$entry"
    say "  $label ..."
    line="| $label |"
    first="" last=""
    for b in "$@"; do
        ir=$(instructions "$b" "$file")
        [[ -z $first ]] && first=$ir
        last=$ir
        line+=" $(awk -v n="$ir" 'BEGIN { printf "%.2fM", n / 1e6 }') |"
    done
    [[ $# -ge 2 ]] && line+=" $(awk -v a="$first" -v b="$last" 'BEGIN { printf "%.3f", b / a }') |"
    echo "$line"
done
