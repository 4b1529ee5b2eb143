"""PyTorch against ONNX Runtime decoding on CPU (and an int8 export beside the float32 one): output pieces/s,
peak RSS and test BLEU, greedy and beam 5.

    python scripts/onnx_bench.py RUN_DIR EXPORT_DIR [--int8 INT8_EXPORT_DIR] [--lines 300] [--threads 2] [--repeats 3]

Each (backend, search) is timed in a fresh process (so its peak RSS is its own), ``--repeats`` times,
alternating backends; the median is printed with its ratios to PyTorch and to the float32 export. PyTorch
runs in fp32, the precision the float32 export was checked against. BLEU is sacrebleu's corpus BLEU of the
same decode against the WEB reference (the first ``--lines`` lines of test.en; each repeat decodes the
same, so the first repeat's is printed). Make the exports first: ``seq2seq-export run_dir=RUN out=DIR`` and
``seq2seq-export run_dir=RUN out=DIR8 quantize=int8``.
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
DATA = ROOT / "data" / "bible-es-en"
NAMES = {"pytorch": "PyTorch fp32", "onnxruntime": "ONNX Runtime fp32", "int8": "ONNX Runtime int8"}


def child(backend: str, source: str, beam: int, lines: int, threads: int) -> None:
    import sacrebleu

    from seq2seq.search.options import SearchOptions

    text = (DATA / "test.es").read_text(encoding="utf-8").splitlines()[:lines]
    refs = (DATA / "test.en").read_text(encoding="utf-8").splitlines()[:lines]
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
    bleu = sacrebleu.corpus_bleu([tr.result(h[0]).text for h in hyps], [refs]).score
    print(json.dumps({"pieces_per_s": pieces / dt, "seconds": dt, "pieces": pieces, "peak_rss_mb": rss,
                      "bleu": bleu}))


def measure(a, backend: str, source: str, beam: int) -> dict:
    out = subprocess.run([sys.executable, __file__, a.run_dir, a.export_dir, "--lines", str(a.lines),
                          "--threads", str(a.threads), "--child", backend, str(beam), "--source", source],
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("run_dir")
    ap.add_argument("export_dir")
    ap.add_argument("--int8", default="", help="a quantize=int8 export of the same run, measured beside the others")
    ap.add_argument("--lines", type=int, default=300)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--child", nargs=2, metavar=("BACKEND", "BEAM"), help=argparse.SUPPRESS)
    ap.add_argument("--source", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.child:
        child(a.child[0], a.source, int(a.child[1]), a.lines, a.threads)
        return
    sources = {"pytorch": a.run_dir, "onnxruntime": a.export_dir, **({"int8": a.int8} if a.int8 else {})}
    print(f"{a.lines} test lines, {a.threads} threads, median of {a.repeats}\n")
    print("| search | backend | pieces/s | vs PyTorch | vs ONNX Runtime fp32 | peak RSS | BLEU |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for beam in (1, 5):
        runs: dict[str, list[dict]] = {b: [] for b in sources}
        for _ in range(a.repeats):
            for backend, source in sources.items():
                runs[backend].append(measure(a, backend, source, beam))
        speed = {b: statistics.median(r["pieces_per_s"] for r in rs) for b, rs in runs.items()}
        name = "greedy" if beam == 1 else f"beam {beam}"
        for b, rs in runs.items():
            rss = statistics.median(r["peak_rss_mb"] for r in rs)
            print(f"| {name} | {NAMES[b]} | {speed[b]:,.0f} | {speed[b] / speed['pytorch']:.2f}x | "
                  f"{speed[b] / speed['onnxruntime']:.2f}x | {rss:,.0f} MB | {rs[0]['bleu']:.2f} |", flush=True)


if __name__ == "__main__":
    main()
