# ECG200_kendall: rendered by tsfs from ECG200_kendall.dat; re-render with `gnuplot ECG200_kendall.gp` in this folder.
do for [format in "png svg"] {
  if (format eq "png") {
    set terminal pngcairo size 700,700 font ",11" noenhanced
  } else {
    set terminal svg size 700,700 font ",11" dynamic noenhanced
  }
  set output (exists("tsfs_temporary") ? sprintf(tsfs_temporary, format) : 'ECG200_kendall'.".".format)
  reset
  set datafile separator "\t"
  set title "Kendall tau-b between rankings, ECG200"
  set size square
  set cbrange [-1:1]
  set palette defined (-1 "#2166ac", 0 "#f7f7f7", 1 "#b2182b")
  set xtics ("anova()" 0, "fisher(order=descending)" 1, "chi2(bins=10,binning=equal_width,shift=none,order=descending)" 2, "info_gain(bins=10,binning=equal_width,order=descending)" 3, "mutual_info(n_neighbors=3,seed=0,order=descending)" 4, "variance()" 5, "laplacian(k=5,sigma_ratio=1,symmetrize=or,kernel_scale=1,order=ascending,stable_weights=true,arithmetic=exact,variant=custom) @ euclidean" 6, "spec(graph=knn,k=10,sigma_ratio=1,ranker=phi2,n_eigen=4,spectral_function=identity,nu=2,s=1,a=3,p=1,dense_limit=2000,order=auto) @ euclidean" 7, "constraint_sc1(labeled_fraction=1,seed=0,order=ascending)" 8, "constraint_sc2(lambda=1,labeled_fraction=1,seed=0,order=ascending)" 9, "constraint_sc3(gamma=100,k=10,labeled_fraction=1,seed=0,order=ascending) @ euclidean" 10, "constraint_sc4(k=10,sigma_ratio=1,labeled_fraction=1,seed=0,order=ascending) @ euclidean" 11, "similarity_constraint(variant=supervised,labeled_fraction=1,max_rows=200,prototypes_per_class=3,acceptance_ratio=0.90000000000000002,sigma=1,max_features=0,seed=0,order=ascending)" 12, "rfe(estimator=logistic,penalty=l2,C=1,tol=0.0001,class_weight=none,step=0.10000000000000001)" 13, "l1_path(C_min=0.001,C_max=1,steps=20,tol=0.0001,class_weight=none)" 14, "permutation_importance(estimator=logistic,penalty=l2,C=1,tol=0.0001,class_weight=none,repeats=5,seed=0,validation_fraction=0.25)" 15, "shapley(estimator=logistic,penalty=l2,C=1,tol=0.0001,class_weight=none,permutations=5,seed=0,validation_fraction=0.25,max_fits=10000)" 16) rotate by 60 right font ",8"
  set ytics ("anova()" 0, "fisher(order=descending)" 1, "chi2(bins=10,binning=equal_width,shift=none,order=descending)" 2, "info_gain(bins=10,binning=equal_width,order=descending)" 3, "mutual_info(n_neighbors=3,seed=0,order=descending)" 4, "variance()" 5, "laplacian(k=5,sigma_ratio=1,symmetrize=or,kernel_scale=1,order=ascending,stable_weights=true,arithmetic=exact,variant=custom) @ euclidean" 6, "spec(graph=knn,k=10,sigma_ratio=1,ranker=phi2,n_eigen=4,spectral_function=identity,nu=2,s=1,a=3,p=1,dense_limit=2000,order=auto) @ euclidean" 7, "constraint_sc1(labeled_fraction=1,seed=0,order=ascending)" 8, "constraint_sc2(lambda=1,labeled_fraction=1,seed=0,order=ascending)" 9, "constraint_sc3(gamma=100,k=10,labeled_fraction=1,seed=0,order=ascending) @ euclidean" 10, "constraint_sc4(k=10,sigma_ratio=1,labeled_fraction=1,seed=0,order=ascending) @ euclidean" 11, "similarity_constraint(variant=supervised,labeled_fraction=1,max_rows=200,prototypes_per_class=3,acceptance_ratio=0.90000000000000002,sigma=1,max_features=0,seed=0,order=ascending)" 12, "rfe(estimator=logistic,penalty=l2,C=1,tol=0.0001,class_weight=none,step=0.10000000000000001)" 13, "l1_path(C_min=0.001,C_max=1,steps=20,tol=0.0001,class_weight=none)" 14, "permutation_importance(estimator=logistic,penalty=l2,C=1,tol=0.0001,class_weight=none,repeats=5,seed=0,validation_fraction=0.25)" 15, "shapley(estimator=logistic,penalty=l2,C=1,tol=0.0001,class_weight=none,permutations=5,seed=0,validation_fraction=0.25,max_fits=10000)" 16) font ",8"
  set xrange [-0.5:16.5]
  set yrange [16.5:-0.5]
  plot 'ECG200_kendall.dat' matrix with image notitle
  unset multiplot
  set output
}
