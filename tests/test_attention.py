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


def test_keys_are_query_independent():
    """The key projection runs once per batch: changing the query must not change keys()."""
    att = Attention("bahdanau", 5, 6, 4)
    values = torch.randn(2, 3, 6)
    k1 = att.keys(values)
    assert k1.shape == (2, 3, 4)
    torch.testing.assert_close(k1, 2 * values @ att.key_proj.weight.T)  # doubled: see Attention.forward


def test_luong_dot_size_mismatch_is_a_config_error():
    from seq2seq.errors import ConfigError

    with pytest.raises(ConfigError, match="dec_hidden"):
        Attention("luong_dot", 5, 6, 4)
