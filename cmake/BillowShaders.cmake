# Compiles GLSL compute shaders to SPIR-V with glslc at build time (with depfiles, so editing an
# included header rebuilds its users), validates each module with spirv-val, reflects it with
# spirv-cross, and generates the kernel table from the reflection (cmake/generate_kernel_table.py):
# a header of typed kernels (ids, workgroup sizes, push-constant types, named bindings) and a
# source embedding every module by id, with the shared structs' layouts checked.
#
#   billow_compile_kernels(<out_sources_var> SOURCES <a.comp> ... SHADER_ROOT <dir>
#                          TYPE_HEADERS <header> ... HEADER <billow_kernels.hpp>)
#
# The module that is embedded is compiled with -O, which strips the GLSL names; an unoptimized
# compile of the same source is reflected for the names, and the generator checks that both
# modules agree on workgroup size and bindings.

# The push-constant range of the shared pipeline layout, in bytes (Vulkan guarantees 128).
set(BILLOW_PUSH_CONSTANT_BYTES 128)
set(BILLOW_KERNEL_GENERATOR ${CMAKE_CURRENT_LIST_DIR}/generate_kernel_table.py)

# The storage slots of the shared layout, as common/grid_types.h defines them for GLSL and C++.
function(billow_storage_slots out_var shader_root)
    file(STRINGS ${shader_root}/common/grid_types.h line REGEX "^#define BILLOW_STORAGE_SLOTS [0-9]+")
    if(NOT line)
        message(FATAL_ERROR "BILLOW_STORAGE_SLOTS not found in ${shader_root}/common/grid_types.h")
    endif()
    string(REGEX REPLACE "^#define BILLOW_STORAGE_SLOTS ([0-9]+).*" "\\1" slots "${line}")
    set(${out_var} ${slots} PARENT_SCOPE)
endfunction()

function(billow_compile_kernels out_var)
    cmake_parse_arguments(ARG "" "SHADER_ROOT;HEADER" "SOURCES;TYPE_HEADERS" ${ARGN})
    set(out_dir ${CMAKE_CURRENT_BINARY_DIR}/shaders)
    set(compile_flags --target-env=vulkan1.1 -Werror -I ${ARG_SHADER_ROOT})
    set(outputs)
    set(manifest "")
    foreach(src IN LISTS ARG_SOURCES)
        get_filename_component(name ${src} NAME_WE)
        set(spv ${out_dir}/${name}.spv)
        set(named_spv ${out_dir}/${name}.named.spv)
        set(named_json ${out_dir}/${name}.named.json)
        set(json ${out_dir}/${name}.json)
        set(dep ${out_dir}/${name}.d)
        add_custom_command(
            OUTPUT ${spv} ${named_json} ${json}
            BYPRODUCTS ${named_spv}
            COMMAND ${CMAKE_COMMAND} -E make_directory ${out_dir}
            COMMAND ${BILLOW_GLSLC} ${compile_flags} -O -MD -MF ${dep} -MT ${spv} -o ${spv} ${src}
            COMMAND ${BILLOW_SPIRV_VAL} --target-env vulkan1.1 ${spv}
            COMMAND ${BILLOW_GLSLC} ${compile_flags} -o ${named_spv} ${src}
            COMMAND ${BILLOW_SPIRV_CROSS} ${named_spv} --reflect --output ${named_json}
            COMMAND ${BILLOW_SPIRV_CROSS} ${spv} --reflect --output ${json}
            MAIN_DEPENDENCY ${src}
            DEPFILE ${dep}
            COMMENT "glslc + spirv-val + spirv-cross --reflect ${name}"
            VERBATIM)
        list(APPEND outputs ${spv} ${named_json} ${json})
        string(APPEND manifest "${src}|${spv}|${named_json}|${json}\n")
    endforeach()
    set(manifest_file ${out_dir}/kernels.manifest)
    file(WRITE ${manifest_file}.tmp "${manifest}")
    file(COPY_FILE ${manifest_file}.tmp ${manifest_file} ONLY_IF_DIFFERENT)

    billow_storage_slots(slots ${ARG_SHADER_ROOT})
    set(type_header_args)
    foreach(header IN LISTS ARG_TYPE_HEADERS)
        list(APPEND type_header_args --type-header ${header})
    endforeach()
    set(cpp ${CMAKE_CURRENT_BINARY_DIR}/billow_kernels.cpp)
    add_custom_command(
        OUTPUT ${ARG_HEADER} ${cpp}
        COMMAND ${Python3_EXECUTABLE} ${BILLOW_KERNEL_GENERATOR} ${manifest_file}
                --shader-root ${ARG_SHADER_ROOT} --storage-slots ${slots}
                --push-constant-bytes ${BILLOW_PUSH_CONSTANT_BYTES} ${type_header_args}
                --header ${ARG_HEADER} --source ${cpp}
        DEPENDS ${outputs} ${manifest_file} ${BILLOW_KERNEL_GENERATOR}
        COMMENT "Kernel table from the reflected SPIR-V"
        VERBATIM)
    set(${out_var} ${ARG_HEADER} ${cpp} PARENT_SCOPE)
endfunction()
