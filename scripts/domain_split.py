#!/usr/bin/env python3
"""Old and New Testament corpora from the bundled Bible corpus, for the fine-tuning recipe (docs/recipes.md).

The two testaments differ in period, genre and vocabulary, so they serve as two domains of one corpus:
train on the Old Testament, fine-tune on (part of) the New with ``trainer.init_from``. Each line of
``SPLIT.key`` names its verse (``Genesis 1:1``, ``I Samuel 3:4``, ``Revelation of John 22:21``); the
book decides the testament. Every file of a split that has one line per verse (``.es``, ``.en``,
``.kjv``, ``.align``, ``.key``; plain or gzip'd) is filtered the same way, in the same order, so the
output is deterministic and line N of every output file of a split is still one verse.

    python scripts/domain_split.py --out data/domains            # data/domains/{ot,nt}-{train,dev,test}.*
    seq2seq-train data.train=data/domains/ot-train data.dev=data/domains/ot-dev data.test=data/domains/ot-test

Standard library only.
"""
from __future__ import annotations

import argparse
import gzip
import sys
from pathlib import Path

OLD = ("Genesis", "Exodus", "Leviticus", "Numbers", "Deuteronomy", "Joshua", "Judges", "Ruth", "I Samuel",
       "II Samuel", "I Kings", "II Kings", "I Chronicles", "II Chronicles", "Ezra", "Nehemiah", "Esther", "Job",
       "Psalms", "Proverbs", "Ecclesiastes", "Song of Solomon", "Isaiah", "Jeremiah", "Lamentations", "Ezekiel",
       "Daniel", "Hosea", "Joel", "Amos", "Obadiah", "Jonah", "Micah", "Nahum", "Habakkuk", "Zephaniah", "Haggai",
       "Zechariah", "Malachi")
NEW = ("Matthew", "Mark", "Luke", "John", "Acts", "Romans", "I Corinthians", "II Corinthians", "Galatians",
       "Ephesians", "Philippians", "Colossians", "I Thessalonians", "II Thessalonians", "I Timothy", "II Timothy",
       "Titus", "Philemon", "Hebrews", "James", "I Peter", "II Peter", "I John", "II John", "III John", "Jude",
       "Revelation of John")
TESTAMENT = {**{b: "ot" for b in OLD}, **{b: "nt" for b in NEW}}
SUFFIXES = ("key", "es", "en", "kjv", "align")
DEFAULT_CORPUS = Path(__file__).resolve().parents[1] / "data" / "bible-es-en"


def book(key: str) -> str:
    """``I Samuel 3:4`` -> ``I Samuel``: everything before the last space."""
    return key.rsplit(" ", 1)[0]


def read_lines(prefix: Path, suffix: str) -> list[str] | None:
    """The lines of PREFIX.SUFFIX or PREFIX.SUFFIX.gz (None when neither exists), newlines stripped."""
    for path, opener in ((Path(f"{prefix}.{suffix}"), open), (Path(f"{prefix}.{suffix}.gz"), gzip.open)):
        if path.is_file():
            with opener(path, "rt", encoding="utf-8", newline="\n") as f:
                return f.read().split("\n")[:-1] if path.stat().st_size else []
    return None


def testaments(keys: list[str], where: str) -> list[str]:
    """'ot' or 'nt' per verse key; an unknown book is an error naming the line."""
    out = []
    for n, key in enumerate(keys, 1):
        name = book(key)
        if name not in TESTAMENT:
            raise SystemExit(f"domain_split: {where} line {n}: unknown book {name!r} in {key!r}")
        out.append(TESTAMENT[name])
    return out


def split(corpus: Path, name: str, out: Path) -> dict[str, int]:
    """Write ot-NAME.* and nt-NAME.* from corpus/NAME.*; returns the verse count of each."""
    keys = read_lines(corpus / name, "key")
    if keys is None:
        raise SystemExit(f"domain_split: no {corpus / name}.key (or .key.gz): the split needs the verse keys")
    side = testaments(keys, f"{name}.key")
    for suffix in SUFFIXES:
        lines = read_lines(corpus / name, suffix)
        if lines is None:
            continue
        if len(lines) != len(keys):
            raise SystemExit(f"domain_split: {name}.{suffix} has {len(lines)} lines, {name}.key {len(keys)}")
        for domain in ("ot", "nt"):
            kept = [line for line, d in zip(lines, side) if d == domain]
            (out / f"{domain}-{name}.{suffix}").write_text("".join(f"{x}\n" for x in kept), encoding="utf-8")
    return {domain: side.count(domain) for domain in ("ot", "nt")}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS, help="folder with {train,dev,test}.key etc.")
    ap.add_argument("--out", type=Path, required=True, help="output folder (made if missing)")
    args = ap.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for name in ("train", "dev", "test"):
        counts = split(args.corpus, name, args.out)
        print(f"{name}: {counts['ot']} OT verses -> {args.out}/ot-{name}, {counts['nt']} NT verses -> "
              f"{args.out}/nt-{name}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
