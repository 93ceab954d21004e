# SPDX-License-Identifier: Apache-2.0
# `cmake --install` and the Debian package (CPack): where everything goes (GNUInstallDirs).
#   bin/adjutant                      the server and command line
#   share/adjutant/variants/          the variant files (the shipped config's variants_dir)
#   share/adjutant/schema/            the SQL migrations (also compiled into the binary)
#   /etc/adjutant/adjutant.json       the configuration, absolute paths (PREFIX/etc under other
#                                     prefixes than /usr)
#   lib/systemd/system/adjutant.service, lib/sysusers.d/adjutant.conf   the unit and its user
#   share/doc/adjutant/               README, CHANGELOG, LICENSE and docs/
# The shipped config and unit name the package's paths (/usr/bin, /usr/share/adjutant,
# /etc/adjutant); installing under another prefix rewrites them to that prefix at install time,
# so `cmake --install build --prefix DIR` gives a tree that serves from DIR as it is.
include(GNUInstallDirs)

install(TARGETS adjutant RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/config/variants/
  DESTINATION ${CMAKE_INSTALL_DATADIR}/adjutant/variants FILES_MATCHING PATTERN "*.json")
install(DIRECTORY ${PROJECT_SOURCE_DIR}/schema/
  DESTINATION ${CMAKE_INSTALL_DATADIR}/adjutant/schema FILES_MATCHING PATTERN "*.sql")
install(FILES ${PROJECT_SOURCE_DIR}/README.md ${PROJECT_SOURCE_DIR}/CHANGELOG.md
  ${PROJECT_SOURCE_DIR}/LICENSE DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs)
install(FILES ${PROJECT_SOURCE_DIR}/deploy/adjutant.sysusers
  DESTINATION lib/sysusers.d RENAME adjutant.conf)

# The config and the unit, with their paths made to fit the prefix given at install time.
install(CODE "
  set(ADJUTANT_SOURCE_DIR \"${PROJECT_SOURCE_DIR}\")
  set(ADJUTANT_BINARY_DIR \"${PROJECT_BINARY_DIR}\")
  set(ADJUTANT_BINDIR \"${CMAKE_INSTALL_BINDIR}\")
  set(ADJUTANT_DATADIR \"${CMAKE_INSTALL_DATADIR}\")
  include(\"${PROJECT_SOURCE_DIR}/cmake/install_paths.cmake\")
")

# The Debian package: `cpack -G DEB` in the build directory (configure with
# -DCMAKE_INSTALL_PREFIX=/usr). Its dependencies are the Debian 12 runtime packages of the
# libraries the binary links (the Dockerfile's runtime stage installs the same).
set(CPACK_PACKAGE_NAME adjutant)
set(CPACK_PACKAGE_VENDOR "Adjutant")
set(CPACK_PACKAGE_CONTACT "Adjutant maintainers <adjutant@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "play-by-email Diplomacy and wargame adjudication server")
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_LICENSE Apache-2.0)
set(CPACK_DEBIAN_PACKAGE_DEPENDS
  "libsqlite3-0 (>= 3.40), libspdlog1.10, libfmt9, libsodium23, libgmime-3.0-0, libglib2.0-0, libcurl4, libpq5, tzdata, libstdc++6 (>= 12), libc6 (>= 2.36)")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "systemd, sqlite3")
set(CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA
  ${PROJECT_SOURCE_DIR}/deploy/debian/postinst ${PROJECT_SOURCE_DIR}/deploy/debian/conffiles)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION TRUE)
include(CPack)
