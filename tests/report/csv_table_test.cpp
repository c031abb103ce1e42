#include "report/csv_table.hpp"

#include <doctest/doctest.h>
#include <unistd.h>

#include "common/error.hpp"
#include "common/files.hpp"
#include "support/temporary_folder.hpp"

TEST_CASE("CSV tables round-trip quoted fields") {
  tsfs::CsvTable table{{"name", "value"}, {{"a,b", "1"}, {"say \"x\"", ""}, {"multi\nline", "3"}}};
  const tsfs::testing::TemporaryFolder folder("csv");
  auto path = folder.path() / "table.csv";
  tsfs::write_file_atomically(path, table.str());
  auto read = tsfs::read_csv_table(path);
  CHECK(read.header == table.header);
  CHECK(read.rows == table.rows);
  CHECK(*read.column("value") == 1);
  CHECK_FALSE(read.column("other"));

  tsfs::write_file_atomically(path, "a,b\n1,2\n3\n");
  CHECK_THROWS_WITH_AS(tsfs::read_csv_table(path),
                       doctest::Contains(".csv:3: expected 2 fields, found 1"), tsfs::InputError);
  std::filesystem::remove(path);
}
