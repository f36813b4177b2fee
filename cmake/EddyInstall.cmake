# install() rules and the exported CMake package, so that find_package(eddy) works after
# `cmake --install`.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

install(TARGETS eddy EXPORT eddyTargets
    ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
    LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
    RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/eddy DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT eddyTargets NAMESPACE eddy:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/eddy)

configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/eddyConfig.cmake.in
    ${CMAKE_CURRENT_BINARY_DIR}/eddyConfig.cmake
    INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/eddy)
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/eddyConfigVersion.cmake
    COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/eddyConfig.cmake ${CMAKE_CURRENT_BINARY_DIR}/eddyConfigVersion.cmake
    DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/eddy)
