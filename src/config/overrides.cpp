#include "config/overrides.hpp"

#include <fmt/format.h>

#include <cmath>

#include "common/error.hpp"
#include "common/text.hpp"
#include "config/yaml_checks.hpp"

namespace tsfs {

namespace {

void collect_nodes(const YAML::Node& node, const std::string& where,
                   std::vector<std::pair<YAML::Node, std::string>>& nodes) {
  nodes.emplace_back(node, where);
  if (node.IsSequence())
    for (const auto& item : node) collect_nodes(item, where, nodes);
  if (node.IsMap())
    for (const auto& entry : node) {
      collect_nodes(entry.first, where, nodes);
      collect_nodes(entry.second, where, nodes);
    }
}

}  // namespace

std::vector<std::pair<YAML::Node, std::string>> apply_overrides(
    YAML::Node& root, const std::vector<std::string>& overrides) {
  std::vector<std::pair<YAML::Node, std::string>> introduced;
  for (const auto& override_text : overrides) {
    size_t equals = override_text.find('=');
    if (equals == std::string::npos || equals == 0)
      throw InputError("--set " + override_text, "expected key.path=value");
    std::string path = override_text.substr(0, equals);
    std::string where = "--set " + printable_excerpt(path, 200);
    std::string value_text = override_text.substr(equals + 1);
    spec_detail::check_yaml_text(value_text, where);
    YAML::Node value;
    try {
      value = YAML::Load(value_text);
    } catch (const YAML::Exception& error) {
      throw InputError(where, "value is not valid YAML: " + error.msg);
    }
    collect_nodes(value, where, introduced);
    auto parts = split(path, '.');
    if (parts.size() > static_cast<size_t>(spec_detail::kMaxYamlDepth))
      throw InputError(where,
                       fmt::format("a key path deeper than {} levels", spec_detail::kMaxYamlDepth));
    YAML::Node current = root;
    for (size_t i = 0; i < parts.size(); ++i) {
      std::string part(parts[i]);
      if (part.empty()) throw InputError(where, "empty path component");
      YAML::Node next;
      if (current.IsSequence()) {
        auto index = parse_double(part);
        // Compared as doubles first: casting a huge or negative double to size_t is undefined.
        if (!index || !(*index >= 0) || *index >= static_cast<double>(current.size()) ||
            *index != std::floor(*index))
          throw InputError(where, fmt::format("'{}' is not an index of a list of {} items", part,
                                              current.size()));
        next.reset(current[static_cast<size_t>(*index)]);
      } else if (current.IsMap() || current.IsNull()) {
        if (i + 1 == parts.size()) {
          current[part] = value;
          break;
        }
        if (!current[part]) {
          current[part] = YAML::Node(YAML::NodeType::Map);
          introduced.emplace_back(current[part], where);  // a map this override made up
        }
        next.reset(current[part]);
      } else {
        throw InputError(where, fmt::format("cannot descend into the scalar before '{}'", part));
      }
      if (i + 1 == parts.size()) {
        next = value;
        break;
      }
      current.reset(next);
    }
  }
  return introduced;
}

}  // namespace tsfs
