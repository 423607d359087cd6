#!/usr/bin/env python3
"""How a notate binary reads collected page texts: counts of each reading.

    scripts/pages_figures.py BINARY FILE.jsonl [FILE.jsonl ...]

Each entry's verbatim text is converted with `BINARY --format ndjson`; its
games' main lines (UCI) are compared with the entry's derived main lines, as
tests/it/pages.rs does: Exact (a game has the main line, no error), Whole (the
main line, an error after it), Prefix (a failed game's moves are a start of the
main line), Further (the derivation stopped at a defect and a game reads past
it), Reported (none of these, but a warning or an error, or exit 1), Silent
(none of these, no warning, exit 0).

Only counts are printed, never why a text fails: for a test split kept apart.
It runs any binary, so that a change is measured before and after on the same
texts (the test suite measures the built library only).
"""
import json
import subprocess
import sys
import tempfile


def expected(entry):
    lines = []
    for d in entry["derived"].values():
        if not isinstance(d, dict):
            continue
        uci = d.get("uci")
        if isinstance(uci, str):
            lines.append(uci.split())
        elif isinstance(uci, list):
            lines.append(uci)
    return lines


def reading(binary, entry):
    with tempfile.NamedTemporaryFile("w", suffix=".txt", encoding="utf-8") as f:
        f.write(entry["verbatim"])
        f.flush()
        out = subprocess.run(
            [binary, "-q", "--format", "ndjson", f.name],
            capture_output=True, text=True, timeout=60,
        )
    games = [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]
    want = expected(entry)
    read = [([m["uci"] for m in g["moves"]], bool(g["errors"]), bool(g["warnings"])) for g in games]
    if any(not failed and moves in want for moves, failed, _ in read):
        return "Exact"
    if any(moves in want for moves, _, _ in read):
        return "Whole"
    if any(moves and failed and any(w[: len(moves)] == moves for w in want) for moves, failed, _ in read):
        return "Prefix"
    stopped = any(isinstance(d, dict) and isinstance(d.get("error"), str) for d in entry["derived"].values())
    further = any(any(w and moves[: len(w)] == w for w in want) for moves, _, _ in read)
    if stopped and further:
        return "Further"
    # A failed game leaves no ndjson line: its errors are on standard error,
    # and the exit code says so. A text taken for no game (exit 0) is silent.
    if any(failed or warned for _, failed, warned in read) or out.returncode == 1:
        return "Reported"
    return "Silent"


def main():
    binary, files = sys.argv[1], sys.argv[2:]
    for path in files:
        counts = {}
        entries = [json.loads(line) for line in open(path, encoding="utf-8") if line.strip()]
        for entry in entries:
            r = reading(binary, entry)
            counts[r] = counts.get(r, 0) + 1
        print(f"{path}: of {len(entries)} texts, " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))


if __name__ == "__main__":
    main()
