// ssdtlm._core: the pybind11 layer under the pure-Python `ssdtlm` package (bindings/ssdtlm/).
// It stays thin: documents, workload specs and statistics cross the boundary as JSON text (the
// Python side turns them into dicts), and simulations run in SimulationSession, one fresh
// SystemC kernel context each.
//
// Errors: ssdtlm::ConfigError (bad key, value, spec) becomes ValueError with the message that
// names the key; a SystemC report (sc_report, also what the kernel makes of any exception
// thrown inside a process) becomes ssdtlm.SimulationError. SC_FATAL is turned from abort into
// throw, so the interpreter survives whatever the model reports.
#include <csignal>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <systemc>

#include "models/common/config/config_error.h"
#include "models/common/config/json_document.h"
#include "models/kernel/run_interrupt.h"
#include "models/ftl/functional/functional_engine.h"
#include "models/common/host_request.h"
#include "models/host/workload/workload_spec.h"
#include "bindings/python_victim_policy.h"
#include "platforms/output_directory.h"
#include "platforms/plugin_loader.h"
#include "platforms/preconditioning.h"
#include "platforms/raid_config.h"
#include "platforms/raid_simulation_session.h"
#include "platforms/range_command_check.h"
#include "platforms/run_summary.h"
#include "platforms/simulation_session.h"
#include "platforms/ssd_config.h"
#include "platforms/wa_report.h"

namespace py = pybind11;

// libsystemc's own main() calls sc_main and the library is linked BIND_NOW, so the module has
// to define it, visible, although nothing ever calls it here.
extern "C" __attribute__((visibility("default"))) int sc_main(int, char**) { return 0; }

namespace {

using ssdtlm::SimulationSession;

// The kernel has process-wide state (the current context): one simulation call at a time,
// whichever Python thread makes it. The GIL is released while a simulation runs.
std::mutex& kernel_mutex() {
  static std::mutex mutex;
  return mutex;
}

// The one JSON parser of the model (depth limit, duplicate keys, line:column of syntax errors).
nlohmann::json parse(const std::string& text, const char* what) { return ssdtlm::parse_json_text(text, what); }

std::string dump(const nlohmann::json& value, int indent = -1) { return value.dump(indent); }

// A Python callable kept by a C++ callback that the kernel calls with the GIL released: the
// callback takes the GIL for each call, and the callable is released under the GIL too.
std::shared_ptr<py::object> hold_python_callable(py::object callable) {
  return std::shared_ptr<py::object>(new py::object(std::move(callable)), [](py::object* object) {
    py::gil_scoped_acquire gil;
    delete object;
  });
}

class Session {
 public:
  Session(const std::string& document, const std::string& source) {
    const nlohmann::json effective = parse(document, "config");
    std::lock_guard<std::mutex> lock(kernel_mutex());
    session_ = std::make_unique<SimulationSession>(effective, source);
  }

  std::size_t add_workload(const std::string& spec_json, std::uint64_t start_ns, std::uint64_t stop_ns,
                           std::uint64_t seed) {
    const ssdtlm::WorkloadSpec spec = ssdtlm::workload_from_json(parse(spec_json, "workload"), "workload");
    std::lock_guard<std::mutex> lock(kernel_mutex());
    return get().add_workload(spec, start_ns, stop_ns, seed);
  }
  void open_request_records(const std::string& path) { get().open_request_records(path); }
  void stream_timeline_to(const std::string& path) { get().stream_timeline_to(path); }
  void mark_interrupted() { get().mark_interrupted(); }
  // `monitor(pages_written, pages_expected)` during preconditioning, which runs with the GIL
  // released: the GIL is taken back for each call, and a pending Ctrl-C (KeyboardInterrupt)
  // abandons the preconditioning there instead of after it.
  void set_precondition_monitor(py::object monitor) {
    if (monitor.is_none()) {
      get().set_precondition_monitor(nullptr);
      return;
    }
    auto shared = hold_python_callable(std::move(monitor));
    get().set_precondition_monitor([shared](std::uint64_t written, std::uint64_t expected) {
      py::gil_scoped_acquire gil;
      if (PyErr_CheckSignals() != 0) throw py::error_already_set();
      (*shared)(written, expected);
    });
  }
  void check_request_records_written() { get().check_request_records_written(); }
  void open_vcd(const std::string& path) {
    std::lock_guard<std::mutex> lock(kernel_mutex());
    get().open_vcd(path);
  }
  void close_vcd() {
    std::lock_guard<std::mutex> lock(kernel_mutex());
    get().close_vcd();
  }
  void set_precondition(const std::string& mode) {
    get().set_precondition(ssdtlm::parse_precondition_mode(mode, "precondition"));
  }

