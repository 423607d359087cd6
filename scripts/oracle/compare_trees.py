#!/usr/bin/env python3
"""compare_trees.py ORIG.jsonl OUT.jsonl LABEL — used by check_pgn_output.sh.

Both files are tree_dump.py output. Skipped games ({"skip": ...}) and {"skip_file": ...}
lines are removed, the "game" index is dropped, and the remaining games are compared
one by one in order. Prints one summary line; for the first difference prints both
JSON lines (with their original "game" indices). Exit 1 if anything differs.
"""
import json
import sys


def load(path):
    games, notes = [], []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            rec = json.loads(line)
            if "skip_file" in rec:
                notes.append("skip_file: " + rec["skip_file"])
            elif "skip" in rec:
                notes.append("game %d skipped: %s" % (rec["game"], rec["skip"][:100]))
            else:
                games.append(rec)
    return games, notes


def strip(rec):
    return {k: v for k, v in rec.items() if k != "game"}


def main(orig_path, out_path, label):
    orig, orig_notes = load(orig_path)
    out, out_notes = load(out_path)
    n = min(len(orig), len(out))
    same = sum(1 for a, b in zip(orig, out) if strip(a) == strip(b))
    diff = n - same
    bad = diff > 0 or len(orig) != len(out) or out_notes
    print("%-60s compared %3d  identical %3d  different %3d%s" % (
        label, n, same, diff,
        "" if len(orig) == len(out) else
        "  COUNT MISMATCH (original %d non-skipped, notate output %d)" % (len(orig), len(out))))
    for note in out_notes:
        print("    notate output: " + note)
    for a, b in zip(orig, out):
        if strip(a) != strip(b):
            print("    first difference:")
            print("    original: " + json.dumps(a, ensure_ascii=False))
            print("    notate:   " + json.dumps(b, ensure_ascii=False))
            break
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:4]))
