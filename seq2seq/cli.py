"""Console entry points. The only module that imports Hydra; everything below it takes dataclasses.

One command-line style for every command: ``key=value`` options checked against the typed schema in
``config/``, ``--help`` listing them with type, default and help, and every mistake a user can make
reported as one line ``PROG: error: ...`` with exit code 2, never a traceback. Logs go to stderr;
stdout carries results only (scores, translations).
"""
from __future__ import annotations

import logging
import sys
from pathlib import Path
from typing import NoReturn

from seq2seq import resources
from seq2seq.errors import UserError

# Absolute path of configs/, in a checkout (editable install) or inside an installed wheel (resources.py).
CONFIG_DIR = resources.config_dir()

log = logging.getLogger("seq2seq")


def fail(prog: str, error: UserError | str) -> NoReturn:
    """One line on stderr and a non-zero exit; never a traceback for the user's mistakes."""
    print(f"{prog}: error: {error}", file=sys.stderr)
    sys.exit(getattr(error, "exit_code", 2))


def _print_help(text: str) -> NoReturn:
    try:
        print(text, flush=True)
    except BrokenPipeError:  # `--help | head`: the reader has what it wanted
        sys.stderr.close()
    sys.exit(0)


def _allocator(prog: str) -> None:
    """First thing in every command: re-execute on tcmalloc/jemalloc where available (allocator.py)."""
    from seq2seq.allocator import use_fast_allocator

    try:
        use_fast_allocator()
    except UserError as e:
        fail(prog, e)


def _register() -> None:
    from hydra.core.config_store import ConfigStore
    from omegaconf import OmegaConf

    from seq2seq.config import Config, DataConfig, ModelConfig, OptimConfig, TokenizerConfig, TrainerConfig

    if not OmegaConf.has_resolver(resources.DATA_RESOLVER):  # ${s2s_data:} in configs/data/*.yaml
        OmegaConf.register_new_resolver(resources.DATA_RESOLVER, lambda: str(resources.data_root()))
    cs = ConfigStore.instance()
    cs.store(name="base_config", node=Config)
    for group, node in (("data", DataConfig), ("tokenizer", TokenizerConfig), ("model", ModelConfig),
                        ("optim", OptimConfig), ("trainer", TrainerConfig)):
        cs.store(group=group, name=f"base_{group}", node=node)


def train_main() -> None:
    prog = "seq2seq-train"
    _allocator(prog)
    argv = sys.argv[1:]
    _register()
    try:
        if any(a in ("-h", "--help") for a in argv):
            _print_help(_train_usage(prog))
        first = _preflight(argv)  # every mistake in the overrides, before Hydra makes a run folder
        _refuse_multirun_under_torchrun(first)
    except UserError as e:
        fail(prog, e)
    from seq2seq.distributed import owned_world

    # The torchrun process group lives exactly as long as this block, on every way out of it (an error
    # in Hydra or in training included); a world of one makes no group.
    with owned_world(first[0].trainer.device) as world:
        sys.argv[1:] = _torchrun_overrides(argv, first, world)
        _hydra_train(prog)


def _compose(overrides: list[str], config_name: str = "config"):
    """The config Hydra will compose for these overrides (hydra node included), or a one-line error."""
    from hydra import compose, initialize_config_dir
    from hydra.errors import HydraException, MissingConfigException
    from omegaconf.errors import OmegaConfBaseException

    from seq2seq.errors import ConfigError

    try:
        with initialize_config_dir(CONFIG_DIR, version_base="1.3"):  # resources.config_dir(): always a path
            return compose(config_name, overrides=overrides, return_hydra_config=True)
    except MissingConfigException as e:
        options = [o for o in (getattr(e, "options", None) or []) if not o.startswith("base_")]
        first = str(e).splitlines()[0].replace("In 'config': ", "")
        raise ConfigError(f"{first}{'; choose one of ' + ', '.join(options) if options else ''}") from None
    except (HydraException, OmegaConfBaseException) as e:
        raise ConfigError(_one_line(e)) from None


def _one_line(e: BaseException) -> str:
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
    from hydra._internal.utils import get_args_parser
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


