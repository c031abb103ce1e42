// Every plot kind renders a non-empty PNG (and an SVG) from a small run, and `runner plot`
// re-renders from the run folder alone.
#include <doctest/doctest.h>

#include "support/run_helpers.hpp"

using namespace tsfs::testing;

namespace {

bool is_png(const std::filesystem::path& path) {
  std::string bytes = read_text(path);
  return bytes.size() > 1000 && bytes.compare(0, 8, "\x89PNG\r\n\x1a\n") == 0;
}

const char* const kFigures[] = {"accuracy_vs_sigma", "zero_weights", "score_histograms", "datasets",
                                "autocovariance"};

}  // namespace

TEST_CASE("every plot kind renders PNG and SVG, with its script and data") {
  TemporaryFolder folder("plots");
  auto run = run_runner("tests/integration/specs/gunpoint_plots.yaml --quiet --set output=" +
                        folder.path().string());
  REQUIRE_MESSAGE(run.exit_code == 0, run.err);
  for (const char* name : kFigures) {
    auto base = folder.path() / "figures" / name;
    CHECK_MESSAGE(is_png(base.string() + ".png"), name);
    CHECK_MESSAGE(read_text(base.string() + ".svg").find("<svg") != std::string::npos, name);
    CHECK_MESSAGE(!read_text(base.string() + ".dat").empty(), name);
    CHECK_MESSAGE(read_text(base.string() + ".gp").find("gnuplot " + std::string(name) + ".gp") !=
                      std::string::npos,
                  name);
  }
  // Four sigma values x two variants on the accuracy panels: 2 panels (n_features) x 2 lines.
  CHECK(read_text(folder.path() / "figures/accuracy_vs_sigma.gp").find("index 3 ") !=
        std::string::npos);

  for (const char* name : kFigures)
    std::filesystem::remove(folder.path() / "figures" / (std::string(name) + ".png"));
  auto replot = run_runner("plot " + folder.path().string() + " --quiet");
  REQUIRE_MESSAGE(replot.exit_code == 0, replot.err);
  for (const char* name : kFigures)
    CHECK_MESSAGE(is_png(folder.path() / "figures" / (std::string(name) + ".png")), name);
}

TEST_CASE("a plot asking for a missing column is refused with its name before the sweep") {
  TemporaryFolder folder("plot_error");
  auto run = run_runner("tests/integration/specs/gunpoint_plots.yaml --quiet --set output=" +
                        folder.path().string() + " --set plots.0.x=sigma");
  CHECK(run.exit_code == 2);
  CHECK(run.err.find("gunpoint_plots.yaml:13:5: ") != std::string::npos);
  CHECK(run.err.find("plot 'accuracy_vs_sigma': no column 'sigma' (did you mean 'sigma_ratio'?)") !=
        std::string::npos);
  CHECK(run.err.find("(in results.csv)") != std::string::npos);
  // Found from the run's headers before anything is computed or written.
  CHECK_FALSE(std::filesystem::exists(folder.path() / "results.csv"));
  auto filter = run_runner("tests/integration/specs/gunpoint_plots.yaml --quiet --set output=" +
                           folder.path().string() + " --set 'plots.0.filter=[selectr=anova]'");
  CHECK(filter.exit_code == 2);
  CHECK_MESSAGE(contains(filter.err, "no column 'selectr' (did you mean 'selector'?)"), filter.err);
}
