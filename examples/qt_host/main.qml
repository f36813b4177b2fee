// The window's contents: Billow's smoke blended over a plain QML rectangle, and Qt Quick Controls
// beside it that steer the simulation through the SmokeController singleton.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Billow 1.0

Rectangle {
    id: root
    width: 860
    height: 540
    color: "#2a2e36"
    // What the smoke is composited over (the self-test counts pixels unlike this colour).
    property color smokeBackground: "#101820"

    RowLayout {
        anchors.fill: parent
        anchors.margins: 14
        spacing: 14

        Rectangle {
            Layout.fillHeight: true
            Layout.preferredWidth: height
            color: root.smokeBackground

            BillowSmoke {
                objectName: "smoke"
                anchors.fill: parent
                controller: SmokeController
            }
        }

        ColumnLayout {
            Layout.fillWidth: true
            Layout.alignment: Qt.AlignTop
            spacing: 8

            Label {
                text: "Billow smoke on Qt's Vulkan device"
                color: "white"
                font.bold: true
            }
            Label {
                text: SmokeController.deviceName
                color: "#b0b8c8"
            }
            Label {
                text: "Vorticity confinement: " + vorticitySlider.value.toFixed(2)
                color: "white"
            }
            Slider {
                id: vorticitySlider
                Layout.fillWidth: true
                from: 0
                to: 1.5
                value: SmokeController.vorticity
                onMoved: SmokeController.vorticity = value
            }
            Label {
                text: "Dye intensity: " + intensitySlider.value.toFixed(2)
                color: "white"
            }
            Slider {
                id: intensitySlider
                Layout.fillWidth: true
                from: 0.2
                to: 3
                value: SmokeController.dyeIntensity
                onMoved: SmokeController.dyeIntensity = value
            }
            RowLayout {
                Button {
                    text: "Add splat"
                    onClicked: SmokeController.addSplat()
                }
                Button {
                    text: "Reset"
                    onClicked: SmokeController.reset()
                }
            }
        }
    }
}
