#include "common/finite_state.hpp"

namespace billow::scene {

namespace {

bool nonFinite(const nlohmann::ordered_json& value) {
    return value.is_number_float() && !std::isfinite(value.get<double>());
}

} // namespace

void requireFiniteField(const std::vector<float>& values, const std::string& name, uint32_t step) {
    for (size_t k = 0; k < values.size(); ++k) {
        if (std::isfinite(values[k])) continue;
        throw NonFiniteState("step " + std::to_string(step) + ": " + name + " is not finite (" +
                             (std::isnan(values[k]) ? "NaN" : values[k] > 0 ? "+infinity" : "-infinity") + " at index " +
                             std::to_string(k) + " of " + std::to_string(values.size()) + ")");
    }
}

std::vector<std::string> nonFiniteEntries(const nlohmann::ordered_json& record) {
    std::vector<std::string> names;
    for (const auto& [key, value] : record.items()) {
        if (nonFinite(value)) names.push_back(key);
        if (value.is_array())
            for (size_t k = 0; k < value.size(); ++k)
                if (nonFinite(value[k])) names.push_back(key + "[" + std::to_string(k) + "]");
        if (value.is_object())
            for (const auto& [inner, x] : value.items())
                if (nonFinite(x)) names.push_back(key + "." + inner);
    }
    return names;
}

} // namespace billow::scene
