#!/usr/bin/env bash
# Throughput and memory of notate, side by side with pgn-extract, as a Markdown table.
#
# Usage:  scripts/bench.sh [FILE]
#   FILE             a PGN file (default: ../shared/corpus/gnuchess-book/book_1.02.pgn.gz,
#                    the 145,716-game gnuchess book, decompressed once to a temp file)
#   BENCH_RUNS=N     rounds; each runs every row once, the best (shortest) run of
#                    each row is kept (default 5)
#   BENCH_BIG=0      skip the "big input" rows (the input ten times through a pipe)
#   BENCH_NATIONAL=0 skip the national rows: the input's first 50,000 games
#                    written by notate in each national form (--preset fide-ru,
#                    ru-classic, fide-es, --lang de, --castling 0), each read
#                    on one core, CPU time against the SAN read of the same
#                    games; the Russian long form also on two cores, against
#                    pgn-extract on the English games
#
# Builds notate first (cargo build --release -q). Times each row with the wall
# clock; peak RSS is the "Maximum resident set size" of /usr/bin/time -v (the
# largest over the runs). pgn-extract (Debian: /usr/games/pgn-extract) and GNU
# time are installed with apt-get when missing and we are root; without
# pgn-extract its rows and the ratio column are left out.
#
# notate exits 1 when it left out games it could not convert; that is accepted
# (and noted under the table). Any other failure stops the script.
#
# Progress goes to standard error, the report (Markdown) to standard output.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
RUNS=${BENCH_RUNS:-5}
BIG=${BENCH_BIG:-1}
NATIONAL=${BENCH_NATIONAL:-1}
DEFAULT_BOOK="$ROOT/../shared/corpus/gnuchess-book/book_1.02.pgn.gz"

say() { printf '%s\n' "$*" >&2; }
die() { say "bench.sh: $*"; exit 2; }

[[ "$RUNS" =~ ^[1-9][0-9]*$ ]] || die "BENCH_RUNS must be a positive integer, not \`$RUNS\`"

TMP=$(mktemp -d "${TMPDIR:-/tmp}/notate-bench.XXXXXX")
trap 'rm -rf "$TMP"' EXIT INT TERM

# --- tools -----------------------------------------------------------------

apt_install() {
    # apt_install PACKAGE: install a Debian package when we can (root, apt-get).
    if [[ $(id -u) -eq 0 ]] && command -v apt-get > /dev/null; then
        say "installing $1 (apt-get) ..."
        if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$1" > /dev/null 2>&1; then
            apt-get update -qq > /dev/null 2>&1 || true
            DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$1" > /dev/null 2>&1 || return 1
        fi
        return 0
    fi
    return 1
}

TIME=/usr/bin/time
if ! [[ -x $TIME ]] || ! $TIME -v true > /dev/null 2>&1; then
    apt_install time || true
    [[ -x $TIME ]] && $TIME -v true > /dev/null 2>&1 ||
        die "GNU time (/usr/bin/time -v) is needed: apt-get install time"
fi

PGN_EXTRACT=$(command -v pgn-extract || true)
[[ -z $PGN_EXTRACT && -x /usr/games/pgn-extract ]] && PGN_EXTRACT=/usr/games/pgn-extract
if [[ -z $PGN_EXTRACT ]]; then
    if apt_install pgn-extract && [[ -x /usr/games/pgn-extract ]]; then
        PGN_EXTRACT=/usr/games/pgn-extract
    else
        say "pgn-extract not found and not installable: its rows are left out"
    fi
fi

# --- input -----------------------------------------------------------------

