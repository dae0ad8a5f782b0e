#include "solve_format.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include "answers.hpp"
#include "engines.hpp"
#include "rings/position.hpp"
#include "rings/solve.hpp"

namespace rings::answers {
namespace {

// A buffer in front of the sink: the hot loops write through a raw pointer (no per-line
// bounds bookkeeping of std::string) and the sink gets megabyte chunks.
class Stage {
 public:
  static constexpr std::size_t kSize = 1 << 17;

  explicit Stage(const TextSink& sink, std::size_t size = kSize)
      : sink_(sink), size_(size), buf_(new char[size]), p_(buf_.get()) {}
  Stage(const Stage&) = delete;
  Stage& operator=(const Stage&) = delete;

  /// Where to write up to n (<= the stage's size) bytes; hand the end of what was written to
  /// done().
  char* room(std::size_t n) {
    if (static_cast<std::size_t>(buf_.get() + size_ - p_) < n) drain();
    return p_;
  }
  void done(char* end) { p_ = end; }
  void append(std::string_view s) {
    if (s.size() >= size_ / 4) {  // large pieces (block texts, huge states) skip the copy
      drain();
      sink_(s);
      return;
    }
    char* p = room(s.size());
    std::memcpy(p, s.data(), s.size());
    p_ = p + s.size();
  }
  void drain() {
    if (p_ != buf_.get()) sink_(std::string_view(buf_.get(), p_ - buf_.get()));
    p_ = buf_.get();
  }

