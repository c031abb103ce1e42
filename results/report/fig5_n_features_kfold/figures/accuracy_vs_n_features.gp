# accuracy_vs_n_features: rendered by tsfs from accuracy_vs_n_features.dat; re-render with `gnuplot accuracy_vs_n_features.gp` in this folder.
do for [format in "png svg"] {
  if (format eq "png") {
    set terminal pngcairo size 840,785 font ",11" noenhanced
  } else {
    set terminal svg size 840,785 font ",11" dynamic noenhanced
  }
  set output (exists("tsfs_temporary") ? sprintf(tsfs_temporary, format) : 'accuracy_vs_n_features'.".".format)
  reset
  set datafile separator "\t"
  set multiplot layout 1,1 margins 0.0952,0.9643,0.2739,0.8280 spacing 0.1071,0.1083 title "WormsTwoClass: accuracy vs number of features (smoothed over 8)\nprotocol: stratified_kfold(folds=5;repeats=5;seed=0); fixed: dataset=WormsTwoClass, fit_on=train,\nk=30 (laplacian), sigma_ratio=0.05 (laplacian), threshold=0 (variance), classifier=svc,\nclassifier_C=1, classifier_gamma=scale, classifier_tol=0.001, classifier_shrinking=true"
  set xlabel "number of features kept"
  set ylabel "accuracy"
  set grid
  set key at screen 0.5,0.0076 center bottom horizontal maxcols 1 font ",9" samplen 3
  set yrange [*:*]
  set offsets 0, 0, graph 0.03, graph 0.03
  unset label
  set title ""
  set label 1 "test majority 0.578" at graph 0.99, first 0.57752639517345383 right offset 0,0.6 font ",9" tc rgb "#555555" front
  plot \
    'accuracy_vs_n_features.dat' index 0 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.12 noborder lc rgb "#0072B2" notitle, \
    'accuracy_vs_n_features.dat' index 0 using 1:2 with linespoints lw 2 lc rgb "#0072B2" dt 1 pt 7 ps 0.9 pi 49 title "selector=laplacian, distance=ned, variant=report2023", \
    'accuracy_vs_n_features.dat' index 1 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.12 noborder lc rgb "#D55E00" notitle, \
    'accuracy_vs_n_features.dat' index 1 using 1:2 with linespoints lw 2 lc rgb "#D55E00" dt 2 pt 5 ps 0.9 pi 49 title "selector=laplacian, distance=ned, variant=he2005", \
    'accuracy_vs_n_features.dat' index 2 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.12 noborder lc rgb "#009E73" notitle, \
    'accuracy_vs_n_features.dat' index 2 using 1:2 with linespoints lw 2 lc rgb "#009E73" dt 3 pt 9 ps 0.9 pi 49 title "selector=laplacian, distance=dtw-w100-if500, variant=report2023", \
    'accuracy_vs_n_features.dat' index 3 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.12 noborder lc rgb "#CC79A7" notitle, \
    'accuracy_vs_n_features.dat' index 3 using 1:2 with linespoints lw 2 lc rgb "#CC79A7" dt 4 pt 11 ps 0.9 pi 49 title "selector=laplacian, distance=dtw-w100-if500, variant=he2005", \
    'accuracy_vs_n_features.dat' index 4 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.12 noborder lc rgb "#E69F00" notitle, \
    'accuracy_vs_n_features.dat' index 4 using 1:2 with linespoints lw 2 lc rgb "#E69F00" dt 5 pt 13 ps 0.9 pi 49 title "selector=anova", \
    'accuracy_vs_n_features.dat' index 5 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.12 noborder lc rgb "#56B4E9" notitle, \
    'accuracy_vs_n_features.dat' index 5 using 1:2 with linespoints lw 2 lc rgb "#56B4E9" dt 1 pt 1 ps 0.9 pi 49 title "selector=variance", \
    keyentry with filledcurves fs transparent solid 0.12 noborder lc rgb "#888888" title "band: +-1 s.e., Nadeau-Bengio corrected", \
    keyentry with lines lw 1 dt (16,8) lc rgb "#555555" title "majority class of the test rows (value at the line)", \
    0.57752639517345383 with lines lw 1 dt (16,8) lc rgb "#555555" notitle
  unset key
  unset multiplot
  set output
}
