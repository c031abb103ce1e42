# accuracy_vs_sigma_by_k: rendered by tsfs from accuracy_vs_sigma_by_k.dat; re-render with `gnuplot accuracy_vs_sigma_by_k.gp` in this folder.
do for [format in "png svg"] {
  if (format eq "png") {
    set terminal pngcairo size 1140,633 font ",11" noenhanced
  } else {
    set terminal svg size 1140,633 font ",11" dynamic noenhanced
  }
  set output (exists("tsfs_temporary") ? sprintf(tsfs_temporary, format) : 'accuracy_vs_sigma_by_k'.".".format)
  reset
  set datafile separator "\t"
  set multiplot layout 1,2 margins 0.0702,0.9737,0.2891,0.8183 spacing 0.0789,0.1343 title "WormsTwoClass, NED, 80 features: accuracy vs sigma/M-bar per k (smoothed over 8)\nprotocol: holdout_half; fixed: dataset=WormsTwoClass, distance=ned, selector=laplacian, fit_on=all, n_features=80, classifier=svc,\nclassifier_C=1, classifier_gamma=scale, classifier_tol=0.001, classifier_shrinking=true"
  set xlabel "sigma / M-bar"
  set ylabel "accuracy"
  set grid
  set key at screen 0.5,0.0095 center bottom horizontal maxcols 1 font ",9" samplen 3
  set logscale x
  set format x "1e%L"
  set yrange [*:*]
  set offsets 0, 0, graph 0.03, graph 0.03
  unset label
  set title "variant=report2023"
  set label 1 "test majority 0.667" at graph 0.99, first 0.66666666666666663 right offset 0,0.6 font ",9" tc rgb "#555555" front
  set label 2 "training majority 0.333" at graph 0.01, first 0.33333333333333331 left offset 0,0.6 font ",9" tc rgb "#555555" front
  plot \
    'accuracy_vs_sigma_by_k.dat' index 0 using 1:2 with linespoints lw 2 lc rgb "#0072B2" dt 1 pt 7 ps 0.9 pi 38 title "k=5", \
    'accuracy_vs_sigma_by_k.dat' index 1 using 1:2 with linespoints lw 2 lc rgb "#D55E00" dt 2 pt 5 ps 0.9 pi 38 title "k=10", \
    'accuracy_vs_sigma_by_k.dat' index 2 using 1:2 with linespoints lw 2 lc rgb "#009E73" dt 3 pt 9 ps 0.9 pi 38 title "k=20", \
    'accuracy_vs_sigma_by_k.dat' index 3 using 1:2 with linespoints lw 2 lc rgb "#CC79A7" dt 4 pt 11 ps 0.9 pi 38 title "k=30", \
    keyentry with lines lw 1 dt (16,8) lc rgb "#555555" title "majority class of the test rows (value at the line)", \
    keyentry with lines lw 1 dt (3,6) lc rgb "#555555" title "predicting the training majority (value at the line)", \
    0.66666666666666663 with lines lw 1 dt (16,8) lc rgb "#555555" notitle, \
    0.33333333333333331 with lines lw 1 dt (3,6) lc rgb "#555555" notitle
  unset key
  unset label
  set title "variant=he2005"
  set label 1 "test majority 0.667" at graph 0.99, first 0.66666666666666663 right offset 0,0.6 font ",9" tc rgb "#555555" front
  set label 2 "training majority 0.333" at graph 0.01, first 0.33333333333333331 left offset 0,0.6 font ",9" tc rgb "#555555" front
  plot \
    'accuracy_vs_sigma_by_k.dat' index 4 using 1:2 with linespoints lw 2 lc rgb "#0072B2" dt 1 pt 7 ps 0.9 pi 38 title "k=5", \
    'accuracy_vs_sigma_by_k.dat' index 5 using 1:2 with linespoints lw 2 lc rgb "#D55E00" dt 2 pt 5 ps 0.9 pi 38 title "k=10", \
    'accuracy_vs_sigma_by_k.dat' index 6 using 1:2 with linespoints lw 2 lc rgb "#009E73" dt 3 pt 9 ps 0.9 pi 38 title "k=20", \
    'accuracy_vs_sigma_by_k.dat' index 7 using 1:2 with linespoints lw 2 lc rgb "#CC79A7" dt 4 pt 11 ps 0.9 pi 38 title "k=30", \
    0.66666666666666663 with lines lw 1 dt (16,8) lc rgb "#555555" notitle, \
    0.33333333333333331 with lines lw 1 dt (3,6) lc rgb "#555555" notitle
  unset multiplot
  set output
}
