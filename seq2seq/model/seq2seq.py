"""The encoder-decoder model: ``forward`` for training, ``encode``/``init_state``/``step``/``rank`` for search."""
from __future__ import annotations

import torch
from torch import nn

from seq2seq.config import ModelConfig
from seq2seq.model.decoder import Decoder, DecoderState, Memory
from seq2seq.model.encoder import Encoder
from seq2seq.model.guided_loss import GuideTarget, guided_attention_loss
from seq2seq.model.vocab_loss import vocab_cross_entropy


class Seq2Seq(nn.Module):
    def __init__(self, cfg: ModelConfig, src_vocab: int, tgt_vocab: int, pad_id: int):
        super().__init__()
        self.pad_id = pad_id
        self.encoder = Encoder(src_vocab, cfg.emb_size, cfg.enc_hidden, cfg.enc_layers, cfg.dropout, pad_id,
                               cfg.dec_hidden)
        self.decoder = Decoder(tgt_vocab, cfg.emb_size, cfg.dec_hidden, self.encoder.output_size, cfg.attention,
                               cfg.attention_size, cfg.output_size, cfg.dropout, pad_id, cfg.tie_embeddings,
                               coverage=cfg.coverage)

    def encode(self, src: torch.Tensor, src_len: torch.Tensor) -> Memory:
        """src (B, S), src_len (B,) -> Memory with values (B, S, C), keys, mask (B, S), init (B, H)."""
        values, init = self.encoder(src, src_len)
        device = values.device.type
        if torch.is_autocast_enabled(device):
            # The GRU runs in float32 even under autocast; cast its outputs once here rather than letting
            # autocast cast the whole (B, S, C) tensor again for the context product at every decoder step.
            values = values.to(torch.get_autocast_dtype(device))
        mask = torch.arange(src.size(1), device=src.device).unsqueeze(0) < src_len.to(src.device).unsqueeze(1)
        return Memory(values, self.decoder.attention.keys(values), mask, init)

    def init_state(self, memory: Memory) -> DecoderState:
        return self.decoder.init_state(memory)

    def step(self, prev: torch.Tensor, state: DecoderState, memory: Memory):
        return self.decoder.step(prev, state, memory)

    @staticmethod
    def rank(logits: torch.Tensor, scores: torch.Tensor):
        """One beam-search ranking step: logits (b*k, V), scores (b, k) float32 live beam scores (-inf for
        dead beams) -> top_val (b, 2k) float32, top_idx (b, 2k) long (beam * V + token), best first.

        The log-softmax is taken in float32 (logits may be bf16 under autocast): bf16 log-probs summed over
        50 steps would lose the ranking precision the search depends on. The 2k best of the k * V
        extensions always hold k that do not end in EOS. The PyTorch beam calls this, and the exported
        decoder step (``seq2seq.export.onnx_export.DecoderStep``) folds it into its graph.
        """
        b, k = scores.shape
        logp = torch.log_softmax(logits.float(), dim=-1)
        cand = (scores.unsqueeze(-1) + logp.view(b, k, -1)).view(b, -1)
        return cand.topk(2 * k, dim=1)

    def forward(self, src: torch.Tensor, src_len: torch.Tensor, tgt_in: torch.Tensor):
        """src (B, S), src_len (B,), tgt_in (B, T) -> logits (B, T, V), attention (B, T, S)."""
        memory = self.encode(src, src_len)
        logits, attn, _ = self.decoder(tgt_in, self.init_state(memory), memory)
        return logits, attn

    def loss(self, src: torch.Tensor, src_len: torch.Tensor, tgt_in: torch.Tensor, tgt_out: torch.Tensor,
             label_smoothing: float = 0.0, guide: GuideTarget | None = None):
        """Summed label-smoothed cross-entropy over the non-pad positions of tgt_out (B, T): a float32 scalar.

        Same value as ``F.cross_entropy`` on ``forward``'s logits with ``ignore_index=pad``, computed without
        materialising the (B, T, V) logits (see ``vocab_loss``). With ``guide`` (guided alignment): the pair
        (that loss, the summed guided-alignment loss of the attention, ``guided_loss``), both float32 scalars,
        from one forward pass, so under DDP both reach the all-reduced gradients.
        """
        memory = self.encode(src, src_len)
        keep = tgt_out != self.pad_id
        feats, attn = self.decoder.features(tgt_in, self.init_state(memory), memory, keep)
        proj = self.decoder.out_proj
        loss = vocab_cross_entropy(feats, proj.weight, proj.bias, tgt_out[keep], label_smoothing)
        return loss if guide is None else (loss, guided_attention_loss(attn, guide))

    def batch_loss(self, batch, label_smoothing: float = 0.0, guide: GuideTarget | None = None):
        """``loss`` of a collated batch (anything with src, src_len, tgt_in, tgt_out); call under autocast."""
        return self.loss(batch.src, batch.src_len, batch.tgt_in, batch.tgt_out, label_smoothing, guide)

    def num_parameters(self) -> int:
        return sum(p.numel() for p in self.parameters())


def build_model(cfg: ModelConfig, src_vocab: int, tgt_vocab: int, pad_id: int, *,
                recompute_attention: bool = False) -> Seq2Seq:
    """The one way a model is built from its config: training, inference, the benchmark and tests.

    ``recompute_attention`` is how backward trades memory for time, not part of the architecture, so it
    is not in ``ModelConfig`` and may change on resume.
    """
    model = Seq2Seq(cfg, src_vocab, tgt_vocab, pad_id)
    model.decoder.recompute_attention = recompute_attention
    return model
