#!/usr/bin/env python
"""Write a synthetic parallel corpus of any size from the bundled verses, for measurement only.

    python scripts/synthetic_corpus.py OUT_PREFIX --pairs 1000000 [--gzip] [--seed 0]

Writes ``OUT_PREFIX.es`` and ``OUT_PREFIX.en`` (``.gz`` with ``--gzip``). Every line is a verse pair drawn
at random from the bundled training split; about a third of them are two drawn verses joined (the same
two on both sides), so the corpus is not a plain repetition of the 29k verses and lengths vary as in real
data. Nothing about it is a translation benchmark: it exists to time and size the preparation and the
training of corpora of millions of pairs (docs/performance.md, "Big corpora").
"""
from __future__ import annotations

import argparse
import gzip
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "data" / "bible-es-en"
BLOCK = 100_000  # pairs drawn and written at a time: memory stays flat whatever --pairs is


def verses(lang: str) -> list[bytes]:
    with gzip.open(CORPUS / f"train.{lang}.gz", "rb") as f:
        return [line.rstrip(b"\r\n") for line in f]


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("prefix", type=Path, help="output prefix: writes PREFIX.es and PREFIX.en")
    p.add_argument("--pairs", type=int, required=True, help="number of line pairs to write")
    p.add_argument("--gzip", action="store_true", help="write PREFIX.LANG.gz")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--join", type=float, default=1 / 3, help="share of lines made of two verses")
    args = p.parse_args()
    if args.pairs < 1 or not 0 <= args.join <= 1:
        sys.exit("synthetic_corpus.py: error: --pairs must be >= 1 and --join in [0, 1]")
    src, tgt = verses("es"), verses("en")
    keep = [i for i, (s, t) in enumerate(zip(src, tgt)) if s.strip() and t.strip()]
    src, tgt = [src[i] for i in keep], [tgt[i] for i in keep]
    rng = np.random.default_rng(args.seed)
    args.prefix.parent.mkdir(parents=True, exist_ok=True)
    suffix = ".gz" if args.gzip else ""
    opener = (lambda p: gzip.open(p, "wb", compresslevel=1)) if args.gzip else (lambda p: open(p, "wb"))
    with opener(f"{args.prefix}.es{suffix}") as f_src, opener(f"{args.prefix}.en{suffix}") as f_tgt:
        for start in range(0, args.pairs, BLOCK):
            n = min(BLOCK, args.pairs - start)
            first, second = rng.integers(len(src), size=(2, n)).tolist()
            joined = (rng.random(n) < args.join).tolist()
            for side, out in ((src, f_src), (tgt, f_tgt)):
                out.write(b"\n".join(side[a] + b" " + side[b] if j else side[a]
                                     for a, b, j in zip(first, second, joined)) + b"\n")
    print(f"wrote {args.pairs:,} pairs to {args.prefix}.es{suffix} and {args.prefix}.en{suffix}")


if __name__ == "__main__":
    main()
