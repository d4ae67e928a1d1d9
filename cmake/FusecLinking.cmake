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
# Development builds link the dylibs; static builds link everything at the
# final link step (fusec_link_tool), so libraries need nothing here.
function(fusec_link_mlir target)
  if(NOT FUSEC_STATIC)
    target_link_libraries(${target} PUBLIC MLIR LLVM)
  endif()
endfunction()

# fusec_link_tool(<target>): final link step of an executable or shared
# library that uses MLIR. In static mode every MLIR and LLVM archive goes
# into one group; the linker takes only the objects that are needed, which
# is simpler and more robust than replaying Debian's exported dependency
# lists (they name the dylibs).
function(fusec_link_tool target)
  if(FUSEC_STATIC)
    file(GLOB mlir_archives "${LLVM_LIBRARY_DIR}/libMLIR*.a")
    list(FILTER mlir_archives EXCLUDE REGEX "libMLIR(Test|CAPI)")
    file(GLOB llvm_archives "${LLVM_LIBRARY_DIR}/libLLVM*.a")
    get_target_property(kind ${target} TYPE)
    if(kind STREQUAL "SHARED_LIBRARY")
      # Debian's libz.a and libzstd.a are not position independent; every
      # Linux machine has the shared ones.
      set(compression z zstd)
    else()
      set(compression /usr/lib/x86_64-linux-gnu/libzstd.a
                      /usr/lib/x86_64-linux-gnu/libz.a)
    endif()
    target_link_libraries(${target} PRIVATE
      -Wl,--start-group ${mlir_archives} ${llvm_archives} -Wl,--end-group
      -static-libstdc++ -static-libgcc ${compression} pthread dl m rt)
    target_link_options(${target} PRIVATE -Wl,--gc-sections)
  endif()
endfunction()
