# accuracy_report2023: rendered by tsfs from accuracy_report2023.dat; re-render with `gnuplot accuracy_report2023.gp` in this folder.
do for [format in "png svg"] {
  if (format eq "png") {
    set terminal pngcairo size 1680,520 font ",11" noenhanced
  } else {
    set terminal svg size 1680,520 font ",11" dynamic noenhanced
  }
  set output (exists("tsfs_temporary") ? sprintf(tsfs_temporary, format) : 'accuracy_report2023'.".".format)
  reset
  set datafile separator "\t"
  set multiplot layout 1,3 title "Accuracy vs sigma/M-bar, DTW, k = 10 (report2023)"
  set xlabel "sigma / M-bar"
  set ylabel "accuracy"
  set key below font ",9"
  set grid
  set logscale x
  set format x "1e%L"
  set yrange [*:*]
  set title "n_features=30"
  plot \
    'accuracy_report2023.dat' index 0 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.2 noborder lc rgb "#0072B2" dt 1 title "band: +-1 s.e., Nadeau-Bengio corrected", \
    'accuracy_report2023.dat' index 0 using 1:2 with lines lw 2 lc rgb "#0072B2" dt 1 title "dataset=Earthquakes", \
    'accuracy_report2023.dat' index 1 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.2 noborder lc rgb "#D55E00" dt 1 notitle, \
    'accuracy_report2023.dat' index 1 using 1:2 with lines lw 2 lc rgb "#D55E00" dt 1 title "dataset=Wafer", \
    'accuracy_report2023.dat' index 2 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.2 noborder lc rgb "#009E73" dt 1 notitle, \
    'accuracy_report2023.dat' index 2 using 1:2 with lines lw 2 lc rgb "#009E73" dt 1 title "dataset=WormsTwoClass", \
    0.79827021972884538 with lines lw 1.5 dt 2 lc rgb "#0072B2" title "majority class of the test rows 0.798 (Earthquakes)", \
    0.90300000000000014 with lines lw 1.5 dt 2 lc rgb "#D55E00" title "majority class of the test rows 0.903 (Wafer)", \
    0.57752639517345383 with lines lw 1.5 dt 2 lc rgb "#009E73" title "majority class of the test rows 0.578 (WormsTwoClass)"
  set title "n_features=80"
  plot \
    'accuracy_report2023.dat' index 3 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.2 noborder lc rgb "#0072B2" dt 1 title "band: +-1 s.e., Nadeau-Bengio corrected", \
    'accuracy_report2023.dat' index 3 using 1:2 with lines lw 2 lc rgb "#0072B2" dt 1 title "dataset=Earthquakes", \
    'accuracy_report2023.dat' index 4 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.2 noborder lc rgb "#D55E00" dt 1 notitle, \
    'accuracy_report2023.dat' index 4 using 1:2 with lines lw 2 lc rgb "#D55E00" dt 1 title "dataset=Wafer", \
    'accuracy_report2023.dat' index 5 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.2 noborder lc rgb "#009E73" dt 1 notitle, \
    'accuracy_report2023.dat' index 5 using 1:2 with lines lw 2 lc rgb "#009E73" dt 1 title "dataset=WormsTwoClass", \
    0.79827021972884538 with lines lw 1.5 dt 2 lc rgb "#0072B2" title "majority class of the test rows 0.798 (Earthquakes)", \
    0.90300000000000014 with lines lw 1.5 dt 2 lc rgb "#D55E00" title "majority class of the test rows 0.903 (Wafer)", \
    0.57752639517345383 with lines lw 1.5 dt 2 lc rgb "#009E73" title "majority class of the test rows 0.578 (WormsTwoClass)"
  set title "n_features=150"
  plot \
    'accuracy_report2023.dat' index 6 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.2 noborder lc rgb "#0072B2" dt 1 title "band: +-1 s.e., Nadeau-Bengio corrected", \
    'accuracy_report2023.dat' index 6 using 1:2 with lines lw 2 lc rgb "#0072B2" dt 1 title "dataset=Earthquakes", \
    'accuracy_report2023.dat' index 7 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.2 noborder lc rgb "#D55E00" dt 1 notitle, \
    'accuracy_report2023.dat' index 7 using 1:2 with lines lw 2 lc rgb "#D55E00" dt 1 title "dataset=Wafer", \
    'accuracy_report2023.dat' index 8 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.2 noborder lc rgb "#009E73" dt 1 notitle, \
    'accuracy_report2023.dat' index 8 using 1:2 with lines lw 2 lc rgb "#009E73" dt 1 title "dataset=WormsTwoClass", \
    0.79827021972884538 with lines lw 1.5 dt 2 lc rgb "#0072B2" title "majority class of the test rows 0.798 (Earthquakes)", \
    0.90300000000000014 with lines lw 1.5 dt 2 lc rgb "#D55E00" title "majority class of the test rows 0.903 (Wafer)", \
    0.57752639517345383 with lines lw 1.5 dt 2 lc rgb "#009E73" title "majority class of the test rows 0.578 (WormsTwoClass)"
  unset multiplot
  set output
}