  bool run_until(std::uint64_t until_ps, bool stop_when_done) {
    SimulationSession& session = get();
    py::gil_scoped_release release;
    std::lock_guard<std::mutex> lock(kernel_mutex());
    return session.run_until(until_ps, stop_when_done);
  }
  bool run_to_completion() {
    SimulationSession& session = get();
    py::gil_scoped_release release;
    std::lock_guard<std::mutex> lock(kernel_mutex());
    return session.run_to_completion();
  }

  std::uint64_t now_ps() { return get().now_ps(); }
  bool pending_activity() { return get().pending_activity(); }
  bool started() { return get().started(); }
  bool done() { return get().workloads_done(); }
  bool failed() { return get().failed(); }
  std::uint64_t seed() { return get().config().seed; }
  double precondition_wall_seconds() { return get().platform().precondition_result().wall_seconds; }
  std::uint64_t logical_bytes() { return get().platform().logical_bytes(); }
  std::string effective_config() { return dump(get().config().effective); }
  std::string workload_status() { return dump(get().workload_status()); }
  std::string statistics(int indent) {
    std::lock_guard<std::mutex> lock(kernel_mutex());
    return dump(get().statistics(), indent);
  }
  void keep_request_timings() { get().keep_request_timings(); }
  std::string fio_json(const std::string& ssdtlm_version) {
    std::lock_guard<std::mutex> lock(kernel_mutex());
    return get().fio_json(ssdtlm_version).dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
  }
  void stop_timeline() {
    std::lock_guard<std::mutex> lock(kernel_mutex());
    get().stop_timeline();
  }
  void write_timeline_csv(const std::string& path) { get().write_timeline_csv(path); }
  void set_gc_watermarks(double low, double high) { get().set_gc_watermarks(low, high); }
  void set_foreground_gc(bool foreground) { get().set_foreground_gc(foreground); }
  std::string power_loss() {
    std::lock_guard<std::mutex> lock(kernel_mutex());
    return dump(get().power_loss());
  }

  // ftl.mode = mjolnir: one range command now (SimulationSession::issue_command); `op` is
  // range-copy, range-move, range-delete or snapshot. Returns its handle.
  std::uint64_t issue_command(const std::string& op, std::uint64_t offset, std::uint64_t length,
                              std::uint64_t destination) {
    ssdtlm::HostRequest request;
    if (op == "range-copy") request.op = ssdtlm::HostOp::RangeCopy;
    else if (op == "range-move") request.op = ssdtlm::HostOp::RangeMove;
    else if (op == "range-delete") request.op = ssdtlm::HostOp::RangeDelete;
    else if (op == "snapshot") request.op = ssdtlm::HostOp::Snapshot;
    else throw ssdtlm::config_error("op", "expected range-copy, range-move, range-delete or snapshot, got " + op);
    ssdtlm::check_range_command_mode(request.op, get().config());
    if (length > 0xffffffffull) {
      throw ssdtlm::config_error("length", std::to_string(length) + " B: one command covers less than 4 GiB");
    }
    request.offset_bytes = offset;
    request.size_bytes = static_cast<std::uint32_t>(length);
    request.destination_bytes = destination;
    std::lock_guard<std::mutex> lock(kernel_mutex());
    return get().issue_command(request);
  }
  std::string command_status(std::uint64_t handle) { return dump(get().command_status(handle)); }
  std::uint64_t commands_outstanding() { return get().commands_outstanding(); }
  std::vector<std::optional<std::uint64_t>> page_contents(std::uint64_t first_page, std::uint64_t pages) {
    return get().page_contents(first_page, pages);
  }
  std::uint64_t page_size_bytes() { return get().config().geometry.page_size_bytes; }
  std::uint64_t namespace_bytes() {
    const ssdtlm::SsdConfig& config = get().config();
    return config.ftl_mode == ssdtlm::SsdConfig::FtlMode::Mjolnir
               ? config.mjolnir.namespace_pages * config.geometry.page_size_bytes
               : get().platform().logical_bytes();
  }

