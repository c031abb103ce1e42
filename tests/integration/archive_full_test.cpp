// experiments/archive-full/ on a 3-dataset, 2-resample subset of the vendored archive (Coffee,
// ECG200, GunPoint): the selection spec with its nested CV, the SVC and 1-NN Euclidean baselines
// beside it, and `runner compare --family n_features` over them as `make archive-full` runs it;
// the comparison's outputs pinned.
#include <doctest/doctest.h>

#include "support/run_helpers.hpp"

using namespace tsfs::testing;

TEST_CASE("the whole-archive study's specs on a subset, compared as make archive-full does") {
  TemporaryFolder folder("archive_full");
  const std::string subset =
      " --quiet --no-timings --set 'datasets={archive: third_party/ucr, missing: interpolate, "
      "names: [Coffee, ECG200, GunPoint]}' --set protocol.count=2 --set cache=" +
      (folder.path() / "cache").string();
  for (const std::string spec : {"selection", "svc_tsfel", "svc_catch22", "nearest_neighbour"}) {
    auto run = run_runner("experiments/archive-full/" + spec + ".yaml" + subset +
                          " --set output=" + (folder.path() / spec).string());
    REQUIRE_MESSAGE(run.exit_code == 0, spec, "\n", run.err);
  }
  auto compare = run_runner(
      "compare " + (folder.path() / "selection").string() +
      " --tuned --common-datasets --by selector,variant,distance,run --beside " +
      (folder.path() / "svc_tsfel").string() + " --beside " +
      (folder.path() / "svc_catch22").string() + " --beside " +
      (folder.path() / "nearest_neighbour").string() + " --family n_features --output '" +
      (folder.path() / "comparison_n{}").string() + "'");
  REQUIRE_MESSAGE(compare.exit_code == 0, compare.err);
  // 3 datasets x 2 variants x 2 distances x 3 n_features tuned Laplacian rows, nothing skipped.
  const std::string results = read_text(folder.path() / "selection" / "results.csv");
  size_t tuned_rows = 0;
  for (size_t at = results.find(",tuned,tuned,"); at != std::string::npos;
       at = results.find(",tuned,tuned,", at + 1))
    ++tuned_rows;
  CHECK(tuned_rows == 36);
  CHECK(read_text(folder.path() / "selection" / "skipped.csv") == "dataset,component,reason\n");
  for (const char* n_features : {"10", "30", "100"})
    CHECK_MESSAGE(contains(compare.out, std::string("n_features = ") + n_features +
                                            ": 13 methods on 3 datasets"),
                  compare.out);
  // One Holm family over the three comparisons' Wilcoxon tests.
  CHECK(contains(compare.out, "(Wilcoxon, Holm over 230 tests)"));
  // Runs are named by their folders' names (not their paths), so nothing depends on where the
  // temporary folder is.
  auto pinned = [&](const std::string& file) { return read_text(folder.path() / file); };
  CHECK(pinned("comparison_n30/methods.csv") ==
        "method,selector,variant,distance,run,runs,mean_accuracy,average_rank\n"
        "\"anova, run=selection\",anova,,,selection,1,0.92611111111111111,"
        "3.1666666666666665\n"
        "\"none, run=svc_tsfel\",none,,,svc_tsfel,1,0.92753968253968255,"
        "4.333333333333333\n"
        "\"mutual_info, run=selection\",mutual_info,,,selection,1,0.91333333333333344,"
        "5.666666666666667\n"
        "\"none, run=selection\",none,,,selection,1,0.90777777777777791,6.5\n"
        "\"laplacian, variant=report2023, distance=ned, run=selection\",laplacian,"
        "report2023,ned,selection,1,0.90777777777777791,6.5\n"
        "\"laplacian, variant=report2023, distance=dtw-w100-if500, run=selection\","
        "laplacian,report2023,dtw-w100-if500,selection,1,0.90277777777777779,7\n"
        "\"none, distance=euclidean, run=nearest_neighbour\",none,,euclidean,"
        "nearest_neighbour,1,0.91015873015873006,7.166666666666667\n"
        "\"variance, run=selection\",variance,,,selection,1,0.89507936507936503,7.5\n"
        "\"laplacian, variant=he2005, distance=dtw-w100-if500, run=selection\",laplacian,"
        "he2005,dtw-w100-if500,selection,1,0.87666666666666659,7.666666666666667\n"
        "\"spec, distance=ned, run=selection\",spec,,ned,selection,1,0.83111111111111102,"
        "7.833333333333333\n"
        "\"spec, distance=dtw-w100-if500, run=selection\",spec,,dtw-w100-if500,selection,"
        "1,0.82888888888888879,8.1666666666666661\n"
        "\"laplacian, variant=he2005, distance=ned, run=selection\",laplacian,he2005,ned,"
        "selection,1,0.84500000000000008,8.3333333333333339\n"
        "\"none, run=svc_catch22\",none,,,svc_catch22,1,0.8634126984126983,"
        "11.166666666666666\n");
  CHECK(pinned("comparison_n100/friedman.csv") ==
        "metric,datasets,methods,chi_square,chi_square_df,chi_square_p,iman_davenport_f,"
        "f_df_numerator,f_df_denominator,iman_davenport_p,alpha,nemenyi_q_alpha,"
        "critical_difference\n"
        "accuracy,3,13,28.605714285714292,12,0.0045068156326095966,7.7372488408037174,12,"
        "24,1.223585816070919e-05,0.050000000000000003,3.3127385933508169,"
        "10.533837360813912\n");
  // The Bayesian columns too: their draws are seeded with the method names, which name runs by
  // their folders' names, wherever the temporary folder is.
  CHECK(contains(pinned("comparison_n100/pairwise.csv"),
                 "\"laplacian, variant=he2005, distance=ned, run=selection\",\"anova, "
                 "run=selection\",0.024682539682539677,3,0,0,0,0.25,exact,1,false,"
                 "-5.1666666666666661,false,0.025000000000000022,false,0.96321999999999997,"
                 "0.03678,0\n"));
}
