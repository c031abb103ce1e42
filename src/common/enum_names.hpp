#pragma once
// One table per enumeration of its spellings in specs, outputs and messages, read both ways:
//   constexpr auto symmetrize_names = enum_names<Symmetrize>({{Symmetrize::either, "or"}, ...});
//   symmetrize_names.name(mode) -> "or";  symmetrize_names.parse("or") -> Symmetrize::either.
// It replaces pairs of hand-written switch / if-chain functions that had to be kept in step.
#include <array>
#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tsfs {

template <typename Enum, std::size_t Count>
class EnumNames {
 public:
  using Entry = std::pair<Enum, std::string_view>;

  constexpr explicit EnumNames(const std::array<Entry, Count>& entries) : entries_(entries) {}

  // The spelling of `value`; a value missing from the table is a bug (std::logic_error).
  constexpr std::string_view name(Enum value) const {
    for (const Entry& entry : entries_)
      if (entry.first == value) return entry.second;
    throw std::logic_error("enumeration value without a name");
  }

  // The value spelt `text`, or nullopt for any other text (exact, case-sensitive match).
  constexpr std::optional<Enum> parse(std::string_view text) const {
    for (const Entry& entry : entries_)
      if (entry.second == text) return entry.first;
    return std::nullopt;
  }

  // Every spelling in table order (e.g. a parameter's choices).
  std::vector<std::string> names() const {
    std::vector<std::string> result;
    for (const Entry& entry : entries_) result.emplace_back(entry.second);
    return result;
  }

 private:
  std::array<Entry, Count> entries_;
};

template <typename Enum, std::size_t Count>
constexpr EnumNames<Enum, Count> enum_names(
    const std::pair<Enum, std::string_view> (&entries)[Count]) {
  std::array<std::pair<Enum, std::string_view>, Count> table{};
  for (std::size_t i = 0; i < Count; ++i) table[i] = entries[i];
  return EnumNames<Enum, Count>(table);
}

}  // namespace tsfs
