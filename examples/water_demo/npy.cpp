#include "npy.hpp"

#include <cstring>
#include <fstream>
#include <regex>
#include <stdexcept>

namespace eddy::demo {

void writeNpy(const std::string& path, uint32_t rows, uint32_t columns, const std::vector<float>& values) {
    if (values.size() != size_t(rows) * columns) throw std::runtime_error("writeNpy: size mismatch for " + path);
    std::string header = "{'descr': '<f4', 'fortran_order': False, 'shape': (" + std::to_string(rows) + ", " +
                         std::to_string(columns) + "), }";
    // Magic (6) + version (2) + length (2) + header + '\n' must be a multiple of 64.
    while ((10 + header.size() + 1) % 64 != 0) header += ' ';
    header += '\n';
    std::ofstream out(path, std::ios::binary);
    if (!out) throw std::runtime_error("cannot open " + path + " for writing");
    const uint16_t length = static_cast<uint16_t>(header.size());
    out.write("\x93NUMPY\x01\x00", 8);
    out.put(static_cast<char>(length & 0xff));
    out.put(static_cast<char>(length >> 8));
    out.write(header.data(), static_cast<std::streamsize>(header.size()));
    out.write(reinterpret_cast<const char*>(values.data()), static_cast<std::streamsize>(values.size() * sizeof(float)));
    if (!out) throw std::runtime_error("failed writing " + path);
}

Grid2D readNpy(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot open " + path);
    char magic[8];
    in.read(magic, 8);
    if (!in || std::memcmp(magic, "\x93NUMPY", 6) != 0) throw std::runtime_error(path + " is not a .npy file");
    uint32_t length = 0;
    if (magic[6] == 1) {
        unsigned char l[2];
        in.read(reinterpret_cast<char*>(l), 2);
        length = l[0] | (l[1] << 8);
    } else {
        unsigned char l[4];
        in.read(reinterpret_cast<char*>(l), 4);
        length = l[0] | (l[1] << 8) | (l[2] << 16) | (uint32_t(l[3]) << 24);
    }
    std::string header(length, '\0');
    in.read(header.data(), length);
    std::smatch m;
    if (!std::regex_search(header, m, std::regex("'descr':\\s*'([<|]f[48])'")))
        throw std::runtime_error(path + ": only little-endian float32/float64 arrays are supported");
    const bool doubles = m[1].str().back() == '8';
    if (header.find("'fortran_order': True") != std::string::npos) throw std::runtime_error(path + ": Fortran order");
    if (!std::regex_search(header, m, std::regex("'shape':\\s*\\((\\d+),\\s*(\\d+)\\)")))
        throw std::runtime_error(path + ": expected a 2-D array");
    Grid2D g;
    g.rows = static_cast<uint32_t>(std::stoul(m[1]));
    g.columns = static_cast<uint32_t>(std::stoul(m[2]));
    const size_t count = size_t(g.rows) * g.columns;
    g.values.resize(count);
    if (doubles) {
        std::vector<double> d(count);
        in.read(reinterpret_cast<char*>(d.data()), static_cast<std::streamsize>(count * sizeof(double)));
        for (size_t k = 0; k < count; ++k) g.values[k] = static_cast<float>(d[k]);
    } else {
        in.read(reinterpret_cast<char*>(g.values.data()), static_cast<std::streamsize>(count * sizeof(float)));
    }
    if (!in) throw std::runtime_error(path + ": truncated data");
    return g;
}

} // namespace eddy::demo
