// billow_qt_host: a Qt Quick 6 application in which Qt and Billow share one Vulkan device. Billow
// records a 2D smoke step and publishes the dye into an image inside Qt's frame command buffer
// (beforeRendering), and Qt Quick draws that image as a texture next to Qt Quick Controls.
//
//   billow_qt_host [--validate] [--grid N] [--self-test out.png]
//
// --validate (or BILLOW_VALIDATION=1): the Khronos validation layer with synchronisation
// validation on Qt's instance; every message is printed, marked as Billow's or Qt's.
// --self-test: runs, grabs, checks and exits (self_test.hpp); exit code 0 when it passed.
#include <QtCore/QCommandLineParser>
#include <QtGui/QGuiApplication>
#include <QtGui/QVulkanInstance>
#include <QtQml/QQmlEngine>
#include <QtQuick/QQuickGraphicsDevice>
#include <QtQuick/QQuickView>
#include <cstdio>
#include <memory>

#include "billow_item.hpp"
#include "self_test.hpp"
#include "shared_device.hpp"
#include "smoke_controller.hpp"
#include "validation_log.hpp"

namespace {

constexpr const char* kValidationLayer = "VK_LAYER_KHRONOS_validation";

int fatal(const QString& message) {
    std::fprintf(stderr, "billow_qt_host: %s\n", qPrintable(message));
    return 1;
}

} // namespace

int main(int argc, char** argv) {
    bool validate = qEnvironmentVariableIntValue("BILLOW_VALIDATION") == 1;
    for (int i = 1; i < argc; ++i)
        if (qstrcmp(argv[i], "--validate") == 0) validate = true;
    // QVulkanInstance has no way to chain VkValidationFeaturesEXT in Qt 6.4; the layer reads the
    // same switch from its environment.
    if (validate && !qEnvironmentVariableIsSet("VK_LAYER_ENABLES"))
        qputenv("VK_LAYER_ENABLES", "VK_VALIDATION_FEATURE_ENABLE_SYNCHRONIZATION_VALIDATION_EXT");

    QGuiApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription("Billow's 2D smoke inside a Qt Quick window, on Qt's Vulkan device");
    parser.addHelpOption();
    QCommandLineOption validateOption("validate", "Enable the Khronos validation layer (as BILLOW_VALIDATION=1).");
    QCommandLineOption gridOption("grid", "Cells per side of the smoke grid (default 256).", "N", "256");
    QCommandLineOption selfTestOption("self-test", "Render, grab twice, check for moving smoke, save the picture, exit.",
                                      "out.png");
    parser.addOptions({validateOption, gridOption, selfTestOption});
    parser.process(app);
    const uint32_t grid = parser.value(gridOption).toUInt();
    if (grid < 8 || grid > 4096) return fatal("--grid must be in 8..4096");

    // Qt Quick on Vulkan, with an instance the app creates (so it chooses the layers).
    QQuickWindow::setGraphicsApi(QSGRendererInterface::Vulkan);
    QVulkanInstance vulkan;
    vulkan.setApiVersion(QVersionNumber(1, 1));  // Billow needs Vulkan 1.1
    if (validate) {
        if (!vulkan.supportedLayers().contains(kValidationLayer))
            return fatal("--validate: the Khronos validation layer is not installed (vulkan-validationlayers)");
        if (!vulkan.supportedExtensions().contains(VK_EXT_DEBUG_UTILS_EXTENSION_NAME))
            return fatal("--validate: the instance lacks " VK_EXT_DEBUG_UTILS_EXTENSION_NAME);
        vulkan.setLayers({kValidationLayer});
        vulkan.setExtensions({VK_EXT_DEBUG_UTILS_EXTENSION_NAME});
        // Our own messenger replaces Qt's debug output, so every message is counted once.
        vulkan.setFlags(QVulkanInstance::NoDebugOutputRedirect);
    }
    if (!vulkan.create()) return fatal(QString("QVulkanInstance::create failed: VkResult %1").arg(vulkan.errorCode()));
    if (validate && !ValidationLog::instance().install(vulkan))
        return fatal("--validate: vkCreateDebugUtilsMessengerEXT failed");

    auto view = std::make_unique<QQuickView>();
    view->setVulkanInstance(&vulkan);
    view->setTitle("Billow in Qt Quick");
    view->setResizeMode(QQuickView::SizeRootObjectToView);
    view->resize(860, 540);
    view->create();  // the platform window, so a queue family's present support can be asked

    SharedDevice shared;
    try {
        shared = createSharedDevice(vulkan, *view);
    } catch (const std::exception& error) {
        return fatal(error.what());
    }
    std::printf("billow_qt_host: %s, queue family %u shared by Qt and Billow%s\n", shared.deviceName.c_str(),
                shared.queueFamilyIndex, validate ? ", validation on" : "");
    view->setGraphicsDevice(
        QQuickGraphicsDevice::fromDeviceObjects(shared.physicalDevice, shared.device, int(shared.queueFamilyIndex), 0));

    SmokeController controller;
    BillowItem::configure(shared.queueFamilyIndex, grid);
    qmlRegisterType<BillowItem>("Billow", 1, 0, "BillowSmoke");
    qmlRegisterSingletonInstance("Billow", 1, 0, "SmokeController", &controller);
    view->setSource(QUrl("qrc:/billow_qt_host/main.qml"));
    if (view->status() != QQuickView::Ready) return fatal("main.qml did not load (see the QML errors above)");
    auto* item = view->rootObject()->findChild<BillowItem*>("smoke");
    if (!item) return fatal("main.qml has no BillowSmoke named \"smoke\"");

    if (parser.isSet(selfTestOption)) {
        SelfTest::Plan plan;
        plan.outputPath = parser.value(selfTestOption);
        plan.validating = validate;
        const QColor background = view->rootObject()->property("smokeBackground").value<QColor>();
        auto* selfTest = new SelfTest(view.get(), item, &controller, background, plan);  // a child of the window
        QObject::connect(item, &BillowItem::renderFailed, selfTest, &SelfTest::renderFailed, Qt::QueuedConnection);
    } else {
        QObject::connect(item, &BillowItem::renderFailed, &app, [] { QCoreApplication::exit(1); }, Qt::QueuedConnection);
    }
    // Every way out says why in the log: a window closed by the window manager (or an X server
    // that went away), a scene-graph error (Qt's default for an unconnected sceneGraphError is
    // qFatal, which an X server restart can make look like a silent exit), or a render failure
    // (printed by BillowItem).
    QObject::connect(view.get(), &QQuickWindow::sceneGraphError, &app,
                     [](QQuickWindow::SceneGraphError, const QString& message) {
                         std::fprintf(stderr, "billow_qt_host: Qt's scene graph failed: %s\n", qPrintable(message));
                         QCoreApplication::exit(3);
                     });
    QObject::connect(&app, &QGuiApplication::lastWindowClosed, &app,
                     [] { std::fprintf(stderr, "billow_qt_host: the window was closed\n"); });
    view->show();
    const int code = app.exec();
    std::fprintf(stderr, "billow_qt_host: exiting with code %d\n", code);

    // The window (and with it Qt's renderer and Billow's objects, on the render thread) goes
    // before the device it renders with, and the device before the instance.
    view.reset();
    destroySharedDevice(vulkan, shared);
    if (validate) ValidationLog::instance().uninstall(vulkan);
    return code;
}
