"""The fused vocabulary projection + cross-entropy against torch's own F.linear + F.cross_entropy."""
import pytest
import torch
import torch.nn.functional as F

import seq2seq.model.vocab_loss as vocab_loss
from seq2seq.config import ModelConfig
from seq2seq.model.seq2seq import build_model
from seq2seq.model.vocab_loss import vocab_cross_entropy


def reference(x, w, b, y, smoothing):
    return F.cross_entropy(F.linear(x, w, b), y, label_smoothing=smoothing, reduction="sum")


def leaves(n=77, vocab=50, width=12, dtype=torch.float64, seed=0):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n, width, dtype=dtype, generator=g).requires_grad_()
    w = torch.randn(vocab, width, dtype=dtype, generator=g).requires_grad_()
    b = torch.randn(vocab, dtype=dtype, generator=g).requires_grad_()
    return x, w, b, torch.randint(0, vocab, (n,), generator=g)


@pytest.mark.parametrize("smoothing", [0.0, 0.1, 0.3])
@pytest.mark.parametrize("chunk", [1, 7, 32, 1000])  # chunk edges: one row, ragged last chunk, one chunk
def test_value_and_gradients_match_cross_entropy_in_float64(monkeypatch, smoothing, chunk):
    monkeypatch.setattr(vocab_loss, "CHUNK", chunk)
    x, w, b, y = leaves()
    ours = vocab_cross_entropy(x, w, b, y, smoothing)
    theirs = reference(x, w, b, y, smoothing)
    torch.testing.assert_close(ours, theirs, rtol=1e-12, atol=1e-10)
    # A non-unit upstream gradient: backward must scale by it.
    g_ours = torch.autograd.grad(2.5 * ours, (x, w, b))
    g_theirs = torch.autograd.grad(2.5 * theirs, (x, w, b))
    for a, c in zip(g_ours, g_theirs):
        torch.testing.assert_close(a, c, rtol=1e-10, atol=1e-10)


def test_gradcheck_without_bias():
    x, w, _, y = leaves(n=9, vocab=7, width=4)
    assert torch.autograd.gradcheck(lambda x, w: vocab_cross_entropy(x, w, None, y, 0.1), (x, w))


def test_no_gradient_work_when_none_is_needed():
    x, w, b, y = leaves()
    with torch.no_grad():
        value = vocab_cross_entropy(x, w, b, y, 0.1)
    assert not value.requires_grad
    torch.testing.assert_close(value, reference(x, w, b, y, 0.1).detach())


def test_bf16_autocast_stays_close_to_float32_and_returns_float32_grads():
    x, w, b, y = leaves(n=300, vocab=500, width=64, dtype=torch.float32)
    with torch.autocast("cpu", dtype=torch.bfloat16):
        ours = vocab_cross_entropy(x, w * 0.1, b, y, 0.1)
    theirs = reference(x, w * 0.1, b, y, 0.1)
    assert ours.dtype == torch.float32
    torch.testing.assert_close(ours, theirs, rtol=2e-2, atol=0)
    gx, gw = torch.autograd.grad(ours, (x, w))
    rx, rw = torch.autograd.grad(theirs, (x, w))
    assert gx.dtype == torch.float32 and gw.dtype == torch.float32
    for a, c in ((gx, rx), (gw, rw)):
        assert F.cosine_similarity(a.flatten(), c.flatten(), dim=0) > 0.99


def test_model_loss_equals_cross_entropy_on_the_full_logits_ignoring_padding():
    torch.manual_seed(0)
    cfg = ModelConfig(emb_size=16, enc_hidden=12, dec_hidden=20, attention_size=10, output_size=14, dropout=0.0)
    model = build_model(cfg, 30, 25, pad_id=0).double()
    src = torch.randint(1, 30, (3, 7))
    src_len = torch.tensor([7, 4, 2])
    tgt_in = torch.randint(1, 25, (3, 6))
    tgt_out = torch.randint(1, 25, (3, 6))
    tgt_out[1, 3:] = 0
    tgt_out[2, 1:] = 0
    ours = model.loss(src, src_len, tgt_in, tgt_out, 0.1)
    g_ours = torch.autograd.grad(ours, list(model.parameters()))
    logits, _ = model(src, src_len, tgt_in)
    theirs = F.cross_entropy(logits.flatten(0, 1), tgt_out.flatten(), ignore_index=0, label_smoothing=0.1,
                             reduction="sum")
    g_theirs = torch.autograd.grad(theirs, list(model.parameters()))
    torch.testing.assert_close(ours, theirs, rtol=1e-10, atol=1e-10)
    for a, c in zip(g_ours, g_theirs):
        torch.testing.assert_close(a, c, rtol=1e-8, atol=1e-10)
