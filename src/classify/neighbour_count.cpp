#include "classify/neighbour_count.hpp"

#include <fmt/format.h>

namespace tsfs {

ParamDeclaration neighbour_count_param(long long default_k) {
  ParamDeclaration k;
  k.name = "k";
  k.type = ParamType::integer;
  k.default_value = default_k;
  k.doc = "Number of neighbours (at most the training rows of the smallest fold).";
  k.check = at_least(1.0);
  return k;
}

std::optional<ParamProblem> check_neighbours_within_rows(const std::string& classifier, long long k,
                                                         long long training_rows) {
  if (k <= training_rows) return std::nullopt;
  return ParamProblem{
      "k", fmt::format("{} k = {} exceeds the {} training rows of the smallest fold", classifier, k,
                       training_rows)};
}

}  // namespace tsfs
