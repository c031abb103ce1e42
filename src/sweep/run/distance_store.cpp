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
}

bool DistanceStore::can_read_back(Key key) const {
  return !keep_all_ && spec_.distances[static_cast<size_t>(key.second)].measure->cacheable();
}

std::shared_ptr<const DistanceBlock> DistanceStore::read(Key key) const {
  const PreparedDataset& dataset = datasets_[static_cast<size_t>(key.first)];
  return std::make_shared<const DistanceBlock>(
      distance_block(dataset.data, spec_.distances[static_cast<size_t>(key.second)],
                     distance_block_rows(spec_, dataset), spec_.cache, threads_));
}

bool DistanceStore::make(Key key) {
  const PreparedDataset& dataset = datasets_[static_cast<size_t>(key.first)];
  bool cached = false;
  DistanceBlock block =
      distance_block(dataset.data, spec_.distances[static_cast<size_t>(key.second)],
                     distance_block_rows(spec_, dataset), spec_.cache, threads_, &cached);
  if (!can_read_back(key)) hold(key, std::move(block));
  return cached;
}

std::shared_ptr<const DistanceBlock> DistanceStore::block(Key key) {
  // One lock for reading back too: two stages' threads never read the same file twice at once,
  // and a read from the page cache takes milliseconds.
  std::lock_guard lock(mutex_);
  auto found = held_.find(key);
  if (found != held_.end()) return found->second;
  auto block = read(key);
  held_[key] = block;
  return block;
}

void DistanceStore::let_go(Key key) {
  if (!can_read_back(key)) return;
  std::lock_guard lock(mutex_);
  held_.erase(key);
}

size_t DistanceStore::held() const {
  std::lock_guard lock(mutex_);
  return held_.size();
}

}  // namespace tsfs
