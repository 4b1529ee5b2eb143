"""The ASGI app: ``POST /translate``, ``POST /align``, ``GET /health``, the explorer page at ``/`` and its assets;
``Translation`` results as the JSON of the HTTP contract (one entry per input line, in order).

Every error answer is ``{"error": "one line"}`` with a 4xx status (5xx only for a bug of ours), so a
client can show it as it is and the server keeps serving.
"""
from __future__ import annotations

from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from seq2seq import __version__
from seq2seq.analysis.explain import explain
from seq2seq.config import ServeConfig
from seq2seq.data.arrays import TokenArray
from seq2seq.errors import ConfigError
from seq2seq.inference.translator import Translation, Translator, clean
from seq2seq.search import SearchOptions
from seq2seq.search.prefix import check_prefixes
from seq2seq.serve.align_route import add_align, decode_align
from seq2seq.serve.align_schema import AlignKey
from seq2seq.serve.batcher import Busy, MicroBatcher
from seq2seq.serve.bodylimit import BodyLimit
from seq2seq.serve.schema import Prefixed, RequestError, TranslateRequest, parse_request

STATIC = Path(__file__).resolve().parent / "static"

_EXAMPLE = {"translations": [{"text": "And God said, Let there be light.", "score": -0.21,
                              "pieces": ["▁And", "▁God", "▁said", ",", "▁Let", "▁there", "▁be", "▁light", "."],
                              "finished": True}]}


def hypothesis_json(t: Translation, attention: bool) -> dict:
    """text, score, pieces, finished; with ``attention`` also the source and target pieces, the (T, S)
    matrix (rows: target pieces, columns: source pieces), the word-level hard links and the diagnostics."""
    out = {"text": t.text, "score": t.score, "pieces": t.pieces, "finished": t.finished}
    if attention and t.attention is not None:
        words = explain(t.attention, t.source_pieces, t.target_pieces, t.finished)
        out.update(source_pieces=t.source_pieces, target_pieces=t.target_pieces,
                   attention=t.attention.astype("float64").round(5).tolist(), source_words=words["source_words"],
                   target_words=words["output_words"], links=words["links"], alignment=words["alignment"],
                   diagnostics=words["diagnostics"])
    return out


def entry_json(best: Translation, n_best: int, attention: bool) -> dict:
    """One input line's JSON: the best hypothesis's fields, and with ``n_best`` > 1 an ``nbest`` list of all
    of them, best first."""
    out = hypothesis_json(best, attention)
    if n_best > 1:
        out["nbest"] = [hypothesis_json(h, attention) for h in best.nbest]
    return out


def decoder(translator: Translator, cfg: ServeConfig):
    """The batcher's ``decode``: one search over the sentences of a group of requests, as JSON entries.
    key: (beam_size, n_best, attention), what the requests of a group share; or an ``AlignKey`` (sentence
    pairs to force through the model: ``align_route.decode_align``)."""

    def decode(ids: list, key) -> list[dict]:
        if isinstance(key, AlignKey):
            return decode_align(translator, ids, key, cfg.batch_tokens)
        beam_size, n_best, attention = key
        opts = SearchOptions.of(cfg, beam_size=beam_size, n_best=n_best)
        prefixes = [getattr(s, "prefix", []) for s in ids]  # ``schema.Prefixed`` carry one
        prefix = TokenArray.from_lists(prefixes) if any(prefixes) else None
        results = translator.translate_encoded(TokenArray.from_lists(ids), opts, attention, cfg.batch_tokens,
                                               prefix)
        return [entry_json(r, n_best, attention) for r in results]

    return decode


def prefixed(translator: Translator, ids: list, prefix: list[str], cfg: ServeConfig) -> list[Prefixed]:
    """Each sentence's source ids with its encoded prefix; a prefix over its output limit is a 422 here,
    before it waits for a batch (``search.prefix.check_prefixes``' rule and message)."""
    pre = translator.tokenizer.encode_tgt([clean(p) for p in prefix])
    try:
        check_prefixes(pre, [len(s) for s in ids], SearchOptions.of(cfg), translator.tokenizer.eos_id)
    except ConfigError as e:
        raise RequestError(422, f"prefix: {e}") from None
    return [Prefixed(s, p) for s, p in zip(ids, pre)]


