// The Qt Quick item that shows Billow's smoke (QML type BillowSmoke): it owns the render-thread
// SmokeRenderer, hooks Qt's frame (beforeSynchronizing to pass the controls on, beforeRendering
// to record Billow into Qt's command buffer, sceneGraphInvalidated to clean up) and draws the
// published dye image as a texture node blended over whatever QML puts behind it.
#pragma once

#include <QtQuick/QQuickItem>
#include <atomic>
#include <cstdint>

#include "smoke_controller.hpp"  // complete: a Q_PROPERTY of its pointer type
class SmokeRenderer;

class BillowItem : public QQuickItem {
    Q_OBJECT
    Q_PROPERTY(SmokeController* controller READ controller WRITE setController NOTIFY controllerChanged)

public:
    // What every item needs before QML creates it: the queue family of the device the host gave
    // Qt, and the grid size (cells per side).
    static void configure(uint32_t queueFamilyIndex, uint32_t gridSize);

    explicit BillowItem(QQuickItem* parent = nullptr);

    SmokeController* controller() const { return controller_; }
    void setController(SmokeController* controller);

    // Frames Billow recorded into Qt's command buffers (any thread).
    uint64_t framesRecorded() const { return frames_.load(); }

signals:
    void controllerChanged();
    // The render thread failed (Billow or Vulkan threw); emitted on the render thread.
    void renderFailed(const QString& message);

protected:
    QSGNode* updatePaintNode(QSGNode* node, UpdatePaintNodeData*) override;
    void releaseResources() override;
    void geometryChange(const QRectF& newGeometry, const QRectF& oldGeometry) override;

private slots:
    void handleWindowChanged(QQuickWindow* window);

private:
    // Render thread.
    void synchronise();
    void recordFrame();
    void destroyRenderer();
    void fail(const char* where, const std::exception& error);

    SmokeController* controller_ = nullptr;
    SmokeRenderer* renderer_ = nullptr;  // created and destroyed on the render thread
    bool failed_ = false;
    std::atomic<uint64_t> frames_{0};
};
