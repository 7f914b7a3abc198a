# Runs at every build (not only at configure time) so the stamped git revision follows
# HEAD; configure_file rewrites version.cpp only when the text changes, so an unchanged
# revision recompiles nothing.
execute_process(COMMAND git rev-parse --short=12 HEAD
  WORKING_DIRECTORY ${SOURCE_DIR} OUTPUT_VARIABLE GFX_GIT_REV
  OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
if(NOT GFX_GIT_REV)
  set(GFX_GIT_REV "unknown")
endif()
configure_file(${SOURCE_DIR}/model/common/version.cpp.in ${OUTPUT} @ONLY)
