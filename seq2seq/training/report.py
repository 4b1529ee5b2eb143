"""What a training run tells: the logged window of training figures, and ``results.json`` at the end."""
from __future__ import annotations

import logging
import math
from dataclasses import dataclass

from seq2seq.allocator import active_allocator
from seq2seq.rundir import write_json
from seq2seq.runtime import peak_rss_mb
from seq2seq.training.state import Reading

log = logging.getLogger("seq2seq.training.trainer")


@dataclass
class Window:
    """The trainer's side of one logged window (the ``Meter``'s ``Reading`` is the other)."""

    step: int
    epoch: int                 # 0-based; logged 1-based
    seconds: float             # spent in training steps since the last logged window
    lr: float
    loss_scale: float | None   # fp16's gradient-scaler scale; None without fp16
    ss_prob: float | None      # scheduled sampling's probability of the model's token; None when off
    budget_left: float         # seconds of trainer.max_minutes left (inf: no limit)


def log_window(writer, bar, w: Window, r: Reading) -> None:
    """Training figures of the last ``trainer.log_every`` steps: TensorBoard, progress bar, train.log."""
    token_loss = r.window_loss / (r.window_tokens + 1e-9)
    tps = r.window_tokens / max(w.seconds, 1e-9)
    for tag, value in (("train/loss", token_loss), ("train/ppl", math.exp(min(token_loss, 50))),
                       ("train/lr", w.lr), ("train/grad_norm", r.grad_norm), ("train/tokens_per_sec", tps)):
        writer.add_scalar(tag, value, w.step)
    if w.loss_scale is not None:
        writer.add_scalar("train/loss_scale", w.loss_scale, w.step)
    if w.ss_prob is not None:
        writer.add_scalar("train/ss_prob", w.ss_prob, w.step)
    left = w.budget_left
    bar.set_postfix(loss=f"{token_loss:.3f}", tok_s=f"{tps:.0f}",
                    budget_left="-" if math.isinf(left) else f"{max(0, left) / 60:.1f}m")
    log.info("step %d epoch %d: loss %.3f lr %.2e grad-norm %.2f %.0f tok/s", w.step, w.epoch + 1, token_loss, w.lr,
             r.grad_norm, tps)


def finish(tr, reason: str, test: dict | None) -> dict:
    """Write ``results.json``: the same keys however training stopped (``test`` is null when interrupted).

    ``tr`` is the ``Trainer``, read only: the results gather figures from all of its parts.
    """
    p = tr.progress
    results = {
        "stop_reason": reason, "steps": p.step,
        "epochs": round(p.epoch + tr.sampler.position / max(1, len(tr.sampler)), 3),
        "best_step": p.best_step, "wall_seconds": round(tr.budget.elapsed(), 1),
        "train_seconds": round(p.train_seconds, 1),
        "train_tokens_per_sec": round(p.train_tokens / max(p.train_seconds, 1e-9), 1),
        "skipped_steps": p.skipped_steps, "device": str(tr.device), "precision": str(tr.precision),
        "processes": tr.world.size,
        "peak_rss_mb": peak_rss_mb(), "allocator": active_allocator(),
        "parameters": tr.model.num_parameters(), "data": tr.data.report,
        "dev": {**p.best_dev, "bleu": p.best_bleu}, "test": test, "validations": p.history,
    }
    if getattr(tr, "parent", None) is not None:  # trainer.init_from: the file this run's weights started from
        results["parent"] = tr.parent.record
    if not tr.world.is_main:  # under DDP rank 0 alone writes
        return results
    write_json(tr.run.results, results)
    if test is not None:
        tr.validator.write_hparams(results)
        log.info("test BLEU %.2f (%s), chrF %.2f; best dev BLEU %.2f at step %d", test["bleu"],
                 test["bleu_signature"], test["chrf"], p.best_bleu, p.best_step)
    tr.writer.close()
    return results
