// Selector "l1_path": the L1 regularisation path of the `logistic` classifier's model
// (liblinear's L1-regularised logistic regression on the standardised fit rows, one-vs-rest for
// several classes). C runs over a log-spaced grid from C_min to C_max (numpy.logspace); a
// feature enters at the first grid C whose fit gives it a nonzero coefficient in any class row.
// Features entering at a smaller C (stronger regularisation) come first; ties go to the larger
// sum over class rows of |w| at C_max, then to the lower column. Each C is fitted from scratch
// (liblinear's C API has no warm start), so every fit is the optimum at its own C. score = the
// entry C (+inf for a feature that never enters). Supervised.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <vector>

#include "common/interrupt.hpp"
#include "select/selector.hpp"
#include "select/selector_params.hpp"
#include "select/wrappers/linear_estimator.hpp"

namespace tsfs {
namespace {

// numpy.logspace(log10(low), log10(high), count): 10 ** linspace, whose last value is the end
// point itself.
std::vector<double> log_grid(double low, double high, int count) {
  const double start = std::log10(low);
  const double stop = std::log10(high);
  const double delta = (stop - start) / static_cast<double>(count - 1);
  std::vector<double> grid;
  for (int index = 0; index < count; ++index)
    grid.push_back(std::pow(10.0, index == count - 1 ? stop : start + index * delta));
  return grid;
}

class L1PathSelector final : public Selector {
 public:
  L1PathSelector(LiblinearOptions options, std::vector<double> grid)
      : options_(options), grid_(std::move(grid)) {}

  SelectorScores score(const SelectionProblem& problem) const override {
    const Eigen::MatrixXd standardized = standardized_fit_rows(problem, "l1_path selector");
    const Eigen::Index columns = standardized.cols();
    const auto never = static_cast<int>(grid_.size());
    std::vector<int> entry(static_cast<size_t>(columns), never);
    Eigen::VectorXd end_magnitude = Eigen::VectorXd::Zero(columns);
    for (size_t step = 0; step < grid_.size(); ++step) {
      throw_if_interrupted();  // one liblinear fit per step: Ctrl-C within a fit's time
      LiblinearOptions options = options_;
      options.c = grid_[step];
      const LinearModel model =
          fit_liblinear(standardized, *problem.labels, problem.classes, options);
      for (Eigen::Index column = 0; column < columns; ++column) {
        const bool nonzero = (model.coefficients.col(column).array() != 0.0).any();
        if (nonzero && entry[static_cast<size_t>(column)] == never)
          entry[static_cast<size_t>(column)] = static_cast<int>(step);
      }
      if (step + 1 == grid_.size())
        end_magnitude = model.coefficients.array().abs().colwise().sum().transpose();
    }
    SelectorScores result;
    result.scores.resize(columns);
    for (Eigen::Index column = 0; column < columns; ++column) {
      const int step = entry[static_cast<size_t>(column)];
      result.scores[column] = step == never ? std::numeric_limits<double>::infinity()
                                            : grid_[static_cast<size_t>(step)];
    }
    result.ranking.resize(static_cast<size_t>(columns));
    std::iota(result.ranking.begin(), result.ranking.end(), 0);
    std::stable_sort(result.ranking.begin(), result.ranking.end(), [&](int left, int right) {
      const int left_entry = entry[static_cast<size_t>(left)];
      const int right_entry = entry[static_cast<size_t>(right)];
      if (left_entry != right_entry) return left_entry < right_entry;
      return end_magnitude[left] > end_magnitude[right];
    });
    return result;
  }

  ScoreOrder order() const override { return ScoreOrder::ascending; }

  // One fit per grid C on every fit row and column.
  std::vector<InnerFits> inner_fits(long long rows, long long columns) const override {
    return {{InnerFits::Model::linear, static_cast<long long>(grid_.size()), rows, 0, columns}};
  }

 private:
  LiblinearOptions options_;
  std::vector<double> grid_;
};

std::optional<ParamProblem> check_path(const ParamSet& params) {
  if (params.real("C_min") < params.real("C_max")) return std::nullopt;
  return ParamProblem{"C_max", fmt::format("C_max = {} must be larger than C_min = {}",
                                           params.real("C_max"), params.real("C_min"))};
}

SelectorRegistration l1_path_registration() {
  SelectorRegistration registration;
  registration.info.name = "l1_path";
  registration.info.doc =
      "L1 regularisation path of logistic regression: features entering at a smaller C first "
      "(ties: larger |w| at C_max); score = the entry C (inf: never)";
  registration.info.params = {
      ParamDeclaration{.name = "C_min",
                       .type = ParamType::real,
                       .default_value = ParamValue{1e-3},
                       .doc = "first (strongest) C of the path",
                       .check = greater_than(0.0)},
      ParamDeclaration{.name = "C_max",
                       .type = ParamType::real,
                       .default_value = ParamValue{1.0},
                       .doc = "last (weakest) C of the path",
                       .check = greater_than(0.0)},
      ParamDeclaration{.name = "steps",
                       .type = ParamType::integer,
                       .default_value = ParamValue{20LL},
                       .doc = "C values, log-spaced from C_min to C_max (numpy.logspace)",
                       .check = between(2.0, 10000.0)},
  };
  for (ParamDeclaration& spec : liblinear_common_params())
    if (spec.name != "C") registration.info.params.push_back(std::move(spec));
  registration.supervised = true;
  registration.uses_distance = false;
  registration.configure = configured_by(
      [](const ParamSet& params) -> std::unique_ptr<Selector> {
        LiblinearOptions options;
        options.solver = LiblinearSolver::logistic_l1;
        options.tolerance = params.real("tol");
        options.balanced = params.text("class_weight") == "balanced";
        return std::make_unique<L1PathSelector>(
            options,
            log_grid(params.real("C_min"), params.real("C_max"), int_param(params, "steps")));
      },
      check_path);
  return registration;
}

const Registrar<SelectorRegistration> l1_path_registrar{l1_path_registration()};

}  // namespace
}  // namespace tsfs
