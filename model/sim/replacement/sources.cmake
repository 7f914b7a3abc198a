# Sources of sim/replacement/ (the cache replacement policies), added to gfx_sim.
file(GLOB _s CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/*.cpp)
target_sources(gfx_sim PRIVATE ${_s})
