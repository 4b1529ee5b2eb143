"""The guided-alignment loss: cross-entropy between the decoder's attention rows and reference rows.

A reference row is a distribution over source pieces (``training/guided.py`` builds them from word
links); it is sparse, so a batch's references travel as the flat positions of their non-zero cells in
the (B, T, S) attention tensor and the mass at each. The loss of a row is -sum_s ref_s log(a_s + eps):
summed over rows like the translation loss, so the trainer's division by the target pieces makes the
weight mean what Marian's ``--guided-alignment-weight`` means (its ``ce`` cost per target token).
"""
from __future__ import annotations

from dataclasses import dataclass

import torch

# Keeps log finite where the attention underflows to 0 (a float32 softmax does, far from its maximum);
# the gradient there is then ref / eps, large but finite, as with Marian's epsilon.
EPS = 1e-6


@dataclass
class GuideTarget:
    """A batch's reference rows: ``weight[k]`` of reference mass at flat cell ``index[k]`` of (B, T, S).

    index: (N,) int64 positions b * T * S + t * S + s; weight: (N,) float32, summing to 1 per guided row.
    rows: how many (sentence, target piece) rows are guided (for reports; not used by the loss).
    """

    index: torch.Tensor
    weight: torch.Tensor
    rows: int = 0

    def to(self, device: torch.device | str, non_blocking: bool = False) -> "GuideTarget":
        return GuideTarget(self.index.to(device, non_blocking=non_blocking),
                           self.weight.to(device, non_blocking=non_blocking), self.rows)


def guided_attention_loss(attn: torch.Tensor, target: GuideTarget) -> torch.Tensor:
    """attn (B, T, S) attention weights (rows sum to 1) -> () float32 summed cross-entropy.

    Computed in float32 whatever the autocast dtype (the recurrence already returns float32 weights;
    a float64 model keeps float64 for the gradient checks).
    """
    dtype = torch.promote_types(attn.dtype, torch.float32)
    picked = attn.reshape(-1).index_select(0, target.index).to(dtype)
    return -(target.weight.to(dtype) * torch.log(picked + EPS)).sum()
