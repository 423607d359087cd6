#!/usr/bin/env python3
"""python-chess oracle for `notate`: expected mainline SAN/UCI per game.

Subcommands:

  jsonl INPUT.pgn OUTPUT.jsonl
      One JSON object per game (file order), see fixtures/expected/README.md.

  digest INPUT.pgn[.gz] OUTPUT.digest [--jobs N] [--block 1000] [--encoding latin-1]
      sha256 per block of games of "<san>\\t<uci>\\n" lines (no per-game output).

  exceptions EXPECTED_DIR NOTES.md OUTPUT.md
      Table of every game python-chess rejects / that is a variant, built from
      the *.jsonl files under EXPECTED_DIR, followed by the hand-written NOTES.md.

Requires python-chess 1.11.x (`pip install chess==1.11.2`).
"""

import argparse
import gzip
import hashlib
import io
import json
import logging
import multiprocessing
import os
import sys
import time

import chess
import chess.pgn

HEADER_COMMENT = '# sha256 per block of 1000 games of "<san>\\t<uci>\\n" lines (mainline, python-chess 1.11.x)'


# --------------------------------------------------------------------------- reading

def read_text(path, encoding=None):
    """Return (text, encoding_used).

    Default: UTF-8 (BOM stripped, "utf-8-sig"). If the file is not valid UTF-8 it is
    read as latin-1 instead (every byte maps to one code point, so nothing is replaced).
    With encoding given explicitly, that codec is used with errors="replace".
    """
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rb") as f:
        data = f.read()
    if encoding:
        return data.decode(encoding, errors="replace"), encoding
    try:
        return data.decode("utf-8-sig"), "utf-8-sig"
    except UnicodeDecodeError:
        return data.decode("latin-1"), "latin-1"


def mainline_san_uci(game):
    board = game.board()
    san, uci = [], []
    for move in game.mainline_moves():
        san.append(board.san(move))
        uci.append(board.uci(move, chess960=board.chess960))
        board.push(move)
    return san, uci


def is_variant(board):
    return type(board) is not chess.Board or board.uci_variant != "chess"


# --------------------------------------------------------------------------- jsonl

def game_record(index, game):
    board = game.board()
    san, uci = mainline_san_uci(game)
    errors = [str(e) for e in game.errors]
    reasons = []
    if errors:
        reasons.append("python-chess errors: " + "; ".join(errors))
    if is_variant(board):
        reasons.append("variant: %s (%s)" % (board.uci_variant, type(board).__name__))
    return {
        "game": index,
        "white": game.headers.get("White"),
        "black": game.headers.get("Black"),
        "fen": board.fen(),
        "variant": game.headers.get("Variant"),
        "chess960": board.chess960,
        "plies": len(san),
        "san": " ".join(san),
        "uci": " ".join(uci),
        "errors": errors,
        "python_chess_rejects": bool(reasons),
        "reason": " | ".join(reasons) if reasons else None,
    }


def cmd_jsonl(args):
    text, enc = read_text(args.input)
    handle = io.StringIO(text)
    n_games = n_rej = 0
    crashed = None
    os.makedirs(os.path.dirname(os.path.abspath(args.output)), exist_ok=True)
    with open(args.output, "w", encoding="utf-8", newline="\n") as out:
        index = 0
        while True:
            offset = handle.tell()
            try:
                game = chess.pgn.read_game(handle)
            except Exception as exc:  # python-chess itself crashed: record and stop this file
                crashed = "%s: %s" % (type(exc).__name__, exc)
                rec = {
                    "game": index,
                    "read_game_exception": crashed,
                    "char_offset": offset,
                    "errors": [crashed],
                    "python_chess_rejects": True,
                    "reason": "chess.pgn.read_game raised %s; reading of this file stopped here" % crashed,
                }
                out.write(json.dumps(rec, ensure_ascii=False) + "\n")
                n_rej += 1
                break
            if game is None:
                break
            rec = game_record(index, game)
            out.write(json.dumps(rec, ensure_ascii=False) + "\n")
            n_games += 1
            n_rej += rec["python_chess_rejects"]
            index += 1
    note = " encoding=%s" % enc if enc != "utf-8-sig" else ""
    note += " CRASH(%s)" % crashed if crashed else ""
    print("%6d games %4d rejected  %s%s" % (n_games, n_rej, args.output, note))


# --------------------------------------------------------------------------- digest

def _digest_chunk(task):
    """Parse a slice of the text that should hold `expected` games; return bytes per block.

    block_sizes: list of game counts per block, or one int for uniform blocks."""
    text, expected, block_sizes = task
    handle = io.StringIO(text)
    blocks, cur, in_block, b = [], [], 0, 0
    n = errors = 0
    while True:
        game = chess.pgn.read_game(handle)
        if game is None:
            break
        n += 1
        errors += bool(game.errors)
        san, uci = mainline_san_uci(game)
        cur.append((" ".join(san) + "\t" + " ".join(uci) + "\n").encode("utf-8"))
        in_block += 1
        size = block_sizes if isinstance(block_sizes, int) else (block_sizes[b] if b < len(block_sizes) else None)
        if in_block == size:
            blocks.append(b"".join(cur))
            cur, in_block, b = [], 0, b + 1
    if cur:
        blocks.append(b"".join(cur))
    return n, expected, errors, blocks


