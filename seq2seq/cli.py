"""Console entry points. The only module that imports Hydra; everything below it takes dataclasses."""
from __future__ import annotations

import logging
import sys
from pathlib import Path

from seq2seq.errors import UserError

ROOT = Path(__file__).resolve().parents[1]
# Absolute, computed from this file: a relative config_path breaks once installed as a console script.
CONFIG_DIR = str(ROOT / "configs")

log = logging.getLogger("seq2seq")


def fail(prog: str, error: UserError) -> None:
    """One line on stderr and a non-zero exit; never a traceback for the user's mistakes."""
    print(f"{prog}: error: {error}", file=sys.stderr)
    sys.exit(error.exit_code)


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

    if not OmegaConf.has_resolver("s2s_root"):
        OmegaConf.register_new_resolver("s2s_root", lambda: str(ROOT))
    cs = ConfigStore.instance()
    cs.store(name="base_config", node=Config)
    for group, node in (("data", DataConfig), ("tokenizer", TokenizerConfig), ("model", ModelConfig),
                        ("optim", OptimConfig), ("trainer", TrainerConfig)):
        cs.store(group=group, name=f"base_{group}", node=node)


def train_main() -> None:
    _allocator("seq2seq-train")
    import hydra
    from hydra.core.hydra_config import HydraConfig
    from omegaconf import DictConfig, OmegaConf

    _register()

    @hydra.main(version_base="1.3", config_path=CONFIG_DIR, config_name="config")
    def _train(dcfg: DictConfig) -> float:
        from seq2seq.train import train

        cfg = OmegaConf.to_object(dcfg)
        run_dir = Path(HydraConfig.get().runtime.output_dir)
        try:
            results = train(cfg, run_dir)
        except UserError as e:
            log.error("%s", e)
            fail("seq2seq-train", e)
        except KeyboardInterrupt:
            print("seq2seq-train: interrupted", file=sys.stderr)
            sys.exit(130)
        if "test" not in results:  # stopped by a signal: last.pt is written, nothing was scored
            return float("nan")
        test = results["test"]
        print(f"test BLEU {test['bleu']:.2f}  chrF {test['chrf']:.2f}  ({test['bleu_signature']})")
        if "multiref_bleu" in test:
            print(f"test BLEU with {1 + len(cfg.data.refs)} references {test['multiref_bleu']:.2f}")
        print(f"run folder: {run_dir}\nlook at it: tensorboard --logdir {run_dir / 'tb'}")
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


def eval_main() -> None:
    def body(cfg):
        from seq2seq.eval_run import report, run_eval

        print(report(run_eval(cfg)))

    _inference("seq2seq-eval", "EvalConfig", body)


def translate_main() -> None:
    def body(cfg):
        from seq2seq.translate import run_translate

        n = run_translate(cfg)
        log.info("translated %d lines", n)

    _inference("seq2seq-translate", "TranslateConfig", body)


def attention_main() -> None:
    def body(cfg):
        from seq2seq.inspect_attention import run_attention

        for r in run_attention(cfg):
            d = r["diagnostics"]
            print(f"source:      {r['source']}\ntranslation: {r['translation']}\nalignment:   {r['alignment']}\n"
                  f"attention:   entropy {d['entropy']:.3f}  uncovered {d['uncovered']:.2f}  "
                  f"coverage-dev {d['coverage_dev']:.3f}  diagonality {d['diagonality']:.3f}\n"
                  f"heatmap:     {r['heatmap']}\n")

    _inference("seq2seq-attention", "AttentionConfig", body)


if __name__ == "__main__":
    train_main()
