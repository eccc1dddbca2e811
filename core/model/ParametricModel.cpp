// SPDX-License-Identifier: MIT
#include "model/ParametricModel.h"

#include "model/ModelMath.h"

#include <algorithm>
#include <cmath>

namespace is {

namespace {
int roundTo(double v, int multiple) { return std::max(multiple, static_cast<int>(std::lround(v / multiple)) * multiple); }
} // namespace

ModelDesc deriveParametricModel(const ParametricSpec& spec, Bound bound)
{
    ModelDesc m;
    m.layers = std::max(1, static_cast<int>(std::lround(spec.layers.at(bound))));
    const double active = std::max(1e6, spec.activeParams.at(bound));
    const double total = std::max(active, spec.totalParams.at(bound));
    m.vocab = spec.vocab;
    m.maxContext = spec.maxContext;
    m.attention = spec.attention;
    m.headDim = spec.headDim;

    // Attention plus active FFN is about 12 d^2 per layer in modern models (4 d^2 + 8 d^2).
    m.hidden = roundTo(std::sqrt(active / (12.0 * m.layers)), 128);
    m.heads = std::max(1, m.hidden / m.headDim);
    m.kvHeads = std::clamp(spec.kvHeads, 1, m.heads);
    if (m.attention == AttentionKind::MLA) {
        m.qLoraRank = roundTo(m.hidden * 0.2, 128);
        m.kvLoraRank = spec.kvLoraRank;
        m.qkRopeHeadDim = spec.qkRopeHeadDim;
        m.qkNopeHeadDim = m.headDim;
        m.vHeadDim = m.headDim;
        m.kvHeads = m.heads;
    }

    // Attention and embedding parameters come from the shape; the FFN takes the rest.
    ModelDesc shapeOnly = m;
    shapeOnly.denseFfn = 0;
    const ParamBreakdown base = paramBreakdown(shapeOnly);
    const double fixedActive = base.attention + base.norms + base.lmHead;
    const double ffnActivePerLayer = std::max(1e5, (active - fixedActive) / m.layers);

    const bool moe = total > active * 1.05;
    if (!moe) {
        m.denseFfn = roundTo(ffnActivePerLayer / (3.0 * m.hidden), 64);
        return m;
    }
    m.activeExperts = std::max(1, spec.expertsActive);
    m.sharedExperts = std::max(0, spec.sharedExperts);
    m.expertFfn = roundTo(ffnActivePerLayer / (3.0 * m.hidden * (m.activeExperts + m.sharedExperts)), 64);
    const double perExpert = 3.0 * m.hidden * m.expertFfn;
    const double fixedTotal = fixedActive + base.embedding;
    const double expertsPerLayer = (total - fixedTotal) / m.layers / perExpert - m.sharedExperts;
    m.experts = std::max(m.activeExperts + 1, static_cast<int>(std::lround(expertsPerLayer)));
    return m;
}

} // namespace is
