#pragma once
// The `k` of the two nearest-neighbour classifiers (knn on features, nearest_neighbour on
// distances): its declaration and its check against the fewest training rows of any fold.
#include <optional>
#include <string>

#include "common/params.hpp"

namespace tsfs {

ParamDeclaration neighbour_count_param(long long default_k);

// As scikit-learn's KNeighborsClassifier, k may not exceed the training rows: a vote over fewer
// neighbours than the cell's key says would be a different classifier under the same name.
// `classifier` names it in the message.
std::optional<ParamProblem> check_neighbours_within_rows(const std::string& classifier, long long k,
                                                         long long training_rows);

}  // namespace tsfs
