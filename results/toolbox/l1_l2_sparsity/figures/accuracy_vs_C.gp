# accuracy_vs_C: rendered by tsfs from accuracy_vs_C.dat; re-render with `gnuplot accuracy_vs_C.gp` in this folder.
do for [format in "png svg"] {
  if (format eq "png") {
    set terminal pngcairo size 1120,520 font ",11" noenhanced
  } else {
    set terminal svg size 1120,520 font ",11" dynamic noenhanced
  }
  set output (exists("tsfs_temporary") ? sprintf(tsfs_temporary, format) : 'accuracy_vs_C'.".".format)
  reset
  set datafile separator "\t"
  set multiplot layout 1,2 title "Logistic regression, L1 vs L2: accuracy vs C"
  set xlabel "C (inverse regularisation strength)"
  set ylabel "accuracy"
  set key below font ",9"
  set grid
  set logscale x
  set format x "1e%L"
  set yrange [*:*]
  set title "dataset=ECG200"
  plot \
    'accuracy_vs_C.dat' index 0 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.2 noborder lc rgb "#0072B2" dt 1 notitle, \
    'accuracy_vs_C.dat' index 0 using 1:2 with lines lw 2 lc rgb "#0072B2" dt 1 title "classifier_penalty=l1", \
    'accuracy_vs_C.dat' index 1 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.2 noborder lc rgb "#D55E00" dt 1 notitle, \
    'accuracy_vs_C.dat' index 1 using 1:2 with lines lw 2 lc rgb "#D55E00" dt 1 title "classifier_penalty=l2"
  set title "dataset=SonyAIBORobotSurface1"
  plot \
    'accuracy_vs_C.dat' index 2 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.2 noborder lc rgb "#0072B2" dt 1 notitle, \
    'accuracy_vs_C.dat' index 2 using 1:2 with lines lw 2 lc rgb "#0072B2" dt 1 title "classifier_penalty=l1", \
    'accuracy_vs_C.dat' index 3 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.2 noborder lc rgb "#D55E00" dt 1 notitle, \
    'accuracy_vs_C.dat' index 3 using 1:2 with lines lw 2 lc rgb "#D55E00" dt 1 title "classifier_penalty=l2"
  unset multiplot
  set output
}
