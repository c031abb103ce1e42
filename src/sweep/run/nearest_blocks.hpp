#pragma once
// The distance stage's fast path for the UCR archive's 1-NN DTW baselines: when the classifier is
// nearest_neighbour with k = 1 and a dataset needs several of the archive's DTW distances that
// differ only in their band (a `window_ratio` sweep, tuned by leave-one-out), one pruned window
// search (distance/window_search.hpp) finds every row's nearest column under every band, instead
// of one block per band. It applies when each test row of every fold (outer and inner) is tested
// on the block's columns but itself, which a train/test split with leave-one-out tuning satisfies;
// otherwise the blocks are computed as usual.
#include <vector>

#include "sweep/plan/plan.hpp"

namespace tsfs {

// Adds the nearest-only blocks (DistanceBlock) it computes to `blocks`; the others of
// plan.distance_matrices are left to the caller.
void add_nearest_neighbour_blocks(const Spec& spec, const std::vector<PreparedDataset>& datasets,
                                  const Plan& plan, int threads, DistanceBlocks& blocks);

}  // namespace tsfs