def _preflight(argv: list[str]) -> tuple:
    """Compose each run's config, apply the range rules and the device choice, check the output folder.

    Returns the first run's ``(config, output folder, multirun)``.
    """
    from omegaconf import OmegaConf, open_dict

    runs, multirun, config_name = _runs(argv)
    first = None
    for overrides in runs:
        dcfg = _compose(overrides, config_name)
        out = dcfg.hydra.sweep.dir if multirun else dcfg.hydra.run.dir
        with open_dict(dcfg):
            del dcfg["hydra"]
        try:
            cfg = OmegaConf.to_object(dcfg)
        except Exception as e:  # an OmegaConf error met while resolving; ConfigErrors pass through
            if isinstance(e, UserError):
                raise
            from seq2seq.errors import ConfigError

            raise ConfigError(_one_line(e)) from None
        t = cfg.trainer
        if t.precision == "fp16" or t.device == "cuda":  # the only refusals that depend on the machine
            from seq2seq.runtime import resolve_device, resolve_precision  # torch: imported only for these

            resolve_precision(t.precision, resolve_device(t.device))
        _check_creatable(Path(out), "hydra.sweep.dir" if multirun else "hydra.run.dir")
        from seq2seq.data.links import check_link_files

        check_link_files(cfg)  # guided-alignment links and the dev reference, before a run folder exists
        first = first or (cfg, out, multirun)
    return first


def _refuse_multirun_under_torchrun(first: tuple) -> None:
    """Every rank would sweep on its own and all of them would write the same run folders."""
    from seq2seq.distributed import env_world_size
    from seq2seq.errors import ConfigError

    if env_world_size() > 1 and first[2]:
        raise ConfigError("-m (multirun) under torchrun: start one torchrun per run instead")


def _torchrun_overrides(argv: list[str], first: tuple, world) -> list[str]:
    """Under torchrun: every rank trains in rank 0's run folder, and only rank 0 writes Hydra's files.

    Each rank composes the config on its own, so Hydra's timestamped folder name could differ between
    ranks by a second; rank 0 decides it and broadcasts it (``world``: distributed.World) before Hydra
    makes any folder.
    """
    if not world.enabled:
        return argv
    out = world.broadcast(str(Path(first[1]).absolute()))
    extra = [f"hydra.run.dir={out}"]
    if not world.is_main:  # no .hydra/ and no train.log from the other ranks; warnings still reach stderr
        extra += ["hydra.output_subdir=null", "hydra.job_logging.root.handlers=[console]",
                  "hydra.job_logging.root.level=WARNING"]
    return [*argv, *extra]


def _check_creatable(folder: Path, key: str) -> None:
    """Refuse an output folder that cannot be made, and leave nothing behind either way.

    The OS decides, not a guess from permission bits (root passes every access check, yet /proc, /sys,
    a read-only mount or a name over NAME_MAX refuse): the missing folders are made, a probe folder is
    made inside the deepest, then all of them are removed again, deepest first. Any OSError on the way
    is the user's one line. Under torchrun only rank 0 probes (all ranks name the same folder, and one
    rank's clean-up must not pull it from under another's probe); the rest only look.
    """
    import os
    import tempfile

    from seq2seq.errors import ConfigError

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


def _train_usage(prog: str) -> str:
    from omegaconf import OmegaConf, open_dict

    from seq2seq.args import usage
    from seq2seq.config import Config

    dcfg = _compose([])
    with open_dict(dcfg):
        del dcfg["hydra"]
    experiments = sorted(p.stem for p in Path(CONFIG_DIR).glob("experiment/*.yaml"))
    recipes = sorted(p.stem for p in Path(CONFIG_DIR).glob("recipe/*.yaml"))
    head = (f"usage: {prog} [-m] [--cfg job] [experiment=NAME] [recipe=NAME] [key=value ...]\n\n"
            "Train a model. Options are Hydra overrides; -m sweeps comma-separated values (one run each),\n"
            "--cfg job prints the composed config without training, hydra.run.dir=DIR chooses the run folder,\n"
            "--hydra-help lists Hydra's own flags."
            + (f"\nexperiments: {', '.join(experiments)}" if experiments else "")
            + (f"\nrecipes (docs/recipes.md): {', '.join(recipes)}" if recipes else ""))
    return head + "\n\n" + usage(Config, OmegaConf.to_container(dcfg, resolve=True))


def _hydra_train(prog: str) -> None:
    import hydra
    from hydra.core.hydra_config import HydraConfig
    from omegaconf import DictConfig, OmegaConf

    @hydra.main(version_base="1.3", config_path=CONFIG_DIR, config_name="config")
    def _train(dcfg: DictConfig) -> float:
        from seq2seq.training.trainer import train

        run_dir = Path(HydraConfig.get().runtime.output_dir)
        try:
            cfg = OmegaConf.to_object(dcfg)
            results = train(cfg, run_dir)
        except UserError as e:
            log.error("%s", e)
            fail(prog, e)
        except KeyboardInterrupt:
            print(f"{prog}: interrupted", file=sys.stderr)
            sys.exit(130)
        return _report_training(results, run_dir)

    _train()


