# Install: the engine and the SVG renderer as a CMake package (find_package(rings COMPONENTS
# engine render) -> rings::engine, rings::render) and a pkg-config file (rings), the headers
# (with the generated rings/version.hpp) and the license; unless RINGS_LIBRARY_ONLY, also the
# CLI, its HTTP plugin, man page, shell completions and the Python module (python/). Both the
# CMake package and the .pc file are relocatable (cmake --install --prefix).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

# Consumers compile the headers as C++20; the static libraries may go into shared objects (the
# Python module, a consumer's plugin), hence position-independent code.
target_compile_features(rings_engine PUBLIC cxx_std_20)
set_target_properties(rings_engine PROPERTIES EXPORT_NAME engine POSITION_INDEPENDENT_CODE ON)
set_target_properties(rings_render PROPERTIES EXPORT_NAME render POSITION_INDEPENDENT_CODE ON)
install(TARGETS rings_engine rings_render EXPORT ringsTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} NAMELINK_COMPONENT Development
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY include/rings ${PROJECT_BINARY_DIR}/include/rings
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
set(RINGS_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/rings)
install(EXPORT ringsTargets NAMESPACE rings:: DESTINATION ${RINGS_CMAKE_DIR})
configure_package_config_file(cmake/ringsConfig.cmake.in ${PROJECT_BINARY_DIR}/ringsConfig.cmake
  INSTALL_DESTINATION ${RINGS_CMAKE_DIR})
# 0.x: a minor version may break the API.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/ringsConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/ringsConfig.cmake ${PROJECT_BINARY_DIR}/ringsConfigVersion.cmake
  DESTINATION ${RINGS_CMAKE_DIR})
file(RELATIVE_PATH RINGS_PC_TO_PREFIX /prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig /prefix)
configure_file(cmake/rings.pc.in ${PROJECT_BINARY_DIR}/rings.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/rings.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
install(FILES LICENSE DESTINATION ${CMAKE_INSTALL_DOCDIR})

if(RINGS_LIBRARY_ONLY)
  return()
endif()

install(TARGETS rings RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
if(RINGS_HTTP)
  install(TARGETS rings_http LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}/rings)
endif()

# The man page is written from the program's own --help texts, so it cannot drift.
find_package(Python3 REQUIRED COMPONENTS Interpreter)
add_custom_command(OUTPUT ${PROJECT_BINARY_DIR}/rings.1
  COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/docs/man/make_man.py ${RINGS_PROGRAM}
          ${PROJECT_VERSION} ${PROJECT_BINARY_DIR}/rings.1
  DEPENDS rings ${PROJECT_SOURCE_DIR}/docs/man/make_man.py
  COMMENT "Writing the man page rings.1 from rings --help")
add_custom_target(rings_man ALL DEPENDS ${PROJECT_BINARY_DIR}/rings.1)
install(FILES ${PROJECT_BINARY_DIR}/rings.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)

# Shell completions where each shell looks for them under the prefix. Debian's zsh searches
# /usr/share/zsh/vendor-completions but not /usr/share/zsh/site-functions (that is for
# /usr/local).
if(CMAKE_INSTALL_PREFIX STREQUAL "/usr")
  set(zsh_dir ${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions)
else()
  set(zsh_dir ${CMAKE_INSTALL_DATADIR}/zsh/site-functions)
endif()
set(RINGS_ZSH_COMPLETION_DIR ${zsh_dir} CACHE STRING "Where the zsh completion is installed")
install(FILES completion/rings.bash DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
  RENAME rings)
install(FILES completion/rings.zsh DESTINATION ${RINGS_ZSH_COMPLETION_DIR} RENAME _rings)
install(FILES completion/rings.fish DESTINATION ${CMAKE_INSTALL_DATADIR}/fish/vendor_completions.d)
