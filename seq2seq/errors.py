"""Errors meant for the user: the command line prints them as one line and exits non-zero."""


class UserError(Exception):
    """Bad input from the user (file, config, checkpoint); the message says what and how to fix it."""

    exit_code = 2


class CorpusError(UserError):
    """A corpus file is missing, unreadable or inconsistent."""


class ConfigError(UserError):
    """An option has a value the schema's types cannot rule out but the code cannot use."""


class CheckpointError(UserError):
    """A checkpoint or run folder is missing, truncated, or from an incompatible run."""


class TrainingError(UserError):
    """Training cannot go on (e.g. the loss keeps diverging); last.pt is left usable."""
