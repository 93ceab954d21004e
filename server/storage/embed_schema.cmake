# SPDX-License-Identifier: Apache-2.0
# Writes a C++ file defining the function `function` (storage::embedded_migrations() for
# SQLite's schema/NNN_name.sql, storage::embedded_postgres_migrations() for
# schema/postgresql/NNN_name.sql): each backend numbers its own migrations.
# Run at configure time; every schema file is a configure dependency, so editing or adding one
# regenerates the file.
function(adjutant_embed_schema schema_dir output function)
  file(GLOB sql_files CONFIGURE_DEPENDS ${schema_dir}/*.sql)
  list(SORT sql_files)
  set(entries "")
  foreach(file ${sql_files})
    get_filename_component(name ${file} NAME_WE)
    string(REGEX MATCH "^[0-9]+" number ${name})
    if(NOT number)
      message(FATAL_ERROR "schema file ${file} must be named NNN_name.sql")
    endif()
    math(EXPR version "${number}")
    file(READ ${file} sql)
    string(APPEND entries "    Migration{${version}, \"${name}\", R\"adjutant_sql(${sql})adjutant_sql\"},\n")
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${file})
  endforeach()
  set(content "// Generated from ${schema_dir}/*.sql by the build; do not edit.\n#include <array>\n\n#include \"storage/migrations.h\"\n\nnamespace adjutant::storage {\n\nstd::span<const Migration> ${function}() {\n    static const std::array kMigrations{\n${entries}    };\n    return kMigrations;\n}\n\n}  // namespace adjutant::storage\n")
  file(CONFIGURE OUTPUT ${output} CONTENT "${content}" @ONLY)
endfunction()
