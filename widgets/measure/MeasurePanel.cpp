// SPDX-License-Identifier: MIT
#include "measure/MeasurePanel.h"

#include "FileDialogs.h"
#include "Units.h"
#include "measure/MeasureJob.h"

#include "charts/ChartFormat.h"
#include "metrics/Metrics.h"

#include <QComboBox>
#include <QEvent>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollBar>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <array>
#include <thread>

namespace is::gui {

namespace {

// Synthetic models from a toy to a small chat model; the bigger ones take seconds to build and
// hundreds of megabytes to a few gigabytes of memory.
struct Preset
{
    const char* name; // translated through QT_TRANSLATE_NOOP
    const char* spec;
};
constexpr std::array<Preset, 4> kPresets{{
    {QT_TRANSLATE_NOOP("is::gui::MeasurePanel", "Tiny (15 M parameters, f32)"),
     "dim=288,layers=6,heads=6,kv_heads=6,ffn=768,vocab=32000,dtype=f32"},
    {QT_TRANSLATE_NOOP("is::gui::MeasurePanel", "Small (110 M, f16)"),
     "dim=768,layers=12,heads=12,kv_heads=12,ffn=2048,vocab=32000,dtype=f16"},
    {QT_TRANSLATE_NOOP("is::gui::MeasurePanel", "Medium (0.5 B, q8_0)"),
     "dim=1024,layers=24,heads=16,kv_heads=16,ffn=2816,vocab=32000,dtype=q8_0"},
    {QT_TRANSLATE_NOOP("is::gui::MeasurePanel", "Large (1.1 B, q8_0)"),
     "dim=2048,layers=22,heads=32,kv_heads=4,ffn=5632,vocab=32000,dtype=q8_0"},
}};
constexpr int kCustomIndex = int(kPresets.size());
constexpr int kFileIndex = int(kPresets.size()) + 1;

QLabel* bigValue(QWidget* parent)
{
    auto* l = new QLabel(QStringLiteral("–"), parent);
    QFont f = l->font();
    f.setPointSizeF(f.pointSizeF() * 1.6);
    f.setBold(true);
    l->setFont(f);
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return l;
}

} // namespace

MeasurePanel::MeasurePanel(QWidget* parent) : QWidget(parent)
{
    m_preset = new QComboBox(this);
    for (int i = 0; i < kFileIndex + 1; ++i)
        m_preset->addItem(QString());
    m_spec = new QLineEdit(this);
    m_spec->setPlaceholderText(
        QStringLiteral("dim=768,layers=12,heads=12,kv_heads=12,ffn=2048,vocab=32000,dtype=f16"));
    m_file = new QLineEdit(this);
    m_browse = new QToolButton(this);
    m_browse->setText(QStringLiteral("…"));
    auto* fileRow = new QHBoxLayout;
    fileRow->setContentsMargins(0, 0, 0, 0);
    fileRow->addWidget(m_file, 1);
    fileRow->addWidget(m_browse);

    const int cores = int(std::max(1u, std::thread::hardware_concurrency()));
    m_threads = new QSpinBox(this);
    m_threads->setRange(1, std::max(1, cores * 2));
    m_threads->setValue(cores);
    m_tokens = new QSpinBox(this);
    m_tokens->setRange(1, 4096);
    m_tokens->setValue(128);
    m_prompt = new QSpinBox(this);
    m_prompt->setRange(1, 4096);
    m_prompt->setValue(128);

    auto* form = new QFormLayout;
    const auto caption = [this]() {
        auto* l = new QLabel(this);
        m_captions.append(l);
        return l;
    };
    form->addRow(caption(), m_preset);
    form->addRow(caption(), m_spec);
    form->addRow(caption(), fileRow);
    form->addRow(caption(), m_threads);
    form->addRow(caption(), m_tokens);
    form->addRow(caption(), m_prompt);

    m_run = new QPushButton(this);
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    auto* runRow = new QHBoxLayout;
    runRow->addWidget(m_run);
    runRow->addWidget(m_progress, 1);

    m_text = new QPlainTextEdit(this);
    m_text->setReadOnly(true);
    m_text->setMaximumBlockCount(2000);

    m_measuredValue = bigValue(this);
    m_predictedValue = bigValue(this);
    m_errorValue = bigValue(this);
    auto* results = new QGridLayout;
    for (int c = 0; c < 3; ++c) {
        QLabel* head = caption();
        head->setAlignment(Qt::AlignCenter);
        results->addWidget(head, 0, c);
    }
    results->addWidget(m_measuredValue, 1, 0, Qt::AlignCenter);
    results->addWidget(m_predictedValue, 1, 1, Qt::AlignCenter);
    results->addWidget(m_errorValue, 1, 2, Qt::AlignCenter);
    m_details = new QLabel(this);
    m_details->setWordWrap(true);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addLayout(runRow);
    layout->addWidget(m_status);
    layout->addLayout(results);
    layout->addWidget(m_details);
    layout->addWidget(m_text, 1);

    connect(m_preset, &QComboBox::currentIndexChanged, this, &MeasurePanel::presetChanged);
    connect(m_browse, &QToolButton::clicked, this, &MeasurePanel::chooseFile);
    connect(m_run, &QPushButton::clicked, this, [this] { isRunning() ? cancel() : start(); });

    retranslate();
    m_preset->setCurrentIndex(1);
    presetChanged(1);
    if (!executorAvailable()) {
        m_run->setEnabled(false);
        m_status->setText(tr("This build has no CPU decode executor (configure with IS_BUILD_EXECUTOR=ON)."));
    }
}

MeasurePanel::~MeasurePanel() = default; // the job cancels and joins its thread

bool MeasurePanel::executorAvailable()
{
    return MeasureJob::available();
}

bool MeasurePanel::isRunning() const
{
    return m_job != nullptr;
}

void MeasurePanel::retranslate()
{
    for (int i = 0; i < int(kPresets.size()); ++i)
        m_preset->setItemText(i, tr(kPresets[size_t(i)].name));
    m_preset->setItemText(kCustomIndex, tr("Custom synthetic model"));
    m_preset->setItemText(kFileIndex, tr("Model file (GGUF or llama2.c)"));
    const QStringList captions{tr("Model"),    tr("Synthetic spec"),
                               tr("File"),     is::metrics::title(u"threads"),
                               tr("Tokens"),   is::metrics::title(u"prompt_tokens"),
                               tr("Measured"), tr("Predicted"),
                               tr("Error")};
    for (int i = 0; i < m_captions.size() && i < captions.size(); ++i)
        m_captions[i]->setText(captions[i]);
    m_browse->setToolTip(tr("Choose a model file"));
    m_run->setText(isRunning() ? tr("Cancel") : tr("Measure"));
    m_text->setPlaceholderText(tr("Generated tokens appear here (synthetic models have random weights: "
                                  "the text is noise, the speed is real)."));
    showResult();
}

void MeasurePanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void MeasurePanel::presetChanged(int index)
{
    if (index >= 0 && index < int(kPresets.size()))
        m_spec->setText(QLatin1String(kPresets[size_t(index)].spec));
    const bool file = index == kFileIndex;
    m_spec->setEnabled(!file);
    m_spec->setReadOnly(index != kCustomIndex);
    m_file->setEnabled(file);
    m_browse->setEnabled(file);
}

void MeasurePanel::chooseFile()
{
    const QString path = is::gui::filedialogs::openFileName(this, tr("Choose a model"), m_file->text(),
                                                            tr("Models (*.gguf *.bin);;All files (*)"));
    if (!path.isEmpty())
        setModelFile(path);
}

void MeasurePanel::setSyntheticSpec(const QString& spec)
{
    m_preset->setCurrentIndex(kCustomIndex);
    m_spec->setText(spec);
}

void MeasurePanel::setModelFile(const QString& path)
{
    m_preset->setCurrentIndex(kFileIndex);
    m_file->setText(path);
}

void MeasurePanel::setThreads(int threads)
{
    m_threads->setValue(threads);
}

void MeasurePanel::setTokens(int generated, int prompt)
{
    m_tokens->setValue(generated);
    m_prompt->setValue(prompt);
}

QString MeasurePanel::generatedText() const
{
    return m_text->toPlainText();
}

void MeasurePanel::setRunning(bool running)
{
    m_run->setText(running ? tr("Cancel") : tr("Measure"));
    for (QWidget* w : {static_cast<QWidget*>(m_preset), static_cast<QWidget*>(m_threads),
                       static_cast<QWidget*>(m_tokens), static_cast<QWidget*>(m_prompt)})
        w->setEnabled(!running);
    if (running) {
        m_spec->setEnabled(false);
        m_file->setEnabled(false);
        m_browse->setEnabled(false);
    } else {
        presetChanged(m_preset->currentIndex());
    }
}

void MeasurePanel::start()
{
    if (isRunning() || !executorAvailable())
        return;
    MeasureJob::Request request;
    if (m_preset->currentIndex() == kFileIndex) {
        request.modelFile = m_file->text().trimmed();
        if (request.modelFile.isEmpty() || !QFileInfo(request.modelFile).isFile()) {
            m_status->setText(tr("Choose a model file first."));
            return;
        }
    } else {
        request.syntheticSpec = m_spec->text().trimmed();
    }
    request.threads = m_threads->value();
    request.genTokens = m_tokens->value();
    request.promptTokens = m_prompt->value();

    m_text->clear();
    m_measured = m_predicted = 0;
    m_lastDone.reset();
    m_measuredValue->setText(QStringLiteral("–"));
    m_predictedValue->setText(QStringLiteral("–"));
    m_errorValue->setText(QStringLiteral("–"));
    m_details->clear();
    m_progress->setRange(0, 0); // busy until decoding starts
    m_status->setText(tr("Loading the model…"));

    m_job = std::make_unique<MeasureJob>(request);
    connect(m_job.get(), &MeasureJob::updated, this, &MeasurePanel::poll);
    m_job->start();
    setRunning(true);
    Q_EMIT started();
}

void MeasurePanel::cancel()
{
    if (!m_job)
        return;
    m_job->cancel();
    m_status->setText(tr("Cancelling… (the run stops at the next token)"));
}

void MeasurePanel::poll()
{
    if (!m_job)
        return;
    const bool done = m_job->finished();
    const MeasureJob::Snapshot s = m_job->take();
    if (!s.newText.isEmpty()) {
        QScrollBar* bar = m_text->verticalScrollBar();
        const bool atEnd = bar->value() == bar->maximum();
        m_text->moveCursor(QTextCursor::End);
        m_text->insertPlainText(s.newText);
        if (atEnd)
            bar->setValue(bar->maximum());
    }
    switch (s.phase) {
    case MeasureJob::Phase::Loading:
        break;
    case MeasureJob::Phase::Probing:
        if (!m_job->cancelRequested())
            m_status->setText(tr("Probing this machine and timing the prompt…"));
        break;
    case MeasureJob::Phase::Decoding:
        m_progress->setRange(0, std::max(1, s.total));
        m_progress->setValue(s.done);
        if (!m_job->cancelRequested())
            m_status->setText(tr("Decoding %1 of %2 tokens").arg(s.done).arg(s.total));
        break;
    case MeasureJob::Phase::Done:
    case MeasureJob::Phase::Cancelled:
    case MeasureJob::Phase::Failed:
        break;
    }
    if (!done)
        return;

    m_job.reset(); // the run has ended: its tracker has nothing left to wait for
    setRunning(false);
    m_progress->setRange(0, 1);
    const bool ok = s.phase == MeasureJob::Phase::Done;
    m_progress->setValue(ok ? 1 : 0);
    if (s.phase == MeasureJob::Phase::Cancelled) {
        m_status->setText(tr("Cancelled."));
    } else if (s.phase == MeasureJob::Phase::Failed) {
        m_status->setText(tr("Failed: %1").arg(s.error));
    } else {
        m_lastDone = s;
        showResult();
    }
    Q_EMIT finished(ok);
}

void MeasurePanel::showResult()
{
    if (!m_lastDone)
        return;
    const MeasureJob::Snapshot& s = *m_lastDone;
    m_measured = s.decodeTokS;
    m_predicted = s.predictedTokS;
    m_measuredValue->setText(tr("%1 tok/s").arg(is::gui::units::significant(s.decodeTokS)));
    m_predictedValue->setText(tr("%1 tok/s").arg(is::gui::units::significant(s.predictedTokS)));
    // Signed: positive when the prediction is faster than what was measured.
    const double errorPct = 100 * s.predictedError;
    m_errorValue->setText(QString((errorPct >= 0 ? QStringLiteral("+") : QString()) %
                                  is::gui::units::significant(errorPct, 2) % QStringLiteral(" %")));
    m_status->setText(tr("Done."));
    m_status->setToolTip(s.modelName);
    m_details->setText(
        tr("%1 MB of %2 weights on %3 threads (%4 kernels). Prefill %5 tok/s, first token after %6 ms. "
           "Decode streams %7 of the probed read bandwidth (%8 GB/s) from %9.")
            .arg(is::gui::units::significant(s.modelBytes / 1e6), s.dtype, QString::number(s.threads), s.isa,
                 is::gui::units::significant(s.prefillTokS), is::gui::units::significant(s.ttftMs),
                 is::gui::units::percent(s.bandwidthFraction), is::gui::units::significant(s.readBwGBs),
                 s.inLlc ? tr("the last-level cache") : tr("memory")));
}

void MeasurePanel::adopt(const MeasurePanel& other)
{
    m_preset->setCurrentIndex(other.m_preset->currentIndex());
    m_spec->setText(other.m_spec->text());
    m_file->setText(other.m_file->text());
    m_threads->setValue(other.m_threads->value());
    m_tokens->setValue(other.m_tokens->value());
    m_prompt->setValue(other.m_prompt->value());
    m_text->setPlainText(other.m_text->toPlainText());
    m_lastDone = other.m_lastDone;
    if (m_lastDone) {
        m_progress->setRange(0, 1);
        m_progress->setValue(1);
        showResult();
    }
}

} // namespace is::gui