 private:
  const TextSink& sink_;
  std::size_t size_;
  std::unique_ptr<char[]> buf_;
  char* p_;
};

const char* onoff(bool on) { return on ? "on" : "off"; }

// One line of the toggles format; needs 24 bytes of room.
char* put_toggle(char* p, const Move& m) {
  if (m.is_pair()) {
    std::memcpy(p, "1+2\n", 4);
    return p + 4;
  }
  const fmt::format_int ring(m.ring());
  std::memcpy(p, ring.data(), ring.size());
  p[ring.size()] = '\n';
  return p + ring.size() + 1;
}

// The moves of an aligned block of 2^k positions of the Gray path, up to but not including the
// move into the next block. Every block has the same ruler sequence of rings 1..k; their
// directions depend only on the direction of the walk and on rank bit k (the block's parity),
// which decides ring k's. Double-move shortcuts are aligned to 8 positions, so for k >= 3 a
// block holds whole shortcuts. Taken from the engine, on k+1 rings.
std::vector<Move> block_moves(unsigned k, bool up, unsigned parity, Mode mode) {
  const mpz_class lo = mpz_class(parity) << k;
  const mpz_class hi = lo + ((mpz_class(1) << k) - 1);
  const State a = unrank(lo, k + 1), b = unrank(hi, k + 1);
  std::vector<Move> out;
  solve(up ? a : b, up ? b : a, mode, [&](const Move& m) {
    out.push_back(m);
    return true;
  });
  return out;
}

// Cuts the walk from -> to at aligned blocks of 2^k positions (k <= max_k) of the lowest rank
// word, so that a caller can write each whole block as one piece of text made once: each(move)
// gets the moves outside whole blocks and the move between blocks, in order; block(k, up,
// parity) stands for a whole block's moves. A walk that carries into the higher rank words
// (2^64 positions apart at worst, so rare) or is short goes move by move.
template <class Each, class Block>
void walk_blocks(const State& from, const State& to, Mode mode, unsigned max_k, const Each& each,
                 const Block& block) {
  const auto r = rank_words(from), t = rank_words(to);
  if (r.empty() || !std::equal(r.begin() + 1, r.end(), t.begin() + 1)) {
    solve(from, to, mode, each);
    return;
  }
  const std::uint64_t r0 = r[0], t0 = t[0];
  const bool up = r0 < t0;
  const std::uint64_t span = up ? t0 - r0 : r0 - t0;
  if (span < 64) {
    solve(from, to, mode, each);
    return;
  }
  const unsigned k =
      std::min<unsigned>(max_k, std::bit_width(span) - 3);  // so at least two whole blocks
  const std::uint64_t size = std::uint64_t{1} << k;
  std::uint64_t a = up ? (r0 + size - 1) & ~(size - 1) : r0 & ~(size - 1);
  const std::uint64_t e = up ? t0 & ~(size - 1) : (t0 + size - 1) & ~(size - 1);
  const mpz_class start = rank(from);
  const auto at = [&](std::uint64_t pos) {
    return unrank(up ? mpz_class(start + to_mpz(pos - r0)) : mpz_class(start - to_mpz(r0 - pos)),
                  from.size());
  };
  // The move between blocks, as detail::walk makes it: ring z+1 where 2^z is the lowest bit of
  // the rank at the boundary; it goes on when the rank bit above is 0 (up) or 1 (down).
  const std::uint64_t above = r.size() > 1 ? r[1] & 1 : 0;
  const auto boundary = [&](std::uint64_t p) {
    const unsigned z = std::countr_zero(p);
    const std::uint64_t bit = z < 63 ? (p >> (z + 1)) & 1 : above;
    each(Move::single(z + 1, up ? bit == 0 : bit == 1));
  };
  solve(from, at(a), mode, each);
  if (up) {
    for (; a != e; a += size) {
      block(k, up, static_cast<unsigned>(a >> k) & 1);
      boundary(a + size);
    }
  } else {
    for (; a != e; a -= size) {
      boundary(a);
      block(k, up, static_cast<unsigned>((a - size) >> k) & 1);
    }
  }
  solve(at(e), to, mode, each);
}

// Toggles at memory speed: every whole block of a parity is the same text (one copy, no
// per-move work). 2^18 moves make a text of about 512 KB: few writes, and the two block texts
// take ~3 ms.
void write_toggles(const State& from, const State& to, Mode mode, Stage& stage) {
  const auto each = [&](const Move& m) {
    stage.done(put_toggle(stage.room(24), m));
    return true;
  };
  std::array<std::string, 2> text;  // a block's text, by parity
  walk_blocks(from, to, mode, 18, each, [&](unsigned k, bool up, unsigned parity) {
    auto& s = text[parity];
    if (s.empty()) {
      for (const Move& m : block_moves(k, up, parity, mode)) {
        char line[24];
        s.append(line, put_toggle(line, m));
      }
    }
    stage.append(s);
  });
}

// "000" to "999", four bytes apart: the last three digits of a move number.
constexpr auto kThreeDigits = [] {
  std::array<std::array<char, 4>, 1000> t{};
  for (unsigned i = 0; i < 1000; ++i)
    t[i] = {char('0' + i / 100), char('0' + i / 10 % 10), char('0' + i % 10), 0};
  return t;
}();

// The move number's decimal text: the digits above the last three, counted up in place once
// every 1000 moves, and the last three from a table. (Counting every digit in place made each
// line load the bytes just stored: a store-forwarding stall a line.)
class MoveNumber {
 public:
  void next() {
    if (++low_ < 1000) return;
    low_ = 0;
    std::size_t i = width_;
    while (i > 0 && high_[i - 1] == '9') high_[--i] = '0';
    if (i > 0) {
      ++high_[i - 1];
      return;
    }
    std::memmove(high_ + 1, high_, width_++);
    high_[0] = '1';
  }
  /// Writes the number (copies up to 28 bytes: needs that much room).
  char* put(char* p) const {
    if (width_ == 0) {  // below 1000: no leading zeros
      const std::size_t digits = low_ < 10 ? 1 : low_ < 100 ? 2 : 3;
      std::memcpy(p, kThreeDigits[low_].data() + 3 - digits, 4);
      return p + digits;
    }
    std::memcpy(p, high_, sizeof high_);
    p += width_;
    std::memcpy(p, kThreeDigits[low_].data(), 4);
    return p + 3;
  }

