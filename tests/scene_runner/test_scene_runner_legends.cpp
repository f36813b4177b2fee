// The picture tools of the scene runner on their own (no GPU): resizing, the bitmap font, colour
// bars and the velocity key (their text and colours are read back from the pixels), and the
// contact sheet's layout.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <set>
#include <string>
#include <vector>

#include "common/frame_pictures.hpp"
#include "common/legends.hpp"
#include "common/pictures.hpp"
#include "scene_runner/scene_runner_test_support.hpp"

using namespace billow::scene;
using billow::scene_test::findText;

namespace {

Picture filled(uint32_t width, uint32_t height, Rgb8 colour) {
    Picture p{width, height, std::vector<uint8_t>(size_t(width) * height * 3)};
    for (size_t k = 0; k < size_t(width) * height; ++k) std::copy(colour.begin(), colour.end(), &p.rgb[k * 3]);
    return p;
}

Rgb8 at(const Picture& p, uint32_t x, uint32_t y) {
    const uint8_t* c = &p.rgb[(size_t(y) * p.width + x) * 3];
    return {c[0], c[1], c[2]};
}

int distance(Rgb8 a, Rgb8 b) {
    int d = 0;
    for (int k = 0; k < 3; ++k) d = std::max(d, std::abs(int(a[k]) - int(b[k])));
    return d;
}

} // namespace

TEST(PictureResample, SizesFollowTheLongSideAndTheDefault) {
    EXPECT_EQ(sizeForLongSide(96, 144, 512).width, 341u);
    EXPECT_EQ(sizeForLongSide(96, 144, 512).height, 512u);
    EXPECT_EQ(sizeForLongSide(400, 100, 512).height, 128u);
    EXPECT_EQ(pictureLongSide(0, 192), 512u);    // small grids are enlarged to 512
    EXPECT_EQ(pictureLongSide(0, 1024), 1024u);  // large grids keep every sample
    EXPECT_EQ(pictureLongSide(300, 1024), 300u); // a requested size is exact
}

TEST(PictureResample, ConstantStaysConstantAndRampsStayMonotonic) {
    for (PictureFilter filter : {PictureFilter::Bicubic, PictureFilter::Bilinear, PictureFilter::Nearest}) {
        const Picture flat = resample(filled(7, 5, {40, 120, 200}), 333, 222, filter);
        ASSERT_EQ(flat.width, 333u);
        ASSERT_EQ(flat.height, 222u);
        for (size_t k = 0; k < flat.rgb.size(); k += 3) ASSERT_EQ(distance({flat.rgb[k], flat.rgb[k + 1], flat.rgb[k + 2]}, {40, 120, 200}), 0);
    }
    // A horizontal ramp of 8 samples enlarged 16 times: smooth filters interpolate (no repeated
    // 16-pixel blocks) and never reverse (Catmull-Rom on a linear ramp is exact, so no overshoot).
    Picture ramp = filled(8, 2, {0, 0, 0});
    for (uint32_t y = 0; y < 2; ++y)
        for (uint32_t x = 0; x < 8; ++x) ramp.rgb[(y * 8 + x) * 3] = uint8_t(x * 30);
    for (PictureFilter filter : {PictureFilter::Bicubic, PictureFilter::Bilinear}) {
        const Picture big = resample(ramp, 128, 32, filter);
        std::set<int> levels;
        for (uint32_t x = 1; x < 128; ++x) ASSERT_GE(at(big, x, 16)[0], at(big, x - 1, 16)[0]) << x;
        for (uint32_t x = 0; x < 128; ++x) levels.insert(at(big, x, 16)[0]);
        EXPECT_GT(levels.size(), 100u);
    }
    const Picture blocks = resample(ramp, 128, 32, PictureFilter::Nearest);
    for (uint32_t x = 0; x < 128; ++x) EXPECT_EQ(at(blocks, x, 0)[0], (x / 16) * 30) << x;
}

TEST(PictureResample, ReducingAveragesInsteadOfAliasing) {
    // A one-pixel checkerboard reduced 8 times is grey everywhere, not black or white.
    Picture board = filled(64, 64, {0, 0, 0});
    for (uint32_t y = 0; y < 64; ++y)
        for (uint32_t x = 0; x < 64; ++x)
            if ((x + y) % 2) board.rgb[(y * 64 + x) * 3] = board.rgb[(y * 64 + x) * 3 + 1] = board.rgb[(y * 64 + x) * 3 + 2] = 255;
    for (PictureFilter filter : {PictureFilter::Bicubic, PictureFilter::Bilinear, PictureFilter::Nearest}) {
        const Picture small = resample(board, 8, 8, filter);
        for (size_t k = 0; k < small.rgb.size(); ++k) ASSERT_NEAR(small.rgb[k], 127.5, 12.0) << int(filter);
    }
}

