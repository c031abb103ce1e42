#include "sweep/run/distance_store.hpp"

#include "cache/artefacts.hpp"

namespace tsfs {

DistanceStore::DistanceStore(const Spec& spec, const std::vector<PreparedDataset>& datasets,
                             int threads)
    : spec_(spec),
      datasets_(datasets),
      threads_(threads),
      keep_all_(classifier_uses_distances(spec)) {}

void DistanceStore::hold(Key key, DistanceBlock block) {
  std::lock_guard lock(mutex_);
  held_[key] = std::make_shared<const DistanceBlock>(std::move(block));
  held_for_the_run_.insert(key);
}

bool DistanceStore::prepare(Key key) {
  const PreparedDataset& prepared = datasets_[static_cast<size_t>(key.first)];
  const DistanceSpec& distance = spec_.distances[static_cast<size_t>(key.second)];
  const BlockRows rows = distance_block_rows(spec_, prepared);
  bool cached = false;
  DistanceBlock block =
      distance_block(prepared.data, distance, rows, spec_.cache, threads_, &cached);
  // A block read from its file can be read again; a computed one only if it could be saved.
  if (keep_all_ ||
      (!cached && !distance_block_is_cached(prepared.data, distance, rows, spec_.cache)))
    hold(key, std::move(block));
  return cached;
}

std::shared_ptr<const DistanceBlock> DistanceStore::block(Key key) {
  // One lock, reads included: a stage's threads never read one file twice at once, and reading
  // and verifying the largest cached block takes about a tenth of a second.
  std::lock_guard lock(mutex_);
  auto found = held_.find(key);
  if (found != held_.end()) return found->second;
  const PreparedDataset& dataset = datasets_[static_cast<size_t>(key.first)];
  // One thread: the callers are a stage's parallel workers, and only a block whose file went
  // since the distance stage is computed here.
  auto block = std::make_shared<const DistanceBlock>(
      distance_block(dataset.data, spec_.distances[static_cast<size_t>(key.second)],
                     distance_block_rows(spec_, dataset), spec_.cache, 1));
  held_[key] = block;
  return block;
}

void DistanceStore::let_go(Key key) {
  std::lock_guard lock(mutex_);
  if (!held_for_the_run_.count(key)) held_.erase(key);
}

size_t DistanceStore::held() const {
  std::lock_guard lock(mutex_);
  return held_.size();
}

}  // namespace tsfs
