"""SIGINT/SIGTERM during training: finish the current step, save, exit 0. A second SIGINT exits at once."""
from __future__ import annotations

import signal
import sys


class Stopper:
    """Installs the handlers for the life of a training loop; ``requested`` names the signal received."""

    def __init__(self) -> None:
        self.requested = ""
        self._previous: dict = {}
        for sig in (signal.SIGINT, signal.SIGTERM):
            try:
                self._previous[sig] = signal.signal(sig, self._handle)
            except ValueError:  # not the main thread (e.g. called from a library): no handlers
                pass

    def _handle(self, signum, frame) -> None:
        if self.requested and signum == signal.SIGINT:
            raise KeyboardInterrupt  # second Ctrl-C: leave now (checkpoint writes are atomic)
        self.requested = signal.Signals(signum).name
        print(f"\n{self.requested}: finishing this step, then saving last.pt (Ctrl-C again to quit now)",
              file=sys.stderr)

    def restore(self) -> None:
        for sig, handler in self._previous.items():
            signal.signal(sig, handler)
        self._previous = {}
