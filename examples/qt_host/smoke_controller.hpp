// The simulation's controls as QML sees them (a singleton, SmokeController): the sliders and
// buttons write here on the GUI thread; BillowItem copies the state to the render thread each
// frame while Qt synchronises the scene.
#pragma once

#include <QtCore/QObject>
#include <QtCore/QString>

#include "smoke_controls.hpp"

class SmokeController : public QObject {
    Q_OBJECT
    Q_PROPERTY(double vorticity READ vorticity WRITE setVorticity NOTIFY vorticityChanged)
    Q_PROPERTY(double dyeIntensity READ dyeIntensity WRITE setDyeIntensity NOTIFY dyeIntensityChanged)
    Q_PROPERTY(QString deviceName READ deviceName NOTIFY deviceNameChanged)

public:
    using QObject::QObject;

    double vorticity() const { return controls_.vorticity; }
    void setVorticity(double value);
    double dyeIntensity() const { return controls_.dyeIntensity; }
    void setDyeIntensity(double value);
    QString deviceName() const { return deviceName_; }
    // Set from the render thread through a queued call, hence invokable.
    Q_INVOKABLE void setDeviceName(const QString& name);

    // A splat of random colour and direction at the next step.
    Q_INVOKABLE void addSplat() { ++controls_.splatsRequested; }
    // A fresh solver (the dye and velocity cleared).
    Q_INVOKABLE void reset() { ++controls_.resetsRequested; }

    const SmokeControls& controls() const { return controls_; }

signals:
    void vorticityChanged();
    void dyeIntensityChanged();
    void deviceNameChanged();

private:
    SmokeControls controls_;
    QString deviceName_;
};