  // Test hook: makes the kernel fail at `at_ps` the way a model can (an SC_REPORT_ERROR or
  // SC_REPORT_FATAL, a failed sc_assert, a C++ exception thrown inside a process).
  void inject_fault(std::uint64_t at_ps, const std::string& kind) {
    if (kind != "error" && kind != "fatal" && kind != "assert" && kind != "exception") {
      throw ssdtlm::config_error("kind", "expected error, fatal, assert or exception, got " + kind);
    }
    get().schedule(at_ps, [kind]() {
      if (kind == "error") SC_REPORT_ERROR("ssdtlm/injected", "injected error");
      if (kind == "fatal") SC_REPORT_FATAL("ssdtlm/injected", "injected fatal error");
      if (kind == "assert") sc_assert(kind == "never");
      if (kind == "exception") throw std::runtime_error("injected exception");
    });
  }

  // Destroys the platform and its kernel context (flushes per-request records).
  void close() {
    std::lock_guard<std::mutex> lock(kernel_mutex());
    session_.reset();
  }
  bool closed() const { return !session_; }

 private:
  SimulationSession& get() {
    if (!session_) throw std::runtime_error("this simulation is closed");
    return *session_;
  }
  std::unique_ptr<SimulationSession> session_;
};

// Ctrl-C during one long call into the kernel (a RAID run is one call, its members'
// preconditioning included): Python's own SIGINT handler only marks the signal for the main
// thread to see after the call, so for the call's length SIGINT asks the kernel to stop instead
// (at its next instant, preconditioning at its next chunk, as Ctrl-C in the command), and the
// call then raises KeyboardInterrupt. Only on the main thread, where Python takes signals.
class InterruptibleCall {
 public:
  InterruptibleCall() {
    const py::object threading = py::module_::import("threading");
    active_ = threading.attr("current_thread")().is(threading.attr("main_thread")());
    if (!active_) return;
    ssdtlm::clear_run_interrupt();
    struct sigaction action {};
    action.sa_handler = [](int) { ssdtlm::request_run_interrupt(); };
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, &previous_);
  }
  ~InterruptibleCall() {
    if (active_) sigaction(SIGINT, &previous_, nullptr);
  }
  InterruptibleCall(const InterruptibleCall&) = delete;
  InterruptibleCall& operator=(const InterruptibleCall&) = delete;
  // After the call, with the GIL held: KeyboardInterrupt when Ctrl-C stopped it.
  void raise_if_interrupted() {
    if (!active_ || !ssdtlm::run_interrupt_requested()) return;
    ssdtlm::clear_run_interrupt();
    PyErr_SetNone(PyExc_KeyboardInterrupt);
    throw py::error_already_set();
  }

 private:
  bool active_ = false;
  struct sigaction previous_ {};
};

