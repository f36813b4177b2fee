# The image passes' shaders (shaders/image/): they write storage images and read sampled ones, so
# they keep their own small descriptor layouts (src/image/image_pipeline.hpp) instead of joining
# the kernel table's shared layout of storage buffers. Each is compiled by glslc once per set of
# defines, validated by spirv-val and embedded as a C initializer list (glslc -mfmt=c).
#
#   billow_compile_image_shader(<out_var> SOURCE <file.comp> NAME <module name> [DEFINES <-DX=y> ...])
#
# appends <build>/image_shaders/<module name>.spv.inc to <out_var>; include it by that file name.
function(billow_compile_image_shader out_var)
    cmake_parse_arguments(ARG "" "SOURCE;NAME" "DEFINES" ${ARGN})
    set(out_dir ${CMAKE_CURRENT_BINARY_DIR}/image_shaders)
    set(spv ${out_dir}/${ARG_NAME}.spv)
    set(inc ${spv}.inc)
    add_custom_command(
        OUTPUT ${inc}
        COMMAND ${CMAKE_COMMAND} -E make_directory ${out_dir}
        COMMAND ${BILLOW_GLSLC} --target-env=vulkan1.1 -O -Werror -I ${PROJECT_SOURCE_DIR}/shaders ${ARG_DEFINES} -MD -MF ${spv}.d -MT ${inc} -o ${spv} ${ARG_SOURCE}
        COMMAND ${BILLOW_SPIRV_VAL} --target-env vulkan1.1 ${spv}
        COMMAND ${BILLOW_GLSLC} --target-env=vulkan1.1 -O -Werror -I ${PROJECT_SOURCE_DIR}/shaders ${ARG_DEFINES} -mfmt=c -o ${inc} ${ARG_SOURCE}
        MAIN_DEPENDENCY ${ARG_SOURCE}
        DEPFILE ${spv}.d
        COMMENT "glslc + spirv-val ${ARG_NAME}"
        VERBATIM)
    set(${out_var} ${${out_var}} ${inc} PARENT_SCOPE)
endfunction()
