"""Validation during training: dev loss, greedy dev translation, BLEU/chrF, heatmaps and samples.

Everything a validation writes to TensorBoard is here (``valid/aer``: ``dev_alignment.py``), so the
training loop stays a loop.
"""
from __future__ import annotations

import math
from dataclasses import asdict, dataclass

import torch

from seq2seq.analysis.attention_stats import attention_stats
from seq2seq.analysis.heatmap import attention_figure, close
from seq2seq.analysis.scoring import score
from seq2seq.config import Config
from seq2seq.data.batching import TokenBudgetBatchSampler, make_loader
from seq2seq.data.pipeline import PreparedData, Split
from seq2seq.runtime import autocast
from seq2seq.search import SearchOptions, translate_ids
from seq2seq.training.dev_alignment import DevAlignment


@dataclass
class DevScores:
    """One validation's headline figures (signatures and attention statistics go to TensorBoard)."""

    loss: float   # per target piece, unsmoothed
    ppl: float
    bleu: float
    chrf: float


class Validator:
    def __init__(self, cfg: Config, data: PreparedData, tok, device: torch.device, precision: str, writer):
        self.cfg, self.data, self.tok = cfg, data, tok
        self.device, self.precision, self.writer = device, precision, writer
        # The first dev sentences of readable length (fixed, so heatmaps compare across steps).
        lengths, n = data.dev.ids.src.lengths(), cfg.trainer.num_heatmaps
        readable = [i for i in range(len(lengths)) if 5 <= lengths[i] <= 30][:n]
        self.heatmap_ids = readable or list(range(min(n, len(lengths))))
        self.extra: dict[int, dict] = {}  # step -> what results.json keeps if that validation is the best
        self.alignment = DevAlignment.build(cfg, data, tok, device, precision)  # None without DEV.align

    def _opts(self, beam_size: int = 1) -> SearchOptions:
        # The trainer's alpha, length_norm and coverage_beta rank beams: they matter to the beam-search test only.
        return SearchOptions.of(self.cfg.trainer, beam_size=beam_size)

    def translate(self, model, split: Split, beam_size: int = 1):
        hyps = translate_ids(model, split.ids.src, pad_id=self.tok.pad_id, bos_id=self.tok.bos_id,
                             eos_id=self.tok.eos_id, device=self.device, precision=self.precision,
                             batch_tokens=self.cfg.trainer.eval_batch_tokens, opts=self._opts(beam_size))
        return hyps, [self.tok.decode_tgt(h[0].tokens) for h in hyps]

    @torch.no_grad()
    def dev_loss(self, model) -> float:
        model.eval()
        ids = self.data.dev.ids
        # Training's budget, not the translation one: the loss holds (N, V) logits, N up to the budget.
        sampler = TokenBudgetBatchSampler.for_ids(ids, self.cfg.trainer.batch_tokens, shuffle=False)
        loader = make_loader(ids, sampler, self.tok.pad_id, self.tok.bos_id, self.tok.eos_id)
        total, tokens = 0.0, 0
        for batch in loader:
            batch = batch.to(self.device)
            with autocast(self.device, self.precision):
                # Unsmoothed: dev perplexity should be comparable across label-smoothing settings.
                total += float(model.batch_loss(batch, 0.0))
            tokens += batch.ntokens
        return total / max(tokens, 1)

    def _refs(self, split: Split) -> list[list[str]]:
        return [split.text.tgt, *split.text.refs.values()]

    def _headline(self, model, step: int, suffix: str = ""):
        """Dev loss and greedy dev BLEU/chrF, written as ``valid/{loss,ppl,bleu,chrf}{suffix}``.

        Returns the scores, the hypotheses, their text and the single-reference ``Scores``.
        """
        loss = self.dev_loss(model)
        hyps, hyp_text = self.translate(model, self.data.dev)
        single = score(hyp_text, [self.data.dev.text.tgt])
        out = DevScores(loss, math.exp(min(loss, 50)), single.bleu, single.chrf)
        for tag, value in asdict(out).items():
            self.writer.add_scalar(f"valid/{tag}{suffix}", value, step)
        return out, hyps, hyp_text, single

    def run_ema(self, model, step: int) -> DevScores:
        """The averaged weights' validation (``trainer.ema_decay``): the headline figures alone, as
        ``valid/*_ema``; the rest of a validation (heatmaps, samples, results.json) stays the raw weights'."""
        return self._headline(model, step, "_ema")[0]

    def run(self, model, step: int) -> DevScores:
        """One validation, logged to TensorBoard."""
        out, hyps, hyp_text, single = self._headline(model, step)
        loss, w = out.loss, self.writer
        extra = single.as_dict()
        if self.data.dev.text.refs:
            multi = score(hyp_text, self._refs(self.data.dev))
            w.add_scalar("valid/bleu_multiref", multi.bleu, step)
            extra.update(multi.as_dict("multiref_"))
        if self.alignment is not None:  # valid/aer: results.json keeps the best step's with its BLEU
            extra.update(self.alignment.run(model, step, w))
        stats = attention_stats([h[0].attention for h in hyps if h[0].attention.size])
        for name, value in stats.items():
            w.add_scalar(f"valid/attention_{name}", value, step)
        self.extra[step] = {**extra, "loss": round(loss, 4), "attention": stats}
        self._draw(hyps, hyp_text, step)
        w.flush()
        return out

    def _draw(self, hyps, hyp_text, step: int) -> None:
        dev = self.data.dev
        rows = ["| source | reference | hypothesis |", "|---|---|---|"]
        for k, i in enumerate(self.heatmap_ids):
            h = hyps[i][0]
            src_pieces = self.tok.src_pieces(dev.ids.src[i]) + ["</s>"]
            out_pieces = self.tok.tgt_pieces(h.tokens) + (["</s>"] if h.finished else [])
            if h.attention.size:
                att = h.attention[: len(out_pieces), : len(src_pieces)]
                fig = attention_figure(att, src_pieces, out_pieces, title=f"dev {i} step {step}")
                self.writer.add_figure(f"attention/dev_{k}", fig, step)
                close(fig)
            cells = (dev.text.src[i], dev.text.tgt[i], hyp_text[i])
            rows.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
        self.writer.add_text("samples", "\n".join(rows), step)

    def test(self, model, beam_size: int = 1) -> dict:
        hyps, hyp_text = self.translate(model, self.data.test, beam_size)
        test = self.data.test
        result = {**score(hyp_text, [test.text.tgt]).as_dict(), "beam_size": beam_size, "lines": len(hyp_text),
                  **asdict(self._opts(beam_size).scoring),  # length_norm, alpha, coverage_beta, as seq2seq-eval records
                  "limit_eval": self.cfg.data.limit_eval}  # seq2seq-eval applies the same limit
        if test.text.refs:
            result.update(score(hyp_text, self._refs(test)).as_dict("multiref_"))
        return result

    def write_hparams(self, results: dict) -> None:
        """Hyper-parameters and final scores, in this run's own event file (run_name='.')."""
        flat = {}
        for group in ("model", "optim", "trainer", "tokenizer"):
            for k, v in asdict(getattr(self.cfg, group)).items():
                if isinstance(v, (int, float, str, bool)):
                    flat[f"{group}.{k}"] = str(v) if isinstance(v, str) else v  # an Enum choice as its value
        metrics = {"hparam/dev_bleu": results["dev"]["bleu"], "hparam/test_bleu": results["test"]["bleu"],
                   "hparam/test_chrf": results["test"]["chrf"]}
        self.writer.add_hparams(flat, metrics, run_name=".")
