# fit_seconds_vs_n_features: rendered by tsfs from fit_seconds_vs_n_features.dat; re-render with `gnuplot fit_seconds_vs_n_features.gp` in this folder.
do for [format in "png svg"] {
  if (format eq "png") {
    set terminal pngcairo size 800,640 font ",11" noenhanced
  } else {
    set terminal svg size 800,640 font ",11" dynamic noenhanced
  }
  set output 'fit_seconds_vs_n_features'.".".format
  reset
  set datafile separator "\t"
  set multiplot layout 1,1 title "Earthquakes, svc: fit time vs number of features"
  set xlabel "number of features kept"
  set ylabel "fit seconds (sum over 5 folds)"
  set key below font ",9"
  set grid
  set yrange [*:*]
  set title ""
  plot \
    'fit_seconds_vs_n_features.dat' index 0 using 1:2 with lines lw 2 lc rgb "#0072B2" dt 1 title "selector=anova", \
    'fit_seconds_vs_n_features.dat' index 1 using 1:2 with lines lw 2 lc rgb "#D55E00" dt 1 title "selector=variance"
  unset multiplot
  set output
}