// A RAID array (RaidSimulationSession) for ssdtlm.RaidSimulation: same conventions as Session.
class RaidSession {
 public:
  RaidSession(const std::string& document, const std::string& source) {
    const nlohmann::json effective = parse(document, "config");
    std::lock_guard<std::mutex> lock(kernel_mutex());
    session_ = std::make_unique<ssdtlm::RaidSimulationSession>(effective, source);
  }
  void set_workload(const std::string& spec_json) {
    const ssdtlm::WorkloadSpec spec = ssdtlm::workload_from_json(parse(spec_json, "workload"), "workload");
    std::lock_guard<std::mutex> lock(kernel_mutex());
    get().set_workload(spec);
  }
  void set_precondition(const std::string& mode) {
    get().set_precondition(ssdtlm::parse_precondition_mode(mode, "precondition"));
  }
  // Progress for Python's bars: `monitor(pages_written, pages_expected)` during the members'
  // preconditioning (member 0's, as `ssdtlm raid` shows it; possibly from a helper thread) and
  // `on_completions(requests_completed)` every few requests of the timed run. Ctrl-C is left
  // to InterruptibleCall.
  void set_progress(py::object monitor, py::object on_completions) {
    auto precondition = hold_python_callable(std::move(monitor));
    auto run = hold_python_callable(std::move(on_completions));
    ssdtlm::RaidPlatform& platform = get().platform();
    platform.set_precondition_monitor([precondition](std::uint64_t written, std::uint64_t expected) {
      py::gil_scoped_acquire gil;
      (*precondition)(written, expected);
    });
    platform.set_progress_callback([run, &platform]() {
      py::gil_scoped_acquire gil;
      (*run)(platform.host_statistics().completed());
    });
  }
  bool run_until(std::uint64_t until_ps) {
    ssdtlm::RaidSimulationSession& session = get();
    InterruptibleCall interruptible;
    bool finished = false;
    {
      py::gil_scoped_release release;
      std::lock_guard<std::mutex> lock(kernel_mutex());
      finished = session.run_until(until_ps);
    }
    interruptible.raise_if_interrupted();
    return finished;
  }
  bool run_to_completion() {
    ssdtlm::RaidSimulationSession& session = get();
    InterruptibleCall interruptible;
    bool finished = false;
    {
      py::gil_scoped_release release;
      std::lock_guard<std::mutex> lock(kernel_mutex());
      finished = session.run_to_completion();
    }
    interruptible.raise_if_interrupted();
    return finished;
  }
  void fail_drive(std::uint32_t slot) {
    std::lock_guard<std::mutex> lock(kernel_mutex());
    get().fail_drive(slot);
  }
  std::uint64_t now_ps() { return get().now_ps(); }
  bool finished() { return get().finished(); }
  std::uint32_t members() { return get().config().controller.members; }
  std::uint64_t logical_bytes() { return get().platform().logical_bytes(); }
  std::string effective_config() { return dump(get().config().effective); }
  std::string status() {
    std::lock_guard<std::mutex> lock(kernel_mutex());
    return dump(get().status());
  }
  std::string statistics(int indent) {
    std::lock_guard<std::mutex> lock(kernel_mutex());
    return dump(get().statistics(), indent);
  }
  void close() {
    std::lock_guard<std::mutex> lock(kernel_mutex());
    session_.reset();
  }
  bool closed() const { return !session_; }

 private:
  ssdtlm::RaidSimulationSession& get() {
    if (!session_) throw std::runtime_error("this simulation is closed");
    return *session_;
  }
  std::unique_ptr<ssdtlm::RaidSimulationSession> session_;
};

