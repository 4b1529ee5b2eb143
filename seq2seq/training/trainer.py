"""The training loop as a ``Trainer`` of short steps: build, resume, step, validate, checkpoint, test, fit.

``fit`` reads top to bottom. ``step`` computes one optimizer update and returns its facts as device
tensors (``StepStats``); it never logs, saves or decides to stop. The host reads those facts once per
logging interval (``Meter.read``), where it logs, counts skipped steps and applies the NaN guard.
"""
from __future__ import annotations

import contextlib
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
from seq2seq.data.links import check_link_files
from seq2seq.data.pipeline import prepare_data
from seq2seq.data.resample import EpochSampler, SamplingSpec
from seq2seq.data.tokenizer import Tokenizer
from seq2seq.distributed import World, data_parallel, init_world, owned_world
from seq2seq.errors import CheckpointError, TrainingError
from seq2seq.model.seq2seq import build_model
from seq2seq.rundir import RunDir, link
from seq2seq.runtime import (autocast, configure_threads, resolve_device, resolve_precision, rng_state, seed_everything,
                             set_rng_state)
from seq2seq.training.ema import WeightEMA, save_ema
from seq2seq.training.guided import Guide
from seq2seq.training.resume import find_checkpoint, frozen_differences
from seq2seq.training.sampling import ScheduledSampling
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
        device = resolve_device(t.device)
        self.world: World = init_world(device)  # a world of one without torchrun
        self.device = self.world.device(device)
        self.precision = resolve_precision(t.precision, self.device)
        configure_threads(t.num_threads, t.deterministic)
        seed_everything(t.seed)
        self.start_wall = time.perf_counter()
        self.config_dict = as_plain(cfg)
        resumed, resumed_run = self._load_resume()
        check_link_files(cfg)  # before the tokenizer, the caches or anything in the run folder is made
        self._setup_data(resumed_run)
        self.guide = Guide.build(cfg, self.data, self.tok, self.device, resumed)  # trainer.guided_alignment
        self.ddp = self.resampler = None
        try:  # from here on the trainer holds the DDP wrapper and a worker process: close() lets them go
            self._setup_model()
            self._setup_optimizer()
            self._setup_batches()
            # Rank 0 alone writes and validates; the other ranks only train.
            main = self.world.is_main
            self.writer = SummaryWriter(str(self.run.tensorboard)) if main else None
            self.validator = (Validator(cfg, self.data, self.tok, self.device, self.precision, self.writer)
                              if main else None)
            self.progress, self.meter, self.window_seconds = Progress(), Meter(self.device), 0.0
            if resumed is not None:
                self._restore(resumed)
            self.ema = WeightEMA.build(self.model, t.ema_decay, resumed)  # after the restore: starts from its weights
            self.sampling = ScheduledSampling(t, self.tok.pad_id)
        except BaseException:
            self.close()
            raise

    def close(self) -> None:
        """Let go of what outlives a run: the resample worker, and the DDP wrapper, whose reducer holds
        the process group (a group still held when it is destroyed lives on into interpreter shutdown).
        Idempotent; ``train`` calls it on every way out, before the group's owner destroys the group."""
        if self.resampler is not None:
            self.resampler.close()
            self.resampler = None
        self.ddp = None

    # ---- build ----

    def _load_resume(self) -> tuple[dict | None, RunDir | None]:
        if not self.cfg.trainer.resume:
            return None, None
        path = find_checkpoint(self.cfg.trainer.resume, self.run.root)
        if path is None:
            log.info("trainer.resume=auto: no checkpoint in %s yet, starting a new run", self.run.root)
            return None, None
        state = checkpoint.load(path, map_location=self.device)
        diff = frozen_differences(state.get("config", {}), self.config_dict)
        if diff:
            raise CheckpointError(f"{path}: cannot resume with a changed model/data config ({'; '.join(diff)}); "
                                  "start a new run, or resume with the original values")
        ranks = state["sampler"].get("world_size", 1)
        if ranks != self.world.size:
            raise CheckpointError(f"{path}: written by {ranks} training process(es), resumed with {self.world.size}; "
                                  f"resume with the same number (torchrun --nproc-per-node ...) or start a new run")
        log.info("resuming from %s (step %d)", path, state["progress"]["step"])
        return state, RunDir(path.parent.parent)

    def _setup_data(self, resumed_run: RunDir | None) -> None:
        # A resumed run keeps the exact tokenizer it was trained with, even if the cache was cleared.
        tok = Tokenizer.from_run(resumed_run, self.cfg.tokenizer.joint) if resumed_run is not None else None
        # One process per machine prepares a new corpus while the others wait, then they find it cached.
        leader = self.world.local_rank == 0
        if not leader:
            self.world.barrier()
        self.data = prepare_data(self.cfg.data, self.cfg.tokenizer, tokenizer=tok)
        if leader:
            self.world.barrier()
        same = resumed_run is not None and resumed_run.root.resolve() == self.run.root.resolve()
        keep = same or not self.world.is_main
        self.tok = self.data.tokenizer if keep else self.data.tokenizer.copy_to(self.run)

    def _setup_model(self) -> None:
        tok = self.tok
        self.model = build_model(self.cfg.model, tok.src_vocab_size, tok.tgt_vocab_size, tok.pad_id,
                                 recompute_attention=self.cfg.trainer.recompute_attention).to(self.device)
        self.ddp = None
        if self.world.enabled:
            self.ddp = data_parallel(self.model, self.world, self.device)
            # The same weights on every rank (DDP broadcast rank 0's), different dropout masks per rank.
            seed_everything(self.cfg.trainer.seed + 7919 * self.world.rank)
        log.info("model: %.2fM parameters, device %s, precision %s, %d threads, %s malloc%s",
                 self.model.num_parameters() / 1e6, self.device, self.precision, torch.get_num_threads(),
                 active_allocator(), f", DDP over {self.world.size} processes" if self.world.enabled else "")

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
        self.sampler = TokenBudgetBatchSampler.for_ids(self.data.train, t.batch_tokens, index=self.data.train_index,
                                                       shuffle=True, seed=t.seed, max_sentences=t.max_sentences or None,
                                                       rank=self.world.rank, world_size=self.world.size)
        self.loader = make_loader(self.data.train, self.sampler, tok.pad_id, tok.bos_id, tok.eos_id,
                                  pin_memory=self.device.type == "cuda")
        log.info("batching: %d batches per epoch, padding efficiency %.3f", len(self.sampler),
                 self.sampler.padding_efficiency())
        self.resampler = None
        if t.subword_sampling:
            spec = SamplingSpec(str(tok.src_model_path), str(tok.tgt_model_path), t.subword_alpha, t.subword_nbest,
                                t.seed)
            self.resampler = EpochSampler(spec, self.data.train)

    def _segment_epoch(self, epoch: int) -> None:
        """Subword sampling: this epoch's sampled ids for the loader, and batches sized by them."""
        ids = self.resampler.get(epoch)
        self.loader.dataset.ids = ids  # the loader's workers (if any) start from the dataset each epoch
        src, tgt = ids.src.lengths(), ids.tgt.lengths()
        if self.data.train_index is not None:
            src, tgt = src[self.data.train_index], tgt[self.data.train_index]
        self.sampler.set_lengths(src + 1, tgt + 1)

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
        # trainer.max_minutes is the run's budget, not the session's: a resumed run gets what is left of it
        self.start_wall = time.perf_counter() - self.progress.wall_seconds
        set_rng_state(state["rng_ranks"][self.world.rank] if "rng_ranks" in state else state["rng"])

    def state_dict(self) -> dict:
        """The whole training state; under DDP a collective (every rank's RNG state goes to rank 0)."""
        tok, rng = self.tok, rng_state()
        ranks = self.world.gather(rng) if self.world.enabled else None
        state = {
            "config": self.config_dict, "model": self.model.state_dict(), "optimizer": self.optimizer.state_dict(),
            "schedule": self.schedule.state_dict(), "scaler": self.scaler.state_dict(),
            "sampler": {**self.sampler.state_dict(), "world_size": self.world.size},
            "progress": {**asdict(self.progress), "wall_seconds": round(time.perf_counter() - self.start_wall, 3)},
            "rng": rng, "guided_alignment": self.guide.state(),
            "vocab": {"src": tok.src_vocab_size, "tgt": tok.tgt_vocab_size, "pad": tok.pad_id, "bos": tok.bos_id,
                      "eos": tok.eos_id},
        }
        if ranks is not None:
            state["rng_ranks"] = ranks
        if self.ema is not None:
            state["ema"] = self.ema.state_dict()
        return state

    def save_last(self) -> None:
        """``last.pt`` from rank 0; called on every rank (``state_dict`` is a collective under DDP)."""
        state = self.state_dict()
        if self.world.is_main:
            checkpoint.save(state, self.run.last)

    def checkpoint(self, improved: bool) -> None:
        """``last.pt``; ``best.pt`` and ``step-N.pt`` as hard links to it; old step checkpoints rotated."""
        run, keep = self.run, self.cfg.trainer.keep_last
        self.save_last()
        if not self.world.is_main:
            return
        if improved:
            link(run.last, run.best)
        if keep:
            link(run.last, run.step_checkpoint(self.progress.step))
            for old in run.step_checkpoints()[:-keep]:
                old.unlink()

    # ---- one step ----

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

    def _read_meter(self) -> None:
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
                log_window(self, r)
            self.guide.log_window(self.writer, p.step, r.window_tokens, self.world)
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
            p.best_dev = self.validator.best_dev_extra(p.step) if self.validator is not None else {}
        else:
            p.bad_evals += 1
        if self.schedule.observe(scores.bleu):
            log.info("dev BLEU stalled: learning rate scale now %.3g", self.schedule.scale)
        log.info("step %d: dev BLEU %.2f chrF %.2f loss %.3f%s", p.step, scores.bleu, scores.chrf, scores.loss,
                 " (best)" if improved else f" (best {p.best_bleu:.2f} at {p.best_step})")
        return improved

    def _validate_and_save(self) -> bool:
        """Validate, checkpoint; True when early stopping says stop.

        Under DDP rank 0 validates and every rank records its scores, so the ranks keep the same
        progress, learning-rate scale and early-stopping count.
        """
        self._read_meter()  # the counters a checkpoint carries must be current
        scores = self.validate() if self.world.is_main else None
        ema_improved = self.world.is_main and self.ema is not None and self.ema.validate(
            self.validator, self.writer, self.progress.step)
        self.checkpoint(self._record(self.world.broadcast(scores)))
        if ema_improved:  # after checkpoint(): the EMA's best rides in last.pt's state too
            save_ema(self)
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

    def _agreed(self, signal: str, reason: str) -> tuple[str, str]:
        """(signal, reason) that every rank acts on: a signal or a budget on any rank stops them all."""
        if not self.world.enabled:
            return signal, reason
        code = self.world.max_int(2 if signal else 1 if reason else 0)
        if code == 2:
            return signal or "a signal to another training process", ""
        if code == 1 and not reason:  # max_steps is reached together; only the clock can differ
            reason = f"reached trainer.max_minutes={self.cfg.trainer.max_minutes}"
        return "", reason if code == 1 else ""

    # ---- the loop ----

    def fit(self) -> dict:
        """Train until a budget, patience or a signal stops it; then test the best checkpoint."""
        stop, main = Stopper(), self.world.is_main
        self.bar = tqdm(total=self.cfg.trainer.max_steps or None, disable=None if main else True, dynamic_ncols=True,
                        desc="train")
        self.model.train()
        self.interrupted = False
        try:
            reason = self._epochs(stop)
        finally:
            stop.restore()  # also when training fails: leave the caller's handlers as they were
            if self.resampler is not None:  # not needed for the test: its worker goes now
                self.resampler.close()
                self.resampler = None
            self.bar.close()
        log.info("stopped: %s", reason)
        return finish(self, reason, None if self.interrupted or not main else self.test())

    def _groups(self):
        """This epoch's batches in groups of ``trainer.accum_steps`` (the last group may be shorter)."""
        group, size = [], self.cfg.trainer.accum_steps
        for batch in self.loader:
            group.append(batch)
            if len(group) == size:
                yield group
                group = []
        if group:
            yield group

    def _epochs(self, stop: Stopper) -> str:
        t, p = self.cfg.trainer, self.progress
        while True:
            self.sampler.set_epoch(p.epoch)
            if self.resampler is not None:
                self._segment_epoch(p.epoch)
            for batches in self._groups():
                started = time.perf_counter()
                self.meter.add(self.step(batches))
                p.step += 1
                elapsed = time.perf_counter() - started
                self.window_seconds += elapsed
                p.train_seconds += elapsed
                self.bar.update(1)
                if p.step % t.log_every == 0 or p.step % t.max_bad_steps == 0:
                    self._read_meter()
                signal, reason = self._agreed(stop.requested, self.stop_reason())
                if signal:
                    return self._interrupted(signal)
                if p.step % t.eval_every == 0 or reason:
                    if self._validate_and_save() and not reason:
                        reason = f"early stopping: no dev BLEU gain in {t.patience} validations"
                    # the validation itself may have used up the budget: stop here, it was just validated
                    reason = reason or self._agreed("", self.stop_reason())[1]
                if reason:
                    return reason
            p.epoch += 1
            if t.max_epochs and p.epoch >= t.max_epochs:
                if p.step % t.eval_every:
                    self._validate_and_save()
                return f"reached trainer.max_epochs={t.max_epochs}"

    def _interrupted(self, signal_name: str) -> str:
        self._read_meter()
        self.save_last()
        self.interrupted = True
        if self.world.is_main:
            launcher = "torchrun ... $(command -v seq2seq-train)" if self.world.enabled else "seq2seq-train"
            print(f"stopped by {signal_name} at step {self.progress.step}; last.pt written. Resume with:\n"
                  f"  {launcher} ... hydra.run.dir={self.run.root} trainer.resume=auto", file=sys.stderr)
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
