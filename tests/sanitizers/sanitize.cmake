# GFX_SANITIZE (top CMakeLists.txt): every target with AddressSanitizer and UBSan, and
# every UBSan report fatal, so a report fails the test that triggers it. The ctest entries
# get GFX_SANITIZER_ENV (tests/CMakeLists.txt): the runtime options and the suppression
# file of SystemC's own reports (lsan.supp beside this file, which says why each is there).
if(NOT GFX_SANITIZE)
  return()
endif()
if(GFX_FUZZ)
  message(FATAL_ERROR "GFX_SANITIZE and GFX_FUZZ are separate builds: the fuzz build is sanitized already")
endif()
set(_san -fsanitize=address,undefined -fno-sanitize-recover=undefined)
add_compile_options(${_san} -fno-omit-frame-pointer -g1)
add_link_options(${_san})
set(_dir ${CMAKE_CURRENT_LIST_DIR})
set(GFX_SANITIZER_ENV
    "ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:detect_stack_use_after_return=0"
    "LSAN_OPTIONS=suppressions=${_dir}/lsan.supp:print_suppressions=0"
    "UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1")
# The Python module is loaded by an uninstrumented interpreter: the ASan runtime must be
# loaded first (LD_PRELOAD), as the module cannot bring it in late.
execute_process(COMMAND ${CMAKE_CXX_COMPILER} -print-file-name=libasan.so
                OUTPUT_VARIABLE _asan OUTPUT_STRIP_TRAILING_WHITESPACE)
set(GFX_SANITIZER_PYTHON_ENV "LD_PRELOAD=${_asan}")
