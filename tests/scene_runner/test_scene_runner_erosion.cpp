// Water scenes with erosion in the scene runner.
#include <gtest/gtest.h>
