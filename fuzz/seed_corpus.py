#!/usr/bin/env python3
"""Seeds fuzz/corpus/{reader,move_token,documents} from the project's fixtures.

reader: each game of fixtures/corpus/**/*.pgn (games cut at blank lines
before a tag, kept whole up to 4096 bytes, else their first 4096 bytes), the
samples, the seeds and the national games' verbatim and mainline texts.
move_token: every whitespace-separated word of those texts up to 64 bytes,
plus a hand list of tokens in every form.
Run from anywhere: python3 fuzz/seed_corpus.py
"""
import glob
import hashlib
import json
import os
import re
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
READER = os.path.join(HERE, "corpus", "reader")
TOKEN = os.path.join(HERE, "corpus", "move_token")
os.makedirs(READER, exist_ok=True)
os.makedirs(TOKEN, exist_ok=True)


def put(folder, data: bytes):
    name = hashlib.sha1(data).hexdigest()
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)


texts = []
for path in glob.glob(os.path.join(ROOT, "fixtures/corpus/**/*.pgn"), recursive=True):
    raw = open(path, "rb").read()
    games = re.split(rb"\r?\n\r?\n(?=\[)", raw)
    for g in games[:200]:  # enough variety; the big files repeat themselves
        texts.append(g[:4096])
for path in glob.glob(os.path.join(ROOT, "fixtures/samples/*.txt")) + glob.glob(
    os.path.join(ROOT, "fixtures/seeds/*.txt")
):
    texts.append(open(path, "rb").read()[:4096])
for line in open(os.path.join(ROOT, "fixtures/national/national_games.jsonl"), encoding="utf-8"):
    d = json.loads(line)
    for key in ("verbatim", "mainline_input"):
        v = d.get(key)
        if isinstance(v, str):
            texts.append(v.encode("utf-8")[:4096])
        elif isinstance(v, list):
            texts.append(" ".join(map(str, v)).encode("utf-8")[:4096])

# The fault probes' cases (issue 28), one per line with its line breaks
# written \n, and every crash kept as a regression.
with open(os.path.join(ROOT, "fixtures/fuzz/issue_cases.txt"), encoding="utf-8") as f:
    for line in f:
        texts.append(line.rstrip("\n").replace("\\n", "\n").encode("utf-8"))
for path in glob.glob(os.path.join(ROOT, "fixtures/regressions/*.bin")):
    texts.append(open(path, "rb").read()[:4096])

# Descriptive records in the three languages, with their multi-word moves.
texts += [
    b"1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-B4 B-B4 4. P-B3 Kt-B3 5. P-Q4 PxP "
    b"6. PxP B-Kt5 ch 7. B-Q2 BxB ch 8. QKtxB P-Q4 9. Castles QR",
    b"1. P-K4 P-K4 2. N-KB3 N-KB3 3. NxP NxP 4. Q-K2 N-KB3 5. N-B6 dis ch",
    b'[FEN "4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1"]\n\n1. PxP K-Q2 2. P-K5 *',
    b'[FEN "8/4P3/8/8/8/8/k7/4K3 w - - 0 1"]\n\n1. P-K8(Q) K-N2 *',
    b"1. P4R P4R 2. C3AR C3AD 3. A5C C3A 4. enroque corto",
    "1. P.4R P.4R 2. C.3FR C.3FR 3. CxP CxP 4. D.2R C.3FR 5. C.6FD échec à la découverte".encode(),
    b"1. P.4R P.4R 2. P.4D P pr PD",
]

# Plain games in national letters and figurines, short and long, as the
# plain lane takes them (its fuzz target replays under Russian letters too).
texts += [
    '[Event "ru"]\n[Result "1-0"]\n\n1. e2-e4 e7-e5 2. Кg1-f3 Кb8-c6 3. Сf1-b5 a7-a6 '
    "4. Сb5:c6 d7:c6 5. O-O f7-f6 6. d2-d4 e5:d4 7. Кf3:d4 c6-c5 8. Кd4-b3 Фd8:d1 "
    "9. Лf1:d1 Крe8-f7 1-0\n".encode(),
    "1. e4 e5 2. Кf3 Кc6 3. Сc4 Сc5 4. c3 Кf6 5. d4 e:d4 6. c:d4 Сb4+ 7. Крf1 Ф:e7 *\n".encode(),
    "1. e4 c5 2. Кf3 d6 3. d4 c:d4 4. К:d4 Кf6 5. Кc3 a6 6. Оe3 e5 7. Кb3 Оe6 1/2-1/2\n".encode(),
    "1. e4 e5 2. ♘f3 ♘c6 3. ♗b5 a6 4. ♗a4 ♘f6 5. O-O ♗e7 6. ♖e1 b5 7. ♗b3 d6 *\n".encode(),
    b"1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 4. La4 Sf6 5. O-O Le7 6. Te1 b5 7. Lb3 d6 0-1\n",
    b"1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 4. Axc6 dxc6 5. O-O Dd6 6. d3 Ae6 7. Rh1 *\n",
]

tokens = set()
for t in texts:
    put(READER, t)
    for w in t.decode("utf-8", "replace").split():
        if len(w.encode()) <= 64:
            tokens.add(w)

tokens |= set("""
e4 Nf3 exd5 ed e:d Nbd2 N1f3 Qh4e1 Qh4xe1 e2-e4 e2e4 Ng1-f3 Ng1f3 Лd1:d6 Кр:e2 Крe1-g1
e7e8q e8=Q e8Q e8(Q) e8/Q exd8=N+ a7:b8Ф d8Ф O-O O-O-O 0-0 0-0-0 o-o O–O 0—0—0 -- Z0
Nf3+ Qh5# Qxf7++ Qxf7X Qf7‡ Nd5† Qh5ch Qh5mate exd6e.p. exd6 e.p. exd6ep ed6a.p. e:d6е.р.
e4! e4? e4!! e4?? e4!? e4?! ♘f3 ♞c6 ♔e2 ♚xe7 ♕h5# ♙e4 CCe4 Gh4-g3 Ghd2 Gh4xf6 Кg1-f3
Kg1-f3 Cf1-b5 Фd8-d4 Dd1-h5 Txe8 Ae3 Cc6 Rxe1 Sf3 Lb5 Jf3 Vd1 Hd1 Wd1 Gd1 Msh Kae4
""".split())
for t in tokens:
    put(TOKEN, t.encode("utf-8"))
print(f"reader seeds: {len(os.listdir(READER))}, move_token seeds: {len(os.listdir(TOKEN))}")

# documents: each document fixture as it is (mode byte 0), and the text
# parts of the Word and OpenDocument ones as the parts the target wraps
# its bytes in (mode 3: a DOCX's word/document.xml, mode 4: an ODT's
# content.xml).
DOCUMENTS = os.path.join(HERE, "corpus", "documents")
os.makedirs(DOCUMENTS, exist_ok=True)
for path in glob.glob(os.path.join(ROOT, "fixtures/documents/*.*")):
    if path.rsplit(".", 1)[-1] in ("html", "epub", "pdf", "docx", "odt"):
        data = open(path, "rb").read()
        if len(data) <= 65535:
            put(DOCUMENTS, b"\0" + data)
    for mode, part in ((3, "word/document.xml"), (4, "content.xml")):
        if zipfile.is_zipfile(path):
            with zipfile.ZipFile(path) as z:
                if part in z.namelist():
                    put(DOCUMENTS, bytes([mode]) + z.read(part)[:65535])
print(f"documents seeds: {len(os.listdir(DOCUMENTS))}")
