#pragma once
// The reference data of the information-theoretic selectors: tests/reference/selectors/P_X.csv,
// P_y.csv for P = wafer150, gunpoint50 and symbols80, with the rankings scikit-feature gave on
// them (make_information_theoretic.py, 5 equal-width bins). Test-only.
#include <doctest/doctest.h>

#include <string>

#include "select/reference_data.hpp"
#include "select/selector.hpp"
#include "select/selector_test_helpers.hpp"

namespace tsfs::testing {

inline const char* const information_prefixes[] = {"wafer150", "gunpoint50", "symbols80"};

// The selector's scores within 1e-12 of the reference file's (absolute, as criterion values may
// be 0) and its ranking exactly the reference ranking; returns the scores.
inline SelectorScores check_information_reference(const std::string& selector_name,
                                                  const std::string& prefix) {
  CAPTURE(selector_name);
  CAPTURE(prefix);
  const LabelledData data = load_labelled_data(prefix);
  const SelectionProblem problem{data.features, &data.labels, data.classes, nullptr};
  SelectorScores result = make_selector(selector_name)->score(problem);
  const ReferenceScores reference =
      read_reference_scores("selectors/" + prefix + "_" + selector_name + ".csv");
  REQUIRE(result.scores.size() == reference.scores.size());
  const double difference = (result.scores - reference.scores).cwiseAbs().maxCoeff();
  report_difference(prefix + "_" + selector_name, difference);
  CHECK(difference <= 1e-12);
  CHECK(result.ranking == reference.ranking);
  return result;
}

}  // namespace tsfs::testing
