# What `cmake --install` puts under the prefix (the layout: the top CMakeLists.txt). The
# Python package installs itself (model/python/CMakeLists.txt) since it is built only
# when pybind11 is there.
install(TARGETS gfxsim RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
foreach(tool gfxsim-trace gfxsim-import)
  if(TARGET ${tool})  # GFX_BUILD_TOOLS=OFF builds neither
    install(TARGETS ${tool} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  endif()
endforeach()

install(DIRECTORY ${PROJECT_SOURCE_DIR}/configs/ DESTINATION ${GFX_INSTALL_CONFIGDIR}
        FILES_MATCHING PATTERN "*.yaml")
install(DIRECTORY ${PROJECT_SOURCE_DIR}/traces/ DESTINATION ${CMAKE_INSTALL_DATADIR}/gfxsim/traces)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(FILES ${PROJECT_SOURCE_DIR}/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
