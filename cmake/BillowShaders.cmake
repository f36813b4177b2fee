# Compiles GLSL compute shaders to SPIR-V at build time (cmake/compile_kernel.py: glslc, and for a
# kernel with variants spirv-opt freezing its selector into one module per variant; with depfiles, so
# editing an included header rebuilds its users), validates each module with spirv-val, reflects it
# with spirv-cross, and generates the kernel table from the reflection (cmake/generate_kernel_table.py):
# a header of typed kernels (ids, workgroup sizes, push-constant types, named bindings) and a
# source embedding every module by id, with the shared structs' layouts checked.
#
#   billow_compile_kernels(<out_sources_var> SOURCES <a.comp> ... SHADER_ROOT <dir>
#                          TYPE_HEADERS <header> ... HEADER <billow_kernels.hpp>)
#
# The modules that are embedded are optimized (glslc -O, or spirv-opt -O per variant), which strips
# the GLSL names; an unoptimized compile of the same source is reflected for the names, and the
# generator checks that every embedded module agrees with it on workgroup size and bindings.

# The push-constant range of the shared pipeline layout, in bytes (Vulkan guarantees 128).
set(BILLOW_PUSH_CONSTANT_BYTES 128)
set(BILLOW_KERNEL_GENERATOR ${CMAKE_CURRENT_LIST_DIR}/generate_kernel_table.py)
set(BILLOW_KERNEL_COMPILER ${CMAKE_CURRENT_LIST_DIR}/compile_kernel.py)
# The tools compile_kernel.py runs, as its arguments (the build's and the bad-kernel test's).
set(BILLOW_KERNEL_TOOLS --glslc ${BILLOW_GLSLC} --spirv-opt ${BILLOW_SPIRV_OPT} --spirv-val ${BILLOW_SPIRV_VAL}
    --spirv-cross ${BILLOW_SPIRV_CROSS})

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
    set(entries)
    set(manifest "")
    foreach(src IN LISTS ARG_SOURCES)
        # <folder>_<file>: the same file name may sit in two folders (pressure/ and pressure3d/).
        get_filename_component(stem ${src} NAME_WE)
        get_filename_component(folder ${src} DIRECTORY)
        get_filename_component(folder ${folder} NAME)
        set(name ${folder}_${stem})
        # The entry names the kernel's modules (one per variant, which only the script knows).
        set(entry ${out_dir}/${name}.entry)
        set(dep ${out_dir}/${name}.d)
        add_custom_command(
            OUTPUT ${entry}
            COMMAND ${Python3_EXECUTABLE} ${BILLOW_KERNEL_COMPILER} ${src} --shader-root ${ARG_SHADER_ROOT}
                    --out-dir ${out_dir} --entry ${entry} --depfile ${dep} ${BILLOW_KERNEL_TOOLS}
            MAIN_DEPENDENCY ${src}
            DEPENDS ${BILLOW_KERNEL_COMPILER} ${BILLOW_KERNEL_GENERATOR}
            DEPFILE ${dep}
            COMMENT "glslc (+ spirv-opt per variant) + spirv-val + spirv-cross --reflect ${name}"
            VERBATIM)
        list(APPEND entries ${entry})
        string(APPEND manifest "${entry}\n")
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
        DEPENDS ${entries} ${manifest_file} ${BILLOW_KERNEL_GENERATOR}
        COMMENT "Kernel table from the reflected SPIR-V"
        VERBATIM)
    set(${out_var} ${ARG_HEADER} ${cpp} PARENT_SCOPE)
endfunction()
