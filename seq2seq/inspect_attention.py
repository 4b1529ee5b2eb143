"""seq2seq-attention: heatmaps, word alignments and attention diagnostics for given sentences."""
from __future__ import annotations

import json
from pathlib import Path

import torch

from seq2seq.alignment import hard_links, pharaoh, word_attention, words
from seq2seq.attention_stats import matrix_stats
from seq2seq.config import AttentionConfig, validate_inference
from seq2seq.data.corpus import read_lines
from seq2seq.errors import ConfigError
from seq2seq.evaluate import SearchOptions, collate_src
from seq2seq.runtime import autocast
from seq2seq.search import beam_search, greedy_search
from seq2seq.translate import clean
from seq2seq.visualize import attention_figure, close


def _sentences(cfg: AttentionConfig) -> list[str]:
    if bool(cfg.text) == bool(cfg.input):
        raise ConfigError('give exactly one of text="..." or input=FILE')
    lines = [cfg.text] if cfg.text else read_lines(Path(cfg.input)).lines
    return [clean(line) for line in lines]


@torch.no_grad()
def run_attention(cfg: AttentionConfig) -> list[dict]:
    """One entry per sentence: translation, pieces, soft matrix, word links, diagnostics, PNG path."""
    from seq2seq.inference import load_run

    validate_inference(cfg)
    sentences = _sentences(cfg)
    run = load_run(cfg)
    tok, model = run.tokenizer, run.model
    out_dir = Path(cfg.out) if cfg.out else run.run_dir / "attention"
    out_dir.mkdir(parents=True, exist_ok=True)
    opts = SearchOptions(beam_size=cfg.beam_size, alpha=cfg.alpha, n_best=cfg.hypothesis + 1,
                         max_len_a=cfg.max_len_a, max_len_b=cfg.max_len_b)
    results, links_lines = [], []
    for k, sentence in enumerate(sentences):
        ids = tok.encode_src([sentence])[0][: opts.max_src_len]
        src, src_len = collate_src([ids], tok.pad_id, tok.eos_id)
        src, src_len = src.to(run.device), src_len.to(run.device)
        with autocast(run.device, run.precision):
            if cfg.beam_size == 1:
                hyp = greedy_search(model, src, src_len, bos_id=tok.bos_id, eos_id=tok.eos_id,
                                    max_len_a=opts.max_len_a, max_len_b=opts.max_len_b)[0][0]
            else:
                hyp = beam_search(model, src, src_len, bos_id=tok.bos_id, eos_id=tok.eos_id, beam_size=opts.beam_size,
                                  alpha=opts.alpha, n_best=opts.n_best, max_len_a=opts.max_len_a,
                                  max_len_b=opts.max_len_b)[0][cfg.hypothesis]
        src_pieces = tok.src_pieces(ids) + ["</s>"]
        out_pieces = tok.tgt_pieces(hyp.tokens) + (["</s>"] if hyp.finished else [])
        att = hyp.attention.float().numpy()[: len(out_pieces), : len(src_pieces)]
        translation = tok.decode_tgt(hyp.tokens)
        png = out_dir / f"sentence{k}.png"
        fig = attention_figure(att, src_pieces, out_pieces, title=translation[:90])
        fig.savefig(png)
        close(fig)
        # Word links ignore the EOS row and column: they align words, not the end-of-sentence marker.
        n_src, n_out = len(src_pieces) - 1, len(hyp.tokens)
        word_att = word_attention(att[:n_out, :n_src], src_pieces[:n_src], out_pieces[:n_out])
        links = pharaoh(hard_links(word_att))
        links_lines.append(links)
        entry = {"source": sentence, "translation": translation, "score": hyp.norm_score,
                 "source_pieces": src_pieces, "output_pieces": out_pieces, "attention": att.round(5).tolist(),
                 "source_words": words(src_pieces[:n_src]), "output_words": words(out_pieces[:n_out]),
                 "word_attention": word_att.round(5).tolist(), "alignment": links,
                 "diagnostics": {k2: round(v, 4) for k2, v in matrix_stats(att).items()}, "heatmap": str(png)}
        (out_dir / f"sentence{k}.json").write_text(json.dumps(entry, ensure_ascii=False, indent=1) + "\n",
                                                   encoding="utf-8")
        results.append(entry)
    (out_dir / "alignments.pharaoh").write_text("".join(line + "\n" for line in links_lines))
    return results
