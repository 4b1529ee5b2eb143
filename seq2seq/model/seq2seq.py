"""The encoder-decoder model: ``forward`` for training, ``encode``/``init_state``/``step`` for search."""
from __future__ import annotations

import torch
from torch import nn

from seq2seq.config import ModelConfig
from seq2seq.model.decoder import Decoder, DecoderState, Memory
from seq2seq.model.encoder import Encoder


class Seq2Seq(nn.Module):
    def __init__(self, cfg: ModelConfig, src_vocab: int, tgt_vocab: int, pad_id: int):
        super().__init__()
        self.pad_id = pad_id
        self.encoder = Encoder(src_vocab, cfg.emb_size, cfg.enc_hidden, cfg.enc_layers, cfg.dropout, pad_id,
                               cfg.dec_hidden)
        self.decoder = Decoder(tgt_vocab, cfg.emb_size, cfg.dec_hidden, self.encoder.output_size, cfg.attention,
                               cfg.attention_size, cfg.output_size, cfg.dropout, pad_id, cfg.tie_embeddings)

    def encode(self, src: torch.Tensor, src_len: torch.Tensor) -> Memory:
        """src (B, S), src_len (B,) -> Memory with values (B, S, C), keys, mask (B, S), init (B, H)."""
        values, init = self.encoder(src, src_len)
        mask = torch.arange(src.size(1), device=src.device).unsqueeze(0) < src_len.to(src.device).unsqueeze(1)
        return Memory(values, self.decoder.attention.keys(values), mask, init)

    def init_state(self, memory: Memory) -> DecoderState:
        return self.decoder.init_state(memory)

    def step(self, prev: torch.Tensor, state: DecoderState, memory: Memory):
        return self.decoder.step(prev, state, memory)

    def forward(self, src: torch.Tensor, src_len: torch.Tensor, tgt_in: torch.Tensor):
        """src (B, S), src_len (B,), tgt_in (B, T) -> logits (B, T, V), attention (B, T, S)."""
        memory = self.encode(src, src_len)
        logits, attn, _ = self.decoder(tgt_in, self.init_state(memory), memory)
        return logits, attn

    def num_parameters(self) -> int:
        return sum(p.numel() for p in self.parameters())
