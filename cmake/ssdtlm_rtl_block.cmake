# ssdtlm_add_rtl_block(TARGET TOP_MODULE top SOURCES file.v... [CXX_SOURCES file.cpp...]
#                      [VERILATOR_ARGS arg...] [LINK_INTO_PLATFORMS])
#
# Verilates the Verilog block whose top module is `top` into the static library TARGET (created
# when it does not exist yet), as C++ (not SystemC: the transactors clock the models themselves)
# with VCD tracing, in the class V<top>. CXX_SOURCES (the block's transactor, a test bench's
# helpers) join TARGET with the project's warnings; Verilator's generated code and its runtime
# are compiled at -O1 without debug info or warnings (build time: CI has 30 minutes for
# everything). LINK_INTO_PLATFORMS links TARGET into the platforms layer, the only layer that
# may reach an RTL block (docs/architecture.md, "Layers"). models/rtl/rtl.cmake adds today's
# blocks with it; examples/rtl_block adds one from outside models/ (docs/extending.md).
find_package(verilator 5 REQUIRED HINTS $ENV{VERILATOR_ROOT} /usr/share/verilator)

function(ssdtlm_add_rtl_block target)
  cmake_parse_arguments(BLOCK "LINK_INTO_PLATFORMS" "TOP_MODULE" "SOURCES;CXX_SOURCES;VERILATOR_ARGS" ${ARGN})
  if(NOT BLOCK_TOP_MODULE OR NOT BLOCK_SOURCES)
    message(FATAL_ERROR "ssdtlm_add_rtl_block(${target}): TOP_MODULE and SOURCES are required")
  endif()
  if(NOT TARGET ${target})
    add_library(${target} STATIC)
  endif()
  if(NOT BLOCK_VERILATOR_ARGS)
    set(BLOCK_VERILATOR_ARGS -Wall)
  endif()
  verilate(${target} SOURCES ${BLOCK_SOURCES} TOP_MODULE ${BLOCK_TOP_MODULE}
    PREFIX V${BLOCK_TOP_MODULE} TRACE VERILATOR_ARGS ${BLOCK_VERILATOR_ARGS})

  # Every .cpp the target has now that is not one of ours came from Verilator.
  get_target_property(all_sources ${target} SOURCES)
  get_target_property(own_sources ${target} SSDTLM_RTL_OWN_SOURCES)
  foreach(source IN LISTS all_sources)
    if(source MATCHES "\\.cpp$" AND NOT source IN_LIST own_sources)
      get_source_file_property(options ${source} COMPILE_OPTIONS)
      if(NOT "-g0" IN_LIST options)
        set_property(SOURCE ${source} APPEND PROPERTY COMPILE_OPTIONS -O1 -g0 -w)
      endif()
    endif()
  endforeach()
  if(BLOCK_CXX_SOURCES)
    ssdtlm_add_rtl_sources(${target} ${BLOCK_CXX_SOURCES})
  endif()

  # Verilator's headers and the generated ones as system headers: no warnings from them in ours.
  get_target_property(includes ${target} INCLUDE_DIRECTORIES)
  if(includes)
    list(REMOVE_ITEM includes ${CMAKE_SOURCE_DIR})
    target_include_directories(${target} SYSTEM PRIVATE ${includes})
  endif()
  if(BLOCK_LINK_INTO_PLATFORMS)
    ssdtlm_link_into_layer(ssdtlm_platforms $<LINK_ONLY:${target}>)
  endif()
endfunction()

# ssdtlm_add_rtl_sources(TARGET file.cpp...): C++ sources of an RTL target (transactors, reference
# models), compiled with the project's warnings.
function(ssdtlm_add_rtl_sources target)
  target_sources(${target} PRIVATE ${ARGN})
  set_property(SOURCE ${ARGN} APPEND PROPERTY COMPILE_OPTIONS -Wall -Wextra)
  set_property(TARGET ${target} APPEND PROPERTY SSDTLM_RTL_OWN_SOURCES ${ARGN})
endfunction()
