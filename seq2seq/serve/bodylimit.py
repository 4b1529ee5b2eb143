"""Refuse a request body over a size limit without storing it (plain ASGI middleware).

A declared ``Content-Length`` over the limit gets 413 and ``Connection: close``. Most clients (Python's
http.client, requests) write the whole body before they read the answer, and closing a socket with
unread bytes makes the kernel send a reset that destroys the answer in flight. So the body is read and
thrown away first (memory stays one chunk), up to ``DRAIN_BYTES`` within ``DRAIN_SECONDS``; past either
the answer goes out at once. A client that sent ``Expect: 100-continue`` has sent no body yet and is
answered at once. A chunked body (size unknown) is read only until it passes the limit. An accepted body
is buffered (it is under the limit) and replayed to the app.
"""
from __future__ import annotations

import asyncio
import contextlib
import json

DRAIN_BYTES = 64 << 20  # an oversized body read and discarded so its sender can read the 413
DRAIN_SECONDS = 10.0


class BodyLimit:
    def __init__(self, app, max_bytes: int):
        self.app, self.max_bytes = app, max_bytes

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD", "OPTIONS"):
            return await self.app(scope, receive, send)
        headers = dict(scope["headers"])
        declared = headers.get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.max_bytes:
            if headers.get(b"expect", b"").lower() != b"100-continue" and int(declared) <= DRAIN_BYTES:
                await _drain(receive)
            return await self._refuse(send, f"request body of {int(declared)} bytes is over the limit of "
                                             f"{self.max_bytes}")
        chunks, size = [], 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_bytes:
                return await self._refuse(send, f"request body is over the limit of {self.max_bytes} bytes")
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body, replayed = b"".join(chunks), False

        async def replay():
            nonlocal replayed
            if replayed:  # after the body, the app may wait for a disconnect
                return await receive()
            replayed = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)

    @staticmethod
    async def _refuse(send, message: str) -> None:
        payload = json.dumps({"error": message}).encode()
        # Connection: close, since the rest of the body may not have been read.
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(payload)).encode()),
                                (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": payload})


async def _drain(receive) -> None:
    """Read the request body and keep none of it, for at most ``DRAIN_SECONDS``."""

    async def discard():
        while True:
            message = await receive()
            if message["type"] == "http.disconnect" or not message.get("more_body", False):
                return

    with contextlib.suppress(asyncio.TimeoutError):
        await asyncio.wait_for(discard(), DRAIN_SECONDS)
