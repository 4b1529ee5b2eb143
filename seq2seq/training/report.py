"""What a training run tells: the logged window of training figures, and ``results.json`` at the end."""
from __future__ import annotations

import logging
import math
import time

from seq2seq.allocator import active_allocator
from seq2seq.rundir import write_json
from seq2seq.runtime import peak_rss_mb
from seq2seq.training.state import Reading

log = logging.getLogger("seq2seq.training.trainer")


def log_window(tr, r: Reading) -> None:
    """``tr`` is the ``Trainer`` (these only read its state). Training figures of the last ``trainer.log_every`` steps: TensorBoard, progress bar, train.log."""
    p = tr.progress
    token_loss = r.window_loss / (r.window_tokens + 1e-9)
    tps = r.window_tokens / max(tr.window_seconds, 1e-9)
    lr = tr.schedule.lr(p.step)
    for tag, value in (("train/loss", token_loss), ("train/ppl", math.exp(min(token_loss, 50))),
                       ("train/lr", lr), ("train/grad_norm", r.grad_norm), ("train/tokens_per_sec", tps)):
        tr.writer.add_scalar(tag, value, p.step)
    if tr.scaler.is_enabled():
        tr.writer.add_scalar("train/loss_scale", tr.scaler.get_scale(), p.step)
    if tr.sampling.enabled:
        tr.writer.add_scalar("train/ss_prob", tr.sampling.model_prob(p.step), p.step)
    left = tr.budget_seconds() - (time.perf_counter() - tr.start_wall)
    tr.bar.set_postfix(loss=f"{token_loss:.3f}", tok_s=f"{tps:.0f}",
                       budget_left="-" if math.isinf(left) else f"{max(0, left) / 60:.1f}m")
    log.info("step %d epoch %d: loss %.3f lr %.2e grad-norm %.2f %.0f tok/s", p.step, p.epoch + 1, token_loss, lr,
             r.grad_norm, tps)


def finish(tr, reason: str, test: dict | None) -> dict:
    """Write ``results.json``: the same keys however training stopped (``test`` is null when interrupted)."""
    p = tr.progress
    results = {
        "stop_reason": reason, "steps": p.step,
        "epochs": round(p.epoch + tr.sampler.position / max(1, len(tr.sampler)), 3),
        "best_step": p.best_step, "wall_seconds": round(time.perf_counter() - tr.start_wall, 1),
        "train_seconds": round(p.train_seconds, 1),
        "train_tokens_per_sec": round(p.train_tokens / max(p.train_seconds, 1e-9), 1),
        "skipped_steps": p.skipped_steps, "device": str(tr.device), "precision": str(tr.precision),
        "processes": tr.world.size,
        "peak_rss_mb": peak_rss_mb(), "allocator": active_allocator(),
        "parameters": tr.model.num_parameters(), "data": tr.data.report,
        "dev": {**p.best_dev, "bleu": p.best_bleu}, "test": test, "validations": p.history,
    }
    if not tr.world.is_main:  # under DDP rank 0 alone writes
        return results
    write_json(tr.run.results, results)
    if test is not None:
        tr.validator.write_hparams(results)
        log.info("test BLEU %.2f (%s), chrF %.2f; best dev BLEU %.2f at step %d", test["bleu"],
                 test["bleu_signature"], test["chrf"], p.best_bleu, p.best_step)
    tr.writer.close()
    return results
