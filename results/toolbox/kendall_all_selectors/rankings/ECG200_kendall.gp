# ECG200_kendall: rendered by tsfs from ECG200_kendall.dat; re-render with `gnuplot ECG200_kendall.gp` in this folder.
do for [format in "png svg"] {
  if (format eq "png") {
    set terminal pngcairo size 792,792 font ",11" noenhanced
  } else {
    set terminal svg size 792,792 font ",11" dynamic noenhanced
  }
  set output (exists("tsfs_temporary") ? sprintf(tsfs_temporary, format) : 'ECG200_kendall'.".".format)
  reset
  set datafile separator "\t"
  set title "Kendall tau-b between rankings, ECG200 (full labels: rankings/ECG200_kendall.csv)"
  set size ratio -1
  set cbrange [-1:1]
  set palette defined (-1 "#2166ac", 0 "#f7f7f7", 1 "#b2182b")
  set lmargin at screen 0.23484848484848486
  set bmargin at screen 0.22222222222222221
  set rmargin at screen 0.86
  set tmargin at screen 0.93
  set xtics ("anova" 0, "fisher" 1, "chi2" 2, "info_gain" 3, "mutual_info" 4, "variance" 5, "laplacian @ euclidean" 6, "spec @ euclidean" 7, "constraint_sc1" 8, "constraint_sc2" 9, "constraint_sc3 @ euclidean" 10, "constraint_sc4 @ euclidean" 11, "similarity_constraint" 12, "rfe" 13, "l1_path" 14, "permutation_importance" 15, "shapley" 16) rotate by 60 right font ",8"
  set ytics ("anova" 0, "fisher" 1, "chi2" 2, "info_gain" 3, "mutual_info" 4, "variance" 5, "laplacian @ euclidean" 6, "spec @ euclidean" 7, "constraint_sc1" 8, "constraint_sc2" 9, "constraint_sc3 @ euclidean" 10, "constraint_sc4 @ euclidean" 11, "similarity_constraint" 12, "rfe" 13, "l1_path" 14, "permutation_importance" 15, "shapley" 16) font ",8"
  set xrange [-0.5:16.5]
  set yrange [16.5:-0.5]
  plot 'ECG200_kendall.dat' matrix with image notitle
  unset multiplot
  set output
}
