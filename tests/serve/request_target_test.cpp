// The HTTP layer's reading of request targets (apps/serve/request_target.hpp): escapes, '+',
// repeated and empty parameters, fragments, and the targets refused for a second '?'.
#include "request_target.hpp"

#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <string>

namespace rings::serve {
namespace {

using Params = std::map<std::string, std::string>;

TEST(DecodeUrl, PercentEscapesBecomeTheirBytes) {
  EXPECT_EQ(decode_url("%41%62c", false), "Abc");
  EXPECT_EQ(decode_url("%2b%2B", true), "++");  // an escaped '+' is a plus, not a space
  EXPECT_EQ(decode_url("%ff%00", false), std::string("\xff\0", 2));
  EXPECT_EQ(decode_url("%%41", false), "%A");
}

TEST(DecodeUrl, PlusIsASpaceOnlyInAQuery) {
  EXPECT_EQ(decode_url("a+b", true), "a b");
  EXPECT_EQ(decode_url("a+b", false), "a+b");
}

TEST(DecodeUrl, PercentUGivesTheCodePointInUtf8) {
  EXPECT_EQ(decode_url("%u0041", false), "A");
  EXPECT_EQ(decode_url("%u00e9", false), "\xC3\xA9");                // two bytes
  EXPECT_EQ(decode_url("%u20AC", false), "\xE2\x82\xAC");            // three bytes
  EXPECT_EQ(decode_url("x%uD800y%uDFFFz", false), "xyz");            // lone surrogates left out
  EXPECT_EQ(decode_url("%uD83D%uDE00", false), "\xF0\x9F\x98\x80");  // a pair: one character
  EXPECT_EQ(decode_url("%ud83d%ude00!", false), "\xF0\x9F\x98\x80!");
}

TEST(LoneSurrogate, FoundWhereverItIs) {
  EXPECT_EQ(lone_surrogate("/api/hint?state=%uD83D"), "%uD83D");
  EXPECT_EQ(lone_surrogate("/x?a=%uDE00b"), "%uDE00");
  EXPECT_EQ(lone_surrogate("/x?a=%uD83D%u0041"), "%uD83D");  // followed by no low half
  EXPECT_EQ(lone_surrogate("/x?a=%uDE00%uD83D"), "%uDE00");  // the halves in the wrong order
  EXPECT_EQ(lone_surrogate("/x?a=%uD83D%uDE00&b=%udbff"), "%udbff");
  EXPECT_FALSE(lone_surrogate("/x?a=%uD83D%uDE00&b=%u00e9%41%u12"));
  EXPECT_FALSE(lone_surrogate("/x?a=%uD8"));  // cut short: kept as it is
}

TEST(DecodeUrl, MalformedEscapesStayAsTheyAre) {
  for (const char* s : {"%", "100%", "%2", "%zz", "%2z", "%u", "%u12", "%u12zz", "%U0041"})
    EXPECT_EQ(decode_url(s, true), s) << s;
}

TEST(RequestOf, PathAndParametersDecoded) {
  const auto r = request_of("POST", "/api/verify?from=1%2B1&to=a+b&%6B=3");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->method, "POST");
  EXPECT_EQ(r->path, "/api/verify");
  EXPECT_EQ(r->params, (Params{{"from", "1+1"}, {"to", "a b"}, {"k", "3"}}));
  EXPECT_EQ(r->body, "");
}

TEST(RequestOf, PathKeepsItsPlus) {
  const auto r = request_of("GET", "/a%20b+c");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->path, "/a b+c");
  EXPECT_TRUE(r->params.empty());
}

TEST(RequestOf, ALaterRepeatOfAParameterWins) {
  const auto r = request_of("GET", "/api/hint?k=1&state=111&k=2");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->params, (Params{{"k", "2"}, {"state", "111"}}));
}

TEST(RequestOf, EmptyPairsSkippedAndABareKeyIsEmpty) {
  const auto r = request_of("GET", "/x?&&double&a=1&");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->params, (Params{{"double", ""}, {"a", "1"}}));
  const auto bare = request_of("GET", "/x?");
  ASSERT_TRUE(bare);
  EXPECT_EQ(bare->path, "/x");
  EXPECT_TRUE(bare->params.empty());
}

TEST(RequestOf, TheFragmentIsLeftOut) {
  const auto r = request_of("GET", "/x?a=1#part?b=2");  // a '?' in the fragment does not count
  ASSERT_TRUE(r);
  EXPECT_EQ(r->path, "/x");
  EXPECT_EQ(r->params, (Params{{"a", "1"}}));
}

TEST(RequestOf, MoreThanOneQuestionMarkIsRefused) {
  EXPECT_FALSE(request_of("GET", "/x?a=1?b=2"));
  EXPECT_FALSE(request_of("GET", "/x?a=1&b=2?c=3"));
  const auto escaped = request_of("GET", "/x?a=%3F");  // an escaped '?' is a value
  ASSERT_TRUE(escaped);
  EXPECT_EQ(escaped->params, (Params{{"a", "?"}}));
}

// What the handlers get is what they answer: a decoded target through handle().
TEST(RequestOf, HandlersAnswerTheDecodedRequest) {
  const auto r = request_of("GET", "/api/distance?from=1%311&to=111&to=0%300");
  ASSERT_TRUE(r);
  const auto answer = handle(*r);
  EXPECT_EQ(answer.status, 200) << answer.body;
  EXPECT_EQ(nlohmann::json::parse(answer.body)["distance"], "5");
}

TEST(AcceptsGzip, GzipOrAnyCodingWithAWeightAboveZero) {
  for (const auto* v : {"gzip", "GZip", "x-gzip", "*", "gzip, deflate, br", "br;q=1.0, gzip;q=0.5",
                        " gzip ; q=1", "deflate,gzip", "gzip;level=1"})
    EXPECT_TRUE(accepts_gzip(v)) << v;
}

TEST(AcceptsGzip, NotWhenAbsentOrWeightedZero) {
  for (const auto* v : {"", "identity", "br, deflate", "gzip;q=0", "gzip; q=0.000", "*;q=0",
                        "gzipx", "x-gzip;Q=0.0", ",,", "gz"})
    EXPECT_FALSE(accepts_gzip(v)) << v;
}

}  // namespace
}  // namespace rings::serve