// ssdtlm.wa(): the functional engine with the options of `ssdtlm wa` (sc_main/wa_command.cpp)
// as a JSON object. "config" (an effective platform document) gives the geometry and, unless
// given too, the spare factor, policy and parameters, frontier, GC watermarks and seed.
std::string run_wa_json(const std::string& options_text) {
  const nlohmann::json options = parse(options_text, "wa");
  ssdtlm::WaOptions o;
  std::map<std::string, std::string> params;
  for (auto it = options.begin(); it != options.end(); ++it) {
    const std::string& key = it.key();
    const nlohmann::json& v = it.value();
    try {
      if (key == "pages_per_block") o.pages_per_block = v.get<std::uint32_t>();
      else if (key == "blocks") o.blocks = v.get<std::uint64_t>();
      else if (key == "spare_factor") o.spare_factor = v.get<double>();
      else if (key == "policy") o.policy = v.get<std::string>();
      else if (key == "frontier") o.frontier = v.get<std::string>();
      else if (key == "workload") o.workload = v.get<std::string>();
      else if (key == "host_writes") o.host_writes = v.get<double>();
      else if (key == "warmup") o.warmup = v.get<double>();
      else if (key == "seed") o.seed = v.get<std::uint64_t>();
      else if (key == "gc_low_watermark_blocks") o.gc_low_watermark_blocks = v.get<std::uint32_t>();
      else if (key == "gc_high_watermark_blocks") o.gc_high_watermark_blocks = v.get<std::uint32_t>();
      else if (key == "gc_victims_per_cycle") o.gc_victims_per_cycle = v.get<std::uint32_t>();
      else if (key == "params") params = v.get<std::map<std::string, std::string>>();
      else if (key != "config") throw ssdtlm::config_error(key, "unknown option of ssdtlm.wa()");
    } catch (const nlohmann::json::exception& error) {
      throw ssdtlm::config_error(key, std::string("wrong type: ") + error.what());
    }
  }
  if (options.contains("config")) {
    if (options.contains("blocks") || options.contains("pages_per_block")) {
      throw ssdtlm::config_error("config", "gives the geometry; do not combine it with blocks or pages_per_block");
    }
    const ssdtlm::SsdConfig platform = ssdtlm::resolve_ssd_config(options["config"], "config");
    const ssdtlm::FtlCoreConfig& core = platform.ftl_core;
    o.geometry = platform.geometry;
    if (!options.contains("spare_factor")) o.spare_factor = core.spare_factor;
    if (!options.contains("policy")) {
      o.policy = core.victim_policy;
      o.params.insert(core.policy_params.begin(), core.policy_params.end());
    }
    if (!options.contains("frontier")) {
      o.frontier = core.frontier_layout;
      o.params.insert(core.frontier_params.begin(), core.frontier_params.end());
    }
    if (!options.contains("seed")) o.seed = core.seed;
    if (!options.contains("gc_low_watermark_blocks")) o.gc_low_watermark_blocks = core.gc_low_watermark_blocks;
    if (!options.contains("gc_high_watermark_blocks")) o.gc_high_watermark_blocks = core.gc_high_watermark_blocks;
    if (!options.contains("gc_victims_per_cycle")) o.gc_victims_per_cycle = core.gc_victims_per_cycle;
  } else {
    if (!options.contains("blocks")) throw ssdtlm::config_error("blocks", "required (or config)");
    if (!options.contains("pages_per_block")) throw ssdtlm::config_error("pages_per_block", "required (or config)");
  }
  for (const auto& [key, value] : params) o.params[key] = value;  // explicit params win over config
  ssdtlm::WaResult result;
  {
    py::gil_scoped_release release;
    result = ssdtlm::run_wa(o);
  }
  return ssdtlm::wa_report(o, result).dump();
}

std::string parameters_json() {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& p : ssdtlm::ssd_parameter_schema().parameters()) {
    static const char* kinds[] = {"integer", "number", "boolean", "string", "choice", "array", "section"};
    nlohmann::json entry = {{"key", p.path},
                            {"kind", kinds[static_cast<int>(p.kind)]},
                            {"default", p.default_value},
                            {"unit", p.unit},
                            {"description", p.description},
                            {"choices", p.choices}};
    entry["min"] = p.min ? nlohmann::json(*p.min) : nlohmann::json();
    entry["max"] = p.max ? nlohmann::json(*p.max) : nlohmann::json();
    list.push_back(entry);
  }
  return list.dump();
}

}  // namespace

