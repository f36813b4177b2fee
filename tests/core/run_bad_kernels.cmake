# ctest "kernel_table_rejects_bad_modules": compiles each shader of CASES_DIR/cases as the build does
# (cmake/compile_kernel.py: its modules, one per variant, and their reflection) and runs the kernel
# table generator on it alone. Each shader's first line says what must happen: "// expect: success",
# or "// expect: <regex>" that the generator's error must match (it must fail). Run with
#   cmake -DCOMPILER=... -DTOOLS=--glslc,...,--spirv-cross,... -DPYTHON=... -DGENERATOR=... -DSLOTS=...
#         -DPUSH_BYTES=... -DCASES_DIR=... -DWORK_DIR=... -P run_bad_kernels.cmake
foreach(var COMPILER TOOLS PYTHON GENERATOR SLOTS PUSH_BYTES CASES_DIR WORK_DIR)
    if(NOT DEFINED ${var})
        message(FATAL_ERROR "${var} is not set")
    endif()
endforeach()

function(run)
    execute_process(COMMAND ${ARGN} RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE err)
    if(NOT result EQUAL 0)
        string(REPLACE ";" " " command "${ARGN}")
        message(FATAL_ERROR "failed (${result}): ${command}\n${out}${err}")
    endif()
endfunction()

string(REPLACE "," ";" TOOLS "${TOOLS}")

file(REMOVE_RECURSE ${WORK_DIR})
file(GLOB cases ${CASES_DIR}/cases/*.comp)
if(NOT cases)
    message(FATAL_ERROR "no cases in ${CASES_DIR}/cases")
endif()
set(failures "")
foreach(source IN LISTS cases)
    get_filename_component(name ${source} NAME_WE)
    set(dir ${WORK_DIR}/${name})
    file(MAKE_DIRECTORY ${dir})
    file(STRINGS ${source} expect LIMIT_COUNT 1 REGEX "^// expect: ")
    if(NOT expect)
        message(FATAL_ERROR "${source}: the first line must be // expect: success or // expect: <regex>")
    endif()
    string(REGEX REPLACE "^// expect: " "" expect "${expect}")

    run(${PYTHON} ${COMPILER} ${source} --shader-root ${CASES_DIR} --out-dir ${dir} --entry ${dir}/${name}.entry
        ${TOOLS})
    file(WRITE ${dir}/kernels.manifest "${dir}/${name}.entry\n")
    execute_process(
        COMMAND ${PYTHON} ${GENERATOR} ${dir}/kernels.manifest --shader-root ${CASES_DIR} --storage-slots ${SLOTS}
                --push-constant-bytes ${PUSH_BYTES} --header ${dir}/billow_kernels.hpp --source ${dir}/billow_kernels.cpp
        RESULT_VARIABLE result ERROR_VARIABLE err OUTPUT_VARIABLE out)
    if(expect STREQUAL "success")
        if(NOT result EQUAL 0)
            string(APPEND failures "${name}: expected the generator to accept it, it failed:\n${err}\n")
        else()
            message(STATUS "${name}: accepted")
        endif()
    elseif(result EQUAL 0)
        string(APPEND failures "${name}: expected the generator to fail with \"${expect}\", it succeeded\n")
    elseif(NOT err MATCHES "${expect}")
        string(APPEND failures "${name}: expected an error matching \"${expect}\", got:\n${err}\n")
    else()
        string(STRIP "${err}" err)
        message(STATUS "${name}: refused: ${err}")
    endif()
endforeach()
if(failures)
    message(FATAL_ERROR "${failures}")
endif()
file(REMOVE_RECURSE ${WORK_DIR})
