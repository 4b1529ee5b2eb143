"""Deploying without PyTorch: ``seq2seq-export`` writes ONNX graphs, ONNX Runtime decodes them.

- ``onnx_export`` (torch): the export command; ``encoder_graph`` builds the encoder graph by hand;
- ``manifest`` (no torch): the folder's ``manifest.json``, checked file by file on load;
- ``ort_model`` and ``ort_search`` (no torch): the sessions and the numpy greedy and beam search behind
  ``Translator.from_export``.

Nothing is imported here, so the torch-free modules stay torch-free.
"""
