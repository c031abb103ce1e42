#include "plot/band.hpp"

#include <algorithm>
#include <cmath>

#include "common/text.hpp"

namespace tsfs {

std::optional<double> k_fold_folds(const std::string& protocol_label) {
  const std::string prefix = "stratified_kfold(folds=";
  if (protocol_label.rfind(prefix, 0) != 0) return std::nullopt;
  const auto end = protocol_label.find_first_of(";)", prefix.size());
  auto folds = parse_double(protocol_label.substr(prefix.size(), end - prefix.size()));
  if (!folds || *folds < 2) return std::nullopt;
  return folds;
}

double standard_error_half_width(double spread, double folds, std::optional<double> k) {
  folds = std::max(1.0, folds);
  if (!k) return spread / std::sqrt(folds);
  return spread * std::sqrt(1.0 / folds + 1.0 / (*k - 1.0));
}

}  // namespace tsfs
