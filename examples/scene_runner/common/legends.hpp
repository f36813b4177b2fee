// Legends drawn below a picture, so every diagnostic view says what its colours mean: a labelled
// colour bar with its unit and numeric range, and for velocity views a colour-wheel key. Each
// call appends a strip to the bottom of the picture (the data is never covered) and sizes its
// text to the picture's width, so the same legend reads at full size and on a contact-sheet tile.
//
// Their text, and the contact sheets' titles, come from a tiny bitmap font (printable ASCII, 5 x 7
// pixels with a one-row descender), drawn at a whole-pixel scale, so text stays crisp and a
// picture halved in size with a 2 x 2 box filter still shows it crisp at half the scale.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "common/pictures.hpp"

namespace billow::scene {

// One character cell: 5 pixels of glyph + 1 of spacing across, 7 + 1 (descender) + 1 (line gap) down.
constexpr uint32_t kGlyphWidth = 5, kGlyphHeight = 8, kCharAdvance = 6, kLineHeight = 9;

// Whether pixel (column, row) of `c`'s glyph is set (row 0 at the top, rows 0..6 above the
// baseline, row 7 below it). Characters outside printable ASCII draw as a hollow box.
bool glyphPixel(char c, uint32_t column, uint32_t row);

// Width and height in pixels of `text` on one line at `scale` (no trailing spacing column).
uint32_t textWidth(const std::string& text, uint32_t scale);
inline uint32_t textHeight(uint32_t scale) { return kGlyphHeight * scale; }

// Draws `text` with its top-left corner at (x, y) (pixels from the picture's top-left),
// clipped to the picture.
void drawText(Picture& picture, int x, int y, const std::string& text, uint32_t scale, Rgb8 colour);

// The legend strip's colours: light text on a dark background.
constexpr Rgb8 kLegendText = {235, 235, 235};
constexpr Rgb8 kLegendBackground = {28, 28, 30};

// The colour of a value, in the field's own unit (the view's scaling and ramp included).
using ColourMap = std::function<Rgb8(double value)>;
// The colour of a velocity (vx, vy), m/s.
using VelocityColour = std::function<Rgb8(double vx, double vy)>;

// What a colour bar spans, fitted to the quantity it shows: a quantity that is never negative
// (density, fuel, temperature above ambient, speed, depth, |vorticity| in 3D) runs from 0 to its
// largest value on a sequential ramp, so no half of the bar stands for values that cannot occur;
// a signed one (2D vorticity, pressure, divergence, a velocity component) runs symmetrically from
// -m to +m, m its largest magnitude, on a diverging ramp, so zero sits in the middle.
enum class Quantity { NonNegative, Signed };
struct BarRange {
    double low = 0.0, high = 1.0;
};
// The range of `values` as `quantity` shows them. The top is at least 1e-20 (largestMagnitude),
// so a field of zeros still has a bar; negative values of a NonNegative quantity (numerical
// undershoot, such as air a hair below ambient) are drawn at the bar's low end.
BarRange barRange(const std::vector<float>& values, Quantity quantity);

// Appends: `label` (wrapped to the width; give the unit, e.g. "vorticity, 1/s"), a bar coloured
// by `map` from `low` (left) to `high` (right), tick marks and the numbers at both ends (and 0
// between them when the range spans it).
void drawColourBar(Picture& picture, const ColourMap& map, double low, double high, const std::string& label);

// Appends: a disc whose point at (dx, dy) from the centre is coloured as the velocity
// topSpeed * (dx, dy) / radius (x right, y up), and beside it `label`, the rim's speed and how
// to read it (hue: direction, brightness: speed).
void drawVelocityKey(Picture& picture, const VelocityColour& colour, double topSpeed, const std::string& label);

// A number as the legends print it: 3 significant digits, "0" for zero.
std::string legendNumber(double value);

// The text scale (pixels per font pixel) the legends use on a picture `width` pixels wide.
uint32_t legendTextScale(uint32_t width);

} // namespace billow::scene
