"""The parts of a training run, built from its config: data and tokenizer, model, optimizer, batches.

Each builder takes what it needs and returns what it makes; ``Trainer`` calls them in this order
(the model's seeds and the DDP broadcast depend on it) and holds the results.
"""
from __future__ import annotations

import logging

import torch

from seq2seq.allocator import active_allocator
from seq2seq.config import Config, OptimConfig, TrainerConfig
from seq2seq.data.batching import TokenBudgetBatchSampler, make_loader
from seq2seq.data.pipeline import PreparedData, prepare_data
from seq2seq.data.subword_draws import SubwordDrawer, SubwordDrawSpec
from seq2seq.data.tokenizer import Tokenizer
from seq2seq.distributed import World, data_parallel
from seq2seq.model.seq2seq import build_model
from seq2seq.rundir import RunDir
from seq2seq.runtime import seed_everything
from seq2seq.training.schedule import LRSchedule

log = logging.getLogger("seq2seq.training.trainer")  # train.log names the trainer for these lines, as before


def prepare(cfg: Config, world: World, run: RunDir, resumed_run: RunDir | None) -> tuple[PreparedData, Tokenizer]:
    """The corpus as id arrays, and the tokenizer this run keeps in its folder.

    A resumed run keeps the exact tokenizer it was trained with, even if the cache was cleared; a
    fine-tuning run passes its parent's folder as ``resumed_run`` and gets a copy of the parent's. One
    process per machine prepares a new corpus while the others wait, then they find it cached.
    """
    tok = Tokenizer.from_run(resumed_run, cfg.tokenizer.joint) if resumed_run is not None else None
    leader = world.local_rank == 0
    if not leader:
        world.barrier()
    data = prepare_data(cfg.data, cfg.tokenizer, tokenizer=tok)
    if leader:
        world.barrier()
    same = resumed_run is not None and resumed_run.root.resolve() == run.root.resolve()
    keep = same or not world.is_main
    return data, data.tokenizer if keep else data.tokenizer.copy_to(run)


def place_model(cfg: Config, tok: Tokenizer, world: World, device: torch.device, precision: str):
    """The model on ``device``, and its DDP wrapper under torchrun (else None)."""
    model = build_model(cfg.model, tok.src_vocab_size, tok.tgt_vocab_size, tok.pad_id,
                        recompute_attention=cfg.trainer.recompute_attention).to(device)
    ddp = None
    if world.enabled:
        ddp = data_parallel(model, world, device)
        # The same weights on every rank (DDP broadcast rank 0's), different dropout masks per rank.
        seed_everything(cfg.trainer.seed + 7919 * world.rank)
    log.info("model: %.2fM parameters, device %s, precision %s, %d threads, %s malloc%s",
             model.num_parameters() / 1e6, device, precision, torch.get_num_threads(),
             active_allocator(), f", DDP over {world.size} processes" if world.enabled else "")
    return model, ddp


def optimizer_for(o: OptimConfig, model: torch.nn.Module, device: torch.device, precision: str):
    """(AdamW, learning-rate schedule, gradient scaler; the scaler is enabled for fp16 only)."""
    # fused: one kernel per parameter instead of six elementwise passes (measured +8% a step on 2 CPU
    # cores), and it can mask a non-finite step on the device (found_inf) without a host read.
    optimizer = torch.optim.AdamW(model.parameters(), lr=o.lr, betas=tuple(o.betas), weight_decay=o.weight_decay,
                                  fused=True)
    return optimizer, LRSchedule(o), torch.amp.GradScaler(device.type, enabled=precision == "fp16")


def batches(t: TrainerConfig, data: PreparedData, tok: Tokenizer, world: World, device: torch.device):
    """(token-budget batch sampler, loader, ``SubwordDrawer`` or None): this rank's share of each epoch."""
    sampler = TokenBudgetBatchSampler.for_ids(data.train, t.batch_tokens, index=data.train_index, shuffle=True,
                                              seed=t.seed, max_sentences=t.max_sentences or None,
                                              rank=world.rank, world_size=world.size)
    loader = make_loader(data.train, sampler, tok.pad_id, tok.bos_id, tok.eos_id, pin_memory=device.type == "cuda")
    log.info("batching: %d batches per epoch, padding efficiency %.3f", len(sampler), sampler.padding_efficiency())
    if not t.subword_sampling:
        return sampler, loader, None
    spec = SubwordDrawSpec(str(tok.src_model_path), str(tok.tgt_model_path), t.subword_alpha, t.subword_nbest, t.seed)
    return sampler, loader, SubwordDrawer(spec, data.train)
