// rings play [N] [--puzzle NAME] [--from S] [--to T] [--double] [--save FILE] [--load FILE]
#include <random>

#include "cli.hpp"
#include "commands.hpp"
#include "records.hpp"
#include "save.hpp"
#include "session.hpp"
#include "terminal.hpp"

namespace rings::cli {
namespace {

struct PlayOptions {
  std::optional<std::string> n, from, to, save, load;
  std::string puzzle = family::catalogue().front().name;  // the rings
  bool double_moves = false;
};

// A new game: N (default: the size the game plays, unless a state is written in digits),
// --from (default start) and --to (default goal), read by the reader every command uses.
play::Game new_game(const PlayOptions& o) {
  const StateOptions options{"binary", o.double_moves};
  // The size the game plays, unless N or a state gives one (an unknown puzzle: the reader says).
  const auto puzzle = family::parse_puzzle(o.puzzle);
  const auto q = problem(o.puzzle, o.n, {{"--from", o.from, "start"}, {"--to", o.to, "goal"}},
                         options, puzzle ? std::optional(puzzle->play_size) : std::nullopt);
  const auto& p = q.puzzle;
  if (q.pieces > play::max_pieces(p))
    fail(
        fmt::format("rings play handles at most {} {}, found {} (rings solve, hint and at take "
                    "up to {})",
                    play::max_pieces(p), p.pieces, q.pieces, p.max_size));
  if (q.in_bits())
    return play::Game(p, family::from_state(q.bits[0]), family::from_state(q.bits[1]), q.mode);
  return play::Game(p, q.digits[0], q.digits[1], q.mode);
}

// The game to play: resumed from --load, or new from --puzzle, N, --from and --to.
play::Game new_or_loaded_game(const PlayOptions& o) {
  if (o.load) {
    if (o.n || o.from || o.to || o.double_moves || o.puzzle != family::catalogue().front().name)
      fail(
          "--load resumes a saved game as it was: leave out N, --puzzle, --from, --to and "
          "--double");
    auto game = play::load_game(*o.load);
    if (!game) fail(fmt::format("--load: {}", game.error()));
    return std::move(*game);
  }
  return new_game(o);
}

int run_play(const PlayOptions& o) {
  play::Game game = new_or_loaded_game(o);
  if (auto problem = play::terminal_problem()) fail(*problem);
  // The game is saved to --save, or back to the file it was loaded from.
  const std::optional<std::string> path = o.save ? o.save : o.load;
  play::SaveFn save;
  if (path) save = [&](const play::Session& s) { return play::save_game(*path, s.game()); };
  // Saving once before the terminal is taken finds an unwritable path while errors can still
  // be printed plainly.
  if (path)
    if (auto error = play::save_game(*path, game)) fail(*error);

  play::Session session(std::move(game), std::random_device{}());
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
  std::string others;  // the catalogue's puzzles after the rings
  for (std::size_t i = 1; i < family::catalogue().size(); ++i)
    others += fmt::format("{}{}", i > 1 ? ", " : "", family::catalogue()[i].title);
  auto* cmd = app.add_subcommand(
      "play", fmt::format("Play the puzzle in the terminal: move rings with the keys, ask for "
                          "hints, watch the solution (? for help in the game; m or --puzzle for "
                          "{})",
                          others));
  cmd->add_option("N", o->n,
                  "Number of rings or pieces (default 5, the size the game plays, or the "
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
