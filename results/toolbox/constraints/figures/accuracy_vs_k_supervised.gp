# accuracy_vs_k_supervised: rendered by tsfs from accuracy_vs_k_supervised.dat; re-render with `gnuplot accuracy_vs_k_supervised.gp` in this folder.
do for [format in "png svg"] {
  if (format eq "png") {
    set terminal pngcairo size 1700,1105 font ",11" noenhanced
  } else {
    set terminal svg size 1700,1105 font ",11" dynamic noenhanced
  }
  set output (exists("tsfs_temporary") ? sprintf(tsfs_temporary, format) : 'accuracy_vs_k_supervised'.".".format)
  reset
  set datafile separator "\t"
  set multiplot layout 2,3 margins 0.0471,0.9824,0.1946,0.8778 spacing 0.0529,0.0769 title "Constraint scores with every label against Laplacian, Fisher and variance, 1-NN\nprotocol: stratified_kfold(folds=5;repeats=1;seed=0); fixed: distance=euclidean (constraint_sc3, constraint_sc4, laplacian), fit_on=train, labeled_fraction=1 (constraint_sc1, constraint_sc2, constraint_sc3,\nconstraint_sc4), seed=0 (constraint_sc1, constraint_sc2, constraint_sc3, constraint_sc4), order=ascending (constraint_sc1, constraint_sc2, constraint_sc3, constraint_sc4, laplacian); descending (fisher), ...\n(spec.yaml)"
  set xlabel "k (features kept)"
  set ylabel "accuracy"
  set grid
  set key at screen 0.5,0.0054 center bottom horizontal maxcols 1 font ",9" samplen 3
  set logscale x
  set format x "1e%L"
  set yrange [*:*]
  set offsets 0, 0, graph 0.03, graph 0.03
  unset label
  set title "dataset=ECG200"
  set label 1 "test majority 0.665" at graph 0.98999999999999999, first 0.66500000000000004 right offset 0,0.6 font ",9" tc rgb "#555555" front
  plot \
    'accuracy_vs_k_supervised.dat' index 0 using 1:2 with linespoints lw 2 lc rgb "#0072B2" dt 1 pt 7 ps 0.9 pi 2 title "selector=constraint_sc1", \
    'accuracy_vs_k_supervised.dat' index 1 using 1:2 with linespoints lw 2 lc rgb "#D55E00" dt 2 pt 5 ps 0.9 pi 2 title "selector=constraint_sc2", \
    'accuracy_vs_k_supervised.dat' index 2 using 1:2 with linespoints lw 2 lc rgb "#009E73" dt 3 pt 9 ps 0.9 pi 2 title "selector=constraint_sc3", \
    'accuracy_vs_k_supervised.dat' index 3 using 1:2 with linespoints lw 2 lc rgb "#CC79A7" dt 4 pt 11 ps 0.9 pi 2 title "selector=constraint_sc4", \
    'accuracy_vs_k_supervised.dat' index 4 using 1:2 with linespoints lw 2 lc rgb "#E69F00" dt 5 pt 13 ps 0.9 pi 2 title "selector=laplacian", \
    'accuracy_vs_k_supervised.dat' index 5 using 1:2 with linespoints lw 2 lc rgb "#56B4E9" dt 1 pt 1 ps 0.9 pi 2 title "selector=fisher", \
    'accuracy_vs_k_supervised.dat' index 6 using 1:2 with linespoints lw 2 lc rgb "#000000" dt 2 pt 2 ps 0.9 pi 2 title "selector=variance", \
    keyentry with lines lw 1 dt (16,8) lc rgb "#555555" title "majority class of the test rows (value at the line)", \
    0.66500000000000004 with lines lw 1 dt (16,8) lc rgb "#555555" notitle
  unset key
  unset label
  set title "dataset=SonyAIBORobotSurface1"
  set label 1 "test majority 0.562" at graph 0.98999999999999999, first 0.56199999999999994 right offset 0,0.6 font ",9" tc rgb "#555555" front
  plot \
    'accuracy_vs_k_supervised.dat' index 7 using 1:2 with linespoints lw 2 lc rgb "#0072B2" dt 1 pt 7 ps 0.9 pi 2 title "selector=constraint_sc1", \
    'accuracy_vs_k_supervised.dat' index 8 using 1:2 with linespoints lw 2 lc rgb "#D55E00" dt 2 pt 5 ps 0.9 pi 2 title "selector=constraint_sc2", \
    'accuracy_vs_k_supervised.dat' index 9 using 1:2 with linespoints lw 2 lc rgb "#009E73" dt 3 pt 9 ps 0.9 pi 2 title "selector=constraint_sc3", \
    'accuracy_vs_k_supervised.dat' index 10 using 1:2 with linespoints lw 2 lc rgb "#CC79A7" dt 4 pt 11 ps 0.9 pi 2 title "selector=constraint_sc4", \
    'accuracy_vs_k_supervised.dat' index 11 using 1:2 with linespoints lw 2 lc rgb "#E69F00" dt 5 pt 13 ps 0.9 pi 2 title "selector=laplacian", \
    'accuracy_vs_k_supervised.dat' index 12 using 1:2 with linespoints lw 2 lc rgb "#56B4E9" dt 1 pt 1 ps 0.9 pi 2 title "selector=fisher", \
    'accuracy_vs_k_supervised.dat' index 13 using 1:2 with linespoints lw 2 lc rgb "#000000" dt 2 pt 2 ps 0.9 pi 2 title "selector=variance", \
    0.56199999999999994 with lines lw 1 dt (16,8) lc rgb "#555555" notitle
  unset label
  set title "dataset=GunPoint"
  set label 1 "test majority 0.500" at graph 0.98999999999999999, first 0.5 right offset 0,0.6 font ",9" tc rgb "#555555" front
  plot \
    'accuracy_vs_k_supervised.dat' index 14 using 1:2 with linespoints lw 2 lc rgb "#0072B2" dt 1 pt 7 ps 0.9 pi 2 title "selector=constraint_sc1", \
    'accuracy_vs_k_supervised.dat' index 15 using 1:2 with linespoints lw 2 lc rgb "#D55E00" dt 2 pt 5 ps 0.9 pi 2 title "selector=constraint_sc2", \
    'accuracy_vs_k_supervised.dat' index 16 using 1:2 with linespoints lw 2 lc rgb "#009E73" dt 3 pt 9 ps 0.9 pi 2 title "selector=constraint_sc3", \
    'accuracy_vs_k_supervised.dat' index 17 using 1:2 with linespoints lw 2 lc rgb "#CC79A7" dt 4 pt 11 ps 0.9 pi 2 title "selector=constraint_sc4", \
    'accuracy_vs_k_supervised.dat' index 18 using 1:2 with linespoints lw 2 lc rgb "#E69F00" dt 5 pt 13 ps 0.9 pi 2 title "selector=laplacian", \
    'accuracy_vs_k_supervised.dat' index 19 using 1:2 with linespoints lw 2 lc rgb "#56B4E9" dt 1 pt 1 ps 0.9 pi 2 title "selector=fisher", \
    'accuracy_vs_k_supervised.dat' index 20 using 1:2 with linespoints lw 2 lc rgb "#000000" dt 2 pt 2 ps 0.9 pi 2 title "selector=variance", \
    0.5 with lines lw 1 dt (16,8) lc rgb "#555555" notitle
  unset label
  set title "dataset=ItalyPowerDemand"
  set label 1 "test majority 0.502" at graph 0.98999999999999999, first 0.50182648401826491 right offset 0,0.6 font ",9" tc rgb "#555555" front
  plot \
    'accuracy_vs_k_supervised.dat' index 21 using 1:2 with linespoints lw 2 lc rgb "#0072B2" dt 1 pt 7 ps 0.9 pi 2 title "selector=constraint_sc1", \
    'accuracy_vs_k_supervised.dat' index 22 using 1:2 with linespoints lw 2 lc rgb "#D55E00" dt 2 pt 5 ps 0.9 pi 2 title "selector=constraint_sc2", \
    'accuracy_vs_k_supervised.dat' index 23 using 1:2 with linespoints lw 2 lc rgb "#009E73" dt 3 pt 9 ps 0.9 pi 2 title "selector=constraint_sc3", \
    'accuracy_vs_k_supervised.dat' index 24 using 1:2 with linespoints lw 2 lc rgb "#CC79A7" dt 4 pt 11 ps 0.9 pi 2 title "selector=constraint_sc4", \
    'accuracy_vs_k_supervised.dat' index 25 using 1:2 with linespoints lw 2 lc rgb "#E69F00" dt 5 pt 13 ps 0.9 pi 2 title "selector=laplacian", \
    'accuracy_vs_k_supervised.dat' index 26 using 1:2 with linespoints lw 2 lc rgb "#56B4E9" dt 1 pt 1 ps 0.9 pi 2 title "selector=fisher", \
    'accuracy_vs_k_supervised.dat' index 27 using 1:2 with linespoints lw 2 lc rgb "#000000" dt 2 pt 2 ps 0.9 pi 2 title "selector=variance", \
    0.50182648401826491 with lines lw 1 dt (16,8) lc rgb "#555555" notitle
  unset multiplot
  set output
}