 private:
  char high_[24] = {};
  std::size_t width_ = 0;
  unsigned low_ = 0;
};

// The moves format: each line is the move number and the text suffix(move) gives (": ring 3
// on\n" for the rings), made once per ring and direction for rings 1..64 into slots of
// Size bytes.
template <std::size_t Size, class SuffixOf>
void write_moves(const State& from, const State& to, Mode mode, Stage& stage,
                 const SuffixOf& suffix_of) {
  // By ring 1..64 (index 0: rings 1+2) and direction, in Size-byte slots.
  struct Suffix {
    char text[Size];
    std::size_t size;
  };
  std::array<std::array<Suffix, 2>, 65> suffix{};
  for (Ring ring = 0; ring <= 64; ++ring) {
    for (bool on : {false, true}) {
      const std::string s = suffix_of(ring ? Move::single(ring, on) : Move::pair(on));
      std::memcpy(suffix[ring][on].text, s.data(), std::min(s.size(), Size));
      suffix[ring][on].size = s.size();  // the caller makes sure that s fits
    }
  }
  MoveNumber number;
  const auto each = [&](const Move& m) {
    char* p = stage.room(Size + 64);
    number.next();
    p = number.put(p);
    if (m.is_pair() || m.ring() <= 64) {
      const Suffix& s = suffix[m.is_pair() ? 0 : m.ring()][m.on()];
      std::memcpy(p, s.text, sizeof s.text);
      p += s.size;
    } else {
      const std::string s = suffix_of(m);
      p = std::copy(s.begin(), s.end(), p);
    }
    stage.done(p);
    return true;
  };
  // A whole block of 2^10 moves: its suffixes (made once per parity) after the numbers, in a
  // loop whose pointer and number stay in registers (through the stage's members every line
  // waited on its own stores).
  std::array<std::vector<Suffix>, 2> lines;  // by parity
  walk_blocks(from, to, mode, 10, each, [&](unsigned k, bool up, unsigned parity) {
    auto& block = lines[parity];
    if (block.empty())
      for (const Move& m : block_moves(k, up, parity, mode))
        block.push_back(suffix[m.is_pair() ? 0 : m.ring()][m.on()]);  // rings 1..k
    char* p = stage.room(block.size() * (Size + 32));
    MoveNumber n = number;
    for (const Suffix& s : block) {
      n.next();
      p = n.put(p);
      std::memcpy(p, s.text, sizeof s.text);
      p += s.size;
    }
    number = n;
    stage.done(p);
  });
}

// 16 characters in a register: GCC/Clang's portable vectors (SSE2 on x86-64, NEON on arm64, plain
// words elsewhere), loaded and stored with memcpy (unaligned).
using Chars16 = std::int8_t __attribute__((vector_size(16)));

Chars16 load16(const void* p) {
  Chars16 v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
void store16(void* p, Chars16 v) { std::memcpy(p, &v, sizeof v); }

// States of fewer than 16 * Lanes rings: a move flips its character ('0' ^ 1 == '1') with
// 16-byte XORs. Every access to the line is 16 bytes wide: a byte store read back by a wider
// load (a store-forwarding stall) would cost more than all the rest. Inside a whole block of
// 2^k positions only rings 1..k move, so its lines are the block's characters of those rings
// (made once per parity) ORed with the rest of the line: no per-move work at all.
template <std::size_t Lanes>
void write_short_states(const State& from, const State& to, Mode mode, Notation notation,
                        Stage& stage) {
  constexpr std::size_t kBytes = 16 * Lanes;
  const std::string text = format_state(from, notation) + '\n';
  const std::size_t width = text.size();
  Chars16 flip[kBytes][Lanes] = {};  // by ring: its character, set to 1
  for (Ring r = 1; r < width; ++r) {
    std::array<char, kBytes> bytes{};
    bytes[notation == Notation::binary ? width - 1 - r : r - 1] = 1;
    for (std::size_t i = 0; i < Lanes; ++i) flip[r][i] = load16(bytes.data() + 16 * i);
  }
  std::array<char, kBytes> padded{};
  std::copy(text.begin(), text.end(), padded.begin());
  Chars16 line[Lanes];
  for (std::size_t i = 0; i < Lanes; ++i) line[i] = load16(padded.data() + 16 * i);
  stage.append(text);
  // A move flips its ring's character (and ring 2's for rings 1+2).
  const auto flip_move = [&](Chars16* lanes, const Move& m) {
    for (std::size_t i = 0; i < Lanes; ++i) {
      lanes[i] ^= flip[m.ring()][i];
      if (m.is_pair()) lanes[i] ^= flip[2][i];
    }
  };
  const auto each = [&](const Move& m) {
    flip_move(line, m);
    char* p = stage.room(kBytes);
    for (std::size_t i = 0; i < Lanes; ++i) store16(p + 16 * i, line[i]);
    stage.done(p + width);
    return true;
  };
  // 2^10 lines of 32 or 64 bytes: the block's characters stay in the first-level cache.
  struct Line {
    Chars16 lanes[Lanes];
  };
  struct Block {
    Line keep;               // the characters that stay put: all but rings 1..k's
    std::vector<Line> lows;  // rings 1..k's characters, line by line
  };
  std::array<Block, 2> blocks;  // by parity, made at the first block of each
  walk_blocks(from, to, mode, 10, each, [&](unsigned k, bool up, unsigned parity) {
    auto& [keep, low] = blocks[parity];
    if (low.empty()) {
      Line cur;
      for (std::size_t i = 0; i < Lanes; ++i) {
        Chars16 moving = {};
        for (Ring r = 1; r <= k; ++r) moving |= flip[r][i];
        keep.lanes[i] = moving == 0;  // all ones where no ring 1..k moves
        cur.lanes[i] = ~keep.lanes[i] & line[i];
      }
      for (const Move& m : block_moves(k, up, parity, mode)) {
        flip_move(cur.lanes, m);
        low.push_back(cur);
      }
    }
    if (low.empty()) return;
    Chars16 high[Lanes];
    for (std::size_t i = 0; i < Lanes; ++i) high[i] = keep.lanes[i] & line[i];
    char* p = stage.room(low.size() * width + kBytes);
    for (const Line& l : low) {
      for (std::size_t i = 0; i < Lanes; ++i) store16(p + 16 * i, l.lanes[i] | high[i]);
      p += width;
    }
    stage.done(p);
    for (std::size_t i = 0; i < Lanes; ++i) line[i] = low.back().lanes[i] | high[i];
  });
}

void write_states(const State& from, const State& to, Mode mode, Notation notation, Stage& stage) {
  const bool bits = notation == Notation::binary || notation == Notation::ring1_first;
  if (bits && from.size() < 32) return write_short_states<2>(from, to, mode, notation, stage);
  if (bits && from.size() < 64) return write_short_states<4>(from, to, mode, notation, stage);
  if (bits) {
    // One line, patched in place: a move changes one character (two for rings 1+2).
    std::string line = format_state(from, notation) + '\n';
    const std::uint64_t n = from.size();
    const auto at = [&](Ring r) { return notation == Notation::binary ? n - r : r - 1; };
    stage.append(line);
    solve(from, to, mode, [&](const Move& m) {
      line[at(m.ring())] = m.on() ? '1' : '0';
      if (m.is_pair()) line[at(2)] = m.on() ? '1' : '0';
      stage.append(line);
      return true;
    });
    return;
  }
  State s = from;
  stage.append(format_state(s, notation) + '\n');
  solve(from, to, mode, [&](const Move& m) {
    apply(s, m);
    stage.append(format_state(s, notation) + '\n');
    return true;
  });
}

void write_json(const State& from, const State& to, Mode mode, Notation notation, Stage& stage) {
  // The head is the API's (solution_head) without its closing brace; the moves are
  // written here, one a line, in answers::move's fields.
  std::string head = solution_head(from, to, mode, notation, distance(from, to, mode), "0").dump();
  head.back() = ',';
  stage.append(head + R"("moves":[)");
  const auto put = [](char* p, const Move& m, const char* sep) {
    if (m.is_pair())
      return fmt::format_to(p, R"({}{{"double":true,"from":"{}","piece":1,"ring":1,"to":"{}"}})",
                            sep, onoff(!m.on()), onoff(m.on()));
    return fmt::format_to(p, R"({}{{"from":"{}","piece":{},"ring":{},"to":"{}"}})", sep,
                          onoff(!m.on()), m.ring(), m.ring(), onoff(m.on()));
  };
  // The lines after the first of rings 1..63 (index 0: rings 1+2), made once by put: a move
  // copies one 64-byte slot.
  struct Line {
    char text[64];
    std::size_t size;
  };
  std::array<std::array<Line, 2>, 64> lines{};
  for (Ring ring = 0; ring < 64; ++ring)
    for (bool on : {false, true}) {
      Line& l = lines[ring][on];
      l.size = put(l.text, ring ? Move::single(ring, on) : Move::pair(on), ",\n") - l.text;
    }
  bool first = true;
  solve(from, to, mode, [&](const Move& m) {
    char* p = stage.room(128);
    const Ring ring = m.is_pair() ? 0 : m.ring();
    if (!first && ring < 64) {
      const Line& l = lines[ring][m.on()];
      std::memcpy(p, l.text, sizeof l.text);
      p += l.size;
    } else {
      p = put(p, m, first ? "\n" : ",\n");
    }
    stage.done(p);
    first = false;
    return true;
  });
  stage.append("\n]}\n");
}

}  // namespace

void write_solution(const State& from, const State& to, Mode mode, SolveFormat format,
                    Notation notation, const TextSink& sink) {
  Stage stage(sink);
  switch (format) {
    case SolveFormat::moves:
      write_moves<16>(from, to, mode, stage,
                      [](const Move& m) { return ": " + to_string(m) + "\n"; });  // <= 22
      break;
    case SolveFormat::toggles:
      write_toggles(from, to, mode, stage);
      break;
    case SolveFormat::states:
      write_states(from, to, mode, notation, stage);
      break;
    case SolveFormat::json:
      write_json(from, to, mode, notation, stage);
      break;
  }
  stage.drain();
}

namespace {

// The family's lists. The text of a move is the move number (moves), a piece number and a
// suffix that depends only on the move's two positions, so every piece of it is made once and
// each move copies fixed-size slots: no formatting a move.

// A short text in a fixed slot, copied whole (one fixed-size memcpy) and advanced by its size.
template <std::size_t Size>
struct Slot {
  static constexpr std::size_t kSize = Size;
  char text[kSize] = {};
  std::size_t size = 0;
  bool set(std::string_view s) {
    if (s.size() > kSize) return false;
    std::memcpy(text, s.data(), s.size());
    size = s.size();
    return true;
  }
  char* put(char* p) const {
    std::memcpy(p, text, kSize);
    return p + size;
  }
};

// The texts of one format for every (from, to) of a puzzle, split around the piece number: made
// from the one formatter of each (family::to_string, answers::move) with a marker for the
// number, so that they cannot drift from it.
struct PieceTexts {
  static constexpr std::uint64_t kWhole = 32;
  std::array<Slot<48>, 16> before, after;  // by from * 4 + to
  // Pieces below kWhole (all but a 2^-31 part of the moves): the whole text after the move
  // number, by piece * 16 + from * 4 + to.
  std::vector<Slot<64>> whole;
  std::vector<std::array<char, 8>> numbers;  // pieces below 10^6: digits, then '\n' (toggles)
  std::vector<std::uint8_t> digits;          // their lengths

