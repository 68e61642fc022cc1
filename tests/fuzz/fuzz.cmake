# libFuzzer targets (tests/fuzz, docs/reliability.md), included by CMakeLists.txt when
# SSDTLM_FUZZ is on. Clang only. Meant for the sanitizer tree (CMAKE_BUILD_TYPE=Sanitize), so
# that a fuzz input that corrupts memory or overflows is caught where it happens.
#
# Only the input-handling sources get libFuzzer's coverage instrumentation (an object library
# linked ahead of ssdtlm_lib, whose copies of the same files are then never pulled from the
# archive): coverage feedback is wanted where the parsing happens, and the rest of the library
# stays uninstrumented so the GoogleTest suite of the same tree does not pay for it.
if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
  message(FATAL_ERROR "SSDTLM_FUZZ needs clang (libFuzzer): configure with -DCMAKE_CXX_COMPILER=clang++")
endif()

file(GLOB SSDTLM_FUZZ_INSTRUMENTED_SOURCES CONFIGURE_DEPENDS
  ${CMAKE_SOURCE_DIR}/models/host/trace/*.cpp
  ${CMAKE_SOURCE_DIR}/models/host/workload/*.cpp
  ${CMAKE_SOURCE_DIR}/models/common/config/*.cpp
  ${CMAKE_SOURCE_DIR}/platforms/ssd_config.cpp
  ${CMAKE_SOURCE_DIR}/platforms/ssd_config_schema.cpp
  ${CMAKE_SOURCE_DIR}/platforms/raid_config.cpp)
add_library(ssdtlm_fuzz_objects OBJECT ${SSDTLM_FUZZ_INSTRUMENTED_SOURCES})
target_link_libraries(ssdtlm_fuzz_objects PRIVATE ssdtlm_lib)  # include paths and definitions
target_compile_definitions(ssdtlm_fuzz_objects PRIVATE SSDTLM_SOURCE_DIR="${CMAKE_SOURCE_DIR}")
target_compile_options(ssdtlm_fuzz_objects PRIVATE -fsanitize=fuzzer-no-link)

# The bounded smoke run of each target (ctest -L fuzz): SSDTLM_FUZZ_SECONDS of fuzzing from
# the seed corpora. A crash, a sanitizer report, an input taking over SSDTLM_FUZZ_INPUT_TIMEOUT
# seconds (a hang) or memory over SSDTLM_FUZZ_RSS_MB (unbounded growth; ASan's shadow included)
# fails the test, and the input is saved in <build>/fuzz/artifacts/ to reproduce it with
# `<build>/fuzz_NAME <artifact>`. New inputs the run finds go to <build>/fuzz/corpus/NAME, so
# local runs build on earlier ones; CI starts from the seeds alone.
set(SSDTLM_FUZZ_SECONDS 10 CACHE STRING "seconds of fuzzing per target in the ctest smoke runs")
set(SSDTLM_FUZZ_INPUT_TIMEOUT 10 CACHE STRING "seconds one fuzz input may take before it counts as a hang")
set(SSDTLM_FUZZ_RSS_MB 2048 CACHE STRING "memory limit (MB) of a fuzz run")
set(SSDTLM_FUZZ_SEEDS ${CMAKE_CURRENT_LIST_DIR}/corpus)
file(MAKE_DIRECTORY ${CMAKE_BINARY_DIR}/fuzz/artifacts)

# Seeds at the input limits, generated here rather than checked in: JSON nested one level past
# kMaxJsonDepth (models/common/config/json_document.h) and with a duplicate key, for the
# configuration and workload targets; a trace line one byte past LineReader::kMaxLineBytes
# (models/host/trace/line_reader.h) for the trace targets. The targets' -max_len lets the
# fuzzer's own inputs grow past the same limits.
set(SSDTLM_FUZZ_LIMIT_SEEDS ${CMAKE_BINARY_DIR}/fuzz/limit-seeds)
set(SSDTLM_FUZZ_JSON_MAX_LEN 16384)
set(SSDTLM_FUZZ_TRACE_MAX_LEN 70000)
string(REPEAT "[" 65 deep_open)
string(REPEAT "]" 65 deep_close)
file(WRITE ${SSDTLM_FUZZ_LIMIT_SEEDS}/json/deep-gc-params.json
  "{\"ftl\": {\"gc\": {\"params\": {\"d\": ${deep_open}${deep_close}}}}}\n")
file(WRITE ${SSDTLM_FUZZ_LIMIT_SEEDS}/json/duplicate-key.json
  "{\"nand\": {\"blocks_per_plane\": 64}, \"nand\": {\"pages_per_block\": 64}}\n")
file(WRITE ${SSDTLM_FUZZ_LIMIT_SEEDS}/json/deep-raid-member.json
  "{\"raid\": {\"level\": \"raid5\"}, \"member_overrides\": {\"0\": ${deep_open}${deep_close}}}\n")
file(WRITE ${SSDTLM_FUZZ_LIMIT_SEEDS}/workload/deep.json
  "{\"kind\": \"random-read\", \"size\": ${deep_open}${deep_close}}")
file(WRITE ${SSDTLM_FUZZ_LIMIT_SEEDS}/workload/duplicate-key.json
  "{\"kind\": \"random-read\", \"count\": 10, \"count\": 20}")
string(REPEAT "1" 65537 long_line)
file(WRITE ${SSDTLM_FUZZ_LIMIT_SEEDS}/trace/long-line.trace
  "128166372003061629,wdev,3,Write,1017856,4096,1331\n${long_line}\n")

add_custom_target(ssdtlm_fuzzers)
# ssdtlm_add_fuzzer(NAME SOURCE [MAX_LEN BYTES] SEED_DIR...): MAX_LEN, the largest input the
# fuzzer generates (libFuzzer's default: the largest seed, at least 4096 bytes).
function(ssdtlm_add_fuzzer name source)
  cmake_parse_arguments(FUZZER "" "MAX_LEN" "" ${ARGN})
  set(max_len_option "")
  if(FUZZER_MAX_LEN)
    set(max_len_option -max_len=${FUZZER_MAX_LEN})
  endif()
  add_executable(${name} ${source} ${CMAKE_CURRENT_LIST_DIR}/sc_main_stub.cpp
    $<TARGET_OBJECTS:ssdtlm_fuzz_objects>)
  target_link_libraries(${name} PRIVATE ssdtlm_lib)
  target_compile_options(${name} PRIVATE -fsanitize=fuzzer -Wall -Wextra)
  target_link_options(${name} PRIVATE -fsanitize=fuzzer)
  add_dependencies(ssdtlm_fuzzers ${name})
  set(corpus ${CMAKE_BINARY_DIR}/fuzz/corpus/${name})
  file(MAKE_DIRECTORY ${corpus})
  add_test(NAME ${name}
    COMMAND ${name} -max_total_time=${SSDTLM_FUZZ_SECONDS} -timeout=${SSDTLM_FUZZ_INPUT_TIMEOUT} ${max_len_option}
      -rss_limit_mb=${SSDTLM_FUZZ_RSS_MB} -print_final_stats=1
      -artifact_prefix=${CMAKE_BINARY_DIR}/fuzz/artifacts/${name}- ${corpus} ${FUZZER_UNPARSED_ARGUMENTS})
  math(EXPR ctest_timeout "${SSDTLM_FUZZ_SECONDS} * 2 + 120")
  set_tests_properties(${name} PROPERTIES LABELS "fuzz;reliability" TIMEOUT ${ctest_timeout}
    ENVIRONMENT "SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1;SSDTLM_PRESET_DIR=${CMAKE_SOURCE_DIR}/platforms/presets")
endfunction()

# The configuration loaders start from the presets, the spec parser from documented examples.
ssdtlm_add_fuzzer(fuzz_platform_config ${CMAKE_CURRENT_LIST_DIR}/platform_config_fuzzer.cpp MAX_LEN ${SSDTLM_FUZZ_JSON_MAX_LEN}
  ${CMAKE_SOURCE_DIR}/platforms/presets ${SSDTLM_FUZZ_LIMIT_SEEDS}/json)
ssdtlm_add_fuzzer(fuzz_raid_config ${CMAKE_CURRENT_LIST_DIR}/raid_config_fuzzer.cpp MAX_LEN ${SSDTLM_FUZZ_JSON_MAX_LEN}
  ${CMAKE_SOURCE_DIR}/platforms/presets ${SSDTLM_FUZZ_LIMIT_SEEDS}/json)
ssdtlm_add_fuzzer(fuzz_workload_spec ${CMAKE_CURRENT_LIST_DIR}/workload_spec_fuzzer.cpp MAX_LEN ${SSDTLM_FUZZ_JSON_MAX_LEN}
  ${SSDTLM_FUZZ_SEEDS}/workload_spec ${SSDTLM_FUZZ_LIMIT_SEEDS}/workload)
# One trace fuzzer per reader, seeded with a few lines of its format; "auto" (the format
# detection in front of them all) with every format's seeds.
set(trace_formats msr spc mqsim disksim blkparse fiu fio)
set(all_trace_seeds "")
foreach(format ${trace_formats})
  ssdtlm_add_fuzzer(fuzz_trace_${format} ${CMAKE_CURRENT_LIST_DIR}/trace_reader_fuzzer.cpp MAX_LEN ${SSDTLM_FUZZ_TRACE_MAX_LEN}
    ${SSDTLM_FUZZ_SEEDS}/trace_${format} ${SSDTLM_FUZZ_LIMIT_SEEDS}/trace)
  target_compile_definitions(fuzz_trace_${format} PRIVATE SSDTLM_FUZZ_TRACE_FORMAT="${format}")
  list(APPEND all_trace_seeds ${SSDTLM_FUZZ_SEEDS}/trace_${format})
endforeach()
ssdtlm_add_fuzzer(fuzz_trace_auto ${CMAKE_CURRENT_LIST_DIR}/trace_reader_fuzzer.cpp MAX_LEN ${SSDTLM_FUZZ_TRACE_MAX_LEN}
  ${all_trace_seeds} ${SSDTLM_FUZZ_LIMIT_SEEDS}/trace)
target_compile_definitions(fuzz_trace_auto PRIVATE SSDTLM_FUZZ_TRACE_FORMAT="auto")

# Writing results: the timeline's number text against printf's, JSON result files with any
# bytes in their strings, and a full disk (/dev/full). Seeded with a few numbers and strings.
ssdtlm_add_fuzzer(fuzz_output_writing ${CMAKE_CURRENT_LIST_DIR}/output_writing_fuzzer.cpp
  ${SSDTLM_FUZZ_SEEDS}/output_writing)
# The command line: the app sc_main builds (sc_main/cli_app.cpp and the subcommands' files,
# not main.cpp), with CLI11; seeded with the README's command lines.
file(GLOB SSDTLM_FUZZ_CLI_SOURCES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/sc_main/*.cpp)
list(FILTER SSDTLM_FUZZ_CLI_SOURCES EXCLUDE REGEX "/main\\.cpp$")
ssdtlm_add_fuzzer(fuzz_cli_arguments ${CMAKE_CURRENT_LIST_DIR}/cli_arguments_fuzzer.cpp
  ${SSDTLM_FUZZ_SEEDS}/cli_arguments)
target_sources(fuzz_cli_arguments PRIVATE ${SSDTLM_FUZZ_CLI_SOURCES})
target_link_libraries(fuzz_cli_arguments PRIVATE CLI11::CLI11)
target_compile_definitions(fuzz_cli_arguments PRIVATE SSDTLM_VERSION="fuzz")
