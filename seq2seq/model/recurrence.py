"""The decoder's teacher-forced recurrence (GRU + additive attention) with a hand-written backward.

Autograd records some 30 small ops per decoder step and, in backward, computes every weight gradient
once per step (a (3H, B) x (B, H) product with B ~ 60 rows) and adds it into an accumulator: T products
and T read-modify-writes of each weight matrix per batch. Here the forward keeps what backward needs,
backward walks the steps in reverse with two matrix products per step (the gradients flowing into the
previous state and context), and each weight gradient is one product over all B*T rows at the end;
the context product's value gradient is one batched product as well. Measured on the benchmark spec
(docs/performance.md): fewer, larger kernels and no per-op autograd bookkeeping in the time loop.

Equations per step t (the same as ``Decoder._recur``'s step-by-step path; tests/test_recurrence.py checks
values and gradients against the textbook GRU and tanh score):
    gi = gi_emb[t] + W_c c_{t-1}                     gh = W_hh s_{t-1} + b_hh (from the step before)
    r = sig(gi_r + gh_r), z = sig(gi_z + gh_z), n = tanh(gi_n + r * gh_n), s_t = n + z (s_{t-1} - n)
    [gh', q] = [W_hh; W_q] s_t + [b_hh; b_q]         (gh' serves step t + 1)
    e_j = 2 v . sig(K_j + 2 q)   (K = 2 U h_j: the additive score in sigmoid form, see attention.py)
    a = softmax(e + mask bias) (float32), c_t = sum_j a_j h_j
"""
from __future__ import annotations

import torch
import torch.nn.functional as F


def _activation(keys: torch.Tensor, q: torch.Tensor, out: torch.Tensor | None = None) -> torch.Tensor:
    """sig(K + 2q): keys (B, S, A), q (B, A) -> (B, S, A), in forward and again in backward (recompute)."""
    return torch.add(keys, q.unsqueeze(1), alpha=2.0, out=out).sigmoid_()


