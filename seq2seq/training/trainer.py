"""The training loop as a ``Trainer`` of short steps: build, resume, step, validate, checkpoint, test, fit.

``fit`` reads top to bottom. ``step`` computes one optimizer update and returns its facts as device
tensors (``StepStats``); it never logs, saves or decides to stop. The host reads those facts once per
logging interval (``Meter.read``), where it logs, counts skipped steps and applies the NaN guard.
"""
from __future__ import annotations

import logging
import math
import sys
import time
from dataclasses import asdict
from pathlib import Path

import torch
from torch.utils.tensorboard import SummaryWriter
from tqdm import tqdm

from seq2seq import checkpoint
from seq2seq.allocator import active_allocator
from seq2seq.config import Config, as_plain, check
from seq2seq.data.batching import TokenBudgetBatchSampler, make_loader
from seq2seq.data.pipeline import prepare_data
from seq2seq.data.tokenizer import Tokenizer
from seq2seq.errors import CheckpointError, TrainingError
from seq2seq.model.seq2seq import build_model
from seq2seq.rundir import RunDir, link
from seq2seq.runtime import (autocast, configure_threads, resolve_device, resolve_precision, rng_state, seed_everything,
                             set_rng_state)
from seq2seq.training.resume import find_checkpoint, frozen_differences
from seq2seq.training.schedule import LRSchedule
from seq2seq.training.signals import Stopper
from seq2seq.training.report import finish, log_window
from seq2seq.training.state import Meter, Progress, StepStats
from seq2seq.training.validation import DevScores, Validator

log = logging.getLogger(__name__)


