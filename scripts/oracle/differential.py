#!/usr/bin/env python3
"""Differential check of notate's reading against python-chess, and of the PGN
notate writes against pgn-extract (issue 28): an oracle script, not a test.

    scripts/oracle/differential.py [GAMES] [SEED]

Random legal games (python-chess) are written in the spellings people use
(castling 0-0 00 OO ooo, promotion e8Q e8(Q) e8/Q, captures x : or none, checks
+ or none, comments in braces and after ';', NAGs, clock times '(89)' after
moves, side lines) as one file of tagged games. Then:

- notate reads the file (`--format ndjson`): every game must come back with
  every move, or with an error (never fewer moves and no error);
- python-chess reads the same file: on the games it reads without an error,
  its main line must be notate's;
- notate's PGN output of the file is given to pgn-extract, which must accept
  every game (no error lines, as many games out as in).

Prints the counts; exit status 1 if any game was lost, read otherwise, or
refused by pgn-extract. NOTATE=path overrides target/release/notate.
"""
import io
import json
import os
import random
import subprocess
import sys
import tempfile

import logging

import chess
import chess.pgn

# python-chess logs each error it meets; they are counted here instead.
logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)

KING = ["O-O", "0-0", "00", "OO", "oo", "0 - 0"]
QUEEN = ["O-O-O", "0-0-0", "000", "OOO", "ooo"]
WORDS = ["a", "good", "idea", "White", "Black", "wins", "time", "pressure", "here"]


def spell(rng, board, move):
    san = board.san(move)
    suffix = ""
    while san and san[-1] in "+#":
        suffix = san[-1] + suffix
        san = san[:-1]
    if board.is_castling(move):
        body = rng.choice(KING if board.is_kingside_castling(move) else QUEEN)
    else:
        body = san
        if "x" in body:
            body = body.replace("x", rng.choice(["x", ":", ""]))
        if "=" in body:
            at = body.index("=")
            sign = rng.choice(["=", "", "/", "("])
            body = body[:at] + (f"({body[at + 1:]})" if sign == "(" else sign + body[at + 1:])
    if suffix == "+":
        suffix = rng.choice(["+", ""])
    return body + suffix


def aside(rng):
    r = rng.randrange(12)
    words = " ".join(rng.choice(WORDS) for _ in range(1 + rng.randrange(3)))
    if r == 0:
        return f" {{ {words} }}", True
    if r == 1:
        return f" ; {words}\n", True
    if r == 2:
        return f" ({60 + rng.randrange(40)})", True
    if r == 3:
        return " $1", False
    return "", False


def game_text(rng, index):
    board = chess.Board()
    out = []
    moves = []
    interrupted = True
    for _ in range(rng.randrange(10, 90)):
        legal = list(board.legal_moves)
        if not legal:
            break
        move = rng.choice(legal)
        number = board.fullmove_number
        if board.turn == chess.WHITE:
            out.append(f"{number}.")
        elif interrupted:
            out.append(f"{number}...")
        out.append(spell(rng, board, move))
        others = [m for m in legal if m != move]
        before = board.copy()
        board.push(move)
        moves.append(move.uci())
        text, interrupted = aside(rng)
        if text:
            out.append(text)
        if others and rng.randrange(12) == 0:
            alt = rng.choice(others)
            dots = "." if before.turn == chess.WHITE else "..."
            out.append(f"({before.fullmove_number}{dots} {spell(rng, before, alt)})")
            interrupted = True
    body = " ".join(out).replace("\n ", "\n")
    return f'[Event "differential {index}"]\n[Result "*"]\n\n{body} *\n', moves


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 28
    notate = os.environ.get("NOTATE", "target/release/notate")
    rng = random.Random(seed)
    games = [game_text(rng, i) for i in range(count)]
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "games.pgn")
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n".join(text for text, _ in games))
        out = subprocess.run([notate, "-q", "--from", "en", "--format", "ndjson", path],
                             capture_output=True, text=True)
        read = [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]
        lost = whole = failed = 0
        for (_, moves), g in zip(games, read):
            uci = [m["uci"] for m in g["moves"]]
            if uci == moves:
                whole += 1
            elif g["errors"]:
                failed += 1
            else:
                lost += 1
        missing = len(games) - len(read)
        # python-chess on the games it reads without an error.
        # A game where python-chess reads otherwise than notate and notate
        # has the generated moves is python-chess's miss (`oo`, `00`).
        agree = differ = refused = missed = 0
        with open(path, encoding="utf-8") as f:
            for (_, moves), g in zip(games, read):
                pc = chess.pgn.read_game(f)
                if pc is None or pc.errors:
                    refused += 1
                    continue
                pc_moves = [m.uci() for m in pc.mainline_moves()]
                ours = [m["uci"] for m in g["moves"]]
                if pc_moves == ours:
                    agree += 1
                elif ours == moves:
                    missed += 1
                else:
                    differ += 1
                    print("differs:", pc.headers.get("Event"), "python-chess", len(pc_moves),
                          "notate", len(ours), "plies")
        # pgn-extract on notate's PGN.
        pgn = os.path.join(tmp, "out.pgn")
        subprocess.run([notate, "-q", "--from", "en", path, "-o", pgn], capture_output=True)
        extract = "pgn-extract" if subprocess.run(["which", "pgn-extract"], capture_output=True).returncode == 0 else "/usr/games/pgn-extract"
        px = subprocess.run([extract, "-s", pgn], capture_output=True, text=True)
        px_games = px.stdout.count("[Event ")
        # Its progress lines (`Games: 1000`) are no errors.
        px_errors = [line for line in px.stderr.splitlines()
                     if line.strip() and not line.startswith("Games:")]
        written = open(pgn, encoding="utf-8").read().count("[Event ")
    print(f"notate: {whole} whole, {failed} reported failed, {lost} lost, {missing} missing of {count}")
    print(f"python-chess: {agree} agree, {differ} differ, {missed} it reads short with no error "
          f"(notate has every move), {refused} it reports an error in")
    print(f"pgn-extract: {px_games} of {written} written games out, {len(px_errors)} lines on its stderr")
    for line in px_errors[:5]:
        print("  ", line)
    bad = lost or missing or differ or px_games != written or px_errors
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
