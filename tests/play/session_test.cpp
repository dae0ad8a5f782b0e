// The controls: keys in, game, selection, messages and actions out.
#include "session.hpp"

#include <gtest/gtest.h>

#include "rings/notation.hpp"
#include "rings/rules.hpp"

namespace rings::play {
namespace {

Session fresh(std::uint64_t n = 5, Mode mode = Mode::single) {
  return Session(Game(State::all_on(n), State::all_off(n), mode), 1);
}

void type(Session& s, std::string_view keys) {
  for (char k : keys) s.handle(k);
}

TEST(Session, ExplainsAnIllegalMoveWithTheRule) {
  Session s = fresh();
  s.handle('3');
  EXPECT_TRUE(s.is_error());
  const State& st = s.game().state();
  const auto why = why_illegal(st, toggle_move(st, 3), Mode::single);
  ASSERT_TRUE(why);
  EXPECT_NE(s.message().find(to_string(*why)), std::string::npos) << s.message();
  EXPECT_EQ(s.game().moves_made(), 0u);
}

TEST(Session, DigitsMoveRingsAndTheSelectionFollows) {
  Session s = fresh();
  s.handle('1');
  EXPECT_FALSE(s.is_error());
  EXPECT_EQ(s.game().state(), *parse_state("11110", 5, Notation::binary));
  EXPECT_EQ(s.selected(), 1u);
  s.handle('3');
  EXPECT_EQ(s.game().state(), *parse_state("11010", 5, Notation::binary));
  EXPECT_EQ(s.selected(), 3u);
  EXPECT_NE(s.message().find("ring 3 off"), std::string::npos) << s.message();
}

TEST(Session, ArrowsSelectWithinTheRingsAndSpaceMoves) {
  Session s = fresh(3);
  EXPECT_EQ(s.selected(), 1u);
  for (int i = 0; i < 5; ++i) s.handle(kKeyLeft);  // toward ring N, drawn on the left
  EXPECT_EQ(s.selected(), 3u);
  s.handle(kKeyRight);
  EXPECT_EQ(s.selected(), 2u);
  s.handle(' ');  // ring 2 off: legal from 111 (ring 1 is on)
  EXPECT_EQ(s.game().state(), *parse_state("101", 3, Notation::binary));
  for (int i = 0; i < 5; ++i) s.handle(kKeyRight);
  EXPECT_EQ(s.selected(), 1u);
  s.handle(kKeyEnter);
  EXPECT_EQ(s.game().state(), *parse_state("100", 3, Notation::binary));
}

TEST(Session, HintSelectsTheRingToMoveAndSaysWhy) {
  Session s = fresh(4);
  s.handle('h');
  const auto hint = s.game().hint();
  ASSERT_TRUE(hint);
  EXPECT_EQ(s.selected(), hint->move.ring());
  EXPECT_NE(s.message().find(to_string(hint->move)), std::string::npos) << s.message();
  EXPECT_NE(s.message().find(to_string(hint->reason)), std::string::npos) << s.message();
  s.handle(' ');
  EXPECT_EQ(s.game().moves_made(), 1u);
  EXPECT_TRUE(s.game().is_on_optimal_path());
}

TEST(Session, AutoPlayRunsToTheGoalAndStops) {
  Session s = fresh(6);
  EXPECT_FALSE(s.tick());  // auto-play is off
  s.handle('a');
  ASSERT_TRUE(s.is_autoplay());
  std::uint64_t ticks = 0;
  while (s.tick()) ++ticks;
  EXPECT_TRUE(s.game().is_solved());
  EXPECT_FALSE(s.is_autoplay());
  EXPECT_EQ(ticks, 42u);  // SPEC.md: 42 moves for 6 rings
  s.handle('a');
  EXPECT_FALSE(s.is_autoplay());  // nothing left to play
}

TEST(Session, AManualMoveStopsAutoPlay) {
  Session s = fresh();
  s.handle('a');
  s.tick();
  s.handle('u');
  EXPECT_FALSE(s.is_autoplay());
  EXPECT_EQ(s.game().moves_made(), 0u);
}

TEST(Session, SpeedChangesWithinItsRange) {
  Session s = fresh();
  const int start = s.speed();
  s.handle('+');
  EXPECT_EQ(s.speed(), start + 1);
  EXPECT_LT(s.delay_ms(), kAutoPlayDelaysMs[start - 1]);
  for (int i = 0; i < 20; ++i) s.handle('+');
  EXPECT_EQ(s.speed(), int(kAutoPlayDelaysMs.size()));
  for (int i = 0; i < 20; ++i) s.handle('-');
  EXPECT_EQ(s.speed(), 1);
  EXPECT_EQ(s.delay_ms(), kAutoPlayDelaysMs.front());
}

TEST(Session, UndoRedoAndGoal) {
  Session s = fresh();
  type(s, "13");
  s.handle('u');
  EXPECT_EQ(s.game().moves_made(), 1u);
  s.handle('r');
  EXPECT_EQ(s.game().moves_made(), 2u);
  s.handle('r');
  EXPECT_NE(s.message().find("Nothing to redo"), std::string::npos);
  s.handle('g');
  EXPECT_EQ(s.game().goal(), State::all_on(5));
}

TEST(Session, NewGameFromATypedOrRandomState) {
  Session s = fresh();
  s.handle('1');
  type(s, "n01100");
  ASSERT_TRUE(s.prompt());
  EXPECT_EQ(*s.prompt(), "01100");
  s.handle(kKeyBackspace);
  s.handle('1');
  s.handle(kKeyEnter);
  EXPECT_FALSE(s.prompt());
  EXPECT_EQ(s.game().state(), *parse_state("01101", 5, Notation::binary));
  EXPECT_EQ(s.game().moves_made(), 0u);
  EXPECT_EQ(s.game().goal(), State::all_off(5));

  type(s, "n012");
  s.handle(kKeyEnter);
  EXPECT_TRUE(s.is_error());
  EXPECT_TRUE(s.prompt());  // still open, to fix the typing
  s.handle(kKeyEscape);
  EXPECT_FALSE(s.prompt());
  EXPECT_EQ(s.game().state(), *parse_state("01101", 5, Notation::binary));

  s.handle('n');
  s.handle(kKeyEnter);
  EXPECT_NE(s.game().state(), s.game().goal());
  EXPECT_EQ(s.game().moves_made(), 0u);
}

TEST(Session, HelpShowsUntilAKeyAndThatKeyDoesNothingElse) {
  Session s = fresh();
  s.handle('?');
  EXPECT_TRUE(s.is_help_shown());
  s.handle('1');
  EXPECT_FALSE(s.is_help_shown());
  EXPECT_EQ(s.game().moves_made(), 0u);
}

TEST(Session, ActionsForTheTerminal) {
  Session s = fresh();
  EXPECT_EQ(s.handle('s'), Action::save);
  EXPECT_EQ(s.handle('1'), Action::none);
  EXPECT_EQ(s.handle('q'), Action::quit);
  s.handle('n');
  EXPECT_EQ(s.handle('q'), Action::quit);  // q leaves even from the prompt
}

TEST(Session, DoubleMoveKey) {
  Session single = fresh(4);
  single.handle('d');
  EXPECT_TRUE(single.is_error());
  Session twice = fresh(4, Mode::double_moves);
  twice.handle('d');
  EXPECT_FALSE(twice.is_error()) << twice.message();
  EXPECT_EQ(twice.game().state(), *parse_state("1100", 4, Notation::binary));
}

}  // namespace
}  // namespace rings::play
