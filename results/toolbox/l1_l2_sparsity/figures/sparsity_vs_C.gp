# sparsity_vs_C: rendered by tsfs from sparsity_vs_C.dat; re-render with `gnuplot sparsity_vs_C.gp` in this folder.
do for [format in "png svg"] {
  if (format eq "png") {
    set terminal pngcairo size 1140,553 font ",11" noenhanced
  } else {
    set terminal svg size 1140,553 font ",11" dynamic noenhanced
  }
  set output (exists("tsfs_temporary") ? sprintf(tsfs_temporary, format) : 'sparsity_vs_C'.".".format)
  reset
  set datafile separator "\t"
  set multiplot layout 1,2 margins 0.0702,0.9737,0.1863,0.7920 spacing 0.0789,0.1537 title "Logistic regression, L1 vs L2: sparsity vs C\nprotocol: stratified_kfold(folds=5;repeats=1;seed=0); fixed: selector=none, fit_on=train, classifier=logistic, classifier_tol=0.0001,\nclassifier_class_weight=none"
  set xlabel "C (inverse regularisation strength)"
  set ylabel "share of zero coefficients"
  set grid
  set key at screen 0.5,0.0108 center bottom horizontal maxcols 2 font ",9" samplen 3
  set logscale x
  set format x "1e%L"
  set yrange [*:*]
  set offsets 0, 0, graph 0.03, graph 0.03
  unset label
  set title "dataset=ECG200"
  plot \
    'sparsity_vs_C.dat' index 0 using 1:2 with linespoints lw 2 lc rgb "#0072B2" dt 1 pt 7 ps 0.9 pi 2 title "classifier_penalty=l1", \
    'sparsity_vs_C.dat' index 1 using 1:2 with linespoints lw 2 lc rgb "#D55E00" dt 2 pt 5 ps 0.9 pi 2 title "classifier_penalty=l2"
  unset key
  unset label
  set title "dataset=SonyAIBORobotSurface1"
  plot \
    'sparsity_vs_C.dat' index 2 using 1:2 with linespoints lw 2 lc rgb "#0072B2" dt 1 pt 7 ps 0.9 pi 2 title "classifier_penalty=l1", \
    'sparsity_vs_C.dat' index 3 using 1:2 with linespoints lw 2 lc rgb "#D55E00" dt 2 pt 5 ps 0.9 pi 2 title "classifier_penalty=l2"
  unset multiplot
  set output
}
