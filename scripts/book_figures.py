#!/usr/bin/env python3
"""How many of a book's games notate reads from the book's own text exactly.

Usage: book_figures.py BIN [BOOK] [EXPECTED]

Runs BIN on BOOK (default: the Blue Book of Chess in fixtures/documents/real),
keeps the games that begin before the transcriber's PGN (the first line holding
`[Event "`), and compares their main lines with the transcribed games of
EXPECTED (expected.jsonl, derived from that PGN): a transcribed game counts as
read when some book game's main line is exactly its main line, each book game
matched once. Prints the counts, and with -v each transcribed game's figure.
"""
import json
import subprocess
import sys

REAL = "fixtures/documents/real/"


def main():
    args = [a for a in sys.argv[1:] if a != "-v"]
    verbose = "-v" in sys.argv
    binary = args[0]
    book = args[1] if len(args) > 1 else REAL + "gutenberg-16377-blue-book-of-chess.htm"
    expected = args[2] if len(args) > 2 else REAL + "expected.jsonl"
    name = book.rsplit("/", 1)[-1]
    want = [g["san"] for g in map(json.loads, open(expected)) if g["document"] == name]
    with open(book, encoding="utf-8", errors="replace") as f:
        pgn_line = next((i + 1 for i, line in enumerate(f) if '[Event "' in line), 1 << 30)
    out = subprocess.run(
        [binary, "--format", "ndjson", "--keep-going", book],
        capture_output=True, text=True,
    ).stdout
    games = [json.loads(line) for line in out.splitlines() if line.strip()]
    book_games = [g for g in games if g["source"]["line"] < pgn_line]
    sans = [" ".join(m["san"] for m in g.get("moves", [])) for g in book_games]
    unused = list(sans)
    exact = 0
    for i, san in enumerate(want):
        hit = san in unused
        if hit:
            unused.remove(san)
            exact += 1
        if verbose:
            best = max(sans, key=lambda s: common_plies(s, san), default="")
            n = common_plies(best, san)
            where = "" if hit else (f"; at ply {n + 1} the book reads "
                                    f"{(best.split()[n:n + 1] or ['nothing'])[0]}, "
                                    f"the PGN {(san.split()[n:n + 1] or ['nothing'])[0]}")
            print(f"game {i + 1:2}: {'exact' if hit else 'differs'}: "
                  f"{n}/{len(san.split())} plies agree{where}")
    print(f"book games read: {len(book_games)}; transcribed games: {len(want)}; "
          f"read exactly: {exact}")


def common_plies(a, b):
    n = 0
    for x, y in zip(a.split(), b.split()):
        if x != y:
            break
        n += 1
    return n


if __name__ == "__main__":
    main()
