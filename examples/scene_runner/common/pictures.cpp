#include "common/pictures.hpp"

#include <algorithm>
#include <cmath>

namespace billow::scene {

uint8_t toByte(float x) {
    // Written so NaN lands on 0: std::clamp passes NaN through, and NaN -> uint8_t is undefined.
    if (!(x > 0.0f)) return 0;
    if (!(x < 1.0f)) return 255;
    return static_cast<uint8_t>(x * 255.0f + 0.5f);
}

Rgb8 diverging(float x) {
    if (std::isnan(x)) return kNonFiniteColour;
    x = std::clamp(x, -1.0f, 1.0f);
    return {toByte(1.0f - std::max(-x, 0.0f)), toByte(1.0f - std::fabs(x)), toByte(1.0f - std::max(x, 0.0f))};
}

float signedRamp(float x) { return std::copysign(std::sqrt(std::fabs(x)), x); }

Rgb8 sequential(float x) {
    // Piecewise-linear through a few inferno stops (perceptually close enough for diagnostics).
    static const float stops[][3] = {{0.00f, 0.00f, 0.02f}, {0.23f, 0.04f, 0.41f}, {0.58f, 0.15f, 0.40f},
                                     {0.87f, 0.32f, 0.23f}, {0.99f, 0.65f, 0.04f}, {0.99f, 1.00f, 0.64f}};
    if (std::isnan(x)) return kNonFiniteColour;  // never an index of INT_MIN into the stops
    const float t = std::clamp(x, 0.0f, 1.0f) * 5.0f;
    const int k = std::min(static_cast<int>(t), 4);
    const float f = t - k;
    Rgb8 out;
    for (int c = 0; c < 3; ++c) out[c] = toByte(stops[k][c] + f * (stops[k + 1][c] - stops[k][c]));
    return out;
}

std::array<float, 3> hueRgb(float h) {
    if (std::isnan(h)) h = 0.0f;
    const float r = std::fabs(h * 6 - 3) - 1, g = 2 - std::fabs(h * 6 - 2), b = 2 - std::fabs(h * 6 - 4);
    return {std::clamp(r, 0.0f, 1.0f), std::clamp(g, 0.0f, 1.0f), std::clamp(b, 0.0f, 1.0f)};
}

Rgb8 directional(float angle, float magnitude) {
    if (!std::isfinite(angle) || std::isnan(magnitude)) return kNonFiniteColour;
    float h = angle / 6.2831853f;
    h -= std::floor(h);
    const std::array<float, 3> c = hueRgb(h);
    const float v = std::clamp(magnitude, 0.0f, 1.0f);
    return {toByte(c[0] * v), toByte(c[1] * v), toByte(c[2] * v)};
}

Picture draw(uint32_t width, uint32_t height, uint32_t zoom, const std::function<Rgb8(uint32_t, uint32_t)>& colour) {
    Picture p{width * zoom, height * zoom, std::vector<uint8_t>(size_t(width) * height * zoom * zoom * 3)};
    for (uint32_t j = 0; j < height; ++j)
        for (uint32_t i = 0; i < width; ++i) {
            const Rgb8 c = colour(i, j);
            for (uint32_t y = 0; y < zoom; ++y)
                for (uint32_t x = 0; x < zoom; ++x) {
                    const size_t row = size_t(height - 1 - j) * zoom + y;
                    std::copy(c.begin(), c.end(), &p.rgb[(row * p.width + size_t(i) * zoom + x) * 3]);
                }
        }
    return p;
}

float largestMagnitude(const std::vector<float>& values) {
    float top = 1e-20f;
    for (float x : values) top = std::max(top, std::fabs(x));
    return top;
}

namespace {

float triangle(float x) { return std::max(0.0f, 1.0f - std::fabs(x)); }

float catmullRom(float x) {
    x = std::fabs(x);
    if (x < 1.0f) return (1.5f * x - 2.5f) * x * x + 1.0f;
    if (x < 2.0f) return ((-0.5f * x + 2.5f) * x - 4.0f) * x + 2.0f;
    return 0.0f;
}

// For each of `out` destination pixels along one axis, the source pixels and their weights
// (normalised to sum 1), reading `in` source pixels.
struct Taps {
    std::vector<uint32_t> first, count;
    std::vector<float> weights;  // `stride` per destination pixel
    uint32_t stride = 0;
};

Taps tapsFor(uint32_t in, uint32_t out, PictureFilter filter) {
    const float ratio = float(in) / float(out);  // source pixels per destination pixel
    const float widen = std::max(1.0f, ratio);   // reducing: the filter covers `ratio` pixels
    const float radius = (filter == PictureFilter::Bicubic ? 2.0f : filter == PictureFilter::Bilinear ? 1.0f : 0.5f) * widen;
    Taps t;
    t.stride = static_cast<uint32_t>(std::ceil(radius)) * 2 + 2;
    t.first.resize(out);
    t.count.resize(out);
    t.weights.assign(size_t(out) * t.stride, 0.0f);
    for (uint32_t k = 0; k < out; ++k) {
        const float centre = (k + 0.5f) * ratio - 0.5f;  // in source pixel coordinates
        float* w = &t.weights[size_t(k) * t.stride];
        if (filter == PictureFilter::Nearest && ratio <= 1.0f) {
            // The source pixel under the destination pixel's centre.
            t.first[k] = std::min(in - 1, static_cast<uint32_t>((k + 0.5f) * ratio));
            t.count[k] = 1;
            w[0] = 1.0f;
            continue;
        }
        const int lo = std::max(0, static_cast<int>(std::ceil(centre - radius)));
        const int hi = std::min(int(in) - 1, static_cast<int>(std::floor(centre + radius)));
        float sum = 0.0f;
        uint32_t n = 0;
        for (int s = lo; s <= hi && n < t.stride; ++s, ++n) {
            const float x = (s - centre) / widen;
            w[n] = filter == PictureFilter::Bicubic ? catmullRom(x) : filter == PictureFilter::Bilinear ? triangle(x)
                                                                                                     : (std::fabs(x) <= 0.5f ? 1.0f : 0.0f);
            sum += w[n];
        }
        if (n == 0 || sum == 0.0f) {  // a destination pixel between two source pixels' reach
            t.first[k] = std::clamp(static_cast<int>(std::lround(centre)), 0, int(in) - 1);
            t.count[k] = 1;
            w[0] = 1.0f;
            continue;
        }
        for (uint32_t m = 0; m < n; ++m) w[m] /= sum;
        t.first[k] = uint32_t(lo);
        t.count[k] = n;
    }
    return t;
}

} // namespace

Picture resample(const Picture& p, uint32_t width, uint32_t height, PictureFilter filter) {
    if (p.width == width && p.height == height) return p;
    const Taps across = tapsFor(p.width, width, filter), down = tapsFor(p.height, height, filter);
    // Rows first (into floats), then columns.
    std::vector<float> rows(size_t(width) * p.height * 3);
    for (uint32_t y = 0; y < p.height; ++y)
        for (uint32_t x = 0; x < width; ++x) {
            const float* w = &across.weights[size_t(x) * across.stride];
            float c[3] = {0, 0, 0};
            for (uint32_t m = 0; m < across.count[x]; ++m) {
                const uint8_t* s = &p.rgb[(size_t(y) * p.width + across.first[x] + m) * 3];
                for (int k = 0; k < 3; ++k) c[k] += w[m] * s[k];
            }
            std::copy(c, c + 3, &rows[(size_t(y) * width + x) * 3]);
        }
    Picture out{width, height, std::vector<uint8_t>(size_t(width) * height * 3)};
    for (uint32_t y = 0; y < height; ++y) {
        const float* w = &down.weights[size_t(y) * down.stride];
        for (uint32_t x = 0; x < width; ++x)
            for (int k = 0; k < 3; ++k) {
                float c = 0.0f;
                for (uint32_t m = 0; m < down.count[y]; ++m) c += w[m] * rows[((down.first[y] + m) * size_t(width) + x) * 3 + k];
                out.rgb[(size_t(y) * width + x) * 3 + k] = static_cast<uint8_t>(std::clamp(c, 0.0f, 255.0f) + 0.5f);
            }
    }
    return out;
}

PictureSize sizeForLongSide(uint32_t nx, uint32_t ny, uint32_t longSide) {
    if (nx >= ny) return {longSide, std::max(1u, static_cast<uint32_t>(std::lround(double(longSide) * ny / nx)))};
    return {std::max(1u, static_cast<uint32_t>(std::lround(double(longSide) * nx / ny))), longSide};
}

uint32_t pictureLongSide(uint32_t requested, uint32_t finestLongSide) {
    return requested ? requested : std::max(kDefaultLongSide, finestLongSide);
}

} // namespace billow::scene
