# ctest "install_consumer": installs the current build into a fresh prefix, then configures,
# builds and runs tests/install_consumer against it (find_package), and again with Billow's source
# tree brought in by FetchContent (which adds it with add_subdirectory). Run with
#   cmake -DBILLOW_BUILD_DIR=... -DBILLOW_SOURCE_DIR=... -DWORK_DIR=... -DGENERATOR=... -DC_COMPILER=...
#         -DCXX_COMPILER=... -P run_install_test.cmake
foreach(var BILLOW_BUILD_DIR BILLOW_SOURCE_DIR WORK_DIR GENERATOR C_COMPILER CXX_COMPILER)
    if(NOT DEFINED ${var})
        message(FATAL_ERROR "${var} is not set")
    endif()
endforeach()

function(run)
    execute_process(COMMAND ${ARGN} RESULT_VARIABLE result)
    if(NOT result EQUAL 0)
        string(REPLACE ";" " " command "${ARGN}")
        message(FATAL_ERROR "failed (${result}): ${command}")
    endif()
endfunction()

set(consumer_source ${CMAKE_CURRENT_LIST_DIR})
set(configure_options -G ${GENERATOR} -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=${C_COMPILER}
                      -DCMAKE_CXX_COMPILER=${CXX_COMPILER})
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})

# 1. find_package(billow) against an installed prefix.
set(prefix ${WORK_DIR}/prefix)
run(${CMAKE_COMMAND} --install ${BILLOW_BUILD_DIR} --prefix ${prefix})
foreach(installed include/billow/billow.hpp include/billow/smoke_solver.hpp)
    if(NOT EXISTS ${prefix}/${installed})
        message(FATAL_ERROR "install is missing ${installed}")
    endif()
endforeach()
file(GLOB_RECURSE config_files ${prefix}/*/billowConfig.cmake)
if(NOT config_files)
    message(FATAL_ERROR "install is missing billowConfig.cmake")
endif()
run(${CMAKE_COMMAND} -S ${consumer_source} -B ${WORK_DIR}/package-build ${configure_options}
    -DBILLOW_CONSUMER_MODE=package -DCMAKE_PREFIX_PATH=${prefix})
run(${CMAKE_COMMAND} --build ${WORK_DIR}/package-build --parallel 2)
run(${CMAKE_COMMAND} -E env BILLOW_VALIDATION=1 ${WORK_DIR}/package-build/consumer)

# 2. FetchContent as docs/engine-guide.md shows it: a clone of the source tree's own repository
# pinned to its HEAD commit's full hash (it adds the clone with add_subdirectory; Billow's tests
# and examples stay off there). Changes not yet committed are not in the clone. A source tree
# that is not a git checkout (an unpacked archive) is used in place instead.
find_program(GIT git)
set(fetch_source -DFETCHCONTENT_SOURCE_DIR_BILLOW=${BILLOW_SOURCE_DIR})
if(GIT)
    execute_process(COMMAND ${GIT} -C ${BILLOW_SOURCE_DIR} rev-parse --verify HEAD
                    OUTPUT_VARIABLE head OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE not_git ERROR_QUIET)
    execute_process(COMMAND ${GIT} -C ${BILLOW_SOURCE_DIR} rev-parse --show-toplevel
                    OUTPUT_VARIABLE top OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
    if(not_git EQUAL 0 AND head MATCHES "^[0-9a-f]+$" AND top)
        file(REAL_PATH ${top} top)
        file(REAL_PATH ${BILLOW_SOURCE_DIR} source_real)
        if(top STREQUAL source_real)
            set(fetch_source -DBILLOW_GIT_REPOSITORY=${top} -DBILLOW_GIT_TAG=${head})
            message(STATUS "install_consumer: FetchContent of ${top} at ${head}")
        endif()
    endif()
endif()
run(${CMAKE_COMMAND} -S ${consumer_source} -B ${WORK_DIR}/subdirectory-build ${configure_options}
    -DBILLOW_CONSUMER_MODE=fetchcontent ${fetch_source})
run(${CMAKE_COMMAND} --build ${WORK_DIR}/subdirectory-build --parallel 2)
run(${CMAKE_COMMAND} -E env BILLOW_VALIDATION=1 ${WORK_DIR}/subdirectory-build/consumer)

file(REMOVE_RECURSE ${WORK_DIR})
message(STATUS "install_consumer: package and FetchContent consumers built and ran")
