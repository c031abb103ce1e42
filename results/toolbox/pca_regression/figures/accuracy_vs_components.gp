# accuracy_vs_components: rendered by tsfs from accuracy_vs_components.dat; re-render with `gnuplot accuracy_vs_components.gp` in this folder.
do for [format in "png svg"] {
  if (format eq "png") {
    set terminal pngcairo size 840,721 font ",11" noenhanced
  } else {
    set terminal svg size 840,721 font ",11" dynamic noenhanced
  }
  set output (exists("tsfs_temporary") ? sprintf(tsfs_temporary, format) : 'accuracy_vs_components'.".".format)
  reset
  set datafile separator "\t"
  set multiplot layout 1,1 margins 0.0952,0.9643,0.2094,0.8128 spacing 0.1071,0.1179 title "Principal component regression: logistic regression on the first M components\nprotocol: stratified_kfold(folds=5;repeats=1;seed=0); fixed: selector=none, fit_on=train,\nclassifier=logistic, classifier_penalty=l2, classifier_C=1, classifier_tol=0.0001,\nclassifier_class_weight=none, reducer=pca, reducer_energy=0.9, reducer_standardize=true"
  set xlabel "M (principal components kept)"
  set ylabel "accuracy"
  set grid
  set key at screen 0.5,0.0083 center bottom horizontal maxcols 1 font ",9" samplen 3
  set logscale x
  set format x "1e%L"
  set yrange [*:*]
  set offsets 0, 0, graph 0.03, graph 0.03
  unset label
  set title ""
  set label 1 "test majority 0.665 (ECG200)" at graph 0.98999999999999999, first 0.66500000000000004 right offset 0,0.6 font ",9" tc rgb "#0072B2" front
  set label 2 "test majority 0.562 (SonyAIBORobotSurface1)" at graph 0.63, first 0.56199999999999994 right offset 0,0.6 font ",9" tc rgb "#D55E00" front
  plot \
    'accuracy_vs_components.dat' index 0 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.12 noborder lc rgb "#0072B2" notitle, \
    'accuracy_vs_components.dat' index 0 using 1:2 with linespoints lw 2 lc rgb "#0072B2" dt 1 pt 7 ps 0.9 pi 2 title "dataset=ECG200", \
    'accuracy_vs_components.dat' index 1 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.12 noborder lc rgb "#D55E00" notitle, \
    'accuracy_vs_components.dat' index 1 using 1:2 with linespoints lw 2 lc rgb "#D55E00" dt 2 pt 5 ps 0.9 pi 2 title "dataset=SonyAIBORobotSurface1", \
    keyentry with filledcurves fs transparent solid 0.12 noborder lc rgb "#888888" title "band: +-1 s.e., Nadeau-Bengio corrected", \
    keyentry with lines lw 1 dt (16,8) lc rgb "#555555" title "majority class of the test rows (value at the line)", \
    0.66500000000000004 with lines lw 1 dt (16,8) lc rgb "#0072B2" notitle, \
    0.56199999999999994 with lines lw 1 dt (16,8) lc rgb "#D55E00" notitle
  unset key
  unset multiplot
  set output
}
