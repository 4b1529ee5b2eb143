"""Bounded load test of seq2seq-serve on loopback: micro-batched against one request at a time.

Starts ``seq2seq-serve`` as a subprocess for each setting, on a free 127.0.0.1 port, and sends every
sentence as its own ``POST /translate`` request from ``--clients`` concurrent clients (threads with
keep-alive connections, stdlib only). Settings:

- ``batched``: the server's micro-batcher (``batch_window_ms``, default 5), ``--clients`` clients;
- ``unbatched``: ``batch_window_ms=0`` (each request decoded alone), the same ``--clients`` clients;
- ``sequential``: ``batch_window_ms=0`` and one client: the same requests served strictly one at a time.

Prints a Markdown table of sentences/s and p50/p95 latency (medians over ``--repeats`` runs)::

    .venv/bin/python scripts/load_test.py --run runs/bible_15min/DATE_TIME --clients 32 --sentences 2000
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TEST_SET = ROOT / "data" / "bible-es-en" / "test.es"


def sentences(n: int) -> list[str]:
    """``n`` sentences of the bundled test set, repeated as needed."""
    lines = [line.strip() for line in TEST_SET.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [lines[k % len(lines)] for k in range(n)]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(run: str, port: int, window_ms: float, extra: list[str]) -> subprocess.Popen:
    exe = Path(sys.executable).parent / "seq2seq-serve"
    proc = subprocess.Popen([str(exe), f"run_dir={run}", f"port={port}", f"batch_window_ms={window_ms}", *extra],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"load_test: error: seq2seq-serve exited: {proc.stderr.read()[-500:]}")
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/health")
            if conn.getresponse().status == 200:
                return proc
        except OSError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("load_test: error: seq2seq-serve did not answer /health within 120 s")


def stop_server(proc: subprocess.Popen) -> None:
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()


def load(port: int, texts: list[str], clients: int, beam: int) -> dict:
    """Every text as one request from ``clients`` threads; sentences/s and latency percentiles (ms)."""
    latencies: list[float] = []
    lock, next_index, errors = threading.Lock(), [0], []

    def client() -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
        while True:
            with lock:
                k = next_index[0]
                next_index[0] += 1
            if k >= len(texts):
                return
            body = json.dumps({"text": [texts[k]], "beam_size": beam})
            start = time.perf_counter()
            conn.request("POST", "/translate", body, {"content-type": "application/json"})
            response = conn.getresponse()
            data = response.read()
            elapsed = time.perf_counter() - start
            if response.status != 200:
                errors.append(data[:200])
            with lock:
                latencies.append(elapsed)

    threads = [threading.Thread(target=client) for _ in range(clients)]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    seconds = time.perf_counter() - start
    if errors:
        raise SystemExit(f"load_test: error: {len(errors)} failed requests, e.g. {errors[0]!r}")
    q = statistics.quantiles(latencies, n=100)
    return {"sentences_per_s": len(texts) / seconds, "p50_ms": 1000 * q[49], "p95_ms": 1000 * q[94],
            "seconds": seconds}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--run", required=True, help="run folder written by seq2seq-train")
    ap.add_argument("--clients", type=int, default=32, help="concurrent clients (batched and unbatched)")
    ap.add_argument("--sentences", type=int, default=2000, help="requests per setting, one sentence each")
    ap.add_argument("--baseline-sentences", type=int, default=0,
                    help="requests of the two unbatched settings (0 = --sentences): the first of them suffice "
                         "for their rate, which does not depend on the count")
    ap.add_argument("--beam", type=int, default=5, help="beam size of every request")
    ap.add_argument("--window-ms", type=float, default=5.0, help="the batched setting's batch_window_ms")
    ap.add_argument("--repeats", type=int, default=1, help="runs per setting; the table shows medians")
    ap.add_argument("--json", help="also write the figures to this file")
    ap.add_argument("server_args", nargs="*", help="extra seq2seq-serve key=value options")
    args = ap.parse_args()
    texts = sentences(args.sentences)
    baseline = texts[: args.baseline_sentences or len(texts)]
    settings = [("batched", args.window_ms, args.clients, texts), ("unbatched", 0.0, args.clients, baseline),
                ("sequential", 0.0, 1, baseline)]
    rows = []
    for name, window, clients, batch in settings:
        runs = []
        for _ in range(args.repeats):
            port = free_port()
            proc = start_server(args.run, port, window, args.server_args)
            try:
                load(port, batch[: min(len(batch), 64)], clients, args.beam)  # warm-up, not measured
                runs.append(load(port, batch, clients, args.beam))
            finally:
                stop_server(proc)
            print(f"{name}: {runs[-1]}", file=sys.stderr, flush=True)
        rows.append({"setting": name, "window_ms": window, "clients": clients, "requests": len(batch),
                     **{k: statistics.median(r[k] for r in runs) for k in runs[0]}})
    base = next(r for r in rows if r["setting"] == "sequential")["sentences_per_s"]
    print(f"| setting | batch_window_ms | clients | requests | sentences/s | p50 latency (ms) | p95 latency (ms) "
          f"| vs one at a time |\n|---|---:|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        print(f"| {r['setting']} | {r['window_ms']:g} | {r['clients']} | {r['requests']} | {r['sentences_per_s']:.1f} "
              f"| {r['p50_ms']:.0f} | {r['p95_ms']:.0f} | {r['sentences_per_s'] / base:.1f}x |")
    print(f"\nbeam {args.beam}, {args.repeats} run(s) per setting (medians), {os.cpu_count()} CPUs, run {args.run}")
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1) + "\n")


if __name__ == "__main__":
    main()
