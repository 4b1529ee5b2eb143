"""Teacher-forced attention (seq2seq.inference.forced) against the model's own teacher-forced forward.

The equality holds for any weights, so a small random model (one per attention kind, the fused additive
loop and the step-by-step one both) checks it without training anything.
"""
import numpy as np
import pytest
import torch

from seq2seq.config import ModelConfig
from seq2seq.data.arrays import TokenArray
from seq2seq.inference.forced import forced_attention
from seq2seq.model.seq2seq import build_model

PAD, BOS, EOS = 0, 1, 2
SMALL = dict(emb_size=16, enc_hidden=12, dec_hidden=24, attention_size=20, output_size=16, dropout=0.3)


def _model(**kw):
    torch.manual_seed(0)
    return build_model(ModelConfig(**{**SMALL, **kw}), 40, 35, pad_id=PAD)


def _pairs(n: int, seed: int = 1):
    rng = np.random.default_rng(seed)
    src = [rng.integers(3, 40, size=rng.integers(0, 15)).tolist() for _ in range(n)]
    tgt = [rng.integers(3, 35, size=rng.integers(0, 18)).tolist() for _ in range(n)]
    src[0], tgt[1] = [], []  # an empty side still gets its EOS column / EOS row
    return src, tgt


def _one_by_forward(model, src_ids, tgt_ids) -> np.ndarray:
    """One pair through ``model.forward`` alone (no padding, no batch): BOS + tgt in, src + EOS read."""
    src = torch.tensor([list(src_ids) + [EOS]])
    tgt_in = torch.tensor([[BOS] + list(tgt_ids)])
    with torch.no_grad():
        _, attn = model(src, torch.tensor([src.size(1)]), tgt_in)
    return attn[0].numpy()


@pytest.mark.parametrize("kind", [dict(), dict(coverage=True), dict(attention="luong_general")])
def test_forced_attention_is_the_teacher_forced_forward_per_pair(kind):
    model = _model(**kind).train()  # forced_attention must switch dropout off, and restore the mode
    src_l, tgt_l = _pairs(30)
    src, tgt = TokenArray.from_lists(src_l), TokenArray.from_lists(tgt_l)
    common = dict(pad_id=PAD, bos_id=BOS, eos_id=EOS, device="cpu", precision="fp32")
    batched = forced_attention(model, src, tgt, batch_tokens=200, **common)
    alone = forced_attention(model, src, tgt, batch_tokens=1, **common)  # every pair its own batch
    assert model.training
    model.eval()
    assert len(batched) == len(alone) == 30
    for k in range(30):
        want = _one_by_forward(model, src_l[k], tgt_l[k])
        assert batched[k].shape == (len(tgt_l[k]) + 1, len(src_l[k]) + 1) == want.shape
        assert batched[k].dtype == np.float32
        np.testing.assert_allclose(batched[k], want, atol=2e-6)
        np.testing.assert_allclose(alone[k], want, atol=2e-6)
        np.testing.assert_allclose(batched[k].sum(axis=1), 1.0, atol=1e-5)


def test_forced_attention_under_bf16_autocast_stays_close():
    model = _model().eval()
    src_l, tgt_l = _pairs(8)
    src, tgt = TokenArray.from_lists(src_l), TokenArray.from_lists(tgt_l)
    common = dict(pad_id=PAD, bos_id=BOS, eos_id=EOS, device="cpu", batch_tokens=200)
    low = forced_attention(model, src, tgt, precision="bf16", **common)
    full = forced_attention(model, src, tgt, precision="fp32", **common)
    for a, b in zip(low, full):
        assert a.dtype == np.float32 and a.shape == b.shape
        np.testing.assert_allclose(a, b, atol=3e-2)


def test_forced_attention_checks_pair_counts():
    src, tgt = TokenArray.from_lists([[3, 4]]), TokenArray.from_lists([[3], [4]])
    with pytest.raises(ValueError, match="1 sources but 2 targets"):
        forced_attention(_model(), src, tgt, pad_id=PAD, bos_id=BOS, eos_id=EOS, device="cpu", precision="fp32",
                         batch_tokens=100)
