#include <doctest/doctest.h>

#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "config/spec.hpp"

#include "cli/rankings.hpp"
#include "support/temporary_folder.hpp"

namespace {

Eigen::VectorXd vector_of(std::initializer_list<double> values) {
  Eigen::VectorXd result(static_cast<Eigen::Index>(values.size()));
  Eigen::Index i = 0;
  for (double value : values) result[i++] = value;
  return result;
}

}  // namespace

// x = (1, 2, 3), y = (1, 3, 2): pairs (0,1) and (0,2) concordant, (1,2) discordant: 1/3.
// x = (1, 1, 2), y = (1, 2, 3): 3 pairs, 1 tied in x, C = 2, D = 0: 2 / sqrt(2 x 3).
TEST_CASE("kendall_tau_b on hand-checked examples") {
  CHECK(tsfs::kendall_tau_b(vector_of({1, 2, 3}), vector_of({1, 3, 2})) ==
        doctest::Approx(1.0 / 3.0).epsilon(1e-15));
  CHECK(tsfs::kendall_tau_b(vector_of({1, 1, 2}), vector_of({1, 2, 3})) ==
        doctest::Approx(2.0 / std::sqrt(6.0)).epsilon(1e-15));
  CHECK(tsfs::kendall_tau_b(vector_of({1, 2, 3, 4}), vector_of({4, 3, 2, 1})) == -1.0);
  CHECK(tsfs::kendall_tau_b(vector_of({1, 2, 3, 4}), vector_of({1, 2, 3, 4})) == 1.0);
  // NaN entries drop that feature: (1, 2, 4) against (1, 2, 3) is perfectly concordant.
  CHECK(tsfs::kendall_tau_b(vector_of({1, 2, std::nan(""), 4}), vector_of({1, 2, 0, 3})) == 1.0);
  CHECK(std::isnan(tsfs::kendall_tau_b(vector_of({1, 1}), vector_of({1, 2}))));
}

// End to end on GunPoint: one ranking per selector parameter set (and distance), fitted on the
// first fold's training rows (fit_on: train) or on all rows (fit_on: all); the matrix is square,
// symmetric, labelled, with 1 on the diagonal.
TEST_CASE("export_rankings writes the Kendall tau-b matrix of every selector ranking") {
  const tsfs::testing::TemporaryFolder scratch("rankings");
  const auto& folder = scratch.path();
  const auto spec_file = folder / "spec.yaml";
  std::ofstream(spec_file) << "name: rankings_test\n"
                              "datasets:\n"
                              "  - {name: GunPoint, path: " TSFS_SOURCE_DIR
                              "/third_party/ucr/GunPoint}\n"
                              "features: {extractor: raw}\n"
                              "distances: [{kind: euclidean}]\n"
                              "selectors:\n"
                              "  - {kind: fisher}\n"
                              "  - {kind: spec, ranker: [phi1, phi2]}\n"
                              "  - {kind: variance, fit_on: all}\n"
                              "n_features: [5]\n"
                              "classifier: {kind: svc}\n"
                              "protocol: {kind: stratified_kfold, folds: 3, repeats: 1, seed: 7}\n"
                              "output: "
                           << (folder / "out").string() << "\n";
  const tsfs::Spec spec = tsfs::load_spec(spec_file);
  tsfs::RunOptions options;
  options.quiet = true;
  options.threads = 2;
  CHECK(tsfs::export_rankings(spec, options) == 0);

  std::ifstream input(folder / "out" / "rankings" / "GunPoint_kendall.csv");
  REQUIRE(input);
  std::vector<std::string> lines;
  for (std::string line; std::getline(input, line);) lines.push_back(line);
  REQUIRE(lines.size() == 5);  // header + fisher + 2 spec + variance
  CHECK(lines[0].rfind("ranking,fisher(order=descending),", 0) == 0);
  CHECK(lines[2].find("ranker=phi1") != std::string::npos);
  CHECK(lines[2].find(" @ euclidean") != std::string::npos);
  std::vector<std::vector<double>> tau;
  for (size_t row = 1; row < lines.size(); ++row) {
    std::vector<double> values;
    std::stringstream fields(lines[row].substr(lines[row].rfind('"') == std::string::npos
                                                   ? lines[row].find(',') + 1
                                                   : lines[row].rfind('"') + 2));
    for (std::string field; std::getline(fields, field, ',');) values.push_back(std::stod(field));
    REQUIRE(values.size() == 4);
    tau.push_back(values);
  }
  for (size_t a = 0; a < 4; ++a) {
    CHECK(tau[a][a] == 1.0);
    for (size_t b = 0; b < 4; ++b) {
      CHECK(tau[a][b] == tau[b][a]);
      CHECK(std::abs(tau[a][b]) <= 1.0);
    }
  }
  std::filesystem::remove_all(folder);
}
