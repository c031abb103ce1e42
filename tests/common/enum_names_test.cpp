#include "common/enum_names.hpp"

#include <doctest/doctest.h>

namespace {

enum class Colour { red, green, blue };

constexpr auto colour_names =
    tsfs::enum_names<Colour>({{Colour::red, "red"}, {Colour::green, "green"}});

}  // namespace

TEST_CASE("enum_names: one table read both ways") {
  static_assert(colour_names.name(Colour::green) == "green");
  static_assert(colour_names.parse("red") == Colour::red);
  CHECK(colour_names.name(Colour::red) == "red");
  CHECK(colour_names.parse("green") == Colour::green);
  CHECK_FALSE(colour_names.parse("Green").has_value());  // exact spelling only
  CHECK_FALSE(colour_names.parse("").has_value());
  CHECK(colour_names.names() == std::vector<std::string>{"red", "green"});
  CHECK_THROWS_AS(colour_names.name(Colour::blue), std::logic_error);  // missing from the table
}
