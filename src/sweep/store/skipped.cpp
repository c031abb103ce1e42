#include "sweep/store/skipped.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "common/error.hpp"
#include "common/files.hpp"
#include "report/csv_table.hpp"

namespace tsfs {

std::vector<std::string> skipped_header() {
  return {"dataset", "component", "reason"};
}

void write_skipped(const std::filesystem::path& output,
                   const std::vector<SkippedDataset>& skipped) {
  CsvTable table{skipped_header(), {}};
  for (const auto& entry : skipped)
    table.rows.push_back({entry.dataset, entry.component, entry.reason});
  write_file_atomically(output / "skipped.csv", table.str());
}

}  // namespace tsfs
