// render_plots / render_figure: every registered plot kind drawn from a small run folder of
// hand-written CSVs into a script, data and (with gnuplot installed) PNG and SVG; bad inputs give
// InputErrors that name the plot's spec line, the missing file or gnuplot's complaint.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "common/error.hpp"
#include "common/files.hpp"
#include "config/spec.hpp"
#include "config/spec_test_support.hpp"
#include "plot/plot.hpp"
#include "support/temporary_folder.hpp"

namespace tsfs {
namespace {

// A run folder as a finished run leaves it (results.csv, scores.csv), and a spec naming it.
struct RunFolder {
  testing::TemporaryFolder folder{"render"};

  RunFolder() {
    std::string results = "dataset,selector,sigma_ratio,n_features,accuracy,accuracy_std\n";
    for (int n : {5, 20})
      for (int i = 0; i < 4; ++i)
        results += "GunPoint,laplacian,1e-" + std::to_string(i) + "," + std::to_string(n) + "," +
                   std::to_string(0.6 + 0.05 * i + 0.01 * n) + ",0.02\n";
    folder.write("results.csv", results);
    std::string scores = "dataset,sigma_ratio,fold,feature,score\n";
    for (int i = 0; i < 2; ++i)
      for (int feature = 0; feature < 10; ++feature)
        scores += "GunPoint,1e-" + std::to_string(i) + ",0," + std::to_string(feature) + "," +
                  std::to_string(0.1 * feature * (i + 1)) + "\n";
    folder.write("scores.csv", scores);
    std::string curves = "dataset,selector,n_features,repeat,fold,curve,class,threshold,x,y\n";
    for (const char* fold : {"0", "pooled"})
      for (const char* curve : {"roc", "pr"})
        for (int step = 0; step <= 4; ++step)
          curves += std::string("GunPoint,variance,5,") + (fold[0] == '0' ? "0," : ",") + fold +
                    "," + curve + ",2," + std::to_string(1.0 - 0.25 * step) + "," +
                    std::to_string(0.25 * step) + "," + std::to_string(std::min(1.0, 0.4 * step)) +
                    "\n";
    folder.write("curves.csv", curves);
  }

  Spec spec(const std::string& plots) const {
    return load_spec(testing::write_spec("datasets: [{name: GunPoint, path: " TSFS_SOURCE_DIR
                                         "/third_party/ucr/GunPoint}]\n"
                                         "selectors: [{kind: variance}]\n"
                                         "curves: [pr, roc]\n"
                                         "plots:\n" +
                                             plots,
                                         "render_spec.yaml"));
  }

