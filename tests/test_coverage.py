"""Coverage attention (model.coverage) and the coverage penalty of beam search (coverage_beta)."""
import math

import pytest
import torch

from seq2seq.config import ConfigError, ModelConfig
from seq2seq.model.seq2seq import build_model

CFG = dict(emb_size=16, enc_hidden=12, dec_hidden=20, attention_size=10, output_size=14, dropout=0.0)


def make(coverage=True, seed=0):
    torch.manual_seed(seed)
    model = build_model(ModelConfig(**CFG, coverage=coverage), 30, 25, pad_id=0).eval()
    if coverage:  # a visible coverage term: the default init is small
        with torch.no_grad():
            model.decoder.attention.coverage_proj.weight.normal_(0, 3.0)
    return model


def batch():
    torch.manual_seed(1)
    src = torch.randint(1, 30, (2, 7))
    lens = torch.tensor([7, 4])
    src[1, 4:] = 0
    tgt = torch.randint(1, 25, (2, 6))
    return src, lens, tgt


def reference_attention(model, src, lens, tgt):
    """The coverage recurrence written out from the equations, one step at a time, in float64:
    e_tj = v . tanh(W s_t + b + U h_j + w_c cov_tj), a_t = softmax over real j, cov_{t+1} = cov_t + a_t."""
    dec, att = model.decoder, model.decoder.attention
    with torch.no_grad():
        values, init = model.encoder(src, lens)
        values, h = values.double(), init.double()
        U, W, b = att.key_proj.weight.double(), att.query_proj.weight.double(), att.query_proj.bias.double()
        v, wc = att.v.weight[0].double(), att.coverage_proj.weight[:, 0].double()
        B, S = src.shape
        mask = torch.arange(S).unsqueeze(0) < lens.unsqueeze(1)
        cov, ctx = torch.zeros(B, S, dtype=torch.float64), torch.zeros(B, values.size(-1), dtype=torch.float64)
        cell = torch.nn.GRUCell(dec.input_emb.in_features + dec.context_size, dec.hidden_size).double()
        cell.weight_ih.copy_(torch.cat([dec.input_emb.weight, dec.input_ctx.weight], 1))
        cell.bias_ih.copy_(dec.input_emb.bias)
        cell.weight_hh.copy_(dec.hidden_proj.weight)
        cell.bias_hh.copy_(dec.hidden_proj.bias)
        rows = []
        for t in range(tgt.size(1)):
            emb = dec.embedding(tgt[:, t]).double()
            h = cell(torch.cat([emb, ctx], 1), h)
            e = torch.tanh((h @ W.T + b).unsqueeze(1) + values @ U.T + cov.unsqueeze(-1) * wc) @ v  # (B, S)
            a = torch.softmax(e.masked_fill(~mask, -math.inf), -1)
            ctx = torch.bmm(a.unsqueeze(1), values).squeeze(1)
            cov = cov + a
            rows.append(a)
        return torch.stack(rows, 1)


def test_coverage_attention_matches_the_equations():
    model = make()
    src, lens, tgt = batch()
    with torch.no_grad():
        _, attn = model(src, lens, tgt)
    ref = reference_attention(model, src, lens, tgt)
    torch.testing.assert_close(attn.double(), ref, atol=1e-5, rtol=1e-4)
    # and the coverage term matters: the same weights without it give other attention
    with torch.no_grad():
        model.decoder.attention.coverage_proj.weight.zero_()
        _, plain = model(src, lens, tgt)
    assert (plain - attn).abs().max() > 1e-3


def test_step_carries_coverage_like_the_teacher_forced_loop():
    """Search's one-step path must give what training's forward gives, coverage state included."""
    model = make()
    src, lens, tgt = batch()
    with torch.no_grad():
        logits, attn = model(src, lens, tgt)
        memory = model.encode(src, lens)
        state = model.init_state(memory)
        assert torch.all(state.coverage == 0)
        for t in range(tgt.size(1)):
            step_logits, state, w = model.step(tgt[:, t], state, memory)
            torch.testing.assert_close(step_logits, logits[:, t], atol=1e-5, rtol=1e-5)
            torch.testing.assert_close(w, attn[:, t], atol=1e-6, rtol=1e-5)
        torch.testing.assert_close(state.coverage, attn.sum(1), atol=1e-5, rtol=1e-5)
        picked = state.index_select(torch.tensor([1, 1, 0]))
        assert torch.equal(picked.coverage[0], state.coverage[1]) and torch.equal(picked.coverage[2], state.coverage[0])


def test_coverage_trains_with_gradients_into_its_weight():
    model = make().train()
    src, lens, tgt = batch()
    loss = model.loss(src, lens, tgt, tgt.roll(-1, 1))
    loss.backward()
    assert model.decoder.attention.coverage_proj.weight.grad.abs().sum() > 0


def test_coverage_is_refused_without_additive_attention():
    with pytest.raises(ConfigError, match="model.coverage=true needs model.attention=bahdanau"):
        ModelConfig(**CFG, attention="luong_general", coverage=True)
