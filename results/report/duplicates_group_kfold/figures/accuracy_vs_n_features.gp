# accuracy_vs_n_features: rendered by tsfs from accuracy_vs_n_features.dat; re-render with `gnuplot accuracy_vs_n_features.gp` in this folder.
do for [format in "png svg"] {
  if (format eq "png") {
    set terminal pngcairo size 800,640 font ",11" noenhanced
  } else {
    set terminal svg size 800,640 font ",11" dynamic noenhanced
  }
  set output (exists("tsfs_temporary") ? sprintf(tsfs_temporary, format) : 'accuracy_vs_n_features'.".".format)
  reset
  set datafile separator "\t"
  set multiplot layout 1,1 title "WormsTwoClass, duplicates: group"
  set xlabel "number of features kept"
  set ylabel "accuracy"
  set key below font ",9"
  set grid
  set logscale x
  set format x "1e%L"
  set yrange [*:*]
  set title ""
  plot \
    'accuracy_vs_n_features.dat' index 0 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.2 noborder lc rgb "#0072B2" dt 1 title "band: +-1 s.e., Nadeau-Bengio corrected", \
    'accuracy_vs_n_features.dat' index 0 using 1:2 with lines lw 2 lc rgb "#0072B2" dt 1 title "selector=laplacian, distance=ned, variant=report2023", \
    'accuracy_vs_n_features.dat' index 1 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.2 noborder lc rgb "#D55E00" dt 1 notitle, \
    'accuracy_vs_n_features.dat' index 1 using 1:2 with lines lw 2 lc rgb "#D55E00" dt 1 title "selector=laplacian, distance=ned, variant=he2005", \
    'accuracy_vs_n_features.dat' index 2 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.2 noborder lc rgb "#009E73" dt 1 notitle, \
    'accuracy_vs_n_features.dat' index 2 using 1:2 with lines lw 2 lc rgb "#009E73" dt 1 title "selector=laplacian, distance=dtw-w100-if500, variant=report2023", \
    'accuracy_vs_n_features.dat' index 3 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.2 noborder lc rgb "#CC79A7" dt 1 notitle, \
    'accuracy_vs_n_features.dat' index 3 using 1:2 with lines lw 2 lc rgb "#CC79A7" dt 1 title "selector=laplacian, distance=dtw-w100-if500, variant=he2005", \
    'accuracy_vs_n_features.dat' index 4 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.2 noborder lc rgb "#E69F00" dt 1 notitle, \
    'accuracy_vs_n_features.dat' index 4 using 1:2 with lines lw 2 lc rgb "#E69F00" dt 1 title "selector=anova", \
    'accuracy_vs_n_features.dat' index 5 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.2 noborder lc rgb "#56B4E9" dt 1 notitle, \
    'accuracy_vs_n_features.dat' index 5 using 1:2 with lines lw 2 lc rgb "#56B4E9" dt 1 title "selector=variance", \
    0.57614857847348011 with lines lw 1.5 dt 2 lc rgb "#555555" title "majority class of the test rows 0.576", \
    0.57614857847348011 with lines lw 1.5 dt 3 lc rgb "#555555" title "predicting the training majority 0.576"
  unset multiplot
  set output
}
