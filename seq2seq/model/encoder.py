"""Embeddings and a bidirectional GRU encoder, plus the bridge to the decoder's state.

On CPU the GRU runs as our own loop over the parameters of an ``nn.GRU``: both directions advance in one
batched product per step, in the autocast dtype (``nn.GRU`` itself stays float32 under CPU autocast, and
was about twice slower here). On CUDA the packed ``nn.GRU`` (cuDNN) runs as it is.
"""
from __future__ import annotations

import torch
import torch.nn.functional as F
from torch import nn
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence


def _compute_dtype(like: torch.Tensor) -> torch.dtype:
    device = like.device.type
    return torch.get_autocast_dtype(device) if torch.is_autocast_enabled(device) else like.dtype


class Encoder(nn.Module):
    def __init__(self, vocab_size: int, emb_size: int, hidden: int, layers: int, dropout: float,
                 pad_id: int, dec_hidden: int):
        super().__init__()
        self.embedding = nn.Embedding(vocab_size, emb_size, padding_idx=pad_id)
        self.dropout = nn.Dropout(dropout)
        self.rnn = nn.GRU(emb_size, hidden, num_layers=layers, batch_first=True, bidirectional=True,
                          dropout=dropout if layers > 1 else 0.0)
        # The decoder starts from both directions' summaries of the sentence, not from zeros.
        self.bridge = nn.Linear(2 * hidden, dec_hidden)
        self.output_size = 2 * hidden

    def forward(self, src: torch.Tensor, src_len: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """Encode a padded batch.

        Args:
            src: (B, S) source ids, padded on the right.
            src_len: (B,) true lengths (>= 1).
        Returns:
            outputs: (B, S, 2*hidden) forward and backward states; zeros at padding (padding is never
                read, so a sentence's encoding does not depend on its batch).
            init: (B, dec_hidden) initial decoder state, tanh(bridge([fwd_last; bwd_first])).
        """
        emb = self.dropout(self.embedding(src))
        run = self._packed if src.device.type == "cuda" else self._looped
        outputs, final = run(emb, src_len)
        return outputs, torch.tanh(self.bridge(final))

    def _packed(self, emb: torch.Tensor, src_len: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        packed = pack_padded_sequence(emb, src_len.cpu(), batch_first=True, enforce_sorted=False)
        out, h_n = self.rnn(packed)
        outputs, _ = pad_packed_sequence(out, batch_first=True, total_length=emb.size(1))
        # h_n: (layers * 2, B, hidden); the last layer's two directions are its final two rows.
        return outputs, torch.cat([h_n[-2], h_n[-1]], dim=-1)

    def _looped(self, emb: torch.Tensor, src_len: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """Same results as ``_packed`` (tested), without packing.

        The backward direction reads each sentence reversed within its own length, so in both directions
        the real tokens come first and the padding last: states at real positions never see padding, and
        no masking is needed inside the loop. ``rev`` is that per-row reversal (its own inverse).
        """
        b, s, _ = emb.shape
        steps = torch.arange(s, device=emb.device)
        lens = src_len.to(emb.device).unsqueeze(1)
        rev = torch.where(steps < lens, lens - 1 - steps, steps)                      # (B, S)
        real = (steps < lens).unsqueeze(-1)                                            # (B, S, 1)
        last = (lens - 1).unsqueeze(-1)                                                # (B, 1, 1)
        dtype = _compute_dtype(emb)
        x = emb
        for layer in range(self.rnn.num_layers):
            if layer:
                x = F.dropout(x, self.rnn.dropout, self.training)
            fwd, bwd = self._layer(x.to(dtype), rev, layer, dtype)                   # (B, S, H) each
            x = torch.cat([fwd, bwd.gather(1, rev.unsqueeze(-1).expand_as(bwd))], -1) * real
        h = fwd.size(-1)
        final = torch.cat([fwd.gather(1, last.expand(-1, 1, h)), bwd.gather(1, last.expand(-1, 1, h))], -1)
        return x, final.squeeze(1)

    def _layer(self, x: torch.Tensor, rev: torch.Tensor, layer: int, dtype: torch.dtype):
        """One bidirectional layer over x (B, S, in): forward states, and backward states in reversed order.

        The input projections of both directions are one matrix product outside the time loop; inside it,
        one batched (2, B, H) x (2, H, 3H) product per step serves both directions.
        """
        def param(name: str) -> tuple[torch.Tensor, torch.Tensor]:
            p = getattr(self.rnn, f"{name}_l{layer}"), getattr(self.rnn, f"{name}_l{layer}_reverse")
            return p[0].to(dtype), p[1].to(dtype)

        (w_if, w_ib), (b_if, b_ib) = param("weight_ih"), param("bias_ih")
        (w_hf, w_hb), (b_hf, b_hb) = param("weight_hh"), param("bias_hh")
        three_h = w_if.size(0)
        gi = F.linear(x, torch.cat([w_if, w_ib]), torch.cat([b_if, b_ib]))              # (B, S, 6H)
        gi_f, gi_b = gi.split(three_h, dim=-1)
        gi_b = gi_b.gather(1, rev.unsqueeze(-1).expand_as(gi_b))
        gi = torch.stack([gi_f, gi_b]).permute(2, 0, 1, 3)                              # (S, 2, B, 3H)
        w_hh = torch.stack([w_hf, w_hb]).transpose(1, 2)                                # (2, H, 3H)
        b_hh = torch.stack([b_hf, b_hb]).unsqueeze(1)                                   # (2, 1, 3H)
        h = x.new_zeros(2, x.size(0), three_h // 3)
        states = []
        with torch.autocast(x.device.type, enabled=False):   # everything is already in ``dtype``
            for gi_t in gi.unbind(0):
                i_r, i_z, i_n = gi_t.chunk(3, dim=-1)
                h_r, h_z, h_n = torch.baddbmm(b_hh, h, w_hh).chunk(3, dim=-1)
                r = torch.sigmoid(i_r + h_r)
                z = torch.sigmoid(i_z + h_z)
                n = torch.tanh(i_n + r * h_n)
                h = n + z * (h - n)
                states.append(h)
        out = torch.stack(states, 2)                                                    # (2, B, S, H)
        return out[0], out[1]