def _report_training(results: dict, run_dir: Path) -> float:
    test = results["test"]
    if test is None:  # stopped by a signal: last.pt is written, nothing was scored
        return float("nan")
    print(f"test BLEU {test['bleu']:.2f}  chrF {test['chrf']:.2f}  ({test['bleu_signature']}; "
          f"{test['lines']} lines, beam {test['beam_size']})")
    if "multiref_bleu" in test:
        print(f"test BLEU with every reference {test['multiref_bleu']:.2f}  ({test['multiref_bleu_signature']})")
    print(f"run folder: {run_dir}\nlook at it: tensorboard --logdir {run_dir / 'tb'}")
    return float(results["dev"]["bleu"])  # for sweepers that optimise the return value


def _inference(prog: str, schema_name: str, body) -> None:
    """Shared shell of the inference commands: logs on stderr, parse, run, one-line errors."""
    _allocator(prog)
    logging.basicConfig(level=logging.INFO, stream=sys.stderr, format="[%(asctime)s][%(name)s] %(message)s")
    from seq2seq import config
    from seq2seq.args import parse

    try:
        body(parse(prog, getattr(config, schema_name)))
    except UserError as e:
        fail(prog, e)
    except KeyboardInterrupt:
        sys.exit(130)
    except BrokenPipeError:  # `| head` closed stdout: not an error of ours
        sys.stderr.close()
        sys.exit(0)


def eval_main() -> None:
    def body(cfg):
        from seq2seq.inference.eval_cmd import report, run_eval

        print(report(run_eval(cfg)))

    _inference("seq2seq-eval", "EvalConfig", body)


def translate_main() -> None:
    def body(cfg):
        from seq2seq.inference.translate_cmd import run_translate

        n = run_translate(cfg)
        log.info("translated %d lines", n)

    _inference("seq2seq-translate", "TranslateConfig", body)


def attention_main() -> None:
    def body(cfg):
        from seq2seq.inference.attention_cmd import run_attention

        for r in run_attention(cfg):
            d = r["diagnostics"]
            print(f"source:      {r['source']}\ntranslation: {r['translation']}\nalignment:   {r['alignment']}\n"
                  f"attention:   entropy {d['entropy']:.3f}  uncovered {d['uncovered']:.2f}  "
                  f"coverage-dev {d['coverage_dev']:.3f}  diagonality {d['diagonality']:.3f}\n"
                  f"heatmap:     {r['heatmap']}\n")

    _inference("seq2seq-attention", "AttentionConfig", body)


def average_main() -> None:
    def body(cfg):
        from seq2seq.averaging import run_average

        out, paths = run_average(cfg)
        print(f"{out}: the mean of {len(paths)} checkpoints ({', '.join(p.name for p in paths)})")

    _inference("seq2seq-average", "AverageConfig", body)


def export_main() -> None:
    def body(cfg):
        from seq2seq.export.onnx_export import export_run

        out, manifest = export_run(cfg)
        size = sum(f["bytes"] for f in manifest.files.values()) / 1e6
        print(f"{out}: {', '.join(manifest.files)} ({size:.1f} MB, step {manifest.step}; ONNX Runtime matches PyTorch "
              f"to {manifest.source['max_abs_diff']:.1e})\n"
              f"translate: seq2seq-translate export_dir={out}    serve: seq2seq-serve export_dir={out}")

    _inference("seq2seq-export", "ExportConfig", body)


def align_main() -> None:
    def body(cfg):
        from seq2seq.inference.align_cmd import run_align

        result = run_align(cfg)
        log.info("aligned %d sentence pairs", result.pairs)
        if result.scores is not None:  # beside the links on stdout it would corrupt them: stderr then
            print(f"AER against {cfg.gold}: {result.scores.line()}", file=sys.stdout if cfg.output else sys.stderr)

    _inference("seq2seq-align", "AlignConfig", body)


def serve_main() -> None:
    def body(cfg):
        from seq2seq.serve.server import serve

        serve(cfg)

    _inference("seq2seq-serve", "ServeConfig", body)


if __name__ == "__main__":
    train_main()
