#===- cmake/FusecLinking.cmake - how fusec links MLIR and LLVM -----------===#
#
# Development builds link the shared libMLIR.so/libLLVM.so (fast links).
# FUSEC_STATIC links the static component archives instead, so that the
# tools and the JIT can be carried to a machine without LLVM (the GPU
# machine); see TOOLCHAIN.md.
#
# Note: with MLIR_LINK_MLIR_DYLIB, mlir_target_link_libraries would swap our
# own libraries for the dylib too, so plain target_link_libraries is used.
#
#===----------------------------------------------------------------------===#

# fusec_link_mlir(<target> <MLIR or LLVM component libraries>...)
function(fusec_link_mlir target)
  if(FUSEC_STATIC)
    set(libs)
    foreach(lib ${ARGN})
      list(APPEND libs "${LLVM_LIBRARY_DIR}/lib${lib}.a")
    endforeach()
    set_property(GLOBAL APPEND PROPERTY FUSEC_STATIC_MLIR_LIBS ${libs})
  else()
    target_link_libraries(${target} PUBLIC MLIR LLVM)
  endif()
endfunction()

# fusec_link_tool(<target>): final link step of an executable or shared
# library that uses MLIR. In static mode every archive recorded by
# fusec_link_mlir is linked in one group, followed by LLVM's components.
function(fusec_link_tool target)
  if(FUSEC_STATIC)
    get_property(libs GLOBAL PROPERTY FUSEC_STATIC_MLIR_LIBS)
    list(REMOVE_DUPLICATES libs)
    llvm_map_components_to_libnames(llvm_libs
      Core Support NVPTXCodeGen NVPTXDesc NVPTXInfo X86CodeGen X86AsmParser
      X86Desc X86Info OrcJIT MCJIT ExecutionEngine Passes IPO Linker
      TransformUtils FrontendOpenMP FrontendOffloading BitWriter BitReader
      IRReader AsmParser Target MC Object Analysis PerfJITEvents
      OrcShared OrcTargetProcess JITLink Demangle)
    set(llvm_archives)
    foreach(lib ${llvm_libs})
      list(APPEND llvm_archives "${LLVM_LIBRARY_DIR}/lib${lib}.a")
    endforeach()
    target_link_libraries(${target} PRIVATE
      -Wl,--start-group ${libs} ${llvm_archives} -Wl,--end-group
      -static-libstdc++ -static-libgcc
      ${LLVM_LIBRARY_DIR}/../../x86_64-linux-gnu/libzstd.a z pthread dl m)
  endif()
endfunction()