if [[ $# -ge 1 ]]; then
    INPUT=$1
    [[ -f $INPUT ]] || die "no such file: $INPUT"
    INPUT_NAME=$(basename "$INPUT")
else
    [[ -f $DEFAULT_BOOK ]] ||
        die "no FILE given and the default input $DEFAULT_BOOK is absent (it comes with ../shared); pass a PGN file"
fi
say "building notate (cargo build --release) ..."
cargo build --release -q
NOTATE="${CARGO_TARGET_DIR:-$ROOT/target}/release/notate"
[[ -x $NOTATE ]] || die "no binary at $NOTATE after cargo build --release"
if [[ $# -eq 0 ]]; then
    say "decompressing $(basename "$DEFAULT_BOOK") ..."
    INPUT="$TMP/book.pgn"
    gzip -dc "$DEFAULT_BOOK" > "$INPUT"
    INPUT_NAME="gnuchess-book/book_1.02.pgn"
fi
INPUT_BYTES=$(stat -c %s "$INPUT")
GAMES=$(grep -c '^\[Event ' "$INPUT" || true)
if [[ $GAMES -eq 0 ]]; then
    # No tags: count the games as notate reads them.
    GAMES=$("$NOTATE" --format ndjson "$INPUT" 2> /dev/null | wc -l || true)
fi
[[ $GAMES -gt 0 ]] || die "$INPUT: no games found"

# --- measuring ---------------------------------------------------------------

# One row per measurement: tool, mode, seconds, cpu seconds, bytes, games, rss_kb, split by $SEP.
SEP=$'\x1f'
ROWS=()
NOTES=()

check_rc() {
    # check_rc RC WHAT: 0 is fine; 1 (some games failed) is noted; anything else stops.
    local rc=$1 what=$2
    if [[ $rc -eq 1 ]]; then
        local note="$what exited 1 (some games not converted; see its diagnostics)"
        [[ " ${NOTES[*]-} " == *"$note"* ]] || NOTES+=("$note")
    elif [[ $rc -ne 0 ]]; then
        say "bench.sh: $what exited $rc:"
        tail -n 5 "$TMP/stderr" >&2 || true
        exit 2
    fi
}

rss_of() { awk -F': ' '/Maximum resident set size/ { print $2 }' "$TMP/time"; }
cpu_of() {
    awk -F': ' '/User time \(seconds\)/ { u = $2 } /System time \(seconds\)/ { s = $2 }
        END { printf "%.2f", u + s }' "$TMP/time"
}

# The rows are defined first and then measured in rounds, each round running
# every row once, so that a slow spell of a shared machine weighs on all rows
# alike rather than on the few that happened to run in it.
DEF_TOOL=()
DEF_MODE=()
DEF_BYTES=()
DEF_CMD=()
DEF_GAMES=()
# The games of the rows defined next (the national rows read fewer).
ROW_GAMES=""

row() {
    # row TOOL MODE BYTES CMD...: a row to measure.
    local tool=$1 mode=$2 bytes=$3; shift 3
    DEF_TOOL+=("$tool")
    DEF_MODE+=("$mode")
    DEF_BYTES+=("$bytes")
    DEF_CMD+=("$(printf '%q ' "$@")")
    DEF_GAMES+=("${ROW_GAMES:-$GAMES}")
}

measure_rows() {
    # Runs every defined row RUNS times, round by round; keeps each row's best
    # wall time, the CPU time of that run and the largest peak RSS.
    local -a best=() cpu=() maxrss=()
    local round i rc start end secs rss
    for ((round = 1; round <= RUNS; round++)); do
        for i in "${!DEF_CMD[@]}"; do
            say "  round $round/$RUNS: ${DEF_TOOL[i]} ${DEF_MODE[i]} ..."
            rc=0
            start=$(date +%s%N)
            eval "\$TIME -v -o \"\$TMP/time\" ${DEF_CMD[i]}" > /dev/null 2> "$TMP/stderr" || rc=$?
            end=$(date +%s%N)
            check_rc "$rc" "${DEF_TOOL[i]}"
            secs=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", (b - a) / 1e9 }')
            rss=$(rss_of)
            if [[ -z ${best[i]-} ]] || awk -v a="$secs" -v b="${best[i]}" 'BEGIN { exit !(a < b) }'; then
                best[i]=$secs
                cpu[i]=$(cpu_of)
            fi
            if ((rss > ${maxrss[i]-0})); then maxrss[i]=$rss; fi
        done
    done
    for i in "${!DEF_CMD[@]}"; do
        ROWS+=("${DEF_TOOL[i]}$SEP${DEF_MODE[i]}$SEP${best[i]}$SEP${cpu[i]}$SEP${DEF_BYTES[i]}$SEP${DEF_GAMES[i]}$SEP${maxrss[i]}")
    done
}

big_row() {
    # big_row TOOL MODE CMD...: the input ten times through a pipe, one run.
    local tool=$1 mode=$2; shift 2
    say "  $tool $mode ..."
    local start end rc=0 pipe_status
    start=$(date +%s%N)
    set +e
    for _ in 1 2 3 4 5 6 7 8 9 10; do cat "$INPUT"; done |
        $TIME -v -o "$TMP/time" "$@" > /dev/null 2> "$TMP/stderr"
    pipe_status=("${PIPESTATUS[@]}")
    set -e
    end=$(date +%s%N)
    rc=${pipe_status[1]}
    check_rc "$rc" "$tool"
    SECS=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", (b - a) / 1e9 }')
    ROWS+=("$tool$SEP$mode$SEP$SECS$SEP$(cpu_of)$SEP$((INPUT_BYTES * 10))$SEP$((GAMES * 10))$SEP$(rss_of)")
}

# --- the rows ----------------------------------------------------------------

LOAD_START=$(cut -d' ' -f1-3 /proc/loadavg 2> /dev/null || echo unknown)
say "input: $INPUT_NAME, $INPUT_BYTES bytes, $GAMES games; best of $RUNS rounds"

JOBS=0
"$NOTATE" --help 2>&1 | grep -q -- '--jobs' && JOBS=1

if [[ $JOBS -eq 1 ]]; then
    for j in 1 2; do
        row notate "\`--to san\` (PGN) \`-j $j\`" "$INPUT_BYTES" "$NOTATE" -j "$j" "$INPUT"
    done
    if [[ $(nproc) -ne 2 ]]; then
        row notate "\`--to san\` (PGN), all cores" "$INPUT_BYTES" "$NOTATE" "$INPUT"
    fi
    for j in 1 2; do
        row notate "\`--to uci --format text\` \`-j $j\`" "$INPUT_BYTES" \
            "$NOTATE" -j "$j" --to uci --format text "$INPUT"
    done
    if [[ $(nproc) -ne 2 ]]; then
        row notate "\`--to uci --format text\`, all cores" "$INPUT_BYTES" \
            "$NOTATE" --to uci --format text "$INPUT"
    fi
else
    row notate "\`--to san\` (PGN)" "$INPUT_BYTES" "$NOTATE" "$INPUT"
    row notate "\`--to uci --format text\`" "$INPUT_BYTES" "$NOTATE" --to uci --format text "$INPUT"
fi
row notate "\`--to lan\` (PGN)" "$INPUT_BYTES" "$NOTATE" --to lan "$INPUT"

say "  writing the Russian long-form input (--lang ru --to lan --capture :) ..."
RU="$TMP/tmp_ru.pgn"
rc=0
"$NOTATE" --lang ru --to lan --capture : "$INPUT" > "$RU" 2> "$TMP/stderr" || rc=$?
check_rc "$rc" notate
RU_BYTES=$(stat -c %s "$RU")
row notate "Russian long (\`Кg1-f3\`, \`e4:d5\`) read under \`--from auto\`, to SAN" "$RU_BYTES" \
    "$NOTATE" "$RU"

# Prose-woven pages: the 40 real page texts of fixtures/pages (games woven
# into prose, unbracketed variations, OCR, twenty languages), repeated to
# 10 MiB; read on one core (the issue's floor: 5 MB/s).
PAGES_ONE="$ROOT/fixtures/pages/pages.pgn"
if [[ -f $PAGES_ONE ]]; then
    PAGES="$TMP/pages.pgn"
    : > "$PAGES"
    while (($(stat -c %s "$PAGES") < 10 * 1048576)); do
        cat "$PAGES_ONE" >> "$PAGES"
        echo >> "$PAGES"
    done
    PAGES_BYTES=$(stat -c %s "$PAGES")
    row notate "prose-woven pages (\`fixtures/pages\` x$((PAGES_BYTES / $(stat -c %s "$PAGES_ONE"))), 10 MiB) \`-j 1\`" \
        "$PAGES_BYTES" "$NOTATE" -j 1 "$PAGES"
fi

# National notation (issue 31): the first 50,000 games, written by notate in
# each national form, each read on one core; CPU time against the SAN read of
# the same games is reported below the table.
NATIONAL_FORMS=(
    "SAN (PGN's letters, O-O)|"
    "\`--preset fide-ru\` (\`Кр Ф Л С К\`, \`0-0\`, \`е.р.\`)|--preset fide-ru"
    "\`--preset ru-classic\` (\`Кg1-f3\`, \`e4:d5\`, \`X\`)|--preset ru-classic"
    "\`--preset fide-es\` (\`R D T A C\`, \`0-0\`, \`a.p.\`)|--preset fide-es"
    "\`--lang de\` (\`K D T L S\`)|--lang de"
    "SAN with \`--castling 0\` (\`0-0\`)|--castling 0"
)
if [[ $NATIONAL != 0 ]]; then
    NAT_GAMES=50000
    NAT_EN="$TMP/national_en.pgn"
    awk -v n="$NAT_GAMES" '/^\[Event / { g++ } g > n { exit } { print }' "$INPUT" > "$NAT_EN"
    NAT_GAMES=$(grep -c '^\[Event ' "$NAT_EN" || true)
    if [[ $NAT_GAMES -gt 0 ]]; then
        ROW_GAMES=$NAT_GAMES
        for i in "${!NATIONAL_FORMS[@]}"; do
            IFS='|' read -r label flags <<< "${NATIONAL_FORMS[i]}"
            say "  writing the national input $label ..."
            f="$TMP/national_$i.pgn"
            rc=0
            # shellcheck disable=SC2086 # the flags are words
            "$NOTATE" -q $flags "$NAT_EN" > "$f" 2> "$TMP/stderr" || rc=$?
            check_rc "$rc" notate
            row notate "national: $label, $NAT_GAMES games, read \`-j 1\`" "$(stat -c %s "$f")" \
                "$NOTATE" -q -j 1 "$f"
            if [[ $flags == "--preset ru-classic" ]]; then
                row notate "national: $label, $NAT_GAMES games, read \`-j 2\`" "$(stat -c %s "$f")" \
                    "$NOTATE" -q -j 2 "$f"
            fi
        done
        if [[ -n $PGN_EXTRACT ]]; then
            row pgn-extract "national: \`-s\` on the $NAT_GAMES English games" \
                "$(stat -c %s "$NAT_EN")" "$PGN_EXTRACT" -s "$NAT_EN"
        fi
        ROW_GAMES=""
    fi
fi

# Web pages to text alone (issue 30's floor: 50 MB/s a core): the document
# fixtures (prose with moves in <b>, a move table with piece images,
# figurine spans) repeated to 10 MiB, turned into text by
# examples/html_text, with no reading after it.
DOCS="$ROOT/fixtures/documents"
if [[ -f $DOCS/article.html ]]; then
    cargo build --release -q --example html_text
    HTML="$TMP/page.html"
    : > "$HTML"
    while (($(stat -c %s "$HTML") < 10 * 1048576)); do
        cat "$DOCS/article.html" "$DOCS/table.html" "$DOCS/figurine.html" >> "$HTML"
    done
    row notate "HTML to text alone (\`fixtures/documents\` pages, 10 MiB, \`examples/html_text\`)" \
        "$(stat -c %s "$HTML")" "$ROOT/target/release/examples/html_text" "$HTML"
fi

if [[ -n $PGN_EXTRACT ]]; then
    row pgn-extract "\`-s\` (SAN PGN)" "$INPUT_BYTES" "$PGN_EXTRACT" -s "$INPUT"
    row pgn-extract "\`-s -Wuci\`" "$INPUT_BYTES" "$PGN_EXTRACT" -s -Wuci "$INPUT"
    row pgn-extract "\`-s -Wlalg\`" "$INPUT_BYTES" "$PGN_EXTRACT" -s -Wlalg "$INPUT"
    row pgn-extract "\`-s -WsanBSLTDK\` (German letters)" "$INPUT_BYTES" \
        "$PGN_EXTRACT" -s -WsanBSLTDK "$INPUT"
fi

measure_rows

if [[ $BIG != 0 ]]; then
    big_row notate "memory: \`cat\` input x10 \| \`notate\` (1 run)" "$NOTATE"
    if [[ -n $PGN_EXTRACT ]]; then
        big_row pgn-extract "memory: \`cat\` input x10 \| \`pgn-extract -s\` (1 run)" "$PGN_EXTRACT" -s
    fi
fi

# --- the report ----------------------------------------------------------------

# games/s of pgn-extract's SAN row: the base of the ratio column; and of its
# UCI and long algebraic rows, the bases of the same-mode column.
BASE=""
BASE_UCI=""
BASE_LAN=""
for r in "${ROWS[@]}"; do
    IFS=$SEP read -r tool mode secs cpu bytes games rss <<< "$r"
    [[ $tool == pgn-extract && $mode != national:* ]] || continue
    rate=$(awk -v g="$games" -v s="$secs" 'BEGIN { printf "%.6f", g / s }')
    case $mode in
        *'(SAN PGN)'*) BASE=$rate ;;
        *'-Wuci'*) BASE_UCI=$rate ;;
        *'-Wlalg'*) BASE_LAN=$rate ;;
    esac
done

CPU_MODEL=$(awk -F': *' '/^model name/ { print $2; exit }' /proc/cpuinfo 2> /dev/null || true)
COMMIT=$(git rev-parse --short HEAD 2> /dev/null || echo unknown)
if [[ $COMMIT != unknown ]] && ! git diff --quiet HEAD -- src Cargo.toml Cargo.lock 2> /dev/null; then
    COMMIT="$COMMIT (+ uncommitted changes)"
fi
PE_VERSION=""
if [[ -n $PGN_EXTRACT ]]; then
    PE_VERSION=$(dpkg-query -W -f '${Version}' pgn-extract 2> /dev/null || true)
    [[ -n $PE_VERSION ]] || PE_VERSION=$("$PGN_EXTRACT" --version 2>&1 | head -n 1 || true)
fi

echo "Machine: $(nproc) cores, ${CPU_MODEL:-unknown CPU}, load average $LOAD_START at the start; $("$NOTATE" --version) at commit $COMMIT${PE_VERSION:+; pgn-extract $PE_VERSION}."
echo "Input: \`$INPUT_NAME\`, $(awk -v b="$INPUT_BYTES" 'BEGIN { printf "%.1f", b / 1048576 }') MiB, $GAMES games; best of $RUNS rounds (each row once per round, rows interleaved), output to \`/dev/null\`."
echo
echo "| tool | mode | seconds | CPU s | MiB/s | games/s | × pgn-extract SAN | × pgn-extract same mode | peak RSS (MiB) |"
echo "|---|---|---:|---:|---:|---:|---:|---:|---:|"
for r in "${ROWS[@]}"; do
    IFS=$SEP read -r tool mode secs cpu bytes games rss <<< "$r"
    # The same-mode base: pgn-extract writing UCI, long algebraic or SAN.
    same=""
    if [[ $tool == notate && $mode != memory* && $mode != national:* ]]; then
        case $mode in
            *'--to uci'*) same=$BASE_UCI ;;
            *'--to lan'*) same=$BASE_LAN ;;
            *) same=$BASE ;;
        esac
    fi
    # The texts go through the environment: awk -v would eat the backslash of `\|`.
    TOOL=$tool MODE=$mode awk -v s="$secs" -v cpu="$cpu" -v b="$bytes" -v g="$games" \
        -v rss="$rss" -v base="$BASE" -v same="$same" 'BEGIN {
        tool = ENVIRON["TOOL"]; mode = ENVIRON["MODE"]
        ratio = (base == "") ? "n/a" : sprintf("%.2f", (g / s) / base)
        same_ratio = (same == "") ? "" : sprintf("%.2f", (g / s) / same)
        printf "| %s | %s | %.2f | %.2f | %.1f | %.0f | %s | %s | %.1f |\n",
            tool, mode, s, cpu, b / s / 1048576, g / s, ratio, same_ratio, rss / 1024
    }'
