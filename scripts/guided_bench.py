#!/usr/bin/env python
"""What guided alignment costs in training speed: tokens/s of the same batches with and without it.

One ``Trainer`` on the benchmark spec (scripts/bench.py: the bundled corpus, 8k joint unigram pieces,
256/512 GRUs, Bahdanau attention) takes a fixed list of batches; each round trains every batch twice in a row,
with the guided loss (the link file given) and without it (the trainer's guide switched off), the order
alternating between rounds, so a machine whose load changes affects both alike. Tokens/s counts target pieces without
EOS, as the trainer's log does; the figure is the median over rounds (windows). The weights drift between rounds,
which changes nothing in the cost of a step.

    python scripts/guided_bench.py --links L.align                  # e.g. scripts/eflomal_links.py's output
    python scripts/guided_bench.py --links L.align --rounds 5 --batches 8 --json out.json
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def timed_pair(trainer, batches, guides: dict, first: str) -> dict:
    """One pass over ``batches``, each trained with and without guidance back to back (``first``
    first): tokens/s per setting. Step by step, so a change in the machine's load hits both alike."""
    tokens = {name: 0 for name in guides}
    seconds = {name: 0.0 for name in guides}
    order = (first, *(n for n in guides if n != first))
    for batch in batches:
        for name in order:
            trainer.guide = guides[name]
            start = time.perf_counter()
            stats = trainer.step(batch)
            stats.loss.item()   # the step's work is done (a no-op wait on CPU)
            seconds[name] += time.perf_counter() - start
            tokens[name] += stats.tokens
    return {name: tokens[name] / seconds[name] for name in guides}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--links", required=True, help="Pharaoh links for data/bible-es-en/train (one line per line)")
    ap.add_argument("--weight", type=float, default=0.1)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--batches", type=int, default=8, help="batches per pass (each a training step)")
    ap.add_argument("--batch-tokens", type=int, default=2400)
    ap.add_argument("--precision", default="fp32")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--cache", default=str(Path(tempfile.gettempdir()) / "seq2seq-guided-bench-cache"))
    ap.add_argument("--json", help="also write the figures here")
    args = ap.parse_args()

    import torch

    from bench import spec_config
    from seq2seq.training.guided import Guide
    from seq2seq.training.trainer import Trainer

    cfg = spec_config(args.batch_tokens, args.cache)
    t = cfg.trainer
    t.precision, t.num_threads, t.device = args.precision, args.threads, "cpu"
    t.guided_alignment, t.guided_alignment_weight = str(Path(args.links).resolve()), args.weight
    with tempfile.TemporaryDirectory() as run_dir:
        trainer = Trainer(cfg, run_dir)
        try:
            it = iter(trainer.loader)
            batches = [next(it) for _ in range(args.batches)]
            guides = {"guided": trainer.guide, "plain": Guide(device=trainer.device)}
            timed_pair(trainer, batches[:1], guides, "guided")   # warm-up
            rows = {"guided": [], "plain": []}
            for r in range(args.rounds):
                speeds = timed_pair(trainer, batches, guides, "guided" if r % 2 == 0 else "plain")
                for name, value in speeds.items():
                    rows[name].append(value)
        finally:
            getattr(trainer, "close", lambda: None)()   # the subword-draw worker, if any
    med = {k: statistics.median(v) for k, v in rows.items()}
    result = {"tokens_per_s_median": med, "rounds": rows, "cost_percent": 100 * (1 - med["guided"] / med["plain"]),
              "batches": args.batches, "batch_tokens": args.batch_tokens, "precision": args.precision,
              "threads": args.threads, "torch_threads": torch.get_num_threads(), "weight": args.weight}
    print(f"tokens/s median of {args.rounds} rounds x {args.batches} steps: guided {med['guided']:.0f}, "
          f"without {med['plain']:.0f} ({result['cost_percent']:+.1f}% cost)")
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=2) + "\n")


if __name__ == "__main__":
    main()
