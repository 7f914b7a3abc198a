# The fuzz tests of the normal build (docs/testing.md, "Fuzzing"):
# - fuzz_replay_<harness>: the harness compiled without libFuzzer replays the seed corpus
#   (made by this build's fuzz_seeds) and the saved inputs of past findings in
#   regressions/<harness>/; no clang needed;
# - fuzz_<harness>: libFuzzer itself, a fixed number of executions with -seed=1, from a
#   clang fuzz build in <build>/fuzz that the fuzz_build fixture brings up to date. Without
#   clang or libFuzzer both say so in one line and are skipped.
set(fuzz_runs 3000)  # per harness: seconds each at ASan speed, and still finds shallow bugs

add_library(gfx_fuzz_support STATIC fuzz_support.cpp trace_check.cpp)
target_link_libraries(gfx_fuzz_support PUBLIC gfx_trace)
target_include_directories(gfx_fuzz_support PUBLIC ${CMAKE_CURRENT_SOURCE_DIR})

set(libs_trace_binary gfx_trace)
set(libs_trace_yaml gfx_trace)
set(libs_config gfx_config)
set(libs_d3d9_decode gfx_d3d9)
set(libs_d3d9_asm gfx_d3d9)
set(libs_dxbc gfx_d3d10)
set(corpus ${CMAKE_CURRENT_BINARY_DIR}/corpus)
foreach(h ${GFX_FUZZ_HARNESSES})
  add_executable(fuzz_replay_${h} ${h}_fuzz.cpp replay_main.cpp)
  target_link_libraries(fuzz_replay_${h} PRIVATE gfx_fuzz_support ${libs_${h}})
  target_compile_definitions(fuzz_replay_${h} PRIVATE GFX_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
  set(inputs ${corpus}/${h})
  if(IS_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}/regressions/${h})
    list(APPEND inputs ${CMAKE_CURRENT_SOURCE_DIR}/regressions/${h})
  endif()
  add_test(NAME fuzz_replay_${h} COMMAND fuzz_replay_${h} ${inputs})
  set_tests_properties(fuzz_replay_${h} PROPERTIES LABELS fuzz TIMEOUT 300)
  gfx_test_environment(fuzz_replay_${h})
endforeach()
target_sources(fuzz_replay_config PRIVATE ${GFX_FUZZ_CONFIG_CHECKS})

add_executable(fuzz_seeds seeds.cpp)
target_link_libraries(fuzz_seeds PRIVATE gfx_trace gfx_config gfx_d3d9)
target_sources(fuzz_seeds PRIVATE ${GFX_FUZZ_CONFIG_CHECKS})
gfx_fuzz_corpus(fuzz_seeds ${corpus})

# libFuzzer runs, through scripts/fuzz.sh (which also builds the fuzz build). Not in a
# GFX_SANITIZE build: that clang build is sanitized on its own and the normal build's
# ctest runs it; the replays above are this build's instrumented parsers on the same inputs.
if(GFX_SANITIZE)
  return()
endif()
set(fuzz_env FUZZ_BUILD_DIR=${PROJECT_BINARY_DIR}/fuzz)
add_test(NAME fuzz_build
         COMMAND ${CMAKE_COMMAND} -E env ${fuzz_env} ${PROJECT_SOURCE_DIR}/scripts/fuzz.sh --build)
set_tests_properties(fuzz_build PROPERTIES FIXTURES_SETUP fuzz_build SKIP_RETURN_CODE 77
                                           LABELS fuzz TIMEOUT 900)
foreach(h ${GFX_FUZZ_HARNESSES})
  add_test(NAME fuzz_${h}
           COMMAND ${CMAKE_COMMAND} -E env ${fuzz_env}
                   ${PROJECT_SOURCE_DIR}/scripts/fuzz.sh --check ${h} ${fuzz_runs})
  set_tests_properties(fuzz_${h} PROPERTIES FIXTURES_REQUIRED fuzz_build SKIP_RETURN_CODE 77
                                            LABELS fuzz TIMEOUT 600)
endforeach()
