# GFX_SANITIZE (top CMakeLists.txt): every target with AddressSanitizer and UBSan, and
# every UBSan report fatal, so a report fails the test that triggers it. The ctest entries
# get GFX_SANITIZER_ENV or GFX_SANITIZER_PYTHON_ENV (gfx_test_environment in
# tests/CMakeLists.txt): the runtime options and the suppression file of SystemC's own
# reports (lsan.supp beside this file, which says why each is there). docs/testing.md,
# "Sanitizers", says how to run it (scripts/sanitize.sh).
if(NOT GFX_SANITIZE)
  file(REMOVE_RECURSE ${PROJECT_BINARY_DIR}/sanitizers)  # what an earlier GFX_SANITIZE=ON wrote
  return()
endif()
if(GFX_FUZZ)
  message(FATAL_ERROR "GFX_SANITIZE and GFX_FUZZ are separate builds: the fuzz build is sanitized already")
endif()
if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
  # The preload below and the runtime names are gcc's (libasan.so); clang links its own.
  message(FATAL_ERROR "GFX_SANITIZE: build with g++ (found ${CMAKE_CXX_COMPILER_ID} ${CMAKE_CXX_COMPILER})")
endif()
# -O1 whatever the build type: ASan's advice for stacks that name every frame, and the same
# flags when scripts/bootstrap.sh reconfigures this folder as Release (tests/e2e/
# test_bootstrap.py runs it on the build under test), so that reconfigure rebuilds nothing.
foreach(config RELEASE RELWITHDEBINFO DEBUG MINSIZEREL)
  set(CMAKE_CXX_FLAGS_${config} "-O1")
endforeach()
# float-cast-overflow is undefined behaviour that -fsanitize=undefined leaves out in gcc: a
# float (NaN, inf, out of range) converted to an integer type that cannot hold it, which a
# shader or rasterizer value can reach; the conversions must clamp first.
set(_san -fsanitize=address,undefined,float-cast-overflow -fno-sanitize-recover=undefined,float-cast-overflow)
add_compile_options(${_san} -fno-omit-frame-pointer -g1)
add_link_options(${_san})
set(_dir ${CMAKE_CURRENT_LIST_DIR})
# A report exits with 99, not the runtimes' default 1, which is gfxsim's own status for
# refused input: a test that expects a refusal cannot take a report for it.
set(_asan "detect_stack_use_after_return=0:abort_on_error=0:exitcode=99")
set(_lsan "LSAN_OPTIONS=suppressions=${_dir}/lsan.supp:print_suppressions=0")
set(_ubsan "UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:exitcode=99")
set(GFX_SANITIZER_ENV "ASAN_OPTIONS=detect_leaks=1:${_asan}" "${_lsan}" "${_ubsan}")

# The Python module is loaded by an uninstrumented interpreter: the ASan runtime must be
# loaded first (LD_PRELOAD), as the module cannot bring it in late. libstdc++ right after
# it: ASan finds the __cxa_throw it wraps when it starts, and python3 does not link
# libstdc++, so without it the first C++ throw in the module stops the process with
# "CHECK failed: ... real___cxa_throw != 0" (every gfx::Error raised to Python).
set(_preload)
foreach(lib libasan.so libstdc++.so)
  execute_process(COMMAND ${CMAKE_CXX_COMPILER} -print-file-name=${lib}
                  OUTPUT_VARIABLE _path OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT IS_ABSOLUTE "${_path}" OR NOT EXISTS "${_path}")
    message(FATAL_ERROR "GFX_SANITIZE: ${CMAKE_CXX_COMPILER} -print-file-name=${lib} gave "
                        "'${_path}', not a file (install the compiler's ${lib})")
  endif()
  list(APPEND _preload ${_path})
endforeach()
string(REPLACE ";" ":" _preload "${_preload}")
# Under the preload, Python itself (which frees little at exit: LeakSanitizer reports
# ~260 KB of it for `python3 -c 'print(1)'`) and every other program a Python test starts
# (sh, cmake, git, ldd...) would be checked for leaks too; they are not ours. So Python
# entries run with detect_leaks=0, and our executables turn it back on by name: ASan reads
# <build>/sanitizers/<argv[0]'s base name>.asan_options when there is one (%b). What the
# module leaks inside the interpreter is not checked; the C++ tests and the CLI runs cover
# the same code with leak checking on.
set(_opts_dir ${PROJECT_BINARY_DIR}/sanitizers)
foreach(exe gfxsim gfxsim-trace gfxsim-tracegen gfxsim-shader)
  file(WRITE ${_opts_dir}/${exe}.asan_options "detect_leaks=1\n")
endforeach()
set(GFX_SANITIZER_PYTHON_ENV "LD_PRELOAD=${_preload}"
    "ASAN_OPTIONS=detect_leaks=0:${_asan}:include_if_exists=${_opts_dir}/%b.asan_options"
    "${_lsan}" "${_ubsan}")
# The same for Python started outside ctest (scripts/tess_traces.sh): one VAR=value a line.
string(REPLACE ";" "\n" _lines "${GFX_SANITIZER_PYTHON_ENV}")
file(WRITE ${_opts_dir}/python.env "${_lines}\n")
