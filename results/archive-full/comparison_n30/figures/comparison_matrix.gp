# comparison_matrix: rendered by tsfs from comparison_matrix.dat; re-render with `gnuplot comparison_matrix.gp` in this folder.
do for [format in "png svg"] {
  if (format eq "png") {
    set terminal pngcairo size 2762,1784 font ",11" noenhanced
  } else {
    set terminal svg size 2762,1784 font ",11" dynamic noenhanced
  }
  set output (exists("tsfs_temporary") ? sprintf(tsfs_temporary, format) : 'comparison_matrix'.".".format)
  reset
  set datafile separator "\t"
  set title "row method minus column method: median per-dataset difference, wins/ties/losses, Wilcoxon p (* significant after Holm)"
  unset key
  set size ratio -1
  set xrange [-0.5:12.5]
  set yrange [12.5:-0.5]
  set xtics ("mutual_info, run=selection" 0, "anova, run=selection" 1, "none, run=svc_tsfel" 2, "laplacian, variant=he2005, distance=ned, run=selection" 3, "laplacian, variant=he2005, distance=dtw-w100-if500, run=selection" 4, "none, distance=euclidean, run=nearest_neighbour" 5, "variance, run=selection" 6, "none, run=svc_catch22" 7, "spec, distance=ned, run=selection" 8, "none, run=selection" 9, "spec, distance=dtw-w100-if500, run=selection" 10, "laplacian, variant=report2023, distance=ned, run=selection" 11, "laplacian, variant=report2023, distance=dtw-w100-if500, run=selection" 12) rotate by 30 right nomirror
  set ytics ("mutual_info, run=selection" 0, "anova, run=selection" 1, "none, run=svc_tsfel" 2, "laplacian, variant=he2005, distance=ned, run=selection" 3, "laplacian, variant=he2005, distance=dtw-w100-if500, run=selection" 4, "none, distance=euclidean, run=nearest_neighbour" 5, "variance, run=selection" 6, "none, run=svc_catch22" 7, "spec, distance=ned, run=selection" 8, "none, run=selection" 9, "spec, distance=dtw-w100-if500, run=selection" 10, "laplacian, variant=report2023, distance=ned, run=selection" 11, "laplacian, variant=report2023, distance=dtw-w100-if500, run=selection" 12) nomirror
  set palette defined (-1 '#b2182b', 0 'white', 1 '#2166ac')
  set cbrange [-0.063624298607659668:0.063624298607659668]
  set cblabel "median difference"
  set style fill solid 1.0 border lc rgb 'grey'
  plot 'comparison_matrix.dat' using 1:2:(0.5):(0.5):3 with boxxyerror fc palette, \
       '' using 1:2:4 with labels offset 0,1 font ",10", \
       '' using 1:2:5 with labels font ",10", \
       '' using 1:2:6 with labels offset 0,-1 font ",10"
  unset multiplot
  set output
}
