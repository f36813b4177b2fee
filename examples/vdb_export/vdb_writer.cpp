#include "vdb_writer.hpp"

#include <openvdb/io/File.h>

#include "billow/error.hpp"
#include "vdb_grids.hpp"

namespace billow::vdb {

void writeVdb(const std::string& path, const VolumeFrame& frame) {
    if (path.empty()) throw InvalidArgument("writeVdb: path", "is empty");  // before building any grid
    const openvdb::GridPtrVec grids = detail::buildGrids(frame);
    const openvdb::MetaMap metadata = detail::fileMetadata(frame);
    detail::writeAtomically("writeVdb", path, [&](const std::string& partialPath) {
        openvdb::io::File file(partialPath);
        file.write(grids, metadata);
        file.close();
    });
}

} // namespace billow::vdb
