# accuracy_vs_C: rendered by tsfs from accuracy_vs_C.dat; re-render with `gnuplot accuracy_vs_C.gp` in this folder.
do for [format in "png svg"] {
  if (format eq "png") {
    set terminal pngcairo size 1140,601 font ",11" noenhanced
  } else {
    set terminal svg size 1140,601 font ",11" dynamic noenhanced
  }
  set output (exists("tsfs_temporary") ? sprintf(tsfs_temporary, format) : 'accuracy_vs_C'.".".format)
  reset
  set datafile separator "\t"
  set multiplot layout 1,2 margins 0.0702,0.9737,0.2512,0.8087 spacing 0.0789,0.1414 title "Logistic regression, L1 vs L2: accuracy vs C\nprotocol: stratified_kfold(folds=5;repeats=1;seed=0); fixed: selector=none, fit_on=train, classifier=logistic, classifier_tol=0.0001,\nclassifier_class_weight=none"
  set xlabel "C (inverse regularisation strength)"
  set ylabel "accuracy"
  set grid
  set key at screen 0.5,0.0100 center bottom horizontal maxcols 1 font ",9" samplen 3
  set logscale x
  set format x "1e%L"
  set yrange [*:*]
  set offsets 0, 0, graph 0.03, graph 0.03
  unset label
  set title "dataset=ECG200"
  set label 1 "test majority 0.665" at graph 0.98999999999999999, first 0.66500000000000004 right offset 0,0.6 font ",9" tc rgb "#555555" front
  plot \
    'accuracy_vs_C.dat' index 0 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.12 noborder lc rgb "#0072B2" notitle, \
    'accuracy_vs_C.dat' index 0 using 1:2 with linespoints lw 2 lc rgb "#0072B2" dt 1 pt 7 ps 0.9 pi 2 title "classifier_penalty=l1", \
    'accuracy_vs_C.dat' index 1 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.12 noborder lc rgb "#D55E00" notitle, \
    'accuracy_vs_C.dat' index 1 using 1:2 with linespoints lw 2 lc rgb "#D55E00" dt 2 pt 5 ps 0.9 pi 2 title "classifier_penalty=l2", \
    keyentry with filledcurves fs transparent solid 0.12 noborder lc rgb "#888888" title "band: +-1 s.e., Nadeau-Bengio corrected", \
    keyentry with lines lw 1 dt (16,8) lc rgb "#555555" title "majority class of the test rows (value at the line)", \
    0.66500000000000004 with lines lw 1 dt (16,8) lc rgb "#555555" notitle
  unset key
  unset label
  set title "dataset=SonyAIBORobotSurface1"
  set label 1 "test majority 0.562" at graph 0.98999999999999999, first 0.56199999999999994 right offset 0,0.6 font ",9" tc rgb "#555555" front
  plot \
    'accuracy_vs_C.dat' index 2 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.12 noborder lc rgb "#0072B2" notitle, \
    'accuracy_vs_C.dat' index 2 using 1:2 with linespoints lw 2 lc rgb "#0072B2" dt 1 pt 7 ps 0.9 pi 2 title "classifier_penalty=l1", \
    'accuracy_vs_C.dat' index 3 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.12 noborder lc rgb "#D55E00" notitle, \
    'accuracy_vs_C.dat' index 3 using 1:2 with linespoints lw 2 lc rgb "#D55E00" dt 2 pt 5 ps 0.9 pi 2 title "classifier_penalty=l2", \
    0.56199999999999994 with lines lw 1 dt (16,8) lc rgb "#555555" notitle
  unset multiplot
  set output
}
