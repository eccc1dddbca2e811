// SPDX-License-Identifier: MIT
#pragma once

#include "common/Sourced.h"
#include "model/ModelDesc.h"

namespace is {

// A model known only by its size: the speculative models of the seed articles and the studio's
// "dial a model" panel. The architecture is derived so that its parameter counts match.
struct ParametricSpec
{
    Sourced totalParams;
    Sourced activeParams;
    Sourced layers;
    AttentionKind attention = AttentionKind::GQA;
    int kvHeads = 8;
    int headDim = 128;
    int expertsActive = 8;
    int sharedExperts = 1;
    int vocab = 200000;
    int maxContext = 131072;
    int kvLoraRank = 512;
    int qkRopeHeadDim = 64;

    bool hasRange() const { return totalParams.hasRange() || activeParams.hasRange() || layers.hasRange(); }
};

// Derives a concrete architecture at one point of the ranges. Hidden size follows the usual
// ~12 d^2 active parameters per layer; expert width and count then match active and total.
ModelDesc deriveParametricModel(const ParametricSpec& spec, Bound bound);

} // namespace is
