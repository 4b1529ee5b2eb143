"""Vocabulary projection fused with label-smoothed cross-entropy, computed in row chunks.

``F.cross_entropy`` over (N, V) bf16 logits first copies them to float32, then writes log-probabilities,
a zero-filled gradient, a scattered one-hot and their sum: five passes over N x V floats that do not fit
in cache. On this 2-core CPU that was about 40% of a training step, far more than the vocabulary matrix
product itself. Here each chunk of rows is turned into its loss and its gradient while it is still in
cache, and the gradient (softmax minus the smoothed target) is kept in the logits' own buffer, so memory
holds one (N, V) tensor in the compute dtype instead of several float32 ones.
"""
from __future__ import annotations

import torch
import torch.nn.functional as F

# Rows per chunk: CHUNK x V float32 scores stay in a core's L2 for V = 8000 (about 1 MB).
CHUNK = 32


def _compute_dtype(x: torch.Tensor) -> torch.dtype:
    if torch.is_autocast_enabled(x.device.type):
        return torch.get_autocast_dtype(x.device.type)
    return x.dtype


class _VocabCrossEntropy(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, weight, bias, target, smoothing: float):
        dtype = _compute_dtype(x)
        with torch.autocast(x.device.type, enabled=False):
            xc, w = x.to(dtype), weight.to(dtype)
            b = None if bias is None else bias.to(dtype)
            logits = F.linear(xc, w, b)                                   # (N, V)
            need_grad = any(ctx.needs_input_grad[:3])
            vocab = logits.size(1)
            acc = torch.promote_types(dtype, torch.float32)   # reductions in float32 (float64 stays)
            losses = torch.empty(logits.size(0), device=x.device, dtype=acc)
            # The bias gradient is the column sum of g: summed per chunk while it is in cache (a separate
            # column sum over the whole (N, V) buffer costs as much as one of the matrix products).
            grad_b = torch.zeros(vocab, device=x.device, dtype=acc) if need_grad and bias is not None else None
            for start in range(0, logits.size(0), CHUNK):
                z = logits[start:start + CHUNK]
                zf = z.to(acc)
                y = target[start:start + CHUNK, None]
                lse = torch.logsumexp(zf, dim=1, keepdim=True)                            # (c, 1)
                # -sum_j q_j log p_j with q = (1 - s) onehot(y) + s / V:
                loss = lse - (1.0 - smoothing) * zf.gather(1, y) - smoothing * zf.mean(1, keepdim=True)
                losses[start:start + CHUNK] = loss.squeeze(1)
                if need_grad:
                    # d loss / d z = softmax(z) - q, written over the logits chunk it came from.
                    g = torch.exp_(zf.sub_(lse)).sub_(smoothing / vocab)
                    g.scatter_add_(1, y, torch.full_like(y, smoothing - 1.0, dtype=g.dtype))
                    if grad_b is not None:
                        grad_b += g.sum(0)
                    z.copy_(g)
        if need_grad:
            ctx.save_for_backward(xc, w, logits, grad_b if grad_b is not None else logits.new_empty(0))
            ctx.has_bias = bias is not None
            ctx.dtypes = (x.dtype, weight.dtype)
        return losses.sum()

    @staticmethod
    def backward(ctx, grad_out):
        xc, w, g, g_sum = ctx.saved_tensors    # g: (N, V) gradient of the summed loss w.r.t. the logits
        x_dtype, w_dtype = ctx.dtypes
        scale = grad_out
        grad_x = grad_w = grad_b = None
        with torch.autocast(xc.device.type, enabled=False):
            if ctx.needs_input_grad[0]:
                grad_x = (g @ w).to(x_dtype) * scale.to(x_dtype)
            if ctx.needs_input_grad[1]:
                grad_w = (g.t() @ xc).to(w_dtype) * scale
            if ctx.has_bias and ctx.needs_input_grad[2]:
                grad_b = g_sum.to(w_dtype) * scale
        return grad_x, grad_w, grad_b, None, None


def vocab_cross_entropy(x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor | None, target: torch.Tensor,
                        smoothing: float = 0.0) -> torch.Tensor:
    """Summed label-smoothed cross-entropy of ``F.linear(x, weight, bias)`` against ``target``.

    Args:
        x: (N, O) output-layer features of the real (non-pad) target positions only.
        weight: (V, O) and bias (V,): the vocabulary projection.
        target: (N,) gold ids.
        smoothing: label smoothing as in ``F.cross_entropy`` (uniform over all V classes).
    Returns:
        scalar float32: sum over the N rows (the caller divides by the token count).
    Runs in the autocast dtype when autocast is on; scores are reduced in float32.
    """
    return _VocabCrossEntropy.apply(x, weight, bias, target.long(), float(smoothing))
