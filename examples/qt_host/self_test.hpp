// --self-test: lets the app run a number of frames, grabs the window twice some frames apart
// (QQuickWindow::grabWindow, Qt's own readback of what it rendered), saves the second grab and
// decides: the smoke item's rectangle must hold smoke (pixels unlike the QML background behind
// it), the smoke must have moved between the grabs, and, when validating, the validation layer
// must have reported nothing (Billow's messages and Qt's are printed apart). Prints what it
// measured and exits the event loop with the verdict. On the way it works the controls as the
// QML ones do (reset, both sliders, the splat button), so their render-thread paths run under
// validation too.
#pragma once

#include <QtCore/QElapsedTimer>
#include <QtCore/QObject>
#include <QtCore/QString>
#include <QtGui/QColor>
#include <QtGui/QImage>

class BillowItem;
class SmokeController;
class QQuickWindow;

class SelfTest : public QObject {
    Q_OBJECT

public:
    struct Plan {
        QString outputPath;
        int firstGrabFrame = 30;  // frames Billow recorded before the first grab
        int framesBetween = 15;   // and between the grabs
        bool validating = false;
        int timeoutSeconds = 90;  // fails if the frames do not come
    };
    SelfTest(QQuickWindow* window, BillowItem* item, SmokeController* controller, QColor background, Plan plan);

    // Exit codes.
    static constexpr int kPassed = 0, kNoSmoke = 2, kValidation = 3, kRenderFailed = 4, kTimedOut = 5;

public slots:
    void renderFailed(const QString& message);

private:
    void onFrame();
    void finish();

    QQuickWindow* window_;
    BillowItem* item_;
    SmokeController* controller_;
    int controlsWorked_ = 0;
    QColor background_;
    Plan plan_;
    QImage first_;
    uint64_t firstFrames_ = 0;
    bool done_ = false;
    QElapsedTimer clock_;
};
