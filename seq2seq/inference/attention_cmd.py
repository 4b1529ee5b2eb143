"""seq2seq-attention: heatmaps, word alignments and attention diagnostics for given sentences."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import torch

from seq2seq.analysis.explain import explain
from seq2seq.analysis.heatmap import attention_figure, save_png
from seq2seq.config import AttentionConfig
from seq2seq.data.corpus import read_lines
from seq2seq.inference.translator import Translation, Translator, clean
from seq2seq.rundir import write_text
from seq2seq.search.options import SearchOptions


def describe(sentence: str, result: Translation) -> dict:
    """Translation, pieces, the soft (T, S) matrix, word links and diagnostics of one hypothesis of
    ``sentence`` (a ``Translation`` with attention)."""
    att = result.attention
    return {"source": sentence, "translation": result.text, "score": result.score,
            "source_pieces": result.source_pieces, "output_pieces": result.target_pieces,
            "attention": att.astype(np.float64).round(5).tolist(),
            **explain(att, result.source_pieces, result.target_pieces, result.finished)}


@torch.no_grad()
def run_attention(cfg: AttentionConfig) -> list[dict]:
    """One entry per sentence, each also written as sentenceK.json and sentenceK.png; alignments.pharaoh."""
    sentences = [clean(line) for line in ([cfg.text] if cfg.text else read_lines(Path(cfg.input)).lines)]
    translator = Translator.from_config(cfg)
    out_dir = Path(cfg.out) if cfg.out else translator.run.attention_dir
    opts = SearchOptions.of(cfg, n_best=cfg.hypothesis + 1)
    translations = translator.translate_encoded(translator.encode(sentences), opts, return_attention=True,
                                                batch_tokens=cfg.batch_tokens)
    results = []
    for k, (sentence, best) in enumerate(zip(sentences, translations)):
        entry = describe(sentence, best.nbest[min(cfg.hypothesis, len(best.nbest) - 1)])
        entry["heatmap"] = str(out_dir / f"sentence{k}.png")
        att = np.asarray(entry["attention"], dtype=np.float32)
        save_png(attention_figure(att, entry["source_pieces"], entry["output_pieces"],
                                  title=entry["translation"][:90]), entry["heatmap"])
        write_text(out_dir / f"sentence{k}.json", json.dumps(entry, ensure_ascii=False, indent=1) + "\n")
        results.append(entry)
    write_text(out_dir / "alignments.pharaoh", "".join(r["alignment"] + "\n" for r in results))
    return results
