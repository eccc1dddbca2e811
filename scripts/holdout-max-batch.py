#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The batch limit trtllm-bench ran each held-out row at (the CSV's max_batch column).

The held-out rows (resources/validation/holdout-trtllm-perf-overview.csv) come from
`trtllm-bench throughput` runs that set no --max_batch_size, so trtllm-bench chose one
(tensorrt_llm/bench/build/tuning.py, calc_engine_setting and finetune_setting):

  bytes per token = 2 x layers x max(tp, kv heads) x head size x KV bytes (1: fp8 cache)
  requests        = (GPU memory x tp - parameters x weight bytes) x KV fraction
                    / (bytes per token x (input + output))
  max batch       = min(requests, 4096), rounded up: to 32 below 256 (at least 64), to 128
                    below 1024, else to 256

The limit applies per scheduler: per attention-DP rank (a replica of the plan) under DEPn. Its
KV estimate is the tool's, not the model's: `head size` falls back to hidden / heads where the
config has no head_dim (DeepSeek: 56 x 128 heads, about 25 times MLA's real latent cache),
which is why DeepSeek-R1 ran at 64 to 384 sequences per rank. Checkpoints whose quantisation
trtllm-bench does not tune (gpt-oss's MXFP4) get TensorRT-LLM's default, 2048.

Inputs, and how sure they are:
  - GPU memory: NVML totals in GiB (H100 81559 MiB, H200 143771 MiB, B200 183359 MiB,
    GB200 189471 MiB): measured on those parts, as nvidia-smi reports them.
  - Model fields (layers, KV heads, head size): the checkpoints' config.json (datasheet).
  - Parameter counts: what the safetensors headers count, estimated (assumed): a packed 4-bit
    weight counts half an element and adds one FP8 scale per 16. An error of 15 % moves a
    few rows' limit by one rounding step.
  - KV fraction 0.95: the document says it is used "in many cases" (assumed for every row).

Usage: holdout-max-batch.py HOLDOUT.csv         print id, max_batch
       holdout-max-batch.py --check HOLDOUT.csv  exit 1 unless the column matches
"""
import csv
import math
import sys

GIB = 1024**3
GPU_MEMORY_GIB = {'h100-sxm': 81559 / 1024, 'h200-sxm': 143771 / 1024,
                  'b200': 183359 / 1024, 'gb200': 189471 / 1024}
# layers, KV heads, head size as trtllm-bench reads config.json, stored parameters of the
# NVFP4 checkpoint, of the FP8 one.
MODELS = {
    'deepseek-r1': (61, 128, 7168 // 128, 390e9, 684.5e9),
    'qwen3-235b-a22b': (94, 4, 128, 132.7e9, 235e9),
    'llama-4-maverick': (48, 8, 128, 231e9, 402e9),
    'llama-3.3-70b': (80, 8, 128, 40.6e9, 70.6e9),
}
UNTUNED_DEFAULT = 2048
KV_FRACTION = 0.95


def degrees(plan):
    d = {'TP': 1, 'DP': 1}
    for part in plan.split():
        d[part[:2].upper()] = int(part[2:])
    return d


def max_batch(row):
    model = row['model']
    if model not in MODELS:
        return UNTUNED_DEFAULT
    layers, kv_heads, head, fp4_params, fp8_params = MODELS[model]
    d = degrees(row['parallelism'])
    tp = d['TP'] * d['DP']  # trtllm-bench --tp counts the attention-DP ranks
    fp4 = row['precision'] == 'fp4'
    weights_gib = (fp4_params * 0.5 if fp4 else fp8_params) / GIB
    per_token_gib = 2 * layers * max(tp, kv_heads) * head / GIB
    length = int(row['input_tokens']) + int(row['output_tokens'])
    free_gib = GPU_MEMORY_GIB[row['device']] * tp - weights_gib
    raw = min(free_gib * KV_FRACTION / (per_token_gib * length), 4096)
    if raw < 256:
        return max(64, 32 * math.ceil(raw / 32))
    if raw < 1024:
        return 128 * math.ceil(raw / 128)
    return 256 * math.ceil(raw / 256)


def main(argv):
    check = argv[1:2] == ['--check']
    path = argv[2] if check else argv[1]
    mismatched = 0
    with open(path, newline='') as f:
        for row in csv.DictReader(f):
            want = max_batch(row)
            if check and row.get('max_batch') != str(want):
                print(f"{row['id']}: max_batch {row.get('max_batch')!r}, trtllm-bench's {want}")
                mismatched += 1
            elif not check:
                print(f"{row['id']},{want}")
    return 1 if mismatched else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
