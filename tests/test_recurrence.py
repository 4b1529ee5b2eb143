"""The teacher-forced recurrence's hand-written backward against autograd through textbook formulas."""
import pytest
import torch

from seq2seq.model.decoder import Decoder, Memory


def textbook_loop(dec: Decoder, tgt_in, values, mask, init):
    """The GRU equations of torch.nn.GRU's documentation over [embedding; previous context], and
    v^T tanh(W s + b + U h_j) with a masked softmax, written out here with none of the decoder's loop
    code. Returns states, contexts, weights."""
    w_ih = torch.cat([dec.input_emb.weight, dec.input_ctx.weight], 1)
    b_ih, w_hh, b_hh = dec.input_emb.bias, dec.hidden_proj.weight, dec.hidden_proj.bias

    def gru(x, h):
        i_r, i_z, i_n = (x @ w_ih.t() + b_ih).chunk(3, 1)
        h_r, h_z, h_n = (h @ w_hh.t() + b_hh).chunk(3, 1)
        r, z = torch.sigmoid(i_r + h_r), torch.sigmoid(i_z + h_z)
        n = torch.tanh(i_n + r * h_n)
        return (1 - z) * n + z * h

    att = dec.attention
    emb = dec.embedding(tgt_in)
    keys = values @ att.key_proj.weight.t()
    h, ctx = init, values.new_zeros(values.size(0), values.size(2))
    hs, cs, ws = [], [], []
    for t in range(tgt_in.size(1)):
        h = gru(torch.cat([emb[:, t], ctx], 1), h)
        scores = att.v(torch.tanh(att.query_proj(h).unsqueeze(1) + keys)).squeeze(-1)
        w = torch.softmax(scores.masked_fill(~mask, float("-inf")), -1)
        ctx = (w.unsqueeze(-1) * values).sum(1)
        hs.append(h)
        cs.append(ctx)
        ws.append(w)
    return torch.stack(hs, 1), torch.stack(cs, 1), torch.stack(ws, 1)


B, S, T, E, H, C, A = 3, 6, 5, 7, 8, 6, 9


def float64_decoder(recompute: bool, lengths: list[int]):
    """A float64 additive-attention decoder and its inputs for gradient checks (B=3 sentences, S=6, T=5):
    (decoder, mask (B, S), values (B, S, C), init (B, H), tgt_in (B, T)); seed torch first."""
    dec = Decoder(vocab_size=13, emb_size=E, hidden=H, context_size=C, attention="bahdanau", attention_size=A,
                  output_size=10, dropout=0.0, pad_id=0, tie_embeddings=False).double()
    dec.recompute_attention = recompute
    mask = torch.arange(S)[None, :] < torch.tensor(lengths)[:, None]
    values = (torch.randn(B, S, C, dtype=torch.float64) * mask[..., None]).requires_grad_()
    init = torch.randn(B, H, dtype=torch.float64, requires_grad=True)
    tgt_in = torch.randint(1, 13, (B, T))
    return dec, mask, values, init, tgt_in


@pytest.mark.parametrize("recompute", [False, True])
def test_values_and_gradients_match_textbook_autograd(recompute):
    torch.manual_seed(3)
    dec, mask, values, init, tgt_in = float64_decoder(recompute, [6, 4, 1])
    # arbitrary upstream gradients on every output, the attention weights included
    up_h, up_c, up_w = (torch.randn(B, T, n, dtype=torch.float64) for n in (H, C, S))
    inputs = [values, init, *dec.parameters()]

    mem = Memory(values, dec.attention.keys(values), mask, init)
    hs, cs, ws, final = dec._recur(dec.input_emb(dec.embedding(tgt_in)), dec.init_state(mem), mem)
    got = torch.autograd.grad((hs * up_h).sum() + (cs * up_c).sum() + (ws * up_w).sum(), inputs, allow_unused=True)

    r_hs, r_cs, r_ws = textbook_loop(dec, tgt_in, values, mask, init)
    want = torch.autograd.grad((r_hs * up_h).sum() + (r_cs * up_c).sum() + (r_ws * up_w).sum(), inputs,
                               allow_unused=True)
    for ours, ref in ((hs, r_hs), (cs, r_cs), (ws, r_ws), (final.hidden, r_hs[:, -1]), (final.context, r_cs[:, -1])):
        torch.testing.assert_close(ours, ref, rtol=1e-10, atol=1e-12)
    assert torch.all(ws[~mask[:, None, :].expand_as(ws)] == 0)
    names = ["values", "init"] + [n for n, _ in dec.named_parameters()]
    for name, g, r in zip(names, got, want):
        if r is None:   # out_layer / out_proj: not used by the recurrence
            assert g is None, name
            continue
        torch.testing.assert_close(g, r, rtol=1e-9, atol=1e-11, msg=name)


def test_bf16_recurrence_stays_close_to_float32():
    """Under CPU autocast the loop runs in bf16 (autocast off inside): values and gradients within bf16
    rounding of the float32 run of the same weights."""
    torch.manual_seed(4)
    B, S, T = 4, 9, 7
    dec = Decoder(vocab_size=20, emb_size=16, hidden=32, context_size=24, attention="bahdanau", attention_size=32,
                  output_size=16, dropout=0.0, pad_id=0, tie_embeddings=False)
    values = torch.randn(B, S, 24)
    mask = torch.ones(B, S, dtype=torch.bool)
    tgt_in = torch.randint(1, 20, (B, T))
    runs = []
    for bf16 in (False, True):
        dec.zero_grad()
        with torch.autocast("cpu", dtype=torch.bfloat16, enabled=bf16):
            mem = Memory(values, dec.attention.keys(values), mask, torch.zeros(B, 32))
            hs, cs, ws, _ = dec._recur(dec.input_emb(dec.embedding(tgt_in)), dec.init_state(mem), mem)
            assert hs.dtype == (torch.bfloat16 if bf16 else torch.float32) and ws.dtype == torch.float32
        (hs.float().square().sum() + cs.float().sum()).backward()
        runs.append((hs.float(), ws, [p.grad.clone() for p in dec.parameters() if p.grad is not None]))
    (h32, w32, g32), (h16, w16, g16) = runs
    torch.testing.assert_close(h16, h32, atol=3e-2, rtol=3e-2)
    torch.testing.assert_close(w16, w32, atol=1e-2, rtol=5e-2)
    for a, b in zip(g16, g32):
        assert (a - b).norm() <= 0.05 * b.norm() + 1e-4
