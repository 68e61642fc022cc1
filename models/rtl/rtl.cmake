# RTL co-simulation blocks: the Verilog under models/rtl, Verilated to C++ (not SystemC output: it
# compiles in about two thirds of the time and the transactors clock the models themselves), plus
# their transactors and C++ reference models. Everything goes into the static library ssdtlm_rtl,
# beside the layers: it builds on controller and raid (the engine interfaces it implements) and
# only platforms links it. Only the transactor .cpp files include Verilator headers, so nothing
# else in the build needs Verilator's include paths or VM_* definitions.
#
# To add a block (docs/cosimulation.md): put the Verilog beside its transactor in
# models/rtl/<block>/ and add one ssdtlm_add_rtl_block() call below; the .cpp files are globbed.
# A block from outside models/ calls the same function from its own CMakeLists.txt
# (examples/rtl_block, docs/extending.md).
include(${CMAKE_SOURCE_DIR}/cmake/ssdtlm_rtl_block.cmake)

set(SSDTLM_RTL_DIR ${CMAKE_SOURCE_DIR}/models/rtl)
add_library(ssdtlm_rtl STATIC)
target_include_directories(ssdtlm_rtl PRIVATE ${CMAKE_SOURCE_DIR})
target_link_libraries(ssdtlm_rtl PUBLIC ssdtlm_controller ssdtlm_raid)

# One block per top module; V<top module> is the C++ class the transactor instantiates.
ssdtlm_add_rtl_block(ssdtlm_rtl TOP_MODULE ecc_secded512 SOURCES ${SSDTLM_RTL_DIR}/ecc/ecc_secded512.v)
ssdtlm_add_rtl_block(ssdtlm_rtl TOP_MODULE onfi_sequencer SOURCES ${SSDTLM_RTL_DIR}/onfi/onfi_sequencer.v)
ssdtlm_add_rtl_block(ssdtlm_rtl TOP_MODULE raid_parity_engine SOURCES ${SSDTLM_RTL_DIR}/raid/raid_parity_engine.v)

file(GLOB_RECURSE SSDTLM_RTL_CXX_SOURCES CONFIGURE_DEPENDS ${SSDTLM_RTL_DIR}/*.cpp)
ssdtlm_add_rtl_sources(ssdtlm_rtl ${SSDTLM_RTL_CXX_SOURCES})
# Reached from platforms alone (platforms/rtl_engine_factory.cpp). Linked only: Verilator's include
# paths and definitions stay with the transactors instead of reaching every file above.
ssdtlm_link_into_layer(ssdtlm_platforms $<LINK_ONLY:ssdtlm_rtl>)
