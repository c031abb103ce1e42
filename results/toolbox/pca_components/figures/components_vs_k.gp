# components_vs_k: rendered by tsfs from components_vs_k.dat; re-render with `gnuplot components_vs_k.gp` in this folder.
do for [format in "png svg"] {
  if (format eq "png") {
    set terminal pngcairo size 840,693 font ",11" noenhanced
  } else {
    set terminal svg size 840,693 font ",11" dynamic noenhanced
  }
  set output (exists("tsfs_temporary") ? sprintf(tsfs_temporary, format) : 'components_vs_k'.".".format)
  reset
  set datafile separator "\t"
  set multiplot layout 1,1 margins 0.0952,0.9643,0.1486,0.7763 spacing 0.1071,0.1227 title "Principal components reaching 90% of the variance of the top-k TSFEL features\nprotocol: stratified_kfold(folds=5;repeats=1;seed=0); fixed: selector=anova, fit_on=train,\nclassifier=logistic, classifier_penalty=l2, classifier_C=1, classifier_tol=0.0001,\nclassifier_class_weight=none, reducer=pca, reducer_components=none, reducer_energy=0.9,\nreducer_standardize=true"
  set xlabel "k (ANOVA features kept)"
  set ylabel "PCA components for 90% of the variance"
  set grid
  set key at screen 0.5,0.0087 center bottom horizontal maxcols 2 font ",9" samplen 3
  set logscale x
  set format x "1e%L"
  set yrange [*:*]
  set offsets 0, 0, graph 0.03, graph 0.03
  unset label
  set title ""
  plot \
    'components_vs_k.dat' index 0 using 1:2 with linespoints lw 2 lc rgb "#0072B2" dt 1 pt 7 ps 0.9 pi 2 title "dataset=ECG200", \
    'components_vs_k.dat' index 1 using 1:2 with linespoints lw 2 lc rgb "#D55E00" dt 2 pt 5 ps 0.9 pi 2 title "dataset=SonyAIBORobotSurface1"
  unset key
  unset multiplot
  set output
}
