"""PyTorch against ONNX Runtime decoding on CPU: output pieces/s and peak RSS, greedy and beam 5.

    python scripts/onnx_bench.py RUN_DIR EXPORT_DIR [--lines 300] [--threads 2] [--repeats 3]

Each (backend, search) is timed in a fresh process (so its peak RSS is its own), ``--repeats`` times,
alternating backends; the median is printed with the ratio. PyTorch runs in fp32, the precision the
export was checked against. Make the export first: ``seq2seq-export run_dir=RUN out=DIR``.
"""
from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def child(backend: str, source: str, beam: int, lines: int, threads: int) -> None:
    from seq2seq.search.options import SearchOptions

    text = (ROOT / "data" / "bible-es-en" / "test.es").read_text(encoding="utf-8").splitlines()[:lines]
    if backend == "pytorch":
        import torch

        torch.set_num_threads(threads)
        from seq2seq.inference.translator import Translator

        tr = Translator.from_run(source, device="cpu", precision="fp32")
    else:
        from seq2seq.inference.translator import Translator

        tr = Translator.from_export(source, num_threads=threads)
    opts = SearchOptions(beam_size=beam, n_best=1)
    tr.translate_hypotheses(text[:16], opts)  # warm-up: first-call allocations and graph set-up
    t = time.perf_counter()
    hyps = tr.translate_hypotheses(text, opts)
    dt = time.perf_counter() - t
    pieces = sum(len(h[0].tokens) for h in hyps)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"pieces_per_s": pieces / dt, "seconds": dt, "pieces": pieces, "peak_rss_mb": rss}))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("run_dir")
    ap.add_argument("export_dir")
    ap.add_argument("--lines", type=int, default=300)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--child", nargs=2, metavar=("BACKEND", "BEAM"), help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.child:
        backend, beam = a.child
        child(backend, a.run_dir if backend == "pytorch" else a.export_dir, int(beam), a.lines, a.threads)
        return
    print(f"{a.lines} test lines, {a.threads} threads, median of {a.repeats}\n")
    print("| search | PyTorch fp32 pieces/s | ONNX Runtime pieces/s | ratio | PyTorch peak RSS | ORT peak RSS |")
    print("|---|---:|---:|---:|---:|---:|")
    for beam in (1, 5):
        runs: dict[str, list[dict]] = {"pytorch": [], "onnxruntime": []}
        for _ in range(a.repeats):
            for backend in runs:
                out = subprocess.run([sys.executable, __file__, a.run_dir, a.export_dir, "--lines", str(a.lines),
                                      "--threads", str(a.threads), "--child", backend, str(beam)],
                                     capture_output=True, text=True, check=True)
                runs[backend].append(json.loads(out.stdout.strip().splitlines()[-1]))
        med = {b: statistics.median(r["pieces_per_s"] for r in rs) for b, rs in runs.items()}
        rss = {b: statistics.median(r["peak_rss_mb"] for r in rs) for b, rs in runs.items()}
        name = "greedy" if beam == 1 else f"beam {beam}"
        print(f"| {name} | {med['pytorch']:,.0f} | {med['onnxruntime']:,.0f} | "
              f"{med['onnxruntime'] / med['pytorch']:.2f}x | {rss['pytorch']:,.0f} MB | {rss['onnxruntime']:,.0f} MB |",
              flush=True)


if __name__ == "__main__":
    main()
