// Fuzzes loading a saved game of `rings play`: from_save_text on any bytes. A text that loads
// must save back to a text that loads to the same game.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_check.hpp"
#include "save.hpp"

using namespace rings;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto game = play::from_save_text(text);
  if (!game) {
    fuzz::check(!game.error().empty(), "a refusal says why");
    return 0;
  }
  const std::string saved = play::to_save_text(*game);
  const auto again = play::from_save_text(saved);
  fuzz::check(again.ok(), "a saved game loads");
  fuzz::check(play::to_save_text(*again) == saved, "saving a loaded save changes nothing");
  fuzz::check(again->state() == game->state() && again->goal() == game->goal(),
              "the loaded game is the saved one");
  return 0;
}
