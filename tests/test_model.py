"""Model invariances: padding never changes a sentence's output; packing equals running alone."""
import torch

from seq2seq.config import ModelConfig
from seq2seq.model.seq2seq import build_model

CFG = ModelConfig(emb_size=16, enc_hidden=12, dec_hidden=20, attention_size=10, output_size=14, dropout=0.0)


def make(attention="bahdanau"):
    torch.manual_seed(0)
    sizes = {"dec_hidden": 2 * CFG.enc_hidden} if attention == "luong_dot" else {}
    cfg = ModelConfig(**{**CFG.__dict__, "attention": attention, **sizes})
    return build_model(cfg, 30, 25, pad_id=0).eval()


def test_packed_encoder_equals_each_sentence_alone():
    model = make()
    src = torch.randint(1, 30, (3, 9))
    lens = torch.tensor([9, 5, 2])
    src[1, 5:] = 0
    src[2, 2:] = 0
    with torch.no_grad():
        out, init = model.encoder(src, lens)
        for b in range(3):
            alone, init_alone = model.encoder(src[b : b + 1, : lens[b]], lens[b : b + 1])
            torch.testing.assert_close(out[b, : lens[b]], alone[0], atol=1e-6, rtol=1e-5)
            torch.testing.assert_close(init[b], init_alone[0], atol=1e-6, rtol=1e-5)
            assert torch.all(out[b, lens[b]:] == 0)


def test_output_does_not_change_with_more_padding():
    for attention in ("bahdanau", "luong_general", "luong_dot"):
        model = make(attention)
        src = torch.randint(1, 30, (2, 6))
        lens = torch.tensor([6, 4])
        src[1, 4:] = 0
        tgt = torch.randint(1, 25, (2, 5))
        with torch.no_grad():
            logits, att = model(src, lens, tgt)
            padded = torch.cat([src, torch.zeros(2, 7, dtype=torch.long)], dim=1)
            logits2, att2 = model(padded, lens, tgt)
        torch.testing.assert_close(logits, logits2, atol=1e-5, rtol=1e-5)
        torch.testing.assert_close(att, att2[:, :, :6], atol=1e-6, rtol=1e-5)
        assert torch.all(att2[:, :, 6:] == 0)


def test_step_equals_teacher_forced_forward():
    """Search's one-step path and training's forward must be the same function of the prefix."""
    model = make()
    src = torch.randint(1, 30, (2, 6))
    lens = torch.tensor([6, 3])
    tgt = torch.randint(1, 25, (2, 5))
    with torch.no_grad():
        logits, att = model(src, lens, tgt)
        memory = model.encode(src, lens)
        state = model.init_state(memory)
        for t in range(5):
            step_logits, state, step_att = model.step(tgt[:, t], state, memory)
            torch.testing.assert_close(step_logits, logits[:, t], atol=1e-5, rtol=1e-5)
            torch.testing.assert_close(step_att, att[:, t], atol=1e-6, rtol=1e-5)


def test_tied_embeddings_share_storage():
    cfg = ModelConfig(**{**CFG.__dict__, "output_size": 16, "tie_embeddings": True})
    model = build_model(cfg, 30, 25, pad_id=0)
    assert model.decoder.out_proj.weight.data_ptr() == model.decoder.embedding.weight.data_ptr()


def test_gru_cell_matches_torch_grucell():
    """The hand-split GRU update (input projection outside the loop) equals nn.GRUCell."""
    model = make()
    dec = model.decoder
    cell = torch.nn.GRUCell(16 + dec.context_size, 20)
    with torch.no_grad():
        cell.weight_ih.copy_(torch.cat([dec.input_emb.weight, dec.input_ctx.weight], dim=1))
        cell.bias_ih.copy_(dec.input_emb.bias)
        cell.weight_hh.copy_(dec.hidden_proj.weight)
        cell.bias_hh.copy_(dec.hidden_proj.bias)
        x_emb, x_ctx, h = torch.randn(4, 16), torch.randn(4, dec.context_size), torch.randn(4, 20)
        ours = dec._cell(dec.input_emb(x_emb) + dec.input_ctx(x_ctx), h)
        torch.testing.assert_close(ours, cell(torch.cat([x_emb, x_ctx], 1), h), atol=1e-6, rtol=1e-5)


def test_looped_cpu_encoder_equals_packed_nn_gru_values_and_gradients():
    """The CPU loop reuses nn.GRU's parameters; torch's packed nn.GRU is the independent reference."""
    from seq2seq.model.encoder import Encoder

    for layers in (1, 2):
        torch.manual_seed(layers)
        enc = Encoder(30, 16, 12, layers, 0.0, 0, 20).double()
        src = torch.randint(1, 30, (4, 8))
        lens = torch.tensor([8, 3, 1, 6])
        for b, n in enumerate(lens):
            src[b, n:] = 0
        emb = enc.embedding(src)
        ours, ours_final = enc._looped(emb, lens)
        ref, ref_final = enc._packed(emb, lens)
        torch.testing.assert_close(ours, ref, rtol=1e-10, atol=1e-12)
        torch.testing.assert_close(ours_final, ref_final, rtol=1e-10, atol=1e-12)
        weights = torch.randn_like(ours)
        g_ours = torch.autograd.grad((ours * weights).sum() + ours_final.sum(), list(enc.rnn.parameters()))
        g_ref = torch.autograd.grad((ref * weights).sum() + ref_final.sum(), list(enc.rnn.parameters()))
        for a, c in zip(g_ours, g_ref):
            torch.testing.assert_close(a, c, rtol=1e-9, atol=1e-11)


def test_recompute_attention_gives_the_same_gradients():
    """trainer.recompute_attention (through build_model) changes memory, not the maths: the same
    loss and gradients in fp32, and within bf16 rounding under CPU autocast."""
    from seq2seq.model.seq2seq import build_model

    src = torch.randint(1, 30, (3, 7))
    lens = torch.tensor([7, 5, 2])
    src[1, 5:], src[2, 2:] = 0, 0
    tgt_in, tgt_out = torch.randint(1, 25, (3, 6)), torch.randint(1, 25, (3, 6))
    tgt_out[2, 3:] = 0
    for bf16 in (False, True):
        grads = {}
        for recompute in (False, True):
            torch.manual_seed(0)
            model = build_model(ModelConfig(**{**CFG.__dict__}), 30, 25, 0, recompute_attention=recompute).train()
            assert model.decoder.recompute_attention is recompute
            torch.manual_seed(1)  # same dropout masks
            with torch.autocast("cpu", dtype=torch.bfloat16, enabled=bf16):
                loss = model.loss(src, lens, tgt_in, tgt_out, 0.1)
            loss.backward()
            grads[recompute] = (loss.detach(), [p.grad.clone() for p in model.parameters()])
        (l0, g0), (l1, g1) = grads[False], grads[True]
        torch.testing.assert_close(l0, l1)
        tol = dict(atol=2e-2, rtol=2e-2) if bf16 else dict(atol=1e-6, rtol=1e-5)
        for a, b in zip(g0, g1):
            torch.testing.assert_close(a, b, **tol)