PYBIND11_MODULE(_core, m) {
  m.doc() = "ssdtlm native core: configuration, workload specs and SystemC simulation sessions";
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
  sc_core::sc_report_handler::set_actions(sc_core::SC_ERROR, sc_core::SC_THROW | sc_core::SC_CACHE_REPORT);
  sc_core::sc_report_handler::set_actions(sc_core::SC_FATAL, sc_core::SC_THROW | sc_core::SC_CACHE_REPORT);

  static py::exception<sc_core::sc_report> simulation_error(m, "SimulationError", PyExc_RuntimeError);
  py::register_exception_translator([](std::exception_ptr pointer) {
    try {
      if (pointer) std::rethrow_exception(pointer);
    } catch (const ssdtlm::ConfigError& error) {
      PyErr_SetString(PyExc_ValueError, error.what());
    } catch (const sc_core::sc_report& report) {
      simulation_error(report.what());
    }
  });

  m.def("load_document", [](const std::string& config, const std::vector<std::string>& overrides) {
    return dump(ssdtlm::load_platform_document(config, overrides));
  }, py::arg("config"), py::arg("overrides") = std::vector<std::string>{},
        "Reads a platform file or preset, applies KEY=VALUE overrides, returns the effective document (JSON).");
  m.def("validate_document", [](const std::string& document, const std::string& source) {
    return dump(ssdtlm::ssd_parameter_schema().validate_and_fill(parse(document, source.c_str()), source));
  }, py::arg("document"), py::arg("source") = "config",
        "Schema check (unknown keys, types, ranges); returns the document with defaults filled (JSON).");
  m.def("check_document", [](const std::string& document, const std::string& source) {
    ssdtlm::resolve_ssd_config(parse(document, source.c_str()), source);
  }, py::arg("document"), py::arg("source") = "config", "Cross-key checks of an effective document.");
  m.def("register_gc_policy", &ssdtlm::python::register_gc_policy, py::arg("name"), py::arg("fn"),
        "A GC victim policy written in Python (bindings/python_victim_policy.h).");
  m.def("load_plugin", &ssdtlm::load_plugin, py::arg("path"),
        "Loads a plugin shared library that registers victim policies (platforms/plugin_loader.h).");
  m.def("run_wa", &run_wa_json, py::arg("options"), "Functional engine (ssdtlm wa); options and result as JSON.");
  m.def("run_summary", [](const std::string& stats, const std::string& config, const std::string& workloads) {
    return ssdtlm::ssd_run_summary(parse(stats, "stats"), parse(config, "config"), parse(workloads, "workloads"));
  }, py::arg("stats"), py::arg("config"), py::arg("workloads") = "null",
        "The summary `ssdtlm run` prints, from stats.json, the effective configuration and the workloads (JSON).");
  m.def("parameters", &parameters_json, "Every configuration key of the schema (JSON list).");
  m.def("preset_directory", &ssdtlm::preset_directory);
  m.def("preset_names", &ssdtlm::preset_names);
  m.def("parse_workload", [](const std::string& compact, const std::string& where) {
    return dump(ssdtlm::to_json(ssdtlm::parse_workload_spec(compact, where)));
  }, py::arg("compact"), py::arg("where") = "workload", "Compact workload spec -> workload section (JSON).");
  m.def("normalize_workload", [](const std::string& section, const std::string& key_path) {
    return dump(ssdtlm::to_json(ssdtlm::workload_from_json(parse(section, key_path.c_str()), key_path)));
  }, py::arg("section"), py::arg("key_path") = "workload", "Workload section -> the same with defaults filled (JSON).");
  m.def("workload_compact", [](const std::string& section) {
    return ssdtlm::to_compact(ssdtlm::workload_from_json(parse(section, "workload"), "workload"));
  }, py::arg("section"));
  m.def("claim_output_directory", [](const std::string& path, bool force) {
    ssdtlm::claim_output_directory(path, force, "out", "force=True");
  }, py::arg("path"), py::arg("force"));
  m.def("check_precondition", [](const std::string& mode) {
    return std::string(ssdtlm::to_string(ssdtlm::parse_precondition_mode(mode, "precondition")));
  }, py::arg("mode"));
  m.def("read_json_file", [](const std::string& path) { return dump(ssdtlm::read_json_file(path)); }, py::arg("path"),
        "Reads a JSON file with the limits of every configuration document (size, nesting, duplicate keys).");
  m.def("dump_json", [](const std::string& text, int indent) { return dump(parse(text, "json"), indent); },
        py::arg("text"), py::arg("indent") = 2, "Re-formats JSON exactly as the ssdtlm command writes it.");

  m.def("load_raid_document", [](const std::string& config, const std::vector<std::string>& overrides) {
    return dump(ssdtlm::load_raid_document(config, overrides));
  }, py::arg("config"), py::arg("overrides") = std::vector<std::string>{},
        "Reads a RAID platform file or preset, applies KEY=VALUE overrides (raid.*, ssd.*), returns the effective document.");
  m.def("complete_raid_document", [](const std::string& document, const std::vector<std::string>& overrides,
                                     const std::string& source) {
    return dump(ssdtlm::complete_raid_document(parse(document, source.c_str()), overrides, source));
  }, py::arg("document"), py::arg("overrides") = std::vector<std::string>{}, py::arg("source") = "config",
        "The same for a RAID document given as JSON text.");

  py::class_<RaidSession>(m, "RaidSession")
      .def(py::init<const std::string&, const std::string&>(), py::arg("document"), py::arg("source") = "config")
      .def("set_workload", &RaidSession::set_workload, py::arg("spec"))
      .def("set_precondition", &RaidSession::set_precondition, py::arg("mode"))
      .def("set_progress", &RaidSession::set_progress, py::arg("monitor"), py::arg("on_completions"))
      .def("run_until", &RaidSession::run_until, py::arg("until_ps"))
      .def("run_to_completion", &RaidSession::run_to_completion)
      .def("fail_drive", &RaidSession::fail_drive, py::arg("slot"))
      .def_property_readonly("now_ps", &RaidSession::now_ps)
      .def_property_readonly("finished", &RaidSession::finished)
      .def_property_readonly("members", &RaidSession::members)
      .def_property_readonly("logical_bytes", &RaidSession::logical_bytes)
      .def_property_readonly("closed", &RaidSession::closed)
      .def("effective_config", &RaidSession::effective_config)
      .def("status", &RaidSession::status)
      .def("statistics", &RaidSession::statistics, py::arg("indent") = -1)
      .def("close", &RaidSession::close);

  py::class_<Session>(m, "Session")
      .def(py::init<const std::string&, const std::string&>(), py::arg("document"), py::arg("source") = "config")
      .def("add_workload", &Session::add_workload, py::arg("spec"), py::arg("start_ns") = 0,
           py::arg("stop_ns") = 0, py::arg("seed"))
      .def("open_request_records", &Session::open_request_records, py::arg("path"))
      .def("stream_timeline_to", &Session::stream_timeline_to, py::arg("path"))
      .def("mark_interrupted", &Session::mark_interrupted)
      .def("set_precondition_monitor", &Session::set_precondition_monitor, py::arg("monitor"))
      .def("check_request_records_written", &Session::check_request_records_written)
      .def("open_vcd", &Session::open_vcd, py::arg("path"))
      .def("close_vcd", &Session::close_vcd)
      .def("set_precondition", &Session::set_precondition, py::arg("mode"))
      .def("run_until", &Session::run_until, py::arg("until_ps"), py::arg("stop_when_done") = false)
      .def("run_to_completion", &Session::run_to_completion)
      .def_property_readonly("now_ps", &Session::now_ps)
      .def_property_readonly("pending_activity", &Session::pending_activity)
      .def_property_readonly("started", &Session::started)
      .def_property_readonly("done", &Session::done)
      .def_property_readonly("failed", &Session::failed)
      .def_property_readonly("seed", &Session::seed)
      .def_property_readonly("precondition_wall_seconds", &Session::precondition_wall_seconds)
      .def_property_readonly("logical_bytes", &Session::logical_bytes)
      .def_property_readonly("closed", &Session::closed)
      .def("effective_config", &Session::effective_config)
      .def("workload_status", &Session::workload_status)
      .def("statistics", &Session::statistics, py::arg("indent") = -1)
      .def("keep_request_timings", &Session::keep_request_timings)
      .def("fio_json", &Session::fio_json, py::arg("ssdtlm_version"))
      .def("stop_timeline", &Session::stop_timeline)
      .def("write_timeline_csv", &Session::write_timeline_csv, py::arg("path"))
      .def("set_gc_watermarks", &Session::set_gc_watermarks, py::arg("low"), py::arg("high"))
      .def("set_foreground_gc", &Session::set_foreground_gc, py::arg("foreground"))
      .def("power_loss", &Session::power_loss)
      .def("issue_command", &Session::issue_command, py::arg("op"), py::arg("offset"), py::arg("length"),
           py::arg("destination") = 0)
      .def("command_status", &Session::command_status, py::arg("handle"))
      .def_property_readonly("commands_outstanding", &Session::commands_outstanding)
      .def("page_contents", &Session::page_contents, py::arg("first_page"), py::arg("pages"))
      .def_property_readonly("page_size_bytes", &Session::page_size_bytes)
      .def_property_readonly("namespace_bytes", &Session::namespace_bytes)
      .def("_inject_fault", &Session::inject_fault, py::arg("at_ps"), py::arg("kind"))
      .def("close", &Session::close);
}
