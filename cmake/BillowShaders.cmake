# Compiles GLSL compute shaders to SPIR-V with glslc at build time (with depfiles, so editing an
# included header rebuilds its users), validates each module with spirv-val, and embeds all of
# them into one generated C++ source that the library compiles in.
#
#   billow_embed_shaders(<out_cpp_var> SOURCES <a.comp> ... INCLUDE_DIRS <dir> ...)

function(billow_embed_shaders out_var)
    cmake_parse_arguments(ARG "" "" "SOURCES;INCLUDE_DIRS" ${ARGN})
    set(spv_files)
    set(include_flags)
    foreach(dir IN LISTS ARG_INCLUDE_DIRS)
        list(APPEND include_flags -I ${dir})
    endforeach()
    foreach(src IN LISTS ARG_SOURCES)
        get_filename_component(name ${src} NAME_WE)
        set(spv ${CMAKE_CURRENT_BINARY_DIR}/shaders/${name}.spv)
        set(dep ${CMAKE_CURRENT_BINARY_DIR}/shaders/${name}.d)
        add_custom_command(
            OUTPUT ${spv}
            COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_CURRENT_BINARY_DIR}/shaders
            COMMAND ${BILLOW_GLSLC} --target-env=vulkan1.1 -O -Werror ${include_flags}
                    -MD -MF ${dep} -MT ${spv} -o ${spv} ${src}
            COMMAND ${BILLOW_SPIRV_VAL} --target-env vulkan1.1 ${spv}
            MAIN_DEPENDENCY ${src}
            DEPFILE ${dep}
            COMMENT "glslc + spirv-val ${name}"
            VERBATIM)
        list(APPEND spv_files ${spv})
    endforeach()
    set(cpp ${CMAKE_CURRENT_BINARY_DIR}/embedded_shaders.cpp)
    add_custom_command(
        OUTPUT ${cpp}
        COMMAND ${CMAKE_COMMAND} -DOUTPUT=${cpp} "-DINPUTS=${spv_files}"
                -P ${PROJECT_SOURCE_DIR}/cmake/EmbedSpirv.cmake
        DEPENDS ${spv_files} ${PROJECT_SOURCE_DIR}/cmake/EmbedSpirv.cmake
        COMMENT "Embedding SPIR-V"
        VERBATIM)
    set(${out_var} ${cpp} PARENT_SCOPE)
endfunction()
