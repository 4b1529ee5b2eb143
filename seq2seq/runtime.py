"""Where and how tensors are computed: device, precision (autocast), threads and seeds."""
from __future__ import annotations

import contextlib
import ctypes
import logging
import os
import random
import sys
from functools import lru_cache
from pathlib import Path

import numpy as np
import torch

from seq2seq.errors import ConfigError

log = logging.getLogger(__name__)

DTYPES = {"fp32": torch.float32, "bf16": torch.bfloat16, "fp16": torch.float16}


def resolve_device(name: str) -> torch.device:
    if name == "auto":
        return torch.device("cuda" if torch.cuda.is_available() else "cpu")
    if name == "cuda" and not torch.cuda.is_available():
        raise ConfigError("trainer.device=cuda but torch sees no CUDA device; use trainer.device=cpu or auto")
    return torch.device(name)


@lru_cache(maxsize=1)
def cpu_has_bf16() -> bool:
    """True where the CPU multiplies bf16 natively (AVX-512 BF16 or AMX), the case where bf16 pays."""
    try:
        flags = Path("/proc/cpuinfo").read_text()
    except OSError:
        return False
    return "avx512_bf16" in flags or "amx_bf16" in flags


def resolve_precision(name: str, device: torch.device) -> str:
    """``auto`` picks what was measured fastest (docs/performance.md): bf16 where the hardware has it.

    On this project's 2-core AVX-512 BF16 CPU bf16 autocast trains the benchmark model about 1.5-2x
    faster than fp32; on a CPU without native bf16 it is slower, so ``auto`` stays fp32 there.
    """
    if name == "auto":
        if device.type == "cuda":
            return "bf16" if torch.cuda.is_bf16_supported() else "fp16"
        return "bf16" if cpu_has_bf16() else "fp32"
    if name == "fp16" and device.type == "cpu":
        raise ConfigError("trainer.precision=fp16 is for CUDA; on CPU use bf16 or fp32")
    return name


def autocast(device: torch.device, precision: str):
    """Mixed-precision context; fp32 is a no-op so the same code path serves every precision."""
    if precision == "fp32":
        return contextlib.nullcontext()
    return torch.autocast(device_type=device.type, dtype=DTYPES[precision])


def seed_everything(seed: int) -> None:
    random.seed(seed)
    np.random.seed(seed % (2**32))
    torch.manual_seed(seed)


def rng_state() -> dict:
    """Every RNG state as plain containers and tensors (loadable with weights_only=True)."""
    version, internal, gauss = random.getstate()
    name, keys, pos, has_gauss, cached = np.random.get_state()
    state = {
        "python": [version, list(internal), gauss],
        "numpy": [name, torch.from_numpy(keys.astype(np.int64)), int(pos), int(has_gauss), float(cached)],
        "torch": torch.get_rng_state(),
    }
    if torch.cuda.is_available():
        state["cuda"] = torch.cuda.get_rng_state_all()
    return state


def set_rng_state(state: dict) -> None:
    version, internal, gauss = state["python"]
    random.setstate((version, tuple(internal), gauss))
    name, keys, pos, has_gauss, cached = state["numpy"]
    np.random.set_state((name, keys.numpy().astype(np.uint32), pos, has_gauss, cached))
    torch.set_rng_state(state["torch"])
    if "cuda" in state and torch.cuda.is_available():
        torch.cuda.set_rng_state_all(state["cuda"])


def tune_allocator() -> None:
    """Keep freed memory in glibc's heap instead of returning it to the OS after every batch.

    Batches change shape every step, so glibc's defaults unmap and re-fault hundreds of MB per step:
    measured here, a third of the CPU time went to page faults (sys time) and throughput fell as the heap
    fragmented. A fixed 32 MB mmap threshold (the maximum), a 256 MB trim threshold and 256 MB top padding
    make big tensors reuse heap pages (+15% tokens/s on the benchmark, docs/performance.md). No-op off glibc.
    """
    try:
        libc = ctypes.CDLL("libc.so.6")
    except OSError:
        return
    M_TRIM_THRESHOLD, M_TOP_PAD, M_MMAP_THRESHOLD = -1, -2, -3
    libc.mallopt(M_MMAP_THRESHOLD, 32 << 20)
    libc.mallopt(M_TRIM_THRESHOLD, 256 << 20)
    libc.mallopt(M_TOP_PAD, 256 << 20)


def bound_kernel_caches(onednn_capacity: int = 256, ideep_capacity: int = 1) -> None:
    """Bound the two caches that CPU bf16 matrix products fill with one entry per distinct shape.

    With bucketed batches every batch brings new row counts (B, B*S, B*T, N real tokens), and both
    caches default to 1024 entries that were never evicted in a training run:
    - oneDNN's cache of compiled kernels (``ONEDNN_PRIMITIVE_CACHE_CAPACITY``): 256 entries still hold
      every shape a step reuses, so the kernels are not recompiled (same speed);
    - ideep's cache of whole matmul computations around them (``LRU_CACHE_CAPACITY``), which holds
      buffers as well: measured here it made live heap grow by ~320 MB in 50 steps and pinned the
      heap so RSS kept climbing; capacity 1 keeps live heap flat at the same speed (docs/performance.md).
    Both libraries read these once, at their first use, so call this before any matrix product.
    A user's own setting of either variable wins.
    """
    os.environ.setdefault("ONEDNN_PRIMITIVE_CACHE_CAPACITY", str(onednn_capacity))
    os.environ.setdefault("LRU_CACHE_CAPACITY", str(ideep_capacity))


def peak_rss_mb() -> float | None:
    """This process's peak resident memory in MB (None where the OS does not report it)."""
    try:
        import resource
    except ImportError:  # Windows
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return round(peak / (2**20 if sys.platform == "darwin" else 1024), 1)  # bytes on macOS, KiB on Linux


def configure_threads(num_threads: int, deterministic: bool) -> None:
    bound_kernel_caches()
    tune_allocator()
    if num_threads > 0:
        torch.set_num_threads(num_threads)
    if deterministic:
        torch.use_deterministic_algorithms(True, warn_only=True)
