"""The benchmark script: its FLOP count against torch's own counter, and a short real run."""
import json
import subprocess
import sys
from pathlib import Path

import pytest
import torch
from torch.utils.flop_counter import FlopCounterMode

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
import bench  # noqa: E402

from seq2seq.model.seq2seq import build_model  # noqa: E402


def test_flops_per_batch_matches_torchs_count_of_forward_and_backward(tmp_path):
    """bench.flops_per_batch counts from shapes, assuming backward = 2 x forward; torch counts every matrix
    product actually dispatched (forward and backward, looped encoder and decoder included)."""
    torch.manual_seed(0)
    cfg = bench.spec_config(2400, str(tmp_path))
    vocab = 8000
    model = build_model(cfg.model, vocab, vocab, pad_id=0)
    src_len = torch.tensor([23, 23, 23, 23])  # the encoder runs over padding; the bench counts real tokens
    tgt_len = torch.tensor([20, 25, 11, 14])
    B, S, T = len(src_len), int(src_len.max()), int(tgt_len.max())
    src = torch.randint(3, vocab, (B, S)) * (torch.arange(S) < src_len[:, None])
    tgt_in = torch.randint(3, vocab, (B, T)) * (torch.arange(T) < tgt_len[:, None])
    tgt_out = tgt_in.clone()
    with FlopCounterMode(display=False) as counter:
        model.loss(src, src_len, tgt_in, tgt_out, 0.1).backward()
    counted = counter.get_total_flops()
    expected = bench.flops_per_batch(cfg, src_len, tgt_len, vocab)
    assert 0.98 < counted / expected < 1.02, (counted, expected)


@pytest.mark.slow
def test_quick_bench_writes_every_figure(tmp_path):
    """The quick table, plus a one-minute budget run through the real CLIs (BLEU, decode speed, plot)."""
    out, plot = tmp_path / "quick.json", tmp_path / "plot.png"
    proc = subprocess.run([sys.executable, str(ROOT / "scripts" / "bench.py"), "--quick", "--warmup", "1",
                           "--window", "2", "--windows", "2", "--cache-dir", str(tmp_path / "cache"),
                           "--budget-minutes", "1", "--run-dir", str(tmp_path / "run"), "--plot", str(plot),
                           "--json", str(out)], capture_output=True, text=True, timeout=1500)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "| train target tokens/s | 550 |" in proc.stdout
    fig = json.loads(out.read_text())
    assert fig["precision"] in ("fp32", "bf16")
    assert fig["train_tokens_per_s"] > 0 and fig["greedy_pieces_per_s"] > 0 and fig["beam5_pieces_per_s"] > 0
    assert 0 < fig["mfu"] < 1
    assert 40e6 < fig["flops_per_token"] < 60e6  # the spec's ~50 MFLOP per target token
    assert fig["train_peak_rss_mb"] <= fig["peak_rss_mb"] < 64 * 1024
    b = fig["budget"]
    assert b["steps"] > 0 and b["train_tokens_per_s"] > 0 and b["peak_rss_mb"] > 0
    assert 0 <= b["test_bleu"] <= 100
    # A one-minute model may end every line at once (a fp32 CPU without AVX-512 got 59 steps, and its beam-5
    # outputs were all empty): its decode speed is then 0 pieces/s, a figure, not a failure.
    assert b["trained_greedy_pieces_per_s"] >= 0 and b["trained_beam5_pieces_per_s"] >= 0
    assert b["trained_greedy_pieces_per_s"] + b["trained_beam5_pieces_per_s"] > 0 or b["test_bleu"] == 0
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "min budget: dev BLEU" in proc.stdout
