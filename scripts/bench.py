#!/usr/bin/env python
"""Benchmark "bible-es-en-small": training throughput, FLOPs, MFU, decoding speed, peak memory.

The spec is fixed so that figures compare with the Joey NMT 2.3 figures in README: the bundled corpus,
one joint unigram sentencepiece model of 8000 pieces trained on train.es + train.en, embeddings 256,
a 1-layer bidirectional GRU encoder of 256 per direction, a 1-layer GRU decoder of 512 with Bahdanau
attention (512 wide) and input feeding, an attentional output layer of 512 before the vocabulary
projection, dropout 0.2, max length 100 pieces, Adam lr 1e-3, batches of about 64
sentences (about 2,000 target tokens), clipping 1.0, 2 CPU threads.

Each precision runs in its own process (so peak RSS is that precision's own). Throughput counts target
pieces without padding and without EOS, as Joey's figure does; it is the median over windows of
``--window`` steps after ``--warmup`` steps.

FLOPs per target token are counted from the shapes of every batch actually trained (multiply-adds x 2,
forward x 3 for forward + backward): encoder GRU (input and hidden projections, both directions, per
source token), attention keys (per source token), decoder GRU input (embedding + context) and hidden
projections, attention query, additive score over every (target, source) pair and context sum (per
position of the padded time loop, since the loop computes them), output layer and vocabulary projection
(per real target position: the loss skips padding there). The peak is measured in the same process with ``torch.mm`` on 2048x2048 matrices.

    python scripts/bench.py                       # the full table (fp32 and bf16), < 10 minutes
    python scripts/bench.py --quick --json F      # throughput part for the auto precision, < 3 minutes
    python scripts/bench.py --budget-minutes 15   # + train with a wall-clock budget: dev/test BLEU, plot
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import shutil
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

JOEY = {"train_tokens_per_s": 550.0, "peak_rss_mb": 3.9 * 1024, "greedy_pieces_per_s": 1530.0,
        "beam5_pieces_per_s": 284.0, "greedy_sentences_per_s": 16.2, "beam5_sentences_per_s": 3.3,
        "test_bleu_15min": 0.0}


def spec_config(batch_tokens: int, cache_dir: str):
    from seq2seq.config import Config

    cfg = Config()
    corpus = ROOT / "data" / "bible-es-en"
    cfg.data.train, cfg.data.dev, cfg.data.test = (str(corpus / s) for s in ("train", "dev", "test"))
    cfg.data.refs = ["kjv"]
    cfg.data.max_len = 100
    cfg.tokenizer.vocab_size, cfg.tokenizer.type, cfg.tokenizer.joint = 8000, "unigram", True
    cfg.tokenizer.cache_dir = cache_dir
    m = cfg.model
    m.emb_size, m.enc_hidden, m.enc_layers, m.dec_hidden, m.attention, m.dropout = 256, 256, 1, 512, "bahdanau", 0.2
    # Joey's recurrent decoder scores with a hidden_size-wide attention layer and attentional vector.
    m.attention_size, m.output_size = 512, 512
    cfg.optim.lr, cfg.optim.clip_norm = 1e-3, 1.0
    cfg.trainer.batch_tokens = batch_tokens
    return cfg


def flops_per_batch(cfg, src_len, tgt_len, vocab: int) -> float:
    """Training FLOPs (forward x 3) of one batch from its shapes; see the module docstring."""
    m = cfg.model
    E, He, Hd, A, O = m.emb_size, m.enc_hidden, m.dec_hidden, m.attention_size, m.output_size
    C = 2 * He
    B, S, T = len(src_len), int(src_len.max()), int(tgt_len.max())
    n_src = float(src_len.sum())
    enc = n_src * 2 * (E * 3 * He + He * 3 * He) * 2 + n_src * C * A * 2  # both directions + attention keys
    bridge = B * C * Hd * 2
    per_step = (E * 3 * Hd + C * 3 * Hd + Hd * 3 * Hd + Hd * A) * 2 + S * (A * 2 + A * 2) + S * C * 2
    out = (Hd + C + E) * O * 2 + O * vocab * 2
    dec = B * T * per_step + float(tgt_len.sum()) * out  # output layers run on real positions only
    return 3.0 * (enc + bridge + dec)


def measure_peak(dtype_name: str, device: str = "cpu", seconds: float = 3.0) -> float:
    """Matrix-product FLOP/s of this machine in this precision (2048^2 on CPU, 8192^2 on GPU)."""
    import torch

    dtype = {"fp32": torch.float32, "bf16": torch.bfloat16, "fp16": torch.float16}[dtype_name]
    n_dim = 2048 if device == "cpu" else 8192
    a = torch.randn(n_dim, n_dim, device=device).to(dtype)
    b = torch.randn(n_dim, n_dim, device=device).to(dtype)
    sync = torch.cuda.synchronize if device != "cpu" else (lambda: None)
    for _ in range(3):
        torch.mm(a, b)
    sync()
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        torch.mm(a, b)
        n += 1
        if n % 10 == 0:
            sync()
    sync()
    return n * 2 * n_dim**3 / (time.perf_counter() - start)


def worker(args) -> dict:
    """Train ``--steps`` steps of the spec in this process, then decode the test set; return figures.

    The timed step is the trainer's own (``Trainer.step``): the same update, optimizer and NaN masking
    as ``seq2seq-train``, in a throw-away run folder.
    """
    import torch

    from seq2seq import runtime
    from seq2seq.allocator import active_allocator
    from seq2seq.runtime import peak_rss_mb
    from seq2seq.search import SearchOptions, translate_ids
    from seq2seq.training.trainer import Trainer

    if args.no_tune_allocator:
        runtime.tune_allocator = lambda: None  # the glibc lever off alone (Trainer calls it otherwise)
    cfg = spec_config(args.batch_tokens, args.cache_dir)
    cfg.trainer.device, cfg.trainer.precision, cfg.trainer.num_threads = args.device, args.precision, args.threads
    cfg.trainer.seed = 1
    run_dir = tempfile.mkdtemp(prefix="bench-run-")
    trainer = Trainer(cfg, run_dir)
    device, precision, tok, model = trainer.device, trainer.precision, trainer.tok, trainer.model
    cuda = device.type == "cuda"
    sync = torch.cuda.synchronize if cuda else (lambda: None)
    peak = measure_peak(precision, device.type)
    windows, w_tok, w_flop, w_time, sent = [], 0, 0.0, 0.0, []
    steps = 0
    model.train()
    losses = []
    for batch in trainer.loader:
        sync()
        t0 = time.perf_counter()
        stats = trainer.step(batch)
        trainer.progress.step += 1
        losses.append(stats.loss / batch.ntokens)  # no host sync inside the step
        sync()
        dt = time.perf_counter() - t0
        steps += 1
        if steps > args.warmup:
            w_tok += stats.tokens
            w_flop += flops_per_batch(cfg, batch.src_len, batch.tgt_len, tok.tgt_vocab_size)
            w_time += dt
            sent.append(len(batch))
            if (steps - args.warmup) % args.window == 0:
                windows.append((w_tok / w_time, w_flop / w_time, w_flop / w_tok))
                w_tok, w_flop, w_time = 0, 0.0, 0.0
        if steps >= args.warmup + args.window * args.windows:
            break
    data, sampler = trainer.data, trainer.sampler
    tps = statistics.median(w[0] for w in windows)
    flops = statistics.median(w[1] for w in windows)
    result = {
        "precision": precision, "threads": args.threads, "batch_tokens": args.batch_tokens,
        "mean_batch_sentences": round(statistics.mean(sent), 1), "train_steps": steps,
        "train_tokens_per_s": round(tps, 1), "flops_per_token": round(statistics.median(w[2] for w in windows)),
        "achieved_gflops": round(flops / 1e9, 1), "peak_gflops": round(peak / 1e9, 1),
        "mfu": round(flops / peak, 3), "loss_last": round(float(torch.stack(losses[-10:]).mean()), 3),
        "device": str(device) if not cuda else torch.cuda.get_device_name(),
        "padding_efficiency": round(sampler.padding_efficiency(), 3),
        "train_peak_rss_mb": peak_rss_mb(), "allocator": active_allocator(),
    }
    src = data.test.ids.src
    for name, beam in (("greedy", 1), ("beam5", 5)):
        t0 = time.perf_counter()
        hyps = translate_ids(model, src, pad_id=tok.pad_id, bos_id=tok.bos_id, eos_id=tok.eos_id, device=device,
                             precision=precision, batch_tokens=args.decode_batch_tokens,
                             opts=SearchOptions(beam_size=beam))
        dt = time.perf_counter() - t0
        pieces = sum(len(h[0].tokens) + int(h[0].finished) for h in hyps)
        result[f"{name}_pieces_per_s"] = round(pieces / dt, 1)
        result[f"{name}_sentences_per_s"] = round(len(hyps) / dt, 2)
        result[f"{name}_seconds"] = round(dt, 1)
    result["decode_batch_tokens"] = args.decode_batch_tokens
    result["peak_rss_mb"] = peak_rss_mb()
    if cuda:
        result["peak_gpu_mb"] = round(torch.cuda.max_memory_allocated() / 2**20, 1)
    trainer.writer.close()
    shutil.rmtree(run_dir, ignore_errors=True)
    return result


def run_worker(precision: str, args) -> dict:
    cmd = [sys.executable, __file__, "--worker", "--precision", precision, "--threads", str(args.threads),
           "--device", args.device,
           "--batch-tokens", str(args.batch_tokens), "--warmup", str(args.warmup), "--window", str(args.window),
           "--windows", str(args.windows), "--cache-dir", args.cache_dir,
           "--decode-batch-tokens", str(args.decode_batch_tokens)] \
        + (["--no-tune-allocator"] if args.no_tune_allocator else [])
    from seq2seq.allocator import preload_env

    # the allocator the commands run on (seq2seq/allocator.py; SEQ2SEQ_MALLOC=system measures glibc)
    env = preload_env(dict(os.environ)) or dict(os.environ)
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if proc.returncode != 0:
        sys.exit(f"bench worker ({precision}) failed:\n{proc.stderr[-3000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def budget_run(minutes: float, args) -> dict:
    """The real trainer with a wall-clock budget; reads its results.json and validation history."""
    run_dir = Path(args.run_dir or tempfile.mkdtemp(prefix="bench-run-"))
    exe = Path(sys.executable).parent / "seq2seq-train"
    # Exactly README's main job (`make demo`), with the budget given here.
    cmd = [str(exe), "experiment=bible_15min", f"trainer.max_minutes={minutes}", f"hydra.run.dir={run_dir}"]
    env = {**os.environ, "SEQ2SEQ_CACHE": args.cache_dir}
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if proc.returncode != 0:
        sys.exit(f"budget run failed:\n{proc.stderr[-3000:]}")
    results = json.loads((run_dir / "results.json").read_text())
    history = results["validations"]  # [step, wall seconds, dev BLEU]
    out = {"run_dir": str(run_dir), "minutes": minutes, "dev_bleu": results["dev"]["bleu"],
           "test_bleu": results["test"]["bleu"], "test_chrf": results["test"]["chrf"],
           "test_bleu_signature": results["test"]["bleu_signature"], "steps": results["steps"],
           "epochs": results["epochs"], "wall_seconds": results["wall_seconds"],
           "train_tokens_per_s": results["train_tokens_per_sec"], "peak_rss_mb": results["peak_rss_mb"]}
    # Decoding speed of the trained model (it stops at EOS, unlike the briefly trained worker model),
    # through the real CLI; seq2seq-eval counts output pieces without EOS.
    for name, beam in (("greedy", 1), ("beam5", 5)):
        ev = subprocess.run([str(exe.with_name("seq2seq-eval")), f"run_dir={run_dir}", f"beam_size={beam}",
                             f"batch_tokens={args.decode_batch_tokens}"], capture_output=True, text=True, env=env)
        if ev.returncode != 0:
            sys.exit(f"seq2seq-eval of the budget run failed:\n{ev.stderr[-3000:]}")
        res = json.loads((run_dir / "eval" / f"test.best.beam{beam}.json").read_text())
        out[f"trained_{name}_pieces_per_s"] = res["pieces_per_sec"]
        out[f"trained_{name}_test_bleu"] = res["bleu"]
    for target in (5, 10, 15, 20):
        reached = [h[1] for h in history if h[2] >= target]
        out[f"minutes_to_dev_bleu_{target}"] = round(reached[0] / 60, 1) if reached else None
    plot = Path(args.plot)
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from tensorboard.backend.event_processing.event_accumulator import EventAccumulator

    acc = EventAccumulator(str(run_dir / "tb"), size_guidance={"scalars": 0})
    acc.Reload()
    # A run shorter than trainer.log_every steps logged no training loss: the plot has dev BLEU only.
    loss = acc.Scalars("train/loss") if "train/loss" in acc.Tags()["scalars"] else []
    fig, ax = plt.subplots(figsize=(6.4, 3.6), dpi=110)
    if loss:
        t0 = min(e.wall_time for e in loss) - results["train_seconds"] / max(results["steps"], 1) * loss[0].step
        ax.plot([(e.wall_time - t0) / 60 for e in loss], [e.value for e in loss], color="tab:blue", lw=1)
    ax.set_xlabel("wall-clock minutes (2 CPU cores, from the first step)")
    ax.set_ylabel("training loss (label-smoothed)", color="tab:blue")
    ax2 = ax.twinx()
    ax2.plot([h[1] / 60 for h in history], [h[2] for h in history], marker="o", color="tab:red", label="seq2seq dev BLEU")
    ax2.axhline(JOEY["test_bleu_15min"], color="grey", linestyle="--", label="Joey NMT 2.3, test BLEU after 15 min")
    ax2.set_ylabel("dev BLEU", color="tab:red")
    ax2.legend(loc="center right", fontsize=8)
    ax.set_title("bible-es-en-small: loss and dev BLEU against time")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    plot.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(plot)
    out["plot"] = str(plot)
    return out


def table(rows: list[dict]) -> str:
    lines = ["| figure | Joey NMT 2.3 | " + " | ".join(f"seq2seq {r['precision']}" for r in rows) + " |",
             "|---|---|" + "---|" * len(rows)]

    def row(label, key, joey=None, fmt="{:.0f}", ratio=True):
        cells = []
        for r in rows:
            v = r.get(key)
            cell = "-" if v is None else fmt.format(v)
            if ratio and joey and v:
                cell += f" ({v / joey:.1f}x)"
            cells.append(cell)
        lines.append(f"| {label} | {'-' if joey is None else fmt.format(joey)} | " + " | ".join(cells) + " |")

    row("train target tokens/s", "train_tokens_per_s", JOEY["train_tokens_per_s"])
    for r in rows:
        r["mflops_per_token"] = r["flops_per_token"] / 1e6
    row("MFLOP per target token (training)", "mflops_per_token", None, "{:.1f}", False)
    row("achieved GFLOP/s", "achieved_gflops", None, "{:.1f}", False)
    row("matmul peak GFLOP/s (same run)", "peak_gflops", None, "{:.1f}", False)
    row("MFU", "mfu", None, "{:.1%}", False)
    row("peak RSS (MB)", "peak_rss_mb", JOEY["peak_rss_mb"])
    lines.append("| malloc | - | " + " | ".join(r.get("allocator", "-") for r in rows) + " |")
    if any("peak_gpu_mb" in r for r in rows):
        row("peak GPU memory (MB)", "peak_gpu_mb", None, "{:.0f}", False)
        row("mean loss, last 10 steps", "loss_last", None, "{:.3f}", False)
    row("greedy output pieces/s", "greedy_pieces_per_s", JOEY["greedy_pieces_per_s"])
    row("greedy sentences/s", "greedy_sentences_per_s", JOEY["greedy_sentences_per_s"], "{:.1f}")
    row("beam-5 output pieces/s", "beam5_pieces_per_s", JOEY["beam5_pieces_per_s"])
    row("beam-5 sentences/s", "beam5_sentences_per_s", JOEY["beam5_sentences_per_s"], "{:.1f}")
    return "\n".join(lines)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--quick", action="store_true", help="the auto precision only, fewer windows (< 3 minutes)")
    p.add_argument("--precisions", default="fp32,bf16")
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--device", default="cpu", help="cpu | cuda")
    p.add_argument("--batch-tokens", type=int, default=2400, help="sampler budget (about 64 sentences)")
    p.add_argument("--decode-batch-tokens", type=int, default=12000)
    p.add_argument("--warmup", type=int, default=10)
    p.add_argument("--window", type=int, default=10)
    p.add_argument("--windows", type=int, default=6)
    p.add_argument("--no-tune-allocator", action="store_true", help="keep glibc's malloc defaults (lever off)")
    p.add_argument("--budget-minutes", type=float, default=0.0, help="also train with this budget and report BLEU")
    p.add_argument("--run-dir", default="")
    p.add_argument("--plot", default=str(ROOT / "docs" / "bench-bleu-vs-time.png"))
    p.add_argument("--cache-dir", default=os.environ.get("SEQ2SEQ_CACHE", str(Path.home() / ".cache" / "seq2seq")))
    p.add_argument("--json", default="", help="write the figures here")
    p.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--precision", default="auto", help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.worker:
        print(json.dumps(worker(args)))
        return
    if args.quick:
        args.windows = min(args.windows, 4)
        precisions = ["auto"]
    else:
        precisions = args.precisions.split(",")
    rows = [run_worker(pr, args) for pr in precisions]
    out = {"spec": "bible-es-en-small", "joey": JOEY, "runs": rows, **rows[-1]}
    if args.budget_minutes:
        out["budget"] = budget_run(args.budget_minutes, args)
    print(table(rows))
    if "budget" in out:
        b = out["budget"]
        print(f"\n{b['minutes']} min budget: dev BLEU {b['dev_bleu']:.2f}, test BLEU {b['test_bleu']:.2f} "
              f"({b['test_bleu_signature']}), {b['steps']} steps, {b['epochs']} epochs, "
              f"{b['train_tokens_per_s']:.0f} tokens/s, peak RSS {b['peak_rss_mb']:.0f} MB; minutes to dev BLEU 10/15/20: "
              f"{b['minutes_to_dev_bleu_10']}/{b['minutes_to_dev_bleu_15']}/{b['minutes_to_dev_bleu_20']}; plot {b['plot']}")
        print(f"trained model, seq2seq-eval on test: greedy {b['trained_greedy_pieces_per_s']:.0f} pieces/s "
              f"(BLEU {b['trained_greedy_test_bleu']:.2f}), beam 5 {b['trained_beam5_pieces_per_s']:.0f} pieces/s "
              f"(BLEU {b['trained_beam5_test_bleu']:.2f})")
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=2) + "\n")


if __name__ == "__main__":
    main()
