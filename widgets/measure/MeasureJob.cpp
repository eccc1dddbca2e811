// SPDX-License-Identifier: MIT
#include "measure/MeasureJob.h"

#include <QCoreApplication>

#ifdef IS_HAVE_EXECUTOR
#include "executor/BenchDecode.h"
#endif

#include <new>

namespace is::gui {

namespace {

#ifdef IS_HAVE_EXECUTOR
// SentencePiece marks word starts with U+2581 and writes control bytes as <0xNN>.
QString tokenText(const is::exec::Model& m, int id)
{
    if (id < 0 || size_t(id) >= m.vocab.size())
        return QStringLiteral(" [%1]").arg(id);
    QString s = QString::fromStdString(m.vocab[size_t(id)]);
    if (s.size() == 6 && s.startsWith(QLatin1String("<0x")) && s.endsWith(QLatin1Char('>'))) {
        bool ok = false;
        const int byte = s.mid(3, 2).toInt(&ok, 16);
        if (ok && byte == '\n')
            return QStringLiteral("\n");
        if (ok && byte >= 0x20 && byte < 0x7f)
            return QString(QChar(byte));
    }
    s.replace(QChar(0x2581), QLatin1Char(' '));
    return s;
}
#endif

} // namespace

bool MeasureJob::available()
{
#ifdef IS_HAVE_EXECUTOR
    return true;
#else
    return false;
#endif
}

MeasureJob::MeasureJob(Request request, QObject* parent) : QObject(parent), m_request(std::move(request))
{
    connect(&m_jobs, &is::JobTracker::progressed, this, &MeasureJob::updated);
}

MeasureJob::~MeasureJob() = default;

void MeasureJob::start()
{
    // The destructor waits for the job, so it may write this object's state.
    m_jobs.submit([this](is::JobContext& job) { run(job); },
                  [this] {
                      m_finished = true;
                      Q_EMIT updated();
                  });
}

void MeasureJob::cancel()
{
    m_cancelRequested = true;
    m_jobs.stopRunning();
}

MeasureJob::Snapshot MeasureJob::take()
{
    std::lock_guard<std::mutex> lock(m_mutex);
    Snapshot s = m_state;
    m_state.newText.clear();
    return s;
}

void MeasureJob::run(is::JobContext& job)
{
    const auto fail = [this](const QString& error) {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_state.phase = Phase::Failed;
        m_state.error = error;
    };
#ifdef IS_HAVE_EXECUTOR
    using namespace is::exec;
    const auto cancelled = [&job] { return job.cancelled(); };
    const auto markCancelled = [this] {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_state.phase = Phase::Cancelled;
    };
    // Generating a large synthetic model takes seconds: it stops when cancelled.
    BenchOptions loading;
    loading.cancelled = cancelled;
    BenchModel load = loadBenchModel(m_request.modelFile, m_request.syntheticSpec, loading);
    switch (load.failure) {
    case BenchModel::Failure::None:
        break;
    case BenchModel::Failure::Cancelled:
        return markCancelled();
    case BenchModel::Failure::OutOfMemory:
        return fail(QCoreApplication::translate("MeasureJob", "Not enough memory to load the model"));
    case BenchModel::Failure::BadInput:
        return fail(load.error);
    }
    const std::unique_ptr<Model> model = std::move(load.model);
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_state.phase = Phase::Probing;
        m_state.modelName = model->source;
        m_state.total = m_request.genTokens;
    }
    job.progress(0, m_request.genTokens);

    BenchOptions options;
    options.threads = m_request.threads;
    options.promptTokens = m_request.promptTokens;
    options.genTokens = m_request.genTokens;
    // Checked between the probes, the prefill and every generated token.
    options.cancelled = cancelled;
    const Model& m = *model;
    options.onToken = [this, &m, &job](int id) {
        const QString text = tokenText(m, id);
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            m_state.phase = Phase::Decoding;
            m_state.newText += text;
        }
        job.progress(job.done(), job.total());
    };
    options.progress = [this, &job](int done, int total) {
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            m_state.done = done;
            m_state.total = total;
        }
        job.progress(done, total);
    };
    try {
        const BenchResult r = runBenchDecode(m, options);
        if (r.cancelled)
            return markCancelled();
        std::lock_guard<std::mutex> lock(m_mutex);
        m_state.phase = Phase::Done;
        m_state.decodeTokS = r.decode_tok_s;
        m_state.predictedTokS = r.predicted_decode_tok_s;
        m_state.predictedError = r.predicted_error;
        m_state.prefillTokS = r.prefill_tok_s;
        m_state.ttftMs = r.ttft_ms;
        m_state.readBwGBs = r.read_bw_gbs;
        m_state.bandwidthFraction = r.bandwidth_fraction;
        m_state.modelBytes = double(r.model_bytes);
        m_state.threads = r.threads;
        m_state.isa = QString::fromStdString(r.isa);
        m_state.dtype = QString::fromStdString(r.dtype);
        m_state.inLlc = r.in_llc;
    } catch (const std::bad_alloc&) {
        fail(QCoreApplication::translate("MeasureJob", "Not enough memory to run the model"));
    }
#else
    Q_UNUSED(job)
    fail(QCoreApplication::translate(
        "MeasureJob", "This build has no CPU decode executor (configure with IS_BUILD_EXECUTOR=ON)"));
#endif
}

} // namespace is::gui
