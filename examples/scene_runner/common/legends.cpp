#include "common/legends.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <vector>

namespace billow::scene {

namespace {

// Glyphs of ' ' (32) to '~' (126): 8 rows of 5 bits each, the top row in the highest bits, the
// leftmost pixel of a row in its highest bit. Drawn for this project on a 5 x 7 grid in the
// style of character-LCD fonts.
constexpr uint64_t kGlyphs[95] = {
    0x0000000000, 0x2108420080, 0x5280000000, 0x52BEAFA940, 0x23E8E2F880, 0xC644444C60,
    0x64A88AC9A0, 0x2100000000, 0x1110841040, 0x4104211100, 0x012AEA9000, 0x0109F21000,
    0x0000061100, 0x0001F00000, 0x0000003180, 0x0044444000, 0x74675CC5C0, 0x23084211C0,
    0x74422223E0, 0xF88820C5C0, 0x11952F8840, 0xFC3C10C5C0, 0x3221E8C5C0, 0xF844442100,
    0x7462E8C5C0, 0x7462F08980, 0x0318063000, 0x0318061100, 0x1111041040, 0x003E0F8000,
    0x4104111100, 0x7442220080, 0x7442DAD5C0, 0x7463F8C620, 0xF463E8C7C0, 0x74610845C0,
    0xE4A318CB80, 0xFC21E843E0, 0xFC21E84200, 0x746178C5E0, 0x8C63F8C620, 0x71084211C0,
    0x3884214980, 0x8CA98A4A20, 0x84210843E0, 0x8EEB58C620, 0x8C7359C620, 0x746318C5C0,
    0xF463E84200, 0x74631AC9A0, 0xF463EA4A20, 0x7C20E087C0, 0xF908421080, 0x8C6318C5C0,
    0x8C6318A880, 0x8C635AD540, 0x8C54454620, 0x8C54421080, 0xF8444443E0, 0x72108421C0,
    0x0410410400, 0x70842109C0, 0x22A2000000, 0x00000003E0, 0x4100000000, 0x001C17C5E0,
    0x842D98C7C0, 0x001D0845C0, 0x085B38C5E0, 0x001D1FC1C0, 0x3251C42100, 0x001F18BC2E,
    0x842D98C620, 0x20184211C0, 0x100C210A4C, 0x84254C5240, 0x61084211C0, 0x00355AC620,
    0x002D98C620, 0x001D18C5C0, 0x003D18FA10, 0x001F18BC21, 0x002D984200, 0x001F0707C0,
    0x42388424C0, 0x002318CDA0, 0x002318A880, 0x00231AD540, 0x0022A22A20, 0x002318BC2E,
    0x003E2223E0, 0x1108821040, 0x2108421080, 0x4108221100, 0x0011510000,
};

// A hollow box for characters the font does not have.
constexpr uint64_t kMissing = 0xFC6318C7E0ull;

} // namespace

bool glyphPixel(char c, uint32_t column, uint32_t row) {
    if (column >= kGlyphWidth || row >= kGlyphHeight) return false;
    const unsigned code = static_cast<unsigned char>(c);
    const uint64_t bits = code >= 32 && code <= 126 ? kGlyphs[code - 32] : kMissing;
    const uint32_t bit = (kGlyphHeight - 1 - row) * kGlyphWidth + (kGlyphWidth - 1 - column);
    return (bits >> bit) & 1u;
}

uint32_t textWidth(const std::string& text, uint32_t scale) {
    return text.empty() ? 0 : (uint32_t(text.size()) * kCharAdvance - 1) * scale;
}

void drawText(Picture& picture, int x, int y, const std::string& text, uint32_t scale, Rgb8 colour) {
    for (size_t k = 0; k < text.size(); ++k)
        for (uint32_t row = 0; row < kGlyphHeight; ++row)
            for (uint32_t column = 0; column < kGlyphWidth; ++column) {
                if (!glyphPixel(text[k], column, row)) continue;
                const int left = x + int((k * kCharAdvance + column) * scale), top = y + int(row * scale);
                for (uint32_t dy = 0; dy < scale; ++dy)
                    for (uint32_t dx = 0; dx < scale; ++dx) {
                        const int px = left + int(dx), py = top + int(dy);
                        if (px < 0 || py < 0 || px >= int(picture.width) || py >= int(picture.height)) continue;
                        std::copy(colour.begin(), colour.end(), &picture.rgb[(size_t(py) * picture.width + px) * 3]);
                    }
            }
}

namespace {

constexpr Rgb8 kBackground = kLegendBackground;
constexpr Rgb8 kText = kLegendText;
constexpr Rgb8 kFrame = {150, 150, 150};

// Greedy word wrap to lines of at most `maxChars` characters (longer words are cut).
std::vector<std::string> wrap(const std::string& text, size_t maxChars) {
    maxChars = std::max<size_t>(maxChars, 1);
    std::vector<std::string> lines;
    std::istringstream words(text);
    std::string word, line;
    while (words >> word) {
        while (word.size() > maxChars) {
            if (!line.empty()) lines.push_back(line), line.clear();
            lines.push_back(word.substr(0, maxChars));
            word = word.substr(maxChars);
        }
        if (line.empty()) line = word;
        else if (line.size() + 1 + word.size() <= maxChars) line += " " + word;
        else lines.push_back(line), line = word;
    }
    if (!line.empty()) lines.push_back(line);
    return lines;
}

// Grows `picture` by `rows` rows of the legend background at the bottom; returns the first new row.
uint32_t appendStrip(Picture& picture, uint32_t rows) {
    const uint32_t top = picture.height;
    picture.height += rows;
    picture.rgb.resize(size_t(picture.width) * picture.height * 3);
    for (size_t k = size_t(top) * picture.width; k < size_t(picture.width) * picture.height; ++k)
        std::copy(kBackground.begin(), kBackground.end(), &picture.rgb[k * 3]);
    return top;
}

void fill(Picture& p, int x0, int y0, int x1, int y1, Rgb8 colour) {
    for (int y = std::max(y0, 0); y < std::min(y1, int(p.height)); ++y)
        for (int x = std::max(x0, 0); x < std::min(x1, int(p.width)); ++x)
            std::copy(colour.begin(), colour.end(), &p.rgb[(size_t(y) * p.width + x) * 3]);
}

} // namespace

uint32_t legendTextScale(uint32_t width) { return std::clamp<uint32_t>((width + 110) / 220, 1, 4); }

std::string legendNumber(double value) {
    if (value == 0.0) return "0";
    char text[32];
    std::snprintf(text, sizeof(text), "%.3g", value);
    return text;
}

BarRange barRange(const std::vector<float>& values, Quantity quantity) {
    if (quantity == Quantity::Signed) {
        const double top = largestMagnitude(values);
        return {-top, top};
    }
    float top = 1e-20f;
    for (float v : values) top = std::max(top, v);  // as largestMagnitude: NaN skipped, infinity kept
    return {0.0, double(top)};
}

void drawColourBar(Picture& picture, const ColourMap& map, double low, double high, const std::string& label) {
    const uint32_t s = legendTextScale(picture.width);
    const int pad = int(4 * s), lineHeight = int(kLineHeight * s), barHeight = int(10 * s), tick = int(3 * s);
    const int inner = std::max(int(picture.width) - 2 * pad, 1);
    const std::vector<std::string> lines = wrap(label, size_t(inner) / (kCharAdvance * s));
    const int rows = pad + int(lines.size()) * lineHeight + barHeight + 2 + tick + 2 + lineHeight + pad;
    const int top = int(appendStrip(picture, uint32_t(rows)));

    int y = top + pad;
    for (const std::string& line : lines) {
        drawText(picture, pad, y, line, s, kText);
        y += lineHeight;
    }
    // The bar, framed by one pixel, sampled at each column's centre.
    fill(picture, pad - 1, y - 1, pad + inner + 1, y + barHeight + 1, kFrame);
    for (int x = 0; x < inner; ++x) {
        const double value = low + (high - low) * (x + 0.5) / inner;
        fill(picture, pad + x, y, pad + x + 1, y + barHeight, map(value));
    }
    y += barHeight + 2;
    // Ticks and numbers: both ends, and zero where the range crosses it.
    auto tickAt = [&](int x) { fill(picture, x, y, x + int(s), y + tick, kText); };
    const int numbersY = y + tick + 2;
    const std::string lowText = legendNumber(low), highText = legendNumber(high);
    tickAt(pad);
    tickAt(pad + inner - int(s));
    drawText(picture, pad, numbersY, lowText, s, kText);
    const int highLeft = pad + inner - int(textWidth(highText, s));
    drawText(picture, highLeft, numbersY, highText, s, kText);
    // (Only for finite ends: a blown-up field's infinite range has no place for zero.)
    if (std::isfinite(low) && std::isfinite(high) && low < 0.0 && high > 0.0) {
        const int zeroX = pad + int(std::lround(inner * (-low) / (high - low)));
        tickAt(zeroX);
        const int zeroLeft = zeroX - int(textWidth("0", s)) / 2;
        if (zeroLeft > pad + int(textWidth(lowText, s)) + int(2 * s) && zeroLeft + int(textWidth("0", s)) + int(2 * s) < highLeft)
            drawText(picture, zeroLeft, numbersY, "0", s, kText);
    }
}

void drawVelocityKey(Picture& picture, const VelocityColour& colour, double topSpeed, const std::string& label) {
    const uint32_t s = legendTextScale(picture.width);
    const int pad = int(4 * s), lineHeight = int(kLineHeight * s), radius = int(14 * s);
    const int textLeft = pad + 2 * radius + 2 * pad;
    const size_t maxChars = size_t(std::max(int(picture.width) - textLeft - pad, 1)) / (kCharAdvance * s);
    std::vector<std::string> lines = wrap(label, maxChars);
    for (const std::string& line : wrap("rim: " + legendNumber(topSpeed) + " m/s", maxChars)) lines.push_back(line);
    for (const std::string& line : wrap("hue: direction, brightness: speed", maxChars)) lines.push_back(line);
    const int rows = 2 * pad + std::max(2 * radius + 1, int(lines.size()) * lineHeight);
    const int top = int(appendStrip(picture, uint32_t(rows)));

    const int cx = pad + radius, cy = top + pad + radius;
    for (int dy = -radius; dy <= radius; ++dy)
        for (int dx = -radius; dx <= radius; ++dx) {
            const double r = std::hypot(dx, dy);
            if (r > radius + 0.5) continue;
            // The rim: a light ring one pixel wide, so the key's edge reads as "topSpeed".
            const Rgb8 c = r > radius - 0.5 ? kFrame : colour(topSpeed * dx / radius, -topSpeed * dy / radius);
            fill(picture, cx + dx, cy + dy, cx + dx + 1, cy + dy + 1, c);
        }
    int y = top + pad;
    for (const std::string& line : lines) {
        drawText(picture, textLeft, y, line, s, kText);
        y += lineHeight;
    }
}

} // namespace billow::scene
