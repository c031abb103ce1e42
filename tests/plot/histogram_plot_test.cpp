// The histogram's bin range (per panel, shared by all panels, or fixed) and its exact zeros.
#include <doctest/doctest.h>

#include <fstream>

#include "../data/test_support.hpp"
#include "../select/selector_test_helpers.hpp"
#include "plot/plot.hpp"

namespace tsfs {
namespace {

Figure draw_histogram(ParamSet chosen) {
  test::TempFolder folder;
  {
    // Panel sigma=1: every score 0 (a degenerate graph); panel sigma=2: scores 0 .. 2.
    std::ofstream csv(folder.path() / "scores.csv");
    csv << "sigma_ratio,score\n";
    for (int i = 0; i < 4; ++i) csv << "1,0\n";
    for (int i = 0; i <= 4; ++i) csv << "2," << 0.5 * i << "\n";
  }
  const auto* registration = PlotRegistry::instance().find("histogram");
  REQUIRE(registration != nullptr);
  chosen.set("name", std::string("scores"));
  chosen.set("facet", std::string("sigma_ratio"));
  chosen.set("bins", 4LL);
  Spec spec;
  auto plot =
      registration->configure(testing::complete_params(registration->info, chosen)).component();
  return plot->draw(PlotContext{spec, folder.path()}, "scores");
}

size_t count(const std::string& text, const std::string& part) {
  size_t found = 0;
  for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++found;
  return found;
}

// Both panels hold exact zeros, so each range starts half a bin left of its lowest value.
TEST_CASE("histogram: each panel spans its own range unless shared_range") {
  const Figure own = draw_histogram({});
  CHECK(count(own.body, "set xrange [-0.125:1]") == 1);  // the all-zero panel: a unit range
  CHECK(count(own.body, "set xrange [-0.25:2]") == 1);
  ParamSet shared;
  shared.set("shared_range", true);
  const Figure figure = draw_histogram(shared);
  CHECK(count(figure.body, "set xrange [-0.25:2]") == 2);
}

TEST_CASE("histogram: exact zeros are counted apart from the near-zero bin") {
  ParamSet shared;
  shared.set("shared_range", true);
  const Figure figure = draw_histogram(shared);
  // The all-zero panel: no value in the 4 bins of width 0.5, its 4 zeros in their own block.
  CHECK(figure.data.find("0.25\t0\n0.75\t0\n1.25\t0\n1.75\t0\n\n\n0\t4\n") == 0);
  // The other panel: 0 apart; 0.5, 1, 1.5 and 2 in the bins (2 is the last bin's upper end).
  CHECK(figure.data.find("0.25\t0\n0.75\t1\n1.25\t1\n1.75\t2\n\n\n0\t1\n") != std::string::npos);
  CHECK(count(figure.body, "with impulses") == 2);
  CHECK(count(figure.body, "sigma_ratio=1: 4 of 4 exactly 0 (orange line at 0)") == 1);
  CHECK(count(figure.body, "sigma_ratio=2: 1 of 5 exactly 0 (orange line at 0)") == 1);
}

TEST_CASE("histogram: x_min and x_max fix the bins") {
  ParamSet fixed;
  fixed.set("x_min", 0.0);
  fixed.set("x_max", 4.0);
  const Figure figure = draw_histogram(fixed);
  CHECK(count(figure.body, "set xrange [-0.5:4]") == 2);
  CHECK(count(figure.body, "set boxwidth 0.90000000000000002") == 2);
}

}  // namespace
}  // namespace tsfs
