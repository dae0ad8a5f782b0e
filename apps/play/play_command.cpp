// rings play [N] [--from S] [--to T] [--double] [--save FILE] [--load FILE]
#include <random>

#include "cli.hpp"
#include "commands.hpp"
#include "records.hpp"
#include "save.hpp"
#include "session.hpp"
#include "terminal.hpp"

namespace rings::cli {
namespace {

constexpr const char* kDefaultRings = "5";

struct PlayOptions {
  std::optional<std::string> n, from, to, save, load;
  bool double_moves = false;
};

bool is_on_or_off(std::string_view text) {
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return false;
  text = text.substr(first, text.find_last_not_of(" \t\r\n") + 1 - first);
  return text == "on" || text == "off";
}

// The game to play: resumed from --load, or new from N, --from and --to.
play::Game new_or_loaded_game(const PlayOptions& o) {
  if (o.load) {
    if (o.n || o.from || o.to || o.double_moves)
      fail("--load resumes a saved game as it was: leave out N, --from, --to and --double");
    auto game = play::load_game(*o.load);
    if (!game) fail(fmt::format("--load: {}", game.error()));
    return std::move(*game);
  }
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
  play::Game game = new_or_loaded_game(o);
  if (auto problem = play::terminal_problem()) fail(*problem);
  // The game is saved to --save, or back to the file it was loaded from.
  const std::optional<std::string> path = o.save ? o.save : o.load;
  play::SaveFn save;
  if (path) save = [&](const play::Game& g) { return play::save_game(*path, g); };
  // Saving once before the terminal is taken finds an unwritable path while errors can still
  // be printed plainly.
  if (save)
    if (auto error = save(game)) fail(*error);

  play::Session session(std::move(game), std::random_device{}());
  // The best game per ring count, kept in the XDG state directory (see docs/play.md).
  const auto records = play::records_path(std::getenv("XDG_STATE_HOME"), std::getenv("HOME"));
  session.on_solved([&records](const play::Game& g) -> std::string {
    if (!records) return "";
    auto said = play::keep_record(*records, play::record_of(g));
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
    if (auto error = save(session.game())) fail(*error);
  return status;
}

}  // namespace

void setup_play(CLI::App& app, int& status) {
  auto o = std::make_shared<PlayOptions>();
  auto* cmd = app.add_subcommand(
      "play",
      "Play the puzzle in the terminal: move rings with the keys, ask for hints, watch "
      "the solution (? for help in the game)");
  cmd->add_option("N", o->n, "Number of rings (default 5, or the length of a state given)");
  cmd->add_option("--from", o->from,
                  "Start state: 0s and 1s (ring N first), on, off or @FILE "
                  "(default: on)");
  cmd->add_option("--to", o->to, "Goal state (default: off)");
  cmd->add_flag("--double", o->double_moves,
                "Count rings 1 and 2 moving together (both on or both off) as one move");
  cmd->add_option("--save", o->save,
                  "Save the game to FILE (atomically) on s and when leaving the game");
  cmd->add_option("--load", o->load, "Resume the game saved in FILE (and save back to it)");
  cmd->callback([o, &status] { status = run_play(*o); });
}

}  // namespace rings::cli
