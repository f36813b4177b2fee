#include "common/colour_bar.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <vector>

#include "common/bitmap_font.hpp"

namespace billow::scene {

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
