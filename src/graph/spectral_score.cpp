#include "graph/spectral_score.hpp"

#include <fmt/format.h>

#include <Spectra/SymEigsSolver.h>
#include <cmath>
#include <limits>
#include <numbers>
#include <stdexcept>
#include <string>
#include <utility>

#include "common/enum_names.hpp"
#include "common/interrupt.hpp"
#include "numerics/decompositions.hpp"

namespace tsfs {

namespace {

constexpr auto spec_ranker_names = enum_names<SpecRanker>(
    {{SpecRanker::phi1, "phi1"}, {SpecRanker::phi2, "phi2"}, {SpecRanker::phi3, "phi3"}});

constexpr auto spectral_function_names =
    enum_names<SpectralFunction>({{SpectralFunction::identity, "identity"},
                                  {SpectralFunction::polynomial, "polynomial"},
                                  {SpectralFunction::regularized, "regularized"},
                                  {SpectralFunction::diffusion, "diffusion"},
                                  {SpectralFunction::random_walk, "random_walk"},
                                  {SpectralFunction::inverse_cosine, "inverse_cosine"}});

}  // namespace

ScoreNotConverged::ScoreNotConverged(std::string solver, int iterations, long long converged,
                                     long long requested)
    : NotConverged(fmt::format("spec: {} eigensolver did not converge: {} of {} eigenpairs "
                               "after {} iterations",
                               solver, converged, requested, iterations)),
      solver_(std::move(solver)),
      iterations_(iterations),
      converged_(converged),
      requested_(requested) {}

std::optional<SpecRanker> parse_spec_ranker(std::string_view name) {
  return spec_ranker_names.parse(name);
}

std::optional<SpectralFunction> parse_spectral_function(std::string_view name) {
  return spectral_function_names.parse(name);
}

double spectral_function_value(const SpecSettings& settings, double lambda) {
  switch (settings.function) {
    case SpectralFunction::identity:
      return lambda;
    case SpectralFunction::polynomial:
      return std::pow(lambda, settings.nu);
    case SpectralFunction::regularized:
      return 1.0 + settings.s * settings.s * lambda;
    case SpectralFunction::diffusion:
      return std::exp(settings.s * settings.s * lambda / 2.0);
    case SpectralFunction::random_walk:
      return std::pow(settings.a - lambda, -settings.p);
    case SpectralFunction::inverse_cosine:
      return 1.0 / std::cos(lambda * std::numbers::pi / 4.0);
  }
  return std::numeric_limits<double>::quiet_NaN();
}

namespace {

constexpr double degenerate_score = 1000.0;

// y = D^-1/2 W D^-1/2 x for a block of columns.
template <typename Weights>
Eigen::MatrixXd normalised_product(const Weights& weights, const Eigen::VectorXd& inverse_root,
                                   const Eigen::MatrixXd& block) {
  Eigen::MatrixXd scaled = inverse_root.asDiagonal() * block;
  Eigen::MatrixXd product = weights * scaled;
  return inverse_root.asDiagonal() * product;
}

// Spectra operator for the normalised adjacency A = D^-1/2 W D^-1/2 (eigenvalues 1 - lambda).
template <typename Weights>
class NormalisedAdjacency {
 public:
  using Scalar = double;
  NormalisedAdjacency(const Weights& weights, const Eigen::VectorXd& inverse_root)
      : weights_(weights), inverse_root_(inverse_root) {}
  Eigen::Index rows() const { return weights_.rows(); }
  Eigen::Index cols() const { return weights_.cols(); }
  void perform_op(const double* input, double* output) const {
    // Spectra's iterations run inside the library: each product checks for an interrupt, so a
    // SPEC of thousands of rows stops within one product (milliseconds).
    throw_if_interrupted();
    const Eigen::Map<const Eigen::VectorXd> x(input, rows());
    Eigen::Map<Eigen::VectorXd> y(output, rows());
    const Eigen::VectorXd scaled = inverse_root_.cwiseProduct(x);
    const Eigen::VectorXd product = weights_ * scaled;
    y = inverse_root_.cwiseProduct(product);
  }

