#!/usr/bin/env python3
"""python-chess oracle for `notate`: dump each game's tree (moves, comments, NAGs, variations).

Usage: tree_dump.py FILE...

Prints one JSON line per game, in file order (files in argument order; "game" restarts at 0
for each file):

  {"game": i, "game_comment": C(root.comment), "line": LINE}

LINE = dump_line(root): one entry per move of the node's main continuation,

  {"san": SAN, "nags": [sorted NAGs], "starting_comment": C(...), "comment": C(...),
   "alternatives": [[entry(v)] + dump_line(v) for each variation v after the first]}

where SAN is board.san(move) in the parent position and C(text) = " ".join(text.split()).

A game with game.errors non-empty, or a non-standard variant (board.uci_variant != "chess";
Chess960 is standard chess and is dumped), becomes {"game": i, "skip": "<reason>"}.
If chess.pgn.read_game raises, {"skip_file": "<exception>"} is printed and the rest of that
file is not read. Files are opened as UTF-8 with the BOM stripped ("utf-8-sig").

Requires python-chess 1.11.x. Format and fixtures: fixtures/expected/trees/README.md.
"""

import json
import logging
import sys

import chess
import chess.pgn


def C(text):
    return " ".join(text.split())


def entry(parent_board, child):
    """(dict, board after child) for `child` as a child of the node at parent_board.

    "alternatives" is left empty here; dump_line fills it for the main child."""
    board = parent_board.copy(stack=False)
    board.push(child.move)
    return {
        "san": parent_board.san(child.move),
        "nags": sorted(child.nags),
        "starting_comment": C(child.starting_comment),
        "comment": C(child.comment),
        "alternatives": [],
    }, board


def dump_line(node, board):
    """Entries for node's main continuation; `board` is node's position (== node.board())."""
    line = []
    while node.variations:
        main = node.variations[0]
        d, main_board = entry(board, main)
        alts = []
        for v in node.variations[1:]:
            vd, v_board = entry(board, v)
            alts.append([vd] + dump_line(v, v_board))
        d["alternatives"] = alts
        line.append(d)
        node, board = main, main_board
    return line


def skip_reason(game):
    board = game.board()
    reasons = []
    if game.errors:
        reasons.append("python-chess errors: " + "; ".join(str(e) for e in game.errors))
    if type(board) is not chess.Board or board.uci_variant != "chess":
        reasons.append("variant: %s (%s)" % (board.uci_variant, type(board).__name__))
    return "; ".join(reasons) or None


def dump_file(path, out):
    with open(path, encoding="utf-8-sig") as f:
        i = 0
        while True:
            try:
                game = chess.pgn.read_game(f)
            except Exception as e:  # python-chess crash on malformed input
                out.write(json.dumps({"skip_file": "%s: %s" % (type(e).__name__, e)},
                                     ensure_ascii=False) + "\n")
                return
            if game is None:
                return
            reason = skip_reason(game)
            if reason:
                rec = {"game": i, "skip": reason}
            else:
                rec = {"game": i, "game_comment": C(game.comment),
                       "line": dump_line(game, game.board())}
            out.write(json.dumps(rec, ensure_ascii=False) + "\n")
            i += 1


def main(argv):
    if len(argv) < 2:
        sys.stderr.write(__doc__)
        return 2
    logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)
    sys.setrecursionlimit(100000)
    out = sys.stdout
    for path in argv[1:]:
        dump_file(path, out)
    out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
