# Finds OpenVDB (Debian 12: libopenvdb-dev, NanoVDB headers in libnanovdb-dev) for the optional
# OpenVDB export (examples/vdb_export, target billow_vdb) and sets the option BILLOW_BUILD_VDB,
# ON by default when it is found. The library itself never depends on OpenVDB.
#
# Debian ships no OpenVDBConfig.cmake, only the upstream find module FindOpenVDB.cmake in
# <libdir>/cmake/OpenVDB. That module calls find_package(Boost REQUIRED COMPONENTS iostreams) and
# find_package(TBB REQUIRED), which would stop the whole configure where they are missing
# (libopenvdb-dev does not depend on libboost-iostreams-dev), so their presence is checked first.
# It also sets BUILD_SHARED_LIBS in the caller's scope: it runs inside block() to keep that out.
# Its imported targets (OpenVDB::openvdb, OpenVDB::nanovdb) are made global so that tests/ can
# link them too.

set(BILLOW_OPENVDB_FOUND OFF)
set(BILLOW_OPENVDB_MISSING "")
block(PROPAGATE BILLOW_OPENVDB_FOUND BILLOW_OPENVDB_MISSING BILLOW_NANOVDB_FOUND)
    set(BILLOW_NANOVDB_FOUND OFF)
    # Before any find_package: Boost's and TBB's targets end up in OpenVDB::openvdb's interface.
    set(CMAKE_FIND_PACKAGE_TARGETS_GLOBAL ON)
    find_path(BILLOW_OPENVDB_HEADER openvdb/openvdb.h)
    find_path(BILLOW_OPENVDB_MODULE_DIR FindOpenVDB.cmake
              PATH_SUFFIXES lib/${CMAKE_LIBRARY_ARCHITECTURE}/cmake/OpenVDB lib/cmake/OpenVDB lib64/cmake/OpenVDB)
    find_package(Boost QUIET COMPONENTS iostreams)
    find_path(BILLOW_TBB_HEADER tbb/tbb.h)
    if(NOT BILLOW_OPENVDB_HEADER OR NOT BILLOW_OPENVDB_MODULE_DIR)
        set(BILLOW_OPENVDB_MISSING "libopenvdb-dev (openvdb/openvdb.h and FindOpenVDB.cmake)")
    elseif(NOT Boost_FOUND)
        set(BILLOW_OPENVDB_MISSING "libboost-iostreams-dev (OpenVDB's headers and find module need Boost)")
    elseif(NOT BILLOW_TBB_HEADER)
        set(BILLOW_OPENVDB_MISSING "libtbb-dev")
    else()
        list(PREPEND CMAKE_MODULE_PATH ${BILLOW_OPENVDB_MODULE_DIR})
        # Debian's FindOpenVDB.cmake prints "COMPONENT = ..." for each component and Imath's
        # targets file a note on a Python binding it does not install, whatever QUIET says: only
        # warnings and errors get through while it runs.
        set(CMAKE_MESSAGE_LOG_LEVEL WARNING)
        find_package(OpenVDB QUIET COMPONENTS openvdb OPTIONAL_COMPONENTS nanovdb)
        unset(CMAKE_MESSAGE_LOG_LEVEL)
        if(OpenVDB_FOUND AND TARGET OpenVDB::openvdb)
            set(BILLOW_OPENVDB_FOUND ON)
            if(TARGET OpenVDB::nanovdb)
                set(BILLOW_NANOVDB_FOUND ON)
            endif()
            message(STATUS "OpenVDB ${OpenVDB_VERSION} found: the OpenVDB export (examples/vdb_export) can be built"
                           " (NanoVDB: ${BILLOW_NANOVDB_FOUND})")
        else()
            set(BILLOW_OPENVDB_MISSING "a usable OpenVDB (FindOpenVDB.cmake found none)")
        endif()
    endif()
endblock()

option(BILLOW_BUILD_VDB "Build the OpenVDB export (examples/vdb_export) and its tests" ${BILLOW_OPENVDB_FOUND})
if(BILLOW_BUILD_VDB AND NOT BILLOW_OPENVDB_FOUND)
    message(FATAL_ERROR "BILLOW_BUILD_VDB is ON but OpenVDB is not usable: missing ${BILLOW_OPENVDB_MISSING}. "
                        "Run scripts/install-deps.sh, or configure with -DBILLOW_BUILD_VDB=OFF.")
elseif(NOT BILLOW_OPENVDB_FOUND)
    message(STATUS "OpenVDB export (examples/vdb_export) not built: missing ${BILLOW_OPENVDB_MISSING} "
                   "(scripts/install-deps.sh installs it; then configure again with -DBILLOW_BUILD_VDB=ON)")
endif()
