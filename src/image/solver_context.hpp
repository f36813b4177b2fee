// The image passes bind a solver's buffers beside objects of their own (pipelines, descriptor
// sets, images), which must all live on one device: a solver made on another Context is refused
// by name before anything is recorded or bound.
#pragma once

#include <string>

#include "billow/context.hpp"
#include "billow/error.hpp"
#include "billow/solver.hpp"

namespace billow::detail {

// InvalidArgument naming `field` ("FieldImage::record: solver") when `solver` was made on another
// context than `owner` (a moved-from solver passes: the call's own check names that).
inline void requireSameContext(const Solver& solver, const Context& owner, const char* field, const char* ownerName) {
    const Context* made = solver.context();
    if (made && made != &owner)
        throw InvalidArgument(field, std::string("was made on another Context than this ") + ownerName +
                                         " (a pass can only read the buffers of a solver on its own device)");
}

} // namespace billow::detail
