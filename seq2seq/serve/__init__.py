"""seq2seq-serve: a trained run over HTTP (FastAPI on uvicorn) and the attention explorer page.

Modules, one job each:

- ``schema``: the request model and its checks against the server's limits (``ServeConfig``);
- ``align_schema``, ``align_route``: ``POST /align`` (forced alignment of given pairs), its request and answer;
- ``jsonbody``: JSON parsing bounded in time and memory (nesting depth, numeral length); ``RequestError``,
  the one-line 4xx answer to a bad request;
- ``bodylimit``: ASGI middleware refusing an oversized body before it is read whole;
- ``batcher``: the micro-batcher that decodes concurrent requests together, off the event loop;
- ``app``: the routes (``POST /translate``, ``POST /align``, ``GET /health``, ``GET /`` and its static assets) and
  ``Translation`` results as the JSON the contract promises;
- ``server``: listening socket and uvicorn, started by ``seq2seq.cli.serve_main``.
"""
