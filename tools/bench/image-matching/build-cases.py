#!/usr/bin/env python3
"""Builds the image-matching cases (dev.tsv, holdout.tsv) from listings.tsv, deterministically.

Each listing is one case's target product: the mart's name for it, and four candidate titles —
the target's own listing title and the three other listing titles most like it (char-bigram
Dice on the titles: other sizes, flavours, brands of the same thing first), shuffled. Every third
case drops the target, keeping the four nearest others: its right answer is "none".
The split into dev and hold-out is a fixed shuffle, made before any matcher was run on them.
Usage: tools/bench/image-matching/build-cases.py (writes next to listings.tsv)
"""
import random
import re
import unicodedata
from pathlib import Path

HERE = Path(__file__).resolve().parents[1] / "src/main/resources/image-matching"


def bigrams(text):
    t = re.sub(r"[^\w]+", "", unicodedata.normalize("NFKC", text).lower())
    return {t[i : i + 2] for i in range(len(t) - 1)} or {t}


def dice(a, b):
    return 2 * len(a & b) / (len(a) + len(b))


listings = []
for line in (HERE / "listings.tsv").read_text(encoding="utf-8").splitlines():
    if line.startswith("#") or not line.strip():
        continue
    source, title, mart = line.split("\t")
    listings.append((title, mart))

cases = []
for i, (title, mart) in enumerate(listings):
    grams = bigrams(title)
    others = sorted(
        (t for j, (t, _) in enumerate(listings) if j != i and t != title),
        key=lambda t: (-dice(grams, bigrams(t)), t),
    )
    if i % 3 == 2:
        candidates, answer = others[:4], 0
    else:
        candidates = [title] + others[:3]
        random.Random(i).shuffle(candidates)
        answer = candidates.index(title) + 1
    cases.append(f"{mart}\t{answer}\t{' | '.join(candidates)}")

order = list(range(len(cases)))
random.Random(20261202).shuffle(order)
half = len(order) // 2
for name, part in (("dev", order[:half]), ("holdout", order[half:])):
    rows = [cases[k] for k in sorted(part)]
    (HERE / f"{name}.tsv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    print(name, len(rows), "cases,", sum(r.split("\t")[1] == "0" for r in rows), "with none right")
