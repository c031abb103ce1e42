// experiments/archive/archive.yaml on a 3-dataset, 2-resample subset (Coffee, ECG200, GunPoint):
// the nested-CV rows it adds, and `runner compare --tuned --where n_features=N` on them, pinned.
#include <doctest/doctest.h>

#include "report/csv_table.hpp"
#include "support/run_helpers.hpp"

using namespace tsfs::testing;

namespace {

std::string occurrences(const std::string& text, const std::string& field) {
  size_t count = 0;
  for (size_t at = text.find(field); at != std::string::npos; at = text.find(field, at + 1))
    ++count;
  return std::to_string(count);
}

}  // namespace

TEST_CASE("the archive study on a subset: tuned Laplacian rows and the pinned comparison") {
  TemporaryFolder folder("archive_study");
  const auto run_folder = folder.path() / "run";
  auto run = run_runner(
      "experiments/archive/archive.yaml --quiet --no-timings --set "
      "'datasets.names=[Coffee, ECG200, GunPoint]' --set protocol.count=2 --set output=" +
      run_folder.string());
  REQUIRE_MESSAGE(run.exit_code == 0, run.err);
  // 3 datasets x 2 variants x 2 distances x 3 n_features tuned rows, each with 2 resamples.
  CHECK(occurrences(read_text(run_folder / "results.csv"), ",tuned,tuned,") == "36");
  CHECK(tsfs::read_csv_table(run_folder / "tuned.csv").rows.size() == 72);

  for (const char* n_features : {"30", "100"}) {
    auto compare = run_runner(
        "compare " + run_folder.string() + " --tuned --where n_features=" + n_features +
        " --by selector,variant,distance --output " + (folder.path() / n_features).string());
    REQUIRE_MESSAGE(compare.exit_code == 0, compare.err);
    CHECK(compare.out.find("11 methods on 3 datasets") != std::string::npos);
  }
  CHECK(read_text(folder.path() / "30" / "methods.csv") ==
        "method,selector,variant,distance,runs,mean_accuracy,average_rank\n"
        "anova,anova,,,1,0.92611111111111111,2.8333333333333335\n"
        "fisher,fisher,,,1,0.92611111111111111,2.8333333333333335\n"
        "mutual_info,mutual_info,,,1,0.91333333333333344,5.5\n"
        "none,none,,,1,0.90777777777777791,6.333333333333333\n"
        "\"laplacian, variant=report2023, distance=ned\",laplacian,report2023,ned,1,"
        "0.90777777777777791,6.333333333333333\n"
        "variance,variance,,,1,0.89507936507936503,6.666666666666667\n"
        "\"laplacian, variant=report2023, distance=dtw-w100-if500\",laplacian,report2023,"
        "dtw-w100-if500,1,0.90277777777777779,6.833333333333333\n"
        "\"laplacian, variant=he2005, distance=dtw-w100-if500\",laplacian,he2005,dtw-w100-if500,1,"
        "0.87666666666666659,6.833333333333333\n"
        "\"spec, distance=ned\",spec,,ned,1,0.83111111111111102,7\n"
        "\"spec, distance=dtw-w100-if500\",spec,,dtw-w100-if500,1,0.82888888888888879,"
        "7.333333333333333\n"
        "\"laplacian, variant=he2005, distance=ned\",laplacian,he2005,ned,1,0.84500000000000008,"
        "7.5\n");
  CHECK(read_text(folder.path() / "100" / "friedman.csv") ==
        "metric,datasets,methods,chi_square,chi_square_df,chi_square_p,iman_davenport_f,"
        "f_df_numerator,f_df_denominator,iman_davenport_p,alpha,nemenyi_q_alpha,"
        "critical_difference\n"
        "accuracy,3,11,23.645161290322587,10,0.0086000511383125342,7.4416243654822436,10,20,"
        "7.7614989181754241e-05,0.050000000000000003,3.2186536073291996,8.7161551723874968\n");
}
