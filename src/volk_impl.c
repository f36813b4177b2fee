/* volk, compiled privately into Eddy under renamed symbols (see cmake/EddyVolk.cmake). */
#include "eddy_volk_rename.h"
#include <volk.c>
