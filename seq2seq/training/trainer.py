"""``Trainer``, one training run: build, resume, step, checkpoint, validate, test; ``fit`` runs them.

The parts are built in ``setup.py`` and ``resume.py``; the epoch loop and its stop rules are ``loop.py``.
``step`` computes one optimizer update and returns its facts as device tensors (``StepStats``); it never
logs, saves or decides to stop. The host reads those facts once per logging interval (``read_meter``),
where it logs, counts skipped steps and applies the NaN guard.
"""
from __future__ import annotations

import contextlib
import logging
import math
import time
from dataclasses import asdict
from pathlib import Path

import torch
from torch.utils.tensorboard import SummaryWriter
from tqdm import tqdm

from seq2seq import checkpoint
from seq2seq.config import Config, as_plain, check
from seq2seq.data.links import check_link_files
from seq2seq.distributed import World, init_world, owned_world
from seq2seq.errors import CheckpointError, TrainingError
from seq2seq.rundir import RunDir
from seq2seq.runtime import (autocast, configure_threads, resolve_device, resolve_precision, rng_state, seed_everything,
                             set_rng_state)
from seq2seq.training import loop, setup
from seq2seq.training.ema import WeightEMA
from seq2seq.training.guided import Guide
from seq2seq.training.init_from import Parent
from seq2seq.training.report import Window, finish, log_window
from seq2seq.training.resume import load_resume
from seq2seq.training.scheduled_sampling import ScheduledSampling
from seq2seq.training.state import Meter, Progress, StepStats
from seq2seq.training.validation import Validator

log = logging.getLogger(__name__)


