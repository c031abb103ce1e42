# comparison_matrix: rendered by tsfs from comparison_matrix.dat; re-render with `gnuplot comparison_matrix.gp` in this folder.
do for [format in "png svg"] {
  if (format eq "png") {
    set terminal pngcairo size 3134,2018 font ",11" noenhanced
  } else {
    set terminal svg size 3134,2018 font ",11" dynamic noenhanced
  }
  set output (exists("tsfs_temporary") ? sprintf(tsfs_temporary, format) : 'comparison_matrix'.".".format)
  reset
  set datafile separator "\t"
  set title "row method minus column method: median per-dataset difference, wins/ties/losses, Wilcoxon p (* significant after Holm)"
  unset key
  set size ratio -1
  set xrange [-0.5:14.5]
  set yrange [14.5:-0.5]
  set xtics ("none, distance=dtw-symmetric1-sq-learned, run=official_baselines" 0, "none, run=svc_tsfel_official" 1, "none, distance=dtw-symmetric1-sq, run=official_baselines" 2, "anova, run=selection_official" 3, "mutual_info, run=selection_official" 4, "none, run=svc_catch22_official" 5, "none, distance=euclidean, run=official_baselines" 6, "laplacian, variant=he2005, distance=ned, run=selection_official" 7, "laplacian, variant=report2023, distance=ned, run=selection_official" 8, "none, run=selection_official" 9, "laplacian, variant=he2005, distance=dtw-w100-if500, run=selection_official" 10, "laplacian, variant=report2023, distance=dtw-w100-if500, run=selection_official" 11, "variance, run=selection_official" 12, "spec, distance=ned, run=selection_official" 13, "spec, distance=dtw-w100-if500, run=selection_official" 14) rotate by 30 right nomirror
  set ytics ("none, distance=dtw-symmetric1-sq-learned, run=official_baselines" 0, "none, run=svc_tsfel_official" 1, "none, distance=dtw-symmetric1-sq, run=official_baselines" 2, "anova, run=selection_official" 3, "mutual_info, run=selection_official" 4, "none, run=svc_catch22_official" 5, "none, distance=euclidean, run=official_baselines" 6, "laplacian, variant=he2005, distance=ned, run=selection_official" 7, "laplacian, variant=report2023, distance=ned, run=selection_official" 8, "none, run=selection_official" 9, "laplacian, variant=he2005, distance=dtw-w100-if500, run=selection_official" 10, "laplacian, variant=report2023, distance=dtw-w100-if500, run=selection_official" 11, "variance, run=selection_official" 12, "spec, distance=ned, run=selection_official" 13, "spec, distance=dtw-w100-if500, run=selection_official" 14) nomirror
  set palette defined (-1 '#b2182b', 0 'white', 1 '#2166ac')
  set cbrange [-0.14348203026481712:0.14348203026481712]
  set cblabel "median difference"
  set style fill solid 1.0 border lc rgb 'grey'
  plot 'comparison_matrix.dat' using 1:2:(0.5):(0.5):3 with boxxyerror fc palette, \
       '' using 1:2:4 with labels offset 0,1 font ",10", \
       '' using 1:2:5 with labels font ",10", \
       '' using 1:2:6 with labels offset 0,-1 font ",10"
  unset multiplot
  set output
}
