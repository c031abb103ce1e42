# accuracy_vs_k: rendered by tsfs from accuracy_vs_k.dat; re-render with `gnuplot accuracy_vs_k.gp` in this folder.
do for [format in "png svg"] {
  if (format eq "png") {
    set terminal pngcairo size 840,725 font ",11" noenhanced
  } else {
    set terminal svg size 840,725 font ",11" dynamic noenhanced
  }
  set output (exists("tsfs_temporary") ? sprintf(tsfs_temporary, format) : 'accuracy_vs_k'.".".format)
  reset
  set datafile separator "\t"
  set multiplot layout 1,1 margins 0.0952,0.9643,0.1862,0.7862 spacing 0.1071,0.1172 title "Logistic regression on the PCA components\nprotocol: stratified_kfold(folds=5;repeats=1;seed=0); fixed: selector=anova, fit_on=train,\nclassifier=logistic, classifier_penalty=l2, classifier_C=1, classifier_tol=0.0001,\nclassifier_class_weight=none, reducer=pca, reducer_components=none, reducer_energy=0.9,\nreducer_standardize=true"
  set xlabel "k (ANOVA features kept)"
  set ylabel "accuracy"
  set grid
  set key at screen 0.5,0.0083 center bottom horizontal maxcols 1 font ",9" samplen 3
  set logscale x
  set format x "1e%L"
  set yrange [*:*]
  set offsets 0, 0, graph 0.03, graph 0.03
  unset label
  set title ""
  plot \
    'accuracy_vs_k.dat' index 0 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.12 noborder lc rgb "#0072B2" notitle, \
    'accuracy_vs_k.dat' index 0 using 1:2 with linespoints lw 2 lc rgb "#0072B2" dt 1 pt 7 ps 0.9 pi 2 title "dataset=ECG200", \
    'accuracy_vs_k.dat' index 1 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.12 noborder lc rgb "#D55E00" notitle, \
    'accuracy_vs_k.dat' index 1 using 1:2 with linespoints lw 2 lc rgb "#D55E00" dt 2 pt 5 ps 0.9 pi 2 title "dataset=SonyAIBORobotSurface1", \
    keyentry with filledcurves fs transparent solid 0.12 noborder lc rgb "#888888" title "band: +-1 s.e., Nadeau-Bengio corrected"
  unset key
  unset multiplot
  set output
}
