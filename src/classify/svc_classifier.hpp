#pragma once
// Support vector classifier (registered as "svc"): libsvm's C-SVC with an RBF kernel on
// standardised features, with scikit-learn SVC's defaults. The kernel width helpers are exposed
// for tests; the classifier itself is reached through ClassifierRegistry.
#include <Eigen/Core>
#include <optional>
#include <string>
#include <string_view>

#include "common/params.hpp"

namespace tsfs {

// ParamCheck for the `gamma` text parameter: "scale", "auto" or a positive finite number.
std::string check_svc_gamma(const ParamValue& value);

// The RBF gamma for a standardised training matrix (rows x features), as scikit-learn computes it:
// "scale" = 1 / (features * population variance of all entries), or 1 when that variance is 0;
// "auto" = 1 / features; otherwise the number the text holds. Throws std::invalid_argument for
// text that check_svc_gamma rejects.
double resolve_svc_gamma(std::string_view gamma, const Eigen::MatrixXd& standardized_train);

// resolve_svc_gamma for the first n columns of a standardised training matrix, grown one column
// at a time (for the nested-subset fits): "scale" keeps the sum and the sum of squares of the
// entries, so each column costs one pass over its rows. Agrees with resolve_svc_gamma to rounding.
class GrowingSvcGamma {
 public:
  // Throws std::invalid_argument for text that check_svc_gamma rejects or for no rows.
  GrowingSvcGamma(std::string_view gamma, Eigen::Index rows);
  void add_column(const Eigen::Ref<const Eigen::VectorXd>& standardized_column);
  // The gamma of the columns added so far (at least one).
  double value() const;

 private:
  Eigen::Index rows_;
  bool scale_ = false;
  std::optional<double> number_;
  Eigen::Index columns_ = 0;
  double sum_ = 0.0;
  double square_sum_ = 0.0;
};

}  // namespace tsfs
