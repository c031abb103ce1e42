#include "sweep/store/skipped.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "common/error.hpp"
#include "common/files.hpp"
#include "report/csv_table.hpp"

namespace tsfs {

void write_skipped(const std::filesystem::path& output,
                   const std::vector<SkippedDataset>& skipped) {
  CsvTable table;
  table.header = {"dataset", "component", "reason"};
  for (const auto& entry : skipped)
    table.rows.push_back({entry.dataset, entry.component, entry.reason});
  write_file_atomically(output / "skipped.csv", table.str());
}

}  // namespace tsfs
