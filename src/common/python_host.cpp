#include "common/python_host.hpp"

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

}  // namespace tsfs
