"""seq2seq-eval: translate a held-out set with a trained run and score it (BLEU, chrF, TER)."""
from __future__ import annotations

import time
from dataclasses import asdict
from pathlib import Path

from seq2seq.analysis.scoring import score
from seq2seq.config import EvalConfig
from seq2seq.data.corpus import read_lines, read_parallel
from seq2seq.errors import CorpusError
from seq2seq.inference.translator import Translator
from seq2seq.rundir import write_json, write_text
from seq2seq.search.options import SearchOptions


def _file_inputs(cfg: EvalConfig) -> tuple[str, list[str], list[list[str]], list[str]]:
    src = read_lines(Path(cfg.src)).lines
    refs = []
    for ref in cfg.refs:
        lines = read_lines(Path(ref)).lines
        if not any(line.strip() for line in lines):
            raise CorpusError(f"{ref}: empty reference file")
        if len(lines) != len(src):
            raise CorpusError(f"{cfg.src} has {len(src)} lines but {ref} has {len(lines)}")
        refs.append([line.strip() for line in lines])
    return Path(cfg.src).name, [s.strip() for s in src], refs, list(cfg.refs)


def _inputs(cfg: EvalConfig, translator: Translator) -> tuple[str, list[str], list[list[str]], list[str], int]:
    """(name, source lines, reference streams, reference names, the run's line limit or 0)."""
    if cfg.src:
        return (*_file_inputs(cfg), 0)
    d, split = translator.data, str(cfg.split)
    # The run's data.limit_eval applies here too, so this scores the lines results.json scored.
    text = read_parallel(split, getattr(d, split), d.src, d.tgt, tuple(d.refs), limit=d.limit_eval)
    return split, text.src, [text.tgt, *text.refs.values()], [d.tgt, *d.refs], d.limit_eval


def _scoring_tag(cfg: EvalConfig) -> str:
    """'' for the default scoring, else e.g. '.average.cov0.2': evaluations of one model under several
    length settings keep their own files side by side."""
    tag = "" if cfg.length_norm == "gnmt" and cfg.alpha == SearchOptions.alpha else (
        f".gnmt{cfg.alpha:g}" if cfg.length_norm == "gnmt" else f".{cfg.length_norm}")
    return tag + (f".cov{cfg.coverage_beta:g}" if cfg.coverage_beta else "")


def run_eval(cfg: EvalConfig) -> dict:
    translator = Translator.from_config(cfg)
    name, src, refs, ref_names, limit = _inputs(cfg, translator)
    start = time.perf_counter()
    opts = SearchOptions.of(cfg)
    hyps = translator.translate_hypotheses(src, opts, cfg.batch_tokens)
    seconds = time.perf_counter() - start
    text = [translator.tokenizer.decode_tgt(h[0].tokens) for h in hyps]
    pieces = sum(len(h[0].tokens) for h in hyps)
    result = {"input": name, "lines": len(text), "limit_eval": limit, "beam_size": cfg.beam_size,
              **asdict(opts.scoring), "checkpoint": cfg.checkpoint, "step": translator.step,
              "references": ref_names[:1], **score(text, refs[:1], ter=True).as_dict(),
              "seconds": round(seconds, 2), "sentences_per_sec": round(len(text) / seconds, 2),
              "pieces_per_sec": round(pieces / seconds, 1)}
    if cfg.ensemble:  # its own files: an ensemble's scores never overwrite run_dir's own
        result["ensemble"], result["ensemble_weights"] = [cfg.run_dir, *cfg.ensemble], list(cfg.ensemble_weights)
    if len(refs) > 1:
        result["multiref"] = {"references": ref_names, **score(text, refs, ter=True).as_dict()}
    out = Path(cfg.out) if cfg.out else translator.run.eval_dir
    ensemble = f".ensemble{1 + len(cfg.ensemble)}" if cfg.ensemble else ""
    stem = f"{name}.{Path(cfg.checkpoint).stem}{ensemble}.beam{cfg.beam_size}{_scoring_tag(cfg)}"
    result["hypotheses"] = str(out / f"{stem}.hyp")
    write_text(out / f"{stem}.hyp", "".join(t + "\n" for t in text))
    write_json(out / f"{stem}.json", result)
    return result


def report(result: dict) -> str:
    limited = f" (the first {result['limit_eval']}: the run's data.limit_eval)" if result["limit_eval"] else ""
    lines = [f"{result['input']}: {result['lines']} lines{limited}, beam {result['beam_size']}, "
             f"{result['sentences_per_sec']:.1f} sentences/s",
             f"BLEU {result['bleu']:.2f}  {result['bleu_signature']}",
             f"chrF {result['chrf']:.2f}  {result['chrf_signature']}",
             f"TER  {result['ter']:.2f}  {result['ter_signature']}"]
    if "multiref" in result:
        m = result["multiref"]
        lines.append(f"multi-reference ({', '.join(m['references'])}): BLEU {m['bleu']:.2f}  chrF {m['chrf']:.2f}  "
                     f"TER {m['ter']:.2f}  {m['bleu_signature']}")
    lines.append(f"hypotheses: {result['hypotheses']}")
    return "\n".join(lines)
