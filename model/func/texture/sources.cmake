# Sources of func/texture/, added to gfx_func (the lead's func/CMakeLists.txt includes this file).
file(GLOB _s CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/*.cpp)
target_sources(gfx_func PRIVATE ${_s})
# Bit-identical results on every host: no FMA contraction of float expressions (a mad is a*b+c).
# GCC's -O2 only vectorises loops whose trip count is a known multiple of the vector width;
# the per-lane loops run over a warp's lane count, so let its cost model version them.
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
  set_source_files_properties(${_s} PROPERTIES COMPILE_OPTIONS
                              "-ffp-contract=off;-ftree-loop-vectorize;-fvect-cost-model=dynamic")
elseif(CMAKE_CXX_COMPILER_ID MATCHES "Clang")
  set_source_files_properties(${_s} PROPERTIES COMPILE_OPTIONS -ffp-contract=off)
endif()
