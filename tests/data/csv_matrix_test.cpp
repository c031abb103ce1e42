#include "data/csv_matrix.hpp"

#include <doctest/doctest.h>

#include <cmath>

#include "test_support.hpp"

using tsfs::read_maybe_gzipped;
using tsfs::read_numeric_csv;
using tsfs::split_lines;
using tsfs::test::input_error_text;
using tsfs::test::TempFolder;

TEST_CASE("read_maybe_gzipped reads plain and gzipped files alike") {
  TempFolder folder;
  std::string text = "first line\nsecond\tline\n";
  CHECK(read_maybe_gzipped(folder.write("plain.txt", text)) == text);
  CHECK(read_maybe_gzipped(folder.write_gzipped("packed.txt.gz", text)) == text);
  CHECK(read_maybe_gzipped(folder.write("empty.txt", "")).empty());

  // Larger than one read chunk, to exercise the read loop.
  std::string big(1'000'000, 'x');
  for (size_t i = 0; i < big.size(); i += 1000) big[i] = '\n';
  CHECK(read_maybe_gzipped(folder.write_gzipped("big.gz", big)) == big);
}

TEST_CASE("read_maybe_gzipped reports missing, folder and truncated inputs") {
  TempFolder folder;
  auto missing = folder.path() / "absent.csv";
  auto text = input_error_text([&] { read_maybe_gzipped(missing); });
  CHECK(text == doctest::Contains((missing.string() + ": file not found").c_str()));

  CHECK(input_error_text([&] { read_maybe_gzipped(folder.path()); }) ==
        doctest::Contains("is a folder"));

  std::string contents;
  for (int i = 0; i < 20000; ++i) contents += std::to_string(i * 7919 % 10007) + "\n";
  auto packed = folder.write_gzipped("whole.gz", contents);
  std::string bytes = read_maybe_gzipped(packed);  // sanity: the whole file reads back
  REQUIRE(bytes == contents);
  std::ifstream in(packed, std::ios::binary);
  std::string compressed((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  auto cut = folder.write("cut.gz", compressed.substr(0, compressed.size() / 2));
  CHECK(input_error_text([&] { read_maybe_gzipped(cut); }) ==
        doctest::Contains("cut.gz: cannot read file"));
  for (const char* fake : {"text.tsv.gz", "empty.gz"}) {
    auto path = folder.write(fake, std::string(fake) == "empty.gz" ? "" : "1\t2\xff\x00\n");
    CHECK(input_error_text([&] { read_maybe_gzipped(path); }) ==
          doctest::Contains("named .gz but not gzip-compressed (no 1f 8b header)"));
  }
}

TEST_CASE("split_lines handles CRLF, a missing final newline and trailing blank lines") {
  using Lines = std::vector<std::string_view>;
  CHECK(split_lines("") == Lines{});
  CHECK(split_lines("a\nb") == Lines{"a", "b"});
  CHECK(split_lines("a\r\nb\r\n") == Lines{"a", "b"});
  CHECK(split_lines("a\n\nb\n\n\r\n") == Lines{"a", "", "b"});
  CHECK(split_lines("\n\n") == Lines{});
}

TEST_CASE("read_numeric_csv reads a header and numbers, nan and inf included") {
  TempFolder folder;
  auto file = folder.write("features.csv",
                           "\xEF\xBB\xBFmean,\"max, abs\",\"say \"\"hi\"\"\"\n"
                           "1.5, -2e3 ,nan\r\n"
                           "+4,inf,-Inf\n");
  auto table = read_numeric_csv(file, true);
  CHECK(table.names == std::vector<std::string>{"mean", "max, abs", "say \"hi\""});
  REQUIRE(table.values.rows() == 2);
  REQUIRE(table.values.cols() == 3);
  CHECK(table.values(0, 0) == 1.5);
  CHECK(table.values(0, 1) == -2000.0);
  CHECK(std::isnan(table.values(0, 2)));
  CHECK(table.values(1, 0) == 4.0);
  CHECK(table.values(1, 1) == INFINITY);
  CHECK(table.values(1, 2) == -INFINITY);
}

TEST_CASE("read_numeric_csv without header, gzipped") {
  TempFolder folder;
  auto file = folder.write_gzipped("distances.csv.gz", "0,1,2\n1,0,3\n2,3,0");
  auto table = read_numeric_csv(file, false);
  CHECK(table.names.empty());
  REQUIRE(table.values.rows() == 3);
  REQUIRE(table.values.cols() == 3);
  CHECK(table.values(1, 2) == 3.0);  // row-major file order, not transposed
  CHECK(table.values(2, 1) == 3.0);
  CHECK(table.values(0, 2) == 2.0);
}

TEST_CASE("read_numeric_csv errors name the file, line and column") {
  TempFolder folder;
  auto error_for = [&](const std::string& name, const std::string& contents, bool header) {
    auto file = folder.write(name, contents);
    return input_error_text([&] { read_numeric_csv(file, header); });
  };
  CHECK(error_for("empty.csv", "", true) == doctest::Contains("empty.csv: empty file"));
  CHECK(error_for("blank.csv", "\n\n", false) == doctest::Contains("blank.csv: empty file"));
  CHECK(error_for("header_only.csv", "a,b\n", true) == doctest::Contains("no data rows"));

  auto ragged = error_for("ragged.csv", "a,b\n1,2\n3,4,5\n", true);
  CHECK(ragged == doctest::Contains("ragged.csv:3: expected 2 values"));
  CHECK(ragged == doctest::Contains("found 3"));
  CHECK(error_for("short.csv", "1,2,3\n4,5\n", false) ==
        doctest::Contains("short.csv:2: expected 3 values (as on line 1), found 2"));

  CHECK(error_for("word.csv", "a,b\n1,abc\n", true) ==
        doctest::Contains("word.csv:2: column 2 ('b'): not a number: 'abc'"));
  CHECK(error_for("word2.csv", "1,2\n3,4x\n", false) ==
        doctest::Contains("word2.csv:2: column 2: not a number: '4x'"));
  CHECK(error_for("hole.csv", "a,b\n1,\n", true) ==
        doctest::Contains("hole.csv:2: column 2 ('b'): empty value"));
  CHECK(error_for("gap.csv", "1,2\n\n3,4\n", false) == doctest::Contains("gap.csv:2: empty line"));
  CHECK(error_for("quote.csv", "a,\"b\n1,2\n", true) ==
        doctest::Contains("quote.csv:1: column 2: unterminated quoted name"));
}

TEST_CASE(
    "read_numeric_csv refuses ambiguous headers: empty, repeated, control characters, numbers") {
  TempFolder folder;
  auto error_for = [&](const std::string& name, const std::string& contents) {
    auto file = folder.write(name, contents);
    return input_error_text([&] { read_numeric_csv(file, true); });
  };
  CHECK(error_for("index.csv", ",a,b\n0,1,2\n") ==
        doctest::Contains("index.csv:1: column 1: empty feature name (an unnamed index column?"));
  CHECK(error_for("trail.csv", "a,b,\n1,2,3\n") ==
        doctest::Contains("trail.csv:1: column 3: empty feature name (a separator at the end"));
  CHECK(error_for("headless.csv", "1.5,2,3\n1,2,3\n") ==
        doctest::Contains("headless.csv:1: the first line holds numbers only, like a data row"));
  CHECK(error_for("twice.csv", "a,b,a\n1,2,3\n") ==
        doctest::Contains("twice.csv:1: column 3: feature name 'a' already used by column 1"));
  CHECK(error_for("bell.csv", "a,\"b\x07\"\n1,2\n") ==
        doctest::Contains("bell.csv:1: column 2: feature name 'b\\x07' holds a control character"));
}

TEST_CASE("read_numeric_csv: hostile values are reported with file, line and column") {
  TempFolder folder;
  auto error_for = [&](const std::string& name, const std::string& contents) {
    auto file = folder.write(name, contents);
    return input_error_text([&] { read_numeric_csv(file, false); });
  };
  CHECK(error_for("huge.csv", "1,2\n3,-1e400\n") ==
        doctest::Contains("huge.csv:2: column 2: number out of the range of a double: '-1e400'"));
  CHECK(error_for("trailing.csv", "1,2,\n3,4,\n") ==
        doctest::Contains("trailing.csv:1: column 3: empty value (a separator at the end"));
  CHECK(error_for("binary.csv", std::string("1,2\n\x00\x02,4\n", 8)) ==
        doctest::Contains("binary.csv:2: column 1: not a number: '\\x00\\x02'"));
  CHECK(error_for("mac.csv", "1,2\r3,4\r") ==
        doctest::Contains("mac.csv:1: column 2: not a number: '2\\r3'"));
  CHECK(error_for("semicolon.csv", "1;2\n3;4\n") ==
        doctest::Contains("semicolon.csv:1: column 1: not a number: '1;2'"));
  // A BOM before headerless numbers is stripped too.
  auto table = read_numeric_csv(folder.write("bom.csv",
                                             "\xEF\xBB\xBF"
                                             "1,2\n3,4\n"),
                                false);
  CHECK(table.values(0, 0) == 1.0);
}
