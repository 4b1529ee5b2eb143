"""The explicit training loop: batches -> loss -> AdamW, with validation, early stopping and logging.

Readable top to bottom: ``train`` prepares data, model and optimiser, loops over steps, validates every
``trainer.eval_every`` steps and when a budget runs out, then scores the test set with the best checkpoint.
"""
from __future__ import annotations

import json
import logging
import math
import signal
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

import torch
from torch.utils.tensorboard import SummaryWriter
from tqdm import tqdm

from seq2seq import checkpoint
from seq2seq.allocator import active_allocator
from seq2seq.config import Config, validate
from seq2seq.data.batching import TokenBudgetBatchSampler, make_loader
from seq2seq.data.pipeline import PreparedData, prepare_data
from seq2seq.errors import UserError
from seq2seq.model.seq2seq import Seq2Seq
from seq2seq.data.tokenizer import Tokenizer
from seq2seq.errors import CheckpointError
from seq2seq.resume import find_checkpoint, frozen_differences
from seq2seq.runtime import (autocast, configure_threads, peak_rss_mb, resolve_device, resolve_precision, rng_state,
                             seed_everything, set_rng_state)
from seq2seq.schedule import LRSchedule
from seq2seq.validation import Validator

log = logging.getLogger(__name__)


class TrainingError(UserError):
    """Training cannot go on (e.g. the loss keeps diverging); last.pt is left usable."""


@dataclass
class Progress:
    """Counters that a checkpoint must carry for training to continue where it stopped."""

    step: int = 0
    epoch: int = 0
    best_bleu: float = -1.0
    best_step: int = 0
    bad_evals: int = 0             # validations since dev BLEU last improved (early stopping)
    skipped_steps: int = 0         # non-finite steps skipped in total
    train_seconds: float = 0.0     # time spent in training steps (excludes validation)
    train_tokens: int = 0          # target pieces trained on (non-pad, EOS excluded)
    history: list = field(default_factory=list)  # (step, wall seconds, dev BLEU) per validation
    best_dev: dict = field(default_factory=dict)  # scores and signatures of the best validation


class Stopper:
    """SIGINT/SIGTERM: finish the current step, save, exit 0. A second SIGINT exits at once."""

    def __init__(self):
        self.requested = ""
        self._previous = {}
        for sig in (signal.SIGINT, signal.SIGTERM):
            try:
                self._previous[sig] = signal.signal(sig, self._handle)
            except ValueError:  # not the main thread (e.g. called from a library): no handlers
                pass

    def _handle(self, signum, frame):
        if self.requested and signum == signal.SIGINT:
            raise KeyboardInterrupt  # second Ctrl-C: leave now (checkpoint writes are atomic)
        self.requested = signal.Signals(signum).name
        print(f"\n{self.requested}: finishing this step, then saving last.pt (Ctrl-C again to quit now)",
              file=sys.stderr)

    def restore(self):
        for sig, handler in self._previous.items():
            signal.signal(sig, handler)
        self._previous = {}


def loss_fn(model: Seq2Seq, batch, label_smoothing: float) -> torch.Tensor:
    """Summed cross-entropy over the batch's non-pad targets (a float32 scalar); call under autocast."""
    return model.loss(batch.src, batch.src_len, batch.tgt_in, batch.tgt_out, label_smoothing)


def build_model(cfg: Config, data_tok) -> Seq2Seq:
    model = Seq2Seq(cfg.model, data_tok.src_vocab_size, data_tok.tgt_vocab_size, data_tok.pad_id)
    # How backward trades memory for time, not part of the architecture (free to change on resume).
    model.decoder.recompute_attention = cfg.trainer.recompute_attention
    return model


