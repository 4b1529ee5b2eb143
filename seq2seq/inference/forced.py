"""Teacher-forced attention of given sentence pairs: what the model looks at while it reads a translation.

Forced alignment needs no search: the decoder is fed BOS + the given target pieces, exactly as in
training, and the attention of every step is kept. Row t of a pair's matrix is the attention of the
step that predicts target piece t (the last row predicts EOS); column s is source piece s (the last
column is the source EOS the encoder appends). ``seq2seq-align``, ``Translator.align`` and the
trainer's ``valid/aer`` all read links from these matrices, so they agree by construction.
"""
from __future__ import annotations

import numpy as np
import torch

from seq2seq.data.arrays import TokenArray
from seq2seq.data.batching import TokenBudgetBatchSampler
from seq2seq.runtime import autocast
from seq2seq.search.batched import collate_src


def _collate_tgt(seqs, pad_id: int, bos_id: int) -> torch.Tensor:
    """BOS + target ids, padded: (B, T_max + 1) long."""
    tgt = np.full((len(seqs), max(len(s) for s in seqs) + 1), pad_id, dtype=np.int64)
    tgt[:, 0] = bos_id
    for i, s in enumerate(seqs):
        tgt[i, 1: len(s) + 1] = s
    return torch.from_numpy(tgt)


@torch.inference_mode()
def _batch_attention(model, src: torch.Tensor, src_len: torch.Tensor, tgt_in: torch.Tensor) -> torch.Tensor:
    """(B, T, S) float32 attention of a teacher-forced pass; the output layer is skipped (no row kept),
    so the cost is the encoder and the recurrence alone, not the (B, T, V) vocabulary projection."""
    memory = model.encode(src, src_len)
    keep = torch.zeros(tgt_in.shape, dtype=torch.bool, device=tgt_in.device)
    _, attn = model.decoder.features(tgt_in, model.init_state(memory), memory, keep)
    return attn.float()


def forced_attention(model, src: TokenArray, tgt: TokenArray, *, pad_id: int, bos_id: int, eos_id: int,
                     device: torch.device | str, precision: str, batch_tokens: int) -> list[np.ndarray]:
    """The teacher-forced attention of every pair ``(src[k], tgt[k])``, in input order.

    src, tgt: source and target piece ids, without BOS/EOS (EOS is appended to the source and BOS
        prepended to the target input here, as in training); an empty side is allowed.
    precision: the autocast precision (``fp32``, ``bf16``, ``fp16``); batch_tokens: padded-token budget
        of one batch (pairs are sorted by length so little of it is padding).
    Returns per pair a float32 array (T + 1, S + 1), T = len(tgt[k]), S = len(src[k]): rows are the target
    pieces then EOS, columns the source pieces then EOS; each row sums to 1 (the masked padding gets 0, so
    the result does not depend on which pairs share a batch).
    """
    if len(src) != len(tgt):
        raise ValueError(f"{len(src)} sources but {len(tgt)} targets")
    device = torch.device(device)
    was_training = model.training
    model.eval()
    src_lens, tgt_lens = src.lengths(), tgt.lengths()
    out: list[np.ndarray | None] = [None] * len(src)
    sampler = TokenBudgetBatchSampler(src_lens + 1, tgt_lens + 1, max(1, int(batch_tokens)), shuffle=False)
    try:
        for batch in sampler:
            rows = np.asarray(batch, dtype=np.int64)
            src_t, src_len = collate_src([src[int(i)] for i in rows], pad_id, eos_id)
            tgt_in = _collate_tgt([tgt[int(i)] for i in rows], pad_id, bos_id)
            with autocast(device, precision):
                attn = _batch_attention(model, src_t.to(device), src_len.to(device), tgt_in.to(device))
            attn = attn.cpu().numpy()
            for b, i in enumerate(rows.tolist()):
                out[i] = np.ascontiguousarray(attn[b, : tgt_lens[i] + 1, : src_lens[i] + 1], dtype=np.float32)
    finally:
        model.train(was_training)
    return out  # type: ignore[return-value]
