// The words a scene file and the output files use for a solver's enums (views, fields, kinds of
// things), kept as one table per enum so parsing and naming can never disagree.
#pragma once

#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

namespace billow::scene {

template <typename T>
using WordTable = std::initializer_list<std::pair<const char*, T>>;

// The words quoted for messages: "a", "b", "c" (or "a", "b" or "c" with `last` = " or ").
template <typename T>
std::string quotedWords(WordTable<T> table, const char* last = ", ") {
    std::string words;
    size_t k = 0;
    for (const auto& [word, value] : table) {
        if (k > 0) words += k + 1 == table.size() ? last : ", ";
        words.append("\"").append(word).append("\"");
        ++k;
    }
    return words;
}

// The word of `value` ("?" when the table lacks it).
template <typename T>
const char* nameIn(WordTable<T> table, T value) {
    for (const auto& [word, v] : table)
        if (v == value) return word;
    return "?";
}

template <typename T>
std::vector<std::string> allNames(WordTable<T> table) {
    std::vector<std::string> names;
    for (const auto& [word, value] : table) names.push_back(word);
    return names;
}

} // namespace billow::scene
