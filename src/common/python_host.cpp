#include "common/python_host.hpp"

#include <fmt/format.h>

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

void fill_python_version(ParamSet& params, const std::string& path_param) {
  if (params.has("version") || !params.has(path_param) || python_host() == nullptr) return;
  try {
    params.set("version", python_host()->function_version(params.text(path_param)));
  } catch (const PythonCallError&) {
  }
}

std::optional<ParamProblem> python_path_problem(const ParamSet& params,
                                                const std::string& path_param) {
  if (python_host() == nullptr) return ParamProblem{path_param, kNoPythonHost};
  const std::string& path = params.text(path_param);
  const size_t separator = path.find_first_of(":.");
  if (separator == std::string::npos || separator == 0 || path.back() == ':' || path.back() == '.')
    return ParamProblem{path_param,
                        fmt::format("'{}' is '{}'; write it as 'package.module:name' (or "
                                    "'package.module.name')",
                                    path_param, path)};
  if (params.text("version").empty()) {
    try {
      python_host()->function_version(path);
    } catch (const PythonCallError& error) {
      return ParamProblem{path_param, error.what()};
    }
  }
  return std::nullopt;
}

PythonParams undeclared_params(const ComponentInfo& info, const ParamSet& params) {
  PythonParams undeclared;
  for (const auto& [name, value] : params.entries())
    if (info.find_param(name) == nullptr) undeclared.emplace_back(name, value);
  return undeclared;
}

}  // namespace tsfs
