// The histogram's bin range: per panel, shared by all panels, or fixed.
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

TEST_CASE("histogram: each panel spans its own range unless shared_range") {
  const Figure own = draw_histogram({});
  CHECK(count(own.body, "set xrange [0:1]") == 1);  // the all-zero panel: a unit range
  CHECK(count(own.body, "set xrange [0:2]") == 1);
  ParamSet shared;
  shared.set("shared_range", true);
  const Figure figure = draw_histogram(shared);
  CHECK(count(figure.body, "set xrange [0:2]") == 2);
  // The all-zero panel: 4 in the first of 4 bins of width 0.5.
  CHECK(figure.data.find("0.25\t4\n0.75\t0\n1.25\t0\n1.75\t0\n") == 0);
}

TEST_CASE("histogram: x_min and x_max fix the bins") {
  ParamSet fixed;
  fixed.set("x_min", 0.0);
  fixed.set("x_max", 4.0);
  const Figure figure = draw_histogram(fixed);
  CHECK(count(figure.body, "set xrange [0:4]") == 2);
  CHECK(count(figure.body, "set boxwidth 0.90000000000000002") == 2);
}

}  // namespace
}  // namespace tsfs
