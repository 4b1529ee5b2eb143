"""The encoder as an ONNX graph, written node by node from the trained weights.

Why by hand: the encoder's time loop has the length of the batch's longest source, so a traced or
``torch.export``-ed encoder would fix that length (or unroll it) in the graph. ONNX's own ``GRU`` operator
takes the per-sentence lengths (``sequence_lens``) and runs the backward direction from each sentence's own
last token, which is exactly what ``Encoder._looped`` computes; ``linear_before_reset=1`` is PyTorch's
GRU variant. ONNX orders the gates z, r, h where PyTorch has r, z, n, so each weight is re-blocked.

Graph: src (B, S) int64, src_len (B,) int64 -> values (B, S, C), keys (B, S, K), init (B, H), float32;
values are 0 at padding, as the PyTorch encoder leaves them.
"""
from __future__ import annotations

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper


def _gates(w: np.ndarray) -> np.ndarray:
    """PyTorch's (3H, ...) blocks r, z, n -> ONNX's z, r, n."""
    r, z, n = np.split(w, 3, axis=0)
    return np.concatenate([z, r, n], axis=0)


def _np(t) -> np.ndarray:
    return t.detach().float().cpu().numpy()


class _Graph:
    def __init__(self) -> None:
        self.nodes: list[onnx.NodeProto] = []
        self.inits: list[onnx.TensorProto] = []
        self._n = 0

    def const(self, name: str, value: np.ndarray) -> str:
        self.inits.append(numpy_helper.from_array(np.ascontiguousarray(value), name))
        return name

    def op(self, kind: str, inputs: list[str], n_out: int = 1, **attrs) -> list[str]:
        self._n += 1
        outs = [f"{kind.lower()}_{self._n}_{k}" for k in range(n_out)]
        self.nodes.append(helper.make_node(kind, inputs, outs, **attrs))
        return outs

    def one(self, kind: str, *inputs: str, **attrs) -> str:
        return self.op(kind, list(inputs), **attrs)[0]


def build(model, opset: int) -> onnx.ModelProto:
    """The ONNX encoder of ``model`` (a float32 ``Seq2Seq`` in eval mode)."""
    enc, att = model.encoder, model.decoder.attention
    rnn = enc.rnn
    g = _Graph()
    emb = g.one("Gather", g.const("embedding", _np(enc.embedding.weight)), "src")        # (B, S, E)
    x = g.one("Transpose", emb, perm=[1, 0, 2])                                           # (S, B, E)
    lens32 = g.one("Cast", "src_len", to=TensorProto.INT32)
    y_h = None
    for layer in range(rnn.num_layers):
        def both(name: str) -> list[np.ndarray]:
            return [_gates(_np(getattr(rnn, f"{name}_l{layer}{sfx}"))) for sfx in ("", "_reverse")]

        w = g.const(f"gru{layer}_W", np.stack(both("weight_ih")))                         # (2, 3H, in)
        r = g.const(f"gru{layer}_R", np.stack(both("weight_hh")))                         # (2, 3H, H)
        b = g.const(f"gru{layer}_B", np.stack([np.concatenate(p) for p in zip(both("bias_ih"), both("bias_hh"))]))
        y, y_h = g.op("GRU", [x, w, r, b, lens32], 2, hidden_size=rnn.hidden_size, direction="bidirectional",
                      linear_before_reset=1)                                               # (S, 2, B, H), (2, B, H)
        y = g.one("Transpose", y, perm=[0, 2, 1, 3])                                      # (S, B, 2, H)
        x = g.one("Reshape", y, g.const(f"shape_sb{layer}", np.array([0, 0, -1], np.int64)))  # (S, B, 2H)
    values = g.one("Transpose", x, perm=[1, 0, 2])                                       # (B, S, C)
    # Zero at padding, whatever the GRU kernel leaves there.
    s = g.one("Gather", g.one("Shape", "src"), g.const("one", np.array(1, np.int64)))
    steps = g.one("Range", g.const("zero", np.array(0, np.int64)), s, g.const("step1", np.array(1, np.int64)))
    real = g.one("Less", g.one("Unsqueeze", steps, g.const("ax0", np.array([0], np.int64))),
                 g.one("Unsqueeze", "src_len", g.const("ax1", np.array([1], np.int64))))  # (B, S)
    real_f = g.one("Unsqueeze", g.one("Cast", real, to=TensorProto.FLOAT), g.const("ax2", np.array([2], np.int64)))
    g.nodes.append(helper.make_node("Mul", [values, real_f], ["values"]))
    final = g.one("Reshape", g.one("Transpose", y_h, perm=[1, 0, 2]),
                  g.const("shape_b", np.array([0, -1], np.int64)))                        # (B, 2H): [fwd; bwd]
    bridge = g.one("Gemm", final, g.const("bridge_w", _np(enc.bridge.weight)), g.const("bridge_b", _np(enc.bridge.bias)),
                   transB=1)
    g.nodes.append(helper.make_node("Tanh", [bridge], ["init"]))
    if att.kind == "bahdanau":  # Attention.keys: 2 U h_j (the factor 2 is exact in float32)
        g.nodes.append(helper.make_node("MatMul", ["values", g.const("keys_w", 2.0 * _np(att.key_proj.weight).T)], ["keys"]))
    elif att.kind == "luong_general":
        g.nodes.append(helper.make_node("MatMul", ["values", g.const("keys_w", _np(att.key_proj.weight).T)], ["keys"]))
    else:
        g.nodes.append(helper.make_node("Identity", ["values"], ["keys"]))
    c, h = enc.output_size, model.decoder.hidden_size
    k = c if att.kind == "luong_dot" else (h if att.kind == "luong_general" else att.key_proj.out_features)
    graph = helper.make_graph(
        g.nodes, "seq2seq_encoder",
        [helper.make_tensor_value_info("src", TensorProto.INT64, ["batch", "src_len"]),
         helper.make_tensor_value_info("src_len", TensorProto.INT64, ["batch"])],
        [helper.make_tensor_value_info("values", TensorProto.FLOAT, ["batch", "src_len", c]),
         helper.make_tensor_value_info("keys", TensorProto.FLOAT, ["batch", "src_len", k]),
         helper.make_tensor_value_info("init", TensorProto.FLOAT, ["batch", h])],
        g.inits)
    proto = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)], producer_name="seq2seq-export")
    onnx.checker.check_model(proto, full_check=True)
    return proto
