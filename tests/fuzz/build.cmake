# The fuzz build: clang with libFuzzer, ASan and UBSan (every UBSan report is fatal, so it
# is a crash the fuzzer keeps). Only what the harnesses need is compiled, from the same
# sources as the simulator.
if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
  message(FATAL_ERROR "GFX_FUZZ needs clang++ for libFuzzer (got ${CMAKE_CXX_COMPILER_ID}): "
                      "configure with -DCMAKE_CXX_COMPILER=clang++, or run scripts/fuzz.sh --build")
endif()
find_package(yaml-cpp REQUIRED)
find_package(ZLIB REQUIRED)

set(fuzz_sanitizers -fsanitize=address,undefined -fno-sanitize-recover=all)
# -O1 and line tables: quick to build, fast enough to fuzz, readable stacks.
add_compile_options(${fuzz_sanitizers} -fsanitize=fuzzer-no-link -O1 -gline-tables-only
                    -fno-omit-frame-pointer)
add_link_options(${fuzz_sanitizers})

# gfx_common as the simulator builds it (errors, api enums, the version stamp).
add_subdirectory(${PROJECT_SOURCE_DIR}/model/common ${CMAKE_BINARY_DIR}/model/common)

# fuzz_library(<name> <folder> EXCLUDE <regex> LIBS ...): the .cpp files of model/<folder>.
function(fuzz_library name folder)
  cmake_parse_arguments(L "" "EXCLUDE" "LIBS" ${ARGN})
  file(GLOB srcs CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/model/${folder}/*.cpp)
  if(L_EXCLUDE)
    list(FILTER srcs EXCLUDE REGEX "${L_EXCLUDE}")
  endif()
  add_library(${name} STATIC ${srcs})
  target_link_libraries(${name} PUBLIC ${L_LIBS})
endfunction()
fuzz_library(fuzzed_config config LIBS gfx_common yaml-cpp)
target_sources(fuzzed_config PRIVATE ${GFX_FUZZ_CONFIG_CHECKS})
fuzz_library(fuzzed_trace trace LIBS fuzzed_config gfx_common yaml-cpp ZLIB::ZLIB)
# The decoder and assembler, without the translator to the internal ISA (which needs the
# functional model; the driver tests cover it).
fuzz_library(fuzzed_d3d9 d3d9 EXCLUDE "/translate[^/]*\\.cpp$" LIBS gfx_common)
fuzz_library(fuzzed_d3d10 d3d10 EXCLUDE "/translate[^/]*\\.cpp$" LIBS gfx_common)

add_library(fuzz_support STATIC fuzz_support.cpp trace_check.cpp)
target_link_libraries(fuzz_support PUBLIC fuzzed_trace)
target_include_directories(fuzz_support PUBLIC ${CMAKE_CURRENT_SOURCE_DIR})

set(libs_trace_binary fuzzed_trace)
set(libs_trace_yaml fuzzed_trace)
set(libs_config fuzzed_config)
set(libs_d3d9_decode fuzzed_d3d9)
set(libs_d3d9_asm fuzzed_d3d9)
set(libs_dxbc fuzzed_d3d10)
foreach(h ${GFX_FUZZ_HARNESSES})
  add_executable(fuzz_${h} ${h}_fuzz.cpp)
  target_link_libraries(fuzz_${h} PRIVATE fuzz_support ${libs_${h}})
  target_link_options(fuzz_${h} PRIVATE -fsanitize=fuzzer)
  target_compile_definitions(fuzz_${h} PRIVATE GFX_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
endforeach()

add_executable(fuzz_seeds seeds.cpp)
target_link_libraries(fuzz_seeds PRIVATE fuzzed_trace fuzzed_config fuzzed_d3d9)
gfx_fuzz_corpus(fuzz_seeds ${CMAKE_BINARY_DIR}/corpus)