done
echo
echo "MiB/s is input bytes per second (the Russian row's, the pages row's and the HTML row's inputs are their own;"
echo "games/s counts the book's games for every row, so it means nothing for the pages row);"
echo "the first ratio compares games per second with pgn-extract's \`-s\` SAN row, the"
echo "second with pgn-extract writing the same notation (\`-Wuci\`, \`-Wlalg\`, SAN). Seconds"
echo "are wall time, CPU s the user + system time of that run: on a busy machine compare CPU s."
for n in "${NOTES[@]}"; do echo "Note: $n."; done

# The national rows against the SAN read of the same games (CPU time, one
# core), and the Russian long form on two cores against pgn-extract.
NAT_SAN=""
NAT_PE=""
for r in "${ROWS[@]}"; do
    IFS=$SEP read -r tool mode secs cpu bytes games rss <<< "$r"
    case $tool:$mode in
        notate:'national: SAN (PGN'*) NAT_SAN=$cpu ;;
        pgn-extract:national:*) NAT_PE=$secs ;;
    esac
done
if [[ -n $NAT_SAN ]]; then
    echo
    echo "| national form (notate's own output, read to SAN) | CPU s | × the SAN read's CPU | × pgn-extract (wall) |"
    echo "|---|---:|---:|---:|"
    for r in "${ROWS[@]}"; do
        IFS=$SEP read -r tool mode secs cpu bytes games rss <<< "$r"
        [[ $tool == notate && $mode == national:* ]] || continue
        MODE=${mode#national: } awk -v cpu="$cpu" -v san="$NAT_SAN" -v s="$secs" -v pe="$NAT_PE" 'BEGIN {
            vs = (pe == "") ? "" : sprintf("%.2f", pe / s)
            printf "| %s | %.2f | %.2f | %s |\n", ENVIRON["MODE"], cpu, cpu / san, vs
        }'
    done
fi
