#include "records.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <filesystem>
#include <tuple>

#include "rings/notation.hpp"
#include "save.hpp"

namespace rings::play {
namespace {

// A records file holds a line per ring count and mode: far below this.
constexpr std::uint64_t kMaxRecordsBytes = 1 << 20;

std::string describe(const Record& r) {
  return fmt::format(
      "{} move{} {}{}", r.moves, r.moves == 1 ? "" : "s", how_solved(r.aids, r.moves),
      r.moves == r.optimum ? " (the optimum)" : fmt::format(" (optimum {})", r.optimum));
}

}  // namespace

Record record_of(const Game& game) {
  return Record{game.puzzle().name, game.pieces(),           game.mode(),
                game.leg_moves(),   game.optimum().get_ui(), game.aids()};
}

bool is_better(const Record& a, const Record& b) {
  const auto key = [](const Record& r) {
    return std::make_tuple(r.aids.hints + r.aids.auto_moves, r.aids.undos, r.moves - r.optimum,
                           ~r.optimum);
  };
  return key(a) < key(b);
}

std::string to_records_text(const std::vector<Record>& records) {
  std::string out(kRecordsHeader);
  out += '\n';
  for (const auto& r : records)
    out += fmt::format("{} {} {} moves {} optimum {} hints {} undos {} auto {}\n", r.puzzle,
                       r.rings, r.mode == Mode::double_moves ? "double" : "single", r.moves,
                       r.optimum, r.aids.hints, r.aids.undos, r.aids.auto_moves);
  return out;
}

Result<std::vector<Record>> from_records_text(std::string_view text) {
  std::vector<Record> out;
  std::size_t number = 0;
  while (!text.empty()) {
    const auto nl = text.find('\n');
    const std::string_view line = text.substr(0, nl);
    text.remove_prefix(nl == std::string_view::npos ? text.size() : nl + 1);
    ++number;
    if (number == 1) {
      if (line != kRecordsHeader)
        return Error{fmt::format("line 1: expected '{}'", kRecordsHeader), "bad_records_file"};
      continue;
    }
    if (line.empty()) continue;
    // PUZZLE N MODE moves M optimum O hints H undos U auto A
    std::vector<std::string_view> words;
    for (std::string_view rest = line; !rest.empty();) {
      const auto sp = rest.find(' ');
      words.push_back(rest.substr(0, sp));
      rest.remove_prefix(sp == std::string_view::npos ? rest.size() : sp + 1);
    }
    const auto bad = [&] {
      return Error{
          fmt::format("line {}: expected 'rings N single|double moves M optimum O "
                      "hints H undos U auto A' (or another puzzle's name for rings), found {}",
                      number, quote_input(line, 60)),
          "bad_records_file"};
    };
    constexpr std::string_view kKeys[] = {"", "", "moves", "optimum", "hints", "undos", "auto"};
    if (words.size() != 13 || (words[2] != "single" && words[2] != "double") ||
        !family::parse_puzzle(words[0]))
      return bad();
    std::uint64_t values[7] = {};
    for (int k = 0; k < 7; ++k) {
      if (k == 1) continue;
      const std::size_t at = k == 0 ? 0 : 2 * k - 1;
      if (k > 0 && words[at] != kKeys[k]) return bad();
      auto v = parse_count(words[at + 1], kKeys[k]);
      if (!v) return bad();
      values[k] = *v;
    }
    Record r{std::string(words[0]),
             values[0],
             words[2] == "double" ? Mode::double_moves : Mode::single,
             values[2],
             values[3],
             Aids{values[4], values[5], values[6]}};
    if (r.optimum > r.moves) return bad();
    out.push_back(r);
  }
  if (number == 0) return Error{"the file is empty", "bad_records_file"};
  return out;
}

std::optional<std::string> records_path(const char* xdg_state_home, const char* home) {
  if (xdg_state_home && xdg_state_home[0] == '/')
    return std::string(xdg_state_home) + "/rings/records";
  if (home && home[0]) return std::string(home) + "/.local/state/rings/records";
  return std::nullopt;
}

Result<std::string> keep_record(const std::string& path, const Record& record) {
  std::vector<Record> records;
  std::error_code ec;
  if (std::filesystem::exists(path, ec)) {
    auto text = read_regular_file(path, kMaxRecordsBytes);
    if (!text) return text.failure();
    auto read = from_records_text(*text);
    if (!read)
      return Error{fmt::format("'{}' {}; it is left as it is", path, read.error()),
                   "bad_records_file"};
    records = std::move(*read);
  }
  const auto same = [&](const Record& r) {
    return r.puzzle == record.puzzle && r.rings == record.rings && r.mode == record.mode;
  };
  auto it = std::find_if(records.begin(), records.end(), same);
  // "5 rings (double moves)", "5 discs of " and the puzzle's title, " (key 1110)" where its
  // name has a parameter.
  std::string rings = fmt::format("{} {}", record.rings, record.puzzle);
  if (const auto p = family::parse_puzzle(record.puzzle))
    rings = fmt::format("{}{}{}", pieces_of_puzzle(*p, record.rings),
                        parameter(*p).empty() ? "" : fmt::format(" (key {})", parameter(*p)),
                        record.mode == Mode::double_moves ? " (double moves)" : "");
  if (it != records.end() && !is_better(record, *it))
    return fmt::format("Your best for {}: {}.", rings, describe(*it));
  const bool first = it == records.end();
  if (first)
    records.push_back(record);
  else
    *it = record;
  const auto dir = std::filesystem::path(path).parent_path();
  std::filesystem::create_directories(dir, ec);
  if (ec)
    return Error{fmt::format("cannot make '{}': {}", dir.string(), ec.message()), "cannot_write"};
  if (auto error = write_file_atomically(path, to_records_text(records)))
    return Error{*error, "cannot_write"};
  return first ? fmt::format("Your first record for {}.", rings)
               : fmt::format("A new best for {}!", rings);
}

}  // namespace rings::play
