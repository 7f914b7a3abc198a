// A shared library that loads but has no gfxsim_make_dram_target: the plugin loader must
// say so, naming the key and the function.
extern "C" int gfxsim_some_other_function() { return 42; }
