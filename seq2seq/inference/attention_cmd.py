"""seq2seq-attention: heatmaps, word alignments and attention diagnostics for given sentences."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import torch

from seq2seq.analysis.alignment import hard_links, pharaoh, word_attention, words
from seq2seq.analysis.attention_stats import matrix_stats
from seq2seq.analysis.heatmap import attention_figure, save_png
from seq2seq.config import AttentionConfig
from seq2seq.data.arrays import TokenArray
from seq2seq.data.corpus import read_lines
from seq2seq.inference.translator import Translator, clean
from seq2seq.rundir import write_text
from seq2seq.search import Hypothesis, SearchOptions


def _sentences(cfg: AttentionConfig) -> list[str]:
    lines = [cfg.text] if cfg.text else read_lines(Path(cfg.input)).lines
    return [clean(line) for line in lines]


def describe(translator: Translator, sentence: str, src_ids, hyp: Hypothesis) -> dict:
    """Translation, pieces, the soft (T, S) matrix, word links and diagnostics of one hypothesis of
    ``sentence`` (encoded as ``src_ids``)."""
    tok = translator.tokenizer
    src_pieces = tok.src_pieces(src_ids[: SearchOptions.max_src_len]) + ["</s>"]
    out_pieces = tok.tgt_pieces(hyp.tokens) + (["</s>"] if hyp.finished else [])
    att = hyp.attention.float().numpy()[: len(out_pieces), : len(src_pieces)]
    # Word links ignore the EOS row and column: they align words, not the end-of-sentence marker.
    n_src, n_out = len(src_pieces) - 1, len(hyp.tokens)
    word_att = word_attention(att[:n_out, :n_src], src_pieces[:n_src], out_pieces[:n_out])
    return {"source": sentence, "translation": tok.decode_tgt(hyp.tokens), "score": hyp.norm_score,
            "source_pieces": src_pieces, "output_pieces": out_pieces, "attention": att.round(5).tolist(),
            "source_words": words(src_pieces[:n_src]), "output_words": words(out_pieces[:n_out]),
            "word_attention": word_att.round(5).tolist(), "alignment": pharaoh(hard_links(word_att)),
            "diagnostics": {k: round(v, 4) for k, v in matrix_stats(att).items()}}


@torch.no_grad()
def run_attention(cfg: AttentionConfig) -> list[dict]:
    """One entry per sentence, each also written as sentenceK.json and sentenceK.png; alignments.pharaoh."""
    sentences = _sentences(cfg)
    translator = Translator.from_run(cfg.run_dir, cfg.checkpoint, cfg.device, cfg.precision, cfg.num_threads)
    out_dir = Path(cfg.out) if cfg.out else translator.run.attention_dir
    opts = SearchOptions.of(cfg, n_best=cfg.hypothesis + 1)
    ids = TokenArray.from_lists(translator.tokenizer.encode_src(sentences))  # encoded once: search and pieces
    hyps = translator.translate_ids(ids, opts, cfg.batch_tokens)
    results = []
    for k, (sentence, nbest) in enumerate(zip(sentences, hyps)):
        entry = describe(translator, sentence, ids[k], nbest[min(cfg.hypothesis, len(nbest) - 1)])
        entry["heatmap"] = str(out_dir / f"sentence{k}.png")
        att = np.asarray(entry["attention"], dtype=np.float32)
        save_png(attention_figure(att, entry["source_pieces"], entry["output_pieces"],
                                  title=entry["translation"][:90]), entry["heatmap"])
        write_text(out_dir / f"sentence{k}.json", json.dumps(entry, ensure_ascii=False, indent=1) + "\n")
        results.append(entry)
    write_text(out_dir / "alignments.pharaoh", "".join(r["alignment"] + "\n" for r in results))
    return results