def cmd_digest(args):
    t0 = time.time()
    text, enc = read_text(args.input, args.encoding)
    # Pass 1: game start offsets with python-chess's own skipper (fast, same boundaries
    # as read_game for comment-free movetext; verified per chunk below).
    handle = io.StringIO(text)
    offsets = []
    while True:
        off = handle.tell()
        if not chess.pgn.skip_game(handle):
            break
        offsets.append(off)
    total = len(offsets)
    offsets.append(len(text))
    bs = args.block
    n_blocks = (total + bs - 1) // bs
    sizes = [min(bs, total - i * bs) for i in range(n_blocks)]
    # Chunks of whole blocks, several chunks per worker for load balancing.
    per_chunk = max(1, min(10, n_blocks // max(1, args.jobs * 4)))
    tasks = []
    for c in range(0, n_blocks, per_chunk):
        bl = sizes[c:c + per_chunk]
        g0 = c * bs
        g1 = g0 + sum(bl)
        tasks.append((text[offsets[g0]:offsets[g1]], g1 - g0, bl))
    print("digest: %d games, %d blocks, %d chunks, %d jobs, scan %.1fs"
          % (total, n_blocks, len(tasks), args.jobs, time.time() - t0), file=sys.stderr)

    total_hash = hashlib.sha256()
    lines = [HEADER_COMMENT.replace("1000", str(bs))]
    block_index = 0
    games_seen = err_games = 0
    mismatch = False
    pool = multiprocessing.Pool(args.jobs) if args.jobs > 1 and not args.sequential else None
    results = [] if args.sequential else (pool.imap(_digest_chunk, tasks) if pool else map(_digest_chunk, tasks))
    for n, expected, errors, blocks in results:
        if n != expected:
            mismatch = True
            break
        err_games += errors
        for data in blocks:
            total_hash.update(data)
            games_in = data.count(b"\n")
            lines.append("%d %d %s" % (block_index, games_in, hashlib.sha256(data).hexdigest()))
            block_index += 1
            games_seen += games_in
    if pool:
        pool.close()
        pool.join()
    if mismatch or args.sequential:
        # One read_game pass over the whole text (also the fallback if chunk boundaries
        # ever disagreed with read_game's own).
        if mismatch:
            print("digest: chunk game count mismatch, falling back to sequential", file=sys.stderr)
        n, _, err_games, blocks = _digest_chunk((text, None, bs))
        total_hash = hashlib.sha256()
        lines = lines[:1]
        games_seen = 0
        for block_index, data in enumerate(blocks):
            total_hash.update(data)
            games_in = data.count(b"\n")
            lines.append("%d %d %s" % (block_index, games_in, hashlib.sha256(data).hexdigest()))
            games_seen += games_in
    lines.append("total %d %s" % (games_seen, total_hash.hexdigest()))
    with open(args.output, "w", encoding="utf-8", newline="\n") as out:
        out.write("\n".join(lines) + "\n")
    print("digest: %d games (%d with python-chess errors), encoding %s, %.1fs -> %s"
          % (games_seen, err_games, enc, time.time() - t0, args.output), file=sys.stderr)


# --------------------------------------------------------------------------- exceptions

def cmd_exceptions(args):
    rows = []
    for root, dirs, files in os.walk(args.expected_dir):
        dirs[:] = sorted(d for d in dirs if d != "trees")  # trees/: another oracle's files, not ours
        for name in sorted(files):
            if not name.endswith(".jsonl"):
                continue
            path = os.path.join(root, name)
            rel = os.path.relpath(path, args.expected_dir)
            with open(path, encoding="utf-8") as f:
                for line in f:
                    rec = json.loads(line)
                    if rec.get("python_chess_rejects"):
                        rows.append((rel, rec))
    rows.sort(key=lambda r: (r[0], r[1]["game"]))

    def esc(s):
        return str(s).replace("|", "\\|").replace("\n", " ")

    out = [
        "# Games python-chess rejects, or that are non-standard variants",
        "",
        "Generated by `scripts/oracle/python_chess_expected.py exceptions` (python-chess %s)"
        " from the `*.jsonl` files in this folder; every row is a line with"
        ' `"python_chess_rejects": true`.' % chess.__version__,
        "",
        "| file | game | White – Black | reason |",
        "|---|---|---|---|",
    ]
    for rel, rec in rows:
        players = "%s – %s" % (rec.get("white"), rec.get("black")) if "white" in rec else "(read_game crashed)"
        out.append("| %s | %d | %s | %s |" % (esc(rel), rec["game"], esc(players), esc(rec["reason"])))
    out.append("")
    out.append("%d games listed." % len(rows))
    out.append("")
    with open(args.notes, encoding="utf-8") as f:
        out.append(f.read().rstrip("\n"))
    with open(args.output, "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(out) + "\n")
    print("exceptions: %d rows -> %s" % (len(rows), args.output))


def main():
    # GameBuilder logs every illegal move; they are recorded in "errors" instead.
    logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("jsonl")
    a.add_argument("input")
    a.add_argument("output")
    a.set_defaults(func=cmd_jsonl)
    d = sub.add_parser("digest")
    d.add_argument("input")
    d.add_argument("output")
    d.add_argument("--jobs", type=int, default=2)
    d.add_argument("--block", type=int, default=1000)
    d.add_argument("--sequential", action="store_true", help="single read_game pass over the whole file (no chunking)")
    d.add_argument("--encoding", default=None, help="e.g. latin-1 (default: UTF-8, latin-1 if not valid UTF-8)")
    d.set_defaults(func=cmd_digest)
    e = sub.add_parser("exceptions")
    e.add_argument("expected_dir")
    e.add_argument("notes")
    e.add_argument("output")
    e.set_defaults(func=cmd_exceptions)
    args = p.parse_args()
    if not chess.__version__.startswith("1.11."):
        print("warning: python-chess %s, fixtures were made with 1.11.x" % chess.__version__, file=sys.stderr)
    args.func(args)


if __name__ == "__main__":
    main()
