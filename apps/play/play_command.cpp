// rings play [N] [--puzzle NAME] [--from S] [--to T] [--double] [--save FILE] [--load FILE]
#include <random>

#include "cli.hpp"
#include "commands.hpp"
#include "family_cli.hpp"
#include "records.hpp"
#include "save.hpp"
#include "session.hpp"
#include "terminal.hpp"

namespace rings::cli {
namespace {

constexpr const char* kDefaultRings = "5";

struct PlayOptions {
  std::optional<std::string> n, from, to, save, load;
  std::string puzzle = "rings";
  bool double_moves = false;
};

bool is_on_or_off(std::string_view text) {
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return false;
  text = text.substr(first, text.find_last_not_of(" \t\r\n") + 1 - first);
  return text == "on" || text == "off";
}

// A new game of a family puzzle: N (default: the puzzle's published size, unless a state is
// written in digits), --from (default start) and --to (default goal), read as the CLI reads them.
play::PuzzleGame new_puzzle_game(const family::Puzzle& p, const PlayOptions& o) {
  std::optional<std::string> n = o.n;
  const bool written =
      (o.from && family::pieces_written(*o.from)) || (o.to && family::pieces_written(*o.to));
  if (!n && !written) n = std::to_string(play::default_pieces(p.kind));
  auto [from, to] = ends(p, n, o.from, o.to);
  if (from.size() > play::kMaxPlayPieces)
    fail(
        fmt::format("rings play handles at most {} {}, found {} (rings solve, hint and at take "
                    "up to {})",
                    play::kMaxPlayPieces, p.pieces, from.size(), kMaxPieces));
  return play::PuzzleGame(p, std::move(from), std::move(to));
}

// The game to play: resumed from --load, or new from --puzzle, N, --from and --to.
play::SavedGame new_or_loaded_game(const PlayOptions& o) {
  if (o.load) {
    if (o.n || o.from || o.to || o.double_moves || o.puzzle != "rings")
      fail(
          "--load resumes a saved game as it was: leave out N, --puzzle, --from, --to and "
          "--double");
    auto game = play::load_game(*o.load);
    if (!game) fail(fmt::format("--load: {}", game.error()));
    return std::move(*game);
  }
  if (const auto puzzle = family_puzzle(o.puzzle, StateOptions{"binary", o.double_moves}))
    return new_puzzle_game(*puzzle, o);
  const std::vector<std::string> texts{o.from ? state_text(*o.from, "--from") : "on",
                                       o.to ? state_text(*o.to, "--to") : "off"};
  std::optional<std::uint64_t> rings;
  if (o.n)
    rings = parse_rings(*o.n);
  else if (is_on_or_off(texts[0]) && is_on_or_off(texts[1]))
    rings = parse_rings(kDefaultRings);
  rings = ring_count(rings, texts, {"--from", "--to"}, Notation::binary);
  if (*rings > play::kMaxPlayRings)
    fail(
        fmt::format("rings play handles at most {} rings, found {} (rings solve, hint and at "
                    "take any number)",
                    play::kMaxPlayRings, *rings));
  return play::Game(parse_state_or_fail(texts[0], *rings, Notation::binary, "--from"),
                    parse_state_or_fail(texts[1], *rings, Notation::binary, "--to"),
                    o.double_moves ? Mode::double_moves : Mode::single);
}

int run_play(const PlayOptions& o) {
  play::SavedGame game = new_or_loaded_game(o);
  if (auto problem = play::terminal_problem()) fail(*problem);
  // The game is saved to --save, or back to the file it was loaded from.
  const std::optional<std::string> path = o.save ? o.save : o.load;
  const auto save_to = [](const std::string& file, const auto& g) {
    return play::save_game(file, g);
  };
  play::SaveFn save;
  if (path)
    save = [&](const play::Session& s) {
      return s.is_family() ? save_to(*path, s.puzzle_game()) : save_to(*path, s.game());
    };
  // Saving once before the terminal is taken finds an unwritable path while errors can still
  // be printed plainly.
  if (path)
    if (auto error = std::visit([&](const auto& g) { return save_to(*path, g); }, game))
      fail(*error);

  auto session =
      std::visit([](auto&& g) { return play::Session(std::move(g), std::random_device{}()); },
                 std::move(game));
  // The best game per puzzle and piece count, kept in the XDG state directory (docs/play.md).
  const auto records = play::records_path(std::getenv("XDG_STATE_HOME"), std::getenv("HOME"));
  session.on_solved([&records](const play::Record& record) -> std::string {
    if (!records) return "";
    auto said = play::keep_record(*records, record);
    return said ? *said : fmt::format("(Records not kept: {}.)", said.error());
  });
  int status;
  try {
    status = play::run_in_terminal(session, save);
  } catch (const std::runtime_error& e) {
    fail(e.what());  // the terminal is already restored
  }
  // On q the game was saved already; a signal stopped it without saving.
  if (save && status != 0)
    if (auto error = save(session)) fail(*error);
  return status;
}

}  // namespace

void setup_play(CLI::App& app, int& status) {
  auto o = std::make_shared<PlayOptions>();
  auto* cmd = app.add_subcommand(
      "play",
      "Play the puzzle in the terminal: move rings with the keys, ask for hints, watch "
      "the solution (? for help in the game; m or --puzzle for Spin-Out, The Brain, the "
      "Hexadecimal Puzzle, the elephants, the Towers of Hanoi)");
  cmd->add_option("N", o->n,
                  "Number of rings or pieces (default 5, the puzzle's published size, or the "
                  "length of a state given)");
  add_puzzle_option(*cmd, o->puzzle);
  cmd->add_option("--from", o->from,
                  "Start state: 0s and 1s (ring N first), on, off or @FILE (default: on); "
                  "with --puzzle, one digit a piece, start or goal (default: start)");
  cmd->add_option("--to", o->to, "Goal state (default: off; with --puzzle, goal)");
  cmd->add_flag("--double", o->double_moves,
                "Count rings 1 and 2 moving together (both on or both off) as one move");
  cmd->add_option("--save", o->save,
                  "Save the game to FILE (atomically) on s and when leaving the game");
  cmd->add_option("--load", o->load, "Resume the game saved in FILE (and save back to it)");
  cmd->callback([o, &status] { status = run_play(*o); });
}

}  // namespace rings::cli
