# Sources of dram/sched/ (the DRAM scheduling policies), added to gfx_dram.
file(GLOB _s CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/*.cpp)
target_sources(gfx_dram PRIVATE ${_s})
