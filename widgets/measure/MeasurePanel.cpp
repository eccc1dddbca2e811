// SPDX-License-Identifier: MIT
#include "measure/MeasurePanel.h"

MeasurePanel::MeasurePanel(QWidget* parent)
    : QWidget(parent)
{
}

MeasurePanel::~MeasurePanel() = default;

bool MeasurePanel::executorAvailable()
{
    return false;
}

bool MeasurePanel::isRunning() const
{
    return false;
}

void MeasurePanel::start()
{
}

void MeasurePanel::cancel()
{
}
