#!/usr/bin/env python
"""Big corpora: preparation time and peak memory, then 100 training steps, at several corpus sizes.

    python scripts/scale_bench.py                                  # 0.25M, 1M and 4M pairs (~15 minutes)
    python scripts/scale_bench.py --sizes 250000 --json out.json   # one size

For each size a synthetic corpus is made from the bundled verses (``scripts/synthetic_corpus.py``), then
two fresh processes run, each measured by its own peak resident memory (``ru_maxrss`` of the process and
of its encoding workers):

1. preparation with an empty cache (tokenizer trained on its sample, every pair encoded into the
   memory-mapped arrays); wall time and pairs/s end to end, including the checks and hashing;
2. ``seq2seq-train`` on the prepared cache: ``experiment=smoke`` without its training limit and with an
   8000-piece vocabulary, ``trainer.max_steps`` steps, one validation at the end on the bundled dev/test
   (80 lines). tokens/s is the trainer's own figure from ``results.json``.

The corpora and caches live under ``--work`` (default a temporary folder, removed at the end).
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BUNDLED = ROOT / "data" / "bible-es-en"

PREPARE = """
import json, resource, sys, time
from seq2seq.config import DataConfig, TokenizerConfig
from seq2seq.data.pipeline import prepare_data
train, cache, limit_eval = sys.argv[1], sys.argv[2], int(sys.argv[3])
data = DataConfig(train=train, dev=sys.argv[4] + "/dev", test=sys.argv[4] + "/test", limit_eval=limit_eval)
tok = TokenizerConfig(vocab_size=8000, cache_dir=cache)
start = time.perf_counter()
prepared = prepare_data(data, tok)
seconds = time.perf_counter() - start
rss = [resource.getrusage(w).ru_maxrss / 1024 for w in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)]
print(json.dumps({"seconds": seconds, "rss_mb": rss[0], "workers_rss_mb": rss[1], **prepared.report}))
"""


def run_json(cmd: list[str], env: dict) -> dict:
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if proc.returncode:
        sys.exit(f"scale_bench.py: {' '.join(cmd[:3])} failed:\n{proc.stderr[-3000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def peak_rss_mb(cmd: list[str], env: dict) -> float:
    """Run ``cmd`` and return its peak RSS in MB (GNU time's maximum resident set size)."""
    proc = subprocess.run(["/usr/bin/time", "-f", "%M", *cmd], capture_output=True, text=True, env=env)
    if proc.returncode:
        sys.exit(f"scale_bench.py: {' '.join(cmd[:3])} failed:\n{proc.stderr[-3000:]}")
    return int(proc.stderr.strip().splitlines()[-1]) / 1024


def measure(pairs: int, work: Path, steps: int, env: dict) -> dict:
    prefix = work / f"syn{pairs}"
    if not Path(f"{prefix}.es").exists():
        subprocess.run([sys.executable, str(ROOT / "scripts" / "synthetic_corpus.py"), str(prefix),
                        "--pairs", str(pairs)], check=True, stdout=subprocess.DEVNULL)
    cache = work / f"cache{pairs}"
    shutil.rmtree(cache, ignore_errors=True)
    prep = run_json([sys.executable, "-c", PREPARE, str(prefix), str(cache), "80", str(BUNDLED)], env)
    run = work / f"run{pairs}"
    shutil.rmtree(run, ignore_errors=True)
    train_cmd = [shutil.which("seq2seq-train") or "seq2seq-train", "experiment=smoke", "data.limit_train=0",
                 f"data.train={prefix}", f"data.dev={BUNDLED}/dev", f"data.test={BUNDLED}/test",
                 "tokenizer.vocab_size=8000", f"tokenizer.cache_dir={cache}", f"trainer.max_steps={steps}",
                 f"trainer.eval_every={steps}", "trainer.num_heatmaps=0", f"hydra.run.dir={run}"]
    train_rss = peak_rss_mb(train_cmd, env)
    results = json.loads((run / "results.json").read_text())
    tps = results["train_tokens_per_sec"]
    return {"pairs": pairs, "prepare_s": round(prep["seconds"], 1), "pairs_per_s": round(pairs / prep["seconds"]),
            "tokenizer_s": prep["tokenizer_seconds"], "encode_s": prep["encode_seconds"],
            "prepare_rss_mb": round(prep["rss_mb"]), "workers_rss_mb": round(prep["workers_rss_mb"]),
            "train_rss_mb": round(train_rss), "train_tokens_per_s": tps, "train_pairs": prep["train_pairs"],
            "cache_mb": round(sum(p.stat().st_size for p in cache.rglob("*") if p.is_file()) / 2**20)}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--sizes", type=int, nargs="+", default=[250_000, 1_000_000, 4_000_000])
    p.add_argument("--steps", type=int, default=100)
    p.add_argument("--work", type=Path, help="folder for corpora and caches (kept)")
    p.add_argument("--json", type=Path, help="also write the rows here")
    args = p.parse_args()
    work = args.work or Path(tempfile.mkdtemp(prefix="scale_bench."))
    work.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    rows = []
    try:
        for pairs in args.sizes:
            rows.append(measure(pairs, work, args.steps, env))
            print(json.dumps(rows[-1]), flush=True)
    finally:
        if args.work is None:
            shutil.rmtree(work, ignore_errors=True)
    cols = ["pairs", "prepare_s", "pairs_per_s", "tokenizer_s", "encode_s", "prepare_rss_mb", "workers_rss_mb",
            "train_rss_mb", "train_tokens_per_s", "cache_mb"]
    print("| " + " | ".join(cols) + " |\n|" + "---|" * len(cols))
    for r in rows:
        print("| " + " | ".join(f"{r[c]:,}" if isinstance(r[c], int) else str(r[c]) for c in cols) + " |")
    if len(rows) > 1:
        base, top = rows[0], rows[-1]
        scale = top["pairs"] / base["pairs"]
        print(f"prepare time {top['pairs']:,} vs {scale:g} x {base['pairs']:,}: "
              f"{top['prepare_s'] / (scale * base['prepare_s']):.2f} (target <= 1.2); "
              f"training peak RSS ratio {top['train_rss_mb'] / base['train_rss_mb']:.2f} (target <= 1.3)")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2) + "\n")


if __name__ == "__main__":
    main()
