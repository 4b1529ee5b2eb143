"""What training carries from step to step: the resumable counters and the device-side step figures."""
from __future__ import annotations

from dataclasses import dataclass, field

import torch


@dataclass
class Progress:
    """Counters that a checkpoint must carry for training to continue where it stopped."""

    step: int = 0
    epoch: int = 0
    best_bleu: float = -1.0
    best_step: int = 0
    bad_evals: int = 0             # validations since dev BLEU last improved (early stopping)
    skipped_steps: int = 0         # non-finite steps skipped in total
    train_seconds: float = 0.0     # time spent in training steps (excludes validation)
    wall_seconds: float = 0.0      # wall-clock time of the run at the checkpoint, earlier sessions included
    train_tokens: int = 0          # target pieces trained on (non-pad, EOS excluded)
    history: list = field(default_factory=list)  # (step, wall seconds, dev BLEU) per validation
    best_dev: dict = field(default_factory=dict)  # scores and signatures of the best validation


@dataclass
class StepStats:
    """The facts of one optimizer step, left on the device: reading them would stall a GPU every step.

    loss: () float32, cross-entropy summed over the batch's target pieces (EOS included).
    tokens: target pieces without EOS (a host int: known when the batch was collated).
    grad_norm: () norm of the gradient before clipping.
    finite: () bool, False when the loss or the gradient was not finite (the update was masked).
    """

    loss: torch.Tensor
    tokens: int
    grad_norm: torch.Tensor
    finite: torch.Tensor


@dataclass
class Reading:
    """What one host read of the ``Meter`` returns."""

    window_loss: float      # summed loss of the finite steps since the last logged window
    window_tokens: int      # their target pieces
    tokens: int             # target pieces of the finite steps since the last read
    skipped: int            # non-finite steps since the last read
    bad_in_row: int         # non-finite steps in a row up to now
    grad_norm: float        # of the latest step


class Meter:
    """Sums ``StepStats`` on the device; ``read`` is the one host synchronisation, once per interval.

    Losses are summed in float64 in step order, as the host would sum them, so the logged averages do
    not depend on where the reads fall.
    """

    def __init__(self, device: torch.device):
        self.window = torch.zeros(2, dtype=torch.float64, device=device)   # loss, tokens since last log
        self.counts = torch.zeros(2, dtype=torch.float64, device=device)   # tokens, skipped since last read
        self.bad = torch.zeros(1, dtype=torch.float64, device=device)      # non-finite steps in a row
        self.grad_norm = torch.zeros(1, dtype=torch.float64, device=device)
        self.reads = 0

    def add(self, stats: StepStats) -> None:
        ok = stats.finite.to(torch.float64)
        loss = torch.where(stats.finite, stats.loss.to(torch.float64), 0.0)
        tokens = ok * stats.tokens
        self.window += torch.stack((loss, tokens))
        self.counts += torch.stack((tokens, 1.0 - ok))
        self.bad.add_(1.0).mul_(1.0 - ok)
        self.grad_norm.copy_(stats.grad_norm.detach().view(1))

    def read(self, sum_over_ranks=None) -> Reading:
        """``sum_over_ranks``: an in-place all-reduce (DDP), so the loss and token counts are the job's.

        Skips, bad steps and the gradient norm are the same on every rank and are not summed.
        """
        summed = torch.cat((self.window, self.counts[:1]))
        if sum_over_ranks is not None:
            sum_over_ranks(summed)
        values = torch.cat((summed, self.counts[1:], self.bad, self.grad_norm)).tolist()
        self.counts.zero_()
        self.reads += 1
        w_loss, w_tok, tokens, skipped, bad, norm = values
        return Reading(w_loss, int(w_tok), int(tokens), int(skipped), int(bad), norm)

    def reset_window(self) -> None:
        self.window.zero_()
