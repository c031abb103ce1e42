// The line plot's options, on a hand-written results.csv: axis labels, standard-error bands,
// majority baselines from the spec's folds, width smoothing on a log axis and the palette.
#include <doctest/doctest.h>

#include <cmath>
#include <fstream>
#include <sstream>

#include "../data/test_support.hpp"
#include "../select/selector_test_helpers.hpp"
#include "common/error.hpp"
#include "plot/baselines.hpp"
#include "plot/plot.hpp"

namespace tsfs {
namespace {

struct LinePlotFixture {
  test::TempFolder folder;
  Spec spec;

  LinePlotFixture() {
    // Two series over a log grid of 5 points (one decade each), 25 folds each.
    std::ofstream csv(folder.path() / "results.csv");
    csv << "dataset,variant,sigma_ratio,accuracy,accuracy_std,n_folds\n";
    for (const char* variant : {"he2005", "report2023"})
      for (int i = 0; i < 5; ++i)
        csv << "GunPoint," << variant << ",1e" << i - 4 << "," << 0.5 + 0.1 * i << ",0.05,25\n";
    DatasetSpec dataset;
    dataset.options.name = "GunPoint";
    dataset.options.folder = test::ucr_folder("GunPoint");
    spec.datasets.push_back(dataset);
  }

