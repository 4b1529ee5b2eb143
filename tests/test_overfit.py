"""A tiny model must be able to memorise a few dozen real pairs: the whole learning path works."""
from pathlib import Path

import pytest
import torch

from seq2seq.config import ModelConfig, TokenizerConfig
from seq2seq.data.arrays import ParallelIds, TokenArray
from seq2seq.data.batching import collate
from seq2seq.data.corpus import read_parallel
from seq2seq.data.tokenizer import train_or_load
from seq2seq.model.seq2seq import build_model
from seq2seq.search import SearchOptions, greedy_search

CORPUS = Path(__file__).resolve().parents[1] / "data" / "bible-es-en"


@pytest.mark.slow  # ~30 s: 150 steps
def test_tiny_model_overfits_real_pairs(tmp_path):
    torch.manual_seed(0)
    text = read_parallel("train", str(CORPUS / "train"), "es", "en", limit=3000)
    tok, _ = train_or_load(TokenizerConfig(vocab_size=400, cache_dir=str(tmp_path)), text.src, text.tgt, "t")
    # 24 short pairs: short enough to memorise in a few hundred steps on 2 cores.
    pairs = [(s, t) for s, t in zip(text.src, text.tgt) if 3 <= len(t.split()) <= 10][:24]
    assert len(pairs) == 24
    ids = ParallelIds(TokenArray.from_lists(tok.encode_src([p[0] for p in pairs])),
                      TokenArray.from_lists(tok.encode_tgt([p[1] for p in pairs])))
    batch = collate([(i, ids.src[i], ids.tgt[i]) for i in range(len(ids))], tok.pad_id, tok.bos_id, tok.eos_id)
    cfg = ModelConfig(emb_size=64, enc_hidden=64, dec_hidden=128, attention_size=64, output_size=64, dropout=0.0)
    model = build_model(cfg, tok.src_vocab_size, tok.tgt_vocab_size, tok.pad_id)
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    first = None
    for _ in range(150):
        loss = model.batch_loss(batch, 0.0) / batch.ntokens
        opt.zero_grad()
        loss.backward()
        opt.step()
        first = first if first is not None else float(loss.detach())
    last = float(loss.detach())
    assert last < 0.05, f"per-token loss {last:.3f} after 150 steps (started at {first:.2f})"
    model.eval()
    hyps = greedy_search(model, batch.src, batch.src_len, SearchOptions(beam_size=1), bos_id=tok.bos_id,
                         eos_id=tok.eos_id)
    out = [tok.decode_tgt(h[0].tokens) for h in hyps]
    exact = sum(o == p[1] for o, p in zip(out, pairs))
    assert exact >= 23, list(zip(out, [p[1] for p in pairs]))[:5]
