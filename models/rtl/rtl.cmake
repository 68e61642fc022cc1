# RTL co-simulation blocks: the Verilog under models/rtl, Verilated to C++ (verilate(), not
# SystemC output: it compiles in about two thirds of the time and the transactors clock the
# models themselves), plus their transactors and C++ reference models. Everything goes into one
# OBJECT library whose objects join ssdtlm_lib; only the transactor .cpp files include Verilator
# headers, so nothing else in the build needs Verilator's include paths or VM_* definitions.
#
# To add a block (docs/cosimulation.md): put the Verilog beside its transactor in
# models/rtl/<block>/ and add one verilate() call below; the .cpp files are globbed.
find_package(verilator 5 REQUIRED HINTS $ENV{VERILATOR_ROOT} /usr/share/verilator)

set(SSDTLM_RTL_DIR ${CMAKE_SOURCE_DIR}/models/rtl)
add_library(ssdtlm_rtl OBJECT)
set(SSDTLM_VERILATOR_ARGS -Wall)

# One verilate() per top module; PREFIX is the C++ class the transactor instantiates.
verilate(ssdtlm_rtl SOURCES ${SSDTLM_RTL_DIR}/ecc/ecc_secded512.v
  PREFIX Vecc_secded512 TRACE VERILATOR_ARGS ${SSDTLM_VERILATOR_ARGS})
verilate(ssdtlm_rtl SOURCES ${SSDTLM_RTL_DIR}/onfi/onfi_sequencer.v
  PREFIX Vonfi_sequencer TRACE VERILATOR_ARGS ${SSDTLM_VERILATOR_ARGS})
verilate(ssdtlm_rtl SOURCES ${SSDTLM_RTL_DIR}/raid/raid_parity_engine.v
  PREFIX Vraid_parity_engine TRACE VERILATOR_ARGS ${SSDTLM_VERILATOR_ARGS})

file(GLOB_RECURSE SSDTLM_RTL_CXX_SOURCES CONFIGURE_DEPENDS ${SSDTLM_RTL_DIR}/*.cpp)
target_sources(ssdtlm_rtl PRIVATE ${SSDTLM_RTL_CXX_SOURCES})
target_include_directories(ssdtlm_rtl PRIVATE ${CMAKE_SOURCE_DIR})
# Verilator's headers and the generated ones as system headers: no warnings from them in ours.
get_target_property(_ssdtlm_rtl_includes ssdtlm_rtl INCLUDE_DIRECTORIES)
list(REMOVE_ITEM _ssdtlm_rtl_includes ${CMAKE_SOURCE_DIR})
target_include_directories(ssdtlm_rtl SYSTEM PRIVATE ${_ssdtlm_rtl_includes})
target_link_libraries(ssdtlm_rtl PRIVATE PkgConfig::SystemC nlohmann_json::nlohmann_json Boost::boost)

# Build time (CI has 30 minutes for everything): Verilator's generated code and its runtime
# (verilated.cpp, the VCD writer) are compiled at -O1 without debug info or warnings; our own
# transactors get the project's flags.
get_target_property(_ssdtlm_rtl_all_sources ssdtlm_rtl SOURCES)
foreach(_source IN LISTS _ssdtlm_rtl_all_sources)
  if(_source MATCHES "\\.cpp$")
    if(_source IN_LIST SSDTLM_RTL_CXX_SOURCES)
      set_property(SOURCE ${_source} APPEND PROPERTY COMPILE_OPTIONS -Wall -Wextra)
    else()
      set_property(SOURCE ${_source} APPEND PROPERTY COMPILE_OPTIONS -O1 -g0 -w)
    endif()
  endif()
endforeach()
