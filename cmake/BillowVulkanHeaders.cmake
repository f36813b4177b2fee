# Vulkan::Headers, the only Vulkan target the library links: Billow loads the Vulkan loader at run
# time through its private volk (cmake/BillowVolk.cmake), so it never links libvulkan or
# vulkan-1.lib.
#
# By default FindVulkan provides the target (and finds the loader, which the tests link). Set
# BILLOW_VULKAN_HEADERS_DIR to the directory that holds vulkan/vulkan_core.h (Debian's /usr/include,
# a Vulkan-Headers checkout's include/, the Vulkan SDK's Include/) to build against those headers
# alone, without looking for a loader: this is how a cross build gets them, since the headers are
# platform-neutral and the target's tree (e.g. mingw-w64's) has none. Only vulkan/ and vk_video/
# are copied into the build tree and put on the include path: naming /usr/include itself on a cross
# compiler's command line would put the build host's C library in front of the target's.
set(BILLOW_VULKAN_HEADERS_DIR "" CACHE PATH
    "Directory holding vulkan/vulkan_core.h; when set, the library builds against these headers without finding a Vulkan loader (cross builds)")

set(BILLOW_VULKAN_MIN_VERSION 1.3)
if(NOT BILLOW_VULKAN_HEADERS_DIR)
    find_package(Vulkan ${BILLOW_VULKAN_MIN_VERSION} REQUIRED)
    return()
endif()

set(core ${BILLOW_VULKAN_HEADERS_DIR}/vulkan/vulkan_core.h)
if(NOT EXISTS ${core})
    message(FATAL_ERROR "BILLOW_VULKAN_HEADERS_DIR=${BILLOW_VULKAN_HEADERS_DIR} has no vulkan/vulkan_core.h")
endif()
# #define VK_HEADER_VERSION_COMPLETE VK_MAKE_API_VERSION(0, <major>, <minor>, VK_HEADER_VERSION)
file(STRINGS ${core} complete REGEX "^#define VK_HEADER_VERSION_COMPLETE ")
file(STRINGS ${core} patch REGEX "^#define VK_HEADER_VERSION [0-9]+")
string(REGEX MATCH "[0-9]+$" patch "${patch}")
if(NOT patch OR NOT complete MATCHES "\\(0, *([0-9]+), *([0-9]+), *VK_HEADER_VERSION\\)")
    message(FATAL_ERROR "No VK_HEADER_VERSION_COMPLETE or VK_HEADER_VERSION in ${core}")
endif()
set(BILLOW_VULKAN_HEADERS_VERSION ${CMAKE_MATCH_1}.${CMAKE_MATCH_2}.${patch})
if(BILLOW_VULKAN_HEADERS_VERSION VERSION_LESS BILLOW_VULKAN_MIN_VERSION)
    message(FATAL_ERROR "Vulkan headers ${BILLOW_VULKAN_HEADERS_VERSION} in ${BILLOW_VULKAN_HEADERS_DIR}: "
                        "Billow needs ${BILLOW_VULKAN_MIN_VERSION} or newer")
endif()

# file(COPY) keeps the files' times and skips unchanged ones, so a new configure rebuilds nothing.
set(staged ${CMAKE_BINARY_DIR}/vulkan-headers/include)
file(COPY ${BILLOW_VULKAN_HEADERS_DIR}/vulkan DESTINATION ${staged})
# vulkan_core.h includes "vk_video/..." from 1.3.238 on.
if(EXISTS ${BILLOW_VULKAN_HEADERS_DIR}/vk_video)
    file(COPY ${BILLOW_VULKAN_HEADERS_DIR}/vk_video DESTINATION ${staged})
endif()
if(NOT TARGET Vulkan::Headers)
    add_library(Vulkan::Headers INTERFACE IMPORTED)
    set_target_properties(Vulkan::Headers PROPERTIES INTERFACE_INCLUDE_DIRECTORIES ${staged})
endif()
message(STATUS "Vulkan headers ${BILLOW_VULKAN_HEADERS_VERSION} from ${BILLOW_VULKAN_HEADERS_DIR} (no loader looked for)")
