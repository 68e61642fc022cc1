// libsystemc.so's own main() calls sc_main, so every program linked against it must define
// one; a fuzzer's main() is libFuzzer's, and nothing here elaborates a SystemC design.
extern "C" int sc_main(int, char*[]) {
  return 0;
}
