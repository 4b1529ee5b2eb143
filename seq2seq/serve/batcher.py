"""Micro-batching: requests that arrive together are decoded together, off the event loop.

A beam search over 30 sentences costs little more than over one on a CPU (the work per step is a few
matrix products whose size grows with the batch, while the Python loop over steps does not), so decoding
concurrent requests in one search multiplies throughput under load. After the first waiting request the
batcher gathers more for ``window_s`` seconds, or until ``max_tokens`` source pieces wait, then decodes
each group of requests with the same search options as one call in a single worker thread: the event
loop keeps accepting requests meanwhile, and torch's own threads parallelise each search.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Callable, Hashable, Sequence

log = logging.getLogger(__name__)

# decode(ids of every sentence of the group, the group's options key) -> one result per sentence.
Decode = Callable[[list[Sequence[int]], Hashable], list[Any]]

POLL_S = 0.001  # how often the gathering looks at the queue while it waits


@dataclass
class Job:
    ids: list[Sequence[int]]  # one source id sequence per sentence of the request
    key: Hashable  # requests with equal keys (search options) can share one search
    future: asyncio.Future = field(repr=False)

    @property
    def tokens(self) -> int:
        return sum(len(s) + 1 for s in self.ids)  # + EOS, as the model reads them


class Busy(Exception):
    """More sentences wait than the server takes on; the client should retry later (HTTP 503)."""


class MicroBatcher:
    """``await batcher.submit(ids, key)`` -> the request's results; ``start``/``stop`` in the app's lifespan.

    window_s: 0 decodes each request alone (the one-at-a-time baseline of scripts/load_test.py).
    max_waiting: sentences that may wait or be decoded at once; a request that would pass it raises
        ``Busy`` at once instead of queueing, so an overloaded server answers fast rather than letting
        every client time out (and its memory stays bounded).
    """

    def __init__(self, decode: Decode, window_s: float, max_tokens: int, max_waiting: int = 1 << 30):
        self.decode, self.window_s, self.max_tokens, self.max_waiting = decode, window_s, max_tokens, max_waiting
        self.waiting = 0  # sentences submitted and not yet answered
        self._queue: asyncio.Queue[Job] | None = None
        self._task: asyncio.Task | None = None
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="seq2seq-decode")
        self.batches = 0  # searches run, and requests decoded: their ratio is the batching achieved
        self.requests = 0

    def start(self) -> None:
        self._queue = asyncio.Queue()
        self._task = asyncio.get_running_loop().create_task(self._run(), name="micro-batcher")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        self._executor.shutdown(wait=True)

    async def submit(self, ids: list[Sequence[int]], key: Hashable) -> list[Any]:
        if self._queue is None:
            raise RuntimeError("MicroBatcher.start() was not called")
        if self.waiting + len(ids) > self.max_waiting:
            raise Busy(f"server busy: {self.waiting} sentences are waiting (limit {self.max_waiting}); "
                       "retry in a moment")
        job = Job(ids, key, asyncio.get_running_loop().create_future())
        self.waiting += len(ids)
        self._queue.put_nowait(job)
        try:
            return await job.future
        finally:
            self.waiting -= len(ids)

    async def _gather(self) -> list[Job]:
        assert self._queue is not None
        jobs = [await self._queue.get()]
        if self.window_s <= 0:
            return jobs
        loop = asyncio.get_running_loop()
        deadline, tokens = loop.time() + self.window_s, jobs[0].tokens
        while tokens < self.max_tokens:
            if self._queue.empty():
                left = deadline - loop.time()
                if left <= 0:
                    break
                await asyncio.sleep(min(POLL_S, left))
                continue
            job = self._queue.get_nowait()
            jobs.append(job)
            tokens += job.tokens
        return jobs

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            jobs = await self._gather()
            groups: dict[Hashable, list[Job]] = {}
            for job in jobs:
                if not job.future.done():  # a client that went away needs no translation
                    groups.setdefault(job.key, []).append(job)
            for key, group in groups.items():
                ids = [s for job in group for s in job.ids]
                try:
                    results = await loop.run_in_executor(self._executor, self.decode, ids, key)
                except Exception as e:  # the request fails, the server goes on
                    log.exception("decoding %d sentences failed", len(ids))
                    for job in group:
                        if not job.future.done():
                            job.future.set_exception(e)
                    continue
                self.batches += 1
                self.requests += len(group)
                start = 0
                for job in group:
                    part, start = results[start:start + len(job.ids)], start + len(job.ids)
                    if not job.future.done():
                        job.future.set_result(part)
