"""seq2seq-export quantize=int8: dynamic int8 graphs, their manifest, their check and their decoding,
against the session's real trained smoke run and its float32 export."""
import json
from pathlib import Path

import numpy as np
import pytest

from conftest import real_lines, run_cli

pytest.importorskip("onnxruntime")
pytest.importorskip("onnxscript")

TOLERANCE = 0.1  # ExportConfig.int8_tolerance's default: the documented bound on a step's score change


@pytest.fixture(scope="module")
def exports(smoke_run, tmp_path_factory, cache_env) -> dict[str, Path]:
    """{"fp32": folder, "int8": folder}, each written by the command; the int8 run's stderr under "stderr"."""
    root = tmp_path_factory.mktemp("int8")
    found = {}
    for kind in ("fp32", "int8"):
        extra = ["quantize=int8"] if kind == "int8" else []
        proc = run_cli("seq2seq-export", f"run_dir={smoke_run}", f"out={root / kind}", *extra, env=cache_env)
        assert proc.returncode == 0, proc.stderr[-3000:]
        found[kind], found[f"{kind}_stdout"], found[f"{kind}_stderr"] = root / kind, proc.stdout, proc.stderr
    return found


def node_types(path: Path) -> list[str]:
    import onnx

    return [node.op_type for node in onnx.load(str(path)).graph.node]


@pytest.mark.slow
def test_int8_manifest_records_the_quantisation_and_its_check(exports):
    manifest = json.loads((exports["int8"] / "manifest.json").read_text())
    q = manifest["quantization"]
    assert manifest["source"]["precision"] == "int8" and q["type"] == "int8"
    assert q["matmul_integer_nodes"] == {name: node_types(exports["int8"] / name).count("MatMulInteger")
                                         for name in ("encoder.onnx", "decoder_step.onnx")}
    check = q["check"]
    assert 0 < check["max_score_diff"] < TOLERANCE
    assert set(check["equal_translations"]) == {"greedy", "beam5"} and check["sentences"] == 32
    assert all(0.0 <= share <= 1.0 for share in check["equal_translations"].values())
    assert "int8: scores within" in exports["int8_stdout"]
    # the quantiser's root-logger notes (products left float32, pre-processing advice) are held back
    assert "Traceback" not in exports["int8_stderr"] and "Ignore MatMul" not in exports["int8_stderr"]
    assert "pre-processing" not in exports["int8_stderr"]
    fp32 = json.loads((exports["fp32"] / "manifest.json").read_text())
    assert fp32["quantization"] == {} and fp32["source"]["precision"] == "fp32"


@pytest.mark.slow
def test_int8_graphs_hold_integer_products_and_a_float_gru(exports):
    """Every product with a constant weight of 16 or more output columns (the linear layers, Gemm in the
    float32 graph included) is an integer product; the attention's energy vector (one column) and its
    product with the encoder states stay float; the GRU is untouched."""
    import onnx
    from onnx import helper

    def columns(node, dims) -> int:  # output columns of the product, from the float32 graph's own layout
        trans_b = any(a.name == "transB" and helper.get_attribute_value(a) for a in node.attribute)
        return dims[0] if node.op_type == "Gemm" and trans_b else dims[-1]

    step = node_types(exports["int8"] / "decoder_step.onnx")
    fp32_step = onnx.load(str(exports["fp32"] / "decoder_step.onnx")).graph
    weights = {t.name: list(t.dims) for t in fp32_step.initializer}
    widths = [columns(n, weights[n.input[1]]) for n in fp32_step.node
              if n.op_type in ("MatMul", "Gemm") and n.input[1] in weights]
    wide, narrow = sum(w >= 16 for w in widths), [w for w in widths if w < 16]
    assert wide >= 5 and step.count("MatMulInteger") == wide and narrow == [1]  # the energy vector v
    assert step.count("DynamicQuantizeLinear") == wide and "Gemm" not in step
    int8_step = onnx.load(str(exports["int8"] / "decoder_step.onnx")).graph
    int8_weights = {t.name: list(t.dims) for t in int8_step.initializer}
    float_products = [n for n in int8_step.node if n.op_type == "MatMul"]
    constant = [int8_weights[n.input[1]] for n in float_products if n.input[1] in int8_weights]
    assert len(float_products) >= 2 and len(constant) == 1 and constant[0][-1] == 1  # v; attention over values
    encoder = node_types(exports["int8"] / "encoder.onnx")
    assert "GRU" in encoder and encoder.count("MatMulInteger") == 2 and "Gemm" not in encoder  # bridge and keys
    sizes = {k: sum(f.stat().st_size for f in exports[k].glob("*.onnx")) for k in ("fp32", "int8")}
    assert sizes["int8"] < 0.8 * sizes["fp32"]


