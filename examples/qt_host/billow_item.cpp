#include "billow_item.hpp"

#include <QtCore/QRunnable>
#include <QtQuick/QQuickWindow>
#include <QtQuick/QSGSimpleTextureNode>
#include <QtQuick/QSGTexture>
#include <QtQuick/qsgtexture_platform.h>
#include <cstdio>

#include "smoke_controller.hpp"
#include "smoke_renderer.hpp"

namespace {

uint32_t gQueueFamilyIndex = 0;
uint32_t gGridSize = 256;

// Deletes the renderer on the render thread when the item leaves the window first.
class RendererCleanup : public QRunnable {
public:
    explicit RendererCleanup(SmokeRenderer* renderer) : renderer_(renderer) {}
    void run() override { delete renderer_; }

private:
    SmokeRenderer* renderer_;
};

} // namespace

void BillowItem::configure(uint32_t queueFamilyIndex, uint32_t gridSize) {
    gQueueFamilyIndex = queueFamilyIndex;
    gGridSize = gridSize;
}

BillowItem::BillowItem(QQuickItem* parent) : QQuickItem(parent) {
    setFlag(ItemHasContents, true);
    connect(this, &QQuickItem::windowChanged, this, &BillowItem::handleWindowChanged);
}

void BillowItem::setController(SmokeController* controller) {
    if (controller_ == controller) return;
    controller_ = controller;
    emit controllerChanged();
}

void BillowItem::handleWindowChanged(QQuickWindow* window) {
    if (!window) return;
    // Direct connections: these signals come on the render thread, which must make every Billow call.
    connect(window, &QQuickWindow::beforeSynchronizing, this, &BillowItem::synchronise, Qt::DirectConnection);
    connect(window, &QQuickWindow::beforeRendering, this, &BillowItem::recordFrame, Qt::DirectConnection);
    connect(window, &QQuickWindow::sceneGraphInvalidated, this, &BillowItem::destroyRenderer, Qt::DirectConnection);
    // A fixed step per rendered frame, and a new frame as soon as one is on screen.
    connect(window, &QQuickWindow::frameSwapped, this, [this] {
        if (QQuickWindow* w = this->window()) w->update();
    }, Qt::QueuedConnection);
}

void BillowItem::fail(const char* where, const std::exception& error) {
    failed_ = true;
    const QString message = QString("%1: %2").arg(where, error.what());
    std::fprintf(stderr, "billow_qt_host: %s\n", qPrintable(message));
    emit renderFailed(message);
}

void BillowItem::synchronise() {
    // The GUI thread is blocked here: reading the controller is safe.
    if (failed_) return;
    try {
        if (!renderer_) {
            renderer_ = new SmokeRenderer(window(), gQueueFamilyIndex, gGridSize);
            if (controller_)
                QMetaObject::invokeMethod(controller_, "setDeviceName", Qt::QueuedConnection,
                                          Q_ARG(QString, QString::fromStdString(renderer_->deviceName())));
            update();  // a texture node for the new image
        }
        if (controller_) renderer_->apply(controller_->controls());
    } catch (const std::exception& error) {
        fail("creating or updating the simulation", error);
    }
}

void BillowItem::recordFrame() {
    if (failed_ || !renderer_) return;
    try {
        renderer_->recordFrame();
        ++frames_;
    } catch (const std::exception& error) {
        fail("recording Billow into Qt's command buffer", error);
    }
}

QSGNode* BillowItem::updatePaintNode(QSGNode* oldNode, UpdatePaintNodeData*) {
    auto* node = static_cast<QSGSimpleTextureNode*>(oldNode);
    if (!renderer_) {
        delete node;
        return nullptr;
    }
    if (!node) {
        node = new QSGSimpleTextureNode;
        // The image Billow publishes into, as Qt's texture. The layout is the one it is in when
        // Qt's main pass samples it (the publish pass leaves it there every frame). The dye is
        // premultiplied, which is what Qt Quick's texture material blends (ONE, ONE_MINUS_SRC_ALPHA);
        // TextureHasAlphaChannel turns the blending on.
        QSGTexture* texture = QNativeInterface::QSGVulkanTexture::fromNative(
            renderer_->image(), VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL, window(), renderer_->imageSize(),
            QQuickWindow::TextureHasAlphaChannel);
        node->setTexture(texture);
        node->setOwnsTexture(true);
        node->setFiltering(QSGTexture::Linear);
        // Billow's row 0 is the bottom of the domain (y up); Qt's texture row 0 is the top.
        node->setTextureCoordinatesTransform(QSGSimpleTextureNode::MirrorVertically);
    }
    node->setRect(boundingRect());
    return node;
}

void BillowItem::geometryChange(const QRectF& newGeometry, const QRectF& oldGeometry) {
    QQuickItem::geometryChange(newGeometry, oldGeometry);
    update();
}

void BillowItem::destroyRenderer() {
    delete renderer_;
    renderer_ = nullptr;
}

void BillowItem::releaseResources() {
    // The item leaves its window while the scene graph lives on: delete on the render thread.
    if (renderer_ && window()) {
        window()->scheduleRenderJob(new RendererCleanup(renderer_), QQuickWindow::BeforeSynchronizingStage);
        renderer_ = nullptr;
    }
}
