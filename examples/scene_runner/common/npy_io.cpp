#include "common/npy_io.hpp"

#include <bit>
#include <cstring>
#include <fstream>
#include <regex>
#include <stdexcept>

namespace billow::scene {

namespace {

constexpr char kMagic[] = "\x93NUMPY";

template <typename T>
T fromLittleEndian(T value) {
    if constexpr (std::endian::native == std::endian::little) return value;
    unsigned char bytes[sizeof(T)];
    std::memcpy(bytes, &value, sizeof(T));
    for (size_t k = 0; k < sizeof(T) / 2; ++k) std::swap(bytes[k], bytes[sizeof(T) - 1 - k]);
    std::memcpy(&value, bytes, sizeof(T));
    return value;
}

} // namespace

std::string shapeText(const std::vector<uint64_t>& shape) {
    std::string text = "(";
    for (size_t k = 0; k < shape.size(); ++k) text += (k ? ", " : "") + std::to_string(shape[k]);
    return text + (shape.size() == 1 ? ",)" : ")");
}

void writeNpy(const std::string& path, const std::vector<uint64_t>& shape, const std::vector<float>& values) {
    std::string header = "{'descr': '<f4', 'fortran_order': False, 'shape': " + shapeText(shape) + ", }";
    // Magic (6) + version (2) + header length (2) + header, padded with spaces to a multiple of 64,
    // ending in a newline (the format's alignment rule).
    const size_t unpadded = 10 + header.size() + 1;
    header.append((64 - unpadded % 64) % 64, ' ');
    header += '\n';
    std::ofstream out(path, std::ios::binary);
    if (!out) throw std::runtime_error("cannot open " + path + " for writing");
    out.write(kMagic, 6);
    const unsigned char version[2] = {1, 0};
    out.write(reinterpret_cast<const char*>(version), 2);
    const uint16_t length = static_cast<uint16_t>(header.size());
    const unsigned char lengthBytes[2] = {static_cast<unsigned char>(length & 0xff), static_cast<unsigned char>(length >> 8)};
    out.write(reinterpret_cast<const char*>(lengthBytes), 2);
    out.write(header.data(), static_cast<std::streamsize>(header.size()));
    std::vector<float> little(values.size());
    for (size_t k = 0; k < values.size(); ++k) little[k] = fromLittleEndian(values[k]);
    out.write(reinterpret_cast<const char*>(little.data()), static_cast<std::streamsize>(little.size() * sizeof(float)));
    if (!out) throw std::runtime_error("failed writing " + path);
}

NpyArray readNpy(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot open " + path);
    char magic[6];
    unsigned char version[2];
    in.read(magic, 6);
    in.read(reinterpret_cast<char*>(version), 2);
    if (!in || std::memcmp(magic, kMagic, 6) != 0) throw std::runtime_error(path + " is not a .npy file");
    size_t headerLength = 0;
    if (version[0] == 1) {
        unsigned char b[2];
        in.read(reinterpret_cast<char*>(b), 2);
        headerLength = b[0] | (size_t(b[1]) << 8);
    } else {
        unsigned char b[4];
        in.read(reinterpret_cast<char*>(b), 4);
        headerLength = b[0] | (size_t(b[1]) << 8) | (size_t(b[2]) << 16) | (size_t(b[3]) << 24);
    }
    std::string header(headerLength, '\0');
    in.read(header.data(), static_cast<std::streamsize>(headerLength));
    if (!in) throw std::runtime_error(path + ": truncated .npy header");

    std::smatch m;
    if (!std::regex_search(header, m, std::regex("'descr':\\s*'([^']*)'")))
        throw std::runtime_error(path + ": .npy header has no descr");
    const std::string descr = m[1];
    if (descr != "<f4" && descr != "<f8")
        throw std::runtime_error(path + ": dtype " + descr + " not supported (expected float32 '<f4' or float64 '<f8')");
    if (std::regex_search(header, std::regex("'fortran_order':\\s*True")))
        throw std::runtime_error(path + ": Fortran-order arrays are not supported (save with C order)");
    if (!std::regex_search(header, m, std::regex("'shape':\\s*\\(([^)]*)\\)")))
        throw std::runtime_error(path + ": .npy header has no shape");
    NpyArray array;
    uint64_t count = 1;
    const std::string dims = m[1];
    const std::regex number("\\d+");
    for (std::sregex_iterator it(dims.begin(), dims.end(), number), end; it != end; ++it) {
        array.shape.push_back(std::stoull(it->str()));
        count *= array.shape.back();
    }
    if (descr == "<f4") {
        array.values.resize(count);
        in.read(reinterpret_cast<char*>(array.values.data()), static_cast<std::streamsize>(count * 4));
        for (float& x : array.values) x = fromLittleEndian(x);
    } else {
        std::vector<double> wide(count);
        in.read(reinterpret_cast<char*>(wide.data()), static_cast<std::streamsize>(count * 8));
        for (double x : wide) array.values.push_back(static_cast<float>(fromLittleEndian(x)));
    }
    if (!in) throw std::runtime_error(path + ": file ends before its " + std::to_string(count) + " values");
    return array;
}

} // namespace billow::scene