class _AttentiveGRU(torch.autograd.Function):
    @staticmethod
    def forward(ctx, gi_emb, h0, ctx0, w_ctx, w_hq, b_hq, keys, values, v, bias, recompute: bool):
        # gi_emb (B, T, 3H); h0 (B, H); ctx0 (B, C); w_ctx (3H, C); w_hq (3H + A, H), b_hq (3H + A,);
        # keys (B, S, A); values (B, S, C); v (A,); bias (B, S) float32. All but bias in one dtype.
        three_h = gi_emb.size(2)
        hidden = three_h // 3
        acc = torch.promote_types(gi_emb.dtype, torch.float32)      # scores are softmaxed in float32 (or wider)
        w_hh, b_hh = w_hq[:three_h], b_hq[:three_h]
        keep = any(ctx.needs_input_grad)
        b, steps, _ = gi_emb.shape
        if keep:
            # Written step by step into buffers allocated once: per-step allocations of these sizes
            # fragmented the heap (peak RSS, docs/performance.md).
            gates = gi_emb.new_empty(steps, 4, b, hidden)                       # r, z, n, W_hn s + b_hn
            saved = gi_emb.new_empty((steps, b, w_hq.size(0) - three_h) if recompute else (steps, *keys.shape))
        h, c = h0, ctx0
        gh = F.linear(h, w_hh, b_hh)
        hs, cs, attns = [], [], []
        for t, gi_t in enumerate(gi_emb.unbind(1)):
            gi = torch.addmm(gi_t, c, w_ctx.t())
            i_r, i_z, i_n = gi.split(hidden, 1)
            h_r, h_z, h_n = gh.split(hidden, 1)
            r = torch.sigmoid(i_r + h_r)
            z = torch.sigmoid(i_z + h_z)
            n = torch.tanh(torch.addcmul(i_n, r, h_n))
            if keep:
                torch.stack([r, z, n, h_n], out=gates[t])
            h = torch.lerp(n, h, z)                                   # n + z (h - n)
            hq = torch.addmm(b_hq, h, w_hq.t())
            gh, q = hq[:, :three_h], hq[:, three_h:]
            act = _activation(keys, q, out=saved[t] if keep and not recompute else None)   # (B, S, A)
            if keep and recompute:
                saved[t] = q
            a = torch.softmax(torch.matmul(act, v).to(acc).mul_(2.0).add_(bias), dim=-1)
            c = torch.bmm(a.unsqueeze(1).to(values.dtype), values).squeeze(1)
            hs.append(h)
            cs.append(c)
            attns.append(a)
        hs, cs, attns = torch.stack(hs, 1), torch.stack(cs, 1), torch.stack(attns, 1)
        if keep:
            ctx.save_for_backward(h0, ctx0, w_ctx, w_hq, keys, values, v, hs, cs, attns, gates, saved)
            ctx.recompute = recompute
        return hs, cs, attns

    @staticmethod
    def backward(ctx, d_hs, d_cs, d_attns):
        h0, ctx0, w_ctx, w_hq, keys, values, v, hs, cs, attns, gates, saved = ctx.saved_tensors
        dtype = hs.dtype
        b, steps, hidden = hs.shape
        three_h = 3 * hidden
        d_hs = torch.zeros_like(hs) if d_hs is None else d_hs.to(dtype)
        d_cs = torch.zeros_like(cs) if d_cs is None else d_cs.to(dtype)
        d_gi = hs.new_empty(b, steps, three_h)                 # also the gradient of gi_emb
        d_hq = hs.new_empty(b, steps, w_hq.size(0))             # [d gh' ; d q] of every step
        d_c_all = hs.new_empty(b, steps, cs.size(2))            # total gradient of each c_t
        d_keys = torch.zeros_like(keys)
        d_v = torch.zeros(v.shape, dtype=attns.dtype, device=v.device)        # summed in float32 (or wider)
        d_h = hs.new_zeros(b, hidden)                           # from s_{t+1}'s GRU update
        d_c = hs.new_zeros(b, cs.size(2))                       # from gi_{t+1}
        d_gh = hs.new_zeros(b, three_h)                         # step t+1's hidden projection
        for t in range(steps - 1, -1, -1):
            # context c_t = a_t . values
            d_c = d_c + d_cs[:, t]
            d_c_all[:, t] = d_c
            a = attns[:, t]
            d_a = torch.bmm(values, d_c.unsqueeze(2)).squeeze(2).to(attns.dtype)          # (B, S)
            if d_attns is not None:
                d_a = d_a + d_attns[:, t]
            d_e = a * (d_a - (a * d_a).sum(1, keepdim=True))                     # softmax backward
            d_e = (2.0 * d_e).to(dtype)
            act = _activation(keys, saved[t]) if ctx.recompute else saved[t]
            d_v += (d_e.reshape(1, -1) @ act.flatten(0, 1)).squeeze(0)           # sum_bs d_e * act
            d_pre = torch.ops.aten.sigmoid_backward(d_e.unsqueeze(2) * v, act)  # (B, S, A)
            d_keys += d_pre
            d_hq[:, t, :three_h] = d_gh
            d_hq[:, t, three_h:] = 2.0 * d_pre.sum(1)
            # s_t feeds hq, the next update (d_h) and the outputs
            d_h = torch.addmm(d_h + d_hs[:, t], d_hq[:, t], w_hq)
            r, z, n, h_n = gates[t]
            h_prev = hs[:, t - 1] if t else h0
            d_n = d_h * (1 - z)
            d_z = d_h * (h_prev - n)
            d_h = d_h * z
            d_ni = torch.ops.aten.tanh_backward(d_n, n)
            d_r = torch.ops.aten.sigmoid_backward(d_ni * h_n, r)
            d_z = torch.ops.aten.sigmoid_backward(d_z, z)
            d_gi[:, t] = torch.cat([d_r, d_z, d_ni], 1)
            d_gh = torch.cat([d_r, d_z, d_ni * r], 1)
            d_c = d_gi[:, t] @ w_ctx
        # gh of step 0 came from h0 through W_hh
        d_h0 = torch.addmm(d_h, d_gh, w_hq[:three_h])
        prev_c = torch.cat([ctx0.unsqueeze(1), cs[:, :-1]], 1).flatten(0, 1)     # c_{t-1}, (B*T, C)
        d_hq_flat = d_hq.flatten(0, 1)
        d_w_hq = d_hq_flat.t() @ hs.flatten(0, 1)
        d_w_hq[:three_h] += d_gh.t() @ h0
        d_b_hq = d_hq_flat.to(attns.dtype).sum(0)
        d_b_hq[:three_h] += d_gh.to(attns.dtype).sum(0)
        d_w_ctx = d_gi.flatten(0, 1).t() @ prev_c
        d_values = torch.bmm(attns.transpose(1, 2).to(dtype), d_c_all)           # (B, S, C)
        return (d_gi, d_h0, d_c, d_w_ctx, d_w_hq, d_b_hq.to(dtype), d_keys, d_values, d_v.to(dtype),
                None, None)


def attentive_gru(gi_emb: torch.Tensor, h0: torch.Tensor, ctx0: torch.Tensor, w_ctx: torch.Tensor,
                  w_hq: torch.Tensor, b_hq: torch.Tensor, keys: torch.Tensor, values: torch.Tensor, v: torch.Tensor,
                  bias: torch.Tensor, recompute: bool = False):
    """Run T decoder steps; see the module docstring for the equations.

    Args:
        gi_emb: (B, T, 3H) embedding half of the GRU input projection (with b_ih), precomputed.
        h0: (B, H) initial state; ctx0: (B, C) initial context.
        w_ctx: (3H, C) context half of the input projection; w_hq (3H + A, H), b_hq (3H + A,):
            [W_hh; W_q] and [b_hh; b_q].
        keys: (B, S, A) = 2 U h_j; values: (B, S, C); v: (A,); bias: (B, S) float32 mask bias.
        recompute: keep the query (B, A) per step instead of the (B, S, A) activation, and recompute
            the activation in backward (less memory, a little more time).
    All tensors but ``bias`` share one dtype (the compute dtype); autocast is off inside.
    Returns:
        states (B, T, H), contexts (B, T, C), attention (B, T, S) float32.
    """
    dtype = gi_emb.dtype
    with torch.autocast(gi_emb.device.type, enabled=False):
        return _AttentiveGRU.apply(gi_emb, h0.to(dtype), ctx0.to(dtype), w_ctx, w_hq, b_hq, keys, values, v, bias,
                                   recompute)
