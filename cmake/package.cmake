# The Debian package (cpack): everything `cmake --install` puts in place, as one .deb named
# rings_<version>_<arch>.deb. Configure with the prefix /usr (the `package` preset):
#   cmake --preset package && cmake --build --preset package && cpack --preset package
# tests/install/deb_test.sh builds it that way, installs it with dpkg, uses it and removes it.

# Debian's machine-readable copyright file, from the LICENSE.
file(READ ${PROJECT_SOURCE_DIR}/LICENSE license_text)
string(REGEX REPLACE "^MIT License\n\nCopyright \\(c\\) ([^\n]*)\n\n" "" license_body "${license_text}")
string(REGEX MATCH "Copyright \\(c\\) ([^\n]*)" _ "${license_text}")
set(RINGS_COPYRIGHT "${CMAKE_MATCH_1}")
string(REGEX REPLACE "\n\n" "\n.\n" license_body "${license_body}")
string(REGEX REPLACE "\n([^\n])" "\n \\1" license_body "${license_body}")
file(WRITE ${PROJECT_BINARY_DIR}/copyright
"Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: rings
Source: ${PROJECT_HOMEPAGE_URL}

Files: *
Copyright: ${RINGS_COPYRIGHT}
License: MIT

License: MIT
 ${license_body}")
install(FILES ${PROJECT_BINARY_DIR}/copyright DESTINATION ${CMAKE_INSTALL_DOCDIR})

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME rings)
set(CPACK_PACKAGE_VENDOR "the rings authors")
set(CPACK_PACKAGE_CONTACT "the rings authors <rings@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Chinese Rings puzzle toolkit: exact answers for any number of rings")
set(CPACK_PACKAGE_HOMEPAGE_URL ${PROJECT_HOMEPAGE_URL})
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_PACKAGING_INSTALL_PREFIX ${CMAKE_INSTALL_PREFIX})
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
"The rings command counts, solves, checks and plots the Chinese Rings puzzle
(Baguenaudier) exactly for up to 10^8 rings, plays it in the terminal and
serves it as a web app. Also the C++ library (rings::engine, rings::render)
with its CMake and pkg-config files, and the Python module `rings`.")
# The shared libraries the programs and the Python module need (dpkg-shlibdeps), plus the
# Python the module is built for.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
if(TARGET rings_python)
  math(EXPR next_minor "${RINGS_PYTHON_VERSION_MINOR} + 1")
  set(CPACK_DEBIAN_PACKAGE_DEPENDS "python3 (>= ${RINGS_PYTHON_VERSION_MAJOR}.${RINGS_PYTHON_VERSION_MINOR}), python3 (<< ${RINGS_PYTHON_VERSION_MAJOR}.${next_minor})")
endif()
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "man-db")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "bash-completion, zsh, fish, libgmp-dev")
include(CPack)
