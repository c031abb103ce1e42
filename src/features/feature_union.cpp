#include <fmt/format.h>

#include <map>
#include <stdexcept>

#include "common/error.hpp"
#include "features/feature_extractor.hpp"

namespace tsfs {

FeatureMatrix concatenate_features(
    const std::vector<std::pair<std::string, FeatureMatrix>>& labelled_parts) {
  if (labelled_parts.empty()) throw std::invalid_argument("concatenate_features: no parts");
  if (labelled_parts.size() == 1) return labelled_parts.front().second;
  std::map<std::string, int> parts_naming;  // how many parts produce each name
  Eigen::Index rows = labelled_parts.front().second.values.rows(), columns = 0;
  for (const auto& [label, part] : labelled_parts) {
    if (part.values.rows() != rows)
      throw std::invalid_argument("concatenate_features: parts of different row counts");
    columns += part.values.cols();
    std::map<std::string, bool> seen;
    for (const auto& name : part.names)
      if (!seen[name]) ++parts_naming[name], seen[name] = true;
  }
  FeatureMatrix result;
  result.values.resize(rows, columns);
  Eigen::Index column = 0;
  std::map<std::string, std::string> part_of;  // a union column's name -> the part it came from
  for (const auto& [label, part] : labelled_parts) {
    result.values.middleCols(column, part.values.cols()) = part.values;
    column += part.values.cols();
    for (const auto& name : part.names) {
      result.names.push_back(parts_naming[name] > 1 ? fmt::format("{}:{}", label, name) : name);
      // A part's own name written like a prefixed one (a CSV column "catch22:DN_Mean" beside
      // catch22 and another part naming DN_Mean) would repeat a column name of the table.
      auto [first, inserted] = part_of.try_emplace(result.names.back(), label);
      if (!inserted && first->second != label)
        throw InputError("", fmt::format("the union's column '{}' would come from both {} and {}; "
                                         "rename that column of the features file",
                                         result.names.back(), first->second, label));
    }
  }
  return result;
}

}  // namespace tsfs
