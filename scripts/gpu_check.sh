#!/usr/bin/env bash
# GPU check on a CUDA machine with no network (the device tool's H200): installs nothing from the network.
# Needs torch, sentencepiece, sacrebleu, tensorboard, matplotlib, tqdm there; hydra-core, omegaconf and
# antlr4-python3-runtime travel as wheels in .whl/ (see docs/performance.md, GPU). Under 8 minutes.
#   bash scripts/gpu_check.sh [OUT_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-${OUT:-/tmp/gpu-check}}
mkdir -p "$out"
export PYTHONUNBUFFERED=1 SEQ2SEQ_CACHE=/tmp/s2s-cache
if compgen -G ".whl/*.whl" >/dev/null; then
  python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl
  export PYTHONPATH=/tmp/site
fi
export PYTHONPATH=${PYTHONPATH:+$PYTHONPATH:}$PWD
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv | tee "$out/gpu.txt"
python3 -c "import torch; print('torch', torch.__version__, 'cuda', torch.version.cuda)" | tee -a "$out/gpu.txt"
python3 -m pytest -q -m gpu tests/test_gpu.py 2>&1 | tee "$out/pytest-gpu.txt"
# Fixed steps per precision (warm-up 20 + 6 windows of 20), batch of about 16k padded tokens (~400 sentences).
timeout 420 python3 scripts/bench.py --device cuda --precisions fp32,bf16,fp16 --threads 8 \
  --batch-tokens 16000 --decode-batch-tokens 60000 --warmup 20 --window 20 --windows 6 \
  --json "$out/gpu-bench.json" 2>&1 | tee "$out/gpu-bench.txt"
# Losses after the same steps and data must agree across precisions (tolerance: 3% of fp32's).
python3 - "$out/gpu-bench.json" <<'PY'
import json, sys
runs = {r["precision"]: r for r in json.load(open(sys.argv[1]))["runs"]}
ref = runs["fp32"]["loss_last"]
for p, r in runs.items():
    ok = abs(r["loss_last"] - ref) <= 0.03 * ref
    print(f"{p}: loss {r['loss_last']:.3f} vs fp32 {ref:.3f} -> {'agree' if ok else 'DIFFER'}")
PY
