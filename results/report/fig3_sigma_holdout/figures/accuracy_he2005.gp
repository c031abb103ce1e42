# accuracy_he2005: rendered by tsfs from accuracy_he2005.dat; re-render with `gnuplot accuracy_he2005.gp` in this folder.
do for [format in "png svg"] {
  if (format eq "png") {
    set terminal pngcairo size 1680,520 font ",11" noenhanced
  } else {
    set terminal svg size 1680,520 font ",11" dynamic noenhanced
  }
  set output 'accuracy_he2005'.".".format
  reset
  set datafile separator "\t"
  set multiplot layout 1,3 title "Accuracy vs sigma/M-bar, DTW, k = 10 (he2005)"
  set xlabel "sigma / M-bar"
  set ylabel "accuracy"
  set key below font ",9"
  set grid
  set logscale x
  set format x "1e%L"
  set yrange [*:*]
  set title "n_features=30"
  plot \
    'accuracy_he2005.dat' index 0 using 1:2 with lines lw 2 lc rgb "#0072B2" dt 1 title "dataset=Earthquakes", \
    'accuracy_he2005.dat' index 1 using 1:2 with lines lw 2 lc rgb "#D55E00" dt 1 title "dataset=Wafer", \
    'accuracy_he2005.dat' index 2 using 1:2 with lines lw 2 lc rgb "#009E73" dt 1 title "dataset=WormsTwoClass", \
    0.78354978354978355 with lines lw 1.5 dt 2 lc rgb "#0072B2" title "majority class of the test rows 0.784 (Earthquakes)", \
    0.78354978354978355 with lines lw 1.5 dt 3 lc rgb "#0072B2" title "predicting the training majority 0.784 (Earthquakes)", \
    0.91400000000000003 with lines lw 1.5 dt 2 lc rgb "#D55E00" title "majority class of the test rows 0.914 (Wafer)", \
    0.91400000000000003 with lines lw 1.5 dt 3 lc rgb "#D55E00" title "predicting the training majority 0.914 (Wafer)", \
    0.66666666666666663 with lines lw 1.5 dt 2 lc rgb "#009E73" title "majority class of the test rows 0.667 (WormsTwoClass)", \
    0.33333333333333331 with lines lw 1.5 dt 3 lc rgb "#009E73" title "predicting the training majority 0.333 (WormsTwoClass)"
  set title "n_features=80"
  plot \
    'accuracy_he2005.dat' index 3 using 1:2 with lines lw 2 lc rgb "#0072B2" dt 1 title "dataset=Earthquakes", \
    'accuracy_he2005.dat' index 4 using 1:2 with lines lw 2 lc rgb "#D55E00" dt 1 title "dataset=Wafer", \
    'accuracy_he2005.dat' index 5 using 1:2 with lines lw 2 lc rgb "#009E73" dt 1 title "dataset=WormsTwoClass", \
    0.78354978354978355 with lines lw 1.5 dt 2 lc rgb "#0072B2" title "majority class of the test rows 0.784 (Earthquakes)", \
    0.78354978354978355 with lines lw 1.5 dt 3 lc rgb "#0072B2" title "predicting the training majority 0.784 (Earthquakes)", \
    0.91400000000000003 with lines lw 1.5 dt 2 lc rgb "#D55E00" title "majority class of the test rows 0.914 (Wafer)", \
    0.91400000000000003 with lines lw 1.5 dt 3 lc rgb "#D55E00" title "predicting the training majority 0.914 (Wafer)", \
    0.66666666666666663 with lines lw 1.5 dt 2 lc rgb "#009E73" title "majority class of the test rows 0.667 (WormsTwoClass)", \
    0.33333333333333331 with lines lw 1.5 dt 3 lc rgb "#009E73" title "predicting the training majority 0.333 (WormsTwoClass)"
  set title "n_features=150"
  plot \
    'accuracy_he2005.dat' index 6 using 1:2 with lines lw 2 lc rgb "#0072B2" dt 1 title "dataset=Earthquakes", \
    'accuracy_he2005.dat' index 7 using 1:2 with lines lw 2 lc rgb "#D55E00" dt 1 title "dataset=Wafer", \
    'accuracy_he2005.dat' index 8 using 1:2 with lines lw 2 lc rgb "#009E73" dt 1 title "dataset=WormsTwoClass", \
    0.78354978354978355 with lines lw 1.5 dt 2 lc rgb "#0072B2" title "majority class of the test rows 0.784 (Earthquakes)", \
    0.78354978354978355 with lines lw 1.5 dt 3 lc rgb "#0072B2" title "predicting the training majority 0.784 (Earthquakes)", \
    0.91400000000000003 with lines lw 1.5 dt 2 lc rgb "#D55E00" title "majority class of the test rows 0.914 (Wafer)", \
    0.91400000000000003 with lines lw 1.5 dt 3 lc rgb "#D55E00" title "predicting the training majority 0.914 (Wafer)", \
    0.66666666666666663 with lines lw 1.5 dt 2 lc rgb "#009E73" title "majority class of the test rows 0.667 (WormsTwoClass)", \
    0.33333333333333331 with lines lw 1.5 dt 3 lc rgb "#009E73" title "predicting the training majority 0.333 (WormsTwoClass)"
  unset multiplot
  set output
}
