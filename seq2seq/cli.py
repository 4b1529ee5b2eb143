"""Console entry points. With ``preflight.py``, the only code that imports Hydra; everything below takes
dataclasses.

One command-line style for every command: ``key=value`` options checked against the typed schema in
``config/``, ``--help`` listing them with type, default and help, and every mistake a user can make
reported as one line ``PROG: error: ...`` with exit code 2, never a traceback. Logs go to stderr;
stdout carries results only (scores, translations; their text is ``summaries.py``).
"""
from __future__ import annotations

import functools
import logging
import sys
from pathlib import Path
from typing import NoReturn

from seq2seq import resources, summaries
from seq2seq.errors import UserError
from seq2seq.preflight import CONFIG_DIR, compose, preflight

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
        first = preflight(argv)  # every mistake in the overrides, before Hydra makes a run folder
        from seq2seq.distributed import refuse_multirun  # torch: imported once the overrides are known good

        refuse_multirun(first.multirun)
    except UserError as e:
        fail(prog, e)
    from seq2seq.distributed import owned_world, rank_overrides

    # The torchrun process group lives exactly as long as this block, on every way out of it (an error
    # in Hydra or in training included); a world of one makes no group.
    with owned_world(first.cfg.trainer.device) as world:
        sys.argv[1:] = rank_overrides(argv, first.out, world)
        _hydra_train(prog)


def _train_usage(prog: str) -> str:
    from omegaconf import OmegaConf, open_dict

    from seq2seq.args import usage
    from seq2seq.config import Config

    dcfg = compose([])
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
        text = summaries.training(results, run_dir)
        if text is None:  # stopped by a signal: last.pt is written, nothing was scored
            return float("nan")
        print(text)
        return float(results["dev"]["bleu"])  # for sweepers that optimise the return value

    _train()


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


def _command(prog: str, schema_name: str):
    """Makes ``body(cfg)`` an entry point run by ``_inference``; ``body`` imports what it runs, so a
    command loads only its own modules."""
    return lambda body: functools.wraps(body)(lambda: _inference(prog, schema_name, body))


@_command("seq2seq-eval", "EvalConfig")
def eval_main(cfg) -> None:
    from seq2seq.inference.eval_cmd import report, run_eval

    print(report(run_eval(cfg)))


@_command("seq2seq-translate", "TranslateConfig")
def translate_main(cfg) -> None:
    from seq2seq.inference.translate_cmd import run_translate

    log.info("translated %d lines", run_translate(cfg))


@_command("seq2seq-attention", "AttentionConfig")
def attention_main(cfg) -> None:
    from seq2seq.inference.attention_cmd import run_attention

    for r in run_attention(cfg):
        print(summaries.attention(r))


@_command("seq2seq-average", "AverageConfig")
def average_main(cfg) -> None:
    from seq2seq.averaging import run_average

    print(summaries.average(*run_average(cfg)))


@_command("seq2seq-export", "ExportConfig")
def export_main(cfg) -> None:
    from seq2seq.export.onnx_export import export_run

    print(summaries.export(*export_run(cfg)))


@_command("seq2seq-align", "AlignConfig")
def align_main(cfg) -> None:
    from seq2seq.inference.align_cmd import run_align

    result = run_align(cfg)
    log.info("aligned %d sentence pairs", result.pairs)
    if result.scores is not None:  # beside the links on stdout it would corrupt them: stderr then
        print(f"AER against {cfg.gold}: {result.scores.line()}", file=sys.stdout if cfg.output else sys.stderr)


@_command("seq2seq-serve", "ServeConfig")
def serve_main(cfg) -> None:
    from seq2seq.serve.server import serve

    serve(cfg)


if __name__ == "__main__":
    train_main()
