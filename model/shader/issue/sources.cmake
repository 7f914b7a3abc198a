# Sources of shader/issue/ (the warp issue policies), added to gfx_shader.
file(GLOB _s CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/*.cpp)
target_sources(gfx_shader PRIVATE ${_s})
