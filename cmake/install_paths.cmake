# SPDX-License-Identifier: Apache-2.0
# Run at install time (cmake/install.cmake): installs deploy/adjutant.json and
# deploy/adjutant.service with the package's paths replaced by the install prefix's.
# Under the prefix /usr (the package) they stay as they are, the config going to /etc.
set(prefix "${CMAKE_INSTALL_PREFIX}")
if(prefix STREQUAL "/usr")
  set(etc "/etc")
else()
  set(etc "${prefix}/etc")
endif()

file(READ "${ADJUTANT_SOURCE_DIR}/deploy/adjutant.json" config)
string(REPLACE "/usr/share/adjutant/" "${prefix}/${ADJUTANT_DATADIR}/adjutant/" config "${config}")
file(READ "${ADJUTANT_SOURCE_DIR}/deploy/adjutant.service" unit)
string(REPLACE "/usr/bin/adjutant" "${prefix}/${ADJUTANT_BINDIR}/adjutant" unit "${unit}")
string(REPLACE "/etc/adjutant/" "${etc}/adjutant/" unit "${unit}")
string(REPLACE "/usr/share/doc/adjutant/" "${prefix}/share/doc/adjutant/" unit "${unit}")

# One staging directory per destination: two installs at once (the tests) never share one.
string(MD5 key "$ENV{DESTDIR}${prefix}")
set(staging "${ADJUTANT_BINARY_DIR}/adjutant-install/${key}")
file(WRITE "${staging}/adjutant.json" "${config}")
file(WRITE "${staging}/adjutant.service" "${unit}")
# file(INSTALL) puts DESTDIR (the package's staging root) in front of these absolute paths,
# prints "-- Installing:" lines and records the files in install_manifest.txt.
file(INSTALL DESTINATION "${etc}/adjutant" TYPE FILE FILES "${staging}/adjutant.json")
file(INSTALL DESTINATION "${prefix}/lib/systemd/system" TYPE FILE
  FILES "${staging}/adjutant.service")