class Trainer:
    """One training run in one run folder; ``fit()`` trains, validates, tests and returns the results."""

    def __init__(self, cfg: Config, run_dir: Path | str):
        check(cfg)  # a config built in code skips the checks that composing it from YAML runs
        self.cfg, self.run = cfg, RunDir(run_dir)
        t = cfg.trainer
        self.device = resolve_device(t.device)
        self.precision = resolve_precision(t.precision, self.device)
        configure_threads(t.num_threads, t.deterministic)
        seed_everything(t.seed)
        self.start_wall = time.perf_counter()
        self.config_dict = as_plain(cfg)
        resumed, resumed_run = self._load_resume()
        self._setup_data(resumed_run)
        self._setup_model()
        self._setup_optimizer()
        self._setup_batches()
        self.writer = SummaryWriter(str(self.run.tensorboard))
        self.validator = Validator(cfg, self.data, self.tok, self.device, self.precision, self.writer)
        self.progress, self.meter, self.window_seconds = Progress(), Meter(self.device), 0.0
        if resumed is not None:
            self._restore(resumed)

    # ---- build ----

    def _load_resume(self) -> tuple[dict | None, RunDir | None]:
        if not self.cfg.trainer.resume:
            return None, None
        path = find_checkpoint(self.cfg.trainer.resume, self.run.root)
        state = checkpoint.load(path, map_location=self.device)
        diff = frozen_differences(state.get("config", {}), self.config_dict)
        if diff:
            raise CheckpointError(f"{path}: cannot resume with a changed model/data config ({'; '.join(diff)}); "
                                  "start a new run, or resume with the original values")
        log.info("resuming from %s (step %d)", path, state["progress"]["step"])
        return state, RunDir(path.parent.parent)

    def _setup_data(self, resumed_run: RunDir | None) -> None:
        # A resumed run keeps the exact tokenizer it was trained with, even if the cache was cleared.
        tok = Tokenizer.from_run(resumed_run, self.cfg.tokenizer.joint) if resumed_run is not None else None
        self.data = prepare_data(self.cfg.data, self.cfg.tokenizer, tokenizer=tok)
        same = resumed_run is not None and resumed_run.root.resolve() == self.run.root.resolve()
        self.tok = self.data.tokenizer if same else self.data.tokenizer.copy_to(self.run)

    def _setup_model(self) -> None:
        tok = self.tok
        self.model = build_model(self.cfg.model, tok.src_vocab_size, tok.tgt_vocab_size, tok.pad_id,
                                 recompute_attention=self.cfg.trainer.recompute_attention).to(self.device)
        log.info("model: %.2fM parameters, device %s, precision %s, %d threads, %s malloc",
                 self.model.num_parameters() / 1e6, self.device, self.precision, torch.get_num_threads(),
                 active_allocator())

    def _setup_optimizer(self) -> None:
        o = self.cfg.optim
        # fused: one kernel per parameter instead of six elementwise passes (measured +8% a step on 2 CPU
        # cores), and it can mask a non-finite step on the device (found_inf) without a host read.
        self.optimizer = torch.optim.AdamW(self.model.parameters(), lr=o.lr, betas=tuple(o.betas),
                                           weight_decay=o.weight_decay, fused=True)
        self.schedule = LRSchedule(o)
        self.scaler = torch.amp.GradScaler(self.device.type, enabled=self.precision == "fp16")

    def _setup_batches(self) -> None:
        t, tok = self.cfg.trainer, self.tok
        self.sampler = TokenBudgetBatchSampler.for_ids(self.data.train, t.batch_tokens, shuffle=True, seed=t.seed,
                                                       max_sentences=t.max_sentences or None)
        self.loader = make_loader(self.data.train, self.sampler, tok.pad_id, tok.bos_id, tok.eos_id,
                                  pin_memory=self.device.type == "cuda")
        log.info("batching: %d batches per epoch, padding efficiency %.3f", len(self.sampler),
                 self.sampler.padding_efficiency())

    # ---- resume and checkpoint ----

    def _restore(self, state: dict) -> None:
        if (state["vocab"]["src"], state["vocab"]["tgt"]) != (self.tok.src_vocab_size, self.tok.tgt_vocab_size):
            raise CheckpointError("the checkpoint's vocabulary does not match its run's tokenizer")
        self.model.load_state_dict(state["model"])
        self.optimizer.load_state_dict(state["optimizer"])
        self.schedule.load_state_dict(state["schedule"])
        self.scaler.load_state_dict(state["scaler"])
        self.sampler.load_state_dict(state["sampler"])
        self.progress = Progress(**state["progress"])
        set_rng_state(state["rng"])

    def state_dict(self) -> dict:
        tok = self.tok
        return {
            "config": self.config_dict, "model": self.model.state_dict(), "optimizer": self.optimizer.state_dict(),
            "schedule": self.schedule.state_dict(), "scaler": self.scaler.state_dict(),
            "sampler": self.sampler.state_dict(), "progress": asdict(self.progress), "rng": rng_state(),
            "vocab": {"src": tok.src_vocab_size, "tgt": tok.tgt_vocab_size, "pad": tok.pad_id, "bos": tok.bos_id,
                      "eos": tok.eos_id},
        }

    def checkpoint(self, improved: bool) -> None:
        """``last.pt``; ``best.pt`` and ``step-N.pt`` as hard links to it; old step checkpoints rotated."""
        run, keep = self.run, self.cfg.trainer.keep_last
        checkpoint.save(self.state_dict(), run.last)
        if improved:
            link(run.last, run.best)
        if keep:
            link(run.last, run.step_checkpoint(self.progress.step))
            for old in run.step_checkpoints()[:-keep]:
                old.unlink()

    # ---- one step ----

    def step(self, batch) -> StepStats:
        """One optimizer update on ``batch``; no host synchronisation (see ``Meter``)."""
        batch = batch.to(self.device, non_blocking=True)
        for group in self.optimizer.param_groups:
            group["lr"] = self.schedule.lr(self.progress.step + 1)
        with autocast(self.device, self.precision):
            loss = self.model.batch_loss(batch, self.cfg.optim.label_smoothing)
        self.scaler.scale(loss / batch.ntokens).backward()
        self.scaler.unscale_(self.optimizer)
        grad_norm = torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.cfg.optim.clip_norm or math.inf)
        finite = torch.isfinite(grad_norm) & torch.isfinite(loss)
        if self.scaler.is_enabled():
            self.scaler.step(self.optimizer)  # fp16: the scaler skips non-finite steps itself and backs off
        else:
            self.optimizer.found_inf = (~finite).float()  # fused AdamW skips the update when it is 1
            self.optimizer.step()
            del self.optimizer.found_inf
        self.scaler.update()
        self.optimizer.zero_grad(set_to_none=True)
        return StepStats(loss.detach(), batch.ntokens - len(batch), grad_norm.detach(), finite)

    def _read_meter(self) -> None:
        """The host's one read of the step figures: counters, the NaN guard, and the log at log steps."""
        t, p = self.cfg.trainer, self.progress
        r = self.meter.read()
        p.train_tokens += r.tokens
        if r.skipped:
            p.skipped_steps += r.skipped
            self.writer.add_scalar("train/skipped_steps", p.skipped_steps, p.step)
        if r.bad_in_row >= t.max_bad_steps:
            checkpoint.save(self.state_dict(), self.run.last)
            raise TrainingError(f"{r.bad_in_row} non-finite steps in a row at step {p.step}: lower optim.lr or use "
                                "trainer.precision=fp32; last.pt holds the last good state")
        if p.step % t.log_every == 0 and r.window_tokens:
            log_window(self, r)
            self.meter.reset_window()
            self.window_seconds = 0.0

    # ---- validation and stopping ----

    def validate(self) -> DevScores:
        return self.validator.run(self.model, self.progress.step)

    def _record(self, scores: DevScores) -> bool:
        """Bookkeeping of one validation: history, best, patience, plateau. Returns whether it improved."""
        p = self.progress
        p.history.append([p.step, round(time.perf_counter() - self.start_wall, 1), scores.bleu])
        improved = scores.bleu > p.best_bleu
        if improved:
            p.best_bleu, p.best_step, p.bad_evals = scores.bleu, p.step, 0
            p.best_dev = self.validator.best_dev_extra(p.step)
        else:
            p.bad_evals += 1
        if self.schedule.observe(scores.bleu):
            log.info("dev BLEU stalled: learning rate scale now %.3g", self.schedule.scale)
        log.info("step %d: dev BLEU %.2f chrF %.2f loss %.3f%s", p.step, scores.bleu, scores.chrf, scores.loss,
                 " (best)" if improved else f" (best {p.best_bleu:.2f} at {p.best_step})")
        return improved

    def _validate_and_save(self) -> bool:
        """Validate, checkpoint; True when early stopping says stop."""
        self._read_meter()  # the counters a checkpoint carries must be current
        self.checkpoint(self._record(self.validate()))
        self.model.train()
        patience = self.cfg.trainer.patience
        return bool(patience) and self.progress.bad_evals >= patience

    def budget_seconds(self) -> float:
        return self.cfg.trainer.max_minutes * 60 or math.inf

    def stop_reason(self) -> str:
        """Why training should stop after this step ('' = go on): a step or wall-clock budget."""
        t = self.cfg.trainer
        if t.max_steps and self.progress.step >= t.max_steps:
            return f"reached trainer.max_steps={t.max_steps}"
        if time.perf_counter() - self.start_wall >= self.budget_seconds():
            return f"reached trainer.max_minutes={t.max_minutes}"
        return ""

    # ---- the loop ----

    def fit(self) -> dict:
        """Train until a budget, patience or a signal stops it; then test the best checkpoint."""
        stop = Stopper()
        self.bar = tqdm(total=self.cfg.trainer.max_steps or None, disable=None, dynamic_ncols=True, desc="train")
        self.model.train()
        try:
            reason = self._epochs(stop)
        finally:
            stop.restore()  # also when training fails: leave the caller's handlers as they were
            self.bar.close()
        log.info("stopped: %s", reason)
        return finish(self, reason, None if stop.requested else self.test())

    def _epochs(self, stop: Stopper) -> str:
        t, p = self.cfg.trainer, self.progress
        while True:
            self.sampler.set_epoch(p.epoch)
            for batch in self.loader:
                started = time.perf_counter()
                self.meter.add(self.step(batch))
                p.step += 1
                elapsed = time.perf_counter() - started
                self.window_seconds += elapsed
                p.train_seconds += elapsed
                self.bar.update(1)
                if p.step % t.log_every == 0 or p.step % t.max_bad_steps == 0:
                    self._read_meter()
                if stop.requested:
                    return self._interrupted(stop.requested)
                reason = self.stop_reason()
                if p.step % t.eval_every == 0 or reason:
                    if self._validate_and_save() and not reason:
                        reason = f"early stopping: no dev BLEU gain in {t.patience} validations"
                    # the validation itself may have used up the budget: stop here, it was just validated
                    reason = reason or self.stop_reason()
                if reason:
                    return reason
            p.epoch += 1
            if t.max_epochs and p.epoch >= t.max_epochs:
                if p.step % t.eval_every:
                    self._validate_and_save()
                return f"reached trainer.max_epochs={t.max_epochs}"

    def _interrupted(self, signal_name: str) -> str:
        self._read_meter()
        checkpoint.save(self.state_dict(), self.run.last)
        print(f"stopped by {signal_name} at step {self.progress.step}; last.pt written. Resume with:\n"
              f"  seq2seq-train ... hydra.run.dir={self.run.root} trainer.resume=auto", file=sys.stderr)
        return f"interrupted by {signal_name}"

    # ---- test and results ----

    def test(self) -> dict:
        """Score the test set with the best checkpoint's weights."""
        # Drop the optimizer's moments and map the checkpoint rather than read it, so its own copy of the
        # moments never becomes resident (peak memory).
        self.optimizer.state.clear()
        best = checkpoint.load(self.run.best, mmap=True)
        self.model.load_state_dict(best["model"])
        del best
        return self.validator.test(self.model, beam_size=self.cfg.trainer.beam_size)

def train(cfg: Config, run_dir: Path | str) -> dict:
    """Train in ``run_dir`` and return the results written to ``results.json``."""
    return Trainer(cfg, run_dir).fit()