def train(cfg: Config, run_dir: Path) -> dict:
    """Train a model in ``run_dir`` and return the results written to ``results.json``."""
    validate(cfg)
    t = cfg.trainer
    run_dir = Path(run_dir)
    device = resolve_device(t.device)
    precision = resolve_precision(t.precision, device)
    configure_threads(t.num_threads, t.deterministic)
    seed_everything(t.seed)
    start_wall = time.perf_counter()

    from omegaconf import OmegaConf

    config_dict = OmegaConf.to_container(OmegaConf.structured(cfg))
    resumed = None
    if t.resume:
        path = find_checkpoint(t.resume, run_dir)
        resumed = checkpoint.load(path, map_location=device)
        diff = frozen_differences(resumed.get("config", {}), config_dict)
        if diff:
            raise CheckpointError(f"{path}: cannot resume with a changed model/data config ({'; '.join(diff)}); "
                                  "start a new run, or resume with the original values")
        log.info("resuming from %s (step %d)", path, resumed["progress"]["step"])
    src_tok = Tokenizer.from_folder(path.parent.parent) if resumed is not None else None
    data: PreparedData = prepare_data(cfg.data, cfg.tokenizer, tokenizer=src_tok)
    tok = data.tokenizer if src_tok is not None and path.parent.parent.resolve() == run_dir.resolve() \
        else data.tokenizer.copy_to(run_dir)
    model = build_model(cfg, tok).to(device)
    log.info("model: %.2fM parameters, device %s, precision %s, %d threads, %s malloc",
             model.num_parameters() / 1e6, device, precision, torch.get_num_threads(), active_allocator())
    # fused: one kernel per parameter instead of six elementwise passes (measured +8% a step on 2 CPU cores).
    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg.optim.lr, betas=tuple(cfg.optim.betas),
                                  weight_decay=cfg.optim.weight_decay, fused=True)
    schedule = LRSchedule(cfg.optim)
    scaler = torch.amp.GradScaler(device.type, enabled=precision == "fp16")
    sampler = TokenBudgetBatchSampler.for_ids(data.train, t.batch_tokens, max_sentences=t.max_sentences or None,
                                              shuffle=True, seed=t.seed)
    loader = make_loader(data.train, sampler, tok.pad_id, tok.bos_id, tok.eos_id, pin_memory=device.type == "cuda")
    log.info("batching: %d batches per epoch, padding efficiency %.3f", len(sampler), sampler.padding_efficiency())
    writer = SummaryWriter(str(run_dir / "tb"))
    validator = Validator(cfg, data, tok, device, precision, writer)
    progress = Progress()
    ckpt_dir = run_dir / "checkpoints"

    if resumed is not None:
        if (resumed["vocab"]["src"], resumed["vocab"]["tgt"]) != (tok.src_vocab_size, tok.tgt_vocab_size):
            raise CheckpointError("the checkpoint's vocabulary does not match its run's tokenizer")
        model.load_state_dict(resumed["model"])
        optimizer.load_state_dict(resumed["optimizer"])
        schedule.load_state_dict(resumed["schedule"])
        scaler.load_state_dict(resumed["scaler"])
        sampler.load_state_dict(resumed["sampler"])
        progress = Progress(**resumed["progress"])
        set_rng_state(resumed["rng"])
        del resumed

    def state_dict() -> dict:
        return {
            "config": config_dict,
            "model": model.state_dict(), "optimizer": optimizer.state_dict(), "schedule": schedule.state_dict(),
            "scaler": scaler.state_dict(), "sampler": sampler.state_dict(), "progress": asdict(progress),
            "rng": rng_state(),
            "vocab": {"src": tok.src_vocab_size, "tgt": tok.tgt_vocab_size, "pad": tok.pad_id,
                      "bos": tok.bos_id, "eos": tok.eos_id},
        }

    def run_validation() -> bool:
        """Validate, checkpoint, and say whether early stopping says stop."""
        scores = validator.run(model, progress.step)
        progress.history.append([progress.step, round(time.perf_counter() - start_wall, 1), scores["bleu"]])
        improved = scores["bleu"] > progress.best_bleu
        if improved:
            progress.best_bleu, progress.best_step, progress.bad_evals = scores["bleu"], progress.step, 0
        else:
            progress.bad_evals += 1
        if schedule.observe(scores["bleu"]):
            log.info("dev BLEU stalled: learning rate scale now %.3g", schedule.scale)
        if improved:
            progress.best_dev = validator.best_dev_extra(progress.step)
        save_last()
        if improved:
            checkpoint.link(ckpt_dir / "last.pt", ckpt_dir / "best.pt")
        if t.keep_last:
            checkpoint.link(ckpt_dir / "last.pt", ckpt_dir / f"step-{progress.step:08d}.pt")
            steps = sorted(ckpt_dir.glob("step-*.pt"))
            for old in steps[: -t.keep_last]:
                old.unlink()
        log.info("step %d: dev BLEU %.2f chrF %.2f loss %.3f%s", progress.step, scores["bleu"], scores["chrf"],
                 scores["loss"], " (best)" if improved else f" (best {progress.best_bleu:.2f} at {progress.best_step})")
        return bool(t.patience) and progress.bad_evals >= t.patience

    def save_last() -> None:
        checkpoint.save(state_dict(), ckpt_dir / "last.pt")

    stop = Stopper()
    budget_s = t.max_minutes * 60 if t.max_minutes else math.inf
    bar = tqdm(total=t.max_steps or None, disable=None, dynamic_ncols=True, desc="train")
    window_loss, window_tokens, window_time, bad_in_row = 0.0, 0, 0.0, 0
    stop_reason = ""
    model.train()
    try:
        while not stop_reason:
            sampler.set_epoch(progress.epoch)
            for batch in loader:
                step_start = time.perf_counter()
                batch = batch.to(device, non_blocking=True)
                lr = schedule.lr(progress.step + 1)
                for group in optimizer.param_groups:
                    group["lr"] = lr
                with autocast(device, precision):
                    loss = loss_fn(model, batch, cfg.optim.label_smoothing)
                scaler.scale(loss / batch.ntokens).backward()
                scaler.unscale_(optimizer)
                grad_norm = torch.nn.utils.clip_grad_norm_(model.parameters(), cfg.optim.clip_norm or math.inf)
                finite = bool(torch.isfinite(grad_norm)) and bool(torch.isfinite(loss))
                if finite or scaler.is_enabled():
                    scaler.step(optimizer)  # under fp16 the scaler itself skips non-finite steps and backs off
                scaler.update()
                optimizer.zero_grad(set_to_none=True)
                progress.step += 1
                if not finite:
                    progress.skipped_steps += 1
                    bad_in_row += 1
                    writer.add_scalar("train/skipped_steps", progress.skipped_steps, progress.step)
                    if bad_in_row >= t.max_bad_steps:
                        checkpoint.save(state_dict(), ckpt_dir / "last.pt")
                        raise TrainingError(f"{bad_in_row} non-finite steps in a row at step {progress.step}: lower "
                                            f"optim.lr or use trainer.precision=fp32; last.pt holds the last good state")
                else:
                    bad_in_row = 0
                    n_tok = int(batch.ntokens - len(batch))
                    window_loss += float(loss.detach())
                    window_tokens += n_tok
                    progress.train_tokens += n_tok
                elapsed = time.perf_counter() - step_start
                window_time += elapsed
                progress.train_seconds += elapsed
                bar.update(1)
                if progress.step % t.log_every == 0 and window_tokens:
                    token_loss = window_loss / (window_tokens + 1e-9)
                    tps = window_tokens / max(window_time, 1e-9)
                    for tag, value in (("train/loss", token_loss), ("train/ppl", math.exp(min(token_loss, 50))),
                                       ("train/lr", lr), ("train/grad_norm", float(grad_norm)),
                                       ("train/tokens_per_sec", tps)):
                        writer.add_scalar(tag, value, progress.step)
                    if scaler.is_enabled():
                        writer.add_scalar("train/loss_scale", scaler.get_scale(), progress.step)
                    left = budget_s - (time.perf_counter() - start_wall)
                    bar.set_postfix(loss=f"{token_loss:.3f}", tok_s=f"{tps:.0f}",
                                    budget_left="-" if math.isinf(left) else f"{max(0, left) / 60:.1f}m")
                    log.info("step %d epoch %d: loss %.3f lr %.2e grad-norm %.2f %.0f tok/s", progress.step,
                             progress.epoch + 1, token_loss, lr, float(grad_norm), tps)
                    window_loss, window_tokens, window_time = 0.0, 0, 0.0
                if stop.requested:
                    save_last()
                    writer.flush()
                    bar.close()
                    print(f"stopped by {stop.requested} at step {progress.step}; last.pt written. Resume with:\n"
                          f"  seq2seq-train ... hydra.run.dir={run_dir} trainer.resume=auto", file=sys.stderr)
                    writer.close()
                    return {"stop_reason": f"interrupted by {stop.requested}", "steps": progress.step}
                if t.max_steps and progress.step >= t.max_steps:
                    stop_reason = f"reached trainer.max_steps={t.max_steps}"
                elif time.perf_counter() - start_wall >= budget_s:
                    stop_reason = f"reached trainer.max_minutes={t.max_minutes}"
                if progress.step % t.eval_every == 0 or stop_reason:
                    if run_validation() and not stop_reason:
                        stop_reason = f"early stopping: no dev BLEU gain in {t.patience} validations"
                    if not stop_reason and time.perf_counter() - start_wall >= budget_s:
                        # the validation itself used up the budget: stop here, it was just validated
                        stop_reason = f"reached trainer.max_minutes={t.max_minutes}"
                    model.train()
                if stop_reason:
                    break
            else:
                progress.epoch += 1
                if t.max_epochs and progress.epoch >= t.max_epochs:
                    stop_reason = f"reached trainer.max_epochs={t.max_epochs}"
                    if progress.step % t.eval_every:
                        run_validation()
    finally:
        stop.restore()  # also when training fails: leave the caller's handlers as they were
    bar.close()
    log.info("stopped: %s", stop_reason)

    # The final test needs the best weights only: drop the optimizer's moments and map the checkpoint
    # rather than read it, so its own copy of the moments never becomes resident (peak memory).
    optimizer.state.clear()
    best = checkpoint.load(ckpt_dir / "best.pt", mmap=True)
    model.load_state_dict(best["model"])
    del best
    test = validator.test(model, beam_size=t.beam_size)
    results = {
        "stop_reason": stop_reason, "steps": progress.step, "epochs": round(progress.epoch + sampler.position / max(1, len(sampler)), 3),
        "best_step": progress.best_step, "wall_seconds": round(time.perf_counter() - start_wall, 1),
        "train_seconds": round(progress.train_seconds, 1),
        "train_tokens_per_sec": round(progress.train_tokens / max(progress.train_seconds, 1e-9), 1),
        "skipped_steps": progress.skipped_steps, "device": str(device), "precision": precision,
        "peak_rss_mb": peak_rss_mb(), "allocator": active_allocator(),
        "parameters": model.num_parameters(), "data": data.report,
        "dev": {**progress.best_dev, "bleu": progress.best_bleu},
        "test": test, "validations": progress.history,
    }
    (run_dir / "results.json").write_text(json.dumps(results, indent=2) + "\n")
    validator.write_hparams(results)
    writer.close()
    log.info("test BLEU %.2f (%s), chrF %.2f; best dev BLEU %.2f at step %d", test["bleu"], test["bleu_signature"],
             test["chrf"], progress.best_bleu, progress.best_step)
    return results