// Every printable character has its own glyph (a typo in the table that merges two is caught),
// and every one but the space sets some pixels.
TEST(BitmapFont, EveryPrintableCharacterIsDistinct) {
    std::set<std::vector<bool>> seen;
    for (char c = 32; c < 127; ++c) {
        std::vector<bool> bits;
        for (uint32_t row = 0; row < kGlyphHeight; ++row)
            for (uint32_t column = 0; column < kGlyphWidth; ++column) bits.push_back(glyphPixel(c, column, row));
        EXPECT_EQ(std::count(bits.begin(), bits.end(), true) == 0, c == ' ') << c;
        EXPECT_TRUE(seen.insert(bits).second) << "glyph of '" << c << "' repeats another";
    }
    // Descenders only where letters have them.
    for (char c : std::string("gjpqy")) {
        bool below = false;
        for (uint32_t column = 0; column < kGlyphWidth; ++column) below |= glyphPixel(c, column, 7);
        EXPECT_TRUE(below) << c;
    }
    EXPECT_FALSE(glyphPixel('A', 0, 7));
    EXPECT_EQ(textWidth("ab", 2), (2 * kCharAdvance - 1) * 2);
}

TEST(ColourBar, AppendsTheLabelTheRangeAndTheColours) {
    const Rgb8 grey = {90, 90, 90};
    Picture p = filled(341, 200, grey);
    const ColourMap map = [](double v) { return diverging(float(v / 2.5e-3)); };
    drawColourBar(p, map, -2.5e-3, 2.5e-3, "divergence, 1/s");
    ASSERT_EQ(p.width, 341u);
    ASSERT_GT(p.height, 200u);
    for (uint32_t y = 0; y < 200; ++y) ASSERT_EQ(at(p, 170, y), grey) << "the picture itself is not covered";
    const uint32_t s = legendTextScale(p.width);
    EXPECT_EQ(s, 2u);
    EXPECT_TRUE(findText(p, "divergence, 1/s", s, kLegendText, kLegendBackground, 200));
    EXPECT_TRUE(findText(p, "-0.0025", s, kLegendText, kLegendBackground, 200));
    EXPECT_TRUE(findText(p, "0.0025", s, kLegendText, kLegendBackground, 200));
    EXPECT_FALSE(findText(p, "0.0026", s, kLegendText, kLegendBackground, 200));
    // The bar: rows whose left end is the colour of the low end (blue), right end of the high
    // end (red), and the middle white (the map's zero).
    const uint32_t pad = 4 * s;
    int barRows = 0;
    for (uint32_t y = 200; y < p.height; ++y)
        barRows += distance(at(p, pad, y), map(-2.5e-3)) <= 8 && distance(at(p, p.width - 1 - pad, y), map(2.5e-3)) <= 8 &&
                   distance(at(p, p.width / 2, y), {255, 255, 255}) <= 8;
    EXPECT_GE(barRows, 10);
    EXPECT_LE(barRows, 10 * int(s));
}

TEST(ColourBar, NarrowPicturesWrapTheLabel) {
    Picture p = filled(120, 60, {0, 0, 0});
    drawColourBar(p, [](double v) { return sequential(float(v)); }, 0.0, 1.0, "divergence after projection, 1/s");
    const uint32_t s = legendTextScale(p.width);
    EXPECT_EQ(s, 1u);
    for (const char* word : {"divergence", "after", "projection,", "1/s"})
        EXPECT_TRUE(findText(p, word, s, kLegendText, kLegendBackground, 60)) << word;
}

TEST(VelocityKey, TheDiscShowsDirectionAsHueAndTheRimSpeed) {
    Picture p = filled(512, 300, {0, 0, 0});
    const VelocityColour colour = [](double u, double v) {
        return directional(float(std::atan2(v, u)), float(std::hypot(u, v) / 2.5));
    };
    drawVelocityKey(p, colour, 2.5, "velocity");
    const uint32_t s = legendTextScale(p.width);
    EXPECT_TRUE(findText(p, "velocity", s, kLegendText, kLegendBackground, 300));
    EXPECT_TRUE(findText(p, "rim: 2.5 m/s", s, kLegendText, kLegendBackground, 300));
    // Disc centre and radius as documented in legends.cpp's layout: 4 * s padding, 14 * s radius.
    const uint32_t pad = 4 * s, radius = 14 * s, cx = pad + radius, cy = 300 + pad + radius;
    const Rgb8 right = at(p, cx + radius / 2, cy), up = at(p, cx, cy - radius / 2), left = at(p, cx - radius / 2, cy);
    EXPECT_LE(distance(right, colour(1.25, 0.0)), 2);  // east: red
    EXPECT_LE(distance(up, colour(0.0, 1.25)), 2);     // north (y up): the hue a quarter turn on
    EXPECT_LE(distance(left, colour(-1.25, 0.0)), 2);  // west: cyan
    EXPECT_GT(right[0], right[2] + 60);
    EXPECT_GT(left[2], left[0] + 60);
    EXPECT_LE(distance(at(p, cx, cy), {0, 0, 0}), 2);  // no speed: black
}