  bool make(const family::Puzzle& p, SolveFormat format, std::uint64_t n) {
    constexpr std::uint64_t kMarker = 9'876'543'210'123;
    const std::string marker = std::to_string(kMarker);
    for (std::uint8_t a = 0; a < p.positions; ++a)
      for (std::uint8_t b = 0; b < p.positions; ++b) {
        const family::PieceMove m{kMarker, a, b};
        std::string t;
        if (format == SolveFormat::moves) t = ": " + family::to_string(p, m) + "\n";
        if (format == SolveFormat::json) t = ",\n" + move(p, m).dump();
        const std::size_t at = t.find(marker);
        if (at == std::string::npos && format != SolveFormat::toggles) return false;
        if (format != SolveFormat::toggles &&
            (!before[a * 4 + b].set(std::string_view(t).substr(0, at)) ||
             !after[a * 4 + b].set(std::string_view(t).substr(at + marker.size()))))
          return false;
        if (format == SolveFormat::toggles) continue;
        whole.resize(kWhole * 16);
        for (std::uint64_t piece = 1; piece < kWhole; ++piece) {
          const std::string text =
              std::string(t.substr(0, at)) + std::to_string(piece) + t.substr(at + marker.size());
          if (!whole[piece * 16 + a * 4 + b].set(text)) return false;
        }
      }
    const std::uint64_t count = std::min<std::uint64_t>(n, 999'999) + 1;
    numbers.resize(count);
    digits.resize(count);
    for (std::uint64_t i = 1; i < count; ++i) {
      const fmt::format_int d(i);
      std::memcpy(numbers[i].data(), d.data(), d.size());
      numbers[i][d.size()] = '\n';
      digits[i] = static_cast<std::uint8_t>(d.size());
    }
    return true;
  }
  /// The move's text after its number (moves, json; needs 128 bytes of room).
  char* line(char* p, const family::PieceMove& m) const {
    const std::size_t i = m.from * 4u + m.to;
    if (m.piece < kWhole) return whole[m.piece * 16 + i].put(p);
    return after[i].put(number(before[i].put(p), m.piece));
  }
  /// The piece's number (needs 24 bytes of room; the '\n' after it is written too).
  char* number(char* p, std::uint64_t piece) const {
    if (piece < numbers.size()) {
      std::memcpy(p, numbers[piece].data(), 8);
      return p + digits[piece];
    }
    const fmt::format_int d(piece);
    std::memcpy(p, d.data(), d.size());
    p[d.size()] = '\n';
    return p + d.size();
  }
};

// Hands every move from q's first state to its second to batch(std::span<const PieceMove>), in
// order, kBatch at a time: the loops that write a batch keep their pointer and counters in
// registers, where a call into the walk between two lines would spill them. The rings' walk is
// inlined for the puzzles of the rings' rule, the family's pull iterator serves the others (no
// std::function between the walk and the text).
constexpr std::size_t kBatch = 1024;

template <class Batch>
void walk_pieces(const Problem& q, const Batch& batch) {
  const auto& from = q.digits[0];
  const auto& to = q.digits[1];
  std::vector<family::PieceMove> moves(kBatch);
  std::size_t k = 0;
  if (q.puzzle.ring_rule()) {
    solve(family::to_state(from), family::to_state(to), Mode::single, [&](const Move& m) {
      const auto on = static_cast<std::uint8_t>(m.on());
      moves[k++] = family::PieceMove{m.ring(), static_cast<std::uint8_t>(on ^ 1), on};
      if (k == kBatch) {
        batch(std::span<const family::PieceMove>(moves.data(), k));
        k = 0;
      }
      return true;
    });
    if (k) batch(std::span<const family::PieceMove>(moves.data(), k));
    return;
  }
  family::PieceSolution solution(q.puzzle, from, to);
  do {
    for (k = 0; k < kBatch && solution.next(moves[k]);) ++k;
    if (k) batch(std::span<const family::PieceMove>(moves.data(), k));
  } while (k == kBatch);
}

// States of fewer than 16 * Lanes pieces: the line lives in registers and a move XORs its
// piece's character with from ^ to ('0' + a ^ (a ^ b) == '0' + b for digits below 4), every
// access 16 bytes wide (see write_short_states).
template <std::size_t Lanes>
void write_short_piece_states(const Problem& q, Stage& stage) {
  constexpr std::size_t kBytes = 16 * Lanes;
  const std::string text = family::format_pieces(q.digits[0]) + '\n';
  const std::size_t width = text.size();
  std::vector<std::array<Chars16, Lanes>> mask(width);  // by piece: 0xff at its character
  for (std::size_t piece = 1; piece < width; ++piece) {
    std::array<char, kBytes> bytes{};
    bytes[width - 1 - piece] = static_cast<char>(0xff);
    for (std::size_t i = 0; i < Lanes; ++i) mask[piece][i] = load16(bytes.data() + 16 * i);
  }
  std::array<Chars16, 4> delta{};  // by from ^ to: every byte that
  for (std::size_t d = 0; d < 4; ++d)
    for (std::size_t b = 0; b < 16; ++b) delta[d][b] = static_cast<std::int8_t>(d);
  std::array<char, kBytes> padded{};
  std::copy(text.begin(), text.end(), padded.begin());
  Chars16 line[Lanes];
  for (std::size_t i = 0; i < Lanes; ++i) line[i] = load16(padded.data() + 16 * i);
  stage.append(text);
  walk_pieces(q, [&](std::span<const family::PieceMove> moves) {
    char* p = stage.room(moves.size() * width + kBytes);
    for (const family::PieceMove& m : moves) {
      const Chars16 d = delta[(m.from ^ m.to) & 3];
      for (std::size_t i = 0; i < Lanes; ++i) {
        line[i] ^= mask[m.piece][i] & d;
        store16(p + 16 * i, line[i]);
      }
      p += width;
    }
    stage.done(p);
  });
}

void write_piece_states(const Problem& q, Stage& stage) {
  const std::uint64_t n = q.digits[0].size();
  if (n < 32) return write_short_piece_states<2>(q, stage);
  if (n < 64) return write_short_piece_states<4>(q, stage);
  // One line, patched in place: a move changes one character.
  std::string line = family::format_pieces(q.digits[0]) + '\n';
  stage.append(line);
  walk_pieces(q, [&](std::span<const family::PieceMove> moves) {
    for (const family::PieceMove& m : moves) {
      line[n - m.piece] = static_cast<char>('0' + m.to);
      stage.append(line);
    }
  });
}

// The reference: a line at a time through write_piece_move, for texts the slots cannot hold.
void write_piece_list(const Problem& q, SolveFormat format, const TextSink& sink) {
  const auto& from = q.digits[0];
  const auto& to = q.digits[1];
  std::string text;
  if (format == SolveFormat::json) {
    text = solution_head(q).dump();
    text.back() = ',';  // the moves follow, a move a line, as the rings' list
    text += "\"moves\":[\n";
  }
  family::Pieces s = from;
  write_piece_start(s, format, text);
  std::uint64_t step = 0;
  family::solve(q.puzzle, from, to, [&](const family::PieceMove& m) {
    ++step;
    if (format == SolveFormat::json) {
      if (step > 1) text += ",\n";
      text += move(q.puzzle, m).dump();
    } else {
      write_piece_move(q.puzzle, step, m, s, format, text);
    }
    if (text.size() >= (1u << 20)) {
      sink(text);
      text.clear();
    }
    return true;
  });
  if (format == SolveFormat::json) text += step ? "\n]}\n" : "]}\n";
  if (!text.empty()) sink(text);
}

// The family's list in `format`, false (and nothing written) when a text of the puzzle does not
// fit the slots (a reference writer then writes it).
bool write_pieces(const Problem& q, SolveFormat format, Stage& stage) {
  if (format == SolveFormat::states) {
    write_piece_states(q, stage);
    return true;
  }
  if (format == SolveFormat::toggles && q.puzzle.ring_rule()) {
    // The rings' single moves, whose toggles are the pieces' numbers: the rings' block writer.
    write_toggles(family::to_state(q.digits[0]), family::to_state(q.digits[1]), Mode::single,
                  stage);
    return true;
  }
  if (format == SolveFormat::moves && q.puzzle.ring_rule()) {
    // The rings' single moves in the puzzle's words: the rings' writer of whole blocks.
    const auto suffix_of = [&](const Move& m) {
      const auto on = static_cast<std::uint8_t>(m.on());
      return ": " + family::to_string(q.puzzle, {m.ring(), static_cast<std::uint8_t>(on ^ 1), on}) +
             "\n";
    };
    if (suffix_of(Move::single(64, false)).size() <= 64 &&
        suffix_of(Move::single(64, true)).size() <= 64) {
      write_moves<64>(family::to_state(q.digits[0]), family::to_state(q.digits[1]), Mode::single,
                      stage, suffix_of);
      return true;
    }
  }
  PieceTexts texts;
  if (!texts.make(q.puzzle, format, q.digits[0].size())) return false;
  if (format == SolveFormat::toggles) {
    walk_pieces(q, [&](std::span<const family::PieceMove> moves) {
      char* p = stage.room(moves.size() * 24);
      for (const family::PieceMove& m : moves) p = texts.number(p, m.piece) + 1;
      stage.done(p);
    });
  } else if (format == SolveFormat::moves) {
    MoveNumber number;
    walk_pieces(q, [&](std::span<const family::PieceMove> moves) {
      char* p = stage.room(moves.size() * 160);
      MoveNumber n = number;  // in registers for the batch
      for (const family::PieceMove& m : moves) {
        n.next();
        p = texts.line(n.put(p), m);
      }
      number = n;
      stage.done(p);
    });
  } else {
    std::string head = solution_head(q).dump();
    head.back() = ',';  // the moves follow, a move a line, as the rings' list
    stage.append(head + "\"moves\":[\n");
    bool first = true;
    walk_pieces(q, [&](std::span<const family::PieceMove> moves) {
      char* p = stage.room(moves.size() * 128);
      if (first) {  // no ",\n" before the first move: its text, moved back two bytes
        char* start = p;
        p = texts.line(p, moves[0]);
        std::memmove(start, start + 2, p - start - 2);
        p -= 2;
        moves = moves.subspan(1);
        first = false;
      }
      for (const family::PieceMove& m : moves) p = texts.line(p, m);
      stage.done(p);
    });
    stage.append(first ? "]}\n" : "\n]}\n");
  }
  return true;
}

}  // namespace

void write_solution(const Problem& q, SolveFormat format, const TextSink& sink) {
  if (q.in_bits()) return write_solution(q.bits[0], q.bits[1], q.mode, format, q.notation, sink);
  Stage stage(sink, 1 << 22);  // 4 MB: few writes, each at least 3 MB
  if (write_pieces(q, format, stage)) {
    stage.drain();
    return;
  }
  write_piece_list(q, format, sink);
}

void write_move_list(const State& from, std::span<const Move> moves, SolveFormat format,
                     Notation notation, const TextSink& sink) {
  // A game's moves are few (the page keeps 10,000): one line at a time is fast enough.
  std::string text;
  State s = from;
  if (format == SolveFormat::states) text += format_state(s, notation) + "\n";
  std::uint64_t k = 0;
  for (const Move& m : moves) {
    ++k;
    if (format == SolveFormat::toggles)
      text += m.is_pair() ? std::string("1+2\n") : fmt::format("{}\n", m.ring());
    else if (format == SolveFormat::states) {
      apply(s, m);
      text += format_state(s, notation) + "\n";
    } else
      text += fmt::format("{}: {}\n", k, to_string(m));
    // In pieces: 10,000 states of a large puzzle would be gigabytes held at once.
    if (text.size() >= (64u << 10)) {
      sink(text);
      text.clear();
    }
  }
  if (!text.empty()) sink(text);
}

void write_piece_start(const family::Pieces& start, SolveFormat format, std::string& out) {
  if (format != SolveFormat::states) return;
  out += family::format_pieces(start);
  out += '\n';
}

void write_piece_move(const family::Puzzle& puzzle, std::uint64_t step, const family::PieceMove& m,
                      family::Pieces& state, SolveFormat format, std::string& out) {
  state[m.piece - 1] = m.to;
  if (format == SolveFormat::states)
    out += family::format_pieces(state);
  else if (format == SolveFormat::toggles)
    fmt::format_to(std::back_inserter(out), "{}", m.piece);
  else
    fmt::format_to(std::back_inserter(out), "{}: {}", step, family::to_string(puzzle, m));
  out += '\n';
}

}  // namespace rings::answers
