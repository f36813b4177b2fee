#include "nanovdb_writer.hpp"

#include <fstream>
#include <stdexcept>
#include <vector>

#include <nanovdb/util/IO.h>
#include <nanovdb/util/OpenToNanoVDB.h>

#include "billow/error.hpp"
#include "vdb_grids.hpp"

namespace billow::vdb {

void writeNanoVdb(const std::string& path, const VolumeFrame& frame) {
    if (path.empty()) throw InvalidArgument("writeNanoVdb: path", "is empty");  // before building any grid
    std::vector<nanovdb::GridHandle<nanovdb::HostBuffer>> handles;
    for (const openvdb::GridBase::Ptr& grid : detail::buildGrids(frame)) handles.push_back(nanovdb::openToNanoVDB(grid));
    detail::writeAtomically("writeNanoVdb", path, [&](const std::string& partialPath) {
        std::ofstream file(partialPath, std::ios::out | std::ios::binary | std::ios::trunc);
        if (!file) throw std::runtime_error("could not open it for writing");
        nanovdb::io::writeGrids(file, handles, nanovdb::io::Codec::NONE);
        file.close();
        if (!file) throw std::runtime_error("writing failed (disk full?)");
    });
}

} // namespace billow::vdb
