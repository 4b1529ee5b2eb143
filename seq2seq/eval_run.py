"""seq2seq-eval: translate a held-out set with a trained run and score it (BLEU, chrF, TER)."""
from __future__ import annotations

import json
import logging
import os
import time
from pathlib import Path

from seq2seq.config import EvalConfig, validate_inference
from seq2seq.data.batching import TokenArray
from seq2seq.data.corpus import read_lines, read_parallel
from seq2seq.errors import ConfigError, CorpusError
from seq2seq.evaluate import score, translate_ids
from seq2seq.inference import load_run

log = logging.getLogger(__name__)


def write_atomic(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def _inputs(cfg: EvalConfig, run) -> tuple[str, list[str], list[list[str]], list[str]]:
    """(name, source lines, reference streams, reference names) from src=/refs= or the run's split."""
    if cfg.src:
        src = read_lines(Path(cfg.src)).lines
        if not cfg.refs:
            raise ConfigError("src= needs refs=[FILE,...] to score against")
        refs = []
        for ref in cfg.refs:
            lines = read_lines(Path(ref)).lines
            if not any(line.strip() for line in lines):
                raise CorpusError(f"{ref}: empty reference file")
            if len(lines) != len(src):
                raise CorpusError(f"{cfg.src} has {len(src)} lines but {ref} has {len(lines)}")
            refs.append([line.strip() for line in lines])
        return Path(cfg.src).name, [s.strip() for s in src], refs, list(cfg.refs)
    if cfg.split not in ("dev", "test"):
        raise ConfigError(f"split={cfg.split!r} is not dev or test")
    d = run.data
    text = read_parallel(cfg.split, getattr(d, cfg.split), d.src, d.tgt, tuple(d.refs))
    return cfg.split, text.src, [text.tgt, *text.refs.values()], [d.tgt, *d.refs]


def run_eval(cfg: EvalConfig) -> dict:
    validate_inference(cfg)
    run = load_run(cfg)
    name, src, refs, ref_names = _inputs(cfg, run)
    tok = run.tokenizer
    start = time.perf_counter()
    hyps = translate_ids(run.model, TokenArray.from_lists(tok.encode_src(src)), pad_id=tok.pad_id,
                         bos_id=tok.bos_id, eos_id=tok.eos_id, device=run.device, precision=run.precision,
                         batch_tokens=cfg.batch_tokens, opts=run.search_options(cfg))
    seconds = time.perf_counter() - start
    text = [tok.decode_tgt(h[0].tokens) for h in hyps]
    pieces = sum(len(h[0].tokens) for h in hyps)
    single = score(text, refs[:1], ter=True)
    result = {"input": name, "lines": len(text), "beam_size": cfg.beam_size, "alpha": cfg.alpha,
              "checkpoint": cfg.checkpoint, "step": run.step, "references": ref_names[:1], **single.as_dict(),
              "seconds": round(seconds, 2), "sentences_per_sec": round(len(text) / seconds, 2),
              "pieces_per_sec": round(pieces / seconds, 1)}
    if len(refs) > 1:
        result["multiref"] = {"references": ref_names, **score(text, refs, ter=True).as_dict()}
    out = Path(cfg.out) if cfg.out else run.run_dir / "eval"
    stem = f"{name}.{cfg.checkpoint if not cfg.checkpoint.endswith('.pt') else Path(cfg.checkpoint).stem}.beam{cfg.beam_size}"
    result["hypotheses"] = str(out / f"{stem}.hyp")
    write_atomic(out / f"{stem}.hyp", "".join(t + "\n" for t in text))
    write_atomic(out / f"{stem}.json", json.dumps(result, indent=2) + "\n")
    return result


def report(result: dict) -> str:
    lines = [f"{result['input']}: {result['lines']} lines, beam {result['beam_size']}, "
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
