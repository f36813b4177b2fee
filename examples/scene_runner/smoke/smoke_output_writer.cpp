#include "smoke/smoke_output_writer.hpp"

#include "smoke/smoke_views.hpp"

namespace billow::scene {

std::vector<uint64_t> fieldShape(Field field, const SmokeSettings& s) {
    const uint64_t nx = s.nx, ny = s.ny;
    switch (field) {
    case Field::VelocityX:
    case Field::OpenX: return {ny, nx + 1};
    case Field::VelocityY:
    case Field::OpenY: return {ny + 1, nx};
    case Field::Curl: return {ny + 1, nx + 1};
    case Field::Dye: return {s.effectiveDyeNy(), s.effectiveDyeNx(), 4};
    default: return {ny, nx};
    }
}

const char* fieldFileName(Field field) {
    switch (field) {
    case Field::VelocityX: return "velocityX";
    case Field::VelocityY: return "velocityY";
    case Field::Density: return "density";
    case Field::Temperature: return "temperature";
    case Field::Dye: return "dye";
    case Field::Pressure: return "pressure";
    case Field::Divergence: return "divergence";
    case Field::Curl: return "vorticity";
    case Field::Solid: return "solid";
    case Field::OpenX: return "openX";
    case Field::OpenY: return "openY";
    }
    return "field";
}

namespace {

std::vector<std::string> allViewNames() {
    std::vector<std::string> names;
    for (View v : {View::Dye, View::Velocity, View::Speed, View::Vorticity, View::Pressure, View::Divergence,
                   View::Density, View::Temperature})
        names.push_back(viewName(v));
    return names;
}

} // namespace

OutputWriter::OutputWriter(std::string dir, const Scene& scene)
    : scene_(scene),
      folder_(std::move(dir), scene.name, allViewNames(), scene.output.metricsEvery != 0, !scene.output.fields.empty()) {}

void OutputWriter::writePictures(FieldCache& fields, uint32_t frame) {
    for (View view : scene_.output.views) {
        const Picture p = renderView(view, fields);
        folder_.writePicture(viewName(view), frame, p);
        if (view == scene_.output.animationView) animationWidth_ = p.width;
    }
    ++frames_;
}

void OutputWriter::writeFields(FieldCache& fields, uint32_t step) {
    for (Field field : scene_.output.fields)
        folder_.writeField(fieldFileName(field), step, fieldShape(field, fields.settings()), fields.get(field));
    ++fieldDumps_;
}

void OutputWriter::writeMetrics(const std::string& line) { folder_.writeMetrics(line); }

} // namespace billow::scene
