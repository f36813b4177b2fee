// Deterministic mutations of scene files and of the files they name (.npy arrays, PNG images),
// for the scene runner's fuzz tests: what a hostile or careless user, or a broken disk, gives it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace billow::scene_fuzz {

// A small, portable generator (the same cases on every platform and standard library): SplitMix64.
class Random {
public:
    explicit Random(uint64_t state) : state_(state) {}
    uint64_t next();
    // Uniform in [0, n); 0 when n is 0.
    size_t below(size_t n) { return n ? static_cast<size_t>(next() % n) : 0; }

private:
    uint64_t state_;
};

// One mutated JSON text and what was done to it.
struct Mutation {
    std::string what;  // e.g. "settings.vorticity = 1e300"
    std::string text;
};

// A structural mutation of a scene: one value (found by walking the document) deleted, given the
// wrong type, an extreme or NaN-like number, a word of another section, a deep nesting, a huge
// array or string, or a repeated key.
Mutation mutateStructure(const std::string& sceneText, Random& random);
// A mutation of the bytes: truncation, flipped bytes, a number token replaced by NaN, Infinity,
// 1e999 and the like, a deleted range, swapped brackets.
Mutation mutateText(const std::string& sceneText, Random& random);

// A float32 .npy file of `shape` (all values `value`).
std::string npyBytes(const std::vector<uint64_t>& shape, float value);
// Broken variants of a valid .npy file: shapes whose product wraps around, lying header lengths,
// other dtypes and versions, truncated data, NaN and infinite values, flipped header bytes.
Mutation mutateNpy(const std::string& npy, Random& random);
// Broken variants of a valid PNG: truncated, flipped bytes, a header claiming a huge picture
// (with a correct checksum, so only the reader's own bounds stop it), empty or random files.
Mutation mutatePng(const std::string& png, Random& random);

} // namespace billow::scene_fuzz
