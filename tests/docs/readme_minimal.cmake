# Writes the README's "Minimal use" program, exactly as the README shows it, into OUTPUT as a
# complete program (its #include lines first, the rest the body of main), followed by a check that
# the dye it downloads holds the splat's colour and that the validation layer said nothing.
# Included by tests/CMakeLists.txt at configure time (README is a configure dependency).
function(billow_readme_minimal_program readme output)
    file(READ ${readme} text)
    string(REGEX MATCH "## Minimal use\n\n```cpp\n([^`]*)```" found "${text}")
    if(NOT found)
        message(FATAL_ERROR "README.md has no \"## Minimal use\" section opening with a ```cpp block")
    endif()
    # Whole-text regexes, not a list of lines: the program's semicolons would split a list.
    set(code "${CMAKE_MATCH_1}")
    string(REGEX MATCHALL "#include[^\n]*\n" include_lines "${code}")
    string(REPLACE ";" "" includes "${include_lines}")
    string(REGEX REPLACE "#include[^\n]*\n" "" body "${code}")
    file(WRITE ${output}.new "// Generated from README.md's \"Minimal use\" by tests/docs/readme_minimal.cmake: do not edit.
${includes}#include <cstdio>
#include <exception>

int main() {
    try {
${body}
        // The check: the splat's dye reached the grid, finite, with no validation message.
        double red = 0.0;
        for (size_t k = 0; k < rgba.size(); k += 4) {
            if (!(rgba[k] == rgba[k])) return 1;
            red += rgba[k];
        }
        std::printf(\"readme_minimal: dye red sum %.3f, validation messages %u\\n\", red, context->validationMessageCount());
        return red > 0.0 && context->validationMessageCount() == 0 ? 0 : 1;
    } catch (const std::exception& e) {
        std::fprintf(stderr, \"readme_minimal: %s\\n\", e.what());
        return 1;
    }
}
")
    # Only touch the file when it changed, so a README edit elsewhere rebuilds nothing.
    file(COPY_FILE ${output}.new ${output} ONLY_IF_DIFFERENT)
    file(REMOVE ${output}.new)
endfunction()
