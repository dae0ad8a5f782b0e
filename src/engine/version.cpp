#include "rings/version.hpp"

namespace rings {

std::string_view library_version() { return RINGS_VERSION_STRING; }

}  // namespace rings
