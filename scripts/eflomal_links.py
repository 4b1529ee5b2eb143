#!/usr/bin/env python3
"""eflomal word links for the bundled corpus: the statistical baseline, and links for guided training.

    pip install -e '.[align]'          # eflomal (built from source: needs a C compiler)
    python scripts/eflomal_links.py OUT [--data data/bible-es-en] [--limit N] [--length X]

The way statistical aligners are used: train + dev + test are aligned together in one run (an aligner
learns from the very text it aligns; no translations are involved), on whitespace words, both
directions (eflomal: IBM1 + HMM + fertility, Gibbs sampling).  Written to OUT, one Pharaoh line per
pair in corpus order, for each split and each of ``forward``, ``reverse``, ``intersection`` and
``grow-diag-final`` (seq2seq.analysis.links):

    OUT/train.grow-diag-final.align  ->  trainer.guided_alignment=OUT/train.grow-diag-final.align
    OUT/test.intersection.align ...

and, for guided runs trained the other way (data.src and data.tgt swapped), the training links as
(target word, source word): ``OUT/train.{method}.reversed.align``.

then precision, recall and AER of each against dev.align and test.align (seq2seq.analysis.aer) are
printed as a Markdown table and written to OUT/scores.md.  eflomal's sampler is not seeded, so two runs
differ slightly.  --limit N takes the first N training pairs (a quick check); dev and test stay whole.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from seq2seq.analysis.aer import format_links, read_links, score_alignments
from seq2seq.analysis.links import swap, symmetrise
from seq2seq.data.corpus import read_lines, resolve
from seq2seq.errors import UserError
from seq2seq.resources import corpus_dir
from seq2seq.rundir import atomic_write

SPLITS = ("train", "dev", "test")
METHODS = ("forward", "reverse", "intersection", "grow-diag-final")


def load(data: Path, limit: int) -> dict[str, tuple[list[str], list[str]]]:
    """{split: (Spanish lines, English lines)}; train cut to ``limit`` pairs when ``limit`` > 0."""
    out = {}
    for split in SPLITS:
        es = read_lines(resolve(str(data / split), "es")).lines
        en = read_lines(resolve(str(data / split), "en")).lines
        if len(es) != len(en):
            raise UserError(f"{data / split}: {len(es)} Spanish lines but {len(en)} English lines")
        if split == "train" and limit > 0:
            es, en = es[:limit], en[:limit]
        out[split] = (es, en)
    return out


def run_eflomal(src: list[str], tgt: list[str], length: float) -> tuple[list[set], list[set]]:
    """Forward and reverse links of every pair, both as (source word, target word).

    eflomal writes the reverse direction (each source word linked to at most one target word) in the
    source-target orientation already, like the forward one.
    """
    try:
        from eflomal import Aligner
    except ImportError:
        raise UserError("eflomal is not installed; install it with: pip install -e '.[align]' "
                        "(it builds from source: needs a C compiler)") from None
    with tempfile.TemporaryDirectory(prefix="eflomal.") as tmp:
        fwd, rev = Path(tmp) / "fwd", Path(tmp) / "rev"
        Aligner(rel_iterations=length).align(iter(line + "\n" for line in src),
                                             iter(line + "\n" for line in tgt),
                                             links_filename_fwd=str(fwd), links_filename_rev=str(rev))
        fwd_links, rev_links = ([set(r.sure) for r in read_links(p, src, tgt)] for p in (fwd, rev))
    return fwd_links, rev_links


def symmetrised(fwd: list[set], rev: list[set]) -> dict[str, list[set]]:
    """{method: links per pair} for METHODS."""
    return {"forward": fwd, "reverse": rev,
            **{m: [symmetrise(f, r, m) for f, r in zip(fwd, rev)] for m in METHODS[2:]}}


def write_links(path: Path, links: list[set]) -> None:
    with atomic_write(path) as f:
        f.writelines(format_links(pair) + "\n" for pair in links)


def table(data: Path, splits: dict, links: dict[str, dict[str, list[set]]]) -> str:
    """Markdown: one row per method, precision / recall / AER on dev and on test."""
    refs = {s: read_links(data / f"{s}.align", *splits[s]) for s in ("dev", "test")}
    rows = ["| eflomal | dev P | dev R | dev AER | test P | test R | test AER |", "|---|---|---|---|---|---|---|"]
    for method in METHODS:
        cells = []
        for s in ("dev", "test"):
            sc = score_alignments(links[s][method], refs[s])
            cells += [f"{sc.precision:.3f}", f"{sc.recall:.3f}", f"{sc.aer:.3f}"]
        rows.append(f"| {method} | " + " | ".join(cells) + " |")
    pairs = {s: sum(not r.empty for r in refs[s]) for s in refs}
    return "\n".join(rows) + f"\n\nScored pairs (non-empty reference): dev {pairs['dev']}, test {pairs['test']}.\n"


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path, help="output folder for the link files and scores.md")
    ap.add_argument("--data", type=Path, default=None, help="corpus folder (default: the bundled bible-es-en)")
    ap.add_argument("--limit", type=int, default=0, help="use only the first N training pairs (0: all)")
    ap.add_argument("--length", type=float, default=1.0, help="eflomal's relative number of iterations")
    args = ap.parse_args(argv)
    try:
        data = args.data or corpus_dir()
        start = time.perf_counter()
        splits = load(data, args.limit)
        src = [line for s in SPLITS for line in splits[s][0]]
        tgt = [line for s in SPLITS for line in splits[s][1]]
        fwd, rev = run_eflomal(src, tgt, args.length)
        seconds = time.perf_counter() - start
        links, at = {}, 0
        for s in SPLITS:
            n = len(splits[s][0])
            links[s] = symmetrised(fwd[at:at + n], rev[at:at + n])
            at += n
        for s in SPLITS:
            for method in METHODS:
                write_links(args.out / f"{s}.{method}.align", links[s][method])
        for method in METHODS:   # guidance for a run trained tgt -> src
            write_links(args.out / f"train.{method}.reversed.align", [swap(pair) for pair in links["train"][method]])
        report = (f"eflomal on {len(src)} pairs (train {len(splits['train'][0])} + dev + test), "
                  f"{seconds:.1f} s to align\n\n" + table(data, splits, links))
        with atomic_write(args.out / "scores.md") as f:
            f.write(report)
        print(report, end="")
    except UserError as e:
        print(f"eflomal_links: {e}", file=sys.stderr)
        sys.exit(e.exit_code)


if __name__ == "__main__":
    main()
