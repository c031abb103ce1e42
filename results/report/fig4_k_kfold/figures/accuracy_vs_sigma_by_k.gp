# accuracy_vs_sigma_by_k: rendered by tsfs from accuracy_vs_sigma_by_k.dat; re-render with `gnuplot accuracy_vs_sigma_by_k.gp` in this folder.
do for [format in "png svg"] {
  if (format eq "png") {
    set terminal pngcairo size 1120,520 font ",11" noenhanced
  } else {
    set terminal svg size 1120,520 font ",11" dynamic noenhanced
  }
  set output (exists("tsfs_temporary") ? sprintf(tsfs_temporary, format) : 'accuracy_vs_sigma_by_k'.".".format)
  reset
  set datafile separator "\t"
  set multiplot layout 1,2 title "WormsTwoClass, NED, 80 features: accuracy vs sigma/M-bar per k (smoothed over 8)"
  set xlabel "sigma / M-bar"
  set ylabel "accuracy"
  set key below font ",9"
  set grid
  set logscale x
  set format x "1e%L"
  set yrange [*:*]
  set title "variant=report2023"
  plot \
    'accuracy_vs_sigma_by_k.dat' index 0 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.2 noborder lc rgb "#0072B2" dt 1 title "band: +-1 s.e., Nadeau-Bengio corrected", \
    'accuracy_vs_sigma_by_k.dat' index 0 using 1:2 with lines lw 2 lc rgb "#0072B2" dt 1 title "k=5", \
    'accuracy_vs_sigma_by_k.dat' index 1 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.2 noborder lc rgb "#D55E00" dt 1 notitle, \
    'accuracy_vs_sigma_by_k.dat' index 1 using 1:2 with lines lw 2 lc rgb "#D55E00" dt 1 title "k=10", \
    'accuracy_vs_sigma_by_k.dat' index 2 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.2 noborder lc rgb "#009E73" dt 1 notitle, \
    'accuracy_vs_sigma_by_k.dat' index 2 using 1:2 with lines lw 2 lc rgb "#009E73" dt 1 title "k=20", \
    'accuracy_vs_sigma_by_k.dat' index 3 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.2 noborder lc rgb "#CC79A7" dt 1 notitle, \
    'accuracy_vs_sigma_by_k.dat' index 3 using 1:2 with lines lw 2 lc rgb "#CC79A7" dt 1 title "k=30", \
    0.57752639517345383 with lines lw 1.5 dt 2 lc rgb "#555555" title "majority class of the test rows 0.578"
  set title "variant=he2005"
  plot \
    'accuracy_vs_sigma_by_k.dat' index 4 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.2 noborder lc rgb "#0072B2" dt 1 title "band: +-1 s.e., Nadeau-Bengio corrected", \
    'accuracy_vs_sigma_by_k.dat' index 4 using 1:2 with lines lw 2 lc rgb "#0072B2" dt 1 title "k=5", \
    'accuracy_vs_sigma_by_k.dat' index 5 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.2 noborder lc rgb "#D55E00" dt 1 notitle, \
    'accuracy_vs_sigma_by_k.dat' index 5 using 1:2 with lines lw 2 lc rgb "#D55E00" dt 1 title "k=10", \
    'accuracy_vs_sigma_by_k.dat' index 6 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.2 noborder lc rgb "#009E73" dt 1 notitle, \
    'accuracy_vs_sigma_by_k.dat' index 6 using 1:2 with lines lw 2 lc rgb "#009E73" dt 1 title "k=20", \
    'accuracy_vs_sigma_by_k.dat' index 7 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.2 noborder lc rgb "#CC79A7" dt 1 notitle, \
    'accuracy_vs_sigma_by_k.dat' index 7 using 1:2 with lines lw 2 lc rgb "#CC79A7" dt 1 title "k=30", \
    0.57752639517345383 with lines lw 1.5 dt 2 lc rgb "#555555" title "majority class of the test rows 0.578"
  unset multiplot
  set output
}
