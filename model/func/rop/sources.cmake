file(GLOB _s CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/*.cpp)
target_sources(gfx_func PRIVATE ${_s})