def create_app(translator: Translator, cfg: ServeConfig) -> FastAPI:
    batcher = MicroBatcher(decoder(translator, cfg), cfg.batch_window_ms / 1000.0, cfg.batch_max_tokens,
                           cfg.max_waiting_lines)

    @asynccontextmanager
    async def lifespan(_app: FastAPI):
        batcher.start()
        yield
        await batcher.stop()

    app = FastAPI(title="seq2seq", version=__version__, lifespan=lifespan,
                  description=f"Translations by the run {translator.run.root}. The explorer page is at /.")
    app.add_middleware(BodyLimit, max_bytes=cfg.max_body_bytes)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    _add_error_handlers(app)
    _add_pages(app, translator, cfg, batcher)
    _add_translate(app, translator, batcher, cfg)
    add_align(app, translator, batcher, cfg)
    return app


def _add_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return JSONResponse({"error": str(exc.detail)}, status_code=exc.status_code, headers=exc.headers)

    @app.exception_handler(RequestError)  # a bad request, as parse_request and parse_align refuse it
    async def bad_request(_request: Request, exc: RequestError) -> JSONResponse:
        return JSONResponse({"error": exc.message}, status_code=exc.status)

    @app.exception_handler(Busy)
    async def busy(_request: Request, exc: Busy) -> JSONResponse:
        return JSONResponse({"error": str(exc)}, status_code=503, headers={"Retry-After": "1"})

    @app.exception_handler(Exception)
    async def bug(_request: Request, exc: Exception) -> JSONResponse:  # logged by uvicorn with its traceback
        return JSONResponse({"error": f"internal error: {type(exc).__name__}: {str(exc)[:200]}"}, status_code=500)


def _add_pages(app: FastAPI, translator: Translator, cfg: ServeConfig, batcher: MicroBatcher) -> None:
    @app.get("/", include_in_schema=False)
    async def page() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/health", summary="The run this server translates with")
    async def health() -> dict:
        return {"status": "ok", "run_dir": str(translator.run.root), "checkpoint": cfg.checkpoint,
                "step": translator.step, "device": str(translator.device), "precision": translator.precision,
                "backend": translator.backend, "version": __version__,
                "defaults": {"beam_size": cfg.beam_size, "n_best": cfg.n_best},
                "limits": {k: getattr(cfg, k) for k in ("max_lines", "max_chars", "max_beam_size", "max_body_bytes",
                                                        "max_waiting_lines")},
                "waiting": batcher.waiting, "batches": batcher.batches, "requests": batcher.requests}


def _add_translate(app: FastAPI, translator: Translator, batcher: MicroBatcher, limits: ServeConfig) -> None:
    @app.post("/translate", summary="Translate sentences, one entry per sentence in order",
              openapi_extra={"requestBody": {"required": True, "content": {
                  "application/json": {"schema": TranslateRequest.model_json_schema()}}}},
              responses={200: {"content": {"application/json": {"example": _EXAMPLE}}},
                         400: {"description": "body is not UTF-8 or not JSON"},
                         413: {"description": "body, sentence count or sentence length over a limit"},
                         422: {"description": "wrong types, unknown option, option out of range"},
                         503: {"description": "more sentences waiting than max_waiting_lines; retry later"}})
    async def translate(request: Request) -> JSONResponse:
        # The body is parsed by parse_request, not FastAPI: one error format for every way it can be wrong
        # (a RequestError, and Busy, become their answers in _add_error_handlers).
        req = parse_request(await request.body(), limits)
        ids = translator.tokenizer.encode_src([clean(line) for line in req.text])
        if req.prefix is not None:
            ids = prefixed(translator, ids, req.prefix, limits)
        entries = await batcher.submit(ids, (req.beam_size, req.n_best, req.attention))
        return JSONResponse({"translations": entries})
