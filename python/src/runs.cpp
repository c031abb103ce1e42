// A spec run end to end (sweep/run/run.hpp), as `runner SPEC` runs it, and the comparison of
// finished runs, as `runner compare` makes it; the package reads the tables they write
// (python/tsfs/runs.py).
#include <fmt/format.h>
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>
#include <spdlog/spdlog.h>

#include <tuple>
#include <vector>

#include "bindings.hpp"
#include "cli/compare_command.hpp"
#include "common/error.hpp"
#include "common/logging.hpp"
#include "common/progress.hpp"
#include "config/spec.hpp"
#include "interruptible.hpp"
#include "launch/launcher.hpp"
#include "params.hpp"
#include "sweep/run/run.hpp"
#include "sweep/store/output_folder.hpp"

namespace tsfs::python {
namespace {

// A Python dict as YAML text (a spec given as a dict): maps, lists and scalars as yaml_value
// writes them.
YAML::Node yaml_tree(const py::handle& value, const std::string& where) {
  if (py::isinstance<py::dict>(value)) {
    YAML::Node map(YAML::NodeType::Map);
    for (const auto& [key, item] : py::reinterpret_borrow<py::dict>(value)) {
      if (!py::isinstance<py::str>(key)) throw py::type_error(where + ": keys must be strings");
      const auto name = py::cast<std::string>(key);
      map[name] = yaml_tree(item, where + "." + name);
    }
    return map;
  }
  if (py::isinstance<py::list>(value) || py::isinstance<py::tuple>(value)) {
    YAML::Node sequence(YAML::NodeType::Sequence);
    size_t index = 0;
    for (const auto& item : value)
      sequence.push_back(yaml_tree(item, where + "." + std::to_string(index++)));
    return sequence;
  }
  return yaml_value(value, where);
}

py::dict run(const std::filesystem::path& spec_file, const std::vector<std::string>& overrides,
             const py::handle& threads, bool fresh, bool quiet, bool timings, bool dry_run) {
  RunOptions options;
  options.threads = thread_count(threads);
  options.fresh = fresh;
  options.quiet = quiet;
  options.timings = timings;
  options.dry_run = dry_run;
  const Spec spec = load_spec(spec_file, overrides);
  // What `runner SPEC` does (cli/main.cpp): the local launcher inside the locked output folder
  // (a dry run writes nothing), the run's logger and progress lines as --quiet asks.
  Progress::set_enabled(!quiet);
  // Library calls print no progress (module.cpp), also after a run that failed or was interrupted.
  struct ProgressOffAfterwards {
    ~ProgressOffAfterwards() { Progress::set_enabled(false); }
  } progress_off_afterwards;
  spdlog::set_default_logger(make_logger({}, quiet));
  const auto launcher = local_launcher();
  const std::string command = "python tsfs.run " + spec_file.string();
  const int status = run_interruptible([&] {
    if (dry_run) return launcher->launch(spec, options);
    return run_in_output_folder({launcher->folder(spec), spec.output_where.str(), command, false,
                                 spec.cache, spec.cache_where.str()},
                                [&] { return launcher->launch(spec, options); });
  });
  // The run saved every finished cell; an interrupt that arrived as it ended still ends the call.
  if (status == 130) throw Interrupted();
  py::dict result;
  result["status"] = status;
  result["output"] = spec.output;
  result["name"] = spec.name;
  return result;
}

// `runner compare WORDS...`: the package turns its keyword arguments into the runner's words, so
// both parse them (and refuse them) with the same code.
std::vector<std::pair<std::string, std::filesystem::path>> compare(
    const std::vector<std::string>& words) {
  const CompareArguments arguments = parse_compare_arguments(words);
  std::vector<std::pair<std::string, std::filesystem::path>> folders;
  for (const auto& written : run_interruptible([&] { return run_compare(arguments, false); }))
    folders.emplace_back(written.family_value, written.folder);
  return folders;
}

// Every node of the YAML `node` at `path` (Python subscripts, "['selectors'][0]"), with the place
// the spec loader's messages give it (1-based line:column), a map's keys at their value's path.
void add_places(const YAML::Node& node, const std::string& path,
                std::vector<std::tuple<int, int, std::string>>& places) {
  const auto add = [&](const YAML::Mark& mark, const std::string& at) {
    places.emplace_back(mark.line + 1, mark.column + 1, at);
  };
  add(node.Mark(), path);
  if (node.IsMap()) {
    for (const auto& entry : node) {
      const std::string at =
          fmt::format("{}[{}]", path, py::repr(py::str(entry.first.Scalar())).cast<std::string>());
      add(entry.first.Mark(), at);
      add_places(entry.second, at, places);
    }
  } else if (node.IsSequence()) {
    for (size_t i = 0; i < node.size(); ++i)
      add_places(node[i], fmt::format("{}[{}]", path, i), places);
  }
}

}  // namespace

void bind_runs(py::module_& module) {
  module.def("run", &run, py::arg("spec"), py::arg("overrides"), py::arg("threads"),
             py::arg("fresh"), py::arg("quiet"), py::arg("timings"), py::arg("dry_run"));
  module.def("compare", &compare, py::arg("words"));
  module.def("set_components", &set_passed_components, py::arg("components"));
  module.def("spec_yaml", [](const py::dict& spec) {
    YAML::Emitter emitter;
    emitter << yaml_tree(spec, "spec");
    return std::string(emitter.c_str()) + "\n";
  });
  // The places of spec_yaml's text, for naming a dict spec's keys where the loader names lines.
  module.def("spec_places", [](const std::string& text) {
    std::vector<std::tuple<int, int, std::string>> places;
    add_places(YAML::Load(text), "", places);
    return places;
  });
}

}  // namespace tsfs::python
