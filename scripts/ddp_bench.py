#!/usr/bin/env python
"""DDP on one machine: 2 ranks x 1 thread against 1 process x 2 threads, the same training either way.

    python scripts/ddp_bench.py                 # 2 rounds of both, alternating (~5 minutes on 2 cores)
    python scripts/ddp_bench.py --rounds 3 --steps 60 --json out.json

The model is the benchmark spec (``scripts/bench.py``; the defaults of ``seq2seq-train``) on the bundled
corpus at the default precision. Both set-ups take optimizer steps of the same two batches of
``trainer.batch_tokens``: the single process accumulates them (``trainer.accum_steps=2``), the two ranks
take one each under ``torchrun --standalone --nproc-per-node 2`` with ``OMP_NUM_THREADS=1``. tokens/s is
the trainer's own ``train_tokens_per_sec`` (target pieces of all ranks over training time, validation
excluded). Runs alternate so that drift of a shared machine falls on both; the medians are compared.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path


def run(kind: str, steps: int, work: Path, env: dict) -> dict:
    out = work / f"{kind}-{len(list(work.iterdir()))}"
    common = [f"trainer.max_steps={steps}", f"trainer.eval_every={steps}", "trainer.num_heatmaps=0",
              "trainer.beam_size=1", "data.limit_eval=20", "trainer.log_every=10", f"hydra.run.dir={out}"]
    train = shutil.which("seq2seq-train") or "seq2seq-train"
    if kind == "ddp":
        cmd = ["torchrun", "--standalone", "--nproc-per-node", "2", train, "trainer.num_threads=1", *common]
        env = {**env, "OMP_NUM_THREADS": "1"}
    else:
        cmd = [train, "trainer.num_threads=2", "trainer.accum_steps=2", *common]
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if proc.returncode:
        sys.exit(f"ddp_bench.py: {kind} run failed:\n{proc.stderr[-3000:]}")
    r = json.loads((out / "results.json").read_text())
    return {"kind": kind, "tokens_per_s": r["train_tokens_per_sec"], "processes": r["processes"],
            "precision": r["precision"], "steps": r["steps"], "peak_rss_mb": r["peak_rss_mb"]}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--rounds", type=int, default=2)
    p.add_argument("--steps", type=int, default=40, help="optimizer steps per run (two batches each)")
    p.add_argument("--json", type=Path)
    args = p.parse_args()
    work = Path(tempfile.mkdtemp(prefix="ddp_bench."))
    env = {**os.environ, "SEQ2SEQ_CACHE": str(work / "cache")}
    rows = []
    try:
        run("single", 2, work, env)  # prepares the shared cache, so no timed run pays for it
        for _ in range(args.rounds):
            for kind in ("single", "ddp"):
                rows.append(run(kind, args.steps, work, env))
                print(json.dumps(rows[-1]), flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    med = {k: statistics.median(r["tokens_per_s"] for r in rows if r["kind"] == k) for k in ("single", "ddp")}
    print(f"median tokens/s: 1 process x 2 threads {med['single']:.0f}, 2 ranks x 1 thread {med['ddp']:.0f}; "
          f"ratio ddp/single {med['ddp'] / med['single']:.2f}")
    if args.json:
        args.json.write_text(json.dumps({"runs": rows, "median": med}, indent=2) + "\n")


if __name__ == "__main__":
    main()
