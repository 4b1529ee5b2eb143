"""``quantize=int8``: ONNX Runtime's dynamic quantisation of an export's matrix products.

What becomes int8: every matrix product with a constant weight, in both graphs. Their weights are stored
as int8 (symmetric, one scale per matrix) and each product's input is quantised to uint8 at run
time (``DynamicQuantizeLinear`` -> ``MatMulInteger``, which ONNX Runtime fuses into ``DynamicQuantizeMatMul``).
``quantize_dynamic`` quantises ``MatMul`` but not ``Gemm``, and the exporters write ``nn.Linear`` on a 2-D
input as ``Gemm``; so each ``Gemm`` with a constant weight is first rewritten as ``MatMul`` (+ ``Add`` of
its bias), the same product.

What stays float32: the encoder's ``GRU`` (ONNX Runtime's dynamic quantisation has an integer kernel for
``LSTM`` only, ``DynamicQuantizeLSTM``; it leaves a ``GRU`` node untouched), the embedding tables
(``Gather``: a lookup, nothing to speed up), the attention's products with the encoder states (both
operands vary per sentence), products with a weight of under 16 output columns (the attention's energy
vector: ``narrow_products``) and everything elementwise.

Why ``reduce_range``: weights in 7 bits keep the uint8 x int8 products of AVX2 and AVX-512 CPUs without
VNNI from saturating their 16-bit sums; on VNNI CPUs it costs one bit of weight precision. Measured on
this AVX2 machine (the smoke model, 100 test lines): without it the per-token scores moved by up to 0.12
and half the greedy translations changed; with it by 0.006. Why one scale per matrix, not per column: a
(512, 8000) product ran 2.3-2.6x faster than float32 per matrix, 1.5-2.2x per column, and the smoke
model's translations agreed with float32 no less often.
"""
from __future__ import annotations

import contextlib
import logging
from pathlib import Path

import numpy as np
import onnx
from onnx import helper, numpy_helper

QUANTIZED_OPS = ("MatMul",)  # what quantize_dynamic is asked to quantise (after the Gemm rewrite)
SETTINGS = {"type": "int8", "method": "onnxruntime.quantization.quantize_dynamic",
            "weights": "int8, symmetric, one scale per matrix, 7-bit range (reduce_range)",
            "activations": "uint8, quantised per tensor at run time", "ops": list(QUANTIZED_OPS),
            "float32": "GRU, embeddings, attention over encoder states, products with under 16 output columns, "
                        "elementwise"}
INTEGER_OPS = ("MatMulInteger", "DynamicQuantizeLinear")  # what quantize_dynamic writes for a MatMul
NARROW = 16  # a product with fewer output columns stays float32 (``narrow_products``)


def _attr(node: onnx.NodeProto, name: str, default):
    for a in node.attribute:
        if a.name == name:
            return helper.get_attribute_value(a)
    return default


def gemm_as_matmul(model: onnx.ModelProto) -> int:
    """Rewrite, in place, each plain ``Gemm`` (alpha = beta = 1, A not transposed) whose weight B is a
    constant as ``MatMul(A, B or B^T)`` followed by ``Add(C)``; returns how many were rewritten.

    A transposed weight gets its own initializer (stored as (in, out), as ``MatMul`` reads it)."""
    graph = model.graph
    weights = {t.name: t for t in graph.initializer}
    nodes, rewritten = [], 0
    for node in graph.node:
        plain = (node.op_type == "Gemm" and _attr(node, "alpha", 1.0) == 1.0 and _attr(node, "beta", 1.0) == 1.0
                 and not _attr(node, "transA", 0) and node.input[1] in weights)
        if not plain:
            nodes.append(node)
            continue
        a, b, c = node.input[0], node.input[1], (node.input[2] if len(node.input) > 2 else "")
        if _attr(node, "transB", 0):
            w = numpy_helper.to_array(weights[b]).T
            b = f"{b}__as_matmul"
            graph.initializer.append(numpy_helper.from_array(np.ascontiguousarray(w), b))
        product = f"{node.output[0]}__matmul" if c else node.output[0]
        nodes.append(helper.make_node("MatMul", [a, b], [product], name=f"{node.name or node.output[0]}_matmul"))
        if c:
            nodes.append(helper.make_node("Add", [product, c], [node.output[0]], name=f"{node.name or node.output[0]}_bias"))
        rewritten += 1
    del graph.node[:]
    graph.node.extend(nodes)
    _drop_unused(graph)
    return rewritten


def _drop_unused(graph: onnx.GraphProto) -> None:
    used = {name for node in graph.node for name in node.input} | {o.name for o in graph.output}
    keep = [t for t in graph.initializer if t.name in used]
    del graph.initializer[:]
    graph.initializer.extend(keep)


class _QuantizerNotes(logging.Filter):
    """The quantiser logs on the root logger: a note per product it leaves float32 (by design here) and
    advice to pre-process the graph (meant for image models); none of it is for a user, errors aside."""

    def filter(self, record: logging.LogRecord) -> bool:
        return record.levelno >= logging.ERROR or "onnxruntime" not in Path(record.pathname).parts


@contextlib.contextmanager
def _quiet():
    root, notes = logging.getLogger(), _QuantizerNotes()
    root.addFilter(notes)
    try:
        yield
    finally:
        root.removeFilter(notes)


def narrow_products(model: onnx.ModelProto) -> list[str]:
    """Names of the ``MatMul`` nodes whose constant weight has fewer than ``NARROW`` output columns.

    The attention's energy vector (``v``: (attention, 1)) is one: each step it would quantise the whole
    (B, S, attention) activation to multiply it by one column, which costs more than the float product
    (measured in the decoder step's profile: 1.7x the float32 node's time)."""
    weights = {t.name: t.dims for t in model.graph.initializer}
    return [n.name for n in model.graph.node if n.op_type == "MatMul" and n.input[1] in weights
            and weights[n.input[1]] and weights[n.input[1]][-1] < NARROW]


def quantize_graph(path: Path) -> None:
    """Replace the float32 graph at ``path`` by its dynamically quantised form (same inputs and outputs)."""
    from onnxruntime.quantization import QuantType, quantize_dynamic

    model = onnx.load(str(path))
    gemm_as_matmul(model)
    with _quiet():
        quantize_dynamic(model, str(path), op_types_to_quantize=list(QUANTIZED_OPS), per_channel=False,
                         reduce_range=True, weight_type=QuantType.QInt8, nodes_to_exclude=narrow_products(model))


def record(graphs: list[Path]) -> dict:
    """The manifest's ``quantization`` block: the settings and, per graph, how many integer products it holds."""
    counts = {}
    for path in graphs:
        ops = [node.op_type for node in onnx.load(str(path)).graph.node]
        counts[path.name] = ops.count("MatMulInteger")
    return {**SETTINGS, "matmul_integer_nodes": counts}
