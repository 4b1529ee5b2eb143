"""GPU behaviour (skipped without CUDA): autocast dtypes, fp16 overflow handling, CUDA RNG on resume."""
import pytest
import torch

from seq2seq.config import ModelConfig
from seq2seq.model.seq2seq import build_model
from seq2seq.runtime import autocast, resolve_precision, rng_state, set_rng_state

pytestmark = [pytest.mark.gpu, pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")]

CFG = ModelConfig(emb_size=32, enc_hidden=32, dec_hidden=64, attention_size=32, output_size=32, dropout=0.1)


def batch(device):
    g = torch.Generator().manual_seed(0)
    src = torch.randint(4, 50, (4, 7), generator=g)
    return src.to(device), torch.tensor([7, 5, 3, 1], device=device), torch.randint(4, 40, (4, 6), generator=g).to(device)


@pytest.mark.parametrize("precision,dtype", [("bf16", torch.bfloat16), ("fp16", torch.float16), ("fp32", torch.float32)])
def test_autocast_dtypes(precision, dtype):
    device = torch.device("cuda")
    model = build_model(CFG, 50, 40, pad_id=0).to(device)
    src, src_len, tgt = batch(device)
    with autocast(device, precision):
        logits, att = model(src, src_len, tgt)
    assert logits.dtype == dtype
    assert att.dtype == torch.float32  # softmax over source positions is always float32
    assert all(p.dtype == torch.float32 for p in model.parameters())  # master weights stay fp32
    torch.testing.assert_close(att.sum(-1), torch.ones_like(att.sum(-1)))


def test_auto_precision_on_cuda():
    expected = "bf16" if torch.cuda.is_bf16_supported() else "fp16"
    assert resolve_precision("auto", torch.device("cuda")) == expected


def test_fp16_scaler_skips_step_on_overflow():
    device = torch.device("cuda")
    model = build_model(CFG, 50, 40, pad_id=0).to(device)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    scaler = torch.amp.GradScaler("cuda")
    before = {k: v.clone() for k, v in model.state_dict().items()}
    scale = scaler.get_scale()
    src, src_len, tgt = batch(device)
    with autocast(device, "fp16"):
        logits, _ = model(src, src_len, tgt)
    loss = logits.float().sum() * float("inf")  # injected overflow
    scaler.scale(loss).backward()
    scaler.step(opt)
    scaler.update()
    for k, v in model.state_dict().items():
        assert torch.equal(v, before[k]), k
    assert scaler.get_scale() < scale


def test_cuda_rng_state_restored():
    torch.cuda.manual_seed_all(7)
    state = rng_state()
    assert "cuda" in state
    first = torch.rand(5, device="cuda")
    torch.rand(100, device="cuda")
    set_rng_state(state)
    torch.testing.assert_close(torch.rand(5, device="cuda"), first, rtol=0, atol=0)
