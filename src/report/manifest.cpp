#include "report/manifest.hpp"

#include <fmt/chrono.h>
#include <fmt/format.h>
#include <libsvm/svm.h>
#include <spdlog/version.h>
#include <yaml-cpp/yaml.h>

#include <Eigen/Core>
#include <regex>

#include "classify/classifier.hpp"
#include "common/files.hpp"
#include "common/python_host.hpp"
#include "common/text.hpp"
#include "common/version.hpp"
#include "distance/distance.hpp"
#include "features/feature_extractor.hpp"
#include "reduce/reducer.hpp"
#include "select/selector.hpp"

namespace tsfs {
namespace {

std::string utc_time(std::chrono::system_clock::time_point time) {
  return fmt::format("{:%Y-%m-%dT%H:%M:%SZ}",
                     fmt::gmtime(std::chrono::system_clock::to_time_t(time)));
}

// The Python code the run called (ComponentInfo::python_path_param): each component's import
// path with the file and version it ran from, and the interpreter, so that a Slurm job or a later
// rerun can be checked against the code that made the results; none for a spec without any.
std::optional<std::string> python_code(const Spec& spec) {
  const PythonHost* host = python_host();
  std::vector<std::string> components;
  // The first grid point's path and version: neither is sweepable.
  auto add = [&](const std::string& role, const ComponentInfo& info,
                 const std::vector<ParamSet>& grid) {
    if (info.python_path_param.empty() || grid.empty() || host == nullptr) return;
    const ParamSet& params = grid.front();
    const std::string& path = params.text(info.python_path_param);
    std::string file;
    try {
      file = host->source_file(path);
    } catch (const PythonCallError&) {
      // A module without a source file runs with a `version:` of the spec's.
    }
    components.push_back(
        fmt::format("{{\"component\": {}, \"path\": {}, \"file\": {}, \"version\": {}}}",
                    json_string(role + " " + info.name), json_string(path), json_string(file),
                    json_string(params.text("version"))));
  };
  for (const auto& extractor : spec.extractors)
    if (extractor.registration != nullptr)
      add("extractor", extractor.registration->info, {extractor.params});
  for (const auto& selector : spec.selectors)
    if (selector.registration != nullptr)
      add("selector", selector.registration->info, selector.grid);
  for (size_t d = 0; d < spec.distances.size(); ++d) {
    const DistanceSpec& distance = spec.distances[d];
    // One line per `distances:` item: its swept grid points share the function.
    if (distance.registration != nullptr &&
        (d == 0 || spec.distances[d - 1].entry != distance.entry))
      add("distance", distance.registration->info, {distance.params});
  }
  if (spec.classifier.registration != nullptr)
    add("classifier", spec.classifier.registration->info, spec.classifier.grid);
  if (spec.reduce && spec.reduce->registration != nullptr)
    add("reducer", spec.reduce->registration->info, spec.reduce->grid);
  if (components.empty()) return std::nullopt;
  return fmt::format("{{\"interpreter\": {}, \"components\": [{}]}}",
                     json_string(host->interpreter()), fmt::join(components, ", "));
}

// A digest field (16 hex digits) of a manifest in manifest_json's layout.
std::optional<std::string> manifest_digest(const std::string& text, const std::regex& field) {
  // manifest_json writes one field per line; a cut or edited file breaks this shape.
  static const std::regex layout(
      R"re(\{\n(  "[a-z_]+": [^\n]*,\n)*  "[a-z_]+": [^\n]*[^,\n]\n\}\n?)re");
  std::smatch match;
  if (!std::regex_match(text, layout) || !std::regex_search(text, match, field))
    return std::nullopt;
  return match[1].str();
}

}  // namespace

std::string manifest_json(const ManifestInfo& info) {
  std::string text = "{\n";
  auto field = [&text](const std::string& name, const std::string& value, bool last = false) {
    text += fmt::format("  {}: {}{}\n", json_string(name), value, last ? "" : ",");
  };
  field("tsfs_version", json_string(kTsfsVersion));
  field("git_commit", json_string(kTsfsGitCommit));
  field("spec", json_string(info.spec.file.string()));
  field("name", json_string(info.spec.name));
  field("status", json_string(info.status));
  field("fingerprint", json_string(info.fingerprint));
  field("threads", std::to_string(info.threads));
  field("host", json_string(host_name()));
  field("started_utc", json_string(utc_time(info.started)));
  field("finished_utc", json_string(utc_time(std::chrono::system_clock::now())));
  field("libraries",
        fmt::format("{{\"eigen\": \"{}.{}.{}\", \"libsvm\": {}, \"spdlog\": \"{}.{}.{}\", "
                    "\"fmt\": {}}}",
                    EIGEN_WORLD_VERSION, EIGEN_MAJOR_VERSION, EIGEN_MINOR_VERSION, LIBSVM_VERSION,
                    SPDLOG_VER_MAJOR, SPDLOG_VER_MINOR, SPDLOG_VER_PATCH, FMT_VERSION));
  if (auto python = python_code(info.spec)) field("python", *python);
  if (!info.curves_digest.empty()) field("curves_digest", json_string(info.curves_digest));
  std::vector<std::string> stages;
  for (const auto& [stage, seconds] : info.stage_seconds)
    stages.push_back(fmt::format("{}: {:.3f}", json_string(stage), seconds));
  field("stage_seconds", fmt::format("{{{}}}", fmt::join(stages, ", ")));
  std::vector<std::string> counts;
  for (const auto& [name, count] : info.counts)
    counts.push_back(fmt::format("{}: {}", json_string(name), count));
  field("counts", fmt::format("{{{}}}", fmt::join(counts, ", ")), true);
  return text + "}\n";
}

std::optional<std::string> manifest_fingerprint(const std::string& text) {
  static const std::regex fingerprint(R"re(\n  "fingerprint": "([0-9a-f]{16})",\n)re");
  return manifest_digest(text, fingerprint);
}

std::optional<std::string> manifest_curves_digest(const std::string& text) {
  static const std::regex curves(R"re(\n  "curves_digest": "([0-9a-f]{16})",\n)re");
  return manifest_digest(text, curves);
}

}  // namespace tsfs
