# accuracy_he2005: rendered by tsfs from accuracy_he2005.dat; re-render with `gnuplot accuracy_he2005.gp` in this folder.
do for [format in "png svg"] {
  if (format eq "png") {
    set terminal pngcairo size 1700,617 font ",11" noenhanced
  } else {
    set terminal svg size 1700,617 font ",11" dynamic noenhanced
  }
  set output (exists("tsfs_temporary") ? sprintf(tsfs_temporary, format) : 'accuracy_he2005'.".".format)
  reset
  set datafile separator "\t"
  set multiplot layout 1,3 margins 0.0471,0.9824,0.2707,0.8136 spacing 0.0529,0.1378 title "Accuracy vs sigma/M-bar, DTW, k = 10 (he2005)\nprotocol: stratified_kfold(folds=5;repeats=5;seed=0); fixed: distance=dtw-w100-if500, selector=laplacian, fit_on=train, k=10, symmetrize=or, kernel_scale=1, order=ascending, stable_weights=true,\narithmetic=exact, variant=he2005, classifier=svc, classifier_C=1, classifier_gamma=scale, classifier_tol=0.001, classifier_shrinking=true"
  set xlabel "sigma / M-bar"
  set ylabel "accuracy"
  set grid
  set key at screen 0.5,0.0097 center bottom horizontal maxcols 1 font ",9" samplen 3
  set logscale x
  set format x "1e%L"
  set yrange [*:*]
  set offsets 0, 0, graph 0.03, graph 0.03
  unset label
  set title "n_features=30"
  set label 1 "test majority 0.798 (Earthquakes)" at graph 0.99, first 0.79827021972884538 right offset 0,0.6 font ",9" tc rgb "#0072B2" front
  set label 2 "test majority 0.903 (Wafer)" at graph 0.01, first 0.90300000000000014 left offset 0,0.6 font ",9" tc rgb "#D55E00" front
  set label 3 "test majority 0.578 (WormsTwoClass)" at graph 0.5, first 0.57752639517345383 center offset 0,0.6 font ",9" tc rgb "#009E73" front
  plot \
    'accuracy_he2005.dat' index 0 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.12 noborder lc rgb "#0072B2" notitle, \
    'accuracy_he2005.dat' index 0 using 1:2 with linespoints lw 2 lc rgb "#0072B2" dt 1 pt 7 ps 0.9 pi 13 title "dataset=Earthquakes", \
    'accuracy_he2005.dat' index 1 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.12 noborder lc rgb "#D55E00" notitle, \
    'accuracy_he2005.dat' index 1 using 1:2 with linespoints lw 2 lc rgb "#D55E00" dt 2 pt 5 ps 0.9 pi 13 title "dataset=Wafer", \
    'accuracy_he2005.dat' index 2 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.12 noborder lc rgb "#009E73" notitle, \
    'accuracy_he2005.dat' index 2 using 1:2 with linespoints lw 2 lc rgb "#009E73" dt 3 pt 9 ps 0.9 pi 13 title "dataset=WormsTwoClass", \
    keyentry with filledcurves fs transparent solid 0.12 noborder lc rgb "#888888" title "band: +-1 s.e., Nadeau-Bengio corrected", \
    keyentry with lines lw 1 dt (16,8) lc rgb "#555555" title "majority class of the test rows (value at the line)", \
    0.79827021972884538 with lines lw 1 dt (16,8) lc rgb "#0072B2" notitle, \
    0.90300000000000014 with lines lw 1 dt (16,8) lc rgb "#D55E00" notitle, \
    0.57752639517345383 with lines lw 1 dt (16,8) lc rgb "#009E73" notitle
  unset key
  unset label
  set title "n_features=80"
  set label 1 "test majority 0.798 (Earthquakes)" at graph 0.99, first 0.79827021972884538 right offset 0,0.6 font ",9" tc rgb "#0072B2" front
  set label 2 "test majority 0.903 (Wafer)" at graph 0.01, first 0.90300000000000014 left offset 0,0.6 font ",9" tc rgb "#D55E00" front
  set label 3 "test majority 0.578 (WormsTwoClass)" at graph 0.5, first 0.57752639517345383 center offset 0,0.6 font ",9" tc rgb "#009E73" front
  plot \
    'accuracy_he2005.dat' index 3 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.12 noborder lc rgb "#0072B2" notitle, \
    'accuracy_he2005.dat' index 3 using 1:2 with linespoints lw 2 lc rgb "#0072B2" dt 1 pt 7 ps 0.9 pi 13 title "dataset=Earthquakes", \
    'accuracy_he2005.dat' index 4 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.12 noborder lc rgb "#D55E00" notitle, \
    'accuracy_he2005.dat' index 4 using 1:2 with linespoints lw 2 lc rgb "#D55E00" dt 2 pt 5 ps 0.9 pi 13 title "dataset=Wafer", \
    'accuracy_he2005.dat' index 5 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.12 noborder lc rgb "#009E73" notitle, \
    'accuracy_he2005.dat' index 5 using 1:2 with linespoints lw 2 lc rgb "#009E73" dt 3 pt 9 ps 0.9 pi 13 title "dataset=WormsTwoClass", \
    0.79827021972884538 with lines lw 1 dt (16,8) lc rgb "#0072B2" notitle, \
    0.90300000000000014 with lines lw 1 dt (16,8) lc rgb "#D55E00" notitle, \
    0.57752639517345383 with lines lw 1 dt (16,8) lc rgb "#009E73" notitle
  unset label
  set title "n_features=150"
  set label 1 "test majority 0.798 (Earthquakes)" at graph 0.99, first 0.79827021972884538 right offset 0,0.6 font ",9" tc rgb "#0072B2" front
  set label 2 "test majority 0.903 (Wafer)" at graph 0.01, first 0.90300000000000014 left offset 0,0.6 font ",9" tc rgb "#D55E00" front
  set label 3 "test majority 0.578 (WormsTwoClass)" at graph 0.5, first 0.57752639517345383 center offset 0,0.6 font ",9" tc rgb "#009E73" front
  plot \
    'accuracy_he2005.dat' index 6 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.12 noborder lc rgb "#0072B2" notitle, \
    'accuracy_he2005.dat' index 6 using 1:2 with linespoints lw 2 lc rgb "#0072B2" dt 1 pt 7 ps 0.9 pi 13 title "dataset=Earthquakes", \
    'accuracy_he2005.dat' index 7 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.12 noborder lc rgb "#D55E00" notitle, \
    'accuracy_he2005.dat' index 7 using 1:2 with linespoints lw 2 lc rgb "#D55E00" dt 2 pt 5 ps 0.9 pi 13 title "dataset=Wafer", \
    'accuracy_he2005.dat' index 8 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.12 noborder lc rgb "#009E73" notitle, \
    'accuracy_he2005.dat' index 8 using 1:2 with linespoints lw 2 lc rgb "#009E73" dt 3 pt 9 ps 0.9 pi 13 title "dataset=WormsTwoClass", \
    0.79827021972884538 with lines lw 1 dt (16,8) lc rgb "#0072B2" notitle, \
    0.90300000000000014 with lines lw 1 dt (16,8) lc rgb "#D55E00" notitle, \
    0.57752639517345383 with lines lw 1 dt (16,8) lc rgb "#009E73" notitle
  unset multiplot
  set output
}
