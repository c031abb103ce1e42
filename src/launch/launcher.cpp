#include "launch/launcher.hpp"

#include "launch/shard/shard_commands.hpp"

namespace tsfs {
namespace {

class LocalLauncher final : public Launcher {
 public:
  int launch(const Spec& spec, const RunOptions& options) const override {
    return run_sweep(spec, options);
  }
};

// A shard writes into its own folder, under that folder's lock, so that shards run side by side.
class ShardLauncher final : public Launcher {
 public:
  explicit ShardLauncher(ShardId shard) : shard_(shard) {}
  std::filesystem::path folder(const Spec& spec) const override {
    return shard_spec(spec, shard_).output;
  }
  std::string command_suffix() const override { return " --shard " + shard_.text(); }
  int launch(const Spec& spec, const RunOptions& options) const override {
    return run_shard(spec, shard_, options);
  }

 private:
  ShardId shard_;
};

// An artefacts task (`--artefacts-only --shard I/T`) holds a folder of its own, so that the tasks
// of one plan run side by side (the cache's per-matrix locks keep two of them off one matrix).
class ArtefactsTaskLauncher final : public Launcher {
 public:
  explicit ArtefactsTaskLauncher(ShardId task) : task_(task) {}
  std::filesystem::path folder(const Spec& spec) const override {
    return artefacts_task_folder(spec.output, task_);
  }
  std::string command_suffix() const override {
    return " --artefacts-only --shard " + task_.text();
  }
  int launch(const Spec& spec, const RunOptions& options) const override {
    if (options.dry_run) return run_sweep(spec, options);  // the plan, as without --shard
    return compute_artefacts(spec, options, task_);
  }

 private:
  ShardId task_;
};

class SlurmLauncher final : public Launcher {
 public:
  SlurmLauncher(std::filesystem::path spec_file, SubmitOptions submit)
      : spec_file_(std::move(spec_file)), submit_(std::move(submit)) {}
  int launch(const Spec& spec, const RunOptions& options) const override {
    return submit_to_slurm(spec, spec_file_, submit_, options);
  }

 private:
  std::filesystem::path spec_file_;
  SubmitOptions submit_;
};

}  // namespace

std::unique_ptr<Launcher> local_launcher() {
  return std::make_unique<LocalLauncher>();
}

std::unique_ptr<Launcher> shard_launcher(const ShardId& shard) {
  return std::make_unique<ShardLauncher>(shard);
}

std::unique_ptr<Launcher> artefacts_task_launcher(const ShardId& task) {
  return std::make_unique<ArtefactsTaskLauncher>(task);
}

std::unique_ptr<Launcher> slurm_launcher(const std::filesystem::path& spec_file,
                                         const SubmitOptions& submit) {
  return std::make_unique<SlurmLauncher>(spec_file, submit);
}

}  // namespace tsfs
