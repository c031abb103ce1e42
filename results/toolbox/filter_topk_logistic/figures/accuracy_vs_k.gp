# accuracy_vs_k: rendered by tsfs from accuracy_vs_k.dat; re-render with `gnuplot accuracy_vs_k.gp` in this folder.
do for [format in "png svg"] {
  if (format eq "png") {
    set terminal pngcairo size 1120,520 font ",11" noenhanced
  } else {
    set terminal svg size 1120,520 font ",11" dynamic noenhanced
  }
  set output (exists("tsfs_temporary") ? sprintf(tsfs_temporary, format) : 'accuracy_vs_k'.".".format)
  reset
  set datafile separator "\t"
  set multiplot layout 1,2 title "Top-k filter selection, logistic regression (band: standard error over 5 folds)"
  set xlabel "k (features kept)"
  set ylabel "accuracy"
  set key below font ",9"
  set grid
  set logscale x
  set format x "1e%L"
  set yrange [*:*]
  set title "dataset=ECG200"
  plot \
    'accuracy_vs_k.dat' index 0 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.2 noborder lc rgb "#0072B2" dt 1 notitle, \
    'accuracy_vs_k.dat' index 0 using 1:2 with lines lw 2 lc rgb "#0072B2" dt 1 title "selector=chi2", \
    'accuracy_vs_k.dat' index 1 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.2 noborder lc rgb "#D55E00" dt 1 notitle, \
    'accuracy_vs_k.dat' index 1 using 1:2 with lines lw 2 lc rgb "#D55E00" dt 1 title "selector=info_gain", \
    'accuracy_vs_k.dat' index 2 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.2 noborder lc rgb "#009E73" dt 1 notitle, \
    'accuracy_vs_k.dat' index 2 using 1:2 with lines lw 2 lc rgb "#009E73" dt 1 title "selector=anova", \
    'accuracy_vs_k.dat' index 3 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.2 noborder lc rgb "#CC79A7" dt 1 notitle, \
    'accuracy_vs_k.dat' index 3 using 1:2 with lines lw 2 lc rgb "#CC79A7" dt 1 title "selector=variance", \
    0.66500000000000004 with lines lw 1.5 dt 2 lc rgb "#555555" title "majority class of the test rows 0.665"
  set title "dataset=SonyAIBORobotSurface1"
  plot \
    'accuracy_vs_k.dat' index 4 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.2 noborder lc rgb "#0072B2" dt 1 notitle, \
    'accuracy_vs_k.dat' index 4 using 1:2 with lines lw 2 lc rgb "#0072B2" dt 1 title "selector=chi2", \
    'accuracy_vs_k.dat' index 5 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.2 noborder lc rgb "#D55E00" dt 1 notitle, \
    'accuracy_vs_k.dat' index 5 using 1:2 with lines lw 2 lc rgb "#D55E00" dt 1 title "selector=info_gain", \
    'accuracy_vs_k.dat' index 6 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.2 noborder lc rgb "#009E73" dt 1 notitle, \
    'accuracy_vs_k.dat' index 6 using 1:2 with lines lw 2 lc rgb "#009E73" dt 1 title "selector=anova", \
    'accuracy_vs_k.dat' index 7 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.2 noborder lc rgb "#CC79A7" dt 1 notitle, \
    'accuracy_vs_k.dat' index 7 using 1:2 with lines lw 2 lc rgb "#CC79A7" dt 1 title "selector=variance", \
    0.56199999999999994 with lines lw 1.5 dt 2 lc rgb "#555555" title "majority class of the test rows 0.562"
  unset multiplot
  set output
}