@pytest.mark.slow
def test_int8_export_decodes_every_line_close_to_the_float_export(exports):
    """Both exports decode the same real lines; where they agree on the output, its total score differs by
    at most the per-step tolerance times the steps taken."""
    from seq2seq.inference.translator import Translator
    from seq2seq.search.options import SearchOptions

    lines = real_lines("test.es", 24)
    fp32, int8 = Translator.from_export(exports["fp32"], 1), Translator.from_export(exports["int8"], 1)
    assert (fp32.precision, int8.precision, int8.backend) == ("fp32", "int8", "onnxruntime")  # the server's /health
    for beam in (1, 4):
        opts = SearchOptions(beam_size=beam, n_best=1)
        want, got = fp32.translate_hypotheses(lines, opts), int8.translate_hypotheses(lines, opts)
        assert len(got) == len(lines) and all(len(h) == 1 and np.isfinite(h[0].score) for h in got)
        same = [(w[0], g[0]) for w, g in zip(want, got) if w[0].tokens == g[0].tokens]
        assert len(same) >= len(lines) // 2, f"beam {beam}: only {len(same)} of {len(lines)} equal"
        for w, g in same:
            assert abs(w.score - g.score) <= TOLERANCE * (len(w.tokens) + w.finished)
    text = int8.translate(lines[:3], beam_size=2)
    assert len(text) == 3 and all(isinstance(t.text, str) for t in text)


@pytest.mark.slow
def test_int8_step_scores_are_within_tolerance_of_the_float_export(exports):
    """On ONNX Runtime alone: the same step inputs through both exports' graphs, end to end (each graph its
    own encoder), rank within the tolerance of each other."""
    from seq2seq.export.ort_model import OrtModel

    fp32, int8 = OrtModel.load(exports["fp32"], 1), OrtModel.load(exports["int8"], 1)
    rng = np.random.default_rng(0)
    vocab = int(fp32.manifest.tokenizer["src_vocab"])
    lens = np.array([9, 5, 7, 2, 9, 3], np.int64)
    src = rng.integers(4, vocab, (6, 9)).astype(np.int64)
    src[np.arange(9)[None, :] >= lens[:, None]] = fp32.pad_id
    src[np.arange(6), lens - 1] = fp32.eos_id
    prev = rng.integers(4, fp32.tgt_vocab, 6).astype(np.int64)
    scores = rng.standard_normal((2, 3)).astype(np.float32)
    mask = np.arange(9)[None, :] < lens[:, None]
    top = []
    for m in (fp32, int8):
        values, keys, init = m.encode(src, lens)
        context = np.zeros((6, values.shape[-1]), np.float32)
        top.append(m.step(prev, init, context, keys, values, mask, scores)[0])
    diff = np.abs(top[0] - top[1]).max()
    assert 0 < diff < TOLERANCE


@pytest.mark.slow
def test_int8_past_its_tolerance_is_refused_in_one_line(exports, smoke_run):
    """The export's check on the int8 folder, with a tolerance of half the difference it recorded: a one-line
    ConfigError (export_run then removes the folder, as test_export checks for the float32 refusal)."""
    from seq2seq.config import ExportConfig
    from seq2seq.errors import ConfigError
    from seq2seq.export.manifest import Manifest
    from seq2seq.export.onnx_export import _check
    from seq2seq.inference.translator import Translator

    manifest = Manifest.read(exports["int8"])
    diff = manifest.quantization["check"]["max_score_diff"]
    cfg = ExportConfig(run_dir=str(smoke_run), out="somewhere", quantize="int8", int8_tolerance=diff / 2)
    tr = Translator.from_run(smoke_run, device="cpu", precision="fp32")
    tr.model.float().eval()
    with pytest.raises(ConfigError) as refused:
        _check(cfg, tr, exports["int8"], manifest)
    message = str(refused.value)
    assert "\n" not in message and message.startswith("out=somewhere: the int8 graphs' scores differ from PyTorch's by ")
    assert message.endswith(f"(more than int8_tolerance={diff / 2}); nothing was written")
    assert f"{diff:.2e}" in message


@pytest.mark.parametrize("option,message", [
    ("quantize=int4", "quantize: Invalid value 'int4', expected one of [none, int8]"),
    ("int8_tolerance=0", "int8_tolerance=0.0 must be positive"),
])
@pytest.mark.slow
def test_bad_quantize_options_are_one_line_errors(smoke_run, tmp_path, cache_env, option, message):
    proc = run_cli("seq2seq-export", f"run_dir={smoke_run}", f"out={tmp_path / 'x'}", option, env=cache_env)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr, proc.stderr[-2000:]
    errors = [line for line in proc.stderr.splitlines() if "error:" in line]
    assert len(errors) == 1 and message in errors[0], proc.stderr
    assert not (tmp_path / "x").exists()


def test_products_with_few_output_columns_stay_float(tmp_path):
    """A hand-built graph: x (2, 3, 8) times a constant (8, 1) and a constant (8, 32). Only the second is
    quantised; the first (an attention energy vector) would quantise the whole activation for one column."""
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    from seq2seq.export.quantize import narrow_products, quantize_graph

    rng = np.random.default_rng(0)
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 3, 8])
    outs = [helper.make_tensor_value_info(n, TensorProto.FLOAT, None) for n in ("energy", "wide")]
    graph = helper.make_graph(
        [helper.make_node("MatMul", ["x", "v"], ["energy"], name="v_product"),
         helper.make_node("MatMul", ["x", "w"], ["wide"], name="w_product")], "g", [x], outs,
        [numpy_helper.from_array(rng.standard_normal((8, 1)).astype(np.float32), "v"),
         numpy_helper.from_array(rng.standard_normal((8, 32)).astype(np.float32), "w")])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    assert narrow_products(model) == ["v_product"]
    path = tmp_path / "probe.onnx"
    onnx.save(model, str(path))
    quantize_graph(path)
    nodes = onnx.load(str(path)).graph.node
    kinds = {n.name: n.op_type for n in nodes}
    assert kinds.get("v_product") == "MatMul" and [n.op_type for n in nodes].count("MatMulInteger") == 1
