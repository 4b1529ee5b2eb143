"""Embeddings and a bidirectional GRU over packed sequences, plus the bridge to the decoder's state."""
from __future__ import annotations

import torch
from torch import nn
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence


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
            outputs: (B, S, 2*hidden) forward and backward states; zeros at padding (packing never
                reads padding, so a sentence's encoding does not depend on its batch).
            init: (B, dec_hidden) initial decoder state, tanh(bridge([fwd_last; bwd_first])).
        """
        emb = self.dropout(self.embedding(src))
        packed = pack_padded_sequence(emb, src_len.cpu(), batch_first=True, enforce_sorted=False)
        out, h_n = self.rnn(packed)
        outputs, _ = pad_packed_sequence(out, batch_first=True, total_length=src.size(1))
        # h_n: (layers * 2, B, hidden); the last layer's two directions are its final two rows.
        final = torch.cat([h_n[-2], h_n[-1]], dim=-1)
        return outputs, torch.tanh(self.bridge(final))