  std::string error_of(const std::string& plots) const {
    const Spec loaded = spec(plots);
    try {
      render_plots(loaded, folder.path());
    } catch (const InputError& error) {
      return error.what();
    }
    return "";
  }
};

bool gnuplot_installed() {
  return std::system("command -v gnuplot >/dev/null 2>&1") == 0;
}

bool render_contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

const char* kEveryKind =
    "  - {kind: line, name: accuracy, x: sigma_ratio, y: accuracy, facet: n_features, "
    "band: accuracy_std, log_x: true}\n"
    "  - {kind: histogram, name: scores, facet: sigma_ratio, bins: 5}\n"
    "  - {kind: dataset_view, name: view}\n"
    "  - {kind: autocovariance, name: lags, max_lag: 10, normalize: true}\n"
    "  - {kind: roc_curve, name: roc, folds: each}\n"
    "  - {kind: pr_curve, name: pr}\n"
    "  - {kind: mds, name: mds, from: features}\n"
    "  - {kind: isomap, name: isomap, from: features, neighbours: 30}\n"
    "  - {kind: laplacian_eigenmaps, name: eigenmaps, from: features, neighbours: 10}\n"
    "  - {kind: lle, name: lle, from: features, neighbours: 12}\n"
    "  - {kind: scree, name: scree, components: 10}\n"
    "  - {kind: pca_biplot, name: biplot, loadings: 5}\n"
    "  - {kind: tsne, name: tsne, from: features, perplexity: 20, iterations: 300, max_rows: "
    "150}\n";

TEST_CASE("render_plots draws every registered plot kind into figures/") {
  const RunFolder run;
  const Spec spec = run.spec(kEveryKind);
  std::set<std::string> kinds;
  for (const auto& plot : spec.plots) kinds.insert(plot.kind);
  // A new plot kind must be added to kEveryKind (and so be rendered here).
  CHECK(kinds.size() == PlotRegistry::instance().names().size());

  const int rendered = render_plots(spec, run.folder.path());
  const auto figures = run.folder.path() / "figures";
  for (const char* name : {"accuracy", "scores", "view", "lags", "roc", "pr", "mds", "isomap",
                           "eigenmaps", "lle", "tsne"}) {
    CAPTURE(name);
    const std::string script = testing::read_text(figures / (std::string(name) + ".gp"));
    CHECK(render_contains(script, ": '" + std::string(name) + "'.\".\".format)"));
    CHECK(render_contains(script, std::string(name) + ".dat"));
    CHECK_FALSE(testing::read_text(figures / (std::string(name) + ".dat")).empty());
    if (gnuplot_installed()) {
      CHECK(std::filesystem::file_size(figures / (std::string(name) + ".png")) > 1000);
      CHECK(std::filesystem::file_size(figures / (std::string(name) + ".svg")) > 1000);
    }
  }
  CHECK(rendered == (gnuplot_installed() ? 13 : 0));
  // The ROC figure has the fold's and the pooled curve (folds: each), the PR figure the pooled one.
  CHECK(render_contains(testing::read_text(figures / "roc.gp"), "repeat 0, fold 0"));
  CHECK(render_contains(testing::read_text(figures / "roc.gp"), "pooled"));
  // The autocorrelation at lag 0 is 1 for every series (normalize: true).
  CHECK(testing::read_text(figures / "lags.dat").rfind("0\t1\n", 0) == 0);
  // The dataset view has one line per time step of GunPoint's 150.
  const std::string view = testing::read_text(figures / "view.dat");
  CHECK(std::count(view.begin(), view.end(), '\n') == 150 + 2);
  // The embeddings: GunPoint's 200 series in two class blocks (t-SNE: 150 evenly spaced ones).
  const std::string mds = testing::read_text(figures / "mds.dat");
  CHECK(std::count(mds.begin(), mds.end(), '\n') == 200 + 2 * 2);
  for (const char* name : {"eigenmaps", "lle"}) {
    const std::string embedded = testing::read_text(figures / (std::string(name) + ".dat"));
    CHECK(std::count(embedded.begin(), embedded.end(), '\n') == 200 + 2 * 2);
  }
  // The scree plot: 10 components, shares falling, the running total rising to at most 1.
  const std::string scree = testing::read_text(figures / "scree.dat");
  CHECK(std::count(scree.begin(), scree.end(), '\n') == 10 + 2);
  CHECK(render_contains(testing::read_text(figures / "scree.gp"), "of the variance: "));
  // The biplot: 200 scores in two class blocks, then 5 loading arrows with feature names.
  const std::string biplot = testing::read_text(figures / "biplot.dat");
  CHECK(std::count(biplot.begin(), biplot.end(), '\n') == 200 + 5 + 3 * 2);
  CHECK(render_contains(testing::read_text(figures / "biplot.gp"), "with vectors"));
  const std::string tsne = testing::read_text(figures / "tsne.dat");
  CHECK(std::count(tsne.begin(), tsne.end(), '\n') == 150 + 2 * 2);
  CHECK(render_contains(testing::read_text(figures / "tsne.gp"), "150 of 200 series"));

  // The marks for the run's page (NAME.chart.csv), one row per mark the figure draws, and its axes
  // (NAME.chart_axes.csv); none for a line plot, which the page draws from results.csv itself.
  CHECK_FALSE(std::filesystem::exists(figures / "accuracy.chart.csv"));
  const auto chart_rows = [&](const std::string& name) {
    const std::string chart = testing::read_text(figures / (name + ".chart.csv"));
    CHECK(chart.rfind("panel,series,mark,x,y,extent\n", 0) == 0);
    CHECK(testing::read_text(figures / (name + ".chart_axes.csv"))
              .rfind("x_label,y_label,shared_x,shared_y,y_min,y_max,log_y\n", 0) == 0);
    return std::count(chart.begin(), chart.end(), '\n') - 1;
  };
  CHECK(chart_rows("scores") == 2 * (5 + 1));  // two sigma_ratio panels: 5 bins, the zeros
  CHECK(chart_rows("view") == 2 * 150);        // the mean and row 0 per time step
  CHECK(chart_rows("lags") == 11);             // lags 0 to 10
  CHECK(chart_rows("roc") == 2 * 5 + 2);       // the fold's and the pooled curve, chance's ends
  CHECK(chart_rows("pr") == 5);                // the pooled curve
  CHECK(chart_rows("scree") == 2 * 10 + 2);    // the shares, their running total, the energy
  for (const char* name : {"mds", "isomap", "eigenmaps", "lle"}) CHECK(chart_rows(name) == 200);
  CHECK(chart_rows("biplot") == 200 + 2 * 5);  // the scores, the 5 loading arrows' two ends
  CHECK(render_contains(testing::read_text(figures / "biplot.chart.csv"), ",loading: "));
  CHECK(chart_rows("tsne") == 150);
  CHECK(render_contains(testing::read_text(figures / "view.chart.csv"),
                        "\nGunPoint,mean ± std,line,0,"));
  CHECK(
      render_contains(testing::read_text(figures / "mds.chart.csv"), "\nGunPoint,class 1,point,"));
  CHECK(render_contains(testing::read_text(figures / "scores.chart.csv"), ",exactly 0,bar,0,"));
  CHECK(testing::read_text(figures / "roc.chart_axes.csv") ==
        "x_label,y_label,shared_x,shared_y,y_min,y_max,log_y\n"
        "false positive rate,true positive rate,true,true,0,1.02,false\n");
  // A figure drawn again without points removes the last run's (a stale chart is not this one's).
  Figure pointless;
  pointless.body = "  plot 1\n";
  render_figure(pointless, "mds", figures);
  CHECK_FALSE(std::filesystem::exists(figures / "mds.chart.csv"));
  CHECK_FALSE(std::filesystem::exists(figures / "mds.chart_axes.csv"));
}

TEST_CASE("PageChart writes CSV fields quoted where needed and NaN as an empty field") {
  PageChart chart;
  chart.x_label = "a, b";
  CHECK(chart.marks_csv().empty());
  CHECK(chart.axes_csv().empty());
  chart.add("a,b", "class \"x\"", PageMark::point, 1.5, std::nan(""));
  chart.add("p", "s", PageMark::bar, 0.1, 2, 0.25);
  CHECK(chart.marks_csv() ==
        "panel,series,mark,x,y,extent\n\"a,b\",\"class \"\"x\"\"\",point,1.5,,\n"
        "p,s,bar,0.10000000000000001,2,0.25\n");
  CHECK(chart.axes_csv() ==
        "x_label,y_label,shared_x,shared_y,y_min,y_max,log_y\n\"a, b\",,false,false,,,false\n");
}

TEST_CASE(
    "embedding plots: a missing distance names the plot, a disconnected Isomap graph is joined") {
  const RunFolder run;
  CHECK(render_contains(run.error_of("  - {kind: mds, name: mds}\n"),
                        "from: distance needs a distance in the spec's distances"));
  CHECK(run.error_of("  - {kind: isomap, name: iso, from: features, neighbours: 1}\n").empty());
  CHECK(render_contains(run.error_of("  - {kind: lle, name: l, from: features, neighbours: 2, "
                                     "max_rows: 3}\n"),
                        "lle: a 2-D view needs at least 4 rows"));
}

TEST_CASE("a plot naming a missing column fails with the plot's spec line and the columns") {
  const RunFolder run;
  const std::string message =
      run.error_of("  - {kind: line, name: curve, x: sigma_ratio, y: acuracy}\n");
  CHECK(render_contains(message, "render_spec.yaml:5:"));
  CHECK(render_contains(message, "plot 'curve': no column 'acuracy' (did you mean 'accuracy'?)"));
  CHECK(render_contains(message, "columns: dataset, selector, sigma_ratio"));
}

TEST_CASE("a malformed filter and a missing CSV are input errors naming the plot or the file") {
  const RunFolder run;
  CHECK(render_contains(
      run.error_of("  - {kind: line, name: curve, x: sigma_ratio, filter: [selector]}\n"),
      "plot 'curve': filter 'selector' is not column=value"));
  std::filesystem::remove(run.folder.path() / "scores.csv");
  const std::string missing = run.error_of("  - {kind: histogram, name: scores}\n");
  CHECK(render_contains(missing, "scores.csv"));
  CHECK(render_contains(missing, "not found: plots need a finished (or resumed) run folder"));
}

TEST_CASE("render_figure quotes the name for gnuplot and reports gnuplot's own error") {
  const testing::TemporaryFolder scratch("render_figure");
  // A quote in the folder and in the name: quoted for gnuplot in the script, for the shell in
  // the command that runs it.
  const auto folder = scratch.path() / "o'clock";
  Figure figure;
  figure.data = "0\t1\n1\t2\n";
  figure.body = "  plot \"it's.dat\" using 1:2 with lines\n";
  const bool rendered = render_figure(figure, "it's", folder);
  CHECK(rendered == gnuplot_installed());
  // tsfs renders into temporary names; the script run by hand writes it's.png and it's.svg.
  CHECK(
      render_contains(testing::read_text(folder / "it's.gp"),
                      "set output (exists(\"tsfs_temporary\") ? sprintf(tsfs_temporary, format) : "
                      "'it''s'.\".\".format)"));
  CHECK(testing::read_text(folder / "it's.dat") == figure.data);
  if (!gnuplot_installed()) return;
  CHECK(std::filesystem::exists(folder / "it's.png"));

  figure.body = "  plot 'broken.dat' using 1:2 with nonsense\n";
  try {
    render_figure(figure, "broken", folder);
    FAIL("expected an InputError");
  } catch (const InputError& error) {
    CHECK(render_contains(error.what(), "broken.gp"));
    CHECK(render_contains(error.what(), "gnuplot failed"));
  }
}

TEST_CASE("render_figure writes PNG and SVG whole or not at all") {
  if (!gnuplot_installed()) return;
  const testing::TemporaryFolder scratch("render_whole");
  const auto folder = scratch.path();
  Figure figure;
  figure.data = "0\t1\n1\t2\n";
  figure.body = "  plot 'half.dat' using 1:2 with lines\n";
  REQUIRE(render_figure(figure, "half", folder));
  const std::string png = testing::read_text(folder / "half.png");
  const std::string svg = testing::read_text(folder / "half.svg");
  // The PNG renders, the SVG fails: neither image is replaced, no temporary file is left.
  figure.data = "0\t5\n1\t7\n";
  figure.body =
      "  if (format eq \"svg\") { plot 'half.dat' using 1:2 with nonsense }\n"
      "  plot 'half.dat' using 1:2 with lines\n";
  CHECK_THROWS_AS(render_figure(figure, "half", folder), InputError);
  CHECK(testing::read_text(folder / "half.png") == png);
  CHECK(testing::read_text(folder / "half.svg") == svg);
  for (const auto& entry : std::filesystem::directory_iterator(folder))
    CHECK_MESSAGE(!tsfs::is_temporary_file_name(entry.path().filename().string()),
                  entry.path().string());
  // A name with a '%' (a sprintf directive to gnuplot) renders under its own name.
  figure.body = "  plot '100%.dat' using 1:2 with lines\n";
  CHECK(render_figure(figure, "100%", folder));
  CHECK(std::filesystem::exists(folder / "100%.png"));
  CHECK(std::filesystem::exists(folder / "100%.svg"));
}

}  // namespace
}  // namespace tsfs
