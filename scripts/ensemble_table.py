"""Test BLEU and decoding speed of each run alone and of the runs as one ensemble, as one Markdown table.

    .venv/bin/python scripts/ensemble_table.py RUN1 RUN2 [RUN3 ...] [--beam 5] [--weights 1,1,1] [--limit N]

The runs must share one tokenizer (``make demo``-sized runs that differ only in ``trainer.seed=`` do: the
tokenizer does not depend on the seed). Every row decodes the first run's own split (``--split``, the
run's ``data.limit_eval`` applying, or the first ``--limit`` lines) with the same search settings, as
``seq2seq-eval run_dir=RUN1 ensemble=[RUN2,...]`` does, and is scored against the first reference.
Speed is target pieces (EOS excluded) per second of decoding, model loading excluded.
"""
from __future__ import annotations

import argparse
import time
from pathlib import Path

from seq2seq.analysis.scoring import score
from seq2seq.data.corpus import read_parallel
from seq2seq.inference.translator import Translator
from seq2seq.search.options import SearchOptions


def measure(tr: Translator, src: list[str], ref: list[str], opts: SearchOptions) -> tuple[float, float, float, float]:
    """(BLEU, chrF, seconds, pieces per second) of ``tr`` on ``src`` against ``ref``."""
    start = time.perf_counter()
    hyps = tr.translate_hypotheses(src, opts)
    seconds = time.perf_counter() - start
    text = [tr.tokenizer.decode_tgt(h[0].tokens) for h in hyps]
    scores = score(text, [ref])
    return scores.bleu, scores.chrf, seconds, sum(len(h[0].tokens) for h in hyps) / seconds


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("runs", type=Path, nargs="+")
    ap.add_argument("--beam", type=int, default=5)
    ap.add_argument("--weights", default="", help="comma-separated, one per run (default: equal)")
    ap.add_argument("--checkpoint", default="best")
    ap.add_argument("--split", default="test", choices=["dev", "test"])
    ap.add_argument("--limit", type=int, default=0, help="decode only the first N lines (0: the run's own limit)")
    ap.add_argument("--device", default="auto")
    ap.add_argument("--precision", default="auto")
    ap.add_argument("--threads", type=int, default=0)
    args = ap.parse_args(argv)
    weights = [float(w) for w in args.weights.split(",")] if args.weights else None
    load = {"checkpoint_name": args.checkpoint, "device": args.device, "precision": args.precision,
            "num_threads": args.threads}
    ensemble = Translator.from_runs(args.runs, weights, **load)
    d = ensemble.data
    text = read_parallel(args.split, getattr(d, args.split), d.src, d.tgt, tuple(d.refs), limit=d.limit_eval)
    src, ref = (text.src[: args.limit], text.tgt[: args.limit]) if args.limit else (text.src, text.tgt)
    opts = SearchOptions(beam_size=args.beam)
    print(f"{args.split}: {len(src)} lines, beam {args.beam}, {ensemble.device}, {ensemble.precision}; "
          "BLEU and chrF of the first reference (sacrebleu defaults).\n")
    print(f"| model | step | {args.split} BLEU | {args.split} chrF | seconds | pieces/s |")
    print("|---|---|---|---|---|---|")
    for run in args.runs:
        alone = Translator.from_run(run, **load)
        bleu, chrf, seconds, speed = measure(alone, src, ref, opts)
        print(f"| {run} | {alone.step} | {bleu:.2f} | {chrf:.2f} | {seconds:.1f} | {speed:.0f} |", flush=True)
    bleu, chrf, seconds, speed = measure(ensemble, src, ref, opts)
    name = f"ensemble of {len(args.runs)}" + (f" (weights {args.weights})" if weights else "")
    print(f"| {name} | - | {bleu:.2f} | {chrf:.2f} | {seconds:.1f} | {speed:.0f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
