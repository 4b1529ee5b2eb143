"""Attention against an independent float64 computation written out here with plain loops."""
import math

import numpy as np
import pytest
import torch

from seq2seq.model.attention import Attention


def reference(kind, att, query, values, lengths):
    """Per sentence, per position scores by the textbook formulas, softmax over real positions only."""
    q = query.detach().double().numpy()
    h = values.detach().double().numpy()
    out_w = np.zeros(h.shape[:2])
    out_c = np.zeros((h.shape[0], h.shape[2]))
    for b in range(h.shape[0]):
        scores = []
        for j in range(lengths[b]):
            if kind == "bahdanau":
                W = att.query_proj.weight.detach().double().numpy()
                bias = att.query_proj.bias.detach().double().numpy()
                U = att.key_proj.weight.detach().double().numpy()
                v = att.v.weight.detach().double().numpy()[0]
                scores.append(float(v @ np.tanh(W @ q[b] + bias + U @ h[b, j])))
            elif kind == "luong_general":
                Wa = att.key_proj.weight.detach().double().numpy()
                scores.append(float(q[b] @ (Wa @ h[b, j])))
            else:
                scores.append(float(q[b] @ h[b, j]))
        m = max(scores)
        e = [math.exp(s - m) for s in scores]
        z = sum(e)
        for j in range(lengths[b]):
            out_w[b, j] = e[j] / z
            out_c[b] += out_w[b, j] * h[b, j]
    return out_w, out_c


@pytest.mark.parametrize("kind", ["bahdanau", "luong_general", "luong_dot"])
def test_attention_matches_independent_computation(kind):
    torch.manual_seed(0)
    B, S, C = 3, 7, 6
    Q = C if kind == "luong_dot" else 5
    att = Attention(kind, Q, C, 4).double()
    query, values = torch.randn(B, Q, dtype=torch.float64), torch.randn(B, S, C, dtype=torch.float64)
    lengths = [7, 4, 1]
    mask = torch.arange(S)[None, :] < torch.tensor(lengths)[:, None]
    values = values.masked_fill(~mask[..., None], 0.0)
    ctx, w = att(query, att.keys(values), values, mask)
    ref_w, ref_c = reference(kind, att, query, values, lengths)
    np.testing.assert_allclose(w.detach().double().numpy(), ref_w, atol=1e-6)
    np.testing.assert_allclose(ctx.detach().numpy(), ref_c, atol=1e-6)
    assert torch.all(w[~mask] == 0.0), "weights on padding must be exactly zero"
    np.testing.assert_allclose(w.detach().sum(-1).numpy(), 1.0, atol=1e-6)
    assert w[2, 0] == 1.0  # a one-token source gets all the attention


@pytest.mark.parametrize("kind", ["bahdanau", "luong_general", "luong_dot"])
def test_keys_are_query_independent(kind):
    """The key projection runs once per batch: keys() is a per-position function of the encoder states
    alone (2 U h_j additive, doubled as Attention.forward explains; W_a h_j general; h_j dot), written out
    here element by element in float64, and one set of keys serves every query."""
    torch.manual_seed(3)
    B, S, C, A = 2, 3, 6, 4
    Q = C if kind == "luong_dot" else 5
    att = Attention(kind, Q, C, A).double()
    values = torch.randn(B, S, C, dtype=torch.float64)
    keys = att.keys(values)
    h = values.numpy()
    if kind == "luong_dot":
        want = h.copy()
    else:
        U = att.key_proj.weight.detach().numpy()
        factor = 2.0 if kind == "bahdanau" else 1.0
        want = np.zeros((B, S, U.shape[0]))
        for b in range(B):
            for j in range(S):
                for a in range(U.shape[0]):
                    want[b, j, a] = factor * sum(U[a, c] * h[b, j, c] for c in range(C))
    np.testing.assert_allclose(keys.detach().numpy(), want, rtol=1e-12, atol=1e-12)
    # changing one source position changes that position's key only
    moved = values.clone()
    moved[1, 2] += 1.0
    changed = (att.keys(moved) != keys).any(-1)
    assert changed.tolist() == [[False] * S, [False, False, True]]
    # the same keys, reused for two different queries, give each query its textbook attention
    lengths = [3, 2]
    mask = torch.arange(S)[None, :] < torch.tensor(lengths)[:, None]
    for seed in (4, 5):
        query = torch.randn(B, Q, dtype=torch.float64, generator=torch.Generator().manual_seed(seed))
        ctx, w = att(query, keys, values, mask)
        ref_w, ref_c = reference(kind, att, query, values, lengths)
        np.testing.assert_allclose(w.detach().numpy(), ref_w, atol=1e-10)
        np.testing.assert_allclose(ctx.detach().numpy(), ref_c, atol=1e-10)


