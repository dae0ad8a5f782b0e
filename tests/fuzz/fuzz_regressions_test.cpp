// Inputs that crashed a fuzz target (fuzz/), kept as ordinary cases. Some bugs only show under
// the sanitizers (the `sanitize` preset runs these with ASan and UBSan), so each case also checks
// the answer itself.
#include <gtest/gtest.h>

#include "handlers.hpp"
#include "static_files.hpp"

namespace rings {
namespace {

// fuzz_serve, input "GET /": "/" stood for "/index.html" through a string_view of a temporary
// std::string, read after it was destroyed (ASan: stack-use-after-scope in static_file).
TEST(FuzzRegressions, ServeRootIsTheIndexPage) {
  const serve::Response r = serve::handle({"GET", "/", {}, ""});
  ASSERT_EQ(r.status, 200) << r.body;
  bool found = false;
  for (const auto& f : serve::static_files())
    if (f.path == "/index.html") {
      found = true;
      EXPECT_EQ(r.content_type, f.content_type);
      EXPECT_EQ(r.body, f.body);
    }
  EXPECT_TRUE(found);
}

}  // namespace
}  // namespace rings
