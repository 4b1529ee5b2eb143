"""``seq2seq-train``'s pre-flight: every mistake in the overrides found before Hydra makes a run folder.

Each run the command line asks for (one per sweep value under ``-m``) is composed with Hydra's Compose
API, turned into the typed ``Config`` (whose range rules run then), checked against the machine (fp16,
CUDA) and the input files, and its output folder is probed. Errors are one line (``ConfigError``).

Hydra's public API covers composing, not reading its own command line. Two names come from elsewhere:
- ``hydra._internal.utils.get_args_parser`` (private): the parser ``hydra.main`` itself runs, so ``-m``,
  ``--config-name`` and the overrides are read exactly as the run will read them; a copy of Hydra's
  flags here would drift from the pinned hydra-core 1.3 and take a flag's value for an override.
- ``hydra.core.override_parser.overrides_parser.OverridesParser``: the plugin API that sweepers use to
  expand ``key=a,b`` into its values.
"""
from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import NamedTuple

from seq2seq import resources
from seq2seq.errors import ConfigError, UserError

# Absolute path of configs/, in a checkout (editable install) or inside an installed wheel (resources.py).
CONFIG_DIR = resources.config_dir()


class FirstRun(NamedTuple):
    """The first run of the command line: its config, its output folder, and whether ``-m`` sweeps."""

    cfg: object  # seq2seq.config.Config
    out: str
    multirun: bool


def compose(overrides: list[str], config_name: str = "config"):
    """The config Hydra will compose for these overrides (hydra node included), or a one-line error."""
    from hydra import compose as hydra_compose, initialize_config_dir
    from hydra.errors import HydraException, MissingConfigException
    from omegaconf.errors import OmegaConfBaseException

    try:
        with initialize_config_dir(CONFIG_DIR, version_base="1.3"):  # resources.config_dir(): always a path
            return hydra_compose(config_name, overrides=overrides, return_hydra_config=True)
    except MissingConfigException as e:
        options = [o for o in (getattr(e, "options", None) or []) if not o.startswith("base_")]
        first = str(e).splitlines()[0].replace("In 'config': ", "")
        raise ConfigError(f"{first}{'; choose one of ' + ', '.join(options) if options else ''}") from None
    except (HydraException, OmegaConfBaseException) as e:
        raise ConfigError(one_line(e)) from None


def one_line(e: BaseException) -> str:
    """Hydra's message and its OmegaConf cause on one line, naming the override, without class names."""
    from omegaconf.errors import ConfigAttributeError, ConfigKeyError

    cause = e.__cause__ or e
    key = getattr(cause, "full_key", "") or ""
    if isinstance(cause, (ConfigKeyError, ConfigAttributeError)) and key:
        return f"{key}: no such option; see seq2seq-train --help"
    head = str(e).splitlines()[0] if str(e) else type(e).__name__
    if head.startswith("Ambiguous value for argument"):
        return f"{head.split(chr(39))[1]}: comma-separated values sweep only with -m; a list is written [a,b]"
    if cause is e:
        return head if len(str(e).splitlines()) < 2 else f"{head} {str(e).splitlines()[-1].strip()}"
    detail = str(cause).splitlines()[0]
    override = head.replace("Error merging override ", "")
    return f"{override}: {detail}" if override != head else f"{head}: {detail}"


def _runs(argv: list[str]) -> tuple[list[list[str]], bool, str]:
    """The override lists of every run the command line asks for (one per sweep value), multirun, name."""
    from hydra._internal.utils import get_args_parser  # private: see the module's docstring
    from hydra.core.override_parser.overrides_parser import OverridesParser

    args, rest = get_args_parser().parse_known_args(argv)
    overrides = [*args.overrides, *(a for a in rest if "=" in a and not a.startswith("-"))]
    parsed = OverridesParser.create().parse_overrides(overrides)
    base = [o.input_line if not (args.multirun and o.is_sweep_override()) else
            f"{o.input_line.split('=', 1)[0]}={next(iter(o.sweep_string_iterator()))}" for o in parsed]
    runs = [base]
    for k, o in enumerate(parsed):
        if args.multirun and o.is_sweep_override():
            for value in list(o.sweep_string_iterator())[1:]:
                runs.append([*base[:k], f"{o.input_line.split('=', 1)[0]}={value}", *base[k + 1:]])
    return runs, bool(args.multirun), args.config_name or "config"


def preflight(argv: list[str]) -> FirstRun:
    """Check every run that ``argv`` asks for, as the module's docstring says; returns the first."""
    from omegaconf import OmegaConf, open_dict

    runs, multirun, config_name = _runs(argv)
    first = None
    for overrides in runs:
        dcfg = compose(overrides, config_name)
        out = dcfg.hydra.sweep.dir if multirun else dcfg.hydra.run.dir
        with open_dict(dcfg):
            del dcfg["hydra"]
        try:
            cfg = OmegaConf.to_object(dcfg)
        except UserError:
            raise
        except Exception as e:  # an OmegaConf error met while resolving
            raise ConfigError(one_line(e)) from None
        t = cfg.trainer
        if t.precision == "fp16" or t.device == "cuda":  # the only refusals that depend on the machine
            from seq2seq.runtime import resolve_device, resolve_precision  # torch: imported only for these

            resolve_precision(t.precision, resolve_device(t.device))
        check_creatable(Path(out), "hydra.sweep.dir" if multirun else "hydra.run.dir")
        from seq2seq.data.links import check_link_files

        check_link_files(cfg)  # guided-alignment links and the dev reference, before a run folder exists
        if cfg.trainer.init_from:
            _check_parent(cfg, config_name)
        first = first or FirstRun(cfg, out, multirun)
    return first


def _check_parent(cfg, config_name: str) -> None:
    """``trainer.init_from``: the parent checkpoint, and no model/tokenizer override that differs from it."""
    from omegaconf import OmegaConf, open_dict

    from seq2seq.training.init_from import preflight_check  # torch: only when fine-tuning

    defaults = compose([], config_name)
    with open_dict(defaults):
        del defaults["hydra"]
    preflight_check(cfg, OmegaConf.to_container(defaults, resolve=True, enum_to_str=True))


def check_creatable(folder: Path, key: str) -> None:
    """Refuse an output folder that cannot be made, and leave nothing behind either way.

    The OS decides, not a guess from permission bits (root passes every access check, yet /proc, /sys,
    a read-only mount or a name over NAME_MAX refuse): the missing folders are made, a probe folder is
    made inside the deepest, then all of them are removed again, deepest first. Any OSError on the way
    is the user's one line. Under torchrun only rank 0 probes (all ranks name the same folder, and one
    rank's clean-up must not pull it from under another's probe); the rest only look.
    """
    fix = f"choose a folder you can write to with {key}=DIR"
    made: list[Path] = []
    try:
        missing, existing = [], folder
        while not existing.exists() and existing != existing.parent:
            missing.append(existing)
            existing = existing.parent
        if not existing.is_dir():
            raise ConfigError(f"{key}={folder}: cannot create the run folder: {existing} is not a folder; {fix}")
        if os.environ.get("RANK", "0") != "0":
            return
        for path in reversed(missing):
            path.mkdir()
            made.append(path)
        os.rmdir(tempfile.mkdtemp(prefix=".seq2seq-probe-", dir=folder))
    except OSError as e:
        where = f" ({e.filename})" if e.filename and str(e.filename) != str(folder) else ""
        raise ConfigError(f"{key}={folder}: cannot create the run folder: {e.strerror or e}{where}; {fix}") from None
    finally:
        for path in reversed(made):
            try:
                path.rmdir()
            except OSError:
                pass
