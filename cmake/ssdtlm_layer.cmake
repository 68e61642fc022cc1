# ssdtlm_add_layer(NAME DIRS dir... [EXCLUDE regex] [DEPENDS target...]): the static library
# ssdtlm_NAME of every .cpp under the given folders (relative to the checkout, globbed again when
# a file is added), linking the layers below it PUBLIC. Under SSDTLM_SOURCE_FILTER (a development
# aid) only the matching sources are built, and kernel and common whole; a layer left without
# sources becomes an INTERFACE library that still carries its dependencies.
function(ssdtlm_add_layer name)
  cmake_parse_arguments(LAYER "" "EXCLUDE" "DIRS;DEPENDS" ${ARGN})
  set(globs "")
  foreach(dir IN LISTS LAYER_DIRS)
    list(APPEND globs ${CMAKE_SOURCE_DIR}/${dir}/*.cpp)
  endforeach()
  file(GLOB_RECURSE sources CONFIGURE_DEPENDS ${globs})
  if(LAYER_EXCLUDE)
    list(FILTER sources EXCLUDE REGEX "${LAYER_EXCLUDE}")
  endif()
  if(SSDTLM_SOURCE_FILTER)
    list(FILTER sources INCLUDE REGEX "${SSDTLM_SOURCE_FILTER}|/models/common/|/models/kernel/")
  endif()
  set(target ssdtlm_${name})
  if(sources)
    add_library(${target} STATIC ${sources})
    target_link_libraries(${target} PUBLIC ${LAYER_DEPENDS})
    target_compile_options(${target} PRIVATE -Wall -Wextra)
  else()
    add_library(${target} INTERFACE)
    target_link_libraries(${target} INTERFACE ${LAYER_DEPENDS})
  endif()
endfunction()

# ssdtlm_link_into_layer(TARGET item...): links the items into the layer TARGET for everything
# above it too, whether the layer is a library or (under SSDTLM_SOURCE_FILTER) an INTERFACE one.
function(ssdtlm_link_into_layer target)
  get_target_property(type ${target} TYPE)
  if(type STREQUAL "INTERFACE_LIBRARY")
    target_link_libraries(${target} INTERFACE ${ARGN})
  else()
    target_link_libraries(${target} PUBLIC ${ARGN})
  endif()
endfunction()
