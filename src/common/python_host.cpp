#include "common/python_host.hpp"

#include <fmt/format.h>

#include "common/hash.hpp"

namespace tsfs {
namespace {

std::unique_ptr<PythonHost>& installed_host() {
  static std::unique_ptr<PythonHost> host;
  return host;
}

}  // namespace

const PythonHost* python_host() {
  return installed_host().get();
}

std::unique_ptr<PythonHost> install_python_host(std::unique_ptr<PythonHost> host) {
  std::swap(installed_host(), host);
  return host;
}

std::optional<ParamProblem> python_path_presets(ParamSet& params, const std::string& path_param) {
  if (python_host() == nullptr) return ParamProblem{path_param, kNoPythonHost};
  // Without the path the loader names the missing parameter.
  if (!params.has(path_param)) return std::nullopt;
  const std::string path = params.text(path_param);
  const size_t separator = path.find_first_of(":.");
  const bool name_alone = separator == std::string::npos;
  // Only a name alone can be a key of tsfs.run's components (which refuses '.', ':' and "").
  const auto malformed = [&] {
    return ParamProblem{
        path_param,
        fmt::format("'{}' is '{}'; write it as 'package.module:name' (or 'package.module.name'){}",
                    path_param, path,
                    name_alone && !path.empty()
                        ? fmt::format(", or pass the object itself to tsfs.run(spec, "
                                      "components={{'{}': ...}})",
                                      path)
                        : "")};
  };
  if (separator == 0 || path.empty() || path.back() == ':' || path.back() == '.')
    return malformed();
  // A name alone must be an object passed to tsfs.run under that name; an import path with a
  // version of the spec's own is imported at its first call. An empty version is none.
  const bool version_given = params.has("version") && !params.text("version").empty();
  if (version_given && !name_alone) return std::nullopt;
  try {
    std::string version = python_host()->function_version(path);
    if (!version_given) params.set("version", std::move(version));
  } catch (const PythonCallError& error) {
    return name_alone ? malformed() : ParamProblem{path_param, error.what()};
  }
  return std::nullopt;
}

ComponentInfo python_component_info(std::string name, std::string doc,
                                    const std::string& path_param, std::string path_doc,
                                    std::vector<ParamDeclaration> declared) {
  ComponentInfo info;
  info.name = std::move(name);
  info.doc = std::move(doc);
  info.params.push_back(ParamDeclaration{
      .name = path_param, .type = ParamType::text, .doc = std::move(path_doc), .sweepable = false});
  for (ParamDeclaration& declaration : declared) info.params.push_back(std::move(declaration));
  info.params.push_back(
      ParamDeclaration{.name = "version",
                       .type = ParamType::text,
                       .default_value = ParamValue{std::string()},
                       .doc = "what identifies the code in cache keys; by default the hash of the "
                              "source file that defines it (and its package's version), so "
                              "editing it makes earlier scores, features and cells stale",
                       .sweepable = false});
  info.open_params = true;
  info.python_path_param = path_param;
  info.apply_presets = [path_param](ParamSet& params) {
    return python_path_presets(params, path_param);
  };
  return info;
}

PythonParams undeclared_params(const ComponentInfo& info, const ParamSet& params) {
  PythonParams undeclared;
  for (const auto& [name, value] : params.entries())
    if (info.find_param(name) == nullptr) undeclared.emplace_back(name, value);
  return undeclared;
}

void check_python_call(const ComponentInfo& info, const std::string& function, int positional,
                       const PythonParams& params, const std::vector<std::string>& added) {
  const std::string path_param = "function";
  if (python_host() == nullptr) return;
  std::vector<std::string> keywords = added;
  for (const auto& [name, value] : params) keywords.push_back(name);
  std::optional<ParamProblem> problem;
  try {
    problem = python_host()->call_problem(function, positional, keywords);
  } catch (const PythonCallError& error) {
    problem = ParamProblem{path_param, error.what()};
  }
  if (!problem) return;
  if (problem->param.empty()) problem->param = path_param;
  // A parameter named like one of the entry's own keys (order, version, label, ...) gets no value
  // from the spec: tsfs reads that key itself. Python's message names the parameter in quotes.
  for (const auto& own : info.params)
    if (problem->message.find(fmt::format("argument: '{}'", own.name)) != std::string::npos) {
      problem->message += fmt::format(
          "; '{}' is a key of the entry that tsfs reads itself and does not pass to the function: "
          "rename the function's parameter, or give it a default",
          own.name);
      break;
    }
  throw ParamValueRefused(std::move(*problem));
}

std::optional<ParamProblem> python_estimator_problem(const ComponentInfo& info,
                                                     const ParamSet& params, EstimatorRole role) {
  if (python_host() == nullptr) return ParamProblem{"estimator", kNoPythonHost};
  try {
    python_host()->check_estimator(params.text("estimator"), undeclared_params(info, params), role);
  } catch (const PythonCallError& error) {
    return ParamProblem{"estimator", error.what()};
  }
  return std::nullopt;
}

long long fit_random_state(const Eigen::MatrixXd& train, const Eigen::VectorXi& train_labels) {
  constexpr int kRandomStateBits = 32;
  return static_cast<long long>(Hasher().matrix(train).vector(train_labels).digest() >>
                                (64 - kRandomStateBits));
}

}  // namespace tsfs
