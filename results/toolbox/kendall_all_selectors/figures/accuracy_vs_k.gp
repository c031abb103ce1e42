# accuracy_vs_k: rendered by tsfs from accuracy_vs_k.dat; re-render with `gnuplot accuracy_vs_k.gp` in this folder.
do for [format in "png svg"] {
  if (format eq "png") {
    set terminal pngcairo size 800,640 font ",11" noenhanced
  } else {
    set terminal svg size 800,640 font ",11" dynamic noenhanced
  }
  set output (exists("tsfs_temporary") ? sprintf(tsfs_temporary, format) : 'accuracy_vs_k'.".".format)
  reset
  set datafile separator "\t"
  set multiplot layout 1,1 title "ECG200, TSFEL features, logistic regression: accuracy of each selector's top k"
  set xlabel "k (features kept)"
  set ylabel "accuracy"
  set key below font ",9"
  set grid
  set logscale x
  set format x "1e%L"
  set yrange [*:*]
  set title ""
  plot \
    'accuracy_vs_k.dat' index 0 using 1:2 with lines lw 2 lc rgb "#0072B2" dt 1 title "selector=anova", \
    'accuracy_vs_k.dat' index 1 using 1:2 with lines lw 2 lc rgb "#D55E00" dt 1 title "selector=fisher", \
    'accuracy_vs_k.dat' index 2 using 1:2 with lines lw 2 lc rgb "#009E73" dt 1 title "selector=chi2", \
    'accuracy_vs_k.dat' index 3 using 1:2 with lines lw 2 lc rgb "#CC79A7" dt 1 title "selector=info_gain", \
    'accuracy_vs_k.dat' index 4 using 1:2 with lines lw 2 lc rgb "#E69F00" dt 1 title "selector=mutual_info", \
    'accuracy_vs_k.dat' index 5 using 1:2 with lines lw 2 lc rgb "#56B4E9" dt 1 title "selector=variance", \
    'accuracy_vs_k.dat' index 6 using 1:2 with lines lw 2 lc rgb "#000000" dt 1 title "selector=laplacian", \
    'accuracy_vs_k.dat' index 7 using 1:2 with lines lw 2 lc rgb "#0072B2" dt 2 title "selector=spec", \
    'accuracy_vs_k.dat' index 8 using 1:2 with lines lw 2 lc rgb "#D55E00" dt 2 title "selector=constraint_sc1", \
    'accuracy_vs_k.dat' index 9 using 1:2 with lines lw 2 lc rgb "#009E73" dt 2 title "selector=constraint_sc2", \
    'accuracy_vs_k.dat' index 10 using 1:2 with lines lw 2 lc rgb "#CC79A7" dt 2 title "selector=constraint_sc3", \
    'accuracy_vs_k.dat' index 11 using 1:2 with lines lw 2 lc rgb "#E69F00" dt 2 title "selector=constraint_sc4", \
    'accuracy_vs_k.dat' index 12 using 1:2 with lines lw 2 lc rgb "#56B4E9" dt 2 title "selector=similarity_constraint", \
    'accuracy_vs_k.dat' index 13 using 1:2 with lines lw 2 lc rgb "#000000" dt 2 title "selector=rfe", \
    'accuracy_vs_k.dat' index 14 using 1:2 with lines lw 2 lc rgb "#0072B2" dt 3 title "selector=l1_path", \
    'accuracy_vs_k.dat' index 15 using 1:2 with lines lw 2 lc rgb "#D55E00" dt 3 title "selector=permutation_importance", \
    'accuracy_vs_k.dat' index 16 using 1:2 with lines lw 2 lc rgb "#009E73" dt 3 title "selector=shapley", \
    0.66500000000000004 with lines lw 1.5 dt 2 lc rgb "#555555" title "majority class of the test rows 0.665"
  unset multiplot
  set output
}
