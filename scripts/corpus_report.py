#!/usr/bin/env python
"""Prepare the data of a config (read, train or reuse the tokenizer, encode) and print a corpus report.

    python scripts/corpus_report.py [--cache-dir DIR] [--batch-tokens N]

Reports counts, tokenizer training and encode time, token counts, the batch sampler's padding
efficiency and the peak memory of the preparation.
"""
from __future__ import annotations

import argparse
import json
import resource
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--cache-dir", default="")
    p.add_argument("--batch-tokens", type=int, default=2400)
    args = p.parse_args()
    from seq2seq.config import Config
    from seq2seq.data.batching import TokenBudgetBatchSampler
    from seq2seq.data.pipeline import prepare_data

    cfg = Config()
    corpus = ROOT / "data" / "bible-es-en"
    cfg.data.train, cfg.data.dev, cfg.data.test = (str(corpus / s) for s in ("train", "dev", "test"))
    cfg.data.refs = ["kjv"]
    cfg.tokenizer.cache_dir = args.cache_dir
    data = prepare_data(cfg.data, cfg.tokenizer)
    sampler = TokenBudgetBatchSampler.for_ids(data.train, args.batch_tokens, seed=cfg.trainer.seed)
    sizes = [len(b) for b in sampler]
    report = {**data.report, "batch_tokens": args.batch_tokens, "batches_per_epoch": len(sizes),
              "mean_sentences_per_batch": round(sum(sizes) / len(sizes), 1),
              "padding_efficiency": round(sampler.padding_efficiency(), 3),
              "train_ids_mb": round((data.train.src.nbytes + data.train.tgt.nbytes) / 2**20, 2),
              "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)}
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
