// SPDX-License-Identifier: MIT
#pragma once

#include "engine/CostAssumptions.h"
#include "engine/Deployment.h"
#include "engine/Estimate.h"
#include "engine/Workload.h"
#include "model/ModelDesc.h"

#include <optional>

namespace is {

class Engine;

// Attention-FFN disaggregation (MegaScale-Infer, Step-3's AFD; seed 001's "attention on GPUs,
// feed-forward layers on Cerebras wafers"). Pool A holds attention, the KV cache, the embeddings
// and the output head; pool B the feed-forward layers or the experts. In every layer each token's
// hidden state crosses the link to pool B and its FFN output crosses back. The batch is cut into
// micro-batches that ping-pong between the pools, so that while one micro-batch is in attention
// another is in the FFN and a third on the wire.

// The part of a model each pool holds and runs: its attention blocks, norms, embeddings and head
// (no FFN), and its FFN or MoE blocks with their router (no attention, no KV cache, no vocabulary).
// Each pool keeps the layer norm in front of its own blocks, so both count the norm vectors.
ModelDesc attentionPartOf(const ModelDesc& m);
ModelDesc ffnPartOf(const ModelDesc& m);

// Activation bytes one token sends across the link in one direction, averaged over the layers: its
// hidden state once for a dense FFN, once per routed expert for an MoE layer (the k experts sit on
// different chips of pool B, so the dispatch sends k copies).
double splitBytesPerTokenLayer(const ModelDesc& m, Precision activations);

// The estimate of a deployment whose `ffnPool` is set: each pool evaluated with the engine's own
// physics for its device class on the part of the model it holds, combined per layer by the
// ping-pong schedule (see the .cpp), the batch (and micro-batch count, when automatic) chosen for
// the goal. nullopt with `error` naming the pool on bad input.
std::optional<Estimate> estimateAttentionFfnSplit(const Engine& engine, const Deployment& d,
                                                  const ModelDesc& m, const Workload& w, ServingGoal goal,
                                                  const CostAssumptions& c, QString* error,
                                                  Bound deviceBound);

} // namespace is
