# install() rules and the exported CMake package, so that find_package(billow) works after
# `cmake --install`.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

install(TARGETS billow EXPORT billowTargets
    ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
    LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
    RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/billow DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT billowTargets NAMESPACE billow:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/billow)

configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/billowConfig.cmake.in
    ${CMAKE_CURRENT_BINARY_DIR}/billowConfig.cmake
    INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/billow)
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/billowConfigVersion.cmake
    COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/billowConfig.cmake ${CMAKE_CURRENT_BINARY_DIR}/billowConfigVersion.cmake
    DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/billow)
