// The controls: keys in, game, selection, messages and actions out.
#include "session.hpp"

#include <gtest/gtest.h>

#include "rings/rules.hpp"
#include "rings_game.hpp"

namespace rings::play {
namespace {

Session fresh(std::uint64_t n = 5, Mode mode = Mode::single) {
  return Session(Game(rings_puzzle(), on(n), off(n), mode), 1);
}

void type(Session& s, std::string_view keys) {
  for (char k : keys) s.handle(k);
}

TEST(Session, ExplainsAnIllegalMoveWithTheRule) {
  Session s = fresh();
  s.handle('3');
  EXPECT_TRUE(s.is_error());
  const State st = family::to_state(s.game().state());
  const auto why = why_illegal(st, toggle_move(st, 3), Mode::single);
  ASSERT_TRUE(why);
  EXPECT_NE(s.message().find(to_string(*why)), std::string::npos) << s.message();
  EXPECT_EQ(s.game().moves_made(), 0u);
}

TEST(Session, DigitsMoveRingsAndTheSelectionFollows) {
  Session s = fresh();
  s.handle('1');
  EXPECT_FALSE(s.is_error());
  EXPECT_EQ(s.game().state(), bits("11110"));
  EXPECT_EQ(s.selected(), 1u);
  s.handle('3');
  EXPECT_EQ(s.game().state(), bits("11010"));
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
  EXPECT_EQ(s.game().state(), bits("101"));
  for (int i = 0; i < 5; ++i) s.handle(kKeyRight);
  EXPECT_EQ(s.selected(), 1u);
  s.handle(kKeyEnter);
  EXPECT_EQ(s.game().state(), bits("100"));
}

TEST(Session, HintSelectsTheRingToMoveAndSaysWhy) {  // and counts as help
  Session s = fresh(4);
  s.handle('h');
  const auto hint = s.game().hint();
  ASSERT_TRUE(hint);
  EXPECT_EQ(s.selected(), hint->move.piece);
  EXPECT_NE(s.message().find(s.game().to_string(hint->move)), std::string::npos) << s.message();
  EXPECT_NE(s.message().find(hint->reason), std::string::npos) << s.message();
  s.handle(' ');
  EXPECT_EQ(s.game().moves_made(), 1u);
  EXPECT_TRUE(s.game().is_on_optimal_path());
  EXPECT_EQ(s.game().aids().hints, 1u);
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
  EXPECT_EQ(s.game().goal(), on(5));
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
  EXPECT_EQ(s.game().state(), bits("01101"));
  EXPECT_EQ(s.game().moves_made(), 0u);
  EXPECT_EQ(s.game().goal(), off(5));

  type(s, "n012");
  s.handle(kKeyEnter);
  EXPECT_TRUE(s.is_error());
  EXPECT_TRUE(s.prompt());  // still open, to fix the typing
  s.handle(kKeyEscape);
  EXPECT_FALSE(s.prompt());
  EXPECT_EQ(s.game().state(), bits("01101"));

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
  EXPECT_EQ(s.handle('q'), Action::quit);  // nothing to lose yet
  EXPECT_EQ(s.handle('s'), Action::save);
  EXPECT_EQ(s.handle('1'), Action::none);
  s.set_save_file(true);
  EXPECT_EQ(s.handle('q'), Action::quit);  // the terminal saves on the way out
}

TEST(Session, QAsksBeforeLosingUnsavedMoves) {
  Session s = fresh();
  s.handle('1');
  EXPECT_EQ(s.handle('q'), Action::none);
  EXPECT_EQ(s.phase(), Phase::confirm);
  EXPECT_NE(s.message().find("not saved"), std::string::npos) << s.message();
  EXPECT_EQ(s.handle('n'), Action::none);  // any other key stays, and does nothing else
  EXPECT_EQ(s.phase(), Phase::play);
  EXPECT_FALSE(s.prompt());
  EXPECT_EQ(s.game().moves_made(), 1u);
  s.handle('q');
  EXPECT_EQ(s.handle('y'), Action::quit_unsaved);
  // A failed save on the way out asks the same question, after saying why.
  Session saved = fresh();
  saved.set_save_file(true);
  saved.confirm_quit("cannot save to 'x': Permission denied; the game is still here.");
  EXPECT_NE(saved.message().find("Permission denied"), std::string::npos);
  EXPECT_EQ(saved.handle('u'), Action::none);
  EXPECT_EQ(saved.phase(), Phase::play);
}

TEST(Session, QInTheNewGamePromptIsTypedNotQuit) {
  Session s = fresh();
  s.handle('n');
  EXPECT_EQ(s.handle('q'), Action::none);
  ASSERT_TRUE(s.prompt());
  EXPECT_EQ(*s.prompt(), "q");
  s.handle(kKeyEnter);  // not a state: refused, the prompt stays open
  EXPECT_TRUE(s.is_error());
  EXPECT_TRUE(s.prompt());
}

TEST(Session, NewGamesAndResetsCanBeUndone) {
  Session s = fresh();
  type(s, "13");
  type(s, "n00111");
  s.handle(kKeyEnter);
  EXPECT_EQ(s.game().state(), bits("00111"));
  s.handle('1');
  s.handle('R');  // back to this game's start
  EXPECT_EQ(s.game().state(), bits("00111"));
  EXPECT_EQ(s.game().moves_made(), 0u);
  s.handle('u');
  EXPECT_EQ(s.message(), "Undone: the reset; back to the game before it.");
  EXPECT_EQ(s.game().state(), bits("00110"));
  s.handle('u');  // the move of the new game
  s.handle('u');  // the new game itself
  EXPECT_NE(s.message().find("Undone: the new game"), std::string::npos) << s.message();
  EXPECT_EQ(s.game().state(), bits("11010"));
  EXPECT_EQ(s.game().moves_made(), 2u);
  s.handle('u');
  s.handle('u');
  s.handle('u');
  EXPECT_EQ(s.message(), "Nothing to undo.");
}

TEST(Session, UndoAndRedoSayWhichStep) {
  Session s = fresh();
  type(s, "13");
  s.handle('u');
  EXPECT_EQ(s.message(), "Undone: ring 3 off.");
  EXPECT_EQ(s.selected(), 3u);
  s.handle('r');
  EXPECT_EQ(s.message(), "Redone: ring 3 off.");
  s.handle('g');
  s.handle('u');
  EXPECT_EQ(s.message(), "Undone: the goal switch (the goal is 00000 now).");
  s.handle('r');
  EXPECT_EQ(s.message(), "Redone: the goal switch (the goal is 11111 now).");
}

TEST(Session, APairHintSelectsThePairAndSpacePlaysIt) {
  Session s(Game(rings_puzzle(), bits("0011"), off(4), Mode::double_moves), 1);
  s.handle('h');
  ASSERT_TRUE(s.game().hint()->move.pair);
  EXPECT_TRUE(s.is_pair_selected());
  EXPECT_NE(s.message().find("rings 1+2 off"), std::string::npos) << s.message();
  s.handle(' ');
  EXPECT_EQ(s.game().state(), off(4));
  EXPECT_TRUE(s.game().is_on_optimal_path());
  EXPECT_EQ(s.game().moves_made(), 1u);
  s.handle(kKeyLeft);  // selecting again ends the pair
  EXPECT_FALSE(s.is_pair_selected());
}

TEST(Session, TypingARingNumberJumpsToItAndPagesMove) {
  Session s = fresh(1000);
  type(s, "401");
  EXPECT_EQ(s.selected(), 401u);
  EXPECT_EQ(s.game().moves_made(), 0u);  // typing selects; space moves
  s.handle(kKeyBackspace);
  EXPECT_EQ(s.selected(), 40u);
  s.handle('9');
  s.handle('9');  // 4099 > 1000: starts again from 9
  EXPECT_EQ(s.selected(), 9u);
  s.handle(kKeyHome);
  EXPECT_EQ(s.selected(), 1000u);
  s.set_page(18);
  s.handle(kKeyPageDown);
  EXPECT_EQ(s.selected(), 982u);
  s.handle(kKeyPageUp);
  s.handle(kKeyPageUp);
  EXPECT_EQ(s.selected(), 1000u);
  s.handle(kKeyEnd);
  EXPECT_EQ(s.selected(), 1u);
  type(s, "2");
  s.handle(' ');  // ring 2 off: legal from all on
  EXPECT_EQ(s.game().moves_made(), 1u);
  EXPECT_EQ(s.game().at(2), 0);
}

TEST(Session, AutoPlayWaitsBehindTheHelpPausesAndFinishesNow) {
  Session s = fresh(6);
  s.handle('a');
  ASSERT_TRUE(s.tick());
  s.handle('?');
  EXPECT_EQ(s.phase(), Phase::help);
  EXPECT_FALSE(s.tick());  // nothing moves behind the help
  s.handle('x');
  EXPECT_TRUE(s.tick());
  s.handle('p');
  EXPECT_EQ(s.phase(), Phase::paused);
  EXPECT_FALSE(s.tick());
  s.handle('p');
  EXPECT_TRUE(s.tick());
  s.handle('f');
  EXPECT_TRUE(s.game().is_solved());
  EXPECT_EQ(s.game().moves_made(), 42u);
  EXPECT_FALSE(s.is_autoplay());
  EXPECT_EQ(s.game().aids().auto_moves, 42u);
  // Too many moves to finish at once: refused, and auto-play is still there to do it.
  Session big = fresh(200);
  big.handle('a');
  big.handle('f');
  EXPECT_TRUE(big.is_error());
  EXPECT_TRUE(big.is_autoplay());
  EXPECT_EQ(big.game().moves_made(), 0u);
}

TEST(Session, AClickMovesTheRingOrSaysWhyNot) {
  Session s = fresh();
  s.click(1);
  EXPECT_EQ(s.game().state(), bits("11110"));
  ASSERT_TRUE(s.moving());  // the move's animation frame is due
  EXPECT_EQ(s.moving()->piece, 1u);
  s.end_animation();
  EXPECT_FALSE(s.moving());
  s.click(5);
  EXPECT_TRUE(s.is_error());
  EXPECT_EQ(s.refused(), 5u);
  EXPECT_EQ(s.selected(), 5u);
}

TEST(Session, TheGoalReachedReportsHowAndAsksForTheRecord) {
  Session s = fresh(2);
  int calls = 0;
  s.on_solved([&](const Record& r) {
    ++calls;
    EXPECT_EQ(r, (Record{"rings", 2, Mode::single, 2, 2, Aids{2, 0, 0}}));
    return std::string("A new best!");
  });
  type(s, "h h ");  // each hint selects the ring to move; space moves it
  EXPECT_EQ(calls, 1);
  EXPECT_TRUE(s.game().is_solved());
  EXPECT_EQ(s.game().aids(), (Aids{2, 0, 0}));
  EXPECT_NE(s.message().find("A new best!"), std::string::npos) << s.message();
}

TEST(Session, DoubleMoveKey) {
  Session single = fresh(4);
  single.handle('d');
  EXPECT_TRUE(single.is_error());
  Session twice = fresh(4, Mode::double_moves);
  twice.handle('d');
  EXPECT_FALSE(twice.is_error()) << twice.message();
  EXPECT_EQ(twice.game().state(), bits("1100"));
}

}  // namespace
}  // namespace rings::play
