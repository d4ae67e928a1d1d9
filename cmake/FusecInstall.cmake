#===- cmake/FusecInstall.cmake - cmake --install and find_package(Fusec) --===#
#
# Installs the tools, the JIT and runtime libraries with their headers, and
# an exported CMake package, so that a host program can write
#
#   find_package(Fusec REQUIRED)
#   target_link_libraries(app PRIVATE Fusec::JIT)
#
# Fusec::Runtime (libfusec_runtime.so) needs neither LLVM nor CUDA at build
# time; Fusec::JIT (libfusec_jit.so) finds LLVM/MLIR through its RUNPATH.
#
#===----------------------------------------------------------------------===#
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(FUSEC_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/Fusec)

set(fusec_tools fusec fuse-opt fuse-run fuse-eval)
foreach(tool ${fusec_tools})
  if(NOT FUSEC_STATIC)
    set_target_properties(${tool} PROPERTIES
      INSTALL_RPATH "\$ORIGIN/../${CMAKE_INSTALL_LIBDIR};${LLVM_LIBRARY_DIR}")
  endif()
endforeach()
install(TARGETS ${fusec_tools} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

install(TARGETS fusec_runtime fusec_jit EXPORT FusecTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
set_target_properties(fusec_runtime PROPERTIES INSTALL_RPATH "\$ORIGIN")

# The public headers: the runtime's C and C++ APIs, the JIT's, and the one
# compiler header the JIT's C++ API needs (no MLIR header among them).
install(DIRECTORY ${PROJECT_SOURCE_DIR}/runtime/include/fusec/runtime
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/fusec FILES_MATCHING PATTERN "*.h")
install(FILES
  ${PROJECT_SOURCE_DIR}/include/fusec/JIT/JIT.h
  ${PROJECT_SOURCE_DIR}/include/fusec/JIT/fusec_jit.h
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/fusec/JIT)
install(FILES ${PROJECT_SOURCE_DIR}/include/fusec/Compiler/CompileOptions.h
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/fusec/Compiler)

install(EXPORT FusecTargets NAMESPACE Fusec::
  DESTINATION ${FUSEC_INSTALL_CMAKEDIR})
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/FusecConfig.cmake.in
  ${PROJECT_BINARY_DIR}/cmake/FusecConfig.cmake
  INSTALL_DESTINATION ${FUSEC_INSTALL_CMAKEDIR}
  PATH_VARS CMAKE_INSTALL_INCLUDEDIR)
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/cmake/FusecConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/cmake/FusecConfig.cmake
  ${PROJECT_BINARY_DIR}/cmake/FusecConfigVersion.cmake
  DESTINATION ${FUSEC_INSTALL_CMAKEDIR})

# The Python module (python/fusec), pure ctypes, next to the libraries.
if(EXISTS ${PROJECT_SOURCE_DIR}/python/fusec)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/python/fusec
    DESTINATION ${CMAKE_INSTALL_LIBDIR}/python
    PATTERN "__pycache__" EXCLUDE)
endif()
