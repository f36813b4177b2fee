#include "self_test.hpp"

#include <QtCore/QCoreApplication>
#include <QtCore/QTimer>
#include <QtQuick/QQuickWindow>
#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "billow_item.hpp"
#include "smoke_controller.hpp"
#include "validation_log.hpp"

namespace {

// How far two colours are apart: the largest channel difference, 0..255.
int distance(QRgb a, QRgb b) {
    return std::max({std::abs(qRed(a) - qRed(b)), std::abs(qGreen(a) - qGreen(b)), std::abs(qBlue(a) - qBlue(b))});
}

// Above 8-bit rounding and the sampler's filtering of a faint dye, below any visible smoke.
constexpr int kSmokeThreshold = 12;
constexpr int kChangeThreshold = 8;
// At least this many pixels of the item must be smoke, and this many must change between grabs.
constexpr int kMinSmokePixels = 500;
constexpr int kMinChangedPixels = 200;

} // namespace

SelfTest::SelfTest(QQuickWindow* window, BillowItem* item, SmokeController* controller, QColor background, Plan plan)
    : QObject(window), window_(window), item_(item), controller_(controller), background_(background),
      plan_(std::move(plan)) {
    clock_.start();
    connect(window, &QQuickWindow::frameSwapped, this, &SelfTest::onFrame, Qt::QueuedConnection);
    QTimer::singleShot(plan_.timeoutSeconds * 1000, this, [this] {
        if (done_) return;
        std::fprintf(stderr, "self-test: FAILED, only %llu frames in %d s\n", (unsigned long long)item_->framesRecorded(),
                     plan_.timeoutSeconds);
        done_ = true;
        QCoreApplication::exit(kTimedOut);
    });
}

void SelfTest::renderFailed(const QString& message) {
    if (done_) return;
    done_ = true;
    std::fprintf(stderr, "self-test: FAILED, the render thread stopped: %s\n", qPrintable(message));
    QCoreApplication::exit(kRenderFailed);
}

void SelfTest::onFrame() {
    if (done_) return;
    const uint64_t frames = item_->framesRecorded();
    // The controls, as a user would press them: a fresh solver early on, then new settings, a
    // new mapping and two splats, all before the first grab.
    if (controlsWorked_ == 0 && frames >= 3) {
        controller_->reset();
        controlsWorked_ = 1;
    } else if (controlsWorked_ == 1 && frames >= 8) {
        controller_->setVorticity(0.8);
        controller_->setDyeIntensity(1.5);
        controller_->addSplat();
        controller_->addSplat();
        controlsWorked_ = 2;
    }
    if (first_.isNull() && frames >= uint64_t(plan_.firstGrabFrame)) {
        first_ = window_->grabWindow();
        firstFrames_ = item_->framesRecorded();
    } else if (!first_.isNull() && frames >= firstFrames_ + uint64_t(plan_.framesBetween)) {
        finish();
    }
}

void SelfTest::finish() {
    done_ = true;
    const QImage second = window_->grabWindow();
    const uint64_t frames = item_->framesRecorded();
    const double seconds = clock_.elapsed() / 1000.0;
    if (!second.save(plan_.outputPath)) std::fprintf(stderr, "self-test: could not write %s\n", qPrintable(plan_.outputPath));

    // The item's rectangle in the grab's pixels.
    const qreal ratio = second.devicePixelRatio();
    const QRect rect = QRectF(item_->mapRectToScene(item_->boundingRect()).topLeft() * ratio,
                              item_->size() * ratio).toAlignedRect().intersected(second.rect());
    const QImage a = first_.convertToFormat(QImage::Format_RGB32), b = second.convertToFormat(QImage::Format_RGB32);
    const QRgb background = background_.rgb();
    int smoke = 0, changed = 0;
    for (int y = rect.top(); y <= rect.bottom(); ++y)
        for (int x = rect.left(); x <= rect.right(); ++x) {
            const QRgb now = b.pixel(x, y);
            if (distance(now, background) > kSmokeThreshold) ++smoke;
            if (distance(now, a.pixel(x, y)) > kChangeThreshold) ++changed;
        }
    const int area = rect.width() * rect.height();
    std::printf("self-test: item %dx%d at (%d, %d), %d smoke pixels (%.1f%%), %d changed between the grabs (%.1f%%)\n",
                rect.width(), rect.height(), rect.x(), rect.y(), smoke, 100.0 * smoke / std::max(area, 1), changed,
                100.0 * changed / std::max(area, 1));
    std::printf("self-test: %llu frames recorded (grabs %llu frames apart), %.2f s, %.1f frames/s, picture %s\n",
                (unsigned long long)frames, (unsigned long long)(frames - firstFrames_), seconds, frames / seconds,
                qPrintable(plan_.outputPath));

    int verdict = kPassed;
    if (smoke < kMinSmokePixels || changed < kMinChangedPixels) {
        std::fprintf(stderr, "self-test: FAILED, expected at least %d smoke pixels and %d changed pixels\n", kMinSmokePixels,
                     kMinChangedPixels);
        verdict = kNoSmoke;
    }
    if (plan_.validating) {
        // Any message fails: a hazard between Billow's writes and Qt's sampling of the image is
        // reported where Qt records its draw, naming only Qt's command buffers, so it lands among
        // "Qt's own" (measured with a deliberately wrong dstStage). The split only helps to read them.
        const ValidationLog& log = ValidationLog::instance();
        std::printf("self-test: validation messages: %zu naming Billow's objects or raised while it recorded, %zu others "
                    "(Qt's recording and submission)\n",
                    log.billowCount(), log.qtCount());
        if (log.billowCount() > 0)
            std::fprintf(stderr, "self-test: FAILED, the first message about Billow's work:\n%s\n",
                         log.billowMessages().front().c_str());
        if (log.qtCount() > 0)
            std::fprintf(stderr, "self-test: FAILED, the first message raised in Qt's work (Qt alone, or a hazard "
                                 "with Billow's image at Qt's draw):\n%s\n",
                         log.qtMessages().front().c_str());
        if (log.billowCount() + log.qtCount() > 0) verdict = kValidation;
    }
    if (verdict == kPassed) std::printf("self-test: passed\n");
    QCoreApplication::exit(verdict);
}
