// Moves of a solver racing another thread's calls on it: every move is either refused with the
// threading error (the call runs on) or completes before the call starts (the call then throws
// the moved-from error); nothing crashes, and no call acts on a solver after it was moved away.
#include "support/gpu_test.hpp"

#include <array>
#include <atomic>
#include <chrono>
#include <string>
#include <random>
#include <thread>
#include <vector>

namespace billow::test {
namespace {

constexpr float kDt = 1.0f / 60.0f;

class SolverMoves : public GpuTest {};

bool mentions(const Error& e, const char* what) { return std::string(e.what()).find(what) != std::string::npos; }

// One thread calls `call(solver)` in a loop while this one moves the solver away and back
// (into a second object, then assigned back) at random moments: every call runs, is refused, or
// finds the solver moved from; every move is refused or completes; nothing else happens.
template <class S, class Call>
void raceMoves(S& solver, Call call, int moves) {
    std::atomic<bool> stop{false};
    std::atomic<int> ran{0}, refusedCalls{0}, movedFromCalls{0};
    std::string unexpected;
    std::thread caller([&] {
        while (!stop) try {
                call(solver);
                ++ran;
            } catch (const Error& e) {
                if (mentions(e, "another call on this solver is running")) ++refusedCalls;
                else if (mentions(e, "the solver was moved from")) ++movedFromCalls;
                else if (unexpected.empty()) unexpected = e.what();
            }
    });
    while (ran == 0 && unexpected.empty()) std::this_thread::yield();
    int refusedMoves = 0, completedMoves = 0;
    std::mt19937 rng(1);
    std::uniform_int_distribution<int> pause(0, 1000);
    for (int k = 0; k < moves; ++k) {
        std::this_thread::sleep_for(std::chrono::microseconds(pause(rng)));
        try {
            S thief(std::move(solver));
            ++completedMoves;
            for (;;) try {
                    solver = std::move(thief);
                    break;
                } catch (const Error& e) {
                    ASSERT_TRUE(mentions(e, "another call on this solver is running")) << e.what();
                }
        } catch (const Error& e) {
            EXPECT_TRUE(mentions(e, "move: another call on this solver is running")) << e.what();
            ++refusedMoves;
        }
    }
    stop = true;
    caller.join();
    EXPECT_EQ(unexpected, "");
    EXPECT_GT(ran.load(), 0);
    EXPECT_GT(refusedMoves, 0);
    std::printf("moves: %d completed, %d refused; calls: %d ran, %d refused, %d on the moved-from solver\n",
                completedMoves, refusedMoves, ran.load(), refusedCalls.load(), movedFromCalls.load());
}

TEST_F(SolverMoves, Smoke3DMovesRacingStepsAreRefusedOrComeBetweenThem) {
    SmokeSettings3D s;
    s.nx = s.ny = s.nz = 8;
    SmokeSolver3D solver(context(), s);
    raceMoves(solver, [](SmokeSolver3D& x) { x.step(kDt); }, 1000);
}

TEST_F(SolverMoves, Smoke2DMovesRacingStepsAreRefusedOrComeBetweenThem) {
    SmokeSettings s;
    s.nx = s.ny = 16;
    SmokeSolver solver(context(), s);
    raceMoves(solver, [](SmokeSolver& x) { x.step(kDt); }, 1000);
}

TEST_F(SolverMoves, WaterMovesRacingStepsAreRefusedOrComeBetweenThem) {
    WaterSettings s;
    s.nx = s.ny = 16;
    WaterSolver solver(context(), s);
    raceMoves(solver, [](WaterSolver& x) { x.step(kDt); }, 1000);
}

TEST_F(SolverMoves, SparseMovesRacingStepsAreRefusedOrComeBetweenThem) {
    SmokeSettings3D s;
    s.nx = s.ny = s.nz = 16;
    SparseSettings3D sparse;
    sparse.poolBricks = 16;
    SparseSmokeSolver3D solver(context(), s, sparse);
    raceMoves(solver, [](SparseSmokeSolver3D& x) { x.step(kDt); }, 1000);
}

// A call that checks its input at length before changing anything (an upload of millions of
// values) is running from its first instruction: a move made while it checks must be refused
// too. Before, the call read the solver's state first and entered its guard only after the
// checks, so a move in between went through and the call then wrote into the state the other
// object had taken (or, had that object been destroyed, into freed memory).
template <class S, class Call>
void moveDuringTheChecksOfACall(S& solver, Call call) {
    int refused = 0;
    // Moves at times spread over the call (its checks take a millisecond or more): every one is
    // refused, or comes after the call returned.
    for (int pauseUs : {0, 5, 10, 20, 40, 80, 160, 320, 640, 1280}) {
        std::atomic<bool> started{false}, returned{false};
        std::string callError;
        std::thread caller([&] {
            started = true;
            try {
                call(solver);
            } catch (const Error& e) {
                callError = e.what();
            }
            returned = true;
        });
        while (!started) std::this_thread::yield();
        std::this_thread::sleep_for(std::chrono::microseconds(pauseUs));
        try {
            S thief(std::move(solver));
            const bool returnedBefore = returned;
            caller.join();
            // A move that went through came after the call returned, or before it entered
            // (the call then found the solver moved from); never while it ran.
            if (!returnedBefore)
                EXPECT_NE(callError.find("the solver was moved from"), std::string::npos)
                    << "a move " << pauseUs << " us into the call went through while it ran: " << callError;
            solver = std::move(thief);
        } catch (const Error& e) {
            EXPECT_TRUE(mentions(e, "::move: another call on this solver is running")) << e.what();
            ++refused;
            caller.join();
            EXPECT_EQ(callError, "");
        }
        if (caller.joinable()) caller.join();
    }
    EXPECT_GT(refused, 0) << "every call had returned before its move: the test saw no overlap";
}

TEST_F(SolverMoves, Smoke2DMoveDuringAnUploadIsRefused) {
    SmokeSettings s;
    s.nx = s.ny = 2048;
    SmokeSolver solver(context(), s);
    const std::vector<float> values(solver.fieldSize(SmokeField::Density), 0.5f);
    moveDuringTheChecksOfACall(solver, [&](SmokeSolver& x) { x.upload(SmokeField::Density, values); });
}

TEST_F(SolverMoves, Smoke3DMoveDuringAnUploadIsRefused) {
    SmokeSettings3D s;
    s.nx = s.ny = s.nz = 128;
    s.pressureIterations = 1;
    SmokeSolver3D solver(context(), s);
    const std::vector<float> values(solver.fieldSize(SmokeField3D::Density), 0.5f);
    moveDuringTheChecksOfACall(solver, [&](SmokeSolver3D& x) { x.upload(SmokeField3D::Density, values); });
}

TEST_F(SolverMoves, SparseMoveDuringAnUploadIsRefused) {
    SmokeSettings3D s;
    s.nx = s.ny = s.nz = 128;
    SparseSettings3D sparse;
    sparse.poolBricks = 16 * 16 * 16;
    SparseSmokeSolver3D solver(context(), s, sparse);
    std::vector<std::array<uint32_t, 3>> all;
    for (uint32_t z = 0; z < 16; ++z)
        for (uint32_t y = 0; y < 16; ++y)
            for (uint32_t x = 0; x < 16; ++x) all.push_back({x, y, z});
    solver.allocateBricks(all);
    const std::vector<float> values(size_t(128) * 128 * 128, 0.5f);
    moveDuringTheChecksOfACall(solver, [&](SparseSmokeSolver3D& x) {
        x.uploadBox(SparseField3D::Density, {0, 0, 0}, {128, 128, 128}, values);
    });
}

} // namespace
} // namespace billow::test
