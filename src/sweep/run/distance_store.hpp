#pragma once
// The distance blocks of a run. A study of many datasets must not hold every matrix at once (the
// archive's 194 whole matrices are 0.93 GiB, half of its selection run's peak memory), so a block
// in the cache is read back from its file, verified, while a stage works on its dataset and let go
// after. The others are held for the whole run: nearest-only blocks, blocks that are not in the
// cache (a measure the cache does not keep, a foreign entry at the file's path), and every block
// of a run whose classifier reads distances (each fit reads one). A block read back is the one
// cached, bit for bit; one whose file has gone since is computed again (distance_block), to the
// same values for a deterministic measure.
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <utility>
#include <vector>

#include "distance/distance_block.hpp"
#include "sweep/plan/plan.hpp"

namespace tsfs {

class DistanceStore {
 public:
  using Key = std::pair<int, int>;  // (dataset, distance)

  DistanceStore(const Spec& spec, const std::vector<PreparedDataset>& datasets, int threads);

  // A block made elsewhere (the nearest-only blocks), held for the whole run.
  void hold(Key key, DistanceBlock block);
  // The distance stage's work for one block: read from its verified cache file or computed and
  // cached, then let go if it can be read back, else held. Returns whether it came from the cache.
  bool prepare(Key key);
  // The block, read back (or computed) when it is not held. Thread-safe.
  std::shared_ptr<const DistanceBlock> block(Key key);
  // Lets go of a block that was read back; the holders of its pointer keep it until they drop it.
  // Thread-safe.
  void let_go(Key key);
  // How many blocks are held now.
  size_t held() const;

 private:
  const Spec& spec_;
  const std::vector<PreparedDataset>& datasets_;
  int threads_;
  bool keep_all_;  // a classifier of distances: every block held once made
  mutable std::mutex mutex_;
  std::map<Key, std::shared_ptr<const DistanceBlock>> held_;
  std::set<Key> held_for_the_run_;
};

}  // namespace tsfs
