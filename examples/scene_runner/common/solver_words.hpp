// The words scene files use for the library's enums that the 2D and 3D smoke solvers share.
#pragma once

#include <billow/grid.hpp>
#include <billow/pressure.hpp>
#include <billow/smoke_solver.hpp>

#include "common/word_table.hpp"

namespace billow::scene {

inline const WordTable<BoundaryType> kBoundaryTypes = {{"wall", BoundaryType::Wall},
                                                       {"movingWall", BoundaryType::MovingWall},
                                                       {"inflow", BoundaryType::Inflow},
                                                       {"outflow", BoundaryType::Outflow},
                                                       {"periodic", BoundaryType::Periodic}};
inline const WordTable<PressureSolverType> kPressureSolvers = {{"jacobi", PressureSolverType::Jacobi},
                                                               {"sor", PressureSolverType::RedBlackSOR},
                                                               {"multigrid", PressureSolverType::Multigrid},
                                                               {"multigridPCG", PressureSolverType::MultigridPCG}};
inline const WordTable<AdvectionScheme> kAdvectionSchemes = {{"semiLagrangian", AdvectionScheme::SemiLagrangian},
                                                             {"macCormack", AdvectionScheme::MacCormack},
                                                             {"bfecc", AdvectionScheme::BFECC}};
inline const WordTable<AdvectionLimiter> kAdvectionLimiters = {
    {"clamp", AdvectionLimiter::Clamp}, {"revertToSemiLagrangian", AdvectionLimiter::RevertToSemiLagrangian}};
inline const WordTable<Falloff> kFalloffs = {{"gaussian", Falloff::Gaussian}, {"linear", Falloff::Linear}};

} // namespace billow::scene