class Trainer:
    """One training run in one run folder; ``fit()`` trains, validates, tests and returns the results."""

    def __init__(self, cfg: Config, run_dir: Path | str):
        check(cfg)  # a config built in code skips the checks that composing it from YAML runs
        self.cfg, self.run = cfg, RunDir(run_dir)
        t = cfg.trainer
        device = resolve_device(t.device)
        self.world: World = init_world(device)  # a world of one without torchrun
        self.device = self.world.device(device)
        self.precision = resolve_precision(t.precision, self.device)
        configure_threads(t.num_threads, t.deterministic)
        seed_everything(t.seed)
        self.budget = loop.Budget(t.max_steps, t.max_minutes)
        self.parent = Parent.load(cfg, self.device)  # trainer.init_from: its model and tokenizer config are this run's
        self.cfg = cfg = self.parent.adopt(cfg) if self.parent else cfg
        self.config_dict = as_plain(cfg)
        resumed, resumed_run = load_resume(t.resume, self.run, self.device, self.config_dict, self.world.size)
        check_link_files(cfg)  # before the tokenizer, the caches or anything in the run folder is made
        self.data, self.tok = setup.prepare(cfg, self.world, self.run, resumed_run or (self.parent and self.parent.run))
        self.guide = Guide.build(cfg, self.data, self.tok, self.device, resumed)  # trainer.guided_alignment
        self.ddp = self.subword_drawer = None
        try:  # from here on the trainer holds the DDP wrapper and a worker process: close() lets them go
            self.model, self.ddp = setup.place_model(cfg, self.tok, self.world, self.device, self.precision)
            self.optimizer, self.schedule, self.scaler = setup.optimizer_for(cfg.optim, self.model, self.device,
                                                                             self.precision)
            self.sampler, self.loader, self.subword_drawer = setup.batches(t, self.data, self.tok, self.world,
                                                                            self.device)
            # Rank 0 alone writes and validates; the other ranks only train.
            main = self.world.is_main
            self.writer = SummaryWriter(str(self.run.tensorboard)) if main else None
            self.validator = (Validator(cfg, self.data, self.tok, self.device, self.precision, self.writer)
                              if main else None)
            self.progress, self.meter, self.window_seconds = Progress(), Meter(self.device), 0.0
            if resumed is not None:
                self._restore(resumed)
            elif self.parent is not None:
                self.parent.start(self)
            self.ema = WeightEMA.build(self.model, t.ema_decay, resumed)  # after the restore: starts from its weights
            self.sampling = ScheduledSampling(t, self.tok.pad_id)
        except BaseException:
            self.close()
            raise

    def close(self) -> None:
        """Let go of what outlives a run: the subword-draw worker, and the DDP wrapper, whose reducer holds
        the process group (a group still held when it is destroyed lives on into interpreter shutdown).
        Idempotent; ``train`` calls it on every way out, before the group's owner destroys the group."""
        if self.subword_drawer is not None:
            self.subword_drawer.close()
        self.ddp = None

    def _restore(self, state: dict) -> None:
        if (state["vocab"]["src"], state["vocab"]["tgt"]) != (self.tok.src_vocab_size, self.tok.tgt_vocab_size):
            raise CheckpointError("the checkpoint's vocabulary does not match its run's tokenizer")
        self.model.load_state_dict(state["model"])
        self.optimizer.load_state_dict(state["optimizer"])
        self.schedule.load_state_dict(state["schedule"])
        self.scaler.load_state_dict(state["scaler"])
        self.sampler.load_state_dict(state["sampler"])
        self.progress = Progress(**state["progress"])
        self.budget.resume_at(self.progress.wall_seconds)  # trainer.max_minutes: what is left of the run's
        set_rng_state(state["rng_ranks"][self.world.rank] if "rng_ranks" in state else state["rng"])

    # ---- checkpoints ----

    def state_dict(self) -> dict:
        """The whole training state; under DDP a collective (every rank's RNG state goes to rank 0)."""
        rng, world = rng_state(), self.world
        parts = {"optimizer": self.optimizer.state_dict(), "schedule": self.schedule.state_dict(),
                 "scaler": self.scaler.state_dict(), "sampler": {**self.sampler.state_dict(), "world_size": world.size},
                 "progress": {**asdict(self.progress), "wall_seconds": round(self.budget.elapsed(), 3)},
                 "rng": rng, "guided_alignment": self.guide.state()}
        if world.enabled:
            parts["rng_ranks"] = world.gather(rng)
        if self.ema is not None:
            parts["ema"] = self.ema.state_dict()
        return checkpoint.contents(self.config_dict, checkpoint.vocab(self.tok), self.model.state_dict(), **parts)

    def save_last(self) -> None:
        """``last.pt`` from rank 0; called on every rank (``state_dict`` is a collective under DDP)."""
        state = self.state_dict()
        if self.world.is_main:
            checkpoint.save(state, self.run.last)

    # ---- one step and the loop ----

    def step(self, batches) -> StepStats:
        """One optimizer update on a batch, or on the gradients of several (``trainer.accum_steps``).

        The loss is normalised by the target pieces of all the batches on all ranks, so the update is
        the one a single process would make on their union (DDP averages over ranks: hence ``* size``).
        Under DDP only the last batch's backward all-reduces. No host synchronisation (see ``Meter``).
        """
        batches = [batches] if not isinstance(batches, (list, tuple)) else batches
        guides = [g if g is None else g.to(self.device, non_blocking=True) for g in self.guide.targets(batches)]
        batches = [b.to(self.device, non_blocking=True) for b in batches]
        for group in self.optimizer.param_groups:
            group["lr"] = self.schedule.lr(self.progress.step + 1)
        world, ls = self.world, self.cfg.optim.label_smoothing
        total = sum(b.ntokens for b in batches)
        if world.enabled:  # a host-side collective (gloo), so no GPU synchronisation
            total = world.sum_(torch.tensor([float(total)], dtype=torch.float64)).item() / world.size
        loss_sum = None
        for k, batch in enumerate(batches):
            last = k == len(batches) - 1
            if self.sampling.enabled:
                batch = self.sampling.apply(self.model, batch, self.progress.step + 1)
            with self.ddp.no_sync() if self.ddp is not None and not last else contextlib.nullcontext():
                with autocast(self.device, self.precision):
                    if self.ddp is not None:
                        loss = self.ddp(batch.src, batch.src_len, batch.tgt_in, batch.tgt_out, ls, guides[k])
                    else:
                        loss = self.model.batch_loss(batch, ls, guides[k])
                loss, objective = self.guide.objective(loss)  # objective: + weight * guided-alignment loss
                self.scaler.scale(objective / total).backward()
            loss_sum = loss.detach() if loss_sum is None else loss_sum + loss.detach()
        self.scaler.unscale_(self.optimizer)
        grad_norm = torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.cfg.optim.clip_norm or math.inf)
        # Under DDP a non-finite loss on any rank reaches every rank's gradient through the all-reduce:
        # judging by the gradient alone keeps the ranks' decisions (and weights) identical.
        finite = torch.isfinite(grad_norm) if world.enabled else torch.isfinite(grad_norm) & torch.isfinite(loss_sum)
        if self.scaler.is_enabled():
            self.scaler.step(self.optimizer)  # fp16: the scaler skips non-finite steps itself and backs off
        else:
            self.optimizer.found_inf = (~finite).float()  # fused AdamW skips the update when it is 1
            self.optimizer.step()
            del self.optimizer.found_inf
        self.scaler.update()
        self.optimizer.zero_grad(set_to_none=True)
        if self.ema is not None:
            self.ema.update(self.model)
        return StepStats(loss_sum, sum(b.ntokens - len(b) for b in batches), grad_norm.detach(), finite)

    def read_meter(self) -> None:
        """The host's one read of the step figures: counters, the NaN guard, and the log at log steps."""
        t, p, main = self.cfg.trainer, self.progress, self.world.is_main
        r = self.meter.read(self.world.sum_ if self.world.enabled else None)
        p.train_tokens += r.tokens
        if r.skipped:
            p.skipped_steps += r.skipped
            if main:
                self.writer.add_scalar("train/skipped_steps", p.skipped_steps, p.step)
        if r.bad_in_row >= t.max_bad_steps:  # the same on every rank: their gradients are the same
            self.save_last()
            raise TrainingError(f"{r.bad_in_row} non-finite steps in a row at step {p.step}: lower optim.lr or use "
                                "trainer.precision=fp32; last.pt holds the last good state")
        if p.step % t.log_every == 0 and r.window_tokens:
            if main:
                log_window(self.writer, self.bar, self._window(), r)
            self.guide.log_window(self.writer, p.step, r.window_tokens, self.world)
            self.meter.reset_window()
            self.window_seconds = 0.0

    def _window(self) -> Window:
        step, sampling = self.progress.step, self.sampling
        return Window(step, self.progress.epoch, self.window_seconds, self.schedule.lr(step),
                      self.scaler.get_scale() if self.scaler.is_enabled() else None,
                      sampling.model_prob(step) if sampling.enabled else None, self.budget.left())

    def fit(self) -> dict:
        """Train until a budget, patience or a signal stops it (``loop.epochs``); then test the best checkpoint."""
        stop, main = loop.Stopper(), self.world.is_main
        self.bar = tqdm(total=self.cfg.trainer.max_steps or None, disable=None if main else True, dynamic_ncols=True,
                        desc="train")
        self.model.train()
        try:
            reason, interrupted = loop.epochs(self, stop)
        finally:
            stop.restore()  # also when training fails: leave the caller's handlers as they were
            if self.subword_drawer is not None:  # not needed for the test: its worker goes now
                self.subword_drawer.close()
            self.bar.close()
        log.info("stopped: %s", reason)
        return finish(self, reason, None if interrupted or not main else self.test())

    def start_epoch(self, epoch: int) -> None:
        self.sampler.set_epoch(epoch)
        if self.subword_drawer is not None:
            self._segment_epoch(epoch)

    def _segment_epoch(self, epoch: int) -> None:
        """Subword sampling: this epoch's drawn segmentation for the loader, and batches sized by it."""
        ids = self.subword_drawer.get(epoch)
        self.loader.dataset.ids = ids  # the loader's workers (if any) start from the dataset each epoch
        src, tgt = ids.src.lengths(), ids.tgt.lengths()
        if self.data.train_index is not None:
            src, tgt = src[self.data.train_index], tgt[self.data.train_index]
        self.sampler.set_lengths(src + 1, tgt + 1)

    def run_step(self, batches) -> None:
        """``step`` and its bookkeeping: the meter, the counters, the clock, the bar, the host's reads."""
        t, p = self.cfg.trainer, self.progress
        started = time.perf_counter()
        self.meter.add(self.step(batches))
        p.step += 1
        elapsed = time.perf_counter() - started
        self.window_seconds += elapsed
        p.train_seconds += elapsed
        self.bar.update(1)
        if p.step % t.log_every == 0 or p.step % t.max_bad_steps == 0:
            self.read_meter()

    # ---- validation and test ----

    def validate_and_save(self) -> bool:
        """Validate, checkpoint; True when early stopping says stop.

        Under DDP rank 0 validates and every rank records its scores, so the ranks keep the same
        progress, learning-rate scale and early-stopping count.
        """
        self.read_meter()  # the counters a checkpoint carries must be current
        p, v, main = self.progress, self.validator, self.world.is_main
        scores = v.run(self.model, p.step) if main else None
        ema_improved = main and self.ema is not None and self.ema.validate(v, p.step)
        improved = loop.record(p, self.world.broadcast(scores), self.budget.elapsed(),
                               lambda: v.extra.get(p.step, {}) if v else {}, self.schedule)
        self.save_last()  # every rank takes part (a collective under DDP); rank 0 then links and rotates
        if main:
            checkpoint.keep(self.run, p.step, improved, self.cfg.trainer.keep_last)
        if ema_improved:  # after checkpoint(): the EMA's best rides in last.pt's state too
            checkpoint.save(self.ema.contents(self.config_dict, checkpoint.vocab(self.tok)), self.run.checkpoint("ema"))
        self.model.train()
        patience = self.cfg.trainer.patience
        return bool(patience) and self.progress.bad_evals >= patience

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
    """Train in ``run_dir`` and return the results written to ``results.json`` (on every rank).

    Under torchrun the process group belongs to whoever made it: ``seq2seq-train`` makes it before Hydra
    runs and destroys it after this returns; a caller that made none gets one for the length of this call.
    """
    with owned_world(cfg.trainer.device):
        trainer = Trainer(cfg, run_dir)
        try:
            return trainer.fit()
        finally:
            trainer.close()  # before the group is destroyed: the DDP wrapper holds it