def test_luong_dot_size_mismatch_is_a_config_error():
    from seq2seq.config import ModelConfig
    from seq2seq.errors import ConfigError

    with pytest.raises(ConfigError, match=r"model.attention=luong_dot needs model.dec_hidden \(5\) == 2 x"):
        ModelConfig(attention="luong_dot", enc_hidden=3, dec_hidden=5)
    with pytest.raises(ValueError, match="query size 5 == value size 6"):  # built in code, past the config
        Attention("luong_dot", 5, 6, 4)


def test_additive_gradients_match_plain_autograd():
    """The recomputing backward gives the gradients autograd takes through v^T tanh(W q + U h)."""
    torch.manual_seed(1)
    B, S, Q, C, A = 3, 5, 4, 6, 7
    att = Attention("bahdanau", Q, C, A).double()
    query = torch.randn(B, Q, dtype=torch.float64, requires_grad=True)
    values = torch.randn(B, S, C, dtype=torch.float64, requires_grad=True)
    mask = torch.arange(S)[None, :] < torch.tensor([5, 3, 1])[:, None]
    up = torch.randn(B, S, dtype=torch.float64)  # an arbitrary upstream gradient on the weights

    params = [query, values, *att.parameters()]
    _, w = att(query, att.keys(values), values, mask, recompute=True)
    got = torch.autograd.grad((w * up).sum(), params)

    # Independent: the textbook tanh score, masked softmax, differentiated by autograd.
    pre = att.query_proj(query).unsqueeze(1) + att.key_proj(values)
    scores = att.v(torch.tanh(pre)).squeeze(-1).masked_fill(~mask, float("-inf"))
    want = torch.autograd.grad((torch.softmax(scores, -1) * up).sum(), params)
    for g, r in zip(got, want):
        torch.testing.assert_close(g, r, atol=1e-7, rtol=1e-5)  # scores are softmaxed in float32


@pytest.mark.parametrize("recompute", [True, False])
def test_recompute_keeps_no_per_step_score_activation(recompute):
    """Backward memory: with recompute the teacher-forced loop saves each step's query and the shared
    keys (by reference), never a (B, S, A) activation per step; without it all T activations are kept."""
    from seq2seq.model.decoder import Decoder, Memory

    torch.manual_seed(2)
    B, S, T, E, H, C, A = 2, 5, 6, 4, 8, 6, 10
    dec = Decoder(vocab_size=11, emb_size=E, hidden=H, context_size=C, attention="bahdanau", attention_size=A,
                  output_size=9, dropout=0.0, pad_id=0, tie_embeddings=False)
    dec.recompute_attention = recompute
    values = torch.randn(B, S, C, requires_grad=True)
    mem = Memory(values, dec.attention.keys(values), torch.ones(B, S, dtype=torch.bool), torch.zeros(B, H))
    big = {}

    def pack(t):
        if tuple(t.shape[-3:]) == (B, S, A):   # score-sized: the keys, or per-step activations
            big[t.data_ptr()] = t.numel()
        return t

    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        logits, _, _ = dec(torch.randint(1, 11, (B, T)), dec.init_state(mem), mem)
    logits.sum().backward()
    if recompute:
        assert sum(big.values()) == B * S * A  # only the shared keys
    else:
        assert sum(big.values()) >= T * B * S * A
    assert values.grad is not None and torch.isfinite(values.grad).all()
