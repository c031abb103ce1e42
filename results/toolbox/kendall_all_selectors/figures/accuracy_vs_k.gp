# accuracy_vs_k: rendered by tsfs from accuracy_vs_k.dat; re-render with `gnuplot accuracy_vs_k.gp` in this folder.
do for [format in "png svg"] {
  if (format eq "png") {
    set terminal pngcairo size 840,985 font ",11" noenhanced
  } else {
    set terminal svg size 840,985 font ",11" dynamic noenhanced
  }
  set output (exists("tsfs_temporary") ? sprintf(tsfs_temporary, format) : 'accuracy_vs_k'.".".format)
  reset
  set datafile separator "\t"
  set multiplot layout 1,1 margins 0.0952,0.9643,0.3807,0.8223 spacing 0.1071,0.0863 title "ECG200, TSFEL features, logistic regression: accuracy of each selector's top k\nprotocol: stratified_kfold(folds=5;repeats=1;seed=0); fixed: dataset=ECG200, distance=euclidean\n(constraint_sc3, constraint_sc4, laplacian, spec), fit_on=train, order=descending (chi2, fisher,\ninfo_gain, mutual_info); ascending (constraint_sc1, constraint_sc2, constraint_sc3, constraint_sc4,\nlaplacian, similarity_constraint); auto (spec), bins=10 (chi2, info_gain), binning=equal_width\n(chi2, info_gain), ... (spec.yaml)"
  set xlabel "k (features kept)"
  set ylabel "accuracy"
  set grid
  set key at screen 0.5,0.0061 center bottom horizontal maxcols 1 font ",9" samplen 3
  set logscale x
  set format x "1e%L"
  set yrange [*:*]
  set offsets 0, 0, graph 0.03, graph 0.03
  unset label
  set title ""
  set label 1 "test majority 0.665" at graph 0.98999999999999999, first 0.66500000000000004 right offset 0,0.6 font ",9" tc rgb "#555555" front
  plot \
    'accuracy_vs_k.dat' index 0 using 1:2 with linespoints lw 2 lc rgb "#0072B2" dt 1 pt 7 ps 0.9 pi 1 title "selector=anova", \
    'accuracy_vs_k.dat' index 1 using 1:2 with linespoints lw 2 lc rgb "#D55E00" dt 2 pt 5 ps 0.9 pi 1 title "selector=fisher", \
    'accuracy_vs_k.dat' index 2 using 1:2 with linespoints lw 2 lc rgb "#009E73" dt 3 pt 9 ps 0.9 pi 1 title "selector=chi2", \
    'accuracy_vs_k.dat' index 3 using 1:2 with linespoints lw 2 lc rgb "#CC79A7" dt 4 pt 11 ps 0.9 pi 1 title "selector=info_gain", \
    'accuracy_vs_k.dat' index 4 using 1:2 with linespoints lw 2 lc rgb "#E69F00" dt 5 pt 13 ps 0.9 pi 1 title "selector=mutual_info", \
    'accuracy_vs_k.dat' index 5 using 1:2 with linespoints lw 2 lc rgb "#56B4E9" dt 1 pt 1 ps 0.9 pi 1 title "selector=variance", \
    'accuracy_vs_k.dat' index 6 using 1:2 with linespoints lw 2 lc rgb "#000000" dt 2 pt 2 ps 0.9 pi 1 title "selector=laplacian", \
    'accuracy_vs_k.dat' index 7 using 1:2 with linespoints lw 2 lc rgb "#0072B2" dt 3 pt 7 ps 0.9 pi 1 title "selector=spec", \
    'accuracy_vs_k.dat' index 8 using 1:2 with linespoints lw 2 lc rgb "#D55E00" dt 4 pt 5 ps 0.9 pi 1 title "selector=constraint_sc1", \
    'accuracy_vs_k.dat' index 9 using 1:2 with linespoints lw 2 lc rgb "#009E73" dt 5 pt 9 ps 0.9 pi 1 title "selector=constraint_sc2", \
    'accuracy_vs_k.dat' index 10 using 1:2 with linespoints lw 2 lc rgb "#CC79A7" dt 1 pt 11 ps 0.9 pi 1 title "selector=constraint_sc3", \
    'accuracy_vs_k.dat' index 11 using 1:2 with linespoints lw 2 lc rgb "#E69F00" dt 2 pt 13 ps 0.9 pi 1 title "selector=constraint_sc4", \
    'accuracy_vs_k.dat' index 12 using 1:2 with linespoints lw 2 lc rgb "#56B4E9" dt 3 pt 1 ps 0.9 pi 1 title "selector=similarity_constraint", \
    'accuracy_vs_k.dat' index 13 using 1:2 with linespoints lw 2 lc rgb "#000000" dt 4 pt 2 ps 0.9 pi 1 title "selector=rfe", \
    'accuracy_vs_k.dat' index 14 using 1:2 with linespoints lw 2 lc rgb "#0072B2" dt 5 pt 7 ps 0.9 pi 1 title "selector=l1_path", \
    'accuracy_vs_k.dat' index 15 using 1:2 with linespoints lw 2 lc rgb "#D55E00" dt 1 pt 5 ps 0.9 pi 1 title "selector=permutation_importance", \
    'accuracy_vs_k.dat' index 16 using 1:2 with linespoints lw 2 lc rgb "#009E73" dt 2 pt 9 ps 0.9 pi 1 title "selector=shapley", \
    keyentry with lines lw 1 dt (16,8) lc rgb "#555555" title "majority class of the test rows (value at the line)", \
    0.66500000000000004 with lines lw 1 dt (16,8) lc rgb "#555555" notitle
  unset key
  unset multiplot
  set output
}
