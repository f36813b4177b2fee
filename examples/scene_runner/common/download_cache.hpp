// A solver's fields, each downloaded at most once per output frame (pictures, .npy files and
// metrics often need the same ones). Works for any solver with download(field) and settings().
#pragma once

#include <map>
#include <vector>

namespace billow::scene {

template <typename Solver, typename FieldT>
class DownloadCache {
public:
    explicit DownloadCache(Solver& solver) : solver_(solver) {}
    const std::vector<float>& get(FieldT field) {
        auto it = fields_.find(field);
        if (it == fields_.end()) it = fields_.emplace(field, solver_.download(field)).first;
        return it->second;
    }
    const auto& settings() const { return solver_.settings(); }

private:
    Solver& solver_;
    std::map<FieldT, std::vector<float>> fields_;
};

} // namespace billow::scene
