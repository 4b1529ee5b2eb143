"""Start-up: load the run, open the listening socket, run uvicorn until SIGINT/SIGTERM.

The socket is bound here, before uvicorn starts, so a port in use or a bad host is a one-line
``ConfigError`` (uvicorn would log it and exit 1 on its own). The start-up line names the address the
socket really got, so ``port=0`` (any free port) leaves no race between choosing a port and binding it.
"""
from __future__ import annotations

import logging
import socket

from seq2seq.config import ServeConfig
from seq2seq.errors import ConfigError
from seq2seq.inference.translator import Translator

log = logging.getLogger(__name__)


def listen(host: str, port: int) -> socket.socket:
    """A listening TCP socket on ``host:port`` (IPv4 or IPv6, as ``host`` resolves)."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                                             flags=socket.AI_PASSIVE)[0]
    except socket.gaierror as e:
        raise ConfigError(f"host={host}: not an address this machine can listen on ({e.strerror})") from None
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # a restart need not wait for TIME_WAIT
        sock.bind(address)
        sock.listen(2048)
    except OSError as e:
        sock.close()
        raise ConfigError(f"port={port}: cannot listen on {host}:{port} ({e.strerror}); "
                          "choose another port= or stop the program using it") from None
    sock.set_inheritable(True)
    return sock


def serve(cfg: ServeConfig) -> None:
    import uvicorn

    from seq2seq.serve.app import create_app

    translator = Translator.from_config(cfg)
    sock = listen(cfg.host, cfg.port)
    app = create_app(translator, cfg)
    # log_config=None: uvicorn's loggers go through ours (stderr), stdout stays empty.
    server = uvicorn.Server(uvicorn.Config(app, log_config=None, access_log=cfg.access_log, lifespan="on"))
    # The port the socket really got (port=0 asks the OS for a free one): scripts and tests read it here.
    log.info("serving %s on %s (explorer: /, API docs: /docs); micro-batch window %g ms",
             translator.run.root, url(sock), cfg.batch_window_ms)
    server.run(sockets=[sock])


def url(sock: socket.socket) -> str:
    """``http://HOST:PORT/`` of a listening socket, as bound (IPv6 hosts in brackets)."""
    host, port = sock.getsockname()[:2]
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"
