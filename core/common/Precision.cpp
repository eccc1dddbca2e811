// SPDX-License-Identifier: MIT
#include "common/Precision.h"

namespace is {

double bytesPerElement(Precision p)
{
    switch (p) {
    case Precision::FP32:
        return 4.0;
    case Precision::BF16:
    case Precision::FP16:
        return 2.0;
    case Precision::FP8:
    case Precision::INT8:
        return 1.0;
    case Precision::FP4:
    case Precision::INT4:
        return 0.5;
    }
    return 2.0;
}

QString precisionId(Precision p)
{
    switch (p) {
    case Precision::FP32:
        return QStringLiteral("fp32");
    case Precision::BF16:
        return QStringLiteral("bf16");
    case Precision::FP16:
        return QStringLiteral("fp16");
    case Precision::FP8:
        return QStringLiteral("fp8");
    case Precision::INT8:
        return QStringLiteral("int8");
    case Precision::FP4:
        return QStringLiteral("fp4");
    case Precision::INT4:
        return QStringLiteral("int4");
    }
    return QStringLiteral("bf16");
}

std::optional<Precision> precisionFromId(const QString& id)
{
    const QString s = id.toLower();
    for (Precision p : {Precision::FP32, Precision::BF16, Precision::FP16, Precision::FP8, Precision::INT8,
                        Precision::FP4, Precision::INT4})
        if (precisionId(p) == s)
            return p;
    if (s == QLatin1String("f32"))
        return Precision::FP32;
    if (s == QLatin1String("f16"))
        return Precision::FP16;
    return std::nullopt;
}

} // namespace is
