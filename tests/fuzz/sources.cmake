# What both fuzz-test builds share (included by CMakeLists.txt).

# Checks of the GPU config that live with their unit, which the config harness and the
# seed generator need beside gfx_config: the shader's per-op overrides are checked against
# the ISA's op names; the replacement and issue policy names (the schema's choices) come
# from the policy tables; the DRAM config's checks and scheduler names live in model/dram.
file(GLOB _policies CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/model/sim/replacement/*.cpp
                                      ${PROJECT_SOURCE_DIR}/model/shader/issue/*.cpp
                                      ${PROJECT_SOURCE_DIR}/model/dram/sched/*.cpp)
set(GFX_FUZZ_CONFIG_CHECKS ${PROJECT_SOURCE_DIR}/model/shader/op_timing.cpp
                           ${PROJECT_SOURCE_DIR}/model/func/shader/isa.cpp
                           ${PROJECT_SOURCE_DIR}/model/dram/dram_config.cpp
                           ${_policies})

# gfx_fuzz_corpus(<seed tool target> <folder>): the seed corpus, generated at build time
# from the bundled traces, presets and shaders (seeds.cpp), redone when one changes.
function(gfx_fuzz_corpus tool folder)
  file(GLOB_RECURSE inputs CONFIGURE_DEPENDS
       ${PROJECT_SOURCE_DIR}/traces/*.yaml ${PROJECT_SOURCE_DIR}/traces/*.gfxt
       ${PROJECT_SOURCE_DIR}/tests/e2e/data/*.yaml ${PROJECT_SOURCE_DIR}/configs/*.yaml
       ${PROJECT_SOURCE_DIR}/tests/d3d9/shaders/*.asm ${PROJECT_SOURCE_DIR}/tests/d3d10/data/*.txt)
  add_custom_command(OUTPUT ${folder}/.stamp
    COMMAND ${tool} ${PROJECT_SOURCE_DIR} ${folder}
    COMMAND ${CMAKE_COMMAND} -E touch ${folder}/.stamp
    DEPENDS ${tool} ${inputs}
    COMMENT "Generating the fuzz seed corpus in ${folder}")
  add_custom_target(${tool}_corpus ALL DEPENDS ${folder}/.stamp)
endfunction()
