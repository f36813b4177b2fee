// The host-side state a recorded step changes (ping-pong indices, queued splats or brushes, the
// collider set, counters and clocks), saved before recording so that a step that fails before
// the GPU received it can put the solver back exactly as it was (docs/integration.md, "Errors").
#pragma once

#include <functional>
#include <utility>
#include <vector>

namespace billow::detail {

class RecordSnapshot {
public:
    // Remembers a copy of `value` (an index, a clock, a counter), put back by restore().
    template <class T>
    void keep(T& value) {
        restorers_.push_back([&value, saved = value]() mutable { value = std::move(saved); });
    }
    // For objects that are not copyable (they own GPU buffers) but whose host state is:
    // `owner.hostState()` saved, `owner.restoreHostState(saved)` to put it back.
    template <class Owner>
    void keepStateOf(Owner& owner) {
        restorers_.push_back([&owner, saved = owner.hostState()]() mutable { owner.restoreHostState(std::move(saved)); });
    }
    // Puts everything kept back, in reverse order.
    void restore() noexcept {
        for (auto it = restorers_.rbegin(); it != restorers_.rend(); ++it) (*it)();
    }

private:
    std::vector<std::function<void()>> restorers_;
};

} // namespace billow::detail
