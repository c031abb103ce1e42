#pragma once
// The unit tests' Python host, installed for the whole unit-test program by the inline variable
// below (the conformance tests run the python selector and the sklearn classifier through it as
// they run every component):
// - a "function" scores each column by its population variance, times the parameter `times` when
//   given; one whose name contains "distances" takes the distance matrix and scores column j by
//   sum_ik D_ik (x_ij - x_kj)^2 / rows^2 instead (twice the variance when every D_ik is 1);
// - an extractor's function makes each series' mean (times `times`) and length;
// - a distance's function is the absolute difference of two series' means (times `times`);
// - an "estimator" is a nearest-centroid classifier (scores: minus the squared distance to each
//   class's centroid); as a transformer, it centres the columns on the training rows' means and
//   keeps the first `components` (all when not given); one named "...PredictOnly" has no transform;
// - a function whose name contains "strict" takes no keyword but `times` (and `distances`);
// - "missing:..." does not import, "fails:..." raises when called; a name without a module was
//   not passed to tsfs.run.
#include <Eigen/Core>
#include <cmath>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "common/python_host.hpp"

namespace tsfs::testing {

class TestHost final : public PythonHost {
  // A fit's arguments, kept for the tests; "fails:..." raises.
  void record_fit(const std::string& estimator, const PythonParams& params,
                  const Eigen::MatrixXd& train, long long random_state) const {
    if (estimator.rfind("fails:", 0) == 0)
      throw PythonCallError("fitting " + estimator + " raised");
    last_params = params;
    last_random_state = random_state;
    last_train = train;
  }

  static double times_of(const PythonParams& params) {
    for (const auto& [name, value] : params)
      if (name == "times") return static_cast<double>(std::get<long long>(value));
    return 1;
  }

 public:
  mutable PythonParams last_params;
  mutable long long last_random_state = -1;
  mutable Eigen::MatrixXd last_train;
  mutable bool last_whole_set = false;
  mutable std::vector<int> last_block_rows;
  mutable Eigen::MatrixXd last_distances;
  mutable int version_calls = 0;  // calls of function_version, which a real host answers by import

  std::string function_version(const std::string& function) const override {
    ++version_calls;
    if (function.rfind("missing:", 0) == 0)
      throw PythonCallError("importing " + function + " raised ModuleNotFoundError");
    if (function.find_first_of(":.") == std::string::npos)
      throw PythonCallError("no object named '" + function + "' was passed to tsfs.run");
    return "test:" + function;
  }

  std::string source_file(const std::string& function) const override {
    return "/test/" + function + ".py";
  }
  std::string interpreter() const override { return "test-python 3"; }

  // A function whose name contains "strict" takes `times` (and `distances`) alone.
  std::optional<ParamProblem> call_problem(
      const std::string& function, int, const std::vector<std::string>& keywords) const override {
    if (function.find("strict") == std::string::npos) return std::nullopt;
    for (const std::string& keyword : keywords)
      if (keyword != "times" && keyword != "distances")
        return ParamProblem{keyword, function + " takes no parameter '" + keyword + "'"};
    return std::nullopt;
  }

  bool takes_distances(const std::string& function) const override {
    function_version(function);
    return function.find("distances") != std::string::npos;
  }

  Eigen::VectorXd feature_scores(const std::string& function, const Eigen::MatrixXd& features,
                                 const Eigen::VectorXi&, const PythonParams& params,
                                 const Eigen::MatrixXd* distances) const override {
    if (function.rfind("fails:", 0) == 0) throw PythonCallError("calling " + function + " raised");
    last_params = params;
    const double times = times_of(params);
    if (distances != nullptr) {
      last_distances = *distances;
      const auto rows = static_cast<double>(features.rows());
      Eigen::VectorXd scores = Eigen::VectorXd::Zero(features.cols());
      for (Eigen::Index i = 0; i < features.rows(); ++i)
        for (Eigen::Index k = 0; k < features.rows(); ++k)
          scores += (*distances)(i, k) *
                    (features.row(i) - features.row(k)).cwiseAbs2().transpose() / (rows * rows);
      return times * scores;
    }
    const Eigen::RowVectorXd means = features.colwise().mean();
    return times * (features.rowwise() - means).colwise().squaredNorm().transpose() /
           static_cast<double>(features.rows());
  }

  void check_estimator(const std::string& estimator, const PythonParams& params,
                       EstimatorRole role) const override {
    for (const auto& [name, value] : params)
      if (name == "unknown")
        throw PythonCallError("building " + estimator + " raised TypeError: unexpected 'unknown'");
    if (role == EstimatorRole::transformer && estimator.find("PredictOnly") != std::string::npos)
      throw PythonCallError("building " + estimator + " raised TypeError: no transform method");
  }

