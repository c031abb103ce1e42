#pragma once
// The distance blocks of a run. A study of many datasets must not hold every matrix at once (the
// archive's 194 whole matrices are 0.93 GiB, half of its selection run's peak memory), so a block
// the cache keeps is read back from its cache file while a stage works on its dataset and let go
// after. The others stay in memory for the whole run: nearest-only blocks, blocks of a measure the
// cache does not keep, and every block of a run whose classifier reads distances (each fit reads
// one). A block read back is the one cached, bit for bit; one whose cache file has gone since is
// computed again (distance_block), to the same values.
#include <map>
#include <memory>
#include <mutex>
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
  // cached, then held unless it can be read back. Returns whether it came from the cache.
  bool make(Key key);
  // The block, read back (or computed) when it is not held. Thread-safe.
  std::shared_ptr<const DistanceBlock> block(Key key);
  // Lets go of a block that can be read back; the holders of its pointer keep it until they drop
  // it. Thread-safe.
  void let_go(Key key);
  // How many blocks are held now.
  size_t held() const;

 private:
  bool can_read_back(Key key) const;
  std::shared_ptr<const DistanceBlock> read(Key key) const;

  const Spec& spec_;
  const std::vector<PreparedDataset>& datasets_;
  int threads_;
  bool keep_all_;             // a classifier of distances: every block held once made
  mutable std::mutex mutex_;  // held() is const
  std::map<Key, std::shared_ptr<const DistanceBlock>> held_;
};

}  // namespace tsfs