 private:
  const Weights& weights_;
  const Eigen::VectorXd& inverse_root_;
};

struct Eigenpairs {
  Eigen::VectorXd values;   // ascending eigenvalues of L^
  Eigen::MatrixXd vectors;  // matching columns
};

template <typename Weights>
Eigenpairs dense_eigenpairs(const Weights& weights, const Eigen::VectorXd& inverse_root) {
  const Eigen::Index size = weights.rows();
  Eigen::MatrixXd laplacian =
      -normalised_product(weights, inverse_root, Eigen::MatrixXd::Identity(size, size));
  laplacian.diagonal().array() += 1.0;
  const Eigen::MatrixXd symmetric = (laplacian + laplacian.transpose()) / 2.0;
  SymmetricEigen eigen = symmetric_eigen(symmetric);
  if (!eigen.converged) throw std::invalid_argument("spec: dense eigendecomposition failed");
  return {std::move(eigen.values), std::move(eigen.vectors)};
}

// The `count` smallest eigenpairs of L^ (largest of A) with Spectra's Lanczos solver.
template <typename Weights>
Eigenpairs lanczos_eigenpairs(const Weights& weights, const Eigen::VectorXd& inverse_root,
                              int count, int max_iterations) {
  using Operator = NormalisedAdjacency<Weights>;
  Operator adjacency(weights, inverse_root);
  const Eigen::Index size = weights.rows();
  const Eigen::Index subspace = std::min<Eigen::Index>(size, std::max(2 * count + 1, 20));
  Spectra::SymEigsSolver<Operator> solver(adjacency, count, subspace);
  solver.init();
  const Eigen::Index converged =
      solver.compute(Spectra::SortRule::LargestAlge, max_iterations, 1e-12);
  if (solver.info() != Spectra::CompInfo::Successful)
    throw ScoreNotConverged("Lanczos", static_cast<int>(solver.num_iterations()), converged, count);
  Eigenpairs pairs;  // Spectra returns the largest mu first = the smallest lambda first
  pairs.values = Eigen::VectorXd::Ones(count) - solver.eigenvalues();
  pairs.vectors = solver.eigenvectors();
  return pairs;
}

bool polynomial_gamma(SpectralFunction function) {
  return function == SpectralFunction::identity || function == SpectralFunction::polynomial;
}

template <typename Weights>
Eigen::VectorXd spec_scores_impl(const Eigen::MatrixXd& features, const Weights& weights,
                                 const SpecSettings& settings) {
  const Eigen::Index size = features.rows();
  if (weights.rows() != size || weights.cols() != size)
    throw std::invalid_argument(
        fmt::format("spec: weights are {} x {} for {} rows", weights.rows(), weights.cols(), size));
  if (settings.ranker == SpecRanker::phi3 && (settings.n_eigen < 2 || settings.n_eigen >= size))
    throw std::invalid_argument(fmt::format("spec: n_eigen = {} must be in 2 .. {} (rows - 1)",
                                            settings.n_eigen, size - 1));
  const Eigen::VectorXd degrees = weights * Eigen::VectorXd::Ones(size);
  const Eigen::VectorXd root = degrees.cwiseSqrt();
  Eigen::VectorXd inverse_root(size);
  for (Eigen::Index i = 0; i < size; ++i) inverse_root[i] = degrees[i] > 0.0 ? 1.0 / root[i] : 0.0;
  const Eigen::VectorXd trivial = root / root.norm();

  // Normalised features F (columns), flagged when degenerate.
  Eigen::MatrixXd normalised = root.asDiagonal() * features;
  std::vector<bool> degenerate(static_cast<size_t>(features.cols()), false);
  for (Eigen::Index j = 0; j < features.cols(); ++j) {
    const double length = normalised.col(j).norm();
    if (length < 100.0 * std::numeric_limits<double>::epsilon()) {
      degenerate[static_cast<size_t>(j)] = true;
      normalised.col(j).setZero();
    } else {
      normalised.col(j) /= length;
    }
  }

  Eigen::VectorXd scores(features.cols());
  const double gamma_zero = spectral_function_value(settings, 0.0);
  if (settings.ranker != SpecRanker::phi3 && polynomial_gamma(settings.function)) {
    // phi1 = F' L^nu F by repeated products with L^ = I - A.
    const int power = settings.function == SpectralFunction::identity ? 1 : settings.nu;
    Eigen::MatrixXd transformed = normalised;
    for (int step = 0; step < power; ++step)
      transformed -= normalised_product(weights, inverse_root, transformed);
    for (Eigen::Index j = 0; j < features.cols(); ++j) {
      const double phi1 = normalised.col(j).dot(transformed.col(j));
      const double along = normalised.col(j).dot(trivial);
      scores[j] = settings.ranker == SpecRanker::phi1
                      ? phi1
                      : (phi1 - along * along * gamma_zero) / (1.0 - along * along);
    }
  } else {
    if (settings.ranker != SpecRanker::phi3 && size > settings.dense_limit)
      throw std::invalid_argument(fmt::format(
          "spec: phi1 / phi2 with a non-polynomial spectral function need the whole spectrum; "
          "{} rows exceed dense_limit = {}",
          size, settings.dense_limit));
    const double gamma_two = spectral_function_value(settings, 2.0);
    if (settings.ranker == SpecRanker::phi3 && !(std::abs(gamma_two) < 1e300))
      throw std::invalid_argument("spec: phi3 needs a finite gamma(2)");
    const Eigenpairs pairs =
        size <= settings.dense_limit
            ? dense_eigenpairs(weights, inverse_root)
            : lanczos_eigenpairs(weights, inverse_root, settings.n_eigen, settings.max_iterations);
    const Eigen::MatrixXd projections = pairs.vectors.transpose() * normalised;  // u_i . F
    Eigen::VectorXd gamma(pairs.values.size());
    for (Eigen::Index i = 0; i < gamma.size(); ++i)
      gamma[i] = spectral_function_value(settings, pairs.values[i]);
    for (Eigen::Index j = 0; j < features.cols(); ++j) {
      const Eigen::VectorXd weights_a = projections.col(j).array().square();
      if (settings.ranker == SpecRanker::phi3) {
        double sum = 0.0;
        for (int i = 1; i < settings.n_eigen; ++i) sum += weights_a[i] * (gamma_two - gamma[i]);
        scores[j] = sum;
      } else {
        const double phi1 = weights_a.dot(gamma);
        const double along = normalised.col(j).dot(trivial);
        scores[j] = settings.ranker == SpecRanker::phi1
                        ? phi1
                        : (phi1 - along * along * gamma_zero) / (1.0 - along * along);
      }
    }
  }
  for (Eigen::Index j = 0; j < features.cols(); ++j)
    if (degenerate[static_cast<size_t>(j)])
      scores[j] = settings.ranker == SpecRanker::phi3 ? -degenerate_score : degenerate_score;
  return scores;
}

}  // namespace

Eigen::VectorXd spec_scores(const Eigen::MatrixXd& features, const Eigen::MatrixXd& weights,
                            const SpecSettings& settings) {
  return spec_scores_impl(features, weights, settings);
}

Eigen::VectorXd spec_scores(const Eigen::MatrixXd& features, const SparseGraph& weights,
                            const SpecSettings& settings) {
  return spec_scores_impl(features, weights, settings);
}

}  // namespace tsfs
