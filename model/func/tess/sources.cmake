# Sources of func/tess/ (the D3D9 tessellator's functional core), added to gfx_func
# (func/CMakeLists.txt includes every subfolder's sources.cmake).
file(GLOB _s CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/*.cpp)
target_sources(gfx_func PRIVATE ${_s})
# Watertight edges rely on bit-identical float expressions on both sides of an edge:
# no FMA contraction (a fused a*b+c would round differently from the neighbour's sum).
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" OR CMAKE_CXX_COMPILER_ID MATCHES "Clang")
  set_source_files_properties(${_s} PROPERTIES COMPILE_OPTIONS -ffp-contract=off)
endif()
