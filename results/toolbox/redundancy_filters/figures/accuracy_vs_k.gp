# accuracy_vs_k: rendered by tsfs from accuracy_vs_k.dat; re-render with `gnuplot accuracy_vs_k.gp` in this folder.
do for [format in "png svg"] {
  if (format eq "png") {
    set terminal pngcairo size 1140,769 font ",11" noenhanced
  } else {
    set terminal svg size 1140,769 font ",11" dynamic noenhanced
  }
  set output (exists("tsfs_temporary") ? sprintf(tsfs_temporary, format) : 'accuracy_vs_k'.".".format)
  reset
  set datafile separator "\t"
  set multiplot layout 1,2 margins 0.0702,0.9737,0.3628,0.7984 spacing 0.0789,0.1105 title "Redundancy-aware filters against single-feature scores, logistic regression\nprotocol: stratified_kfold(folds=5;repeats=1;seed=0); fixed: fit_on=train, bins=5 (cmim, disr, fcbf, info_gain, jmi, mrmr),\nbinning=equal_width (cmim, disr, fcbf, info_gain, jmi, mrmr), delta=0 (fcbf), neighbours=10 (relieff); 5 (trace_ratio), instances=none\n(relieff), seed=0 (relieff), subset_size=none (trace_ratio), t=1 (trace_ratio), order=descending (info_gain), classifier=logistic,\nclassifier_penalty=l2, ... (spec.yaml)"
  set xlabel "k (features kept)"
  set ylabel "accuracy"
  set grid
  set key at screen 0.5,0.0078 center bottom horizontal maxcols 1 font ",9" samplen 3
  set logscale x
  set format x "1e%L"
  set yrange [*:*]
  set offsets 0, 0, graph 0.03, graph 0.03
  unset label
  set title "dataset=ECG200"
  set label 1 "test majority 0.665" at graph 0.98999999999999999, first 0.66500000000000004 right offset 0,0.6 font ",9" tc rgb "#555555" front
  plot \
    'accuracy_vs_k.dat' index 0 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.12 noborder lc rgb "#0072B2" notitle, \
    'accuracy_vs_k.dat' index 0 using 1:2 with linespoints lw 2 lc rgb "#0072B2" dt 1 pt 7 ps 0.9 pi 2 title "selector=mrmr", \
    'accuracy_vs_k.dat' index 1 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.12 noborder lc rgb "#D55E00" notitle, \
    'accuracy_vs_k.dat' index 1 using 1:2 with linespoints lw 2 lc rgb "#D55E00" dt 2 pt 5 ps 0.9 pi 2 title "selector=jmi", \
    'accuracy_vs_k.dat' index 2 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.12 noborder lc rgb "#009E73" notitle, \
    'accuracy_vs_k.dat' index 2 using 1:2 with linespoints lw 2 lc rgb "#009E73" dt 3 pt 9 ps 0.9 pi 2 title "selector=cmim", \
    'accuracy_vs_k.dat' index 3 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.12 noborder lc rgb "#CC79A7" notitle, \
    'accuracy_vs_k.dat' index 3 using 1:2 with linespoints lw 2 lc rgb "#CC79A7" dt 4 pt 11 ps 0.9 pi 2 title "selector=disr", \
    'accuracy_vs_k.dat' index 4 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.12 noborder lc rgb "#E69F00" notitle, \
    'accuracy_vs_k.dat' index 4 using 1:2 with linespoints lw 2 lc rgb "#E69F00" dt 5 pt 13 ps 0.9 pi 2 title "selector=fcbf", \
    'accuracy_vs_k.dat' index 5 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.12 noborder lc rgb "#56B4E9" notitle, \
    'accuracy_vs_k.dat' index 5 using 1:2 with linespoints lw 2 lc rgb "#56B4E9" dt 1 pt 1 ps 0.9 pi 2 title "selector=relieff", \
    'accuracy_vs_k.dat' index 6 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.12 noborder lc rgb "#000000" notitle, \
    'accuracy_vs_k.dat' index 6 using 1:2 with linespoints lw 2 lc rgb "#000000" dt 2 pt 2 ps 0.9 pi 2 title "selector=trace_ratio, style=fisher", \
    'accuracy_vs_k.dat' index 7 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.12 noborder lc rgb "#0072B2" notitle, \
    'accuracy_vs_k.dat' index 7 using 1:2 with linespoints lw 2 lc rgb "#0072B2" dt 3 pt 7 ps 0.9 pi 2 title "selector=trace_ratio, style=laplacian", \
    'accuracy_vs_k.dat' index 8 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.12 noborder lc rgb "#D55E00" notitle, \
    'accuracy_vs_k.dat' index 8 using 1:2 with linespoints lw 2 lc rgb "#D55E00" dt 4 pt 5 ps 0.9 pi 2 title "selector=info_gain", \
    'accuracy_vs_k.dat' index 9 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.12 noborder lc rgb "#009E73" notitle, \
    'accuracy_vs_k.dat' index 9 using 1:2 with linespoints lw 2 lc rgb "#009E73" dt 5 pt 9 ps 0.9 pi 2 title "selector=anova", \
    keyentry with filledcurves fs transparent solid 0.12 noborder lc rgb "#888888" title "band: +-1 s.e., Nadeau-Bengio corrected", \
    keyentry with lines lw 1 dt (16,8) lc rgb "#555555" title "majority class of the test rows (value at the line)", \
    0.66500000000000004 with lines lw 1 dt (16,8) lc rgb "#555555" notitle
  unset key
  unset label
  set title "dataset=SonyAIBORobotSurface1"
  set label 1 "test majority 0.562" at graph 0.98999999999999999, first 0.56199999999999994 right offset 0,0.6 font ",9" tc rgb "#555555" front
  plot \
    'accuracy_vs_k.dat' index 10 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.12 noborder lc rgb "#0072B2" notitle, \
    'accuracy_vs_k.dat' index 10 using 1:2 with linespoints lw 2 lc rgb "#0072B2" dt 1 pt 7 ps 0.9 pi 2 title "selector=mrmr", \
    'accuracy_vs_k.dat' index 11 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.12 noborder lc rgb "#D55E00" notitle, \
    'accuracy_vs_k.dat' index 11 using 1:2 with linespoints lw 2 lc rgb "#D55E00" dt 2 pt 5 ps 0.9 pi 2 title "selector=jmi", \
    'accuracy_vs_k.dat' index 12 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.12 noborder lc rgb "#009E73" notitle, \
    'accuracy_vs_k.dat' index 12 using 1:2 with linespoints lw 2 lc rgb "#009E73" dt 3 pt 9 ps 0.9 pi 2 title "selector=cmim", \
    'accuracy_vs_k.dat' index 13 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.12 noborder lc rgb "#CC79A7" notitle, \
    'accuracy_vs_k.dat' index 13 using 1:2 with linespoints lw 2 lc rgb "#CC79A7" dt 4 pt 11 ps 0.9 pi 2 title "selector=disr", \
    'accuracy_vs_k.dat' index 14 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.12 noborder lc rgb "#E69F00" notitle, \
    'accuracy_vs_k.dat' index 14 using 1:2 with linespoints lw 2 lc rgb "#E69F00" dt 5 pt 13 ps 0.9 pi 2 title "selector=fcbf", \
    'accuracy_vs_k.dat' index 15 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.12 noborder lc rgb "#56B4E9" notitle, \
    'accuracy_vs_k.dat' index 15 using 1:2 with linespoints lw 2 lc rgb "#56B4E9" dt 1 pt 1 ps 0.9 pi 2 title "selector=relieff", \
    'accuracy_vs_k.dat' index 16 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.12 noborder lc rgb "#000000" notitle, \
    'accuracy_vs_k.dat' index 16 using 1:2 with linespoints lw 2 lc rgb "#000000" dt 2 pt 2 ps 0.9 pi 2 title "selector=trace_ratio, style=fisher", \
    'accuracy_vs_k.dat' index 17 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.12 noborder lc rgb "#0072B2" notitle, \
    'accuracy_vs_k.dat' index 17 using 1:2 with linespoints lw 2 lc rgb "#0072B2" dt 3 pt 7 ps 0.9 pi 2 title "selector=trace_ratio, style=laplacian", \
    'accuracy_vs_k.dat' index 18 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.12 noborder lc rgb "#D55E00" notitle, \
    'accuracy_vs_k.dat' index 18 using 1:2 with linespoints lw 2 lc rgb "#D55E00" dt 4 pt 5 ps 0.9 pi 2 title "selector=info_gain", \
    'accuracy_vs_k.dat' index 19 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.12 noborder lc rgb "#009E73" notitle, \
    'accuracy_vs_k.dat' index 19 using 1:2 with linespoints lw 2 lc rgb "#009E73" dt 5 pt 9 ps 0.9 pi 2 title "selector=anova", \
    0.56199999999999994 with lines lw 1 dt (16,8) lc rgb "#555555" notitle
  unset multiplot
  set output
}
