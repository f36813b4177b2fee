#include "smoke_controller.hpp"

#include <algorithm>

void SmokeController::setVorticity(double value) {
    const float v = std::max(0.0f, float(value));  // the solver refuses a negative strength
    if (v == controls_.vorticity) return;
    controls_.vorticity = v;
    emit vorticityChanged();
}

void SmokeController::setDyeIntensity(double value) {
    const float v = std::max(0.0f, float(value));
    if (v == controls_.dyeIntensity) return;
    controls_.dyeIntensity = v;
    emit dyeIntensityChanged();
}

void SmokeController::setDeviceName(const QString& name) {
    if (name == deviceName_) return;
    deviceName_ = name;
    emit deviceNameChanged();
}