  PythonTransformed fit_transform(const std::string& estimator, const PythonParams& params,
                                  const Eigen::MatrixXd& train, const Eigen::VectorXi&,
                                  const Eigen::MatrixXd& test,
                                  long long random_state) const override {
    record_fit(estimator, params, train, random_state);
    Eigen::Index kept = train.cols();
    for (const auto& [name, value] : params)
      if (name == "components") kept = static_cast<Eigen::Index>(std::get<long long>(value));
    const Eigen::RowVectorXd means = train.colwise().mean();
    return {(train.rowwise() - means).leftCols(kept), (test.rowwise() - means).leftCols(kept)};
  }

  // Features: each series' mean and its length, times `times` when given.
  PythonFeatures series_features(const std::string& function,
                                 const std::vector<Eigen::VectorXd>& series,
                                 const PythonParams& params) const override {
    if (function.rfind("fails:", 0) == 0) throw PythonCallError("calling " + function + " raised");
    last_params = params;
    const double times = times_of(params);
    PythonFeatures features{{"mean", "length"},
                            Eigen::MatrixXd(static_cast<Eigen::Index>(series.size()), 2)};
    for (size_t row = 0; row < series.size(); ++row) {
      const auto index = static_cast<Eigen::Index>(row);
      features.values(index, 0) = times * series[row].mean();
      features.values(index, 1) = static_cast<double>(series[row].size());
    }
    return features;
  }

  // Distances: the absolute difference of the series' means, times `times` when given.
  Eigen::MatrixXd series_distances(const std::string& function,
                                   const std::vector<Eigen::VectorXd>& series,
                                   const PythonParams& params, bool whole_set,
                                   const std::vector<int>& rows,
                                   const std::vector<int>& columns) const override {
    if (function.rfind("fails:", 0) == 0) throw PythonCallError("calling " + function + " raised");
    last_params = params;
    last_whole_set = whole_set;
    const auto count = static_cast<Eigen::Index>(series.size());
    Eigen::MatrixXd distances(count, count);
    for (Eigen::Index i = 0; i < count; ++i)
      for (Eigen::Index j = 0; j < count; ++j)
        distances(i, j) = times_of(params) * std::abs(series[static_cast<size_t>(i)].mean() -
                                                      series[static_cast<size_t>(j)].mean());
    last_block_rows = rows;
    if (!rows.empty()) return distances(rows, columns);
    return distances;
  }

  PythonPredictions fit_predict(const std::string& estimator, const PythonParams& params,
                                const Eigen::MatrixXd& train, const Eigen::VectorXi& train_labels,
                                int classes, const Eigen::MatrixXd& test,
                                long long random_state) const override {
    record_fit(estimator, params, train, random_state);
    Eigen::MatrixXd centroids = Eigen::MatrixXd::Zero(classes, train.cols());
    Eigen::VectorXd counts = Eigen::VectorXd::Zero(classes);
    for (Eigen::Index row = 0; row < train.rows(); ++row) {
      centroids.row(train_labels[row]) += train.row(row);
      counts[train_labels[row]] += 1;
    }
    Eigen::MatrixXd closeness(test.rows(), classes);
    for (int label = 0; label < classes; ++label) {
      if (counts[label] > 0) centroids.row(label) /= counts[label];
      closeness.col(label) = -(test.rowwise() - centroids.row(label)).rowwise().squaredNorm();
    }
    PythonPredictions predictions;
    predictions.labels.resize(test.rows());
    for (Eigen::Index row = 0; row < test.rows(); ++row)
      closeness.row(row).maxCoeff(&predictions.labels[row]);
    predictions.scores =
        classes == 2 ? Eigen::MatrixXd(closeness.col(1) - closeness.col(0)) : closeness;
    return predictions;
  }
};

inline const bool test_host_installed = [] {
  install_python_host(std::make_unique<TestHost>());
  return true;
}();

inline const TestHost& test_host() {
  return dynamic_cast<const TestHost&>(*python_host());
}

// Another host (or none) for one test case, the test host again after it.
class HostSwapped {
 public:
  explicit HostSwapped(std::unique_ptr<PythonHost> host)
      : previous_(install_python_host(std::move(host))) {}
  ~HostSwapped() { install_python_host(std::move(previous_)); }

 private:
  std::unique_ptr<PythonHost> previous_;
};

}  // namespace tsfs::testing
