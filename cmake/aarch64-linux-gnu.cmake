# Cross-compiling for 64-bit ARM Linux with Debian's g++-aarch64-linux-gnu, and running what is
# built under qemu-user (the `arm64` preset; scripts/test-arm64 installs both and the libraries).
# The arm64 libraries are Debian's own packages installed side by side with the host's
# (multiarch: libgmp-dev:arm64 ... in /usr/lib/aarch64-linux-gnu); header-only ones (CLI11,
# nlohmann-json) come from the host.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
# find_library and find_package look in /usr/lib/aarch64-linux-gnu, never the host's.
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)
set(ENV{PKG_CONFIG_LIBDIR} /usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig)
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64 -L /usr/aarch64-linux-gnu)