TEST(ContactSheet, TilesEveryPictureUnderItsTitle) {
    const std::vector<SheetTile> tiles = {{"alpha", filled(50, 80, {200, 0, 0})},
                                          {"beta", filled(60, 80, {0, 200, 0})},
                                          {"gamma", filled(50, 70, {0, 0, 200})}};
    const Picture sheet = contactSheet("scene   frame 3   t = 0.050 s", tiles);
    const Rgb8 page = at(sheet, 0, 0);
    EXPECT_TRUE(findText(sheet, "scene   frame 3", 2, {235, 235, 235}, page));
    for (const SheetTile& t : tiles) {
        SCOPED_TRACE(t.title);
        const auto title = findText(sheet, t.title, 1, {235, 235, 235}, page);
        ASSERT_TRUE(title);
        // Exactly the tile's pixels carry its colour, all of them in one block below its title.
        const Rgb8 colour = at(t.picture, 0, 0);
        size_t count = 0;
        uint32_t top = sheet.height, left = sheet.width;
        for (uint32_t y = 0; y < sheet.height; ++y)
            for (uint32_t x = 0; x < sheet.width; ++x)
                if (at(sheet, x, y) == colour) ++count, top = std::min(top, y), left = std::min(left, x);
        EXPECT_EQ(count, size_t(t.picture.width) * t.picture.height);
        EXPECT_GT(top, title->second);
        EXPECT_LT(top, title->second + 30);
        for (uint32_t y = 0; y < t.picture.height; ++y) ASSERT_EQ(at(sheet, left + t.picture.width - 1, top + y), colour);
    }
}

// Every view keeps its own aspect: a finished 320 x 457 render beside 512 x 419 slices is written
// 320 x 457 (it used to be stretched to the slices' size, a sphere drawn as an egg); grid figures of
// different shapes are each scaled to the frame's long side at their own aspect; the contact sheet
// pads the tiles instead of scaling them to one size.
TEST(ComposeFrame, EveryViewKeepsItsOwnSizeAndAspect) {
    std::vector<NamedFigure> finished = {{"render", {filled(320, 457, {200, 10, 10}), {}, true}},
                                         {"density", {filled(512, 419, {10, 200, 10}), {}, true}}};
    const FramePictures frame = composeFrame(finished, PictureStyle{}, "heading");
    ASSERT_EQ(frame.views.size(), 2u);
    EXPECT_EQ(frame.views[0].width, 320u);
    EXPECT_EQ(frame.views[0].height, 457u);
    EXPECT_EQ(frame.views[1].width, 512u);
    EXPECT_EQ(frame.views[1].height, 419u);
    EXPECT_EQ(frame.views[0].rgb, finished[0].figure.image.rgb) << "a finished picture is written as is";
    // Asked for 256 pixels: scaled uniformly, never stretched.
    PictureStyle sized;
    sized.longSide = 256;
    const FramePictures small = composeFrame(finished, sized, "heading");
    EXPECT_EQ(small.views[0].height, 256u);
    EXPECT_EQ(small.views[0].width, 179u);  // 320 * 256 / 457 = 179.3
    EXPECT_EQ(small.views[1].width, 256u);
    EXPECT_EQ(small.views[1].height, 210u);  // 419 * 256 / 512 = 209.5

    std::vector<NamedFigure> grids = {{"wide", {filled(40, 10, {0, 0, 0}), {}}}, {"tall", {filled(10, 30, {0, 0, 0}), {}}}};
    const FramePictures gridFrame = composeFrame(grids, PictureStyle{}, "heading");
    EXPECT_EQ(gridFrame.views[0].width, 512u);
    EXPECT_EQ(gridFrame.views[0].height, 128u);
    EXPECT_EQ(gridFrame.views[1].width, 171u);  // 10 x 30 at 512 long, not 512 x 128
    EXPECT_EQ(gridFrame.views[1].height, 512u);
}

// Colour bars fit the quantity: a never-negative one from 0 to its largest value (undershoot below
// 0 drawn at the low end), a signed one symmetric about 0.
TEST(ColourBar, RangesFitTheQuantity) {
    const std::vector<float> excess = {-0.5f, 0.0f, 120.0f, 800.0f};
    const BarRange temperature = barRange(excess, Quantity::NonNegative);
    EXPECT_EQ(temperature.low, 0.0);
    EXPECT_EQ(temperature.high, 800.0);
    const BarRange pressure = barRange({-3.0f, 1.0f}, Quantity::Signed);
    EXPECT_EQ(pressure.low, -3.0);
    EXPECT_EQ(pressure.high, 3.0);
    const BarRange still = barRange({0.0f, 0.0f}, Quantity::NonNegative);
    EXPECT_EQ(still.low, 0.0);
    EXPECT_GT(still.high, 0.0);
}
