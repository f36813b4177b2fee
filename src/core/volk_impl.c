/* volk, compiled privately into Billow under renamed symbols (see cmake/BillowVolk.cmake). */
#include "billow_volk_rename.h"
#include <volk.c>
