"""Dev and test BLEU of one trained run under several checkpoints and search settings, as one Markdown table.

    .venv/bin/python scripts/search_table.py RUN [--checkpoints best,averaged,ema] [--beam 5]

Each row decodes the run's own dev and test splits (as ``seq2seq-eval split=...`` does: the run's
``data.limit_eval`` applies, the first reference scores) with one setting: the default GNMT penalty, other
GNMT alphas, the average log-prob, no normalisation, a coverage penalty, a tighter output limit. The model
loads once per checkpoint. Pick a setting by its dev column; the test column is then its unbiased figure.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from sacrebleu.metrics import BLEU

from seq2seq.analysis.scoring import score
from seq2seq.data.corpus import read_parallel
from seq2seq.inference.translator import Translator
from seq2seq.search.options import SearchOptions

SETTINGS = [
    ("gnmt alpha=0.6 (default)", {}),
    ("gnmt alpha=1.0", {"alpha": 1.0}),
    ("gnmt alpha=0.2", {"alpha": 0.2}),
    ("average", {"length_norm": "average"}),
    ("none", {"length_norm": "none"}),
    ("gnmt 0.6 + coverage 0.2", {"coverage_beta": 0.2}),
    ("gnmt 0.6 + coverage 1.0", {"coverage_beta": 1.0}),
    ("gnmt 0.6, max_len_a=1.2", {"max_len_a": 1.2}),
]


def splits(tr: Translator) -> dict[str, tuple[list[str], list[str]]]:
    d = tr.data
    out = {}
    for split in ("dev", "test"):
        text = read_parallel(split, getattr(d, split), d.src, d.tgt, tuple(d.refs), limit=d.limit_eval)
        out[split] = (text.src, text.tgt)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("run", type=Path)
    ap.add_argument("--checkpoints", default="best", help="comma-separated: best, last, ema, averaged, ...")
    ap.add_argument("--beam", type=int, default=5)
    ap.add_argument("--settings", default="", help="comma-separated row numbers of SETTINGS (default: all)")
    args = ap.parse_args(argv)
    chosen = [SETTINGS[int(i)] for i in args.settings.split(",")] if args.settings else SETTINGS
    print(f"Run `{args.run}`, beam {args.beam}; BLEU of the first reference (sacrebleu defaults).\n")
    print("| checkpoint | setting | dev BLEU | test BLEU | test chrF | test length ratio | seconds |")
    print("|---|---|---|---|---|---|---|")
    for ckpt in args.checkpoints.split(","):
        tr = Translator.from_run(args.run, ckpt)
        data = splits(tr)
        for name, kw in chosen:
            opts = SearchOptions(beam_size=args.beam, **kw)
            start, row = time.perf_counter(), {}
            for split, (src, ref) in data.items():
                hyps = tr.translate_hypotheses(src, opts)
                text = [tr.tokenizer.decode_tgt(h[0].tokens) for h in hyps]
                row[split] = score(text, [ref])
                if split == "test":  # hypothesis / reference length, as BLEU's brevity penalty sees it
                    row["ratio"] = BLEU().corpus_score(text, [ref]).ratio
            print(f"| {ckpt} (step {tr.step}) | {name} | {row['dev'].bleu:.2f} | {row['test'].bleu:.2f} | "
                  f"{row['test'].chrf:.2f} | {row['ratio']:.3f} | {time.perf_counter() - start:.0f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
