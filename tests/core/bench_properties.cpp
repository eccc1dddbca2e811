// SPDX-License-Identifier: MIT
// The full engine-property run: `bench_properties [DRAWS] [SEED]` (default 1,000,000 draws, seed
// 20261201); `bench_properties --extremes` times estimates at the scenario limits. Prints draws, evaluated,
// refused, failures and the time; the first failure is printed with its triple as a scenario file. Exit code
// 1 when any property fails.
#include "EngineProperties.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTextStream>

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = QCoreApplication::arguments();
    if (args.size() > 1 && args[1] == QLatin1String("--extremes")) {
        const is::properties::ExtremesReport r = is::properties::runExtremes();
        QTextStream(stdout) << r.estimates << " extreme estimates, " << r.refused << " refused, slowest "
                            << r.worstMs << " ms (" << r.worstCase << ")"
                            << (r.failure.isEmpty() ? QString() : QStringLiteral("; FAILED: ") + r.failure)
                            << "\n";
        return r.failure.isEmpty() ? 0 : 1;
    }
    const qint64 draws = args.size() > 1 ? args[1].toLongLong() : 1'000'000;
    const quint64 seed = args.size() > 2 ? args[2].toULongLong() : 20261201;
    QTextStream out(stdout);
    is::properties::Checker checker(seed);
    QElapsedTimer timer;
    timer.start();
    qint64 failures = 0;
    for (qint64 i = 0; i < draws; ++i) {
        QString failure;
        if (!checker.checkOne(&failure) && failures++ == 0)
            out << "first failure at draw " << i << ": " << failure << "\n";
    }
    out << "draws " << draws << ", evaluated " << checker.evaluated() << ", refused " << checker.refused()
        << ", fitting (all properties checked) " << checker.fitted() << ", failures " << failures << ", "
        << timer.elapsed() / 1000.0 << " s\n";
    return failures == 0 ? 0 : 1;
}
