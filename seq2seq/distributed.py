"""torchrun's world: the process group, the collectives the ranks decide with, DDP wrapping.

``torchrun`` tells each process its place through the environment (``RANK``, ``WORLD_SIZE``, ``LOCAL_RANK``,
``MASTER_ADDR``/``MASTER_PORT``); a plain ``seq2seq-train`` sees none of them and is a world of one, where
everything here is a no-op. Rank 0 alone writes; every rank trains, and the ranks agree on when to stop,
so none waits forever in an all-reduce the others have left. Backends: gloo for CPU tensors, NCCL for
CUDA tensors, so the small host-side collectives work under either device. ``seq2seq-train`` owns the
world for its whole life (``owned_world``); its torchrun rules (no sweeps, one run folder for all ranks)
live here with it.
"""
from __future__ import annotations

import contextlib
import datetime
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import torch
import torch.distributed as dist

from seq2seq.errors import ConfigError

# Validation and the first corpus preparation run on rank 0 while the others wait in a collective:
# the timeout must outlast them (a big corpus prepares for minutes), yet still end a real hang.
TIMEOUT = datetime.timedelta(hours=2)


def _env_int(name: str, default: int) -> int:
    try:
        return int(os.environ.get(name, str(default)))
    except ValueError:
        return default


def env_world_size() -> int:
    """How many ranks torchrun started (1 without torchrun); read before anything is initialised."""
    return max(1, _env_int("WORLD_SIZE", 1))


@dataclass(frozen=True)
class World:
    """This process's place among the ranks; ``World()`` is a single process."""

    rank: int = 0
    size: int = 1
    local_rank: int = 0

    @property
    def enabled(self) -> bool:
        return self.size > 1

    @property
    def is_main(self) -> bool:
        return self.rank == 0

    def device(self, device: torch.device) -> torch.device:
        """One GPU per rank on a node: CUDA device ``LOCAL_RANK``; CPU ranks share the CPU."""
        if device.type == "cuda" and self.enabled:
            return torch.device("cuda", self.local_rank)
        return device

    # ---- collectives (no-ops in a world of one) ----

    def barrier(self) -> None:
        if self.enabled:
            dist.barrier()

    def broadcast(self, obj):
        """Rank 0's ``obj`` on every rank (a picklable Python object)."""
        if not self.enabled:
            return obj
        box = [obj]
        dist.broadcast_object_list(box, src=0)
        return box[0]

    def gather(self, obj) -> list:
        """Every rank's ``obj``, in rank order, on rank 0 (other ranks get ``[]``)."""
        if not self.enabled:
            return [obj]
        out = [None] * self.size if self.is_main else None
        dist.gather_object(obj, out, dst=0)
        return out or []

    def max_int(self, value: int) -> int:
        """The largest ``value`` over the ranks: how the ranks agree to stop (any rank's reason wins)."""
        if not self.enabled:
            return value
        t = torch.tensor([value], dtype=torch.int64)
        dist.all_reduce(t, op=dist.ReduceOp.MAX)
        return int(t.item())

    def sum_(self, tensor: torch.Tensor) -> torch.Tensor:
        """Sum ``tensor`` over the ranks in place (any device the backend serves) and return it."""
        if self.enabled:
            dist.all_reduce(tensor, op=dist.ReduceOp.SUM)
        return tensor


def init_world(device: torch.device) -> World:
    """Join the process group torchrun set up (once per process); a world of one without torchrun."""
    size = env_world_size()
    if size == 1:
        return World()
    rank, local_rank = _env_int("RANK", 0), int(os.environ.get("LOCAL_RANK", "0"))
    if not dist.is_initialized():
        kwargs = {}
        if device.type == "cuda":
            torch.cuda.set_device(local_rank)
            kwargs["device_id"] = torch.device("cuda", local_rank)
        backend = "cpu:gloo,cuda:nccl" if device.type == "cuda" else "gloo"
        dist.init_process_group(backend=backend, timeout=TIMEOUT, **kwargs)
    return World(rank=rank, size=size, local_rank=local_rank)


@contextlib.contextmanager
def owned_world(device: str | torch.device) -> Iterator[World]:
    """The process group's one owner: joins it on entry, destroys it on every way out.

    Only the ``with`` that created the group destroys it (a nested one, the CLI's then ``train``'s, is a
    no-op). On a normal exit the ranks first meet in a barrier: rank 0 may still be testing, and a rank
    that destroyed its group then would tear down gloo connections its peer still uses. On an exception
    (``SystemExit`` included) there is no barrier, since the other ranks may be anywhere; the group is
    destroyed all the same, and a waiting peer gets an error instead of a hang. Whatever holds the group
    (a DDP reducer) must be dropped before the ``with`` ends, or gloo's threads are torn down during
    interpreter shutdown, which can abort the process.
    """
    if env_world_size() == 1:  # no torchrun: nothing to own, and no need to look at the device
        yield World()
        return
    from seq2seq.runtime import resolve_device

    created = not dist.is_initialized()
    world = init_world(resolve_device(device) if isinstance(device, str) else device)
    try:
        yield world
        if created:
            world.barrier()
    finally:
        if created and dist.is_initialized():
            dist.destroy_process_group()


def refuse_multirun(multirun: bool) -> None:
    """``-m`` under torchrun: every rank would sweep on its own and all of them would write the same run
    folders. Refused before the group is made (a ConfigError, one line)."""
    if env_world_size() > 1 and multirun:
        raise ConfigError("-m (multirun) under torchrun: start one torchrun per run instead")


def rank_overrides(argv: list[str], out: str, world: World) -> list[str]:
    """Under torchrun: every rank trains in rank 0's run folder, and only rank 0 writes Hydra's files.

    Each rank composes the config on its own, so Hydra's timestamped folder name (``out``, this rank's)
    could differ between ranks by a second; rank 0 decides it and broadcasts it before Hydra makes any
    folder. ``argv`` unchanged in a world of one.
    """
    if not world.enabled:
        return argv
    shared = world.broadcast(str(Path(out).absolute()))
    extra = [f"hydra.run.dir={shared}"]
    if not world.is_main:  # no .hydra/ and no train.log from the other ranks; warnings still reach stderr
        extra += ["hydra.output_subdir=null", "hydra.job_logging.root.handlers=[console]",
                  "hydra.job_logging.root.level=WARNING"]
    return [*argv, *extra]


class _Loss(torch.nn.Module):
    """DDP synchronises gradients through ``forward``; the training loss is ``Seq2Seq.loss``, so route to it.

    Inputs as in ``Seq2Seq.loss``: src (B, S), src_len (B,), tgt_in and tgt_out (B, T).
    """

    def __init__(self, model: torch.nn.Module):
        super().__init__()
        self.model = model

    def forward(self, src, src_len, tgt_in, tgt_out, label_smoothing: float, guide=None):
        return self.model.loss(src, src_len, tgt_in, tgt_out, label_smoothing, guide)


def data_parallel(model: torch.nn.Module, world: World, device: torch.device):
    """The DDP wrapper of ``model``'s loss (call it as ``ddp(src, src_len, tgt_in, tgt_out, ls[, guide])``).

    ``model`` keeps its own parameters, so checkpoints and search use it unwrapped. Construction
    broadcasts rank 0's weights, so every rank starts from the same model whatever its seed.
    """
    from torch.nn.parallel import DistributedDataParallel

    ids = [device.index] if device.type == "cuda" else None
    return DistributedDataParallel(_Loss(model), device_ids=ids, gradient_as_bucket_view=True)