  Figure draw(ParamSet chosen) const {
    const auto* registration = PlotRegistry::instance().find("line");
    REQUIRE(registration != nullptr);
    chosen.set("name", std::string("curve"));
    chosen.set("x", std::string("sigma_ratio"));
    chosen.set("series", std::vector<std::string>{"variant"});
    auto plot =
        registration->configure(testing::complete_params(registration->info, chosen)).component();
    return plot->draw(PlotContext{spec, folder.path()}, "curve");
  }
};

bool line_plot_contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

size_t count_of(const std::string& text, const std::string& part) {
  size_t found = 0;
  for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++found;
  return found;
}

// The first data block (the first series): x, y, band half-width per line.
std::vector<std::vector<double>> first_block(const std::string& data) {
  std::vector<std::vector<double>> rows;
  std::istringstream lines(data);
  std::string line;
  while (std::getline(lines, line) && !line.empty()) {
    std::istringstream fields(line);
    std::vector<double> row(3);
    fields >> row[0] >> row[1] >> row[2];
    rows.push_back(row);
  }
  return rows;
}

TEST_CASE("line plot: axis labels default to the columns and can be set") {
  LinePlotFixture fixture;
  CHECK(line_plot_contains(fixture.draw({}).body, "set xlabel \"sigma_ratio\""));
  ParamSet labelled;
  labelled.set("x_label", std::string("sigma / M-bar"));
  labelled.set("y_label", std::string("mean accuracy"));
  const Figure figure = fixture.draw(labelled);
  CHECK(line_plot_contains(figure.body, "set xlabel \"sigma / M-bar\""));
  CHECK(line_plot_contains(figure.body, "set ylabel \"mean accuracy\""));
}

TEST_CASE("line plot: the band is the std, or the standard error std / sqrt(n_folds)") {
  LinePlotFixture fixture;
  ParamSet std_band;
  std_band.set("band", std::string("accuracy_std"));
  CHECK(first_block(fixture.draw(std_band).data)[0][2] == doctest::Approx(0.05));
  std_band.set("band_error", std::string("standard_error"));
  const Figure figure = fixture.draw(std_band);
  CHECK(first_block(figure.data)[0][2] == doctest::Approx(0.01));
  CHECK(line_plot_contains(figure.body, "filledcurves"));
  // A band column of text is refused as a text x is, not drawn as a zero band.
  ParamSet text_band;
  text_band.set("band", std::string("variant"));
  CHECK_THROWS_WITH_AS(fixture.draw(text_band),
                       doctest::Contains("column 'variant' has the non-number 'he2005'"),
                       InputError);
}

// Nadeau & Bengio's corrected standard error of the mean over J folds of k-fold CV:
// s sqrt(1/J + 1/(k-1)); 5x5-fold: 0.05 sqrt(1/25 + 1/4) = 0.05 sqrt(0.29). `auto` picks it for
// k-fold rows, and plain std for others.
TEST_CASE("line plot: a Nadeau-Bengio corrected band for k-fold rows, the default there") {
  LinePlotFixture fixture;
  {
    std::ofstream csv(fixture.folder.path() / "results.csv");
    csv << "dataset,variant,sigma_ratio,accuracy,accuracy_std,n_folds,protocol\n";
    for (int i = 0; i < 3; ++i)
      csv << "GunPoint,he2005,1e" << i
          << ",0.7,0.05,25,stratified_kfold(folds=5;repeats=5;seed=7)\n";
  }
  ParamSet band;
  band.set("band", std::string("accuracy_std"));
  const Figure automatic = fixture.draw(band);
  CHECK(first_block(automatic.data)[0][2] == doctest::Approx(0.05 * std::sqrt(0.29)));
  CHECK(line_plot_contains(automatic.body, "title \"band: +-1 s.e., Nadeau-Bengio corrected\""));
  band.set("band_error", std::string("standard_error"));
  CHECK(first_block(fixture.draw(band).data)[0][2] == doctest::Approx(0.01));
  {
    std::ofstream csv(fixture.folder.path() / "results.csv");
    csv << "dataset,variant,sigma_ratio,accuracy,accuracy_std,n_folds,protocol\n";
    csv << "GunPoint,he2005,1,0.7,0.05,30,resamples(count=30;seed=0)\n";
  }
  band.set("band_error", std::string("auto"));
  CHECK(first_block(fixture.draw(band).data)[0][2] == doctest::Approx(0.05));
  band.set("band_error", std::string("nadeau_bengio"));
  CHECK_THROWS_WITH_AS(fixture.draw(band), doctest::Contains("corrects k-fold CV"), InputError);
}

TEST_CASE("line plot: smooth_width averages over a fixed number of decades on a log axis") {
  LinePlotFixture fixture;
  ParamSet smoothed;
  smoothed.set("log_x", true);
  smoothed.set("smooth_width", 2.0);  // one decade each side
  const Figure figure = fixture.draw(smoothed);
  const auto block = first_block(figure.data);
  REQUIRE(block.size() == 5);
  CHECK(block[0][1] == doctest::Approx(0.55));  // mean of 0.5 and 0.6
  CHECK(block[2][1] == doctest::Approx(0.7));   // mean of 0.6, 0.7, 0.8
  // smooth together with smooth_width is refused when the spec is loaded (spec_loader_test).
}

TEST_CASE("line plot: series get distinct colour-blind-safe colours, no yellow") {
  LinePlotFixture fixture;
  const Figure figure = fixture.draw({});
  CHECK(line_plot_contains(figure.body, "lc rgb \"#0072B2\""));
  CHECK(line_plot_contains(figure.body, "lc rgb \"#D55E00\""));
  CHECK_FALSE(line_plot_contains(figure.body, "#F0E442"));
}

TEST_CASE("line plot: baselines are the majority shares of the folds' test rows") {
  LinePlotFixture fixture;
  fixture.spec.protocol.kind = ProtocolKind::stratified_kfold;
  fixture.spec.protocol.folds = 3;
  // GunPoint merged: 200 rows, 100 per class; stratified folds of 67/67/66 rows, 33 or 34 of
  // each class, so every fold's test majority share is 34/67 or 33/66.
  const auto baselines = majority_baselines(fixture.spec, {"GunPoint"});
  REQUIRE(baselines.count("GunPoint") == 1);
  CHECK(baselines.at("GunPoint").test_majority ==
        doctest::Approx((34.0 / 67 + 34.0 / 67 + 33.0 / 66) / 3));
  ParamSet with_baseline;
  with_baseline.set("baseline", std::string("both"));
  const Figure figure = fixture.draw(with_baseline);
  // Each line is labelled with its value; the legend names the two kinds once.
  CHECK(line_plot_contains(figure.body, "set label 1 \"test majority 0.505\""));
  CHECK(line_plot_contains(figure.body, "set label 2 \"training majority"));
  CHECK(line_plot_contains(figure.body,
                           "title \"majority class of the test rows (value at the line)\""));
  CHECK(line_plot_contains(figure.body,
                           "title \"predicting the training majority (value at the line)\""));
}

// Panels (facet dataset) where the second has a series the first lacks, in a results table whose
// key columns end at `protocol`.
Figure faceted_figure(const test::TempFolder& folder) {
  std::ofstream csv(folder.path() / "results.csv");
  csv << "dataset,selector,k,variant,n_features,classifier_tol,protocol,accuracy\n";
  for (int n = 1; n <= 3; ++n) {
    csv << "A,laplacian,5,he2005," << n << ",0.001,holdout,0.5\n";
    csv << "B,laplacian,5,report2023," << n << ",0.001,holdout,0.6\n";
    csv << "B,anova,,," << n << ",0.001,holdout,0.7\n";
  }
  csv.close();
  ParamSet chosen;
  chosen.set("name", std::string("faceted"));
  chosen.set("x", std::string("n_features"));
  chosen.set("series", std::vector<std::string>{"selector"});
  chosen.set("facet", std::string("dataset"));
  const auto* registration = PlotRegistry::instance().find("line");
  auto plot =
      registration->configure(testing::complete_params(registration->info, chosen)).component();
  return plot->draw(PlotContext{Spec{}, folder.path()}, "faceted");
}

TEST_CASE("line plot: one legend per figure, one style per series in every panel") {
  test::TempFolder folder;
  const Figure figure = faceted_figure(folder);
  // The first panel draws the key, with an entry for the series only the second panel has.
  CHECK(count_of(figure.body, "unset key") == 1);
  CHECK(figure.body.find("unset key") > figure.body.find("keyentry"));
  CHECK(line_plot_contains(figure.body,
                           "keyentry with linespoints lw 2 lc rgb \"#D55E00\" dt 2 pt 5"));
  // laplacian keeps style 0 in both panels; anova has colour, dash and marker of its own.
  CHECK(count_of(figure.body, "lc rgb \"#0072B2\" dt 1 pt 7") == 2);
  CHECK(line_plot_contains(figure.body,
                           "index 2 using 1:2 with linespoints lw 2 lc rgb \"#D55E00\" dt 2"));
}

TEST_CASE("line plot: the caption states the protocol and the parameters held fixed") {
  test::TempFolder folder;
  const Figure figure = faceted_figure(folder);
  // k is laplacian's alone (empty for anova), so it names its selector; variant takes two values
  // for laplacian, so it is not fixed; the axes, series and facet are not listed.
  CHECK(line_plot_contains(figure.body,
                           "protocol: holdout; fixed: k=5 (laplacian), classifier_tol=0.001\""));
}

TEST_CASE("majority_baseline: a class-shifted holdout split") {
  // Train rows 0 .. 3 (three of class 0), test rows 4 .. 9 (four of class 1, two of class 0).
  Dataset dataset = test::make_dataset(std::vector<std::vector<double>>(10, {1.0}));
  dataset.labels << 0, 0, 0, 1, 0, 0, 1, 1, 1, 1;
  Fold fold;
  fold.train_rows = {0, 1, 2, 3};
  fold.test_rows = {4, 5, 6, 7, 8, 9};
  const auto baseline = majority_baseline(dataset, {fold});
  CHECK(baseline.test_majority == doctest::Approx(4.0 / 6));
  CHECK(baseline.train_majority == doctest::Approx(2.0 / 6));
}

}  // namespace
}  // namespace tsfs
